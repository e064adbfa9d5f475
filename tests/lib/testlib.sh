# Shared helpers of the shell tests: source it, set BIN (the program under test) and NAME (how
# its messages start, e.g. "nqueens"), call the expect_* functions, end with `finish`.
#
#   source "$(dirname "$0")/../lib/testlib.sh"
#   BIN=$1 NAME=nqueens
#   expect_out "valid" verify "b1 d2 a3 c4"
#   expect_bad 2 count 0          # exit 2, nothing on stdout, one line on stderr from NAME
#   finish
#
# Failures are counted, never used as an exit code (which would wrap at 256): `finish` exits 1
# if there were any, else 0.

FAILURES=0
TESTLIB_TMP=$(mktemp -d)
trap 'rm -rf "$TESTLIB_TMP"' EXIT
BIN=${BIN:-}
NAME=${NAME:-}

fail() {
  echo "FAIL: $*"
  FAILURES=$((FAILURES + 1))
}

# expect_out WANT ARGS...: exit 0 and exactly WANT on stdout.
expect_out() {
  local want=$1 got rc
  shift
  got=$("$BIN" "$@" 2>"$TESTLIB_TMP/err" </dev/null)
  rc=$?
  [ "$rc" -eq 0 ] || fail "$NAME $*: exit $rc: $(head -c 300 "$TESTLIB_TMP/err")"
  [ "$got" = "$want" ] || fail "$NAME $*: expected [$want] got [$(printf %s "$got" | head -c 300)]"
}

# expect_exit CODE ARGS...: exits with CODE (stdout and stderr kept in $TESTLIB_TMP/out, err).
expect_exit() {
  local code=$1 rc
  shift
  "$BIN" "$@" >"$TESTLIB_TMP/out" 2>"$TESTLIB_TMP/err" </dev/null
  rc=$?
  [ "$rc" -eq "$code" ] || fail "$NAME $*: exit $rc, expected $code: $(head -c 300 "$TESTLIB_TMP/err")"
}

# expect_one_line_error: the last command's stderr is one line that starts with "$NAME".
expect_one_line_error() {
  local what=$1
  [ "$(wc -l <"$TESTLIB_TMP/err")" -eq 1 ] ||
    fail "$what: stderr is not one line: $(head -c 300 "$TESTLIB_TMP/err")"
  [ -z "$NAME" ] || grep -q "^$NAME" "$TESTLIB_TMP/err" ||
    fail "$what: stderr does not start with '$NAME': $(head -c 300 "$TESTLIB_TMP/err")"
}

# expect_bad CODE ARGS...: exits with CODE, prints nothing on stdout and one line on stderr.
expect_bad() {
  local code=$1
  shift
  expect_exit "$code" "$@"
  [ ! -s "$TESTLIB_TMP/out" ] || fail "$NAME $*: printed on stdout: $(head -c 300 "$TESTLIB_TMP/out")"
  expect_one_line_error "$NAME $*"
}

# expect_error_contains TEXT: the last command's stderr contains TEXT.
expect_error_contains() {
  grep -qF -- "$1" "$TESTLIB_TMP/err" || fail "stderr lacks [$1]: $(head -c 300 "$TESTLIB_TMP/err")"
}

finish() {
  if [ "$FAILURES" -ne 0 ]; then
    echo "$FAILURES check(s) failed"
    exit 1
  fi
  echo "all checks passed"
  exit 0
}
