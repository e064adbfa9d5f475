#!/usr/bin/env bash
# The GPU checks a session with a lent NVIDIA GPU runs in one go (under 8 minutes on an
# H100/H200): the GPU tests, `count --gpu` side by side with ygch/n_queens at N = 20, 21 and 22,
# and one ncu profile per program. Prepared here, carried there:
#
#   bench/gpu_device_check.sh --prepare PEER_SRC_DIR   # on the build machine (no GPU needed):
#       builds nqueens and gpu_count_test with the portable preset (static CUDA runtime, any
#       x86-64 CPU) and copies them and the peer's source into build/gpu-carry/ (ignored)
#   bench/gpu_device_check.sh --run                    # on the GPU machine, with
#       build/gpu-carry carried (device tool: carry ["build/gpu-carry"]); results under $OUT
#       when set (else build/gpu-carry/results)
#
# --run, step by step (each step's time is printed; later steps are skipped when the budget
# of --budget seconds, default 460, would be passed):
#   1. nvidia-smi; gpu_count_test (N = 1..19 against OEIS, N = 14 job by job against the CPU,
#      the prefix tables); tests/cuda/gpu_cli_test.sh device (resumes across CPU and GPU)
#   2. gpu_compare.sh at N = 20 and 21, one run each, both programs
#   3. ncu at N = 16, one line per program
#   4. N = 22: nqueens, then the peer if the budget allows
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
carry=$here/build/gpu-carry
mode=${1:-}
if [ "$mode" = --prepare ]; then
  [ $# -ge 2 ] || { echo "usage: bench/gpu_device_check.sh --prepare PEER_SRC_DIR" >&2; exit 2; }
  peer=$(cd "$2" && pwd) || exit 2
  set -e
  cd "$here"
  scripts/configure portable >/dev/null
  cmake --build --preset portable --target nqueens_cli gpu_count_test
  rm -rf "$carry"
  mkdir -p "$carry/peer"
  cp build/portable/nqueens build/portable/tests/cuda/gpu_count_test "$carry/"
  cp -r "$peer/src" "$peer/README.md" "$carry/peer/"
  [ -f "$peer/LICENSE" ] && cp "$peer/LICENSE" "$carry/peer/"
  bench/gpu_compare.sh "$carry/peer" --build-only >/dev/null  # the peer, for sm_90
  du -sh "$carry"
  exit 0
fi
[ "$mode" = --run ] || { echo "usage: bench/gpu_device_check.sh --prepare PEER_SRC_DIR | --run [--budget SECONDS]" >&2; exit 2; }
budget=460
[ "${2:-}" = --budget ] && budget=$3
results=${OUT:-$carry/results}
mkdir -p "$results"
start=$(date +%s)
elapsed() { echo $(($(date +%s) - start)); }
step() { echo; echo "== [$(elapsed) s] $*"; }
cd "$here"
log=$results/device-check.log
exec > >(tee "$log") 2>&1

step "device"
nvidia-smi -L || true
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv || true
lscpu | grep -m1 'Model name' || true

step "GPU tests"
timeout 180 "$carry/gpu_count_test"; echo "gpu_count_test: exit $?"
timeout 120 tests/cuda/gpu_cli_test.sh device "$carry/nqueens"; echo "gpu_cli_test device: exit $?"
timeout 30 tests/cuda/gpu_cli_test.sh errors "$carry/nqueens"; echo "gpu_cli_test errors: exit $?"

step "side by side at N = 20, 21"
machine=$(hostname -s 2>/dev/null || echo gpu)
compare=(bench/gpu_compare.sh "$carry/peer" --nqueens "$carry/nqueens" --machine "$machine" --no-ncu --runs 1)
timeout 240 "${compare[@]}" --n "20 21"

step "ncu at N = 16"
if command -v ncu >/dev/null; then
  timeout 150 bench/gpu_compare.sh "$carry/peer" --nqueens "$carry/nqueens" --machine "$machine" \
    --runs 1 --n 16
else
  echo "no ncu on this machine"
fi

step "N = 22"
left=$((budget - $(elapsed)))
if [ $left -gt 60 ]; then
  timeout $((left - 10)) "${compare[@]}" --n 22 --only ours --limit $((left - 15))
  left=$((budget - $(elapsed)))
  if [ $left -gt 200 ]; then
    timeout $((left - 5)) "${compare[@]}" --n 22 --only peer --limit $((left - 10))
  else
    echo "skipped the peer at N = 22: $left s of the budget left (it took 250 s on an H800)"
  fi
else
  echo "skipped N = 22: $left s of the budget left"
fi
cp bench/results/"$machine"/*-gpu-compare.tsv "$results/" 2>/dev/null || true
step "done"
