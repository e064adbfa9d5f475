#!/usr/bin/env bash
# A record run in small (docs/RECORD.md, "Rehearsal"): count N as K shards with job logs and a
# verify sample (run A), one shard killed with SIGKILL part way and resumed with the same command,
# the same shards counted again (run B), every shard's logs compared job by job, the records and
# the logs of run A merged and checked against OEIS. Prints the time each step took (wall and
# CPU of its processes) and appends them to bench/results/<machine>/<date>-record-rehearsal.tsv.
#
# Usage: bench/record_rehearsal.sh NQUEENS [N [K [THREADS [KILLED_SHARD [KILL_AFTER_S]]]]]
#        (defaults 20, 16, 2, 5, 4); WORK=DIR keeps the files there (default: a temporary folder).
set -u
NQ=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
N=${2:-20} K=${3:-16} J=${4:-2} KILLED=${5:-5} AFTER=${6:-4}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK/a" "$WORK/b"
cd "$WORK" || exit 1
ROWS=()

# step NAME COMMAND...: runs it, records wall and CPU seconds (the children's user + sys).
step() {
  local name=$1
  shift
  local t0 c0 t1 c1
  t0=$(date +%s.%N)
  c0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  "$@"
  local rc=$?
  t1=$(date +%s.%N)
  c1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  local wall cpu
  wall=$(echo "$t1 - $t0" | bc)
  cpu=$(echo "($c1 - $c0) / $(getconf CLK_TCK)" | bc -l)
  printf '%-40s %9.1f s wall %9.1f s CPU (exit %d)\n' "$name" "$wall" "$cpu" "$rc"
  ROWS+=("record-rehearsal	$N as $K shards: $name	wall	$(printf %.1f "$wall")			wall-s		1	one	CPU $(printf %.1f "$cpu") s, exit $rc")
  return $rc
}

shard() {  # shard RUN I [extra options]
  local run=$1 i=$2
  shift 2
  "$NQ" count "$N" -q -j "$J" --shard "$i/$K" --checkpoint "$run/$i.record" --job-log "$run/$i.log" "$@" \
    >"$run/$i.out" 2>"$run/$i.err"
}
# The same in a background subshell that becomes the count itself, so that its pid is the
# count's and kill -9 reaches it.
shard_exec() {
  local run=$1 i=$2
  shift 2
  exec "$NQ" count "$N" -q -j "$J" --shard "$i/$K" --checkpoint "$run/$i.record" --job-log "$run/$i.log" "$@" \
    >"$run/$i.out" 2>"$run/$i.err"
}

run_a() {
  for i in $(seq 1 "$K"); do
    if [ "$i" -eq "$KILLED" ]; then
      shard_exec a "$i" --verify-sample 1 --checkpoint-seconds 1 &
      local pid=$!
      sleep "$AFTER"
      kill -9 "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      echo "shard $i/$K killed after ${AFTER} s: $(grep -c '' "a/$i.log") log lines, record: $(grep '^done ' "a/$i.record")"
      shard a "$i" --verify-sample 1 || return 1
      echo "shard $i/$K resumed: $(grep -E '^(seconds|verified)' "a/$i.out" | tr '\n' ' ')"
    else
      shard a "$i" --verify-sample 1 || return 1
    fi
  done
}

run_b() {
  for i in $(seq 1 "$K"); do shard b "$i" || return 1; done
}

compare() {
  local rc=0
  for i in $(seq 1 "$K"); do "$NQ" merge --compare "a/$i.log" "b/$i.log" >"compare-$i.out" || rc=1; done
  cat compare-*.out | sort | uniq -c | sed 's/^/  /'
  return $rc
}

merge_records() { "$NQ" merge a/*.record >merge-records.out; }
merge_logs() { "$NQ" merge a/*.log >merge-logs.out; }

verified() {
  awk '/^verified:/ {jobs += $2} END {print jobs + 0}' a/*.out
}

step "run A (logs, 1% verify, shard $KILLED killed)" run_a || exit 1
step "run B (logs)" run_b || exit 1
step "compare A and B job by job" compare || exit 1
step "merge run A's records" merge_records || exit 1
step "merge run A's logs" merge_logs || exit 1
cat merge-records.out
cmp -s merge-records.out merge-logs.out && echo "the logs merge to the same report as the records"
echo "jobs recounted by the verify sample in run A: $(verified)"
# The published counts, from the library's table (src/board/include/nqueens/known_counts.hpp).
published() {  # published ARRAY N
  python3 - "$HERE/../src/board/include/nqueens/known_counts.hpp" "$1" "$2" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
body = text[text.index(sys.argv[2] + "[]"):]
body = body[body.index("{") + 1:body.index("}")]
print([int(v) for v in re.findall(r"\d+", body)][int(sys.argv[3])])
PY
}
if [ "$N" -le 27 ]; then
  total=$(published kTotal "$N") unique=$(published kUnique "$N")
  grep -q "^total: $total$" merge-records.out && grep -q "^unique: $unique$" merge-records.out &&
    echo "total and unique: the OEIS A000170 and A002562 values ($total, $unique)" ||
    { echo "the merged count is not OEIS's $total, $unique"; exit 1; }
fi

if [ "${NO_RESULTS:-}" != 1 ]; then
  out=$(python3 "$HERE/results.py" new record-rehearsal --note "load average at the end: $(cut -d' ' -f1 /proc/loadavg)" -- "$0" "$@")
  printf '%s\n' "${ROWS[@]}" >>"$out"
  echo "results: $out"
fi
echo "files: $WORK"
