"""N-Queens and Sudoku solvers with the speed of the nqueens C++ toolkit.

    >>> import nqueens, itertools
    >>> nqueens.count(8).total                 # all solutions (OEIS A000170)
    92
    >>> next(nqueens.solutions(8))             # lazily, lexicographic; p[row] = 0-based column
    (0, 4, 7, 5, 2, 6, 1, 3)
    >>> nqueens.to_string(nqueens.solution(8, 91))
    '8 4 1 3 6 2 7 5'
    >>> nqueens.sudoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")[:9]
    '417369825'

Counting, listing and the Sudoku batch calls release the GIL and stop on Ctrl-C with
KeyboardInterrupt. Bad arguments raise ValueError or TypeError with the one-line messages of
the command-line tools. docs/PYTHON.md describes every function.
"""

from . import _core
from ._core import (
    CountResult,
    KQueensCount,
    SolutionIterator,
    Verification,
    complete,
    count,
    count_k,
    find,
    kernel_tier,
    rank,
    solution,
    solutions,
    solutions_array,
    svg,
    table,
    to_string,
    verify,
)
from . import sudoku

__version__ = _core.__version__
MAX_COUNT_N = _core.MAX_COUNT_N
MAX_LIST_N = _core.MAX_LIST_N
MAX_RANK_N = _core.MAX_RANK_N
MAX_RANK_ALL_N = _core.MAX_RANK_ALL_N
MAX_ARRAY_N = _core.MAX_ARRAY_N
MAX_FIND_N = _core.MAX_FIND_N
MAX_COMPLETE_N = _core.MAX_COMPLETE_N
MAX_K_QUEENS_N = _core.MAX_K_QUEENS_N

__all__ = [
    "CountResult",
    "KQueensCount",
    "SolutionIterator",
    "Verification",
    "complete",
    "count",
    "count_k",
    "find",
    "kernel_tier",
    "rank",
    "solution",
    "solutions",
    "solutions_array",
    "sudoku",
    "svg",
    "table",
    "to_string",
    "verify",
]
