#!/usr/bin/env bash
# End-to-end checks of the nqueens command line: real values on stdout, and for every kind
# of bad input exactly one line on stderr and exit code 2.
# Usage: commands_test.sh path/to/nqueens
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
bin="$1"


BIN=$bin NAME=nqueens  # for expect_out / expect_bad (tests/lib/testlib.sh)

# Counts.
got=$("$bin" count 10 -j 2 | head -4)
[ "$got" = "$(printf 'n: 10\ntotal: 724\nunique: 92\nclasses: 89 of 8, 3 of 4, 0 of 2')" ] \
  || fail "count 10 text: $got"
json=$("$bin" count 12 --json --threads 1)
case "$json" in
  '{"n":12,"total":14200,"unique":1787,"classes":{"8":1765,"4":18,"2":4,"1":0},'*) ;;
  *) fail "count 12 --json: $json" ;;
esac
"$bin" count 1 | grep -q '^classes: 0 of 8, 0 of 4, 0 of 2, 1 of 1$' || fail "count 1 classes"
# Both counting methods give the same numbers and say which one ran.
for n in 1 4 9 12 13; do
  back=$("$bin" count $n --method backtrack | head -4)
  join=$("$bin" count $n --method join | head -4)
  [ "$back" = "$join" ] || fail "count $n: backtrack [$back] and join [$join] differ"
done
"$bin" count 12 --method join | grep -q '^seconds: .*, join method)$' || fail "count text names the method"
"$bin" count 12 --method JOIN --json | grep -q '"method":"join"' || fail "count --json names the method"
"$bin" count 12 --json | grep -q '"method":"\(join\|backtrack\)"' || fail "auto names the method it chose"
expect_bad 2 count 12 --method bogus
expect_bad 2 count 25 --method join
expect_bad 2 count 8 --method
# With no memory for the join's tables the join searches each half: the same counts; auto
# then takes the backtracker where the tables would have made the join the faster.
[ "$("$bin" count 14 --method join --table-memory 0 | head -4)" = "$("$bin" count 14 | head -4)" ] \
  || fail "count 14 --method join --table-memory 0 differs"
if "$bin" --version | grep -q 'available:.*avx2'; then
  for memory in 0 4096; do
    "$bin" count 18 --kernel avx2 --table-memory $memory --shard 1/100000 --checkpoint "$tmp/tm.rec" \
      -q >"$tmp/tm.out" || fail "count 18 --table-memory $memory failed"
    rm -f "$tmp/tm.rec"
    want=$([ $memory = 0 ] && echo backtrack || echo join)
    grep -q "$want method" "$tmp/tm.out" || fail "count 18 --table-memory $memory: not $want"
  done
fi
expect_bad 2 count 16 --table-memory -1
expect_bad 2 count 16 --table-memory lots

# Listing.
[ "$("$bin" list 8 | wc -l)" -eq 92 ] || fail "list 8 is not 92 lines"
[ "$("$bin" list 8 | sort -u | wc -l)" -eq 92 ] || fail "list 8 has duplicates"
expect_out "1 5 8 6 3 7 2 4" list 8 --limit 1
expect_out "a1 e2 h3 f4 c5 g6 b7 d8" list 8 --limit 1 --format algebraic
got=$("$bin" list 8 --format json --limit 2 | tail -1)
[ "$got" = '{"index":2,"n":8,"solution":[1,6,8,3,7,4,2,5]}' ] || fail "list json: $got"
expect_out "$(printf '. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .')" \
  list 4 --format board
[ "$("$bin" list 8 --unique | wc -l)" -eq 12 ] || fail "list 8 --unique is not 12 lines"
[ "$("$bin" list 10 --unique | wc -l)" -eq 92 ] || fail "list 10 --unique is not 92 lines"
expect_out "" list 3
expect_out "" list 8 --limit 0

# Every listed board verifies; verify reads all formats from stdin.
"$bin" list 8 | "$bin" verify -q || fail "list 8 | verify"
"$bin" list 6 --format board | "$bin" verify -q || fail "board | verify"
"$bin" list 7 --format json | "$bin" verify -q || fail "json | verify"
"$bin" list 7 --format algebraic | "$bin" verify - -q || fail "algebraic | verify -"
[ "$("$bin" list 9 | "$bin" verify | sort -u)" = "valid" ] || fail "verify output"
expect_out "valid" verify "15863724"
got=$("$bin" verify "1 2 3 4"); rc=$?
[ $rc -eq 1 ] || fail "verify of a non-solution exits $rc, expected 1"
[ "$got" = "invalid: a1 and b2 share a diagonal; a1 and c3 share a diagonal; a1 and d4 share a diagonal; 6 attacking pairs in all" ] || fail "verify text: $got"
printf '# comment\n\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n1 3 5 2 4\n' | "$bin" verify -q \
  || fail "mixed stdin"

# Bad input: one clear line, exit 2.
expect_bad 2 count
expect_bad 2 count 0
expect_bad 2 count -5
expect_bad 2 count abc
expect_bad 2 count 8.5
expect_bad 2 count 33
expect_bad 2 count 99999999999999999999999
expect_bad 2 count 8 --frobnicate
expect_bad 2 count 8 --threads -1
expect_bad 2 count 8 extra
expect_bad 2 list
expect_bad 2 list 65
expect_bad 2 list 8 --format xml
expect_bad 2 list 27 --format algebraic
expect_bad 2 list 8 --limit -3
expect_bad 2 list 8 --limit many
expect_bad 2 frobnicate 8
expect_bad 2
# verify reports each malformed input on stdout ("malformed: ...") and exits 2 with one line.
for bad in "1 5 x" "a1 z99" "0 1 2" '{"n":8}'; do
  expect_exit 2 verify "$bad"
  expect_one_line_error "verify $bad"
  grep -q '^malformed: ' "$tmp/out" || fail "verify $bad: stdout: $(cat "$tmp/out")"
done
expect_bad 2 verify ""
printf 'Q . x\n' | "$bin" verify >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] || fail "malformed board exit $rc"
grep -q "stdin line 1" "$tmp/err" || fail "malformed board: no line number: $(cat "$tmp/err")"
# A malformed line does not stop the others from being checked.
printf '1 5 8 6 3 7 2 4\nbad\n1 2\n' | "$bin" verify >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] || fail "mixed good/bad exit $rc"
[ "$(head -1 "$tmp/out")" = "valid" ] && [ "$(sed -n 3p "$tmp/out" | cut -c1-8)" = "invalid:" ] \
  || fail "mixed good/bad output: $(cat "$tmp/out")"

# render --n N --index K: random access to every solution up to N = 20 (unique list: 18).
"$bin" render --n 20 --index 39029188884 >"$tmp/out" || fail "render --n 20 --index last"
grep -q '<title>20 queens on a 20x20 board</title>' "$tmp/out" \
  || fail "render --n 20: $(head -c 200 "$tmp/out")"
"$bin" render --n 18 --unique --index 83263591 | grep -q '<title>18 queens' \
  || fail "render --n 18 --unique --index last"
expect_bad 2 render --n 21 --index 1
expect_bad 2 render --n 19 --unique --index 1
expect_bad 2 render --n 20 --index 39029188885

# Help and version go to stdout with exit 0.
"$bin" --help >"$tmp/out" 2>&1 && grep -q count "$tmp/out" || fail "--help"
"$bin" --version | grep -q '^nqueens [0-9]' || fail "--version"
"$bin" count --help >/dev/null || fail "count --help"
# Only the subcommand named on the command line is registered: --help still lists all nine, and
# each one's own help is its own (serve's comes from nqueens-serve, tests/web/serve_test.sh).
for sub in count merge list verify serve render trace find complete; do
  grep -qE "^  $sub  " "$tmp/out" || fail "--help does not list $sub"
  [ "$sub" = serve ] && continue
  "$bin" $sub --help >"$tmp/sub" 2>&1 || fail "$sub --help: exit $?"
  grep -q "^Usage: nqueens $sub " "$tmp/sub" || fail "$sub --help: $(head -c 200 "$tmp/sub")"
done
"$bin" --help count | grep -q '^Usage: nqueens count ' || fail "--help count"

finish
