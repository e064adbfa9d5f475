#!/usr/bin/env bash
# A rank stopped (SIGSTOP) at the start or at the end of an nqueens-mpi job cannot hang it:
# `mpirun -np 3 nqueens-mpi count N` with rank 2 stopped at one point each time, by
# libstop_rank.so (tests/mpi/stop_rank.cpp, loaded with LD_PRELOAD; it wraps MPI_Init_thread and
# MPI_Finalize through the profiling interface). Each run must end by itself, with every
# process gone, and say what happened in one line:
#   init      inside MPI_Init (the others wait there): exit 2 after --start-timeout 5, no result
#   started   after MPI_Init, before it reports to rank 0: exit 2 after --start-timeout 5
#   end       at the ranks' last meeting before MPI_Finalize (the others wait there): the exact
#             result, exit 1 after --overdue-after 1 (rank 0 exits, mpirun ends the others)
#   finalize  on entry to MPI_Finalize (the others wait inside it): the exact result, exit 1
#             after --overdue-after 1, every rank gone. Open MPI 4.1's mpirun itself then
#             deadlocks in about 1 run in 10, every rank already gone: that is reported as a
#             note, mpirun is killed and the exit code is not checked
#   exit      past MPI_Finalize's barrier (mpirun waits for it): the exact result, exit 1 after
#             --overdue-after 1
# and, without the library, rank 2 stopped as soon as the result is printed (exit 0, or 1 as in
# `exit`).
# (The mid-run freeze is tests/mpi/frozen_rank_test.sh.) About 20 s.
# Usage: stopped_rank_test.sh MPIEXEC NQUEENS_MPI KNOWN_CHECK STOP_RANK_LIB
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2 check=$3 lib=$4
n=12
cd "$tmp" || exit 1

# stopped_run POINT ARGS...: runs the job with rank 2 stopped at POINT; sets rc. Fails when
# mpirun is still running 60 s later or the stopped rank is still there 10 s after mpirun ended;
# with MPIRUN_MAY_DEADLOCK=1, an mpirun still running 10 s after every rank is gone is a note
# (rc is then empty).
stopped_run() {
  local point=$1 start=$SECONDS victim="" c gone_since=""
  shift
  "$mpiexec" -x LD_PRELOAD="$lib" -x NQUEENS_STOP_RANK=2 -x NQUEENS_STOP_AT="$point" -np 3 \
    "$bin" count $n -j 1 "$@" >out 2>err &
  local pid=$!
  for _ in $(seq 1 600); do
    if [ -z "$victim" ]; then
      for c in $(pgrep -P $pid); do
        [ "$(awk '{print $3}' /proc/$c/stat 2>/dev/null)" = T ] && victim=$c
      done
    fi
    kill -0 $pid 2>/dev/null || break
    if [ "${MPIRUN_MAY_DEADLOCK:-0}" = 1 ] && [ -n "$victim" ]; then
      if [ -z "$(ps -o stat= --ppid $pid | grep -v Z)" ]; then
        : "${gone_since:=$SECONDS}"
        [ $((SECONDS - gone_since)) -ge 10 ] && break
      fi
    fi
    sleep 0.1
  done
  rc=""
  if kill -0 $pid 2>/dev/null && [ -n "$gone_since" ]; then
    echo "note: $point: every rank gone, mpirun itself still running after 10 s (Open MPI's deadlock); killed"
    kill -9 $pid
    wait $pid
  else
    if kill -0 $pid 2>/dev/null; then
      fail "$point: mpirun still running after 60 s: $(cat err)"
      [ -n "$victim" ] && kill -9 "$victim"
      kill -9 $pid
    fi
    wait $pid
    rc=$?
  fi
  [ -n "$victim" ] || fail "$point: rank 2 was never seen stopped"
  for _ in $(seq 1 100); do
    [ -n "$victim" ] && kill -0 "$victim" 2>/dev/null || break
    sleep 0.1
  done
  if [ -n "$victim" ] && kill -0 "$victim" 2>/dev/null; then
    fail "$point: the stopped rank (pid $victim) is still there 10 s after mpirun ended"
    kill -9 "$victim"
  fi
  echo "$point: exit $rc after $((SECONDS - start)) s: $(grep '^nqueens-mpi' err)"
}
# expect_line POINT TEXT: rank 0 said TEXT, in one line of its own.
expect_line() {
  [ "$(grep -c '^nqueens-mpi:' err)" -eq 1 ] && grep -q "^nqueens-mpi: .*$2" err ||
    fail "$1: expected one line with '$2': $(cat err)"
}

stopped_run init --start-timeout 5
[ $rc -eq 2 ] || fail "init: exit $rc, expected 2"
[ ! -s out ] || fail "init: printed a result: $(cat out)"
expect_line init "MPI_Init did not finish within 5 s"

stopped_run started --start-timeout 5
[ $rc -eq 2 ] || fail "started: exit $rc, expected 2"
[ ! -s out ] || fail "started: printed a result: $(cat out)"
expect_line started "rank 2 did not report within 5 s of the start"

stopped_run end --overdue-after 1
[ $rc -eq 1 ] || fail "end: exit $rc, expected 1"
"$check" $n <out || fail "end: wrong or missing result"
expect_line end "a rank did not finish within 1 s of the end.*exiting with code 1.*result above is complete"

MPIRUN_MAY_DEADLOCK=1 stopped_run finalize --overdue-after 1
[ -z "$rc" ] || [ $rc -eq 1 ] || fail "finalize: exit $rc, expected 1"
"$check" $n <out || fail "finalize: wrong or missing result"
expect_line finalize "a rank did not finish within 1 s of the end.*exiting with code 1.*result above is complete"

stopped_run exit --overdue-after 1
[ $rc -eq 1 ] || fail "exit: exit $rc, expected 1"
"$check" $n <out || fail "exit: wrong or missing result"
expect_line exit "rank 2 did not exit within 1 s of the end.*result above is complete"

# The attack as it was reported: rank 2 stopped as soon as the result is out. Rank 0 prints it
# only after MPI_Finalize and once the ranks of its node are gone, so rank 2 is gone by then
# (or, if not, ended as in `exit`); the job ends with the exact result.
start=$SECONDS
"$mpiexec" -np 3 "$bin" count $n -j 1 --overdue-after 1 >out 2>err &
pid=$!
victim=""
for _ in $(seq 1 3000); do
  [ -z "$victim" ] && victim=$(rank_pid $pid 2)
  grep -q '^total:' out 2>/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.01
done
[ -n "$victim" ] && kill -STOP "$victim" 2>/dev/null && echo "printed: rank 2 stopped after the result"
ends_by_itself $pid "rank 2 was stopped after the result (printed)" "$victim"
wait $pid
rc=$?
[ -n "$victim" ] && kill -9 "$victim" 2>/dev/null
echo "printed: exit $rc after $((SECONDS - start)) s"
"$check" $n <out || fail "printed: wrong or missing result"
[ $rc -le 1 ] || fail "printed: exit $rc: $(cat err)"

finish
