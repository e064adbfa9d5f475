# Type stubs for the nqueens package (the functions live in the compiled nqueens._core).
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal, SupportsIndex, final, overload

import numpy
import numpy.typing

from . import sudoku as sudoku

__version__: str
MAX_COUNT_N: int
MAX_LIST_N: int
MAX_RANK_N: int  # random access to both lists (all, unique)
MAX_RANK_ALL_N: int  # random access to the list of all solutions
MAX_ARRAY_N: int  # largest n solutions_array holds (17: 1.6 GB)
MAX_FIND_N: int
MAX_COMPLETE_N: int
MAX_K_QUEENS_N: int

_Method = Literal["auto", "backtrack", "join"]
_Format = Literal["perm", "board", "json", "algebraic"]
_Columns = Sequence[SupportsIndex]
_Squares = str | Iterable[tuple[int, int]] | None

class CountResult:
    """The result of count(): exact totals and the symmetry classes."""
    @property
    def n(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def unique(self) -> int: ...
    @property
    def classes(self) -> dict[int, int]: ...
    @property
    def method(self) -> str: ...
    @property
    def threads(self) -> int: ...
    @property
    def jobs(self) -> int: ...
    @property
    def seconds(self) -> float: ...

@final
class SolutionIterator(Iterator[tuple[int, ...]]):
    """Lazy iterator over solutions in lexicographic order."""
    def __iter__(self) -> SolutionIterator: ...
    def __next__(self) -> tuple[int, ...]: ...
    def close(self) -> None: ...

class Verification:
    """The result of verify(); truthy when valid."""
    @property
    def valid(self) -> bool: ...
    @property
    def reason(self) -> str: ...
    @property
    def n(self) -> int: ...
    @property
    def queens(self) -> int: ...
    @property
    def attacking_pairs(self) -> int: ...
    def __bool__(self) -> bool: ...

class KQueensCount:
    """Placements of k non-attacking queens on the n x n board."""
    @property
    def n(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def unique(self) -> int: ...

def count(n: int, threads: int = 0, method: _Method = "auto") -> CountResult:
    """All solutions and fundamental ones of the n x n board (1 <= n <= 32)."""

def solutions(n: int, unique: bool = False) -> SolutionIterator:
    """Every solution (1 <= n <= 64), lazily, in lexicographic order."""

def solutions_array(
    n: int, unique: bool = False
) -> numpy.ndarray[tuple[int, int], numpy.dtype[numpy.uint8]]:
    """All solutions (1 <= n <= MAX_ARRAY_N) as a (count, n) uint8 array."""

def solution(n: int, index: int, unique: bool = False) -> tuple[int, ...]:
    """Solution number index (0-based) in lexicographic order (n <= MAX_RANK_ALL_N; unique:
    n <= MAX_RANK_N)."""

def rank(p: _Columns, unique: bool = False) -> int:
    """The 0-based index of solution p in lexicographic order."""

def verify(p: _Columns | str) -> Verification:
    """Is p (0-based columns, or text as `nqueens verify` reads it) a solution?"""

def find(n: int, random: bool = False, seed: int | None = None) -> tuple[int, ...]:
    """One solution for n = 1 or n >= 4, in linear time."""

@overload
def complete(
    n: int,
    fixed: _Squares = None,
    blocked: _Squares = None,
    *,
    count: Literal[False] = False,
    all: Literal[False] = False,
    limit: int | None = None,
) -> tuple[int, ...] | None: ...
@overload
def complete(
    n: int,
    fixed: _Squares = None,
    blocked: _Squares = None,
    *,
    count: Literal[True],
    all: Literal[False] = False,
    limit: int | None = None,
) -> int: ...
@overload
def complete(
    n: int,
    fixed: _Squares = None,
    blocked: _Squares = None,
    *,
    count: Literal[False] = False,
    all: Literal[True],
    limit: int | None = None,
) -> list[tuple[int, ...]]: ...
def count_k(n: int, k: int, threads: int = 0) -> KQueensCount:
    """Placements of k non-attacking queens on the n x n board (1 <= n <= 20)."""

def table(n: int, threads: int = 0) -> list[KQueensCount]:
    """count_k for every k = 0..n."""

def to_string(p: _Columns, format: _Format = "perm") -> str:
    """A solution as the command line prints it."""

def svg(p: _Columns, cell: int = 0, coordinates: bool = True, mark_attacks: bool = True) -> str:
    """The board as a standalone SVG document (n <= 1000)."""

def kernel_tier() -> str:
    """The counting kernel's tier in use: "avx512", "avx2", "neon" or "scalar"."""
