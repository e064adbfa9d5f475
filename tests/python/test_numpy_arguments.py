"""numpy's integers wherever an int is taken, numpy arrays wherever a sequence is (the module
does not need numpy; these tests skip without it)."""

import pytest

import nqueens
from nqueens import sudoku

np = pytest.importorskip("numpy")

EIGHT = (0, 4, 7, 5, 2, 6, 1, 3)
TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


@pytest.mark.parametrize("t", TYPES, ids=lambda t: t.__name__)
def test_numpy_integers_are_ints(t):
    assert nqueens.count(t(8), threads=t(1)) == nqueens.count(8)
    assert next(nqueens.solutions(t(8))) == EIGHT
    assert nqueens.solution(t(8), t(0)) == EIGHT and nqueens.solution(8, t(3), unique=True)
    assert nqueens.find(t(20), seed=t(3)) == nqueens.find(20, seed=3)
    assert nqueens.find(t(20), seed=t(3)).seed == 3
    assert nqueens.complete(t(8), [(t(0), t(0))], all=True, limit=t(2)) == nqueens.complete(
        8, "a1", all=True, limit=2)
    assert nqueens.count_k(t(6), t(3), threads=t(1)) == nqueens.count_k(6, 3)
    assert nqueens.table(t(4), threads=t(2)) == nqueens.table(4)
    assert nqueens.svg(EIGHT, cell=t(10)) == nqueens.svg(EIGHT, cell=10)
    assert nqueens.solutions_array(t(6)).shape == (4, 6)
    assert sudoku.count("." * 16, limit=t(3)) == 3
    assert sudoku.solve("." * 81, size=t(9)) == sudoku.solve("." * 81)
    assert sudoku.solve_all(["." * 16], threads=t(1), size=t(4)) == [sudoku.solve("." * 16)]
    assert sudoku.read("." * 16, size=t(4)) == ["." * 16]
    p = sudoku.generate(size=t(4), seed=t(5), attempts=t(100))
    assert p == sudoku.generate(size=4, seed=5) and p.seed == 5


def test_numpy_arrays_are_sequences():
    row = np.array(EIGHT)
    assert nqueens.rank(row) == 0 and nqueens.verify(row).valid
    assert nqueens.to_string(row) == "1 5 8 6 3 7 2 4" and nqueens.svg(row) == nqueens.svg(EIGHT)
    a = nqueens.solutions_array(8)
    assert [nqueens.rank(r) for r in a[:5]] == [0, 1, 2, 3, 4]  # rows of the uint8 array
    assert nqueens.complete(8, np.array([[0, 0], [4, 1]])) == nqueens.complete(8, "a1,b5")
    grid = np.zeros((9, 9), dtype=np.int64)
    solved = sudoku.solve(grid)
    assert isinstance(solved, list) and len(solved) == 9 and sorted(solved[0]) == list(range(1, 10))
    assert sudoku.count(np.zeros((4, 4), dtype=np.uint8), limit=3) == 3


def test_numpy_bool_is_a_truth_value_not_a_number():
    assert len(list(nqueens.solutions(8, unique=np.True_))) == 12
    with pytest.raises(TypeError, match="N must be a whole number, got 'True'"):
        nqueens.count(np.True_)
    with pytest.raises(TypeError, match="N must be a whole number, got '8.0'"):
        nqueens.count(np.float64(8))
