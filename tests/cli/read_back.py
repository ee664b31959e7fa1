"""Every output of every method reads back: for each case, `knights solve` in JSON, text and SVG;
JSON and text piped through `knights verify` (exit 0, a tour; closed where asked), and the SVG
parsed as XML with one filled square per blocked square and one number per visited square.

Usage: python3 read_back.py KNIGHTS"""
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

KNIGHTS = sys.argv[1]
NS = "{http://www.w3.org/2000/svg}"

# (what it exercises, solve arguments). Each has a tour.
CASES = [
    ("textbook", "--size 5 --start 1,1 --method textbook"),
    ("textbook, blocked", "--size 5 --start 1,1 --method textbook --blocked 3,3"),
    ("wirth", "--size 6 --start 1,1 --method wirth"),
    ("warnsdorff, blocked", "--size 8 --start 2,1 --method warnsdorff --blocked 4,4"),
    ("warnsdorff, end", "--size 6 --start 1,1 --end 6,5 --method warnsdorff"),
    ("automatic, blocked", "--size 5 --start 1,1 --blocked 3,3"),
    ("automatic, closed", "--size 8 --closed"),
    ("automatic, closed, blocked", "--size 12 --closed --blocked 5,5;5,6"),
    ("construct", "--size 30 --method construct"),
    ("construct, closed", "--rows 12 --cols 16 --closed --method construct"),
    ("repair: construct around blocked squares", "--size 40 --blocked 3,3;20,21 --method construct"),
    ("end walk: construct to an end", "--size 20 --start 1,1 --end 20,19 --method construct"),
    ("strip programme", "--rows 3 --cols 10 --start 1,1 --method construct"),
    ("strip programme, blocked", "--rows 4 --cols 9 --blocked 9,4 --start 1,1 --method construct"),
    ("strip programme, another blocked square", "--rows 3 --cols 12 --blocked 12,3 --start 1,1 --method construct"),
    ("strip programme, a single square left", "--size 2 --blocked 1,2;2,1;2,2"),
]


def run(args, stdin=None):
    return subprocess.run([KNIGHTS] + args, input=stdin, capture_output=True, text=True)


failures = []
for name, line in CASES:
    args = ["solve"] + [a for a in line.split(" ")]
    closed = "--closed" in args
    solved = run(args + ["--format", "json"])
    if solved.returncode != 0:
        failures.append("%s: solve exit %d: %s" % (name, solved.returncode, solved.stderr))
        continue
    report = json.loads(solved.stdout)
    if report["status"] != "found":
        failures.append("%s: status %s: %s" % (name, report["status"], report.get("reason")))
        continue
    blocked = sum(1 for row in report["board"] for n in row if n < 0)
    visited = sum(1 for row in report["board"] for n in row if n > 0)
    want = ["verify"] + (["--closed"] if closed else [])
    for fmt in ("json", "text"):
        out = solved.stdout if fmt == "json" else run(args + ["--format", "text"]).stdout
        v = run(want, out)
        if v.returncode != 0:
            failures.append("%s: %s does not verify (exit %d): %s%s" %
                            (name, fmt, v.returncode, v.stdout, v.stderr))
    svg = run(args + ["--format", "svg"]).stdout
    root = ET.fromstring(svg)
    groups = {g.get("class"): g for g in root.iter(NS + "g")}
    drawn = len(list(groups["blocked"].iter(NS + "rect")))
    numbers = len(list(groups["numbers"].iter(NS + "text"))) if "numbers" in groups else visited
    if drawn != blocked or numbers != visited:
        failures.append("%s: the SVG draws %d blocked squares and %d numbers, the board has %d and %d"
                        % (name, drawn, numbers, blocked, visited))
    print("ok: %s (%d visited, %d blocked)" % (name, visited, blocked))

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("all %d cases read back" % len(CASES))
