#!/usr/bin/env bash
# Counting by rows, before and after, in one run: builds `knights` at a baseline commit (in a
# temporary git worktree under /tmp) and from this checkout, then runs the counts that set the
# counter's limits with each, as a user types them:
#   knights count --size 7              (every directed open tour of 7x7)
#   knights count --size 8 --closed     (the chessboard's closed tours: about 17 min, 6.8 GB)
# each under /usr/bin/time -v, printing wall time, user CPU and peak resident memory (MB: 2^20
# bytes, as time reports it; forecasts in the same unit), the count
# (which must agree), and after/before ratios. The 7x7 runs alternate (base, new, base, new, ...)
# so that a busy machine's drift falls on both builds alike; 8x8 closed runs once each.
# Not a test: it prints figures.
#   scripts/bench_counter.sh [BASE_COMMIT]     (default db316b1, main before the counter's house)
# With PARTS="--size 7" (any board's options), the open count of that board in parts with this
# build, after the rest: the plan's forecast, then every part one after another under
# /usr/bin/time -v (PARTS_JOBS at a time, default 1, each on one thread), their wall time, user
# CPU and largest peak beside the forecast, and their sum against the direct count.
# Then the chessboard with both ends of its tours fixed: parts of 8x8's open plan (`knights count
# --size 8 --part K`, each the tours between two fixed squares; FIXED_8X8, default "46 29 94",
# about 8 minutes and 7 to 8 GB each) with this build, each beside its forecast.
# 8x8 closed, three fixed-end pairs and 7x7 direct against its parts' sum, in one run (about 35 minutes):
#   ROUNDS=0 BASE_8X8=0 PARTS="--size 7" scripts/bench_counter.sh
# Environment: ROUNDS (7x7 pairs, default 2; 0: none), SKIP_8X8=1 (only 7x7), PARALLEL_8X8=1
# (both 8x8 counts at once, 13.7 GB between them), BASE_8X8=0 (8x8 closed with this build only),
# FIXED_8X8 ("": none), JOBS (build, default 2),
# BASE_DIR (the baseline's worktree, default /tmp/kt-bench-counter-base; kept between runs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
base_commit=${1:-db316b1}
rounds=${ROUNDS:-2}
jobs=${JOBS:-2}
base_dir=${BASE_DIR:-/tmp/kt-bench-counter-base}
log_dir=$(mktemp -d /tmp/kt-bench-counter.XXXXXX)
touch "$log_dir/figures"

echo "# baseline $(git rev-parse --short "$base_commit") in $base_dir; this build $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- core cli || echo ' (with uncommitted changes)')"
if [ ! -d "$base_dir" ]; then
  git worktree add --detach "$base_dir" "$base_commit" >/dev/null
else
  git -C "$base_dir" checkout --quiet --detach "$base_commit"
fi
(cd "$base_dir" && cmake --preset native >/dev/null && cmake --build --preset native -j"$jobs" --target knights >/dev/null)
cmake --preset native >/dev/null
cmake --build --preset native -j"$jobs" --target knights >/dev/null
base_knights=$base_dir/build/native/cli/knights
new_knights=$PWD/build/native/cli/knights

# run NAME KNIGHTS ARGS...: one count under /usr/bin/time -v; prints a line and keeps the figures.
run() {
  local name=$1 knights=$2
  shift 2
  local out=$log_dir/$name.out err=$log_dir/$name.time
  /usr/bin/time -v "$knights" "$@" >"$out" 2>"$err"
  local wall user rss count
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + t[i]; print s}' "$err")
  user=$(awk -F': ' '/User time/ {print $2}' "$err")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$err")
  # (The summary's first word, or a part's JSON line's "count".)
  count=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["count"])' "$out" 2>/dev/null ||
    awk 'NR == 1 {gsub(",", "", $1); print $1}' "$out")
  printf '%-16s wall %8.1f s  user %8.1f s  peak %6d MB  count %s  (load %s)\n' \
    "$name" "$wall" "$user" "$rss" "$count" "$(cut -d' ' -f1 /proc/loadavg)"
  echo "$name $wall $user $rss $count" >>"$log_dir/figures"
}

# summary PREFIX: the means of base and new runs named PREFIX-*, their ratio, and whether the
# counts agree.
summary() {
  awk -v p="$1" '
    index($1, p "-base") == 1 { bw += $2; bu += $3; if ($4 > br) br = $4; bn++; bc[$5] = 1 }
    index($1, p "-new") == 1  { nw += $2; nu += $3; if ($4 > nr) nr = $4; nn++; nc[$5] = 1 }
    END {
      if (bn == 0 || nn == 0) exit
      same = length(bc) == 1 && length(nc) == 1
      for (c in bc) if (!(c in nc)) same = 0
      printf "%s: before wall %.1f s, user %.1f s, peak %d MB (mean of %d); after wall %.1f s, user %.1f s, peak %d MB (mean of %d)\n", p, bw / bn, bu / bn, br, bn, nw / nn, nu / nn, nr, nn
      printf "%s: after/before wall %.3f, user %.3f, peak %.3f; counts %s\n", p, (nw / nn) / (bw / bn), (nu / nn) / (bu / bn), nr / br, same ? "agree" : "DIFFER"
    }' "$log_dir/figures"
}

echo "# knights count --size 7, alternating, $rounds rounds"
for ((r = 1; r <= rounds; ++r)); do
  run "7x7-base-$r" "$base_knights" count --size 7
  run "7x7-new-$r" "$new_knights" count --size 7
done
if [ "${SKIP_8X8:-0}" != 1 ] && [ "${PARALLEL_8X8:-0}" = 1 ]; then
  # Both at once, on a machine too busy for two in turn to finish: each under the same load,
  # and each one's progress lines (stderr, in its .time file) compare where they stand if
  # stopped before the end.
  echo "# knights count --size 8 --closed, both at once"
  run "8x8c-base" "$base_knights" count --size 8 --closed &
  run "8x8c-new" "$new_knights" count --size 8 --closed &
  wait
elif [ "${SKIP_8X8:-0}" != 1 ]; then
  echo "# knights count --size 8 --closed, once each"
  [ "${BASE_8X8:-1}" = 0 ] || run "8x8c-base" "$base_knights" count --size 8 --closed
  run "8x8c-new" "$new_knights" count --size 8 --closed
fi
fixed=${FIXED_8X8-46 29 94}
if [ "${SKIP_8X8:-0}" != 1 ] && [ -n "$fixed" ]; then
  echo "# knights count --size 8 --part K: both ends fixed (parts $fixed of the open plan)"
  "$new_knights" count --size 8 --parts --format json >"$log_dir/plan-8x8.json"
  for k in $fixed; do
    python3 -c 'import json, sys
p = json.load(open(sys.argv[1]))["parts"][int(sys.argv[2]) - 1]
print("part %s: from %s to %s, forecast %.0f MB, %.0f s of CPU" % (sys.argv[2], p["start"], p["end"], p["forecast_bytes"] / 2**20, p["forecast_cpu_seconds"]))' "$log_dir/plan-8x8.json" "$k"
    run "8x8-part-$k" "$new_knights" count --size 8 --part "$k"
  done
fi
echo "# summary (figures and outputs in $log_dir)"
summary 7x7
summary 8x8c
if [ -n "${PARTS:-}" ]; then
  # shellcheck disable=SC2086  # (PARTS is a list of options)
  parts_dir=$log_dir/parts
  mkdir -p "$parts_dir"
  echo "# knights count $PARTS in parts, ${PARTS_JOBS:-1} at a time"
  (cd "$parts_dir" && "$new_knights" count $PARTS --parts 2>plan.txt >commands.txt)
  cut -c1-600 "$parts_dir/plan.txt"
  started=$(date +%s.%N)
  sed "s|^knights |/usr/bin/time -v -o \$(mktemp -p . time.XXXXXX) $new_knights |; s|\$| --threads 1|" \
    "$parts_dir/commands.txt" | (cd "$parts_dir" && xargs -P "${PARTS_JOBS:-1}" -I{} sh -c '{}' 2>/dev/null)
  ended=$(date +%s.%N)
  user=$(cat "$parts_dir"/time.* | awk -F': ' '/User time/ {u += $2} END {printf "%.1f", u}')
  peak=$(cat "$parts_dir"/time.* | awk -F': ' '/Maximum resident/ {if ($2 > m) m = $2} END {printf "%.0f", m / 1024}')
  sum=$("$new_knights" count --sum "$parts_dir"/part-*.json)
  printf 'parts: wall %.1f s, user %s s, largest peak %s MB; %s\n' "$(echo "$ended - $started" | bc)" "$user" "$peak" "$sum"
  run "direct-new" "$new_knights" count $PARTS
fi
