#!/usr/bin/env bash
# nqueens-mpi checks its own output as `nqueens` does: a result, --json, --help or --version
# that cannot be written (rank 0's standard output on /dev/full) is one line on stderr from rank
# 0 and exit 2, never exit 0 with the output lost; under mpirun with one rank and with three,
# and started alone (a singleton, no mpirun).
#
# Under mpirun a rank's standard output is a pipe to mpirun, which copies it to its own; mpirun
# does not report a failed write there (`mpirun ... > /dev/full` exits 0, an Open MPI
# limitation, docs/RELIABILITY.md). So rank 0 is started through `sh -c 'exec ... >/dev/full'`
# (an MPMD launch): its own standard output is the full device.
# Usage: failing_output_test.sh MPIEXEC NQUEENS_MPI
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2
cd "$tmp" || exit 1

# check_lost WHAT RC: exit 2, and stderr is one line saying the output was lost.
check_lost() {
  local what=$1 rc=$2
  [ "$rc" -eq 2 ] || fail "$what: exit $rc, expected 2 ($(cat err))"
  [ "$(wc -l <err)" -eq 1 ] || fail "$what: stderr is not one line: $(cat err)"
  # The reason is errno's where a checked write failed ("No space left on device"), else "a
  # write failed" (CLI11 prints --version through std::cout, whose flush keeps no errno).
  grep -Eq "^nqueens-mpi: cannot write output: (No space left on device|a write failed)$" err ||
    fail "$what: message: $(cat err)"
  echo "ok: $what: $(cat err)"
}
# expect_lost WHAT RANKS ARGS...: mpirun with rank 0 writing to /dev/full and RANKS - 1 more
# ranks (mpirun -q hides mpirun's own banner about the non-zero exit); within 60 s.
expect_lost() {
  local what=$1 ranks=$2; shift 2
  local rest=()
  [ "$ranks" -gt 1 ] && rest=(: -np $((ranks - 1)) "$bin" "$@")
  timeout 60 "$mpiexec" -q -np 1 sh -c 'exec "$0" "$@" >/dev/full' "$bin" "$@" "${rest[@]}" \
    2>err
  check_lost "$what" $?
}

expect_lost "count 10, 3 ranks" 3 count 10 -j 1
expect_lost "count 10, 1 rank" 1 count 10 -j 1
expect_lost "count 10 --json, 3 ranks" 3 count 10 -j 1 --json
expect_lost "--help, 3 ranks" 3 --help
expect_lost "--version, 1 rank" 1 --version
# A singleton (no mpirun): standard output is the process's own.
timeout 60 "$bin" count 10 -j 1 >/dev/full 2>err
check_lost "count 10, singleton" $?

# The same runs into a file are fine (exit 0): the check is on failed writes only.
timeout 60 "$mpiexec" -q -np 1 sh -c 'exec "$0" "$@" >out' "$bin" count 10 -j 1 : \
  -np 2 "$bin" count 10 -j 1 2>err || fail "count 10 into a file: exit $?: $(cat err)"
grep -q '^total: 724$' out || fail "count 10 into a file: $(cat out)"
finish
