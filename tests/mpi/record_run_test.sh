#!/usr/bin/env bash
# nqueens-mpi with the record-run checks (docs/RECORD.md): a job log and a verify sample on 3
# ranks give the published count, the log agrees job by job with one from `nqueens count`, and
# a count altered on purpose (NQUEENS_TEST_FAULT, a test facility) stops the run with exit 1 and
# one line naming the job.
# Usage: record_run_test.sh MPIEXEC NQUEENS_MPI KNOWN_CHECK [NQUEENS]
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2 check=$3 nqueens=${4:-}
cd "$tmp" || exit 1

out=$(timeout 120 "$mpiexec" -np 3 "$bin" count 12 -j 1 -q --job-log m.log --verify-sample 20) ||
  fail "exit $? with --job-log and --verify-sample"
echo "$out" | "$check" 12 || exit 1
echo "$out" | grep -Eq "^verified: [1-9][0-9]* jobs recounted by .*, all agree \(20% sample, seed 1\)$" ||
  fail "no verified line: $out"
[ "$(head -1 m.log)" = "nqueens-job-log 1" ] || fail "m.log: $(head -c 200 m.log)"
if [ -n "$nqueens" ]; then
  "$nqueens" count 12 -q --job-log c.log >/dev/null || fail "nqueens count 12 --job-log"
  same=$("$nqueens" merge --compare m.log c.log) || fail "the logs differ: $same"
fi

NQUEENS_TEST_FAULT=100 timeout 120 "$mpiexec" -np 3 "$bin" count 12 -j 1 -q --verify-sample 100 \
  >out 2>err
rc=$?
[ "$rc" -eq 1 ] || fail "a count altered on purpose: exit $rc, expected 1: $(head -c 300 err)"
grep -q "^nqueens-mpi: job 100 (.*) does not check" err || fail "stderr: $(head -c 300 err)"
[ ! -s out ] || fail "a result was printed: $(head -c 300 out)"
echo "mpi record run: ok"
finish
