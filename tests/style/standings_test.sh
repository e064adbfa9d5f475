#!/usr/bin/env bash
# bench/render_standings.py on the committed results: it renders the standings tables, the
# copies in docs/BENCHMARKS.md, README.md and docs/images/standings.svg are what the result
# files give (--check), a newer result file replaces an older one's figure, and a malformed
# file or a missing folder is one line on stderr and exit 2. bench/results.py: the file a bench
# script writes (header, a free name per run) and the machine's name.
# Usage: standings_test.sh REPO_ROOT
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
root=$1
T=$TESTLIB_TMP
BIN=$root/bench/render_standings.py NAME=render_standings

# The committed data: both tables, a row per machine and tier, the docs up to date.
expect_exit 0
grep -q "^\*\*Counting (\`nqueens count N -j 1\`) against Kluev's counter" "$T/out" ||
  fail "no counting table: $(head -c 300 "$T/out")"
grep -q "^\*\*Sudoku (\`sudoku count -j 1\`" "$T/out" || fail "no Sudoku table"
grep -Eq '^\| `zen3-epyc` \| avx2 \| native \| [0-9]+\.[0-9]{2}x' "$T/out" ||
  fail "no zen3-epyc avx2 counting row: $(grep zen3 "$T/out" | head -3)"
grep -Eq '^\| `zen4-epyc` \| avx512 \| clang \| ([0-9]+\.[0-9]{2}x \| ){3}[0-9]+\.[0-9]{2}x \|$' "$T/out" ||
  fail "no zen4-epyc avx512 Sudoku row with four sets"
expect_exit 0 --check

# A newer file for a case replaces the older figure; a peer-less row changes nothing.
cp -r "$root/bench/results" "$T/results"
mkdir -p "$T/results/test-box"
echo "Test box (family 0 model 0, 2 CPUs)" >"$T/results/test-box/MACHINE"
header=$(printf 'what\tcase\tours\tours_value\tpeer\tpeer_value\tunit\tratio\truns\tstat\tnote')
{ echo "# what: count"; echo "$header"
  printf 'count\t20\tavx2/join\t300\tkluev/native\t600\tcpu-s\t2.00\t1\tone\t\n'
  printf 'count\t20\tavx2/backtrack\t400\tkluev/native\t600\tcpu-s\t1.50\t1\tone\t\n'; } \
  >"$T/results/test-box/2000-01-01-count.tsv"
{ echo "$header"
  printf 'count\t20\tavx2/join\t500\tkluev/native\t600\tcpu-s\t1.20\t1\tone\t\n'
  printf 'count\t21\tavx2/join\t9000\t\t\tcpu-s\t\t4\tsampled\t\n'; } \
  >"$T/results/test-box/2000-01-02-count.tsv"
expect_exit 0 --results "$T/results"
grep -Eq '^\| `test-box` \| avx2 \| native \| (- \| ){4}1\.20x \(join\) \|$' "$T/out" ||
  fail "the newer test-box file did not give N = 20: $(grep test-box "$T/out")"
grep -q 'N = 21' "$T/out" && fail "a row without a peer made a column"
rm "$T/results/test-box/2000-01-02-count.tsv"
expect_exit 0 --results "$T/results"
grep -Eq '^\| `test-box` \| avx2 \| native \| (- \| ){4}2\.00x \(join\) \|$' "$T/out" ||
  fail "the faster of our methods was not taken: $(grep test-box "$T/out")"

# Bad input: one line, exit 2.
printf 'count\t20\tavx2/join\n' >>"$T/results/test-box/2000-01-01-count.tsv"
expect_bad 2 --results "$T/results"
expect_error_contains "2000-01-01-count.tsv:5: 3 cells"
expect_bad 2 --results "$T/no-such-folder"
expect_bad 2 --frobnicate

# bench/results.py new: the header, then a free name for a second run the same day.
BIN=$root/bench/results.py NAME=results.py
expect_exit 0 new count --machine test-box --results "$T/new" --note "build: test" -- a "b c"
first=$(cat "$T/out")
case "$first" in "$T/new/test-box/"*-count.tsv) ;; *) fail "new wrote $first" ;; esac
[ "$(sed -n 1p "$first")" = "# what: count" ] || fail "first line: $(sed -n 1p "$first")"
grep -qx "# command: a 'b c'" "$first" || fail "no command line: $(cat "$first")"
grep -qx "# build: test" "$first" || fail "no note: $(cat "$first")"
[ "$(tail -1 "$first")" = "$header" ] || fail "last line is not the header: $(tail -1 "$first")"
[ -s "$T/new/test-box/MACHINE" ] || fail "no MACHINE file"
expect_exit 0 new count --machine test-box --results "$T/new"
[ "$(cat "$T/out")" = "${first%.tsv}-2.tsv" ] || fail "second run named $(cat "$T/out")"
expect_bad 2 new count --machine "Bad Name" --results "$T/new"
expect_bad 2 new "no/slash" --machine test-box --results "$T/new"
expect_exit 0 machine "$T/new"
grep -Eq '^[a-z0-9][a-z0-9.-]*$' "$T/out" || fail "machine name: $(cat "$T/out")"
finish
