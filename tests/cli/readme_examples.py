"""The README's `knights` examples do what they say: each line of its first ```sh block after
"## The `knights` tool" runs (bash, `knights` being the built tool) within 10 s and exits 0, and a
number its comment states (9862 closed tours, 579,981 calls) is in what it prints, or is the
number of lines it prints.

    python3 readme_examples.py README.md path/to/knights
"""
import os
import re
import subprocess
import sys
import time


def examples(readme):
    text = open(readme, encoding="utf-8").read()
    section = text[text.index("## The `knights` tool"):]
    block = section[section.index("```sh\n") + 6:]
    return [line for line in block[:block.index("```")].splitlines() if line.strip()]


def main():
    readme, knights = sys.argv[1], os.path.abspath(sys.argv[2])
    failed = 0
    lines = examples(readme)
    for line in lines:
        command, _, comment = line.partition(" #")
        shell = "knights() { \"$KNIGHTS\" \"$@\"; }; set -o pipefail; " + command
        t0 = time.monotonic()
        r = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "KNIGHTS": knights})
        seconds = time.monotonic() - t0
        numbers = [n.replace(",", "") for n in re.findall(r"\d[\d,]*\d|\d", comment)
                   if len(n.replace(",", "")) >= 3]
        out_lines = str(len(r.stdout.splitlines()))
        missing = [n for n in numbers if n not in r.stdout.replace(",", "") and n != out_lines]
        ok = r.returncode == 0 and seconds <= 10 and not missing
        print(f"{'ok  ' if ok else 'FAIL'} {seconds:6.2f} s  {command.strip()}")
        if not ok:
            failed += 1
            print(f"  exit {r.returncode}; numbers not printed: {missing}; "
                  f"stderr: {r.stderr[-300:]}")
    if failed == 0:
        print(f"all {len(lines)} README examples do what they say")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
