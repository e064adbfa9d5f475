"""Shared pieces of the Python tests: the package under test comes from PYTHONPATH (ctest sets
it to the build tree), the puzzle sets from NQUEENS_SUDOKU_DATA (default: data/sudoku)."""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def sudoku_data() -> pathlib.Path:
    return pathlib.Path(os.environ.get("NQUEENS_SUDOKU_DATA", REPO / "data" / "sudoku"))


def reference_solutions(n):
    """Every solution in lexicographic order by plain backtracking (the teaching version)."""
    cols, out = [], []

    def place(row):
        if row == n:
            out.append(tuple(cols))
            return
        for c in range(n):
            if all(c != q and abs(c - q) != row - r for r, q in enumerate(cols)):
                cols.append(c)
                place(row + 1)
                cols.pop()

    place(0)
    return out


def is_solution(p):
    n = len(p)
    return sorted(p) == list(range(n)) and all(
        abs(p[a] - p[b]) != b - a for a in range(n) for b in range(a + 1, n)
    )
