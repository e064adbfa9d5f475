#!/usr/bin/env bash
# Long-run safety, end to end: a count killed with SIGKILL part way resumes from its
# checkpoint to exactly the known result; SIGINT saves and exits 130; shards merge to the
# total; damaged, truncated or mismatched records are refused with exit 2 and one line.
# Usage: checkpoint_test.sh path/to/nqueens [N]   (N = 16 or 17, default 17: the board that is
# killed and resumed; sanitizer builds pass 16, which takes a sixth of the time)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
bin=$(realpath "$1")
n=${2:-17}
case $n in  # OEIS A000170 and A002562
  16) total=14772512 unique=1846955 ;;
  17) total=95815104 unique=11977939 ;;
  *) echo "checkpoint_test.sh: N must be 16 or 17" >&2; exit 2 ;;
esac
cd "$tmp" || exit 1

BIN=$bin NAME=nqueens
expect_refused() {  # expect_refused what args...: exit 2, one line on stderr
  local what="$1"
  shift
  expect_exit 2 "$@"
  expect_one_line_error "$what"
}

# Waits until the record exists and lists some done jobs.
wait_for_progress() {
  for _ in $(seq 1 400); do
    if [ -f "$1" ] && grep -q '^done [0-9]' "$1"; then return 0; fi
    sleep 0.02
  done
  return 1
}

# 1. kill -9 part way, then the same command resumes to the exact result.
"$bin" count "$n" -j 1 --checkpoint killed.rec --checkpoint-seconds 0.05 -q >/dev/null 2>&1 &
pid=$!
wait_for_progress killed.rec || fail "no checkpoint appeared"
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
killed_at=$(grep '^done' killed.rec)
cp killed.rec unfinished.rec
"$bin" count "$n" -j 2 --checkpoint killed.rec -q >out 2>err || fail "resume failed: $(cat err)"
grep -q "^total: $total\$" out || fail "resumed total wrong: $(cat out)"
grep -q "^unique: $unique\$" out || fail "resumed unique wrong: $(cat out)"
grep -q 'resumed from killed.rec' out || fail "the run did not resume (killed at: $killed_at): $(cat out)"

# 2. SIGINT saves the checkpoint and exits 130; the next run finishes it.
"$bin" count "$n" -j 1 --checkpoint int.rec --checkpoint-seconds 0.05 -q >/dev/null 2>int.err &
pid=$!
wait_for_progress int.rec || fail "no checkpoint before SIGINT"
kill -INT $pid
wait $pid; rc=$?
if [ $rc -eq 130 ]; then
  grep -q 'run the same command to resume' int.err || fail "SIGINT message: $(cat int.err)"
  "$bin" count "$n" --checkpoint int.rec -q | grep -q "^total: $total\$" || fail "resume after SIGINT"
elif [ $rc -ne 0 ]; then
  fail "SIGINT exit $rc"
fi

# 3. Shards 1..4 of N = 14 merge to the total; merging refuses gaps, duplicates, mixes.
for i in 1 2 3 4; do
  "$bin" count 14 --shard $i/4 -q >/dev/null || fail "shard $i/4"
done
"$bin" merge nqueens-14-shard-{1,2,3,4}-of-4.record >out || fail "merge"
grep -q '^total: 365596$' out && grep -q '^unique: 45752$' out || fail "merged: $(cat out)"
"$bin" merge --json nqueens-14-shard-*-of-4.record | grep -q '"total":365596' || fail "merge json"
expect_refused "gap" merge nqueens-14-shard-1-of-4.record nqueens-14-shard-2-of-4.record
expect_refused "duplicate" merge nqueens-14-shard-{1,1,2,3,4}-of-4.record
"$bin" count 13 --shard 1/4 -q >/dev/null
expect_refused "mixed N" merge nqueens-13-shard-1-of-4.record nqueens-14-shard-{2,3,4}-of-4.record
"$bin" count 14 --shard 2/3 -q >/dev/null
expect_refused "mixed K" merge nqueens-14-shard-2-of-3.record nqueens-14-shard-{1,3,4}-of-4.record
expect_refused "no files" merge
expect_refused "missing file" merge no-such-file.record
# Finished runs leave no lock file (FILE.lock lives as long as the run); shard 1/1 writes its
# record as every shard does, and it merges alone into the total.
for lock in nqueens-1[34]-shard-*.lock; do [ -e "$lock" ] && fail "a finished run left $lock"; done
"$bin" count 10 --shard 1/1 -q >/dev/null || fail "count 10 --shard 1/1"
[ -f nqueens-10-shard-1-of-1.record ] || fail "count --shard 1/1 wrote no record"
[ -e nqueens-10-shard-1-of-1.record.lock ] && fail "count --shard 1/1 left its lock file"
"$bin" merge nqueens-10-shard-1-of-1.record | grep -q '^total: 724$' || fail "merge of shard 1/1"
# Record paths that are not plain files: a symlink planted at FILE.tmp is not followed (its
# target stays as it was), a FIFO as --checkpoint or as a merge input is refused at once.
echo victim >victim
ln -s victim planted.rec.tmp
"$bin" count 10 --checkpoint planted.rec -q >/dev/null || fail "count with FILE.tmp a symlink"
[ "$(cat victim)" = victim ] || fail "the symlink planted at planted.rec.tmp was followed"
mkfifo fifo.rec
for args in "count 10 --checkpoint fifo.rec" "merge fifo.rec" \
  "merge nqueens-10-shard-1-of-1.record fifo.rec"; do
  # shellcheck disable=SC2086  # the words of $args are the arguments
  timeout 20 "$bin" $args >out 2>err </dev/null
  rc=$?
  [ "$rc" -eq 2 ] || fail "$args (a FIFO): exit $rc, expected 2: $(head -c 300 err)"
  [ "$(wc -l <err)" -eq 1 ] && grep -q "not a regular file" err || fail "$args: $(head -c 300 err)"
done

# 4. Damaged records are refused, by count --checkpoint and by merge.
cp nqueens-14-shard-1-of-4.record good.rec
sed 's/^solutions \([0-9]\)/solutions 9\1/' good.rec >edited.rec
cmp -s good.rec edited.rec && fail "the edit did not change the record"
expect_refused "edited record" count 14 --shard 1/4 --checkpoint edited.rec
expect_refused "edited record in merge" merge edited.rec nqueens-14-shard-{2,3,4}-of-4.record
head -c 60 good.rec >truncated.rec
expect_refused "truncated record" count 14 --shard 1/4 --checkpoint truncated.rec
printf 'hello\n' >garbage.rec
expect_refused "garbage record" merge garbage.rec
: >empty.rec
expect_refused "empty record" count 14 --checkpoint empty.rec
sed 's/^program .*/program 0.0.1/' good.rec >old.rec
expect_refused "other version" merge old.rec
expect_refused "other N" count 15 --shard 1/4 --checkpoint good.rec
expect_refused "other shard" count 14 --shard 2/4 --checkpoint good.rec
"$bin" count 12 --checkpoint twelve.rec -q >/dev/null
expect_refused "unfinished record" merge unfinished.rec
expect_refused "bad shard text" count 14 --shard 5/4
expect_refused "bad shard text" count 14 --shard x
expect_refused "bad interval" count 14 --checkpoint a.rec --checkpoint-seconds 0
# A record names its counting method and resumes only with it.
"$bin" count 13 --method join --checkpoint join13.rec -q >/dev/null || fail "join record"
grep -q '^method join$' join13.rec || fail "the join record does not name its method"
expect_refused "other method" count 13 --method backtrack --checkpoint join13.rec
"$bin" count 13 --method join --checkpoint join13.rec -q | grep -q 'resumed from join13.rec' \
  || fail "join record reuse"
# A finished checkpoint is reused, not recounted.
"$bin" count 12 --checkpoint twelve.rec -q | grep -q 'resumed from twelve.rec' || fail "reuse"

# Two runs on one record: the second is refused while the first holds it (FILE.lock).
"$bin" count 17 -j 1 --checkpoint locked.rec -q >/dev/null 2>&1 &
first=$!
for _ in $(seq 1 200); do [ -f locked.rec ] && break; sleep 0.02; done
expect_refused "record in use" count 17 -j 1 --checkpoint locked.rec
grep -q "in use" err || fail "record in use: message: $(cat err)"
kill -KILL "$first" 2>/dev/null
wait "$first" 2>/dev/null
# Strings in JSON are escaped by the JSON library: a record name with a quote stays valid JSON.
"$bin" count 8 --json --checkpoint 'quo"te.rec' >quote.json || fail "count --json with a quote"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["record"]=="quo\"te.rec", d' \
  quote.json || fail "count --json --checkpoint 'quo\"te.rec' is not valid JSON: $(cat quote.json)"

# Ctrl-C at a large N, where one job takes far longer than anyone waits: the jobs in flight
# are abandoned after a grace period, the record stays valid, the exit is 130 within seconds.
"$bin" count 28 -j 2 --checkpoint big.rec -q >/dev/null 2>big.err &
big=$!
for _ in $(seq 1 1500); do [ -f big.rec ] && break; sleep 0.02; done
[ -f big.rec ] || fail "count 28 wrote no record"
kill -INT "$big"
start=$SECONDS
wait "$big"
rc=$?
[ "$rc" -eq 130 ] || fail "count 28 after SIGINT: exit $rc, $(cat big.err)"
[ $((SECONDS - start)) -le 10 ] || fail "count 28 took $((SECONDS - start)) s to stop"
grep -q "^n 28$" big.rec || fail "count 28: the record is damaged"
grep -q "abandoned" big.err || fail "count 28: message: $(cat big.err)"

finish
