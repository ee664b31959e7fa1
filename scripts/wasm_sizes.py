#!/usr/bin/env python3
"""Where the page's bytes go: code size per function and per group, data segments.

    scripts/wasm_sizes.py build/wasm/split/index.whole.wasm [--top N] [--group PREFIX]

The .wasm needs a name section: the split page's build keeps the whole module with names in
build/wasm/split/index.whole.wasm (web/CMakeLists.txt, KT_WEB_SPLIT); otherwise link once with
--profiling-funcs (or -g2). Without names every function is "unnamed" and only the totals per
section are printed. Sizes are raw bytes of each
function body in the code section (gzip shrinks them by 2-3x, about evenly), data is the
active data segments. Groups: the project's namespaces (kt::core, kt::ui, kt::web), Dear ImGui
(ImGui::, Im*, stb_*), Embind (emscripten::), libc++ (std::), nlohmann, libc and the rest.
"""
import argparse
import collections
import re
import subprocess
import sys


def leb(buf, pos):
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, pos


def sections(buf):
    if buf[:4] != b"\0asm":
        sys.exit("not a wasm module")
    pos = 8
    while pos < len(buf):
        sid = buf[pos]
        size, body = leb(buf, pos + 1)
        yield sid, buf[body:body + size], body - pos + size
        pos = body + size


def read_name(buf, pos):
    n, pos = leb(buf, pos)
    return buf[pos:pos + n].decode("utf-8", "replace"), pos + n


def parse(buf):
    imported_funcs = 0
    bodies, names, data, totals = [], {}, [], collections.Counter()
    section_names = {0: "custom", 1: "type", 2: "import", 3: "function", 5: "memory",
                     6: "global", 7: "export", 9: "element", 10: "code", 11: "data"}
    for sid, body, full in sections(buf):
        label = section_names.get(sid, str(sid))
        if sid == 0:
            cname, _ = read_name(body, 0)
            label = "custom:" + cname
        totals[label] += full
        if sid == 2:  # imports: count imported functions, they come first in the index space
            count, pos = leb(body, 0)
            for _ in range(count):
                _, pos = read_name(body, pos)
                _, pos = read_name(body, pos)
                kind = body[pos]
                pos += 1
                if kind == 0:
                    _, pos = leb(body, pos)
                    imported_funcs += 1
                elif kind == 1:  # table: reftype, limits
                    pos += 1
                    flags, pos = leb(body, pos)
                    _, pos = leb(body, pos)
                    if flags & 1:
                        _, pos = leb(body, pos)
                elif kind == 2:  # memory: limits
                    flags, pos = leb(body, pos)
                    _, pos = leb(body, pos)
                    if flags & 1:
                        _, pos = leb(body, pos)
                elif kind == 3:  # global: type, mutability
                    pos += 2
        elif sid == 10:
            count, pos = leb(body, 0)
            for _ in range(count):
                size, start = leb(body, pos)
                bodies.append(size + (start - pos))
                pos = start + size
        elif sid == 11:
            count, pos = leb(body, 0)
            for _ in range(count):
                flags, pos = leb(body, pos)
                if flags == 2:
                    _, pos = leb(body, pos)
                if flags in (0, 2):  # active: i32.const N or global.get G, then end (0x0b)
                    _, pos = leb(body, pos + 1)
                    pos += 1
                size, pos = leb(body, pos)
                data.append(size)
                pos += size
        elif sid == 0 and label == "custom:name":
            _, pos = read_name(body, 0)
            while pos < len(body):
                sub = body[pos]
                size, start = leb(body, pos + 1)
                if sub == 1:
                    count, p = leb(body, start)
                    for _ in range(count):
                        idx, p = leb(body, p)
                        name, p = read_name(body, p)
                        names[idx] = name
                pos = start + size
    return imported_funcs, bodies, names, data, totals


def demangle(names):
    mangled = [n for n in names if n.startswith("_Z")]
    if not mangled:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(mangled), capture_output=True,
                         text=True).stdout.splitlines()
    return dict(zip(mangled, out))


GROUPS = [  # first match wins; matched against the demangled name
    ("kt::ui", re.compile(r"^(\S+ )?kt::ui::|ExplorerView|BoardView")),
    ("kt::web", re.compile(r"^(\S+ )?kt::web::|EMSCRIPTEN_BINDINGS|embind_init")),
    ("emscripten (Embind)", re.compile(r"emscripten::|_embind_|__embind")),
    ("nlohmann", re.compile(r"nlohmann::")),
    ("kt (core), anonymous namespaces", re.compile(r"^(\S+ )?(kt::|\(anonymous namespace\)::|construct_detail|count_detail|frontier_detail|knight_detail)")),
    ("ImGui", re.compile(r"ImGui|^(\S+ )?Im[A-Z]|^stb|^stbtt|^stbrp|^ImStb|^Stb|glfw|ImGui_Impl")),
    ("libc++ (std::)", re.compile(r"std::|__cxx|__cxa|__gxx|__dynamic_cast|typeinfo|vtable|operator (new|delete)")),
]


def group(name):
    for label, pattern in GROUPS:
        if pattern.search(name):
            return label
    if re.match(r"^(\$?[a-z_][a-z0-9_]*|__\w+|_\w+)$", name):
        return "libc and runtime (C names)"
    return "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("wasm")
    ap.add_argument("--top", type=int, default=40, help="largest functions to list")
    ap.add_argument("--group", help="list the largest functions of this group only")
    args = ap.parse_args()
    buf = open(args.wasm, "rb").read()
    imported, bodies, names, data, totals = parse(buf)
    raw = [names.get(imported + i, f"unnamed_{imported + i}") for i in range(len(bodies))]
    pretty = demangle(raw)
    funcs = [(pretty.get(n, n), size) for n, size in zip(raw, bodies)]

    print(f"{args.wasm}: {len(buf):,} bytes")
    print("\nSections:")
    for label, size in totals.most_common():
        print(f"  {size:>9,}  {label}")
    by_group = collections.Counter()
    count = collections.Counter()
    for name, size in funcs:
        by_group[group(name)] += size
        count[group(name)] += 1
    print(f"\nCode by group ({len(funcs):,} functions):")
    for label, size in by_group.most_common():
        print(f"  {size:>9,}  {count[label]:>5}  {label}")
    print(f"\nData: {sum(data):,} bytes in {len(data)} segments"
          + (f", largest {max(data):,}" if data else ""))
    chosen = [f for f in funcs if not args.group or group(f[0]) == args.group]
    print(f"\nLargest functions{' in ' + args.group if args.group else ''}:")
    for name, size in sorted(chosen, key=lambda f: -f[1])[:args.top]:
        print(f"  {size:>7,}  {group(name)[:12]:<12}  {name[:110]}")


if __name__ == "__main__":
    main()
