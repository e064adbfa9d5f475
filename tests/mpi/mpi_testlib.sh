# The MPI shell tests' common start, sourced first: the shared helpers (tests/lib/testlib.sh,
# which makes the temporary directory $tmp), and Open MPI allowed to run as root and with more
# ranks than cores (it refuses both otherwise).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/testlib.sh"
tmp=$TESTLIB_TMP
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
