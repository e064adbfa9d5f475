#!/usr/bin/env bash
# nqueens serve on the command line: a port that cannot be bound, or a bad tier name in the
# environment, is exit 2 with one line.
# Usage: serve_test.sh NQUEENS_BINARY
source "$(dirname "$0")/../lib/testlib.sh"
BIN=$1 NAME=nqueens

# A first server on a free port, then a second one on the same port.
"$BIN" serve --port 0 >"$TESTLIB_TMP/first" 2>/dev/null &
first=$!
for _ in $(seq 100); do
  grep -q 'http://' "$TESTLIB_TMP/first" && break
  sleep 0.05
done
port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$TESTLIB_TMP/first")
if [ -z "$port" ]; then
  fail "the first server printed no URL"
else
  expect_bad 2 serve --port "$port"
  grep -q "cannot listen on 127.0.0.1:$port" "$TESTLIB_TMP/err" || fail "message: $(cat "$TESTLIB_TMP/err")"
fi
kill "$first"
wait "$first" 2>/dev/null

expect_bad 2 serve --host 203.0.113.7 --port 0  # not an address of this machine
expect_bad 2 serve --port 70000
# Tier names in the environment are checked before the server starts, not on every request.
SUDOKU_KERNEL=sse9 expect_bad 2 serve --port 0
expect_error_contains "unknown solver tier 'sse9'"
NQUEENS_KERNEL=sse9 expect_bad 2 serve --port 0
expect_error_contains "unknown kernel tier 'sse9'"
finish
