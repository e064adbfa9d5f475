#!/usr/bin/env bash
# The package as pip users get it: makes the sdist (the build backend's build_sdist, as
# `python -m build --sdist` would), builds the wheel from that sdist with pip (an isolated build,
# offline: the backend asks for nothing the system has), installs the wheel into a fresh
# virtual environment and runs the Python tests against the installed package. One compile of
# the module: the wheel built from the sdist is what `pip install nqueens-X.tar.gz` installs.
# Usage: tests/python/dist_test.sh WORK_DIR [PYTHON] [NQUEENS_CLI]
#   WORK_DIR is emptied first; PYTHON defaults to /usr/bin/python3 (Debian's, whose python3-*
#   packages give the tests pytest, numpy and mypy through --system-site-packages).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(realpath -m "$1")
python=${2:-/usr/bin/python3}
cli=${3:+$(realpath "$3")}  # the tests run elsewhere
rm -rf "$work"
mkdir -p "$work/dist"
export PYTHONDONTWRITEBYTECODE=1

step() { printf 'dist_test: %s (%s s)\n' "$1" "$SECONDS"; }
cd "$repo"
sdist=$("$python" -c 'import sys; sys.path.insert(0, "python/build_backend")
import nqueens_build_backend as backend; print(backend.build_sdist(sys.argv[1]))' "$work/dist")
step "made $sdist ($(du -k "$work/dist/$sdist" | cut -f1) KiB)"
"$python" -m venv --system-site-packages "$work/venv"
venv_python="$work/venv/bin/python"
cd "$work"
"$venv_python" -m pip wheel --quiet --no-index --no-deps --wheel-dir "$work/dist" "$work/dist/$sdist"
wheel=$(cd "$work/dist" && ls nqueens-*.whl)
step "built $wheel from the sdist"
"$venv_python" -m pip install --quiet --no-index --no-deps "$work/dist/$wheel"
step "installed it in $work/venv"
NQUEENS_INSTALLED=1 NQUEENS_SUDOKU_DATA="$repo/data/sudoku" NQUEENS_CLI="$cli" \
  "$venv_python" -m pytest -q -p no:cacheprovider "$repo/tests/python"
step "the Python tests passed against the installed package"
