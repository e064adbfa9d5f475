#!/usr/bin/env bash
# nqueens count --gpu / --gpus from the command line.
#   errors: what needs no GPU: bad --gpus lists, --gpu where no device (or no CUDA in the
#           build) is, N out of range, options --gpu refuses: exit 2, one line on stderr.
#   device: with a GPU, the known counts, a stopped run resumed, a CPU record resumed on the
#           GPU; without one it exits 77 (ctest SKIP).
# Usage: gpu_cli_test.sh errors|device path/to/nqueens
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
mode=$1
BIN=$(realpath "$2") NAME=nqueens
cd "$TESTLIB_TMP" || exit 1

# Whether this build and machine can count on a GPU at all.
"$BIN" count 4 --gpu -q >/dev/null 2>probe </dev/null
have_gpu=$?

if [ "$mode" = errors ]; then
  for list in 0,,1 a 0,0 ' ' 1, ,1 12345 0x1; do
    expect_bad 2 count 10 --gpus "$list"
    expect_error_contains "--gpus: expected device numbers separated by commas"
  done
  expect_bad 2 count 10 --gpus=-1
  expect_bad 2 count 8 --gpu --queens 3
  expect_bad 2 count 8 --gpus 0 --table
  expect_bad 2 count 12 --gpu --method join
  if [ $have_gpu -ne 0 ]; then
    expect_bad 2 count 10 --gpu
    grep -Eq '^nqueens: --gpu: (no CUDA device available|this nqueens was built without CUDA|CUDA device .* cannot run)' \
      "$TESTLIB_TMP/err" || fail "count 10 --gpu: unclear message: $(cat "$TESTLIB_TMP/err")"
    expect_bad 2 count 10 --gpus 3
    grep -Eq '^nqueens: --gpus: (no CUDA device available|this nqueens was built without CUDA|no CUDA device 3)' \
      "$TESTLIB_TMP/err" || fail "count 10 --gpus 3: unclear message: $(cat "$TESTLIB_TMP/err")"
    echo "no usable GPU: $(cat probe)"
  else
    expect_bad 2 count 10 --gpus 999
    expect_error_contains "--gpus: no CUDA device 999 (this machine has"
    expect_bad 2 count 31 --gpu
    expect_error_contains "--gpu counts N up to 30"
  fi
  finish
fi

[ "$mode" = device ] || { echo "usage: gpu_cli_test.sh errors|device nqueens"; exit 2; }
if [ $have_gpu -ne 0 ]; then
  echo "skipped: $(cat probe)"
  exit 77
fi
"$BIN" count 10 --gpu >out 2>err </dev/null || fail "count 10 --gpu: $(cat err)"
grep -q '^total: 724$' out && grep -q '^unique: 92$' out || fail "count 10 --gpu: $(cat out)"
got=$("$BIN" count 16 --gpus 0 --json -q)
case "$got" in '{"n":16,"total":14772512,"unique":1846955,'*) ;; *) fail "count 16 --gpus 0: $got" ;; esac
# A CPU run stopped part way resumes on the GPU (the same job list).
"$BIN" count 18 -j 1 --checkpoint cpu18.rec -q & pid=$!
sleep 2
kill -TERM $pid
wait $pid; rc=$?
[ $rc -eq 130 ] || [ $rc -eq 0 ] || fail "count 18 -j 1 stopped: exit $rc"
"$BIN" count 18 --gpu --checkpoint cpu18.rec -q >out 2>err || fail "count 18 --gpu resume: $(cat err)"
grep -q '^total: 666090624$' out && grep -q '^unique: 83263591$' out || fail "count 18 resumed on the GPU: $(cat out)"
# A GPU run stopped by SIGINT saves its record and resumes.
"$BIN" count 20 --gpu --checkpoint g20.rec -q >out 2>err & pid=$!
sleep 1.5
kill -INT $pid
wait $pid; rc=$?
[ $rc -eq 130 ] || [ $rc -eq 0 ] || fail "count 20 --gpu stopped: exit $rc, $(cat err)"
"$BIN" count 20 --gpu --checkpoint g20.rec -q >out 2>err || fail "count 20 --gpu resume: $(cat err)"
grep -q '^total: 39029188884$' out && grep -q '^unique: 4878666808$' out || fail "count 20 --gpu resumed: $(cat out)"
finish
