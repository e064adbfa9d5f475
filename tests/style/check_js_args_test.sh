#!/usr/bin/env bash
# scripts/check-js with file names: lints only the files named, and fails on a finding; an
# unknown option or a named file that does not exist is one line on stderr and exit 2.
# Usage: check_js_args_test.sh REPO_ROOT
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
root=$1
BIN=$root/scripts/check-js NAME=check-js
mkdir -p "$TESTLIB_TMP/page"
cp "$root/web/.eslintrc.json" "$TESTLIB_TMP/page/"
printf 'export const twice = (x) => 2 * x;\n' >"$TESTLIB_TMP/page/clean.js"
printf 'export function f() {\n  return undefinedName;\n}\n' >"$TESTLIB_TMP/page/messy.js"

expect_out "check-js: 1 files clean" "$TESTLIB_TMP/page/clean.js"
expect_exit 1 "$TESTLIB_TMP/page/messy.js"
grep -q "messy.js:2:10: 'undefinedName' is not defined" "$TESTLIB_TMP/out" ||
  fail "the finding is not named: $(head -c 300 "$TESTLIB_TMP/out")"
expect_bad 2 --bogus
expect_error_contains "unknown option --bogus"
expect_bad 2 "$TESTLIB_TMP/page/missing.js"
expect_error_contains "no such file"
finish
