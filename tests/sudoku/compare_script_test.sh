#!/usr/bin/env bash
# bench/compare_sudoku.sh, the side-by-side harness behind the Sudoku tables of
# docs/BENCHMARKS.md, run end to end against stand-in peers built from our own `sudoku`: one that
# answers like tdoku's counting program (`puzzle:count:`), so the table comes out, and one that
# gets a count wrong, which the harness must refuse. The figures also go to a result file
# (bench/results/README.md), here under a temporary folder. Bad arguments exit 2.
# Usage: compare_script_test.sh SUDOKU DATA_DIR SCRIPT
source "$(dirname "$0")/../lib/testlib.sh"
BIN=$3 NAME=compare_sudoku
SUDOKU=$1 DATA=$2
T=$TESTLIB_TMP

# Two small sets: puzzles with one solution and puzzles with several.
mkdir -p "$T/data"
grep -v '^#' "$DATA/puzzles3_magictour_top1465" | head -40 >"$T/data/hard"
grep -v '^#' "$DATA/puzzles7_serg_benchmark" | head -40 >"$T/data/many"

# A stand-in peer: reads puzzles on stdin like tdoku's program run as `PEER 2`, prints
# `puzzle:count:` per line. LIE=1 reports the first puzzle's count wrong.
cat >"$T/peer" <<EOF
#!/usr/bin/env bash
[ "\$1" = 2 ] || exit 3
"$SUDOKU" count -j 1 - | awk -v lie="\${LIE:-0}" '{n = \$2 + 0; if (lie && NR == 1) n = (n == 1) ? 0 : 1; print "p:" n ":"}'
EOF
chmod +x "$T/peer"

run() { "$BIN" "$@" >"$T/out" 2>"$T/err"; }

run "$T/peer" --sudoku "$SUDOKU" --data "$T/data" --sets "hard many" --runs 3 \
  --results "$T/results" --machine test-box --peer-name tdoku/stand-in
rc=$?
[ "$rc" -eq 0 ] || fail "table run: exit $rc: $(head -c 300 "$T/err")"
# Header, separator, one row per set, a blank line and the CPU line.
[ "$(grep -c '^| hard | 40 |' "$T/out")" -eq 1 ] || fail "no row for set hard: $(cat "$T/out")"
[ "$(grep -c '^| many | 40 |' "$T/out")" -eq 1 ] || fail "no row for set many: $(cat "$T/out")"
awk -F'|' '/^\| (hard|many) \|/ && NF != 10 {bad = 1} END {exit bad}' "$T/out" ||
  fail "a row without its 8 columns: $(cat "$T/out")"
grep -Eq '^\| hard \|.*\| [0-9]+\.[0-9]+x \| [0-9]+\.[0-9]+x \([0-9]+\.[0-9]+-[0-9]+\.[0-9]+\) \|$' "$T/out" ||
  fail "row hard lacks the ratio and the pairs' quartiles: $(grep '^| hard' "$T/out")"
grep -q '^CPU: .*3 interleaved pairs' "$T/out" || fail "no CPU line: $(tail -1 "$T/out")"
# The result file: a header, then one row per set with both medians, the ratio and the pairs.
tsv=$(ls "$T/results/test-box/"*-sudoku.tsv 2>/dev/null)
[ "$(wc -l <<<"$tsv")" -eq 1 ] && [ -f "$tsv" ] || fail "no result file: $(ls -R "$T/results" 2>&1)"
grep -q "^# command: .*--sets 'hard many'" "$tsv" || fail "no command line in $(cat "$tsv")"
[ "$(grep -c '^what	case	ours	' "$tsv")" -eq 1 ] || fail "no column header: $(cat "$tsv")"
grep -Eq '^sudoku-count	hard	[a-z0-9]+/count	[0-9.]+	tdoku/stand-in	[0-9.]+	cpu-ms	[0-9.]+	3	median	pairs ' "$tsv" ||
  fail "no row for hard: $(cat "$tsv")"
grep -q '^sudoku-count	many	' "$tsv" || fail "no row for many: $(cat "$tsv")"
run "$T/peer" --sudoku "$SUDOKU" --data "$T/data" --sets hard --runs 1 --no-results
[ "$(ls "$T/results/test-box" | grep -c 'sudoku')" -eq 1 ] || fail "--no-results wrote a file"

# A peer whose counts differ from ours: refused, exit 1, and said why.
LIE=1 run "$T/peer" --sudoku "$SUDOKU" --data "$T/data" --sets hard --runs 1 --no-results
rc=$?
[ "$rc" -eq 1 ] || fail "lying peer: exit $rc, expected 1"
grep -q "solution counts differ on hard" "$T/err" || fail "lying peer: $(head -c 300 "$T/err")"

# Bad arguments: one line on stderr, exit 2.
expect_bad 2 "$T/peer" --sudoku "$SUDOKU" --data "$T/data" --sets nosuchset --runs 1
expect_bad 2 "$T/no-such-peer" --sudoku "$SUDOKU"
expect_bad 2 "$T/peer" --sudoku "$T/no-such-sudoku"
expect_bad 2 "$T/peer" --sudoku "$SUDOKU" --frobnicate
expect_bad 2 "$T/peer" --sudoku "$SUDOKU" --mode guess
expect_bad 2 "$T/peer" --sudoku "$SUDOKU" --data "$T/data" --sets hard --results "$T/results" \
  --machine "Bad Name"
expect_bad 2
finish
