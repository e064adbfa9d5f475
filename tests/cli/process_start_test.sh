#!/usr/bin/env bash
# bench/process_start.py, the start-up timer of docs/BENCHMARKS.md: a table row per command
# for one build and for two side by side, and their result file (here under a temporary
# folder); a missing binary or bad argument is one line, exit 2.
# Usage: process_start_test.sh path/to/bench/process_start.py BUILD_DIR (with nqueens, sudoku)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
BIN=$1 NAME=process_start
dir=$2

R=$TESTLIB_TMP/results
expect_exit 0 --bin "$dir" --runs 3 --results "$R" --machine test-box
[ "$(grep -c '^| `' "$TESTLIB_TMP/out")" -eq 4 ] || fail "one build: $(cat "$TESTLIB_TMP/out")"
grep -q '^| `nqueens count 4 -j 1 -q` | [0-9.]* | [0-9]* |$' "$TESTLIB_TMP/out" ||
  fail "one build, count row: $(cat "$TESTLIB_TMP/out")"
tsv=$(ls "$R"/test-box/*-process-start.tsv)
[ "$(grep -c '^process-start	' "$tsv")" -eq 4 ] || fail "result file: $(cat "$tsv")"
expect_exit 0 --bin "$dir" --compare "$dir" --runs 2 --results "$R" --machine test-box
grep -q '^| `sudoku count -j 1 EMPTY` | [0-9.]* | [0-9]* | [0-9.]* | [0-9]* | [0-9.]*x |$' \
  "$TESTLIB_TMP/out" || fail "two builds, sudoku row: $(cat "$TESTLIB_TMP/out")"
grep -Eq '^process-start	sudoku count -j 1 EMPTY	[^	]+	[0-9.]+	[^	]+	[0-9.]+	cpu-ms	[0-9.]+	2	median	' \
  "$R"/test-box/*-process-start-2.tsv || fail "two builds, result file: $(cat "$R"/test-box/*-2.tsv)"
expect_exit 0 --bin "$dir" --runs 1 --no-results
[ "$(ls "$R/test-box" | grep -c tsv)" -eq 2 ] || fail "--no-results wrote a file"

expect_bad 2 --bin "$TESTLIB_TMP/none"
expect_bad 2 --bin "$dir" --compare "$TESTLIB_TMP/none"
expect_bad 2 --bin "$dir" --runs 0
expect_bad 2 --bin "$dir" --runs many
expect_bad 2 --colour
expect_bad 2 --bin "$dir" --runs 1 --results "$R" --machine "Bad Name"
finish
