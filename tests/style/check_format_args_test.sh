#!/usr/bin/env bash
# scripts/check-format with file names: checks (and with --fix formats) only the files named;
# an unknown option or a named file that does not exist is one line on stderr and exit 2.
# Usage: check_format_args_test.sh REPO_ROOT
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
root=$1
BIN=$root/scripts/check-format NAME=check-format
cp "$root/.clang-format" "$TESTLIB_TMP/"
printf 'int  f( int x ){return x;}\n' >"$TESTLIB_TMP/messy.cpp"
tidy=$'int f(int x) {\n  return x;\n}'
printf '%s\n' "$tidy" >"$TESTLIB_TMP/tidy.cpp"

expect_out "check-format: 1 files formatted" "$TESTLIB_TMP/tidy.cpp"
expect_exit 1 "$TESTLIB_TMP/messy.cpp" "$TESTLIB_TMP/tidy.cpp"
expect_error_contains "not formatted: $TESTLIB_TMP/messy.cpp"
expect_exit 0 --fix "$TESTLIB_TMP/messy.cpp"
[ "$(cat "$TESTLIB_TMP/messy.cpp")" = "$tidy" ] ||
  fail "--fix left: $(cat "$TESTLIB_TMP/messy.cpp")"
expect_out "check-format: 2 files formatted" "$TESTLIB_TMP/messy.cpp" "$TESTLIB_TMP/tidy.cpp"
expect_bad 2 --bogus
expect_error_contains "unknown option --bogus"
expect_bad 2 "$TESTLIB_TMP/missing.cpp"
expect_error_contains "no such file"
finish
