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
    for board in ("6x6 closed", "6x7 closed", "5x6 open"):
        search_s = number(r"search " + board + r"\s+ok\s+([\d.]+) s", out)
        rows_s = number(r"rows   " + board + r"\s+ok\s+([\d.]+) s", out)
        r["count by rows " + board] = (rows_s, round(search_s / rows_s, 2))
    for board in ("3x400 closed", "4x400 open", "5x400 closed"):
        r["count by rows " + board] = (number(r"rows   " + board + r"\s+ok\s+([\d.]+) s", out),
                                       None)
    out = bench(kind, "construct_bench", "10000", "10000")
    r["construct 10^8"] = (number(r"construct \+ verify\s+([\d.]+) s", out),
                           number(r"ratio \(construct \+ verify\) / baseline\s+([\d.]+)", out))
    results[kind] = r

# The whole process natively, as the issue times it.
t0 = time.perf_counter()
proc = subprocess.run(["/usr/bin/time", "-f", "%M", f"{NATIVE}/cli/knights", "solve", "--rows",
                       "10000", "--cols", "10000", "--closed", "--format", "summary"],
                      capture_output=True, text=True, check=True)
process_s = time.perf_counter() - t0
peak_kb = int(proc.stderr.strip().splitlines()[-1])
baseline = number(r"baseline: write an int32 per square\s+([\d.]+) s",
                  bench("native", "construct_bench", "10000", "10000"))

print("\n| benchmark | native | wasm (node) | wasm / native |")
print("|---|---|---|---|")
for key in results["native"]:
    n, w = results["native"][key], results["wasm"][key]
    extra = lambda v: f" ({v[1]:g}x baseline)" if v[1] is not None else ""
    print(f"| {key} | {n[0]:.3f} s{extra(n)} | {w[0]:.3f} s{extra(w)} | {w[0] / n[0]:.2f} |")
print(f"| knights solve --rows 10000 --cols 10000 --closed (whole process) | {process_s:.2f} s, "
      f"{process_s / baseline:.1f}x the int32 write ({baseline:.3f} s), "
      f"{peak_kb * 1024 / 1e8:.2f} bytes/square | | |")
print("\ntextbook: seconds of the library on the tree, (speedup over the plain recursive C "
      "transcription in the same process); count baseline: plain counter vs library on 5x5; "
      "construct: (construction + verification) / writing one int32 per square.")
