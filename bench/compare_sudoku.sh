#!/usr/bin/env bash
# Side-by-side Sudoku benchmark, whole process: `sudoku count -j 1` against tdoku's solver
# program, both reading the same puzzle file on stdin and writing one line per puzzle to a
# file, run in interleaved pairs; prints one Markdown row per set with the median CPU time
# (user + sys of the process) of each side, puzzles per CPU-second, the ratio of the medians and
# the median and quartiles of the pairs' own ratios, and writes the same figures to
# bench/results/<machine>/<date>-sudoku.tsv (-sudoku-solve.tsv; bench/results/README.md).
#
#   bench/compare_sudoku.sh /tmp/peers/tdoku_count --sudoku build/release/sudoku --runs 7 \
#       --peer-name tdoku/clang
#
# The first argument is tdoku's example/solve.c built per its README (gcc ... -O3
# -march=native, linked with libtdoku_static.a); it is run as `TDOKU 2 < FILE`, counting up to
# 2 solutions per puzzle. docs/BENCHMARKS.md says how it was built. Nothing is fetched or
# built here. Every pair's solution counts (0, 1 or 2+) must agree or the script fails.
# --mode solve times `sudoku solve -j 1` instead (the first solution as well as the count).
# --peer-name says which build of tdoku it is (default tdoku/unnamed); --results DIR writes the
# result file under DIR, --machine NAME names the machine's folder (default: bench/results.py
# machine), --no-results writes none. SUDOKU_KERNEL=TIER in the environment forces our tier.
set -euo pipefail

usage() { sed -n '2,20p' "$0"; }
[ $# -ge 1 ] || { echo "compare_sudoku: usage: compare_sudoku.sh TDOKU [--sudoku BIN] [--runs N] ... (see --help)" >&2; exit 2; }
case "$1" in -h|--help) usage; exit 0 ;; esac
args=("$@")
tdoku=$1; shift
sudoku=build/release/sudoku
runs=7
mode=count
data=data/sudoku
sets="puzzles2_17_clue puzzles3_magictour_top1465 puzzles7_serg_benchmark puzzles5_forum_hardest_1905_11+"
peer_name=tdoku/unnamed
results=$(dirname "$0")/results
machine=""
save=1
while [ $# -gt 0 ]; do
  case "$1" in
    --sudoku) sudoku=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --sets) sets=$2; shift 2 ;;
    --peer-name) peer_name=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --no-results) save=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "compare_sudoku: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$sudoku" ] || { echo "compare_sudoku: no sudoku binary at $sudoku" >&2; exit 2; }
[ -x "$tdoku" ] || { echo "compare_sudoku: no tdoku binary at $tdoku" >&2; exit 2; }
case "$mode" in count|solve) ;; *) echo "compare_sudoku: --mode count or solve" >&2; exit 2 ;; esac
command -v python3 >/dev/null || { echo "compare_sudoku: needs python3 (to time each process)" >&2; exit 2; }

for set in $sets; do
  [ -f "$data/$set" ] || { echo "compare_sudoku: no puzzle file $data/$set" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tier=${SUDOKU_KERNEL:-$("$sudoku" --version | sed -n 's/^9x9 solver on this CPU: \([a-z0-9]*\).*/\1/p')}
if [ "$save" = 1 ]; then
  what=sudoku
  [ "$mode" = count ] || what=sudoku-$mode
  out=$(python3 "$(dirname "$0")/results.py" new "$what" --results "$results" ${machine:+--machine "$machine"} \
        --note "sudoku: $("$sudoku" --version | tr '\n' ' ')${SUDOKU_KERNEL:+(SUDOKU_KERNEL=$SUDOKU_KERNEL)}" \
        --note "peer: $tdoku" --note "load: $(cut -d' ' -f1-3 /proc/loadavg)" \
        -- "$0" "${args[@]}" 2>"$tmp/err") || { echo "compare_sudoku: $(cat "$tmp/err")" >&2; exit 2; }
fi

# cpu_seconds IN OUT CMD...: runs CMD with stdin IN and stdout OUT; prints the user + sys
# seconds of that process alone, from wait4 (microseconds; /usr/bin/time rounds to 10 ms,
# too coarse for the 1,465-puzzle set). Started by posix_spawn, which glibc runs as a vfork:
# a fork would charge the child the copy-on-write faults of Python's own pages before exec
# (about 240 page faults, 1.4-2 ms of CPU on the 2-vCPU VM of docs/BENCHMARKS.md), added to
# both sides alike.
cpu_seconds() {
  python3 - "$@" <<'EOF'
import os, shutil, sys
src, dst, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
path = shutil.which(cmd[0]) or cmd[0]
actions = [(os.POSIX_SPAWN_OPEN, 0, src, os.O_RDONLY, 0),
           (os.POSIX_SPAWN_OPEN, 1, dst, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)]
pid = os.posix_spawn(path, cmd, os.environ, file_actions=actions)
_, status, usage = os.wait4(pid, 0)
if status != 0:
    sys.exit(f"compare_sudoku: {' '.join(cmd)} exited with status {status}")
print(f"{usage.ru_utime + usage.ru_stime:.6f}")
EOF
}

# quantile FILE Q: the Q-quantile of a column of numbers, interpolated (Q = 0.5: the median).
quantile() {
  sort -g "$1" | awk -v q="$2" '{v[NR] = $1}
    END { x = 1 + q * (NR - 1); i = int(x); print v[i] + (x - i) * (v[i + 1] - v[i]) }'
}

# Solution counts, one per puzzle, capped at 2: ours says "unique 1", "multiple 2+", "none 0"
# (count) or prints the solution / "no solution" (solve, which cannot tell 1 from 2+);
# tdoku prints puzzle:count:solution.
ours_counts() {
  if [ "$mode" = count ]; then awk '{n = $2 + 0; print (n > 2 ? 2 : n)}' "$1"
  else awk '{print ($0 == "no solution") ? 0 : 1}' "$1"; fi
}
tdoku_counts() {
  if [ "$mode" = count ]; then awk -F: '{n = $2 + 0; print (n > 2 ? 2 : n)}' "$1"
  else awk -F: '{print ($2 + 0 > 0) ? 1 : 0}' "$1"; fi
}

# The last column: tdoku's time over ours pair by pair (the two runs of a pair are next to each
# other, so a change of the machine's load between pairs moves both), median and quartiles.
echo "| set | puzzles | sudoku $mode -j 1 (ms) | tdoku (ms) | sudoku puzzles/CPU-s | tdoku puzzles/CPU-s | sudoku / tdoku | by pairs (q1-q3) |"
echo "|---|---|---|---|---|---|---|---|"
for set in $sets; do
  file=$data/$set
  n=$(grep -c -v -e '^#' -e '^$' "$file")
  for r in $(seq "$runs"); do
    cpu_seconds "$file" "$tmp/ours" "$sudoku" "$mode" -j 1 - >>"$tmp/$set-ours"
    cpu_seconds "$file" "$tmp/tdoku" "$tdoku" 2 >>"$tmp/$set-tdoku"
    if [ "$r" = 1 ] && ! cmp -s <(ours_counts "$tmp/ours") <(tdoku_counts "$tmp/tdoku"); then
      echo "compare_sudoku: solution counts differ on $set" >&2
      exit 1
    fi
  done
  a=$(quantile "$tmp/$set-ours" 0.5)
  b=$(quantile "$tmp/$set-tdoku" 0.5)
  r=$tmp/$set-ratio
  paste "$tmp/$set-ours" "$tmp/$set-tdoku" | awk '{print ($1 > 0) ? $2 / $1 : 0}' >"$r"
  awk -v s="$set" -v n="$n" -v a="$a" -v b="$b" -v r1="$(quantile "$r" 0.25)" \
      -v r2="$(quantile "$r" 0.5)" -v r3="$(quantile "$r" 0.75)" 'BEGIN {
    printf "| %s | %d | %.1f | %.1f | %.0fk | %.0fk | %.2fx | %.2fx (%.2f-%.2f) |\n",
           s, n, 1000 * a, 1000 * b, n / a / 1000, n / b / 1000, b / a, r2, r1, r3 }'
  if [ "$save" = 1 ]; then
    awk -v s="$set" -v m="$mode" -v t="${tier:-unknown}" -v a="$a" -v p="$peer_name" -v b="$b" \
        -v runs="$runs" -v r1="$(quantile "$r" 0.25)" -v r2="$(quantile "$r" 0.5)" \
        -v r3="$(quantile "$r" 0.75)" 'BEGIN {
      printf "sudoku-%s\t%s\t%s/%s\t%.1f\t%s\t%.1f\tcpu-ms\t%.2f\t%d\tmedian\tpairs %.2f (%.2f-%.2f)\n",
             m, s, t, m, 1000 * a, p, 1000 * b, (a > 0) ? b / a : 0, runs, r2, r1, r3 }' >>"$out"
  fi
done
echo
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1); $runs interleaved pairs, medians; load average $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$save" = 0 ] || echo "compare_sudoku: wrote $out" >&2
