#!/usr/bin/env bash
# nqueens count N --gpu from the command line. Without a GPU (or without CUDA in the build):
# exit 2, nothing on stdout, one line on stderr saying so. With one: the known counts, and a
# run stopped part way resumes from its checkpoint.
# Usage: gpu_cli_test.sh path/to/nqueens
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
bin=$(realpath "$1")
cd "$tmp" || exit 1

"$bin" count 10 --gpu >out 2>err </dev/null; rc=$?
if [ $rc -eq 2 ]; then
  [ "$(wc -l <err)" -eq 1 ] || fail "count 10 --gpu: stderr is not one line: $(cat err)"
  grep -Eq '^nqueens: --gpu: (no CUDA device available|this nqueens was built without CUDA|CUDA device .* cannot run)' err \
    || fail "count 10 --gpu: unclear message: $(cat err)"
  [ ! -s out ] || fail "count 10 --gpu: wrote to stdout: $(cat out)"
  echo "no usable GPU: $(cat err)"
elif [ $rc -eq 0 ]; then
  grep -q '^total: 724$' out || fail "count 10 --gpu: $(cat out)"
  grep -q '^unique: 92$' out || fail "count 10 --gpu: $(cat out)"
  got=$("$bin" count 16 --gpu --json -q)
  case "$got" in '{"n":16,"total":14772512,"unique":1846955,'*) ;; *) fail "count 16 --gpu: $got" ;; esac
  "$bin" count 17 --gpu --checkpoint g17.rec -q >out 2>err || fail "count 17 --gpu --checkpoint: $(cat err)"
  grep -q '^total: 95815104$' out || fail "count 17 --gpu: $(cat out)"
  grep -q '^depth 7$' g17.rec || fail "count 17 --gpu: record depth: $(cat g17.rec)"
else
  fail "count 10 --gpu exited $rc: $(cat err)"
fi
"$bin" count 8 --gpu --queens 3 >out 2>err </dev/null; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] || fail "count 8 --gpu --queens 3: exit $rc, $(cat err)"

finish
