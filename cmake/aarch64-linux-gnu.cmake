# Cross build for 64-bit ARM Linux with Debian's g++-aarch64-linux-gnu; tests run under
# qemu-user (Debian: qemu-user), which CMake puts in front of every test command.
#
#   cmake -S . -B build/aarch64 -G Ninja --toolchain cmake/aarch64-linux-gnu.cmake \
#         -DCMAKE_BUILD_TYPE=Release -DNQUEENS_WEB=OFF -DNQUEENS_MPI=OFF -DNQUEENS_BUILD_BENCH=OFF
#   cmake --build build/aarch64 --target nqueens_cli kernel_tests sudoku_tests && ctest --test-dir build/aarch64
#
# scripts/test does exactly this. Only what is needed to check the NEON kernel tier and the
# Sudoku solver on ARM is built: the libraries, the nqueens tool without its web viewer (no
# cpp-httplib for the target), fmt in header-only mode and GoogleTest from Debian's sources
# (/usr/src/googletest), so no arm64 packages are needed.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Target libraries from the cross sysroot only; headers and CMake package files may come from
# the host, which is right for the header-only ones used here (fmt, CLI11).
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)

# fmt's CMake package lives in the build machine's multiarch directory, which a cross build
# does not search; only its header-only target (fmt::fmt-header-only) is used here.
if(NOT fmt_DIR)
  file(GLOB _nq_fmt_dirs /usr/lib/*-linux-gnu/cmake/fmt)
  if(_nq_fmt_dirs)
    list(GET _nq_fmt_dirs 0 _nq_fmt_dir)
    set(fmt_DIR ${_nq_fmt_dir} CACHE PATH "fmt's CMake package (header-only use)")
  endif()
endif()
