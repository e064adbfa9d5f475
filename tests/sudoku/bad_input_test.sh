#!/usr/bin/env bash
# sudoku under bad input and failing output: each case was once accepted silently, crashed or
# lost data. Every refusal is one line on stderr and exit 2 (docs/RELIABILITY.md).
# Usage: bad_input_test.sh SUDOKU
source "$(dirname "$0")/../lib/testlib.sh"
BIN=$1 NAME=sudoku
T=$TESTLIB_TMP
p17='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
printf '%s\n' "$p17" >"$T/one.txt"

# Output that cannot be written: exit 2 and one line, for every subcommand.
expect_full() {
  "$BIN" "$@" >/dev/full 2>"$T/err" <"$T/one.txt"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$* > /dev/full: exit $rc, expected 2: $(head -c 300 "$T/err")"
  [ "$(wc -l <"$T/err")" -eq 1 ] || fail "$* > /dev/full: stderr is not one line: $(head -c 300 "$T/err")"
  grep -q "^sudoku: cannot write output" "$T/err" ||
    fail "$* > /dev/full: stderr: $(head -c 300 "$T/err")"
}
for cmd in solve count rate explain hint; do expect_full "$cmd"; done
expect_full generate --seed 1
# Puzzles are printed as they are made: a million into /dev/full stops at the first failed
# write (it ran for minutes before writing anything), and `| head -1` gets its line.
timeout 60 "$BIN" generate -n 1000000 >/dev/full 2>"$T/err" </dev/null
rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "^sudoku: cannot write output" "$T/err" ||
  fail "generate -n 1000000 > /dev/full: exit $rc: $(head -c 300 "$T/err")"
got=$(timeout 60 "$BIN" generate -n 1000000 --seed 3 2>/dev/null | head -n 1)
[ "$got" = "$("$BIN" generate --seed 3)" ] || fail "generate -n 1000000 | head -1: [$got]"
expect_full bench "$T/one.txt" --repeat 1
expect_full --help

# Unreadable input: a directory as file or as stdin, a closed stdin.
mkdir -p "$T/dir"
expect_bad 2 solve "$T/dir"
expect_error_contains "cannot read"
"$BIN" solve <"$T/dir" >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 2 ] || fail "solve < DIR: exit $rc"
grep -q "cannot read" "$T/err" || fail "solve < DIR: $(head -c 300 "$T/err")"
"$BIN" solve <&- >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 2 ] || fail "solve <&-: exit $rc"
grep -q "cannot read" "$T/err" || fail "solve <&-: $(head -c 300 "$T/err")"

# Endless lines: every subcommand that reads puzzles stops at a line of 1 MiB with one line and
# exit 2, under a 200 MB address-space limit (not under ASan, which reserves terabytes), from
# /dev/zero as the file and as stdin, and from a piped 100 MB line; the puzzles before the long
# line are still answered. A line of exactly 1 MiB is read (a malformed puzzle).
limited() {
  if [ -z "${NQUEENS_SANITIZED:-}" ]; then (ulimit -v 200000 && exec "$@"); else "$@"; fi
}
expect_too_long() {
  [ "$rc" -eq 2 ] || fail "$1: exit $rc, expected 2: $(head -c 300 "$T/err")"
  [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "^sudoku: .*line [0-9]* is longer than 1048576 bytes" "$T/err" ||
    fail "$1: stderr: $(head -c 300 "$T/err")"
}
for cmd in solve count rate explain hint bench; do
  limited timeout 60 "$BIN" "$cmd" /dev/zero >"$T/out" 2>"$T/err"
  rc=$?
  expect_too_long "$cmd /dev/zero"
  [ "$cmd" = bench ] && continue  # bench reads a FILE only
  limited timeout 60 "$BIN" "$cmd" </dev/zero >"$T/out" 2>"$T/err"
  rc=$?
  expect_too_long "$cmd < /dev/zero"
  { cat "$T/one.txt"; head -c 100000000 /dev/zero | tr '\0' '1'; } |
    limited timeout 60 "$BIN" "$cmd" >"$T/out" 2>"$T/err"
  rc=${PIPESTATUS[1]}
  expect_too_long "$cmd < a puzzle and a 100 MB line"
  [ -s "$T/out" ] || fail "$cmd < a puzzle and a 100 MB line: the puzzle before it got no answer"
done
{ head -c 1048576 /dev/zero | tr '\0' '1'; echo; cat "$T/one.txt"; } >"$T/cap.txt"
"$BIN" count "$T/cap.txt" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q "line 1: wrong length" "$T/err" && [ "$(tail -n 1 "$T/out")" = "unique 1" ] ||
  fail "count, a line of exactly 1 MiB: $(head -c 300 "$T/err") $(head -c 300 "$T/out")"

# A count stopped at --limit 1 found at least one solution, not a unique one.
printf '%81s\n' '' | tr ' ' '.' >"$T/empty.txt"
expect_out "solvable 1+" count --limit 1 "$T/empty.txt"
expect_out "solvable 1+" count --limit 1 "$T/one.txt"
expect_out '{"at_limit":true,"limit":1,"line":1,"solutions":1,"status":"solvable"}' count --limit 1 --json "$T/empty.txt"
expect_out "multiple 2+" count "$T/empty.txt"
# A malformed first CSV line is a malformed puzzle, not a header; a header in words is skipped.
printf '%s,x\n%s,y\n' "${p17:0:80}" "$p17" >"$T/bad.csv"
"$BIN" solve "$T/bad.csv" >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 2 ] || fail "CSV with a short first puzzle: exit $rc, expected 2"
grep -q "line 1" "$T/err" || fail "CSV with a short first puzzle: $(head -c 300 "$T/err")"
printf 'quizzes,solutions\n%s,y\n' "$p17" >"$T/good.csv"
"$BIN" solve "$T/good.csv" >"$T/out" 2>"$T/err" || fail "CSV with a header: exit $?"

# Caps checked before any work.
expect_bad 2 solve -j 100000 "$T/one.txt"
expect_bad 2 generate -n 2000000000
expect_bad 2 generate --seed -1
expect_bad 2 generate --seed 18446744073709551616
expect_out "$("$BIN" generate --seed 18446744073709551615)" generate --seed 18446744073709551615

# Usage errors are one line, without a 309-digit bound.
expect_bad 2 count --limit 0 "$T/one.txt"
[ "$(wc -c <"$T/err")" -lt 200 ] || fail "count --limit 0: $(cat "$T/err")"
for args in "bench $T/one.txt --repeat 0" "bench $T/one.txt --limit 0" "generate --attempts 0" \
  "generate -n 0"; do
  # shellcheck disable=SC2086
  expect_bad 2 $args
  [ "$(wc -c <"$T/err")" -lt 200 ] || fail "$args: $(cat "$T/err")"
  grep -q "must be between [12] and" "$T/err" || fail "$args: $(cat "$T/err")"
done
expect_bad 2 solve --size 7 "$T/one.txt"
expect_bad 2 frobnicate
# A solver tier that does not exist, or that this CPU lacks (x86 names on other CPUs), is
# refused before any work; "auto" and "scalar" run everywhere.
SUDOKU_KERNEL=sse9 expect_bad 2 count "$T/one.txt"
expect_error_contains "unknown solver tier 'sse9'"
if ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  SUDOKU_KERNEL=avx2 expect_bad 2 count "$T/one.txt"
  expect_error_contains "not available"
fi
for tier in auto scalar; do
  got=$(SUDOKU_KERNEL=$tier "$BIN" count "$T/one.txt" 2>&1) || fail "SUDOKU_KERNEL=$tier: exit $?"
  [ "$got" = "unique 1" ] || fail "SUDOKU_KERNEL=$tier count: $got"
done
# The same names as a run's option, --kernel (solve, count, bench): a bad one is bad usage.
for cmd in solve count bench; do
  expect_bad 2 "$cmd" --kernel sse9 "$T/one.txt"
  expect_error_contains "--kernel: unknown solver tier 'sse9'"
done
expect_bad 2 count --kernel "" "$T/one.txt"
expect_error_contains "unknown solver tier ''"
if ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  expect_bad 2 count --kernel avx2 "$T/one.txt"
  expect_error_contains "not available"
fi
expect_bad 2 rate --kernel scalar "$T/one.txt"  # only the subcommands that run the solver
# SUDOKU_KERNEL is only the default: --kernel runs without reading it.
got=$(SUDOKU_KERNEL=sse9 "$BIN" count --kernel scalar "$T/one.txt" 2>&1) ||
  fail "SUDOKU_KERNEL=sse9 count --kernel scalar: exit $?"
[ "$got" = "unique 1" ] || fail "SUDOKU_KERNEL=sse9 count --kernel scalar: $got"
for tier in auto scalar; do
  got=$("$BIN" count --kernel "$tier" "$T/one.txt" 2>&1) || fail "count --kernel $tier: exit $?"
  [ "$got" = "unique 1" ] || fail "count --kernel $tier: $got"
  got=$("$BIN" solve --kernel "$tier" "$T/one.txt" 2>&1) || fail "solve --kernel $tier: exit $?"
  [ "${#got}" = 81 ] || fail "solve --kernel $tier: $got"
done
expect_bad 2 solve "$(head -c 100000 /dev/zero | tr '\0' 'z')"
[ "$(wc -c <"$T/err")" -lt 400 ] || fail "solve LONG-NAME: the message echoes it whole"

# Every generated puzzle has exactly one solution, at every size and difficulty.
for size in 4 9; do
  for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
    "$BIN" generate --size "$size" --seed "$s" >"$T/p.txt" 2>"$T/err" || fail "generate --size $size --seed $s: exit $?"
    got=$("$BIN" count --size "$size" "$T/p.txt" 2>&1)
    case $got in
      *unique*) ;;
      *) fail "generate --size $size --seed $s: not unique: $got ($(cat "$T/p.txt"))" ;;
    esac
  done
done
"$BIN" generate --size 4 --difficulty extreme --seed 1 -n 3 >"$T/p.txt" 2>"$T/err"
if [ -s "$T/p.txt" ]; then
  "$BIN" count --size 4 "$T/p.txt" | grep -vq unique && fail "generate --size 4 --difficulty extreme: not unique"
fi

finish
