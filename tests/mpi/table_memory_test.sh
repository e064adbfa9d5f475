#!/usr/bin/env bash
# --table-memory on 3 ranks: every rank counts the join's groups by searching each half under a
# table memory of 0 (the exact count); `--method auto` follows the table memory (the AVX2 tier
# takes the join at N = 18 only with its tables), and a record resumes only under a table memory
# that chooses the method it was started with (exit 2, one line).
# Usage: table_memory_test.sh MPIEXEC NQUEENS_MPI KNOWN_CHECK
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2 check=$3
cd "$tmp" || exit 1

out=$(timeout 60 "$mpiexec" -np 3 "$bin" count 14 -j 1 -q --method join --table-memory 0) \
  || fail "count 14 --method join --table-memory 0: exit $?"
echo "$out" | "$check" 14 || fail "count 14 --method join --table-memory 0: $out"

if ! "$bin" count --help | grep -q 'or one of.* avx2'; then
  [ "$FAILURES" -eq 0 ] || finish
  echo "SKIP: no AVX2 kernel tier on this CPU"
  exit 77
fi
for memory in 0 4096; do
  want=$([ $memory = 0 ] && echo backtrack || echo join)
  timeout 60 "$mpiexec" -np 3 "$bin" count 18 -j 1 -q --kernel avx2 --table-memory $memory \
    --shard 1/100000 --checkpoint tm$memory.rec >out 2>err || fail "--table-memory $memory: exit $?: $(cat err)"
  grep -q "$want method" out || fail "count 18 --table-memory $memory: not the $want method: $(cat out)"
done
# The join's record under the backtracker's table memory: refused, naming the record's method.
timeout 60 "$mpiexec" -q -np 3 "$bin" count 18 -j 1 -q --kernel avx2 --table-memory 0 \
  --shard 1/100000 --checkpoint tm4096.rec >out 2>err; rc=$?
[ $rc -eq 2 ] || fail "a join record resumed with --table-memory 0: exit $rc"
[ "$(wc -l <err)" -eq 1 ] || fail "refusal is not one line: $(cat err)"
grep -q "^nqueens-mpi: .*record of the join method" err || fail "refusal: $(cat err)"
finish
