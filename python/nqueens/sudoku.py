"""Sudoku (4x4 to 25x25): solve, count, generate and rate, in the text forms the `sudoku`
command reads. A puzzle is a string ("4.....8.5.3...", '.' or '0' for an empty cell; a printed
grid reads back) or a list of rows of ints (0 empty); answers come back in the same form.

    >>> from nqueens import sudoku
    >>> p = sudoku.generate(seed=7, symmetry="rot180")
    >>> sudoku.count(p)                       # exactly one solution
    1
    >>> sudoku.rate(p).level in ("easy", "medium", "hard", "expert", "extreme")
    True
"""

from ._core import sudoku as _sudoku

Rating = _sudoku.Rating
solve = _sudoku.solve
count = _sudoku.count
solve_all = _sudoku.solve_all
read = _sudoku.read
generate = _sudoku.generate
rate = _sudoku.rate
solver_tier = _sudoku.solver_tier

__all__ = ["Rating", "count", "generate", "rate", "read", "solve", "solve_all", "solver_tier"]
