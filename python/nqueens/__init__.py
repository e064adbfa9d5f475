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
the command-line tools. `python -m nqueens` is the command line's count, list, verify, find,
complete and render. docs/PYTHON.md describes every function.
"""

# The functions here check nothing themselves: nqueens._core checks every argument, with the
# command line's messages, and these give each call its signature, its documentation and a
# result type that compares, prints and pickles.
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Literal, Optional, Tuple, Union, overload

from . import _core
from ._core import SolutionIterator
from ._typing import Columns, Index, Squares

if TYPE_CHECKING:
    import numpy
    import numpy.typing

from . import sudoku  # noqa: E402  (after _core, which it uses)

__version__: str = _core.__version__
MAX_COUNT_N: int = _core.MAX_COUNT_N  # count: 1 <= n <= 32
MAX_LIST_N: int = _core.MAX_LIST_N  # solutions: 1 <= n <= 64
MAX_RANK_N: int = _core.MAX_RANK_N  # random access to both lists (all, unique)
MAX_RANK_ALL_N: int = _core.MAX_RANK_ALL_N  # random access to the list of all solutions
MAX_ARRAY_N: int = _core.MAX_ARRAY_N  # the largest n solutions_array holds (17: 1.6 GB)
MAX_FIND_N: int = _core.MAX_FIND_N  # find: 10**9
MAX_COMPLETE_N: int = _core.MAX_COMPLETE_N  # complete: 100,000
MAX_K_QUEENS_N: int = _core.MAX_K_QUEENS_N  # count_k and table: 20

Method = Literal["auto", "backtrack", "join"]
Format = Literal["perm", "board", "json", "algebraic"]


# ---- results ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CountResult:
    """The result of count(): exact totals and the symmetry classes.

    `==` compares the answer (n, total, unique, classes), not how it was reached (method,
    threads, jobs, seconds).

    >>> nqueens.count(8, threads=1).classes
    {1: 0, 2: 0, 4: 1, 8: 11}
    """

    n: int  # board size
    total: int  # all solutions (OEIS A000170)
    unique: int  # fundamental solutions, one per symmetry class (OEIS A002562)
    classes: Dict[int, int]  # class size (1, 2, 4, 8) -> fundamental solutions with that many images
    method: str = dataclasses.field(compare=False)  # the counting method that ran
    threads: int = dataclasses.field(compare=False)  # threads used
    jobs: int = dataclasses.field(compare=False)  # independent jobs the count was split into
    seconds: float = dataclasses.field(compare=False, repr=False)  # wall time of the count

    def __hash__(self) -> int:
        return hash((self.n, self.total, self.unique))


@dataclasses.dataclass(frozen=True)
class Verification:
    """The result of verify(); true when the placement is a solution.

    >>> nqueens.verify("a1 c2 b3")
    Verification(valid=False, reason='c2 and b3 share an anti-diagonal', n=3, queens=3, attacking_pairs=1)
    """

    valid: bool  # n queens on the n x n board, none attacked
    reason: str  # why not, in one sentence ("a1 and d4 share a diagonal"); "" when valid
    n: int  # board size
    queens: int  # queens on the board
    attacking_pairs: int  # pairs of queens that attack each other

    def __bool__(self) -> bool:
        return self.valid


@dataclasses.dataclass(frozen=True)
class KQueensCount:
    """Placements of k mutually non-attacking queens on the n x n board.

    >>> nqueens.count_k(8, 5)
    KQueensCount(n=8, k=5, total=46736, unique=5842)
    """

    n: int  # board size
    k: int  # queens placed
    total: int  # placements
    unique: int  # the same up to rotations and reflections


class FoundSolution(Tuple[int, ...]):
    """What find() returns: a solution (a tuple of 0-based columns, equal to the plain tuple) and
    `seed`, the seed of the local search that found it (None for the explicit construction), so
    that `find(n, seed=s.seed)` finds it again.

    >>> s = nqueens.find(8, seed=5)
    >>> s.seed, nqueens.find(8, seed=s.seed) == s
    (5, True)
    """

    seed: Optional[int]

    def __new__(cls, columns: Iterable[int], seed: Optional[int] = None) -> FoundSolution:
        self = tuple.__new__(cls, columns)
        self.seed = seed
        return self

    def __repr__(self) -> str:
        return f"FoundSolution({tuple.__repr__(self)}, seed={self.seed!r})"

    def __reduce__(self) -> Tuple[Any, ...]:
        return (FoundSolution, (tuple(self), self.seed))


# ---- N-Queens --------------------------------------------------------------------------------


def count(
    n: Index,
    threads: Index = 0,
    method: Method = "auto",
    kernel: Optional[str] = None,
    table_memory: Optional[Index] = None,
) -> CountResult:
    """Count every solution of the n x n board (1 <= n <= 32) and the fundamental ones.

    One symmetry-reduced search on `threads` threads (0: every core), the same job list as
    `nqueens count`. method: "auto" (the faster for this n and CPU), "backtrack" or "join".
    kernel: the counting kernel tier, as `nqueens count --kernel` ("auto", "avx512", "avx2",
    "neon", "scalar"); None: kernel_tier(). table_memory: the most bytes the join's tables may
    take, as `nqueens count --table-memory` in bytes (None: 4 GiB); with less the join searches
    each half instead (the same counts, slower) and "auto" may take the backtracker. Releases
    the GIL; Ctrl-C raises KeyboardInterrupt within a tenth of a second.

    >>> r = nqueens.count(8)
    >>> r.total, r.unique
    (92, 12)
    """
    return CountResult(*_core.count(n, threads, method, kernel, table_memory))


def solutions(n: Index, unique: bool = False) -> SolutionIterator:
    """Every solution of the n x n board (1 <= n <= 64), lazily, in lexicographic order.

    p[row] is the 0-based column of that row's queen. Constant memory; works with
    itertools.islice. With unique, only the canonical representative of each symmetry class
    (the smallest of its 8 images). Ctrl-C raises KeyboardInterrupt, also while C code drains
    the iterator (list(), collections.deque).

    >>> next(nqueens.solutions(8))
    (0, 4, 7, 5, 2, 6, 1, 3)
    >>> len(list(nqueens.solutions(8, unique=True)))
    12
    """
    return _core.solutions(n, unique)


def solutions_array(
    n: Index, unique: bool = False
) -> numpy.ndarray[Tuple[int, int], numpy.dtype[numpy.uint8]]:
    """All solutions (1 <= n <= MAX_ARRAY_N) as a (count, n) numpy array of uint8.

    Rows in lexicographic order: row k is solution(n, k). Needs numpy. n = 16 is 236 MB,
    n = 17 1.6 GB.
    """
    return _core.solutions_array(n, unique)


def solution(n: Index, index: Index, unique: bool = False) -> Tuple[int, ...]:
    """Solution number `index` (0-based) of the list solutions(n, unique) yields.

    Without enumerating the ones before it (milliseconds): 1 <= n <= MAX_RANK_ALL_N, with
    unique 1 <= n <= MAX_RANK_N (the library's bounds; ValueError beyond).

    >>> nqueens.solution(8, 0)
    (0, 4, 7, 5, 2, 6, 1, 3)
    """
    return _core.solution(n, index, unique)


def rank(p: Columns, unique: bool = False) -> int:
    """The 0-based index of solution p in the lexicographic list (the inverse of solution()).

    ValueError if p is not a solution (or, with unique, not a canonical representative).

    >>> nqueens.rank((7, 3, 0, 2, 5, 1, 6, 4))
    91
    """
    return _core.rank(p, unique)


def verify(p: Union[Columns, str]) -> Verification:
    """Is p a solution?

    p is a sequence of 0-based columns, one per row (columns off the board are reported), or
    text in any form `nqueens verify` reads: "1 5 8 6 3 7 2 4", "15863724", algebraic
    "a1 e2 ...", JSON, or a board diagram of N lines. The result is truthy when valid and
    carries the reason when not.

    >>> bool(nqueens.verify([1, 3, 0, 2]))
    True
    """
    return Verification(*_core.verify(p))


def find(n: Index, random: bool = False, seed: Optional[Index] = None) -> FoundSolution:
    """One solution for any n with one (n = 1 or n >= 4, up to 10**9) in linear time.

    The explicit construction, or with random (or a seed) a min-conflicts local search: seed
    None draws a fresh seed, reported as the result's `seed`; the same seed finds the same
    solution. ValueError for n = 2 or 3.

    >>> nqueens.find(8)
    FoundSolution((1, 3, 5, 7, 2, 0, 6, 4), seed=None)
    >>> nqueens.find(100, random=True).seed is not None
    True
    """
    return _core.find(n, random, seed)  # made there in place: a copy costs as much as the search


@overload
def complete(
    n: Index,
    fixed: Squares = None,
    blocked: Squares = None,
    *,
    count: Literal[False] = False,
    all: Literal[False] = False,
    limit: None = None,
) -> Optional[Tuple[int, ...]]: ...
@overload
def complete(
    n: Index,
    fixed: Squares = None,
    blocked: Squares = None,
    *,
    count: Literal[True],
    all: Literal[False] = False,
    limit: None = None,
) -> int: ...
@overload
def complete(
    n: Index,
    fixed: Squares = None,
    blocked: Squares = None,
    *,
    count: Literal[False] = False,
    all: Literal[True],
    limit: Optional[Index] = None,
) -> List[Tuple[int, ...]]: ...
def complete(
    n: Index,
    fixed: Squares = None,
    blocked: Squares = None,
    *,
    count: bool = False,
    all: bool = False,
    limit: Optional[Index] = None,
) -> Union[Tuple[int, ...], None, int, List[Tuple[int, ...]]]:
    """Finish an n x n board (1 <= n <= 100,000) that already holds queens.

    fixed and blocked are squares as the command line writes them ("a1,c5" or 1-based
    "1:1,5:3") or sequences of 0-based (row, column) pairs. Returns one completion as a tuple of
    columns, or None when there is none; with count=True the number of completions; with
    all=True a list of them (at most `limit`, which only all=True takes).

    >>> nqueens.complete(8, "a1,b5")
    (0, 6, 4, 7, 1, 3, 5, 2)
    >>> nqueens.complete(6, [(0, 1)], count=True)
    1
    """
    return _core.complete(n, fixed, blocked, count, all, limit)


def count_k(n: Index, k: Index, threads: Index = 0) -> KQueensCount:
    """Placements of k mutually non-attacking queens on the n x n board (1 <= n <= 20).

    In all and up to symmetry. Releases the GIL; Ctrl-C raises KeyboardInterrupt. The whole
    table takes about half a minute at n = 14, far longer beyond.
    """
    return KQueensCount(*_core.count_k(n, k, threads))


def table(n: Index, threads: Index = 0) -> List[KQueensCount]:
    """count_k for every k = 0..n from one search; row k of the list is k queens.

    >>> [row.total for row in nqueens.table(4)]
    [1, 16, 44, 24, 2]
    """
    return [KQueensCount(*row) for row in _core.table(n, threads)]


def to_string(p: Columns, format: Format = "perm") -> str:
    """A solution as the command line prints it.

    "perm" (1-based columns "1 5 8 6 3 7 2 4"), "board" (a diagram, n lines), "json" or
    "algebraic" ("a1 e2 ...", n <= 26).

    >>> nqueens.to_string((1, 3, 0, 2), "algebraic")
    'b1 d2 a3 c4'
    """
    return _core.to_string(p, format)


def svg(p: Columns, cell: Index = 0, coordinates: bool = True, mark_attacks: bool = True) -> str:
    """The board as a standalone SVG document (n <= 1000).

    cell is the square size in pixels (0: the board is about 480 px), coordinates labels the
    edges, mark_attacks draws attacked queens red.
    """
    return _core.svg(p, cell, coordinates, mark_attacks)


def kernel_tier(kernel: Optional[str] = None) -> str:
    """The counting kernel tier of a count(kernel=kernel): "avx512", "avx2", "neon" or "scalar".

    For None the fastest the CPU has unless NQUEENS_KERNEL (set before the first call) names
    another; for "auto" the fastest; a tier's name gives itself. ValueError for an unknown tier
    or one the CPU lacks, as count raises it.
    """
    return _core.kernel_tier(kernel)


__all__ = [
    "CountResult",
    "FoundSolution",
    "KQueensCount",
    "MAX_ARRAY_N",
    "MAX_COMPLETE_N",
    "MAX_COUNT_N",
    "MAX_FIND_N",
    "MAX_K_QUEENS_N",
    "MAX_LIST_N",
    "MAX_RANK_ALL_N",
    "MAX_RANK_N",
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
