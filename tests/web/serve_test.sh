#!/usr/bin/env bash
# nqueens serve on the command line: a port that cannot be bound, or a bad tier name in the
# environment, is exit 2 with one line. `serve` runs the program nqueens-serve beside nqueens:
# its options and help reach it, a missing one is one clear line, and nqueens itself does not
# load the HTTP library.
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

# Options and help are the server program's, under the name users call it by.
expect_exit 0 serve --help
grep -q -- '--port' "$TESTLIB_TMP/out" || fail "serve --help lacks --port: $(head -c 300 "$TESTLIB_TMP/out")"
grep -q 'Usage: nqueens serve' "$TESTLIB_TMP/out" || fail "serve --help: $(head -c 300 "$TESTLIB_TMP/out")"
expect_bad 2 serve --no-such-option
expect_error_contains "nqueens serve: "
expect_bad 2 serve --threads 0
expect_error_contains "--threads must be between 1 and 256"
expect_bad 2 serve extra-word

# A link to nqueens elsewhere still finds the server beside the real program.
ln -s "$(realpath "$BIN")" "$TESTLIB_TMP/linked-nqueens"
"$TESTLIB_TMP/linked-nqueens" serve --help 2>&1 | grep -q -- '--port' ||
  fail "serve through a link to nqueens does not reach nqueens-serve"

# nqueens copied away from nqueens-serve: one line saying which program is missing.
cp "$BIN" "$TESTLIB_TMP/nqueens"
"$TESTLIB_TMP/nqueens" serve --port 0 >"$TESTLIB_TMP/out" 2>"$TESTLIB_TMP/err" </dev/null
rc=$?
[ "$rc" -eq 1 ] || fail "serve without nqueens-serve: exit $rc, expected 1"
[ "$(wc -l <"$TESTLIB_TMP/err")" -eq 1 ] && grep -q "nqueens-serve is missing" "$TESTLIB_TMP/err" ||
  fail "serve without nqueens-serve: $(head -c 300 "$TESTLIB_TMP/err")"
# The copy still runs every other command.
"$TESTLIB_TMP/nqueens" count 8 -q 2>&1 | grep -qx "total: 92" ||
  fail "nqueens without nqueens-serve does not count"

# Every other command starts without cpp-httplib, OpenSSL, zlib and brotli (4.8 ms more CPU
# a start when they were linked in).
if command -v readelf >/dev/null; then
  needed=$(readelf -d "$BIN" | grep NEEDED)
  if grep -qE 'httplib|libssl|libcrypto|brotli|libz\.' <<<"$needed"; then
    fail "nqueens links the web server's libraries: $needed"
  fi
fi
finish
