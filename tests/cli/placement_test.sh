#!/usr/bin/env bash
# CLI checks for find, complete, count/list --queens: exit codes, one-line errors, output.
# Usage: placement_test.sh path/to/nqueens
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
NQ="$1"

# expect CODE LINES_ON_STDERR PATTERN_IN_STDERR_OR_STDOUT -- command args...
expect() {
  code=$1; lines=$2; pattern=$3; shift 4
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  n=$(wc -l <"$tmp/err")
  if [ "$rc" != "$code" ] || { [ "$lines" != "-" ] && [ "$n" != "$lines" ]; } ||
     ! grep -q -- "$pattern" "$tmp/out" "$tmp/err"; then
    fail "$* -> rc=$rc (want $code), stderr lines $n (want $lines), pattern '$pattern': $(head -c 300 "$tmp/err")"
  fi
}

expect 0 0 "2 4 1 3" -- "$NQ" find 4
expect 1 1 "no solution exists for N = 2" -- "$NQ" find 2
expect 1 1 "no solution exists for N = 3" -- "$NQ" find 3
expect 2 1 "N must be" -- "$NQ" find 0
expect 2 1 "whole number" -- "$NQ" find abc
expect 2 1 "format" -- "$NQ" find 8 --format nope
expect 0 0 '"solution"' -- "$NQ" find 10 --format json
"$NQ" find 100000 >"$tmp/big" && "$NQ" verify -q <"$tmp/big" || { fail "find 100000 | verify"; }
"$NQ" find 5000 --random --seed 7 | "$NQ" verify -q || { fail "find --random | verify"; }

expect 0 0 "46736" -- "$NQ" count 8 --queens 5
expect 0 0 '"total":10320' -- "$NQ" count 8 --queens 3 --json
expect 0 0 "8 92 12" -- "$NQ" count 8 --table
expect 2 1 "queens" -- "$NQ" count 8 --queens 9
expect 2 1 "N (with --queens" -- "$NQ" count 40 --queens 2
expect 0 0 "a1 c2" -- "$NQ" list 4 --queens 2 --format algebraic --limit 1
expect 0 0 "92" -- "$NQ" count 8   # the plain count is unchanged

expect 0 0 "1 7 5 8 2 4 6 3" -- "$NQ" complete 8 --fixed a1,b5
expect 0 0 "" -- "$NQ" complete 8 --fixed 1:1 --count
expect 2 1 "fixed queens a1 and c3 share a diagonal" -- "$NQ" complete 8 --fixed a1,c3
expect 2 1 "is not a square" -- "$NQ" complete 8 --fixed zz
expect 2 1 "both fixed and blocked" -- "$NQ" complete 8 --fixed a1 --blocked a1
expect 1 1 "no completion exists" -- "$NQ" complete 4 --fixed a1
expect 0 0 "" -- "$NQ" complete 200 --fixed 1:1,2:3,50:77,120:5,199:150
printf '. Q . .\n. . . .\n. . . .\n. . . .\n' >"$tmp/board"
expect 0 0 "2 4 1 3" -- "$NQ" complete --board "$tmp/board"
printf '. Q . .\n. . . .\nx . . .\n. . . .\n' >"$tmp/board"
expect 1 1 "no completion" -- "$NQ" complete --board "$tmp/board"
if [ "$("$NQ" complete 8 --fixed 1:1 --count)" != 4 ]; then fail "complete --count"; fi
if [ "$("$NQ" complete 8 --fixed 1:1 --all | wc -l)" != 4 ]; then fail "complete --all"; fi

finish
