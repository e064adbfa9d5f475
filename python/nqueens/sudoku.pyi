# Type stubs for nqueens.sudoku.
from collections.abc import Sequence
from typing import Literal, overload

_Rows = Sequence[Sequence[int]]
_Difficulty = Literal["any", "easy", "medium", "hard", "expert", "extreme"]
_Symmetry = Literal["none", "rot180", "rot90", "mirror"]

class Rating:
    """The result of rate(): difficulty for a person."""
    @property
    def level(self) -> str: ...
    @property
    def level_number(self) -> int: ...
    @property
    def score(self) -> float: ...
    @property
    def unique(self) -> bool: ...
    @property
    def techniques(self) -> dict[str, int]: ...

@overload
def solve(puzzle: str, *, size: int | None = None) -> str | None: ...
@overload
def solve(puzzle: _Rows, *, size: int | None = None) -> list[list[int]] | None: ...
def count(puzzle: str | _Rows, limit: int = 2, *, size: int | None = None) -> int:
    """Solutions counted up to limit."""

def solve_all(
    puzzles: Sequence[str] | Sequence[_Rows], threads: int = 0, *, size: int | None = None
) -> list[str | list[list[int]] | None]:
    """solve() for each puzzle, on threads."""

def read(text: str, size: int = 9) -> list[str]:
    """The puzzles in a text, each as one line."""

def generate(
    *,
    size: int = 9,
    difficulty: _Difficulty = "any",
    symmetry: _Symmetry = "none",
    seed: int | None = None,
    minimal: bool = True,
    attempts: int = 20000,
) -> str | None:
    """A random puzzle with exactly one solution."""

def rate(puzzle: str | _Rows, *, size: int | None = None) -> Rating | None:
    """_Difficulty for a person; None when there is no solution."""

def solver_tier() -> str:
    """The 9x9 solver's tier in use: "avx512", "avx2", "sse4" or "scalar"."""
