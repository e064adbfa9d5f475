#!/usr/bin/env bash
# The checks of a record run end to end (docs/RECORD.md): job logs, `merge --compare`, resuming
# from a log alone, the verify sample and the class-split check, each shown to catch a count
# altered on purpose (NQUEENS_TEST_FAULT, a test facility), and every bad input of them: one
# line on stderr, exit 2, nothing summed.
# Usage: record_run_test.sh NQUEENS
source "$(dirname "$0")/../lib/testlib.sh"
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") NAME=nqueens
T=$TESTLIB_TMP
cd "$T" || exit 1

# A whole count with a log and a 10% sample: the summary says how many jobs were recounted.
expect_exit 0 count 12 -j 2 -q --job-log a.log --verify-sample 10
grep -q "^total: 14200$" out || fail "count 12 with a log: $(head -c 300 out)"
grep -Eq "^verified: [1-9][0-9]* jobs recounted by the [a-z0-9]+ kernel tier, all agree \(10% sample, seed 1\)$" out ||
  fail "count 12 --verify-sample 10: no verified line: $(cat out)"
expect_exit 0 count 12 -q --verify-sample 10 --verify-by reference
grep -Eq "^verified: [1-9][0-9]* jobs recounted by the reference search" out ||
  fail "count 12 --verify-by reference: $(cat out)"
grep -q "^checked: the class split agrees" out || fail "count 12: no class-split line: $(cat out)"
[ "$(head -1 a.log)" = "nqueens-job-log 1" ] || fail "a.log: $(head -c 200 a.log)"
[ "$(($(wc -l <a.log) - 9))" -eq 1650 ] || fail "a.log has $(wc -l <a.log) lines, not 9 + 1650"

# The same list counted again with one job's count altered: compare names that job.
expect_exit 0 count 12 -j 2 -q --job-log b.log
expect_out "same: a.log and b.log agree on all 1650 jobs" merge --compare a.log b.log
NQUEENS_TEST_FAULT=100 "$BIN" count 12 -j 2 -q --job-log c.log >/dev/null 2>&1 ||
  fail "count 12 with a fault in job 100 (no check sees +8 solutions)"
expect_exit 1 merge --compare a.log c.log
grep -q "^differ: job 100 (corner branch, rows 1-4 at columns 1 5 12 8) counted 32 0 0 in a.log and 40 0 0 in c.log" out ||
  fail "compare did not name job 100: $(cat out)"

# The verify sample recounts job 100 (100% sample) and stops: exit 1, the job named.
NQUEENS_TEST_FAULT=100 expect_bad 1 count 12 -q --verify-sample 100
expect_error_contains "nqueens: job 100 (corner branch, rows 1-4 at columns 1 5 12 8) does not check: the run counted 40 solutions"
# With a checkpoint, the mismatched job is not in the record: the run can be redone.
NQUEENS_TEST_FAULT=100 expect_bad 1 count 12 -q --verify-sample 100 --checkpoint v.rec
expect_exit 0 count 12 -q --checkpoint v.rec
grep -q "^total: 14200$" out || fail "resume after a verify failure: $(cat out)"
# A class of 8 miscounted as one fixed by the half turn: the class split check stops it.
NQUEENS_TEST_FAULT=100:0:4 expect_bad 1 count 12 -q
expect_error_contains "the class split does not check: solutions fixed by the half turn 84, expected 80 (OEIS A032522)"

# Shards with logs: the logs merge like the records, and to the same total.
for i in 1 2 3; do
  expect_exit 0 count 13 -q --shard $i/3 --job-log s$i.log
done
expect_exit 0 merge s1.log s2.log s3.log
grep -q "^total: 73712$" out || fail "merge of three logs: $(cat out)"
grep -q "^unique: 9233$" out || fail "merge of three logs: $(cat out)"
expect_exit 0 merge nqueens-13-shard-1-of-3.record s2.log nqueens-13-shard-3-of-3.record
grep -q "^total: 73712$" out || fail "merge of records and a log: $(cat out)"

# A folder as --job-log: the log is named as the shard's record is.
mkdir logs
expect_exit 0 count 13 -q --shard 2/3 --job-log logs --checkpoint folder.rec
[ "$(head -1 logs/nqueens-13-shard-2-of-3.log)" = "nqueens-job-log 1" ] ||
  fail "--job-log logs: $(ls logs)"
expect_out "same: s2.log and logs/nqueens-13-shard-2-of-3.log agree on all $(($(wc -l <s2.log) - 9)) jobs" \
  merge --compare s2.log logs/nqueens-13-shard-2-of-3.log

# A lost record: the log alone resumes the shard, also a log holding only its first jobs.
rm nqueens-13-shard-2-of-3.record
head -n 100 s2.log >s2-part.log
expect_exit 0 count 13 -q --shard 2/3 --job-log s2-part.log --checkpoint s2.rec
grep -q "91 resumed from s2-part.log" out || fail "resume from a partial log: $(cat out)"
expect_out "same: s2.log and s2-part.log agree on all $(($(wc -l <s2.log) - 9)) jobs" merge --compare s2.log s2-part.log

# Bad input: one line, exit 2, nothing summed.
expect_bad 2 count 12 -q --verify-sample 101
expect_bad 2 count 12 -q --verify-sample -1
expect_bad 2 count 12 -q --verify-sample lots
expect_bad 2 count 12 -q --verify-seed -3
expect_bad 2 count 12 -q --verify-sample 1 --verify-by guessing
expect_bad 2 count 12 -q --job-depth 9
expect_bad 2 count 12 -q --job-depth 4 --method join
expect_bad 2 count 12 -q --job-log same --checkpoint same
expect_bad 2 count 8 --queens 3 --job-log q.log
NQUEENS_TEST_FAULT=x expect_bad 2 count 12 -q
NQUEENS_TEST_FAULT=1:2:3:4:5 expect_bad 2 count 12 -q
# Logs of another N, method, depth or shard: refused, the log left as it was.
cp a.log keep.log
expect_bad 2 count 11 -q --job-log a.log
expect_error_contains "a.log is a job log of another job list (N = 12"
expect_bad 2 count 12 -q --method join --job-log a.log
expect_bad 2 count 12 -q --job-depth 5 --job-log a.log
expect_bad 2 count 12 -q --shard 2/3 --job-log a.log
cmp -s a.log keep.log || fail "a refused run changed a.log"
expect_bad 2 count 12 -q --shard 1/3 --job-log s1.log
expect_error_contains "s1.log is a job log of another job list (N = 13"
expect_bad 2 merge --compare a.log s1.log
expect_error_contains "logs of different job lists"
# Two logs (or a log and a record) of the same shard, an unfinished log, a record for compare.
expect_bad 2 merge s1.log s1.log s2.log s3.log
expect_error_contains "shard 1/3 is given twice"
expect_bad 2 merge s1.log nqueens-13-shard-1-of-3.record s3.log
head -n 50 s3.log >s3-part.log
expect_bad 2 merge s1.log s2.log s3-part.log
expect_error_contains "is not finished"
expect_bad 2 merge --compare a.log
expect_bad 2 merge --compare a.log nqueens-13-shard-1-of-3.record
# A truncated log (cut inside an entry) and a damaged entry: refused wherever they are read.
head -c $(($(wc -c <s1.log) - 7)) s1.log >cut.log
expect_bad 2 merge cut.log s2.log s3.log
expect_error_contains "cut short"
expect_bad 2 merge --compare s1.log cut.log
expect_bad 2 count 13 -q --shard 1/3 --job-log cut.log --checkpoint cut.rec
sed '12s/^\([0-9]* \)\([0-9]\)/\1\2\2/' s1.log >bad.log # one count changed, its check kept
cmp -s bad.log s1.log && fail "the damaged copy of s1.log is not damaged"
expect_bad 2 merge bad.log s2.log s3.log
expect_error_contains "bad.log is not a usable job log: line 12: the entry's check does not match"
expect_bad 2 merge --compare s1.log bad.log
# A record that keeps a log resumed without it, and one without a log resumed with one.
expect_exit 0 count 13 -q --shard 1/3 --checkpoint l.rec --job-log l.log
expect_bad 2 count 13 -q --shard 1/3 --checkpoint l.rec
expect_error_contains "keeps a job log"
expect_bad 2 count 13 -q --shard 3/3 --checkpoint l.rec --job-log l.log
expect_exit 0 count 13 -q --shard 3/3 --checkpoint nolog.rec
expect_bad 2 count 13 -q --shard 3/3 --checkpoint nolog.rec --job-log n.log
expect_error_contains "was saved by a run without a job log"
# A record of the earlier format (job identity version 2): a clear line, not "damaged".
printf 'nqueens-record 2\nprogram 0.1.0\nn 12\n' >old.rec
expect_bad 2 count 12 -q --checkpoint old.rec
expect_error_contains "old.rec is a record of format 2, made by an earlier nqueens"
expect_bad 2 merge old.rec

finish
