"""A saved count by rows that knights cannot go on with is refused by `knights count --resume`
with exit status 2 and one line that names the file and what is wrong, and no count: a save of
another format, one cut short, one with a byte changed, and one summed as it was written but
holding a state with a path end whose other end is gone.

    python3 damaged_save.py path/to/knights
"""
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile

BOARD = ["--rows", "6", "--cols", "7"]


def fail(why, *outputs):
    print("FAIL " + why)
    for o in outputs:
        print("  " + o.replace("\n", "\n  "))
    sys.exit(1)


def read_words(path):
    with open(path, "rb") as f:
        data = f.read()
    return list(struct.unpack(f"<{len(data) // 8}Q", data[: len(data) // 8 * 8]))


def write_words(path, words):
    with open(path, "wb") as f:
        f.write(struct.pack(f"<{len(words)}Q", *words))


def checksum(words):
    """FNV-1a a word at a time, as frontier_save.cpp sums a save's words."""
    s = 0
    for w in words:
        s = ((s ^ w) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return s


def opening_end(words):
    """The opening's checksum: the first word that is the checksum of the words before it."""
    s = 0
    for i, w in enumerate(words):
        if i > 0 and w == s:
            return i
        s = ((s ^ w) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    fail("no checksum in the save")


def summed(words, h):
    """The words with both checksums (the opening's at h) made again, as a writer would have
    written them."""
    words = list(words)
    words[h] = checksum(words[:h])
    words[-1] = checksum(words[:-1])
    return words


def malformed(words, window):
    """The first state with a path whose ends are both in the window, one of its ends made a
    done square (the run's words as frontier_save.cpp writes them: nine numbers, the count's
    limbs, the parts of the states and their sizes, each part's keys and then its counts)."""
    h = opening_end(words)
    at = h + 1 + 9
    at += 1 + words[at]
    parts = words[at]
    sizes = words[at + 1 : at + 1 + parts]
    key = at + 1 + parts
    for size in sizes:
        for k in range(key, key + size):
            for slot in range(window):
                if (words[k] >> (4 * slot)) & 15 >= 3:
                    changed = list(words)
                    changed[k] &= ~(15 << (4 * slot))
                    return summed(changed, h)
        key += 2 * size  # its keys (a word each here) and its counts (a limb each)
    fail("no state with a path in the save")


def main():
    knights = sys.argv[1]
    with tempfile.TemporaryDirectory() as scratch:
        # Stopped by Ctrl-C once it has saved past its first squares (whose window holds no
        # path yet), however fast the machine is.
        first = subprocess.Popen([knights, "count", *BOARD, "--threads", "1", "--save-after", "0",
                                  "--scratch", scratch], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        err = ""
        for line in first.stderr:
            err += line
            saved_at = re.match(r"knights: saved at square (\d+) ", line)
            if saved_at and int(saved_at.group(1)) >= 12:
                first.send_signal(signal.SIGINT)
                break
        out, rest = first.communicate(timeout=60)
        folders = os.listdir(scratch)
        if first.returncode != 130 or len(folders) != 1:
            fail(f"a count stopped by Ctrl-C keeps its save: exit {first.returncode}", out,
                 err + rest)
        folder = os.path.join(scratch, folders[0])
        state = os.path.join(folder, "count.state")
        saved = read_words(state)
        # 6x7 turned: rows of 6, a window of 13 squares, a key a word.
        cases = [
            ("another format", summed([saved[0], 5] + saved[2:], opening_end(saved)),
             "saved by another version of knights (save format 5; this one reads format 4)"),
            ("cut short", saved[: len(saved) // 2], "the file is cut short ("),
            ("a byte changed", saved[:-3] + [saved[-3] ^ 0x100] + saved[-2:],
             "the file is damaged (its checksum does not match)"),
            ("a malformed state", malformed(saved, 13),
             ": a path end without its other end)"),
        ]
        for name, words, why in cases:
            case = os.path.join(scratch, "case")
            shutil.rmtree(case, ignore_errors=True)
            os.mkdir(case)
            write_words(os.path.join(case, "count.state"), words)
            r = subprocess.run([knights, "count", "--resume", case, "--threads", "1"],
                               capture_output=True, text=True, timeout=120)
            lines = r.stderr.strip("\n").split("\n")
            if r.returncode != 2 or r.stdout or len(lines) != 1:
                fail(f"{name}: exit {r.returncode} (2 expected), no count, one line", r.stdout,
                     r.stderr)
            line = lines[0]
            if (not line.startswith("knights: --resume: ")
                    or os.path.join(case, "count.state") not in line or why not in line):
                fail(f"{name}: --resume, the file and {why!r} expected", line)
            if "goes on from its last save" in line:  # resuming it again would fail again
                fail(f"{name}: a refused save is not to be resumed", line)
            print(f"ok   {name}: {line}")


if __name__ == "__main__":
    main()
