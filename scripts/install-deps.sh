#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need, only those missing. The release
# and sanitizer presets build with clang (faster code here, docs/BENCHMARKS.md), debug with g++.
# Usage: scripts/install-deps.sh [extra-package ...]
# scripts/demo needs only the build packages; scripts/test adds Open MPI (nqueens-mpi and its
# tests), Chromium (the browser test), clang-format and eslint (the format and lint checks),
# g++-aarch64-linux-gnu + qemu-user (the aarch64 cross build and its tests), pybind11 and Python
# (the Python module and its tests: pytest, numpy, mypy, venv), and slurm-wlm + munge (the
# one-node Slurm test) as extras.
set -euo pipefail

packages=(
  g++ clang cmake ninja-build pkg-config git
  libcli11-dev libfmt-dev nlohmann-json3-dev libcpp-httplib-dev libtbb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
