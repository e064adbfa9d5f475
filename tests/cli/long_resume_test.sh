#!/usr/bin/env bash
# Benchmark-sized crash safety (ctest -L long): N = 18 counted by the join method, killed with
# SIGKILL twice part way, resumed each time with the same command; the end result must be
# exactly Q(18) and its fundamental count (OEIS A000170, A002562).
# Usage: long_resume_test.sh path/to/nqueens
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
bin=$(realpath "$1")
cd "$tmp" || exit 1

count=("$bin" count 18 --method join -j 2 --checkpoint n18.rec --checkpoint-seconds 0.5 -q)
for seconds in 4 7; do
  "${count[@]}" >/dev/null 2>&1 &
  pid=$!
  sleep "$seconds"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  grep -q '^done [0-9]' n18.rec || fail "no progress saved after ${seconds}s"
  echo "killed after ${seconds}s: $(grep -c . n18.rec) lines, $(sed -n 's/^done //p' n18.rec | tr ',' '\n' | wc -l) done ranges"
done
"${count[@]}" >out 2>err || fail "resume failed: $(cat err)"
grep -q '^total: 666090624$' out || fail "total after two kills: $(cat out)"
grep -q '^unique: 83263591$' out || fail "unique after two kills: $(cat out)"
grep -q 'resumed from n18.rec' out || fail "the last run did not resume: $(cat out)"
finish
