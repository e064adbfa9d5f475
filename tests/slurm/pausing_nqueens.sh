#!/usr/bin/env bash
# Stands in for nqueens in cluster_test.sh (NQUEENS=this file): it becomes REAL_NQUEENS with the
# same arguments (exec, so every signal reaches the real count). In the first run of each array
# task listed in PAUSE_TASKS, a watcher first lets the count go on in 5 ms slices
# (SIGSTOP/SIGCONT) until its record lists finished jobs, then keeps it stopped and writes its
# process id to PAUSE_DIR/paused-TASK: the test stops that task while its count is surely in
# the middle, on any machine and under any load. Slurm sends SIGCONT with its SIGTERM; the job
# script's time-limit path sends SIGTERM alone, so the watcher continues the count once a
# SIGTERM is pending for it. That run counts with the scalar kernel and saves after every job,
# which only makes it slower.
set -u
task=${SLURM_ARRAY_TASK_ID:-}
if [ "${1:-}" = count ] && [ "${SLURM_RESTART_COUNT:-0}" = 0 ] && [ -n "$task" ] &&
  [[ " ${PAUSE_TASKS:-} " == *" $task "* ]]; then
  record='' previous=''
  for a in "$@"; do
    [ "$previous" != --checkpoint ] || record=$a
    previous=$a
  done
  self=$$
  (
    while :; do
      kill -STOP "$self" 2>/dev/null || exit 0
      if grep -q '^done [0-9]' "$record" 2>/dev/null; then
        echo "$self" >"$PAUSE_DIR/paused-$task.tmp"
        mv "$PAUSE_DIR/paused-$task.tmp" "$PAUSE_DIR/paused-$task"
        break
      fi
      kill -CONT "$self" 2>/dev/null || exit 0
      sleep 0.005
    done
    # SIGTERM is signal 15: bit 14 of the process's pending-signal mask.
    while [ -e "/proc/$self" ]; do
      pending=$(awk '/^ShdPnd:/ { print $2 }' "/proc/$self/status" 2>/dev/null)
      if [ -n "$pending" ] && (((16#$pending >> 14) & 1)); then
        kill -CONT "$self" 2>/dev/null
        exit 0
      fi
      sleep 0.02
    done
  ) &
  export NQUEENS_KERNEL=scalar
  exec "$REAL_NQUEENS" "$@" --checkpoint-seconds 0.001
fi
exec "$REAL_NQUEENS" "$@"
