#!/usr/bin/env bash
# One array task of a sharded count: `nqueens count N --shard I/K` with I = SLURM_ARRAY_TASK_ID,
# its record and its job log in the run's records folder (so that a task stopped for any reason
# resumes where it stopped, and two runs compare job by job) and a 1% verify sample. Run by
# count-cpu.sbatch and count-gpu.sbatch; the recipe is README.md here.
#
# Usage: count-shard.sh N K [nqueens count options...]
# Environment: SLURM_ARRAY_TASK_ID (1..K); NQUEENS, the nqueens binary (default: nqueens on
# PATH); NQUEENS_RECORDS, the records folder, on a file system that every node and the merge
# job see (default: the working directory).
#
# Signals. Slurm ends a job (scancel, scontrol requeue, preemption, the time limit) by sending
# SIGCONT and SIGTERM to every process of it: the count saves its record and exits 130 by
# itself, and this shell only outlives it (a second SIGTERM would end the count unsaved, so
# none is forwarded). SIGUSR1, which the sbatch scripts ask Slurm to send this shell alone
# 5 minutes before the time limit (--signal=B:USR1@300), stops the count the same way and
# requeues the task, whose next run resumes from the record.
set -u
me=count-shard.sh
die() {
  echo "$me: $*" >&2
  exit 2
}
is_positive() { [[ $1 =~ ^[1-9][0-9]{0,8}$ ]]; }

[ $# -ge 2 ] || die "usage: $me N K [nqueens count options...] (in an array job of K tasks)"
n=$1 k=$2
shift 2
is_positive "$n" || die "N must be a positive integer, got '$n'"
is_positive "$k" || die "K (the number of shards) must be a positive integer, got '$k'"
task=${SLURM_ARRAY_TASK_ID:-}
[ -n "$task" ] || die "SLURM_ARRAY_TASK_ID is not set: submit it as an array job (sbatch --array=1-$k)"
{ is_positive "$task" && [ "$task" -le "$k" ]; } ||
  die "array index $task is outside 1..$k (submit with --array=1-$k)"
nqueens=${NQUEENS:-nqueens}
command -v "$nqueens" >/dev/null ||
  die "cannot run '$nqueens': set NQUEENS to the nqueens binary or put nqueens on PATH"
records=${NQUEENS_RECORDS:-.}
mkdir -p "$records" 2>/dev/null || die "cannot create the records folder '$records'"
record=$records/nqueens-$n-shard-$task-of-$k.record

args=(count "$n" --shard "$task/$k" --checkpoint "$record")
threads=yes method=yes job_log=yes verify=yes
for a in "$@"; do
  case $a in
    -j | -j[0-9]* | --threads | --threads=*) threads=no ;;
    --method | --method=*) method=no ;;
    --job-log | --job-log=*) job_log=no ;;
    --verify-sample | --verify-sample=*) verify=no ;;
  esac
done
# Every CPU that Slurm gave the task (nproc counts the CPUs this process may run on).
[ $threads = no ] || args+=(-j "$(nproc)")
# --method auto chooses by the node's CPU and a record resumes only with the method that wrote
# it; a requeued task may land on another kind of node, so the array names one.
[ $method = no ] || args+=(--method backtrack)
# Every finished job's counts, for `nqueens merge --compare` between two runs; a record resumes
# only with the log it was saved with, so every run of the task keeps it.
[ $job_log = no ] || args+=(--job-log "$records/nqueens-$n-shard-$task-of-$k.joblog")
# 1% of the jobs recounted by a second method: a count that differs stops the task (exit 1).
[ $verify = no ] || args+=(--verify-sample 1)

echo "$me: task $task of $k, N = $n, run $((${SLURM_RESTART_COUNT:-0} + 1)) on $(hostname)," \
  "record $record" >&2
"$nqueens" "${args[@]}" "$@" &
pid=$!
near_limit=no
trap 'near_limit=yes; kill -TERM "$pid" 2>/dev/null' USR1
trap ':' TERM
# A trapped signal ends `wait` early (status 128 + the signal) while the count goes on; a
# count that has ended is asked once more, in case it ended during the trap.
while :; do
  wait "$pid"
  status=$?
  kill -0 "$pid" 2>/dev/null || break
done
if [ "$status" -gt 128 ]; then
  wait "$pid" 2>/dev/null
  last=$?
  [ "$last" -eq 127 ] || status=$last
fi

case $status in
  0) exit 0 ;;
  130)
    if [ $near_limit = yes ]; then
      echo "$me: saved before the time limit; requeueing task $task to resume from $record" >&2
      scontrol requeue "${SLURM_JOB_ID:-}" && exit 0
      echo "$me: scontrol requeue failed; submit task $task again to resume it" >&2
      exit 1
    fi
    echo "$me: stopped; $record keeps the finished jobs, the task's next run resumes from it" >&2
    exit 130
    ;;
  *) exit "$status" ;;
esac
