#!/usr/bin/env bash
# One-thread counts side by side on a many-core machine: every (counter, N, run) is its own
# single-threaded process, up to SLOTS at a time (default: cores - 1), longest N first; prints
# the median CPU seconds (user + sys) per counter and N as a Markdown table. Ours: the
# backtracker in each kernel tier this CPU has, and the join; the peer: any binary, named by
# a command template with {n} for N (Kluev's counter: one binary per N, first argument the
# thread count). Fetches and builds nothing. The figures also go to
# bench/results/<machine>/<date>-many-core.tsv (bench/results/README.md).
#
#   bench/many_core_counts.sh --nqueens build/portable/nqueens --sizes "16 17 18 19" \
#       --runs 3 --peer '/tmp/kluev-{n} 1' --peer-name kluev/native
#
# --peer-name says which peer and build it is (default: the binary's name up to its first '-',
# then /unnamed); --results DIR writes the result file under DIR, --machine NAME names the
# machine's folder (default: bench/results.py machine), --no-results writes none. Every
# process's total is checked against OEIS A000170 (the peer's output must contain it).
set -euo pipefail
nqueens=build/release/nqueens
sizes="16 17 18"
runs=3
peer=""
slots=$(($(nproc) - 1))
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
    --peer) peer=$2; shift 2 ;;
    --slots) slots=$2; shift 2 ;;
    --peer-name) peer_name=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --no-results) save=0; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "many_core_counts: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$nqueens" ] || { echo "many_core_counts: no nqueens binary at $nqueens" >&2; exit 2; }
[ "$slots" -ge 1 ] || slots=1
known=(1 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512 95815104
       666090624 4968057848 39029188884 314666222712)
tiers=$("$nqueens" --version | sed -n 's/.*(available: \([a-z0-9, ]*\);.*/\1/p' | tr -d ,)
counters=""
for t in $tiers; do [ "$t" = scalar ] || counters+=" $t"; done
counters+=" join"
[ -n "$peer" ] && counters+=" peer"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$peer" ] && [ -z "$peer_name" ]; then
  base=$(basename "${peer%% *}")
  peer_name=${base%%-*}/unnamed
fi
best=$("$nqueens" --version | sed -n 's/.*on this CPU: \([a-z0-9]*\).*/\1/p')
if [ "$save" = 1 ]; then
  out=$(python3 "$(dirname "$0")/results.py" new many-core --results "$results" ${machine:+--machine "$machine"} \
        --note "nqueens: $("$nqueens" --version | tr '\n' ' ')" --note "peer: ${peer:-none}" \
        --note "$(nproc) CPUs, $slots processes at a time" -- "$0" "${args[@]}" 2>"$tmp/err") ||
    { echo "many_core_counts: $(cat "$tmp/err")" >&2; exit 2; }
fi

# The jobs, longest N first: "NAME N COMMAND...".
for n in $(tr ' ' '\n' <<<"$sizes" | sort -nr); do
  for r in $(seq "$runs"); do
    for c in $counters; do
      case $c in
        join) cmd="$nqueens count $n -j 1 --method join --json -q" ;;
        peer) cmd=${peer//\{n\}/$n} ;;
        *) cmd="env NQUEENS_KERNEL=$c $nqueens count $n -j 1 --method backtrack --json -q" ;;
      esac
      echo "$c-$n-$r $n $cmd"
    done
  done
done >"$tmp/jobs"

started=0
while read -r name n cmd; do
  [ $started -ge "$slots" ] && wait -n
  # shellcheck disable=SC2086  # the command line is split on purpose
  ( /usr/bin/time -o "$tmp/$name.time" -f "%U %S" $cmd >"$tmp/$name.out" 2>&1
    grep -qw "${known[$n]}" "$tmp/$name.out" || echo "$name did not print Q($n)" >>"$tmp/failed" ) &
  started=$((started + 1))
done <"$tmp/jobs"
wait
if [ -s "$tmp/failed" ]; then
  sed 's/^/many_core_counts: /' "$tmp/failed" >&2
  exit 1
fi

median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
echo "# $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $slots processes at a time, $(date -u +%F)"
header="| N |"; rule="|---|"
for c in $counters; do header+=" $c |"; rule+="---|"; done
echo "$header"; echo "$rule"
for n in $sizes; do
  row="| $n |"
  for c in $counters; do
    cat "$tmp/$c-$n-"*.time | awk '{printf "%.3f\n", $1 + $2}' | median >"$tmp/$c-$n.median"
    row+=" $(cat "$tmp/$c-$n.median") |"
  done
  echo "$row"
  [ "$save" = 1 ] || continue
  p=""
  [ -z "$peer" ] || p=$(cat "$tmp/peer-$n.median")
  for c in $counters; do
    case $c in
      peer) continue ;;
      join) variant=$best/join ;;
      *) variant=$c/backtrack ;;
    esac
    awk -v n="$n" -v v="$variant" -v a="$(cat "$tmp/$c-$n.median")" -v pn="${peer:+$peer_name}" \
        -v b="$p" -v r="$runs" -v note="$slots processes at a time" \
      'BEGIN { ratio = (b != "" && a > 0) ? sprintf("%.2f", b / a) : "";
               printf "count\t%s\t%s\t%s\t%s\t%s\tcpu-s\t%s\t%s\tmedian\t%s\n", n, v, a, pn, b, ratio, r, note }' >>"$out"
  done
done
[ "$save" = 0 ] || echo "many_core_counts: wrote $out" >&2
