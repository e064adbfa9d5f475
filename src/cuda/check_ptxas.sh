#!/usr/bin/env bash
# Build check of the GPU counting kernel: compiles gpu_kernel.cu with `ptxas -v` for each
# architecture and fails loudly when count_kernel has a stack frame or spills registers (the
# hot loop keeps everything in registers and shared memory; a regression there costs local-
# memory traffic on every placement). Writes the ptxas figures of every kernel to REPORT.
# Usage: check_ptxas.sh NVCC "ARCHS" REPORT SOURCE INCLUDE_DIR...
set -euo pipefail
nvcc=$1 archs=$2 report=$3 source=$4
shift 4
includes=()
for dir in "$@"; do includes+=("-I$dir"); done
numbers=$(printf '%s\n' $archs | sed -nE 's/^([0-9]+).*/\1/p' | sort -u)
[ -n "$numbers" ] || numbers=90  # native/all: check the default architecture
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/report"
status=0
for arch in $numbers; do
  "$nvcc" -std=c++17 -O3 -arch="sm_$arch" -cubin -Xptxas -v "${includes[@]}" "$source" \
    -o "$tmp/kernel.cubin" >"$tmp/ptxas.txt" 2>&1 || { cat "$tmp/ptxas.txt" >&2; exit 1; }
  # ptxas prints, per entry function: "Compiling entry function 'NAME'", then "N bytes stack
  # frame, S bytes spill stores, L bytes spill loads" and "Used R registers".
  awk -v arch="sm_$arch" '
    /Compiling entry function/ { name = "?"; if (match($0, /[a-z_]+_kernelE/)) name = substr($0, RSTART, RLENGTH - 1) }
    /bytes stack frame/ { stack = $1; spill_st = $5; spill_ld = $9 }
    /Used [0-9]+ registers/ { for (i = 1; i <= NF; ++i) if ($i == "Used") regs = $(i + 1);
      printf "%s %s: %s registers, %s bytes stack frame, %s bytes spill stores, %s bytes spill loads\n", arch, name, regs, stack, spill_st, spill_ld }
  ' "$tmp/ptxas.txt" >>"$tmp/report"
done
cp "$tmp/report" "$report"
if ! grep -q ' count_kernel:' "$report"; then
  echo "check_ptxas: no count_kernel in the ptxas output of $source" >&2
  cat "$tmp/ptxas.txt" >&2
  exit 1
fi
while read -r arch name regs _ stack _ _ _ spill_st _ _ _ spill_ld _; do
  [ "$name" = "count_kernel:" ] || continue
  if [ "$stack" != 0 ] || [ "$spill_st" != 0 ] || [ "$spill_ld" != 0 ]; then
    echo "check_ptxas: FAILED: count_kernel ($arch) has a ${stack}-byte stack frame and" \
      "${spill_st}/${spill_ld} bytes of spill stores/loads; its loop must keep everything in" \
      "registers and shared memory (see docs/GPU.md)" >&2
    status=1
  fi
done <"$report"
cat "$report"
exit $status
