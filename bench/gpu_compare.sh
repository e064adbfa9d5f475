#!/usr/bin/env bash
# `nqueens count N --gpu` side by side with ygch/n_queens (the fastest public GPU counter) on
# the same machine in the same run: builds the peer from PEER_SRC_DIR (a checkout you fetched;
# never committed) with the settings its README calls best for one GPU and N <= 22
# (configuration 3, 5 pre-placed rows), runs both interleaved at each N (medians of --runs),
# prints one table, writes the raw times to bench/results/<machine>/<date>-gpu-compare.tsv,
# and, where ncu exists, one profile line per program at N = 16 (instructions per node, SIMT
# efficiency, shared-memory wavefronts per node; node counts from bench/gpu_nodes, exact).
#
# Usage: bench/gpu_compare.sh PEER_SRC_DIR [--n "18 19 20 21 22"] [--runs 3] [--limit SECONDS]
#                             [--nqueens PATH] [--arch 90] [--machine NAME] [--no-ncu]
#                             [--only peer|ours] [--build-only]
# The peer is built into PEER_SRC_DIR/nqueens-bench-build/ (nvcc needs no GPU for that); a run
# at an N that passes --limit seconds ends that program's larger N. Without a GPU the script
# builds the peer, then exits 2 with one line on stderr.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: bench/gpu_compare.sh PEER_SRC_DIR [options]" >&2; exit 2; }
peer_dir=$(cd "$1" && pwd) || { echo "gpu_compare: no directory $1" >&2; exit 2; }
shift
sizes="18 19 20 21 22" runs=3 limit=600 nqueens=$here/build/release/nqueens arch=90
machine=$(hostname -s 2>/dev/null || echo machine) ncu_on=1 build_only=0 programs="peer ours"
while [ $# -gt 0 ]; do
  case $1 in
    --n) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --nqueens) nqueens=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --no-ncu) ncu_on=0; shift ;;
    --only) programs=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    *) echo "gpu_compare: unknown option $1" >&2; exit 2 ;;
  esac
done
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "gpu_compare: nvcc not found (set NVCC)" >&2; exit 2; }
src=$peer_dir/src
[ -f "$src/n_queens_cuda.cu" ] || { echo "gpu_compare: $peer_dir is not a ygch/n_queens checkout (no src/n_queens_cuda.cu)" >&2; exit 2; }

# The peer, as its compile.sh builds it, with configuration 3 (its README: best for one GPU
# and N <= 22, with 5 pre-placed rows).
peer_bin=$peer_dir/nqueens-bench-build/n_queens
peer_rows=5
mkdir -p "$(dirname "$peer_bin")"
if [ ! -x "$peer_bin" ] || [ "$src/n_queens_cuda.cu" -nt "$peer_bin" ]; then
  echo "building the peer: $peer_bin (sm_$arch, configuration 3)" >&2
  (cd "$src" && "$nvcc" -gencode "arch=compute_$arch,code=sm_$arch" -O3 -Xcompiler -fopenmp \
    -D_USE_CONFIG3_ n_queens_cuda.cu n_queens.cpp utils.cpp main.cpp -o "$peer_bin") >&2
fi
[ $build_only -eq 1 ] && { echo "$peer_bin"; exit 0; }
[ -x "$nqueens" ] || { echo "gpu_compare: no nqueens at $nqueens (build the release preset or pass --nqueens)" >&2; exit 2; }
if ! "$nqueens" count 4 --gpu -q >/dev/null 2>"${TMPDIR:-/tmp}/gpu_compare.err"; then
  echo "gpu_compare: $(sed 's/^nqueens: //' "${TMPDIR:-/tmp}/gpu_compare.err" | head -1); built the peer at $peer_bin, nothing to compare" >&2
  exit 2
fi

declare -A total=([16]=14772512 [17]=95815104 [18]=666090624 [19]=4968057848 [20]=39029188884
  [21]=314666222712 [22]=2691008701644 [23]=24233937684440)
out_dir=$here/bench/results/$machine
mkdir -p "$out_dir"
tsv=$out_dir/$(date +%F)-gpu-compare.tsv
[ -s "$tsv" ] || printf 'n\tprogram\trun\tseconds\ttotal\tok\tdevice\n' >"$tsv"
device=$("$nqueens" count 4 --gpu --json -q >/dev/null 2>&1 && command -v nvidia-smi >/dev/null &&
  nvidia-smi --query-gpu=name --format=csv,noheader | head -1 || echo "?")

now() { date +%s.%N; }
# run PROGRAM N: prints "seconds total" (total empty on failure or time-out).
run_one() {
  local program=$1 n=$2 start end out got=""
  start=$(now)
  if [ "$program" = peer ]; then
    out=$(timeout "$limit" "$peer_bin" "$n" "$peer_rows" 2>&1) || true
    got=$(printf '%s\n' "$out" | sed -nE 's/.*queens result ([0-9]+),.*/\1/p' | tail -1)
  else
    out=$(timeout "$limit" "$nqueens" count "$n" --gpu -q 2>&1) || true
    got=$(printf '%s\n' "$out" | sed -nE 's/^total: ([0-9]+)$/\1/p')
  fi
  end=$(now)
  echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') $got"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A dead=()
printf '%4s %12s %12s %8s\n' N "ygch (s)" "nqueens (s)" "speed-up"
for n in $sizes; do
  for r in $(seq 1 "$runs"); do
    for program in $programs; do
      [ -n "${dead[$program]:-}" ] && continue
      read -r seconds got < <(run_one "$program" "$n")
      ok=no
      [ "${got:-}" = "${total[$n]:-x}" ] && ok=yes
      printf '%s\t%s\t%s\t%.3f\t%s\t%s\t%s\n' "$n" "$program" "$r" "$seconds" "${got:-}" "$ok" "$device" >>"$tsv"
      if [ "$ok" != yes ]; then dead[$program]=1; fi
    done
  done
  p=$(awk -F'\t' -v n="$n" '$1 == n && $2 == "peer" && $6 == "yes" { print $4 }' "$tsv" | median)
  o=$(awk -F'\t' -v n="$n" '$1 == n && $2 == "ours" && $6 == "yes" { print $4 }' "$tsv" | median)
  ratio=-
  [ "$p" != - ] && [ "$o" != - ] && ratio=$(awk -v p="$p" -v o="$o" 'BEGIN { printf "%.2fx", p / o }')
  printf '%4s %12s %12s %8s\n' "$n" "$p" "$o" "$ratio"
done
echo "raw times: $tsv"

# One profile per program at N = 16: nodes exact from bench/gpu_nodes (the peer's mirror-halved
# search 563,208,895 nodes, ours 218,671,664).
if [ $ncu_on -eq 1 ] && command -v ncu >/dev/null; then
  metrics=smsp__inst_executed.sum,smsp__thread_inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__cycles_elapsed.avg
  profile() {  # NAME NODES KERNEL_REGEX COMMAND...
    local name=$1 nodes=$2 kernel=$3
    shift 3
    ncu --metrics "$metrics" -k "regex:$kernel" --csv "$@" 2>/dev/null |
      awk -F'","' -v name="$name" -v nodes="$nodes" '
        NR > 1 && NF >= 3 { m = $(NF - 2); v = $NF; gsub(/[",]/, "", v); sum[m] += v }
        END {
          inst = sum["smsp__inst_executed.sum"]; thread = sum["smsp__thread_inst_executed.sum"]
          shared = sum["l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"]
          if (inst == 0) { printf "ncu %s: no data\n", name; exit }
          printf "ncu %s N=16: %.2f warp instructions per node, SIMT efficiency %.2f, %.3f shared wavefronts per node\n",
            name, inst / nodes, thread / (32 * inst), shared / nodes }'
  }
  profile ygch 563208895 n_queens "$peer_bin" 16 "$peer_rows"
  profile nqueens 218671664 count_kernel "$nqueens" count 16 --gpu -q
fi
