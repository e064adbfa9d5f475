"""Sudoku (4x4 to 25x25): solve, count, generate and rate, in the text forms the `sudoku`
command reads. A puzzle is a string ("4.....8.5.3...", '.' or '0' for an empty cell; a printed
grid reads back) or a list of rows of ints (0 empty; a numpy array too); answers come back in
the same form.

    >>> from nqueens import sudoku
    >>> p = sudoku.generate(seed=7, symmetry="rot180")
    >>> sudoku.count(p)                       # exactly one solution
    1
    >>> sudoku.rate(p).level in ("easy", "medium", "hard", "expert", "extreme")
    True
"""

# As in nqueens/__init__.py: nqueens._core checks the arguments, these give each call its
# signature, documentation and result type.
from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union, overload

from . import _core
from ._typing import Index, Rows

Difficulty = Literal["any", "easy", "medium", "hard", "expert", "extreme"]
Symmetry = Literal["none", "rot180", "rot90", "mirror"]

@dataclasses.dataclass(frozen=True)
class Rating:
    """The result of rate(): the puzzle's difficulty for a person.

    >>> r = sudoku.rate("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> r.level, r.level_number, r.unique
    ('hard', 3, True)
    """

    level: str  # easy, medium, hard, expert or extreme
    level_number: int  # 1 (easy) to 5 (extreme)
    score: float  # the hardest step (docs/SUDOKU.md has the scale)
    unique: bool  # exactly one solution
    techniques: Dict[str, int]  # technique name -> how many times it made progress

    def __hash__(self) -> int:
        return hash((self.level, self.score, self.unique))


class GeneratedPuzzle(str):
    """What generate() returns: the puzzle (one line, equal to the plain string) and `seed`, the
    seed that made it, so that `generate(seed=p.seed, ...)` with the same options makes it again.

    >>> p = sudoku.generate(seed=7)
    >>> p.seed, sudoku.generate(seed=p.seed) == p
    (7, True)
    """

    seed: int

    def __new__(cls, puzzle: str, seed: int) -> GeneratedPuzzle:
        self = super().__new__(cls, puzzle)
        self.seed = seed
        return self

    def __repr__(self) -> str:
        return f"GeneratedPuzzle({str.__repr__(self)}, seed={self.seed!r})"

    def __reduce__(self) -> Tuple[Any, ...]:
        return (GeneratedPuzzle, (str(self), self.seed))


@overload
def solve(
    puzzle: str, *, size: Optional[Index] = None, kernel: Optional[str] = None
) -> Optional[str]: ...
@overload
def solve(
    puzzle: Rows, *, size: Optional[Index] = None, kernel: Optional[str] = None
) -> Optional[List[List[int]]]: ...
def solve(
    puzzle: Union[str, Rows], *, size: Optional[Index] = None, kernel: Optional[str] = None
) -> Union[str, List[List[int]], None]:
    """The first solution of a puzzle, in the puzzle's form, or None when it has none.

    A string may be one line or a printed grid; its size (4, 9, 16, 25) follows from its cell
    count unless given. ValueError for a malformed puzzle or givens that break a rule
    ("digit 5 repeated in row 3"). kernel: the 9x9 solver tier, as `sudoku solve --kernel`
    ("auto", "avx512", "avx2", "sse4", "scalar"); None: solver_tier().

    >>> sudoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")[:18]
    '417369825632158947'
    """
    return _core.sudoku_solve(puzzle, size, kernel)


def count(
    puzzle: Union[str, Rows],
    limit: Index = 2,
    *,
    size: Optional[Index] = None,
    kernel: Optional[str] = None,
) -> int:
    """Solutions of a puzzle, counted up to limit (2: is it unique?).

    kernel: the 9x9 solver tier, as solve()'s (a limit over 2 counts with the general solver,
    which has none). Ctrl-C raises KeyboardInterrupt.

    >>> sudoku.count("." * 81, limit=5)
    5
    """
    return _core.sudoku_count(puzzle, limit, size, kernel)


def solve_all(
    puzzles: Sequence[Union[str, Rows]],
    threads: Index = 0,
    *,
    size: Optional[Index] = None,
    kernel: Optional[str] = None,
) -> List[Union[str, List[List[int]], None]]:
    """solve() for each puzzle of a list, on `threads` threads (0: every core), in order.

    A bad puzzle raises ValueError or TypeError naming its place ("puzzles[3]: ..."). Releases
    the GIL; Ctrl-C raises KeyboardInterrupt.
    """
    return _core.sudoku_solve_all(puzzles, threads, size, kernel)


def read(text: str, size: Index = 9) -> List[str]:
    """The puzzles in a text in any form the sudoku command reads, each as one line.

    One per line, grids of `size` lines, CSV with the puzzle first; '#' comments. ValueError
    naming the line of a malformed entry ("line 5: ...").

    >>> len(sudoku.read("# two empty grids\\n" + "." * 81 + "\\n" + "0" * 81 + "\\n"))
    2
    """
    return _core.sudoku_read(text, size)


def generate(
    *,
    size: Index = 9,
    difficulty: Difficulty = "any",
    symmetry: Symmetry = "none",
    seed: Optional[Index] = None,
    minimal: bool = True,
    attempts: Index = 20000,
) -> Optional[GeneratedPuzzle]:
    """A random puzzle with exactly one solution, as one line.

    difficulty: any, easy, medium, hard, expert or extreme; symmetry of the clues: none,
    rot180, rot90 or mirror. seed None draws a fresh seed, reported as the result's `seed`;
    the same seed and options give the same puzzle. None when no puzzle of that difficulty
    turned up in `attempts` tries.
    """
    puzzle, used = _core.sudoku_generate(size, difficulty, symmetry, seed, minimal, attempts)
    return None if puzzle is None else GeneratedPuzzle(puzzle, used)


def rate(puzzle: Union[str, Rows], *, size: Optional[Index] = None) -> Optional[Rating]:
    """Difficulty for a person: the techniques a human solver needs; None when unsolvable."""
    r = _core.sudoku_rate(puzzle, size)
    return None if r is None else Rating(*r)


def solver_tier(kernel: Optional[str] = None) -> str:
    """The 9x9 solver tier a solve(kernel=kernel) uses: "avx512", "avx2", "sse4" or "scalar".

    kernel None: the fastest the CPU has unless SUDOKU_KERNEL (set before the first call) names
    another. ValueError for a name (or SUDOKU_KERNEL) that is unknown or that the CPU lacks.
    """
    return _core.sudoku_solver_tier(kernel)


__all__ = [
    "GeneratedPuzzle",
    "Rating",
    "count",
    "generate",
    "rate",
    "read",
    "solve",
    "solve_all",
    "solver_tier",
]
