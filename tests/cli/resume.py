"""A count by rows stopped by Ctrl-C goes on with --resume and gives the count of one run; its
folder is kept while stopped and removed once the count is printed. With a --memory-limit
below the count's tables, both runs put their states on disk.

    python3 resume.py path/to/knights [--memory-limit MB]
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

BOARD = ["--rows", "6", "--cols", "7"]
COUNT = "779938932"  # directed open tours of 6x7, as one uninterrupted run counts them


def fail(why, *outputs):
    print("FAIL " + why)
    for o in outputs:
        print("  " + o.replace("\n", "\n  "))
    sys.exit(1)


def main():
    knights, limit = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as scratch:
        first = subprocess.Popen([knights, "count", *BOARD, "--threads", "1", "--save-after", "0",
                                  "--scratch", scratch, *limit], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        # Stopped once it has saved a few squares (well before its end: about 10 s on one thread).
        deadline = time.monotonic() + 60
        folders = []
        while time.monotonic() < deadline and first.poll() is None:
            folders = os.listdir(scratch)
            if folders and os.path.exists(os.path.join(scratch, folders[0], "count.state")):
                break
            time.sleep(0.05)
        time.sleep(1)
        first.send_signal(signal.SIGINT)
        out, err = first.communicate(timeout=60)
        if (first.returncode != 130 or not out.startswith("no count: stopped by Ctrl-C after ")
                or "goes on from its last save" not in out):
            fail(f"stopped by Ctrl-C: exit {first.returncode}, expected 130 and a way to go on",
                 out, err)
        folder = os.path.join(scratch, folders[0])
        if not os.path.exists(os.path.join(folder, "count.state")):
            fail("the saved count is gone after Ctrl-C", err)
        print(f"ok   stopped by Ctrl-C, saved in {folders[0]}: {out.strip()}")

        second = subprocess.run([knights, "count", "--resume", folder, "--format", "json", *limit],
                                capture_output=True, text=True, timeout=120)
        if second.returncode != 0 or f'"count": "{COUNT}", "complete": true' not in second.stdout:
            fail(f"--resume: exit {second.returncode}", second.stdout, second.stderr)
        if limit and ('"disk_bytes": 0' in second.stdout or "states go to disk" not in err):
            fail("states on disk expected past the --memory-limit", err, second.stdout)
        if os.path.exists(folder):
            fail("the folder is still there once the count is printed", second.stderr)
        print(f"ok   --resume: {second.stdout.strip()[:60]}...")


if __name__ == "__main__":
    main()
