#!/usr/bin/env bash
# mpirun -np 3 nqueens-mpi count N gives the published total and unique count (and, with a
# fifth argument `json`, --json the same numbers). METHOD=join|backtrack in the environment
# passes --method, KERNEL=TIER --kernel.
# Usage: count_test.sh MPIEXEC NQUEENS_MPI KNOWN_CHECK N [json]
set -u
source "$(dirname "${BASH_SOURCE[0]}")/mpi_testlib.sh"
mpiexec=$1 bin=$2 check=$3 n=$4
method=()
[ -n "${METHOD:-}" ] && method=(--method "$METHOD")
[ -n "${KERNEL:-}" ] && method+=(--kernel "$KERNEL")
out=$(timeout 60 "$mpiexec" -np 3 "$bin" count "$n" -j 1 -q "${method[@]}") || fail "exit $? for N = $n"
echo "$out" | "$check" "$n" || exit 1
total=$(echo "$out" | sed -n 's/^total: //p') unique=$(echo "$out" | sed -n 's/^unique: //p')
echo "mpi count $n: $total $unique"
[ "${5:-}" = json ] || exit 0
json=$(timeout 60 "$mpiexec" -np 3 "$bin" count "$n" -j 1 --json "${method[@]}") || fail "--json exit $?"
case "$json" in
  *"\"n\":$n,\"total\":$total,\"unique\":$unique,"*${METHOD:+\"method\":\"$METHOD\"}*) ;;
  *) fail "--json: $json" ;;
esac
echo "mpi count $n --json: ok"
finish
