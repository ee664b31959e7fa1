"""--time-limit is honoured by every command and engine that can run long: each run below, with
a limit of LIMIT seconds, ends within 10% of it (plus an allowance for starting and ending the
process on a loaded machine) and says it stopped there.

    python3 time_limit.py path/to/knights
"""
import subprocess
import sys
import time

LIMIT = 2
ALLOWANCE = 0.6  # seconds: start-up, the last slice, freeing the tables at exit under load

# (what, arguments, text on stdout or stderr that says it stopped at the limit)
RUNS = [
    ("textbook search", "solve --size 8 --method textbook --format summary", "time limit of 2 s"),
    ("Wirth's search", "solve --size 9 --start 2,2 --blocked 5,5 --method wirth --format summary",
     "time limit of 2 s"),
    ("the search counter", "count --size 7 --counter search --force", "stopped at --time-limit"),
    ("counting by rows (auto)", "count --size 7", "stopped at --time-limit"),
    ("counting by rows, closed 8x8", "count --size 8 --closed --counter rows --force --format json",
     '"stopped": "time-limit"'),
]


def main():
    knights = sys.argv[1]
    failed = 0
    for what, args, says in RUNS:
        command = [knights] + args.split() + ["--time-limit", str(LIMIT)]
        t0 = time.monotonic()
        r = subprocess.run(command, capture_output=True, text=True, timeout=60)
        seconds = time.monotonic() - t0
        budget = LIMIT * 1.1 + ALLOWANCE
        ok = r.returncode == 0 and says in r.stdout + r.stderr and LIMIT * 0.95 <= seconds <= budget
        print(f"{'ok  ' if ok else 'FAIL'} {what}: {seconds:.2f} s (limit {LIMIT} s, "
              f"budget {budget:.1f} s), exit {r.returncode}")
        if not ok:
            failed += 1
            print("  " + " ".join(command))
            print("  stdout: " + r.stdout[-300:])
            print("  stderr: " + r.stderr[-300:])
    if failed == 0:
        print(f"all {len(RUNS)} runs stopped at their time limit")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
