"""Every count `knights count --format json` prints reads back exactly through standard JSON
readers: Python's json module as it is, Python's json module reading numbers as doubles (as
JavaScript's JSON.parse and jq read them) and, where node is installed, JavaScript's JSON.parse
itself. A count is a string of decimal digits whatever its size: a bare number past 2^53
comes back rounded from the double readers, and a bare number of any size fails the type check.
And `count --list` writes only JSON lines on standard output, its summary going to stderr.

Usage: python3 json_counts.py KNIGHTS"""
import json
import re
import shutil
import subprocess
import sys

KNIGHTS = sys.argv[1]

# (what, count arguments, the published count). Three consecutive terms of OEIS A175855
# (closed knight's tours on a 5 x 2n board): 5x16 below 2^53, 5x18 between 2^53 and 2^64 (a
# double reads it as 161514101568508416), 5x20 past 2^64; each counted by rows in under a
# second. Of the boards past 2^53 timed, 5x18 is the smallest that counts that fast and that a
# double cannot hold: 5x15 open (75 squares, 49,071,820,312,352,200, twice OEIS A083386) is a
# double exactly, 5x16 open takes 8 s, 5x17 open and 6x13 closed 11 s, and 6x14 closed
# (4,005,716,717,182,224,826, OEIS A175881), the count jq was seen to read as
# 4005716717182225000, about 15 s. And the
# search's counts: 304 directed open tours from a corner of 5x5 (OEIS A165134's example), and a
# count stopped at --limit 3 (3 by definition).
CASES = [
    ("5x16 closed, below 2^53", "--rows 5 --cols 16 --closed", "491857035772330"),
    ("5x18 closed, between 2^53 and 2^64", "--rows 5 --cols 18 --closed", "161514101568508400"),
    ("5x20 closed, past 2^64", "--rows 5 --cols 20 --closed", "53034853662012222798"),
    ("5x5 from a corner, by the search", "--size 5 --start 1,1 --counter search", "304"),
    ("5x5 stopped at --limit 3", "--size 5 --limit 3", "3"),
]


def run(args):
    return subprocess.run([KNIGHTS] + args, capture_output=True, text=True, timeout=120)


def as_doubles(text):
    """Reads JSON as readers that keep every number in a double do."""
    return json.loads(text, parse_int=float, parse_float=float)


failures = []
node = shutil.which("node")
for name, line, published in CASES:
    r = run(["count"] + line.split(" ") + ["--format", "json"])
    if r.returncode != 0:
        failures.append("%s: exit %d: %s" % (name, r.returncode, r.stderr))
        continue
    text = r.stdout.strip().splitlines()[-1]
    read = {"python": json.loads(text)["count"], "doubles": as_doubles(text)["count"]}
    if node:
        # What JavaScript holds: a string as it is; a number as JavaScript prints it (rounded).
        js = subprocess.run([node, "-e", "const c = JSON.parse(process.argv[1]).count; "
                             "process.stdout.write(JSON.stringify(typeof c === 'string' ? c : "
                             "[String(c)]))", text], capture_output=True, text=True, timeout=60)
        read["JSON.parse"] = json.loads(js.stdout) if js.returncode == 0 else js.stderr
    wrong = ["%s reads the count as %r" % (reader, value) for reader, value in read.items()
             if not isinstance(value, str) or not re.fullmatch(r"[0-9]+", value)
             or value != published]
    if wrong:
        failures.append("%s: %s; published %s" % (name, ", ".join(wrong), published))
    else:
        print("ok: %s: %s (%s)" % (name, published, ", ".join(read)))

# --list: standard output is JSON lines, one tour each, and nothing else; the summary in words
# is on stderr. 3x4: 16 directed open tours (OEIS A118067).
r = run(["count", "--rows", "3", "--cols", "4", "--list"])
lines = r.stdout.splitlines()
try:
    tours = [json.loads(l) for l in lines]
    if len(tours) != 16 or any(list(t) != ["path"] or len(t["path"]) != 12 for t in tours):
        failures.append("--list: %d lines, not 16 tours of 12 squares" % len(tours))
except ValueError as e:
    failures.append("--list: a line of standard output is not JSON (%s): %r" % (e, lines[-1:]))
if "16 directed open tours (every start, each direction) on the 3x4 board" not in r.stderr:
    failures.append("--list: the summary is not on stderr: %r" % r.stderr)
# With --format json, every line is JSON too: the tours, then the summary with its count.
r = run(["count", "--rows", "3", "--cols", "4", "--list", "--format", "json"])
lines = r.stdout.splitlines()
try:
    last = json.loads(lines[-1])
    if [json.loads(l) for l in lines[:-1]] == [] or last.get("count") != "16":
        failures.append("--list --format json: the last line is %r" % lines[-1])
except (ValueError, IndexError) as e:
    failures.append("--list --format json: not JSON lines (%s)" % e)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("all %d counts read back exactly" % len(CASES))
