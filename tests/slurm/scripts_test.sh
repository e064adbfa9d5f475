#!/usr/bin/env bash
# The Slurm scripts without Slurm: bad input to count-shard.sh, merge.sbatch and submit (exit 2,
# one line, nothing on stdout), and the K array tasks of a count run by hand (the environment
# Slurm would give them) and merged by merge.sbatch to the OEIS totals.
# Usage: scripts_test.sh path/to/nqueens path/to/scripts/slurm
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
bin=$(realpath "$1")
scripts=$(realpath "$2")
tmp=$TESTLIB_TMP
cd "$tmp" || exit 1
unset SLURM_ARRAY_TASK_ID SLURM_RESTART_COUNT NQUEENS_SLURM_DIR
export NQUEENS=$bin NQUEENS_RECORDS=$tmp/records

# The array tasks of count 12 as 4 shards, then the merge: 14200 solutions, 1787 unique.
for i in 1 2 3 4; do
  SLURM_ARRAY_TASK_ID=$i bash "$scripts/count-shard.sh" 12 4 >"out$i" 2>"err$i" ||
    fail "task $i of 4: $(cat "err$i")"
  grep -q "^count-shard.sh: task $i of 4, N = 12, run 1 on " "err$i" || fail "task $i: $(cat "err$i")"
done
[ -f records/nqueens-12-shard-4-of-4.record ] || fail "no record in NQUEENS_RECORDS"
[ -f records/nqueens-12-shard-4-of-4.joblog ] || fail "no job log in NQUEENS_RECORDS"
grep -q '^verified: [0-9]* jobs recounted' out1 || fail "task 1 recounted no sample: $(cat out1)"
grep -q '^method backtrack$' records/nqueens-12-shard-1-of-4.record ||
  fail "the task did not name the backtrack method"
bash "$scripts/merge.sbatch" 12 4 >merged 2>merge.err || fail "merge.sbatch: $(cat merge.err)"
grep -q '^total: 14200$' merged && grep -q '^unique: 1787$' merged || fail "merged: $(cat merged)"
grep -q '^job logs: the 4 logs add up to the same counts$' merged || fail "logs: $(cat merged)"
# Task 3 counted again into another folder: its job log is the same, job by job.
NQUEENS_RECORDS=$tmp/second SLURM_ARRAY_TASK_ID=3 bash "$scripts/count-shard.sh" 12 4 >/dev/null 2>&1
"$bin" merge --compare records/nqueens-12-shard-3-of-4.joblog second/nqueens-12-shard-3-of-4.joblog \
  >compared || fail "merge --compare of two runs of task 3: $(cat compared)"
grep -q '^same: ' compared || fail "merge --compare: $(cat compared)"
# A task run again finds its finished record and counts nothing.
SLURM_ARRAY_TASK_ID=2 bash "$scripts/count-shard.sh" 12 4 >again 2>&1 || fail "task 2 again"
grep -q 'resumed from' again || fail "task 2 again did not reuse its record: $(cat again)"
# Options pass through; -j and --method given there replace the script's own.
SLURM_ARRAY_TASK_ID=1 bash "$scripts/count-shard.sh" 10 2 -j 1 --method join --verify-sample 0 \
  --job-log "$tmp/other.joblog" --json >json 2>json.err || fail "count-shard.sh with options"
grep -q '"threads":1' json && grep -q '"method":"join"' json || fail "options: $(cat json)"
grep -q '"verified_jobs"' json && fail "--verify-sample 0 recounted jobs: $(cat json)"
[ -f "$tmp/other.joblog" ] || fail "--job-log given: no $tmp/other.joblog"

# Bad input: exit 2, one line on stderr that names the script, nothing on stdout.
BIN=env NAME=count-shard.sh
shard=$scripts/count-shard.sh
expect_bad 2 bash "$shard"
expect_bad 2 SLURM_ARRAY_TASK_ID=1 bash "$shard" 12
expect_bad 2 SLURM_ARRAY_TASK_ID=1 bash "$shard" x 4
expect_bad 2 SLURM_ARRAY_TASK_ID=1 bash "$shard" 12 0
expect_bad 2 bash "$shard" 12 4
expect_error_contains "SLURM_ARRAY_TASK_ID is not set"
for index in 0 5 -1 x 1.5 007; do
  expect_bad 2 SLURM_ARRAY_TASK_ID=$index bash "$shard" 12 4
  expect_error_contains "array index $index is outside 1..4"
done
expect_bad 2 SLURM_ARRAY_TASK_ID=1 NQUEENS=/nonexistent/nqueens bash "$shard" 12 4
expect_error_contains "set NQUEENS"
# nqueens's own refusal passes through: a record of another run (shard 1 of 4 as 1 of 2).
cp records/nqueens-12-shard-1-of-4.record records/nqueens-12-shard-1-of-2.record
expect_exit 2 SLURM_ARRAY_TASK_ID=1 bash "$shard" 12 2
grep -q '^nqueens: ' "$TESTLIB_TMP/err" || fail "the record of another run: $(cat "$TESTLIB_TMP/err")"

NAME=merge.sbatch
expect_bad 2 bash "$scripts/merge.sbatch"
expect_bad 2 bash "$scripts/merge.sbatch" 12 x
expect_bad 2 bash "$scripts/merge.sbatch" 12 5
expect_error_contains "no nqueens-12-shard-*-of-5.record"
expect_bad 2 NQUEENS_RECORDS=/nonexistent bash "$scripts/merge.sbatch" 12 4
rm records/nqueens-12-shard-3-of-4.record
expect_exit 2 bash "$scripts/merge.sbatch" 12 4
expect_error_contains "shard 3/4 is missing"

NAME=submit
expect_bad 2 "$scripts/submit"
expect_bad 2 "$scripts/submit" 12
expect_bad 2 "$scripts/submit" 12 x
expect_bad 2 "$scripts/submit" 0 4
expect_bad 2 "$scripts/submit" 12 4 5
expect_bad 2 "$scripts/submit" --frobnicate 12 4
expect_bad 2 "$scripts/submit" --tasks 5 12 4
expect_error_contains "task 5 is outside 1..4"
expect_bad 2 "$scripts/submit" --tasks=1,x 12 4
expect_bad 2 "$scripts/submit" --max-running 0 12 4
expect_bad 2 "$scripts/submit" 12 4 --records
expect_bad 2 "$scripts/submit" --nqueens /nonexistent/nqueens 12 4
"$scripts/submit" --help | grep -q '^Usage: scripts/slurm/submit' || fail "submit --help"

finish
