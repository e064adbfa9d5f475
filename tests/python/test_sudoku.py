"""nqueens.sudoku on the repository's puzzle sets (data/sudoku, see data/SOURCES.md)."""

import pytest

from nqueens import sudoku

ARTO = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
ARTO_SOLVED = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def is_solution_of(solution, puzzle):
    size = int(len(solution) ** 0.5)
    box = int(size**0.5)
    digits = "123456789ABCDEFGHIJKLMNOP"[:size]
    rows = [solution[r * size:(r + 1) * size] for r in range(size)]
    cols = ["".join(row[c] for row in rows) for c in range(size)]
    boxes = [
        "".join(rows[br + r][bc + c] for r in range(box) for c in range(box))
        for br in range(0, size, box)
        for bc in range(0, size, box)
    ]
    return all(sorted(h) == sorted(digits) for h in rows + cols + boxes) and all(
        p in ".0" or p == s for p, s in zip(puzzle, solution)
    )


# (file, puzzles in it, whether each has exactly one solution)
PUZZLE_SETS = [
    ("puzzles2_17_clue", 49158, True),
    ("puzzles3_magictour_top1465", 1465, True),
    ("puzzles7_serg_benchmark", 10000, False),
]


@pytest.mark.parametrize("name,size,unique", PUZZLE_SETS)
def test_puzzle_sets_solve(sudoku_data, name, size, unique):
    puzzles = sudoku.read((sudoku_data / name).read_text())
    assert len(puzzles) == size
    some = puzzles[:: max(1, size // 2000)]  # an even spread, to keep the test fast
    solved = sudoku.solve_all(some, threads=2)
    assert all(s is not None and is_solution_of(s, p) for p, s in zip(some, solved))
    for p, s in list(zip(some, solved))[:50]:  # one at a time gives the same
        assert sudoku.solve(p) == s
        assert sudoku.count(p) == 1 if unique else sudoku.count(p) >= 1


def test_csv_set_with_its_solutions(sudoku_data):
    with open(sudoku_data / "curated_5000.csv") as f:
        lines = f.read().splitlines()
    rows = [line.split(",") for line in lines[1:]]
    puzzles = sudoku.read("\n".join(lines))  # the header line is skipped
    assert puzzles == [r[0] for r in rows]
    assert sudoku.solve_all(puzzles) == [r[1] for r in rows]


def test_solve_forms():
    assert sudoku.solve(ARTO) == ARTO_SOLVED
    grid = "\n".join(ARTO[r * 9:(r + 1) * 9] for r in range(9))
    assert sudoku.solve(grid) == ARTO_SOLVED
    rows = [[0 if ch == "." else int(ch) for ch in ARTO[r * 9:(r + 1) * 9]] for r in range(9)]
    solved_rows = sudoku.solve(rows)
    assert "".join(str(d) for row in solved_rows for d in row) == ARTO_SOLVED
    assert sudoku.solve_all([rows, ARTO]) == [solved_rows, ARTO_SOLVED]


def test_no_solution_and_many():
    broken = "12345678." + "........9" + "." * 63  # 9 cannot go in row 1, and nothing else fits
    assert sudoku.solve(broken) is None
    assert sudoku.count(broken) == 0
    assert sudoku.rate(broken) is None
    assert sudoku.count("." * 81) == 2
    assert sudoku.count("." * 16, limit=1000) == 288  # all 4x4 grids


def test_other_sizes():
    four = "1..." + "..2." + ".3.." + "...4"
    s = sudoku.solve(four)
    assert len(s) == 16 and is_solution_of(s, four)
    assert sudoku.count(sudoku.generate(size=4, seed=3), size=4) == 1
    s16 = sudoku.solve("." * 256)
    assert len(s16) == 256 and is_solution_of(s16, "." * 256)


def test_generate_and_rate():
    p = sudoku.generate(seed=7, symmetry="rot180")
    assert p == sudoku.generate(seed=7, symmetry="rot180")  # same seed, same puzzle
    assert len(p) == 81 and sudoku.count(p) == 1
    assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))
    r = sudoku.rate(p)
    assert r.unique and 1 <= r.level_number <= 5
    assert r.level in ("easy", "medium", "hard", "expert", "extreme") and r.score > 0
    assert all(isinstance(k, str) and v > 0 for k, v in r.techniques.items())
    easy = sudoku.generate(seed=1, difficulty="easy")
    assert sudoku.rate(easy).level == "easy"
    assert sudoku.rate(ARTO).level_number >= 4


def test_read_forms():
    text = "# a comment\n" + ARTO + "\n\n" + "\n".join(ARTO[r * 9:(r + 1) * 9] for r in range(9))
    assert sudoku.read(text) == [ARTO, ARTO]
    assert sudoku.read("1...\n..2.\n.3..\n...4\n", size=4) == ["1.....2..3.....4"]


def test_the_solver_tier_is_an_option_of_each_solve():
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    want = sudoku.solve(puzzle)
    here = [t for t in ("avx512", "avx2", "sse4", "scalar") if t == "scalar" or _has(t)]
    for kernel in here + ["auto", None]:
        assert sudoku.solve(puzzle, kernel=kernel) == want, kernel
        assert sudoku.count(puzzle, kernel=kernel) == 1, kernel
        assert sudoku.solve_all([puzzle, "." * 81], 1, kernel=kernel)[0] == want, kernel
    assert sudoku.solver_tier("scalar") == "scalar"
    assert sudoku.solver_tier(None) == sudoku.solver_tier()
    assert sudoku.solver_tier("auto") in ("avx512", "avx2", "sse4", "scalar")
    absent = [t for t in ("avx512", "avx2", "sse4") if not _has(t)]
    for kernel in absent:
        with pytest.raises(ValueError, match=f"kernel: solver tier '{kernel}' is not available"):
            sudoku.solve(puzzle, kernel=kernel)


def _has(tier):
    """Whether this CPU runs the solver tier (asking the library, which refuses one it lacks)."""
    try:
        return sudoku.solver_tier(tier) == tier
    except ValueError:
        return False
