"""nqueens.count against the published sequences, and the k-queens counts."""

import os
import platform
import subprocess
import sys

import pytest

import nqueens

# OEIS A000170 (all solutions) and A002562 (up to rotation and reflection), N = 1..15.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053]


@pytest.mark.parametrize("n", range(1, 16))
def test_count_matches_oeis(n):
    r = nqueens.count(n)
    assert (r.n, r.total, r.unique) == (n, A000170[n - 1], A002562[n - 1])
    assert sum(r.classes.values()) == r.unique
    assert sum(size * k for size, k in r.classes.items()) == r.total
    assert isinstance(r.total, int) and r.jobs >= 1 and r.seconds >= 0


def test_count_classes_of_eight():
    assert nqueens.count(8).classes == {1: 0, 2: 0, 4: 1, 8: 11}


@pytest.mark.parametrize("method", ["backtrack", "join"])
def test_count_methods_agree(method):
    r = nqueens.count(12, threads=1, method=method)
    assert (r.total, r.unique, r.method, r.threads) == (14200, 1787, method, 1)


@pytest.mark.parametrize("method", ["backtrack", "join"])
def test_count_takes_the_kernel_tier_as_an_option(method):
    for kernel in ("scalar", "auto", nqueens.kernel_tier(), None):
        r = nqueens.count(12, threads=1, method=method, kernel=kernel)
        assert (r.total, r.unique, r.method) == (14200, 1787, method)
    absent = "avx2" if platform.machine() == "aarch64" else "neon"  # a tier this CPU lacks
    with pytest.raises(ValueError, match=f"kernel: kernel tier '{absent}' is not available"):
        nqueens.count(8, kernel=absent)


def test_count_takes_the_table_memory_as_an_option():
    # No memory for the join's tables (0 bytes, or one byte short of N = 14's): each half is
    # searched instead, with the same counts; the default and an ample limit use the tables.
    small = [0, 1, 1 << 20]
    for memory in small + [None, 1 << 40]:
        r = nqueens.count(14, threads=2, method="join", table_memory=memory)
        assert (r.total, r.unique, r.method) == (365596, 45752, "join")
    assert nqueens.count(11, table_memory=0).total == 2680  # auto: whichever it takes
    for bad in (-1, -(1 << 70), 1 << 64):
        with pytest.raises(ValueError, match="table_memory must be between 0 and "
                                             "18446744073709551615"):
            nqueens.count(8, table_memory=bad)
    for wrong in ("4096", 1.5, True):
        with pytest.raises(TypeError, match="table_memory"):
            nqueens.count(8, table_memory=wrong)


def test_kernel_tier_names_the_tier_a_count_uses():
    assert nqueens.kernel_tier(None) == nqueens.kernel_tier()
    assert nqueens.kernel_tier("scalar") == "scalar"
    assert nqueens.kernel_tier("auto") in ("avx512", "avx2", "neon", "scalar")
    with pytest.raises(ValueError, match="kernel: unknown kernel tier 'sse9'"):
        nqueens.kernel_tier("sse9")


def test_count_uses_requested_threads():
    assert nqueens.count(10, threads=2).threads == 2
    assert nqueens.count(10).threads >= 1  # 0: every core


def test_count_k_row_for_eight():
    totals = [1, 64, 1288, 10320, 34568, 46736, 22708, 3192, 92]
    rows = nqueens.table(8)
    assert [r.total for r in rows] == totals
    assert [r.k for r in rows] == list(range(9))
    assert rows[8].unique == 12
    one = nqueens.count_k(8, 5, threads=1)
    assert (one.n, one.k, one.total) == (8, 5, 46736)


def test_count_k_equals_count_for_k_n():
    for n in range(1, 10):
        r = nqueens.count_k(n, n)
        assert (r.total, r.unique) == (A000170[n - 1], A002562[n - 1])


def test_tiers_are_named_and_follow_the_environment():
    assert nqueens.kernel_tier() in ("avx512", "avx2", "neon", "scalar")
    assert nqueens.sudoku.solver_tier() in ("avx512", "avx2", "sse4", "scalar")
    # "scalar" runs on every CPU; the tiers are chosen once per process, so a fresh interpreter.
    env = dict(os.environ, NQUEENS_KERNEL="scalar", SUDOKU_KERNEL="scalar")
    script = ("import nqueens\n"
              "print(nqueens.kernel_tier(), nqueens.sudoku.solver_tier(), nqueens.count(8).total)")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["scalar", "scalar", "92"]
