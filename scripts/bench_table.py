"""Runs the benchmark programs natively and under node and prints one table (scripts/bench.sh)."""
import re
import subprocess
import time

NATIVE, WASM = "build/native", "build/wasm"


def run(cmd):
    print("$", " ".join(cmd), flush=True)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    print(out, flush=True)
    return out


def bench(kind, name, *args):
    if kind == "native":
        return run([f"{NATIVE}/bench/{name}", *args])
    return run(["node", f"{WASM}/bench/{name}.js", *args])


def number(pattern, text):
    return float(re.search(pattern, text).group(1))


rows = []
results = {}
for kind in ("native", "wasm"):
    r = {}
    out = bench(kind, "textbook_bench", "7", "4", "4", "8", "3", "3")
    for size in ("7x7 \\(4,4\\)", "8x8 \\(3,3\\)"):
        line = re.search(size + r".*", out).group(0).split()
        r["textbook " + size.replace("\\", "")] = (float(line[4]), float(line[-1].rstrip("x")))
    threads = "2" if kind == "native" else "1"
    out = bench(kind, "count_bench", threads, "1")
    r["count 6x6 open"] = (number(r"6x6 open, every start\s+\d+ ok\s+([\d.]+) s", out), None)
    r["count 6x6 closed"] = (number(r"6x6 closed\s+\d+ ok\s+([\d.]+) s", out), None)
    r["count baseline"] = (number(r"library 1728 in ([\d.]+) s", out),
                           number(r": (\d+)x", out))
    # Counting by rows against the search (the baseline) on the boards both take, and strips.
    out = bench(kind, "frontier_bench")
    for board in ("6x6 closed", "6x7 closed", "5x6 open", "5x8 closed"):
        search_s = number(r"search " + board + r"\s+ok\s+([\d.]+) s", out)
        rows_s = number(r"rows   " + board + r"\s+ok\s+([\d.]+) s", out)
        r["count by rows " + board] = (rows_s, round(search_s / rows_s, 2))
    for board in ("3x400 closed", "4x400 open", "5x100 closed", "5x200 closed", "5x400 closed"):
        r["count by rows " + board] = (number(r"rows   " + board + r"\s+ok\s+([\d.]+) s", out),
                                       None)
    # Two threads against one on the same board (wasm: one thread both times).
    one = number(r"rows   6x7 closed\s+ok\s+([\d.]+) s", out)
    two = number(r"rows   6x7 closed, 2 threads\s+ok\s+([\d.]+) s", out)
    r["count by rows 6x7 closed, 2 threads"] = (two, round(one / two, 2))
    out = bench(kind, "construct_bench", "10000", "10000")
    r["construct 10^8"] = (number(r"construct \+ verify\s+([\d.]+) s", out),
                           number(r"ratio \(construct \+ verify\) / baseline\s+([\d.]+)", out))
    out = bench(kind, "strip_bench", "1000000")
    for name in ("3 x 333333 open from 1,1", "3 x 333333 open from the middle",
                 "3 x 333333 closed", "4 x 250000 open from 1,1", "4 x 250000 with 4 blocked"):
        line = re.search(re.escape(name) + r"\s+\w+\s+([\d.]+) s\s+\(\s*([\d.]+)x", out)
        r["strip " + name] = (float(line.group(1)), float(line.group(2)))
    # Blocked squares on a big board: the constructed tour repaired around them, against the
    # construction of the same board without them.
    out = bench(kind, "repair_bench", "1000")
    for name in ("open, 1 blocked", "open, 7 blocked", "closed, 2 blocked", "closed, 6 blocked"):
        line = re.search(r"repair 1000x1000 " + re.escape(name) + r"\s+(\w+)\s+([\d.]+) s\s+\(\s*([\d.]+)x",
                         out)
        r["repair 1000x1000 " + name] = (float(line.group(2)), float(line.group(3)))
    # The billion squares: natively 31622 x 31622; in WebAssembly 10^8 squares (one
    # thread; whether 10^9 and the baseline's gigabyte fit in a wasm32 memory is not tried).
    side = "31622" if kind == "native" else "10000"
    out = bench(kind, "billion_bench", side)
    r["closed tour 10^9 (wasm: 10^8), construct + verify"] = (
        number(r"construct \+ verify\s+([\d.]+) s", out),
        number(r"ratio \(construct \+ verify\) / baseline\s+([\d.]+)", out))
    results[kind] = r
    if kind == "native":
        billion = out

# The whole process natively, as the issue times it.
t0 = time.perf_counter()
proc = subprocess.run(["/usr/bin/time", "-f", "%M", f"{NATIVE}/cli/knights", "solve", "--rows",
                       "10000", "--cols", "10000", "--closed", "--format", "summary"],
                      capture_output=True, text=True, check=True)
process_s = time.perf_counter() - t0
peak_kb = int(proc.stderr.strip().splitlines()[-1])
baseline = number(r"baseline: write an int32 per square\s+([\d.]+) s",
                  bench("native", "construct_bench", "10000", "10000"))

# The billion-square closed tour as a whole process, as the README times it.
t0 = time.perf_counter()
proc = subprocess.run(["/usr/bin/time", "-f", "%M", f"{NATIVE}/cli/knights", "solve", "--rows",
                       "31622", "--cols", "31622", "--closed", "--format", "summary"],
                      capture_output=True, text=True, check=True)
billion_s = time.perf_counter() - t0
billion_kb = int(proc.stderr.strip().splitlines()[-1])
byte_loop = number(r"baseline: malloc \+ write a byte/square\s+([\d.]+) s", billion)

print("\n| benchmark | native | wasm (node) | wasm / native |")
print("|---|---|---|---|")
for key in results["native"]:
    n, w = results["native"][key], results["wasm"][key]
    extra = lambda v: f" ({v[1]:g}x baseline)" if v[1] is not None else ""
    print(f"| {key} | {n[0]:.3f} s{extra(n)} | {w[0]:.3f} s{extra(w)} | {w[0] / n[0]:.2f} |")
print(f"| knights solve --rows 10000 --cols 10000 --closed (whole process) | {process_s:.2f} s, "
      f"{process_s / baseline:.1f}x the int32 write ({baseline:.3f} s), "
      f"{peak_kb * 1024 / 1e8:.2f} bytes/square | | |")
print(f"| knights solve --rows 31622 --cols 31622 --closed (whole process) | {billion_s:.2f} s, "
      f"{billion_s / byte_loop:.2f}x the byte-per-square loop ({byte_loop:.3f} s), "
      f"{billion_kb * 1024 / 31622**2:.3f} bytes/square | | |")
print("\ntextbook: seconds of the library on the tree, (speedup over the plain recursive C "
      "transcription in the same process); count baseline: plain counter vs library on 5x5; "
      "count by rows: (speedup over the search counter), for 2 threads (over one thread); "
      "construct: (construction + verification) / writing one int32 per square; strip: the "
      "strip programme's build / writing one int32 per square; repair: the repair of a constructed "
      "tour around the blocked squares / the construction of the board without them; closed tour 31622^2 (10^9 "
      "squares; 10^8 in wasm): bulk construction + verify_successors / a plain loop allocating "
      "and writing one byte per square.")
