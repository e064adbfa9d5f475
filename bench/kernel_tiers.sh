#!/usr/bin/env bash
# The kernel-tier table of docs/BENCHMARKS.md: every tier this CPU has against the plain
# backtracker (bench/kernel_bench --tiers, one thread, thread CPU seconds, medians), and
# optionally a peer counter run side by side on the same N, one thread. Fetches nothing: the
# peer is whatever binary you name. The figures also go to
# bench/results/<machine>/<date>-tiers.tsv (bench/results/README.md).
#
#   bench/kernel_tiers.sh KERNEL_BENCH [--runs R] [--peer TEMPLATE [--peer-name NAME]]
#                         [--results DIR] [--machine NAME] [--no-results] N...
#   bench/kernel_tiers.sh build/release/bench/kernel_bench --runs 5 --peer '/tmp/peers/kluev-%N 1' \
#                         --peer-name kluev/native 15 16 17
#
# TEMPLATE is the peer's command line with %N for the board size (Kluev's counter is compiled
# for one N per binary and takes the thread count as its argument); its CPU seconds (user +
# sys, median of R runs) and its "Result:" line are printed under the table. NAME says which
# peer and build it is (default: the binary's name up to its first '-', then /unnamed).
# --results DIR writes the result file under DIR, --machine NAME names the machine's folder
# (default: bench/results.py machine), --no-results writes none.
set -euo pipefail
[ $# -ge 2 ] || { echo "kernel_tiers: usage: $0 KERNEL_BENCH [--runs R] [--peer TEMPLATE] N..." >&2; exit 2; }
args=("$@")
bench="$1"
shift
runs=5
peer=""
peer_name=""
results=$(dirname "$0")/results
machine=""
save=1
sizes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --peer) peer="$2"; shift 2 ;;
    --peer-name) peer_name="$2"; shift 2 ;;
    --results) results="$2"; shift 2 ;;
    --machine) machine="$2"; shift 2 ;;
    --no-results) save=0; shift ;;
    -*) echo "kernel_tiers: unknown argument '$1'" >&2; exit 2 ;;
    *) sizes+=("$1"); shift ;;
  esac
done
[ -x "$bench" ] || { echo "kernel_tiers: $bench is not an executable" >&2; exit 2; }
if [ -n "$peer" ] && [ -z "$peer_name" ]; then
  base=$(basename "${peer%% *}")
  peer_name=${base%%-*}/unnamed
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$save" = 1 ]; then
  out=$(python3 "$(dirname "$0")/results.py" new tiers --results "$results" ${machine:+--machine "$machine"} \
        --note "bench: $bench" --note "peer: ${peer:-none}" \
        --note "load: $(cut -d' ' -f1-3 /proc/loadavg)" -- "$0" "${args[@]}" 2>"$tmp/err") ||
    { echo "kernel_tiers: $(cat "$tmp/err")" >&2; exit 2; }
fi

flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
simd=$(for f in avx512f avx2 bmi2 asimd; do case " $flags " in *" $f "*) printf '%s ' "$f" ;; esac; done)
echo "# $(lscpu | sed -n 's/^Model name: *//p') (${simd% }), $(date -u +%F)"
"$bench" --tiers --runs "$runs" "${sizes[@]}" | tee "$tmp/tiers"

# kernel_bench's two tables as result rows: every tier's search against the plain backtracker
# ("N baseline reference (x) TIER (x) ..."), then count -j 1 under each tier ("N baseline
# TIER (x, METHOD) ...").
if [ "$save" = 1 ]; then
  python3 - "$tmp/tiers" "$runs" >>"$out" <<'EOF'
import re, sys
path, runs = sys.argv[1], sys.argv[2]
tiers, table = [], 0
for line in open(path):
    words = line.split()
    if words[:1] == ["N"]:
        table += 1
        tiers = [w for w, nxt in zip(words, words[1:] + [""]) if nxt == "s" and w != "baseline"]
        continue
    if not words or not words[0].isdigit() or not tiers:
        continue
    n, base = words[0], words[1]
    cells = re.findall(r"(\d+\.\d+)\s*\(\s*(\d+\.\d+)x(?:,\s*(\w+))?", line)
    for tier, (secs, ratio, method) in zip(tiers, cells):
        ours = f"{tier}/{method}" if table == 2 else f"{tier}/kernel"
        note = "count -j 1" if table == 2 else ""
        print(f"tiers\t{n}\t{ours}\t{secs}\tbaseline\t{base}\tthread-s\t{ratio}\t{runs}\tmedian\t{note}")
EOF
fi

if [ -n "$peer" ]; then
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
      took=$( { time $cmd >"$tmp/peer.out" 2>&1; } 2>&1 ) || { echo "kernel_tiers: $cmd failed" >&2; exit 1; }
      times+=("$(awk '{printf "%.3f", $1 + $2}' <<<"$took")")
      result=$(sed -n 's/^Result: *//p' "$tmp/peer.out")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    printf '%3d  %9s s  result %s  (%s)\n' "$n" "$median" "$result" "$cmd"
    [ "$save" = 0 ] ||
      printf 'tiers\t%s\t\t\t%s\t%s\tcpu-s\t\t%s\tmedian\tresult %s\n' "$n" "$peer_name" "$median" \
        "$runs" "$result" >>"$out"
  done
fi
[ "$save" = 0 ] || echo "kernel_tiers: wrote $out" >&2
