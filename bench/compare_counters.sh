#!/usr/bin/env bash
# Side-by-side counting benchmark: `nqueens count N -j THREADS --method M` for each method,
# and optionally a peer counter, interleaved run by run on the same machine; prints one
# Markdown row per N with the median CPU seconds (user + sys) of each and the ratios, and
# writes the same figures to bench/results/<machine>/<date>-count.tsv (bench/results/README.md).
#
#   bench/compare_counters.sh --nqueens build/release/nqueens --sizes "16 17 18" --runs 5 \
#       --peer '/tmp/peers/kluev-{n}-avx2 1' --peer-name kluev/x86-64-v3
#
# --peer is a command line in which {n} stands for N (Kluev's counter takes N at compile time,
# so one binary per N; its first argument is the thread count); --peer-name says which peer and
# build it is (default: the binary's name up to its first '-', then /unnamed). The peer is
# never fetched or built here: build it yourself (docs/BENCHMARKS.md says how) and pass its
# path. --results DIR writes the result file under DIR instead, --machine NAME names the
# machine's folder (default: bench/results.py machine), --no-results writes none. A method
# whose total is not Q(N), or a peer whose output does not contain Q(N), fails the script.
set -euo pipefail

nqueens=build/release/nqueens
sizes="16 17 18"
runs=5
threads=1
methods="backtrack join"
peer=""
peer_name=""
results=$(dirname "$0")/results
machine=""
save=1
args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --nqueens) nqueens=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --methods) methods=$2; shift 2 ;;
    --peer) peer=$2; shift 2 ;;
    --peer-name) peer_name=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --no-results) save=0; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "compare_counters: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$nqueens" ] || { echo "compare_counters: no nqueens binary at $nqueens" >&2; exit 2; }
if [ -n "$peer" ] && [ -z "$peer_name" ]; then
  base=$(basename "${peer%% *}")
  peer_name=${base%%-*}/unnamed
fi

# OEIS A000170, N = 0..27.
known=(1 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512 95815104
       666090624 4968057848 39029188884 314666222712 2691008701644 24233937684440
       227514171973736 2207893435808352 22317699616364044 234907967154122528)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$save" = 1 ]; then
  out=$(python3 "$(dirname "$0")/results.py" new count --results "$results" ${machine:+--machine "$machine"} \
        --note "nqueens: $("$nqueens" --version 2>/dev/null | tr '\n' ' ')" \
        --note "peer: ${peer:-none}" --note "load: $(cut -d' ' -f1-3 /proc/loadavg)" \
        -- "$0" "${args[@]}" 2>"$tmp/err") || { echo "compare_counters: $(cat "$tmp/err")" >&2; exit 2; }
fi

# cpu_seconds FILE CMD...: runs CMD, appends its user+sys seconds to FILE, echoes its stdout.
cpu_seconds() {
  local file=$1; shift
  /usr/bin/time -o "$tmp/time" -f "%U %S" "$@" >"$tmp/out" 2>/dev/null
  awk '{printf "%.3f\n", $1 + $2}' "$tmp/time" >>"$file"
  cat "$tmp/out"
}

median() { sort -g "$1" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

header="| N |"
rule="|---|"
for m in $methods; do header+=" nqueens $m -j $threads |"; rule+="---|"; done
[ -n "$peer" ] && { header+=" peer |"; rule+="---|"; }
for m in $methods; do [ -n "$peer" ] && { header+=" $m / peer |"; rule+="---|"; }; done
echo "$header"
echo "$rule"

for n in $sizes; do
  for r in $(seq "$runs"); do
    for m in $methods; do
      json=$(cpu_seconds "$tmp/$n-$m" "$nqueens" count "$n" -j "$threads" --method "$m" --json -q)
      got=$(sed -n 's/.*"total":\([0-9]*\).*/\1/p' <<<"$json")
      sed -n 's/.*"kernel":"\([a-z0-9]*\)".*/\1/p' <<<"$json" >"$tmp/$m.kernel"
      [ "$got" = "${known[$n]}" ] || { echo "compare_counters: nqueens --method $m N=$n gave '$got'" >&2; exit 1; }
    done
    if [ -n "$peer" ]; then
      # shellcheck disable=SC2086  # the peer command line is split on purpose
      cpu_seconds "$tmp/$n-peer" ${peer//\{n\}/$n} | grep -qw "${known[$n]}" ||
        { echo "compare_counters: the peer's output for N=$n does not contain Q(N)" >&2; exit 1; }
    fi
  done
  row="| $n |"
  for m in $methods; do row+=" $(median "$tmp/$n-$m") |"; done
  p=""
  if [ -n "$peer" ]; then
    p=$(median "$tmp/$n-peer")
    row+=" $p |"
    for m in $methods; do
      row+=" $(awk -v a="$(median "$tmp/$n-$m")" -v b="$p" 'BEGIN {printf "%.2f", a / b}') |"
    done
  fi
  echo "$row"
  if [ "$save" = 1 ]; then
    for m in $methods; do
      a=$(median "$tmp/$n-$m")
      variant="$(cat "$tmp/$m.kernel")/$m"
      [ "$threads" = 1 ] || variant+=" -j $threads"
      awk -v n="$n" -v v="$variant" -v a="$a" -v pn="${peer:+$peer_name}" -v b="$p" -v r="$runs" \
        'BEGIN { ratio = (b != "" && a > 0) ? sprintf("%.2f", b / a) : "";
                 printf "count\t%s\t%s\t%s\t%s\t%s\tcpu-s\t%s\t%s\tmedian\t\n", n, v, a, pn, b, ratio, r }' >>"$out"
    done
  fi
done
[ "$save" = 0 ] || echo "compare_counters: wrote $out" >&2
