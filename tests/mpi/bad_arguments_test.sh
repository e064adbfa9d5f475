#!/usr/bin/env bash
# Bad arguments end every rank of `mpirun -np 3 nqueens-mpi ...` within seconds (timeout proves
# no rank hangs), with exit 2 and one message from rank 0 only; also when only some ranks get
# the bad arguments (MPMD launch) or another job list. --help and --version exit 0.
# Usage: bad_arguments_test.sh MPIEXEC NQUEENS_MPI
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2
cd "$tmp" || exit 1

# expect_refused WHAT PATTERN MPIRUN-ARGS...: exit 2 within 20 s, stderr exactly one line (mpirun
# -q hides mpirun's own banner about the non-zero exit) that matches PATTERN.
expect_refused() {
  local what=$1 pattern=$2; shift 2
  local start=$SECONDS
  timeout 20 "$mpiexec" -q "$@" >out 2>err; local rc=$?
  [ $rc -eq 124 ] && { fail "$what: still running after 20 s (a rank hangs)"; return; }
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2 ($(cat err))"
  [ "$(wc -l <err)" -eq 1 ] || fail "$what: stderr is not one line: $(cat err)"
  grep -q "^nqueens-mpi: .*$pattern" err || fail "$what: message: $(cat err)"
  [ -s out ] && fail "$what: something on stdout: $(cat out)"
  echo "refused in $((SECONDS - start)) s: $what: $(cat err)"
}

expect_refused "N missing" "N is required" -np 3 "$bin" count
expect_refused "N = 0" "N must be between 1 and 32, got '0'" -np 3 "$bin" count 0
expect_refused "N = abc" "N must be a whole number (decimal digits only), got 'abc'" -np 3 "$bin" count abc
expect_refused "N = 33" "N must be between 1 and 32, got '33'" -np 3 "$bin" count 33
expect_refused "--shard 5/4" "shard I/K needs" -np 3 "$bin" count 10 --shard 5/4
expect_refused "--shard x" "shard must look like I/K" -np 3 "$bin" count 10 --shard x
expect_refused "unknown flag" "not expected: --bogus" -np 3 "$bin" count 10 --bogus
expect_refused "unknown command" "unknown command 'cunt'" -np 3 "$bin" cunt 10
expect_refused "--overdue-after 0" "overdue-after must be a number of seconds in (0, 86400], got '0'" \
  -np 3 "$bin" count 10 --overdue-after 0
expect_refused "--overdue-after -1" "overdue-after must be a number of seconds in" -np 3 "$bin" count 10 --overdue-after -1
expect_refused "--overdue-after 1e9" "overdue-after must be a number of seconds in" -np 3 "$bin" count 10 --overdue-after 1e9
expect_refused "--overdue-after x" "overdue-after" -np 3 "$bin" count 10 --overdue-after x
expect_refused "--start-timeout 0" "start-timeout must be a number of seconds in (0, 86400], got '0'" \
  -np 3 "$bin" count 10 --start-timeout 0
expect_refused "--start-timeout 1e9" "start-timeout must be a number of seconds in" -np 3 "$bin" count 10 --start-timeout 1e9
expect_refused "--start-timeout x" "start-timeout" -np 3 "$bin" count 10 --start-timeout=x
expect_refused "--kernel sse9" "--kernel: unknown kernel tier 'sse9' (choose auto, " \
  -np 3 "$bin" count 10 --kernel sse9
absent=neon  # a tier this CPU cannot run
[ "$(uname -m)" = aarch64 ] && absent=avx2
expect_refused "--kernel $absent" "--kernel: kernel tier '$absent' is not available on this CPU" \
  -np 3 "$bin" count 10 --kernel "$absent"
expect_refused "NQUEENS_KERNEL=sse9" "NQUEENS_KERNEL=sse9: unknown kernel tier 'sse9'" \
  -x NQUEENS_KERNEL=sse9 -np 3 "$bin" count 10
expect_refused "--table-memory -1" "--table-memory must be between 0 and 1073741824, got '-1'" \
  -np 3 "$bin" count 10 --table-memory -1
expect_refused "--table-memory lots" "--table-memory must be a whole number (decimal digits only), got 'lots'" \
  -np 3 "$bin" count 10 --table-memory lots
printf 'hello\n' >garbage.rec
expect_refused "damaged checkpoint" "garbage.rec is not a usable nqueens record" \
  -np 3 "$bin" count 10 --checkpoint garbage.rec
# Only ranks 1 and 2 get a bad N: rank 0 still prints the one message, naming the rank.
expect_refused "bad N on rank 1" "rank 1: N must be a whole number" \
  -np 1 "$bin" count 10 : -np 2 "$bin" count abc
expect_refused "other job list on rank 1" "rank 1 was started with other arguments" \
  -np 1 "$bin" count 10 : -np 2 "$bin" count 11

# A job list larger than the memory the job may have (N = 27 at depth 8, under a 4 GB address
# space): every rank refuses together, one line, exit 2. Skipped under ASan, which reserves
# terabytes of address space.
if [ -z "${NQUEENS_SANITIZED:-}" ]; then
  unlimited=$mpiexec
  mpiexec=$tmp/mpiexec-4g
  printf '#!/bin/sh\nulimit -v 4000000\nexec "%s" "$@"\n' "$unlimited" >"$mpiexec"
  chmod +x "$mpiexec"
  expect_refused "out of memory" "out of memory: this command needs more than the machine" \
    -np 2 "$bin" count 27 --job-depth 8
  mpiexec=$unlimited
fi

# Without -q mpirun adds its own banner, but the only line from nqueens-mpi is rank 0's.
timeout 20 "$mpiexec" -np 3 "$bin" count abc >out 2>err; rc=$?
[ $rc -eq 2 ] || fail "without -q: exit $rc"
[ "$(grep -c '^nqueens-mpi:' err)" -eq 1 ] || fail "without -q: $(cat err)"

timeout 20 "$mpiexec" -np 3 "$bin" --version >out 2>err || fail "--version: exit $?"
[ "$(grep -c '^nqueens-mpi ' out)" -eq 1 ] || fail "--version printed by more than rank 0: $(cat out)"
timeout 20 "$mpiexec" -np 3 "$bin" count --help >out 2>err || fail "--help: exit $?"
[ "$(grep -c '^Usage: ' out)" -eq 1 ] || fail "--help: $(cat out)"

finish
