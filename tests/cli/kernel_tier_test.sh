#!/usr/bin/env bash
# `nqueens count` with each kernel tier this CPU has: the OEIS counts, and the tier named in
# --json; a tier it lacks and an unknown name are bad input (exit 2, one line on stderr).
# Cross builds pass their emulator (tests/cross). Usage: kernel_tier_test.sh BIN [EMULATOR ARGS...]
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
bin="$1"
shift
nq() { "${emulator[@]}" "$bin" "$@"; }
emulator=("$@")
err=$(mktemp)

out=$(nq --version) || fail "--version exit $?"
tier=$(sed -n 's/^counting kernel on this CPU: \([a-z0-9]*\).*/\1/p' <<<"$out")
[ -n "$tier" ] || fail "--version names no kernel tier: $out"
available=$(sed -n 's/.*(available: \([a-z0-9, ]*\);.*/\1/p' <<<"$out" | tr -d ,)
[ -n "$available" ] || fail "--version lists no available tiers: $out"
echo "default tier: $tier; available: $available"

for k in auto $available; do
  json=$(nq count 12 --json -j 2 --kernel "$k") || fail "count 12 --kernel $k: exit $?"
  want="$k"; [ "$k" = auto ] && want="$tier"
  case "$json" in
    *'"total":14200,"unique":1787,'*"\"kernel\":\"$want\""*) ;;
    *) fail "count 12 --kernel $k: $json" ;;
  esac
done
json=$(NQUEENS_KERNEL=scalar nq count 13 --json) || fail "NQUEENS_KERNEL=scalar count 13: exit $?"
case "$json" in *'"total":73712,"unique":9233,'*'"kernel":"scalar"'*) ;; *) fail "count 13: $json" ;; esac

for bad in avx512 avx2 neon sse9; do
  case " $available " in *" $bad "*) continue ;; esac
  nq count 8 --kernel "$bad" >/dev/null 2>"$err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "--kernel $bad: exit $rc, want 2"
  [ "$(wc -l <"$err")" -eq 1 ] || fail "--kernel $bad: stderr is not one line: $(cat "$err")"
done
NQUEENS_KERNEL=sse9 nq count 8 >/dev/null 2>"$err"
rc=$?
[ "$rc" -eq 2 ] || fail "NQUEENS_KERNEL=sse9: exit $rc, want 2"
[ "$(wc -l <"$err")" -eq 1 ] || fail "NQUEENS_KERNEL=sse9: stderr is not one line: $(cat "$err")"
rm -f "$err"
finish
