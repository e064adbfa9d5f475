#!/usr/bin/env bash
# nqueens under bad input and failing output: each case was once accepted, hung or lost data.
# Every refusal is one line on stderr and exit 2 (docs/RELIABILITY.md).
# Usage: bad_input_test.sh NQUEENS
source "$(dirname "$0")/../lib/testlib.sh"
BIN=$1 NAME=nqueens
T=$TESTLIB_TMP
# limited CMD...: CMD under a 400 MB address-space limit (not under ASan, which reserves
# terabytes of address space).
limited() {
  if [ -z "${NQUEENS_SANITIZED:-}" ]; then (ulimit -v 400000 && exec "$@"); else "$@"; fi
}

# Squares off the board, also past 2^32 (once cast to int first and read as rank 1..4):
# malformed (exit 2), reported on stderr and as "malformed: ..." on stdout.
for placement in "b4294967297 d4294967298 a4294967299 c4294967300" "a9 c1 e2 g3 b4 d5 f6 h7" \
  "a99999999999999999999 b1"; do
  expect_exit 2 verify "$placement"
  grep -q "^malformed: " "$T/out" || fail "verify $placement: stdout: $(head -c 300 "$T/out")"
done
expect_out "valid" verify "b1 d2 a3 c4"

# verify reads each argument whole: a JSON array given as an argument is one placement (CLI11 cut
# '[2,4,1,3]' at its commas: three "malformed", and '[1,1]' "valid" twice). Every placement of
# N <= 5 queens one to a row (all N^N column choices), and columns 0 and N+1 for N <= 3, as JSON,
# perm, compact perm and algebraic arguments and as stdin lines, gets the reference verdict.
python3 - "$BIN" <<'EOF_PY' || fail "verify: a verdict differs from the reference checker"
import itertools, json, subprocess, sys
bin_ = sys.argv[1]

def verdict(cols):
    n = len(cols)
    if any(c < 1 or c > n for c in cols):
        return "malformed"
    for i, j in itertools.combinations(range(n), 2):
        if cols[i] == cols[j] or abs(cols[i] - cols[j]) == j - i:
            return "invalid"
    return "valid"

cases = [list(p) for n in range(1, 6) for p in itertools.product(range(1, n + 1), repeat=n)]
cases += [list(p) for n in range(1, 4) for p in itertools.product(range(0, n + 2), repeat=n)
          if any(c < 1 or c > n for c in p)]
forms = {
    "json": lambda p: json.dumps(p, separators=(",", ":")),
    "json spaced": lambda p: json.dumps(p),
    "json object": lambda p: json.dumps({"n": len(p), "solution": p}),
    "perm": lambda p: " ".join(map(str, p)),
    "compact perm": lambda p: "".join(map(str, p)),
    "algebraic": lambda p: " ".join("abcdefghijklmnopqrstuvwxyz"[c - 1] + str(r + 1)
                                    for r, c in enumerate(p)),
}
ok = True
def check(name, texts, expected, stdin=None):
    global ok
    args = [bin_, "verify", "--json"] + ([] if stdin is not None else ["--"] + texts)
    proc = subprocess.run(args, input=stdin, capture_output=True, text=True)
    got = []
    for line in proc.stdout.splitlines():
        d = json.loads(line)
        got.append("malformed" if "error" in d else "valid" if d["valid"] else "invalid")
    want_rc = 2 if "malformed" in expected else 1 if "invalid" in expected else 0
    if got != expected or proc.returncode != want_rc:
        bad = next((i for i, (g, w) in enumerate(zip(got, expected)) if g != w), len(got))
        print(f"{name}: {len(got)} verdicts for {len(expected)} placements, exit {proc.returncode}"
              f" (expected {want_rc}); first difference at {texts[bad] if bad < len(texts) else '-'}:"
              f" got {got[bad] if bad < len(got) else '-'}, expected "
              f"{expected[bad] if bad < len(expected) else '-'}")
        ok = False
all_texts, all_expected = [], []
for name, form in forms.items():
    chosen = [p for p in cases if (name != "algebraic" or all(1 <= c <= len(p) for c in p))
              and (name != "compact perm" or len(p) > 1)]
    texts = [form(p) for p in chosen]
    expected = [verdict(p) for p in chosen]
    check(name + " arguments", texts, expected)
    all_texts += texts
    all_expected += expected
check("stdin lines", all_texts, all_expected, stdin="\n".join(all_texts) + "\n")
print(f"{len(all_texts)} placements in {len(forms)} forms, as arguments and on stdin")
sys.exit(0 if ok else 1)
EOF_PY
expect_out "valid" verify '[2,4,1,3]'
expect_exit 1 verify '[1,1]'
[ "$(cat "$T/out")" = "invalid: a1 and a2 share a column" ] || fail "verify '[1,1]': $(cat "$T/out")"
expect_out "$(printf 'valid\nvalid')" verify '[2,4,1,3]' '[3,1,4,2]'
expect_bad 2 verify '[2,4,1,3]' --bogus

# Output that cannot be written: exit 2 and one line, for every command that prints data.
expect_full() {
  "$BIN" "$@" >/dev/full 2>"$T/err" </dev/null
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$* > /dev/full: exit $rc, expected 2: $(head -c 300 "$T/err")"
  [ "$(wc -l <"$T/err")" -eq 1 ] || fail "$* > /dev/full: stderr is not one line: $(head -c 300 "$T/err")"
  grep -q "^nqueens: cannot write output" "$T/err" ||
    fail "$* > /dev/full: stderr: $(head -c 300 "$T/err")"
}
expect_full list 10
expect_full list 8 --limit 3 --format json
expect_full count 8 -q
expect_full count 8 --queens 3
expect_full count 6 --table
expect_full find 8
expect_full find 1000
expect_full trace 8
expect_full verify "2 4 1 3"
expect_full complete 8 --fixed a1
expect_full complete 8 --fixed a1 --all
expect_full render --n 8 --index 1
expect_full --help
# A listing far too long to finish stops at the first failed write instead of running on.
timeout 120 "$BIN" list 20 >/dev/full 2>"$T/err"
[ $? -eq 2 ] || fail "list 20 > /dev/full did not stop with exit 2: $(head -c 300 "$T/err")"

# Records: a class count past 2^128 - 1 (39 digits) with a valid checksum is refused, not
# taken modulo 2^128.
"$BIN" count 8 -q --shard 1/2 --checkpoint "$T/a.record" >/dev/null 2>&1 || fail "count 8 --shard 1/2"
"$BIN" count 8 -q --shard 2/2 --checkpoint "$T/b.record" >/dev/null 2>&1 || fail "count 8 --shard 2/2"
"$BIN" merge "$T/a.record" "$T/b.record" >"$T/out" 2>&1 || fail "merge of two good shards: exit $?"
grep -q "92" "$T/out" || fail "merge of two good shards: $(head -c 300 "$T/out")"
python3 - "$T/a.record" <<'EOF'
import sys
path = sys.argv[1]
text = open(path).read()
body = text[: text.rindex("checksum ")]
lines = body.splitlines(keepends=True)
for i, line in enumerate(lines):
    if line.startswith("solutions "):
        lines[i] = "solutions " + "9" * 39 + " 0 0\n"
body = "".join(lines)
h = 0xCBF29CE484222325
for b in body.encode():
    h = ((h ^ b) * 0x100000001B3) % (1 << 64)
open(path, "w").write(body + "checksum %x\n" % h)
EOF
expect_bad 2 merge "$T/a.record" "$T/b.record"
expect_error_contains "not a usable nqueens record"

# A fully blocked column (or row): no completion, proved at once instead of a search for ever.
col1=$(for r in $(seq 1 16); do printf '%s:1,' "$r"; done)
row1=$(for c in $(seq 1 16); do printf '1:%s,' "$c"; done)
for blocked in "$col1" "$row1"; do
  timeout 120 "$BIN" complete 16 --blocked "$blocked" >"$T/out" 2>"$T/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "complete 16 --blocked $blocked: exit $rc, expected 1"
  grep -q "no completion exists" "$T/err" || fail "complete, blocked line: $(head -c 300 "$T/err")"
done
expect_out "0" complete 16 --blocked "$col1" --count

# complete at large N: --all gives its first completion at once (the search's first descent
# follows one found by local search; a scan of every open row at every node took minutes) and
# streams; --count on an almost empty board of 100,000 is refused at once (its search state
# once took 1.25 GB up front, then std::bad_alloc as "internal error", exit 1); the memory a
# board needs is checked before any work. Every completion printed is checked by verify.
for args in "10000 --all --limit 1" "100000 --all --limit 1" "3000 --all --limit 20"; do
  # shellcheck disable=SC2086
  limited timeout 60 "$BIN" complete $args >"$T/out" 2>"$T/err" || fail "complete $args: exit $?: $(head -c 300 "$T/err")"
  "$BIN" verify -q - <"$T/out" || fail "complete $args: a completion is not a solution"
done
[ "$(sort -u "$T/out" | wc -l)" -eq 20 ] || fail "complete 3000 --all --limit 20: not 20 distinct"
got=$(limited timeout 60 "$BIN" complete 100000 --all 2>/dev/null | head -n 1 | "$BIN" verify)
[ "$got" = valid ] || fail "complete 100000 --all | head -1: $got"
limited timeout 60 "$BIN" complete 100000 --count >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "at most 41 open rows" "$T/err" ||
  fail "complete 100000 --count: exit $rc: $(head -c 300 "$T/err")"
if [ -z "${NQUEENS_SANITIZED:-}" ]; then
  blocked=$(seq 1 3000 | sed 's/.*/&:&/' | paste -sd,)
  (ulimit -v 60000 && exec "$BIN" complete 100000 --blocked "$blocked" --all >"$T/out" 2>"$T/err")
  rc=$?
  [ "$rc" -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "needs about .* GB of memory" "$T/err" ||
    fail "complete 100000 with 3000 blocked rows in 60 MB: exit $rc: $(head -c 300 "$T/err")"
fi

# list: N above the range whose first solutions come at once is refused.
expect_bad 2 list 34 --limit 1
expect_bad 2 list 64 --limit 1

# Options that conflict or are out of range.
expect_bad 2 count 8 --queens 3 --shard 2/4
expect_bad 2 count 8 --queens 3 --checkpoint "$T/k.record"
expect_bad 2 count 8 --table --queens abc
expect_bad 2 count 8 --table --queens 3
expect_bad 2 list 8 --limit 18446744073709551617
expect_bad 2 list 8 --limit -1
expect_bad 2 find 8 --seed -1
expect_bad 2 find 8 --seed 18446744073709551616
expect_out "$("$BIN" find 8 --seed 18446744073709551615)" find 8 --random --seed 18446744073709551615
expect_bad 2 trace 8 --from 99999999999999999999
expect_bad 2 trace 8 --limit -5
expect_bad 2 complete 8 --fixed a1 --limit 3
expect_out "1 5 8 6 3 7 2 4" complete 8 --fixed a1 --all --limit 1
# Options that would be ignored are refused: --unique or --index with a placement, --index
# without --n, --format with complete --count, --boards with trace --json, --checkpoint-seconds
# with no record to write, --checkpoint-seconds or --table-memory with --queens.
expect_bad 2 render --unique "2 4 1 3"
expect_bad 2 render --index 3 "2 4 1 3"
expect_bad 2 render --index 3
expect_bad 2 render --n 8
expect_bad 2 complete 6 --count --format board
expect_bad 2 trace 4 --boards --json
expect_bad 2 count 8 --checkpoint-seconds 5
expect_bad 2 count 8 --queens 3 --checkpoint-seconds 5
expect_bad 2 count 8 --queens 3 --table-memory 5
# Messages quote the value given, not a value it was clamped or converted to; --cell 0 is refused
# as the message's range says (every malformed number on every option: number_options_test.py).
expect_bad 2 render --n 8 --index 9223372036854775808
expect_error_contains "got '9223372036854775808'"
expect_bad 2 render --n 8 --index 93
expect_error_contains "between 1 and 92, got '93'"
expect_bad 2 render "2 4 1 3" --cell 0
expect_error_contains "between 1 and 200, got '0'"
expect_out "$("$BIN" render --n 8 --index 5)" render --n 8 --index 005

# Messages: input is quoted escaped and shortened, on one line.
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
expect_bad 2 count "$long"
[ "$(wc -c <"$T/err")" -lt 400 ] || fail "count LONG: the message echoes the whole token"
expect_bad 2 count "$(printf 'a\tb\033c')"
grep -q "$(printf '\033')" "$T/err" && fail "count with control bytes: echoed raw"
expect_error_contains "\\x1b"
printf '1 2 \001\002 3\n' >"$T/ctl.txt"
"$BIN" verify - <"$T/ctl.txt" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || fail "verify with control bytes: exit not 2"
grep -q "$(printf '\001')" "$T/err" "$T/out" && fail "verify with control bytes: echoed raw"
head -c 2000000 /dev/zero | tr '\0' 'y' >"$T/long.txt"
"$BIN" verify - <"$T/long.txt" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || fail "verify with a 2 MB bad token: exit not 2"
[ "$(wc -c <"$T/err")" -lt 400 ] || fail "verify with a 2 MB bad token: the message echoes it whole"
[ "$(wc -c <"$T/out")" -lt 400 ] || fail "verify with a 2 MB bad token: the output echoes it whole"

# verify on long invalid lines keeps its memory under 4 times the line: 24 MB of `1 1 1 ...`
# (12 million queens, all in column 1; it took 600 MB, 25 times, when each queen cost 50 bytes)
# and the same queens as a JSON array. Peak RSS of the process, as its parent sees it; the
# attacking pairs are checked too (C(12e6, 2), all on one column).
if [ -z "${NQUEENS_SANITIZED:-}" ]; then  # ASan's shadow memory and quarantine inflate RSS
  python3 - "$BIN" "$T" <<'EOF_PY' || fail "verify on a 24 MB invalid line: memory or result wrong"
import json, os, subprocess, sys
bin_, tmp = sys.argv[1], sys.argv[2]
queens = 12_000_000
ok = True
# The files are written in pieces: this process stays small, since a child's peak RSS also counts
# what it shared with its parent before exec.
for name, first, sep, last, q in (("perm", "", " ", "\n", "1"), ("json", "[", ",", "]\n", "1"),
                                  ("algebraic", "", " ", "\n", "a1")):
    path = os.path.join(tmp, name + ".txt")
    piece = (q + sep) * 100_000
    with open(path, "w") as f:
        f.write(first)
        for _ in range(queens // 100_000 - 1):
            f.write(piece)
        f.write((q + sep) * 99_999 + q + last)
    size = os.path.getsize(path)
    with open(path) as f, open(path + ".out", "w+") as out, open(path + ".err", "w+") as err:
        proc = subprocess.Popen([bin_, "verify", "--json", "-"], stdin=f, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    os.remove(path)
    peak = usage.ru_maxrss * 1024  # KiB -> bytes
    code = os.waitstatus_to_exitcode(status)
    print(f"{name}: {size} bytes in, peak RSS {peak} bytes ({peak / size:.2f} times)")
    if code != 1:
        print(f"{name}: exit {code}: {stderr[:300]}")
        ok = False
        continue
    result = json.loads(stdout)
    if result["attacking_pairs"] != queens * (queens - 1) // 2 or result["valid"]:
        print(f"{name}: wrong result {stdout[:300]}")
        ok = False
    if peak >= 4 * size:
        print(f"{name}: peak RSS {peak} is not under 4 times the input ({size})")
        ok = False
sys.exit(0 if ok else 1)
EOF_PY
fi

# Endless lines: every reader of lines (complete --board FILE and -, verify -, render -) stops at
# its cap (1 MiB; verify 1 GiB and a quarter of the memory it can get) with one line and exit 2,
# under a 400 MB address-space limit (not under ASan, which reserves terabytes; there verify,
# whose cap is the largest, is left out). Then a 100 MB line, piped.
expect_too_long() {  # expect_too_long WHAT: the last command's exit code in $rc, its output in $T
  [ "$rc" -eq 2 ] || fail "$1: exit $rc, expected 2: $(head -c 300 "$T/err")"
  [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "^nqueens: .*line 1 is longer than [0-9]* bytes" "$T/err" ||
    fail "$1: stderr: $(head -c 300 "$T/err")"
}
for args in "complete --board /dev/zero" "complete --board -" "verify -" "verify" "render -"; do
  [ -n "${NQUEENS_SANITIZED:-}" ] && [ "${args%% *}" = verify ] && continue
  # shellcheck disable=SC2086  # the words of $args are the arguments
  limited timeout 60 "$BIN" $args </dev/zero >"$T/out" 2>"$T/err"
  rc=$?
  expect_too_long "$args < /dev/zero"
done
for args in "complete --board -" "render -"; do
  # shellcheck disable=SC2086
  head -c 100000000 /dev/zero | tr '\0' 'Q' | limited timeout 60 "$BIN" $args >"$T/out" 2>"$T/err"
  rc=${PIPESTATUS[2]}
  expect_too_long "$args < a 100 MB line"
done
if [ -z "${NQUEENS_SANITIZED:-}" ]; then
  head -c 110000000 /dev/zero | tr '\0' '1' | limited timeout 60 "$BIN" verify >"$T/out" 2>"$T/err"
  rc=${PIPESTATUS[2]}
  expect_too_long "verify < a 110 MB line, 400 MB of memory"
fi
# A line of exactly 1 MiB is read (here a board row wider than complete takes), one byte more is
# not; a board has no more rows than squares in a row; board diagrams end once square.
{ printf '# a comment\n'; head -c 1048576 /dev/zero | tr '\0' '.'; echo; } >"$T/cap.txt"
expect_bad 2 complete --board "$T/cap.txt"
expect_error_contains "board row 1 has 1048576 squares"
{ printf '# a comment\n'; head -c 1048577 /dev/zero | tr '\0' '.'; echo; } >"$T/cap.txt"
expect_bad 2 complete --board "$T/cap.txt"
expect_error_contains "line 2 is longer than 1048576 bytes"
printf '%s\n' "Q . . ." "Q . . ." "Q . . ." "Q . . ." "Q . . ." >"$T/tall.txt"
expect_bad 2 complete --board "$T/tall.txt"
expect_error_contains "more than 4 rows"
printf '%s\n' ". Q . ." ". . . Q" "Q . . ." ". . Q ." ". . . ." | "$BIN" render - >"$T/out" 2>"$T/err" ||
  fail "render - of a board diagram followed by more lines: $(head -c 300 "$T/err")"

# Paths that are directories: the message says so.
mkdir -p "$T/dir"
expect_bad 2 merge "$T/dir"
expect_error_contains "directory"
expect_bad 2 complete --board "$T/dir"
expect_error_contains "directory"

# find checks the memory it needs before it starts (here 4 GB against a 1 GB limit).
if [ -z "${NQUEENS_SANITIZED:-}" ]; then
  (ulimit -v 1048576 && "$BIN" find 1000000000 >/dev/null 2>"$T/err")
  rc=$?
  [ "$rc" -eq 2 ] || fail "find 1000000000 under a 1 GB limit: exit $rc: $(head -c 300 "$T/err")"
  grep -q "memory" "$T/err" || fail "find 1000000000: $(head -c 300 "$T/err")"
fi

finish
