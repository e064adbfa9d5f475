#!/usr/bin/env bash
# The kernel-tier table of docs/BENCHMARKS.md: every tier this CPU has against the plain
# backtracker (bench/kernel_bench --tiers, one thread, thread CPU seconds, medians), and
# optionally a peer counter run side by side on the same N, one thread. Fetches nothing: the
# peer is whatever binary you name.
#
#   bench/kernel_tiers.sh KERNEL_BENCH [--runs R] [--peer TEMPLATE] N...
#   bench/kernel_tiers.sh build/release/bench/kernel_bench --runs 5 --peer '/tmp/peers/kluev-%N 1' 15 16 17
#
# TEMPLATE is the peer's command line with %N for the board size (Kluev's counter is compiled
# for one N per binary and takes the thread count as its argument); its CPU seconds (user +
# sys, median of R runs) and its "Result:" line are printed under the table.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 KERNEL_BENCH [--runs R] [--peer TEMPLATE] N..." >&2; exit 2; }
bench="$1"
shift
runs=5
peer=""
sizes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --peer) peer="$2"; shift 2 ;;
    *) sizes+=("$1"); shift ;;
  esac
done
[ -x "$bench" ] || { echo "$0: $bench is not an executable" >&2; exit 2; }

flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
simd=$(for f in avx512f avx2 bmi2 asimd; do case " $flags " in *" $f "*) printf '%s ' "$f" ;; esac; done)
echo "# $(lscpu | sed -n 's/^Model name: *//p') (${simd% }), $(date -u +%F)"
"$bench" --tiers --runs "$runs" "${sizes[@]}"

[ -n "$peer" ] || exit 0
echo "peer, one thread: CPU seconds (user + sys), median of $runs"
TIMEFORMAT='%U %S'
for n in "${sizes[@]}"; do
  cmd=${peer//%N/$n}
  if [ ! -x "${cmd%% *}" ]; then
    printf '%3d  no peer binary (%s)\n' "$n" "${cmd%% *}"
    continue
  fi
  times=()
  result=""
  for ((r = 0; r < runs; ++r)); do
    out=$( { time $cmd >"${TMPDIR:-/tmp}/peer.out" 2>&1; } 2>&1 ) || { echo "$cmd failed" >&2; exit 1; }
    times+=("$(awk '{printf "%.3f", $1 + $2}' <<<"$out")")
    result=$(sed -n 's/^Result: *//p' "${TMPDIR:-/tmp}/peer.out")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  printf '%3d  %9s s  result %s  (%s)\n' "$n" "$median" "$result" "$cmd"
done
rm -f "${TMPDIR:-/tmp}/peer.out"
