// Counting on threads in the browser: the page's counts go to a Web Worker (the counting
// module, web/count_worker.cpp, built with pthreads) when the page is cross-origin isolated,
// and stay on the page's thread when it is not (Firefox or WebKit without the service worker's
// headers, a host that sends none, service workers off) or a script asks it
// (Module.setCountThreads).
#pragma once

#include <optional>

#include "explorer_state.hpp"

namespace kt::web {

// Where the page's counts run, for the JS API (Module.countThreads()).
struct CountThreads {
  bool isolated = false;  // crossOriginIsolated, with SharedArrayBuffer and Worker
  int threads = 0;        // threads a count takes in the worker; 0: on the page's thread
  bool simd = false;      // the worker's build with WebAssembly SIMD (the browser has it)
};
CountThreads count_threads();
// For comparing: at most `threads` in the worker (0: the page's own thread; -1: the machine's),
// and the SIMD build where the browser has it (false: the plain build; none: unchanged).
void set_count_limits(int threads, std::optional<bool> simd);

// Sends `state`'s counts to the worker where count_threads() says so (decided at each count).
void use_count_worker(ui::ExplorerState& state);

}  // namespace kt::web
