#!/usr/bin/env bash
# A rank killed with SIGKILL part way: under `mpirun --enable-recovery` the job goes on without
# it and prints the exact count, exit 0 (its batch is counted again by another rank once it is
# overdue, --overdue-after 1, and rank 0 ends the job once the count is complete, naming the
# rank). Without --enable-recovery Open MPI's mpirun ends every rank once one dies; that case,
# and its resume, is tests/mpi/resume_test.sh. Usually 3-8 s.
# Usage: lost_rank_test.sh MPIEXEC NQUEENS_MPI KNOWN_CHECK [N]   (default 17; sanitizer builds
# pass 16)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2 check=$3 n=${4:-17}
cd "$tmp" || exit 1

start=$SECONDS
"$mpiexec" --enable-recovery -np 3 "$bin" count $n -j 1 --overdue-after 1 --checkpoint f.rec \
  --checkpoint-seconds 0.05 -q >out 2>err &
pid=$!
wait_for_progress f.rec  # the run is part way
victim=$(rank_pid $pid 1)
if [ -z "$victim" ]; then
  fail "no rank 1 found"
else
  kill -9 "$victim"
  echo "rank 1 (pid $victim) killed after $((SECONDS - start)) s"
fi
ends_by_itself $pid "rank 1 was killed"
wait $pid
rc=$?
echo "mpirun exit $rc after $((SECONDS - start)) s"
"$check" $n <out || fail "wrong or missing result (exit $rc): $(cat out) $(cat err)"
grep -q "^nqueens-mpi: rank(s) 1 stopped answering" err ||
  fail "rank 1 was not reported as lost (did the run end before the kill?): $(cat err)"
[ $rc -eq 0 ] || fail "mpirun exit $rc, expected 0 (the result is complete): $(cat err)"
jobs=$(sed -n 's/^jobs //p' f.rec)
grep -qx "done 0-$((jobs - 1))" f.rec || fail "the record is not complete: $(grep '^done' f.rec)"
finish
