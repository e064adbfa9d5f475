#!/usr/bin/env bash
# CLI checks for `sudoku`: usage: cli_test.sh SUDOKU_BINARY DATA_DIR CASE
set -u
bin=$1 data=$2 case=$3
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
BIN=$bin NAME=sudoku
p17='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

case $case in
help)
  "$bin" --help >"$tmp/out" 2>"$tmp/err" || fail "--help exit $?"
  [ -s "$tmp/err" ] && fail "--help wrote to stderr"
  # Only the subcommand named on the command line is registered (main.cpp); help must still
  # list every one, and each one's own help must be its own.
  for sub in solve count rate explain hint generate bench; do
    grep -Eq "^  $sub +[a-z]" "$tmp/out" || fail "--help does not list $sub"
    "$bin" "$sub" --help >"$tmp/sub" 2>&1 || fail "$sub --help exit $?"
    grep -q "^Usage: .* $sub \[OPTIONS\]" "$tmp/sub" || fail "$sub --help: $(head -c 300 "$tmp/sub")"
  done
  "$bin" --version >"$tmp/out" || fail "--version exit $?"
  grep -Eq '^sudoku [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/out" || fail "version: $(cat "$tmp/out")"
  grep -Eq '^9x9 solver on this CPU: (avx512|avx2|scalar) \(available: .*scalar;' "$tmp/out" ||
    fail "version does not name the solver tier: $(cat "$tmp/out")"
  ;;
usage)
  "$bin" solve --size 7 </dev/null >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc -eq 2 ] || fail "bad --size exit $rc"
  [ "$(wc -l <"$tmp/err")" -ge 1 ] || fail "no error line"
  "$bin" frobnicate >/dev/null 2>&1; [ $? -eq 2 ] || fail "unknown command not exit 2"
  "$bin" solve /nonexistent/file >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] || fail "missing file not exit 2"
  grep -q "cannot open" "$tmp/err" || fail "missing file message"
  ;;
bad_lines)
  printf '%s\n' "# comment" "$p17" "123" "${p17:0:5}x${p17:6}" "44${p17:2}" "$p17" >"$tmp/in"
  "$bin" solve "$tmp/in" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc -eq 2 ] || fail "exit $rc, expected 2"
  [ "$(wc -l <"$tmp/out")" -eq 5 ] || fail "expected 5 output lines: $(cat "$tmp/out")"
  grep -q "^line 3: wrong length: 3 cells, expected 81" <(sed 's/^sudoku: //' "$tmp/err") || fail "line 3 not reported: $(cat "$tmp/err")"
  grep -q "line 4: bad character 'x' at column 6" "$tmp/err" || fail "line 4 not reported"
  grep -q "line 5: digit 4 repeated in row 1" "$tmp/err" || fail "line 5 not reported"
  sol=$(sed -n 1p "$tmp/out")
  [ "$sol" = "417369825632158947958724316825437169791586432346912758289643571573291684164875293" ] || fail "wrong solution $sol"
  [ "$(sed -n 5p "$tmp/out")" = "$sol" ] || fail "last puzzle not solved after bad lines"
  sed -n 2p "$tmp/out" | grep -q "^invalid: line 3" || fail "output line for bad entry"
  ;;
no_solution)
  echo ".23456789.........1........................................................................" | cut -c1-81 >"$tmp/in"
  printf '%s\n' ".23456789" "........." "........." "1........" "........." "........." "........." "........." "........." >"$tmp/in"
  "$bin" solve "$tmp/in" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc -eq 1 ] || fail "exit $rc, expected 1"
  grep -q "no solution" "$tmp/out" || fail "no 'no solution' line"
  ;;
count)
  head -n 12 "$data/puzzles7_serg_benchmark" | "$bin" count >"$tmp/out" || fail "exit $?"
  [ "$(sort -u "$tmp/out")" = "multiple 2+" ] || fail "serg not multiple: $(sort -u "$tmp/out")"
  echo "$p17" | "$bin" count --limit 5 | grep -qx "unique 1" || fail "17-clue not unique"
  echo ".................................................................................." | cut -c1-81 | "$bin" count --limit 7 | grep -qx "multiple 7+" || fail "empty grid count"
  echo "$p17" | "$bin" count --json | grep -q '"status":"unique"' || fail "json count"
  # No solution (r1c1 can only be 1, which column 1 already has), and a count stopped at limit 1: at least one solution.
  printf '%s\n' ".23456789" "........." "........." "1........" "........." "........." "........." "........." "........." |
    "$bin" count | grep -qx "none 0" || fail "no-solution count"
  echo ".................................................................................." | cut -c1-81 | "$bin" count --limit 1 | grep -qx "solvable 1+" || fail "limit 1 count"
  ;;
threads_keep_order)
  grep -v '^#' "$data/puzzles2_17_clue" | head -n 3000 >"$tmp/in"
  "$bin" solve -j 1 "$tmp/in" >"$tmp/one" || fail "-j1 exit $?"
  "$bin" solve -j 2 <"$tmp/in" >"$tmp/two" || fail "-j2 exit $?"
  cmp -s "$tmp/one" "$tmp/two" || fail "-j 2 output differs"
  [ "$(wc -l <"$tmp/one")" -eq 3000 ] || fail "line count"
  ;;
formats)
  echo "$p17" | "$bin" solve --format grid >"$tmp/grid" || fail "grid exit"
  [ "$(grep -c '|' "$tmp/grid")" -eq 9 ] || fail "grid rows"
  "$bin" count "$tmp/grid" | grep -qx "unique 1" || fail "grid output does not read back"
  echo "$p17" | "$bin" solve --json | grep -q '"solution":"417369825' || fail "json solve"
  (echo "quizzes,solutions"; echo "$p17,x") | "$bin" solve | grep -q "^417369825" || fail "csv"
  ;;
generate)
  "$bin" generate --count 5 --seed 9 --symmetry rot180 >"$tmp/p" || fail "exit $?"
  [ "$(wc -l <"$tmp/p")" -eq 5 ] || fail "5 puzzles"
  [ "$(grep -c . <("$bin" count "$tmp/p" | grep -x 'unique 1'))" -eq 5 ] || fail "not unique"
  "$bin" generate --count 5 --seed 9 --symmetry rot180 | cmp -s - "$tmp/p" || fail "not reproducible"
  "$bin" generate --size 16 --seed 2 --no-minimal | "$bin" count --size 16 | grep -qx "unique 1" || fail "16x16"
  "$bin" generate --size 4 --seed 2 --format json | grep -q '"puzzle"' || fail "4x4 json"
  "$bin" generate --difficulty hard --seed 4 | "$bin" rate | grep -q "^hard " || fail "hard"
  "$bin" generate --symmetry spiral >/dev/null 2>&1; [ $? -eq 2 ] || fail "bad symmetry"
  # The output for a seed is the same at any -j, and the same as when every puzzle was made
  # before the first was printed (tests/sudoku/generated/: that version's output of each
  # command below; a failed difficulty's message comes in its place in the order).
  gen=$(dirname "$0")/generated
  for j in 1 2 7; do
    "$bin" generate --seed 7 -n 30 -j $j | cmp -s - "$gen/seed7-n30.txt" || fail "seed 7, -j $j"
    "$bin" generate --size 4 --seed 3 -n 20 --format grid -j $j | cmp -s - "$gen/4x4-grid-seed3-n20.txt" ||
      fail "4x4 grid, seed 3, -j $j"
    "$bin" generate --seed 11 -n 5 --json --symmetry rot180 -j $j | cmp -s - "$gen/json-rot180-seed11-n5.txt" ||
      fail "json rot180, seed 11, -j $j"
    "$bin" generate --seed 1 -n 6 --difficulty hard --attempts 4 -j $j >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 1 ] && cmp -s "$tmp/out" "$gen/hard-attempts4-seed1-n6.txt" &&
      cmp -s "$tmp/err" "$gen/hard-attempts4-seed1-n6.err" || fail "hard, 4 attempts, seed 1, -j $j"
  done
  ;;
rate)
  echo "$p17" | "$bin" rate >"$tmp/out" || fail "exit $?"
  grep -Eq '^(easy|medium|hard|expert|extreme) [0-9]+\.[0-9]$' "$tmp/out" || fail "rate line $(cat "$tmp/out")"
  echo "$p17" | "$bin" rate --json | grep -q '"techniques"' || fail "rate json"
  # effort 0 (singles solve it in every relabeling) and rank = score; a hard one guesses.
  echo "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" |
    "$bin" rate --json | grep -q '"effort":0.0,.*"rank":1.2,"score":1.2,' || fail "rate json effort/rank (easy)"
  grep -v '^#' "$data/puzzles3_magictour_top1465" | head -n 1 | "$bin" rate --json >"$tmp/out"
  grep -Eq '"effort":([1-9][0-9]*)\.' "$tmp/out" || fail "rate json effort (hard): $(cat "$tmp/out")"
  ;;
explain)
  echo "$p17" | "$bin" explain >"$tmp/out" || fail "exit $?"
  grep -qx "  1. hidden single: r6c2=4 (box 4)" "$tmp/out" || fail "first step: $(sed -n 2p "$tmp/out")"
  grep -Eq '^(easy|medium|hard|expert|extreme) [0-9]+\.[0-9] \(hardest: ' "$tmp/out" || fail "summary"
  echo "$p17" | "$bin" explain --json | grep -q '"steps":\[{' || fail "explain json"
  echo "$p17" | "$bin" hint | grep -qx "hidden single: r6c2=4 (box 4)" || fail "hint"
  echo "$p17" | "$bin" hint --json | grep -q '"technique":"hidden single"' || fail "hint json"
  echo "44${p17:2}" | "$bin" hint >/dev/null 2>&1; [ $? -eq 2 ] || fail "bad puzzle not exit 2"
  # A 4x4 puzzle is well formed but not handled: one invalid record, exit 2.
  for sub in explain hint; do
    out=$(echo '................' | "$bin" $sub --size 4); rc=$?
    [ $rc -eq 2 ] || fail "$sub 4x4: exit $rc"
    [ "$out" = "invalid: $sub is 9x9 only" ] || fail "$sub 4x4: $out"
  done
  ;;
bench)
  "$bin" bench "$data/puzzles3_magictour_top1465" --repeat 1 --reference >"$tmp/out" || fail "exit $?"
  grep -q "1465 puzzles" "$tmp/out" || fail "puzzle count"
  grep -E "^fast" "$tmp/out" | grep -q " 1465 " || fail "unique count"
  grep -q "^reference" "$tmp/out" || fail "reference row"
  grep -E "^read\+solve\+print" "$tmp/out" | grep -q " 1465 " || fail "whole-run row"
  "$bin" bench >/dev/null 2>&1; [ $? -eq 2 ] || fail "bench without file"
  ;;
*) fail "unknown case" ;;
esac
finish
