# The MPI shell tests' common start, sourced first: the shared helpers (tests/lib/testlib.sh,
# which makes the temporary directory $tmp), and Open MPI allowed to run as root and with more
# ranks than cores (it refuses both otherwise); rank_pid finds a rank's process.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

rank_pid() {  # rank_pid MPIRUN-PID RANK: the pid of that rank (Open MPI starts them as children)
  local c
  for c in $(pgrep -P "$1"); do
    tr '\0' '\n' <"/proc/$c/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" && echo "$c"
  done
}
