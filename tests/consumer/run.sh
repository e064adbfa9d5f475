#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds and runs a consumer two ways:
# with CMake's find_package(nqueens) and with pkg-config. Usage: run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$1"
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null

cmake -S "$src/tests/consumer" -B "$work/cmake-build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
  >/dev/null
cmake --build "$work/cmake-build" >/dev/null
out=$("$work/cmake-build/consumer")
[ "$out" = "92 12 1 5 8 6 3 7 2 4" ] || { echo "find_package consumer printed: $out"; exit 1; }

export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig"
# shellcheck disable=SC2046
g++ -o "$work/pc-consumer" "$src/tests/consumer/main.cpp" $(pkg-config --cflags --libs nqueens)
out=$("$work/pc-consumer")
[ "$out" = "92 12 1 5 8 6 3 7 2 4" ] || { echo "pkg-config consumer printed: $out"; exit 1; }
echo "consumer: find_package and pkg-config builds print: $out"
