# The MPI shell tests' common start, sourced first: the shared helpers (tests/lib/testlib.sh,
# which makes the temporary directory $tmp), and Open MPI allowed to run as root and with more
# ranks than cores (it refuses both otherwise); rank_pid,
# wait_for_progress and ends_by_itself, which the tests that stop or kill a rank use.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

rank_pid() {  # rank_pid MPIRUN-PID RANK: the pid of that rank (Open MPI starts them as children)
  local c
  for c in $(pgrep -P "$1"); do
    tr '\0' '\n' <"/proc/$c/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" && echo "$c"
  done
}

wait_for_progress() {  # wait_for_progress RECORD: until it lists some done jobs (10 s at most)
  for _ in $(seq 1 500); do
    if [ -f "$1" ] && grep -q '^done [0-9]' "$1"; then return 0; fi
    sleep 0.02
  done
  return 1
}

# ends_by_itself PID WHAT [VICTIM]: waits up to 60 s for mpirun PID to end; otherwise fails with
# "mpirun still running 60 s after WHAT" and kills VICTIM and PID. The caller then waits for PID.
ends_by_itself() {
  for _ in $(seq 1 600); do
    kill -0 "$1" 2>/dev/null || return 0
    sleep 0.1
  done
  fail "mpirun still running 60 s after $2"
  [ -n "${3:-}" ] && kill -9 "$3" 2>/dev/null
  kill -9 "$1" 2>/dev/null
  return 1
}
