#!/usr/bin/env bash
# A frozen rank cannot stall a cluster run: `mpirun -np 3 nqueens-mpi count 17` with rank 2
# stopped by SIGSTOP part way still prints the exact count. Rank 2 is stopped once the record
# lists done jobs: usually out with a batch, which rank 1 counts again once no fresh jobs are
# left (out for --overdue-after 1 s and 8 times its expected time, about 4 s at most); on a
# busy machine sometimes before its first request, and then it is given up 1 s after the start
# once every job is in (Roster in src/mpi/dispatcher.hpp covers each case alone). Rank 0 prints
# the result, then ends the rank that never answers (MPI_Abort), so the stopped process does
# not keep the test waiting. Usually 5-10 s.
# Usage: frozen_rank_test.sh MPIEXEC NQUEENS_MPI KNOWN_CHECK [N]   (default 17; sanitizer
# builds pass 16)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2 check=$3 n=${4:-17}
cd "$tmp" || exit 1

start=$SECONDS
"$mpiexec" -np 3 "$bin" count $n -j 1 --overdue-after 1 --checkpoint f.rec \
  --checkpoint-seconds 0.05 -q >out 2>err &
pid=$!
wait_for_progress f.rec  # the run is part way
victim=$(rank_pid $pid 2)
if [ -z "$victim" ]; then
  fail "no rank 2 found"
else
  kill -STOP "$victim"
  echo "rank 2 (pid $victim) stopped after $((SECONDS - start)) s"
fi

# The run must end by itself, well within 60 s; if it does not, clean up and fail.
ends_by_itself $pid "rank 2 was stopped (the frozen rank stalls the run)" "$victim"
wait $pid
rc=$?
echo "mpirun exit $rc after $((SECONDS - start)) s"
"$check" $n <out || fail "wrong or missing result (exit $rc): $(cat out) $(cat err)"
grep -q "stopped answering" err ||
  fail "rank 2 was not reported as hung (was it stopped before the end of the run?): $(cat err)"
[ $rc -eq 0 ] || fail "mpirun exit $rc, expected 0 (the result is complete): $(cat err)"
if [ -n "$victim" ]; then  # ended by Open MPI once rank 0 aborted the job (moments after mpirun)
  for _ in $(seq 1 100); do
    kill -0 "$victim" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$victim" 2>/dev/null; then
    fail "the stopped rank (pid $victim) is still there 10 s after mpirun ended"
    kill -9 "$victim" 2>/dev/null
  fi
fi
finish
