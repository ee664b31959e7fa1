// --pre-js for Emscripten 3.1.6 output run under node >= 18: its loader calls the global
// fetch() with a file path to load the .wasm, which fails. Hiding fetch under node makes it
// read the file instead; browsers keep the real fetch.
var fetch = (typeof process == 'object' && process.versions && process.versions.node)
    ? undefined : globalThis.fetch;
