"""An open count in parts through the CLI: --parts lists the commands, each run as it is
printed (by sh, as xargs -P would), --sum adds their results into the whole; --sum refuses a
part missing, given twice, unfinished or of another plan, one line naming --sum. With `resume`,
a part stopped at --time-limit goes on from its save when its command is run again.

    python3 parts.py path/to/knights [resume]
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile


def fail(why, *outputs):
    print("FAIL " + why)
    for o in outputs:
        print("  " + str(o).replace("\n", "\n  "))
    sys.exit(1)


def run(knights, args, cwd, code=0):
    r = subprocess.run([knights, *args], cwd=cwd, capture_output=True, text=True, timeout=600)
    if r.returncode != code:
        fail(f"knights {' '.join(args)}: exit {r.returncode}, expected {code}", r.stdout, r.stderr)
    return r


def refused(knights, args, cwd, words):
    r = run(knights, args, cwd, code=2)
    lines = r.stderr.strip().split("\n")
    if len(lines) != 1 or words not in lines[0] or "--sum" not in lines[0] and "--part" not in lines[0]:
        fail(f"knights {' '.join(args)}: expected one line with '{words}'", r.stderr)
    print(f"ok   refused: {lines[0]}")


def run_parts(knights, board, folder):
    """Runs every command --parts prints, in `folder`, and returns the files."""
    os.makedirs(folder, exist_ok=True)
    listed = run(knights, ["count", *board, "--parts"], folder)
    commands = listed.stdout.strip().split("\n")
    if "parts of the directed open tours" not in listed.stderr or "forecast" not in listed.stderr:
        fail("--parts: no plan and forecast on stderr", listed.stderr)
    bindir = os.path.dirname(os.path.abspath(knights))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
    for c in commands:
        if not c.startswith("knights count ") or " --part " not in c:
            fail("--parts: not a command line", c)
        subprocess.run(["sh", "-c", c + " --threads 1"], cwd=folder, env=env, check=True,
                       capture_output=True, timeout=600)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))


def main():
    knights = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as scratch:
        if sys.argv[2:] == ["resume"]:
            resume(knights, scratch)
            return
        files = run_parts(knights, ["--size", "5"], os.path.join(scratch, "5x5"))
        # 1,728 directed open tours of 5x5 (OEIS A165134).
        r = run(knights, ["count", "--sum", *files, "--format", "json"], scratch)
        whole = json.loads(r.stdout)
        if whole["count"] != "1728" or whole["parts"] != len(files) or whole["counter"] != "parts":
            fail("--sum of 5x5's parts: expected 1728 (OEIS A165134)", r.stdout)
        print(f"ok   5x5 in {len(files)} parts: {whole['count']}")
        r = run(knights, ["count", "--sum", *files], scratch)
        if not r.stdout.startswith("1728 directed open tours (every start, each direction)"):
            fail("--sum in words", r.stdout)
        # A part's result names its part, plan and weight.
        part = json.loads(open(files[0]).read())
        for key in ("part", "parts", "plan", "weight", "start", "end", "count"):
            if key not in part:
                fail(f"a part's result has no '{key}'", part)
        # A board with a blocked square (its commands quote --blocked) against the direct count.
        blocked = ["--size", "5", "--blocked", "3,3"]
        parts = run_parts(knights, blocked, os.path.join(scratch, "5x5-blocked"))
        summed = json.loads(run(knights, ["count", "--sum", *parts, "--format", "json"],
                                scratch).stdout)
        direct = json.loads(run(knights, ["count", *blocked, "--format", "json"], scratch).stdout)
        if summed["count"] != direct["count"] or summed["blocked"] != [[3, 3]]:
            fail("--sum of 5x5's parts with (3,3) blocked: not the direct count", summed, direct)
        print(f"ok   5x5 with (3,3) blocked in {len(parts)} parts: {summed['count']}")
        refused(knights, ["count", "--sum", *files[1:]], scratch, "is missing")
        refused(knights, ["count", "--sum", *files, files[0]], scratch, "given twice")
        other = run_parts(knights, ["--rows", "3", "--cols", "4"], os.path.join(scratch, "3x4"))
        refused(knights, ["count", "--sum", *files, other[0]], scratch, "is a part of plan")
        # A stopped part's shape (print_rows_stopped): the part's fields, no board's fields,
        # no count (the real one, from a part stopped at --time-limit, is in resume() below).
        unfinished = os.path.join(scratch, "unfinished.json")
        with open(unfinished, "w") as f:
            f.write(json.dumps({"count": None, "complete": False, "stopped": "time-limit",
                                "part": part["part"], "plan": part["plan"]}) + "\n")
        refused(knights, ["count", "--sum", unfinished, *files[1:]], scratch, "did not finish")
        odd = os.path.join(scratch, "odd.json")
        with open(odd, "w") as f:
            f.write(json.dumps(dict(part, complete="yes")) + "\n")
        refused(knights, ["count", "--sum", odd, *files[1:]], scratch, "is not part")
        forged = os.path.join(scratch, "forged.json")
        with open(forged, "w") as f:
            f.write(json.dumps(dict(part, weight=str(int(part["weight"]) * 2))) + "\n")
        refused(knights, ["count", "--sum", forged, *files[1:]], scratch, "is not part")
        refused(knights, ["count", "--size", "5", "--part", "999"], scratch,
                "--part: 999 is past the plan's")
        refused(knights, ["count", "--size", "5", "--closed", "--parts"], scratch,
                "--parts: only the open tours of every start and end")
        refused(knights, ["count", "--size", "5", "--sum", files[0]], scratch,
                "--sum: the parts' results have their board")
        refused(knights, ["count", "--sum", files[0], "--threads", "2"], scratch,
                "excludes")  # CLI11: "--threads excludes --sum"
        print("ok   parts summed and refused")


def resume(knights, scratch):
    # 7x7's part 1, stopped after a second with a save made at every square, then run again:
    # it goes on from its save, and its count is the count of its two ends counted at once.
    board = ["--size", "7"]
    args = ["count", *board, "--part", "1", "--threads", "1", "--scratch", scratch]
    first = run(knights, [*args, "--save-after", "0", "--time-limit", "1"], scratch)
    stopped = json.loads(first.stdout)
    if stopped["count"] is not None or stopped["stopped"] != "time-limit" or not os.listdir(scratch):
        fail("the part should have stopped at --time-limit with a save", first.stdout)
    if stopped["resume"] is not None:  # a part goes on by its own command, not by --resume
        fail("a stopped part should not offer --resume", first.stdout)
    # Its result as it stopped, given to --sum: refused as unfinished, naming the part.
    unfinished = os.path.join(scratch, "stopped-part-1.json")
    with open(unfinished, "w") as f:
        f.write(first.stdout)
    refused(knights, ["count", "--sum", unfinished], scratch, "part 1 did not finish")
    os.remove(unfinished)
    # The same part started again while another process holds its folder (as the part's own
    # command does while it counts): refused, its save untouched.
    folder = os.path.join(scratch, os.listdir(scratch)[0])
    saved = sorted(os.listdir(folder))
    with open(os.path.join(folder, "count.lock"), "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        refused(knights, args, scratch, "another knights count is saving in")
    if sorted(os.listdir(folder)) != saved:
        fail("the refused part changed its folder", saved, os.listdir(folder))
    second = run(knights, args, scratch)
    if "goes on from its save" not in second.stderr:
        fail("run again, the part did not go on from its save", second.stderr)
    part = json.loads(second.stdout)
    s, e = part["start"], part["end"]
    direct = run(knights, ["count", *board, "--start", f"{s[0]},{s[1]}", "--end", f"{e[0]},{e[1]}",
                           "--counter", "rows", "--format", "json", "--scratch", scratch], scratch)
    if json.loads(direct.stdout)["count"] != part["count"]:
        fail("the resumed part's count differs from its ends counted at once", second.stdout,
             direct.stdout)
    if os.listdir(scratch):
        fail("the part's save folder is left behind", os.listdir(scratch))
    print(f"ok   --part resumed: {part['count']}")


if __name__ == "__main__":
    main()
