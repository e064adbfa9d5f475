"""Every bad argument: TypeError for the wrong kind, ValueError for a bad value, each with one
line that says what was wrong (the command line's words where it has the same check)."""

import os
import subprocess
import sys

import pytest

import nqueens
from nqueens import sudoku

EIGHT = (0, 4, 7, 5, 2, 6, 1, 3)
RANK_N, RANK_ALL_N = nqueens.MAX_RANK_N, nqueens.MAX_RANK_ALL_N  # the library's, not literals

CASES = [
    # (call, exception, message)
    (lambda: nqueens.count(0), ValueError, "N must be between 1 and 32, got 0"),
    (lambda: nqueens.count(33), ValueError, "N must be between 1 and 32, got 33"),
    (lambda: nqueens.count(10**30), ValueError, "N must be between 1 and 32, got " + str(10**30)),
    (lambda: nqueens.count("8"), TypeError, "N must be a whole number, got '8'"),
    (lambda: nqueens.count(8.0), TypeError, "N must be a whole number, got '8.0'"),
    (lambda: nqueens.count(True), TypeError, "N must be a whole number, got 'True'"),
    (lambda: nqueens.count(8, threads=-1), ValueError,
     "threads must be between 0 (all cores) and 1024, got -1"),
    (lambda: nqueens.table(8, threads=5000), ValueError,
     "threads must be between 0 (all cores) and 1024, got 5000"),
    (lambda: sudoku.solve_all([], threads=-2), ValueError,
     "threads must be between 0 (all cores) and 1024, got -2"),
    (lambda: nqueens.count(8, method="fast"), ValueError,
     "method must be auto, backtrack or join, got 'fast'"),
    (lambda: nqueens.count(8, method=1), TypeError, "method must be a string, got '1'"),
    (lambda: nqueens.count(8, kernel="sse9"), ValueError,
     "kernel: unknown kernel tier 'sse9' (choose auto, avx512, avx2, neon or scalar)"),
    (lambda: nqueens.count(8, kernel=1), TypeError, "kernel must be a string, got '1'"),
    (lambda: nqueens.solutions(65), ValueError, "N must be between 1 and 64, got 65"),
    (lambda: nqueens.solutions(0), ValueError, "N must be between 1 and 64, got 0"),
    (lambda: nqueens.solutions(8, unique=1), TypeError, "unique must be True or False, got '1'"),
    (lambda: nqueens.solutions_array(nqueens.MAX_ARRAY_N + 1), ValueError,
     f"N must be between 1 and {nqueens.MAX_ARRAY_N}, got {nqueens.MAX_ARRAY_N + 1}"),
    # Random access: the library's own bounds and message (nqueens::SolutionIndex).
    (lambda: nqueens.solution(RANK_ALL_N + 1, 0), ValueError,
     f"random access to all solutions needs 1 <= N <= {RANK_ALL_N}"),
    (lambda: nqueens.solution(0, 0), ValueError,
     f"random access to all solutions needs 1 <= N <= {RANK_ALL_N}"),
    (lambda: nqueens.solution(10**30, 0), ValueError,
     f"random access to all solutions needs 1 <= N <= {RANK_ALL_N}"),
    (lambda: nqueens.solution(-(10**30), 0), ValueError,
     f"random access to all solutions needs 1 <= N <= {RANK_ALL_N}"),
    (lambda: nqueens.solution(RANK_N + 1, 0, unique=True), ValueError,
     f"random access to the unique list needs 1 <= N <= {RANK_N}"),
    (lambda: nqueens.solution(8.0, 0), TypeError, "N must be a whole number, got '8.0'"),
    (lambda: nqueens.solution(8, 92), ValueError, "index must be between 0 and 91, got 92"),
    (lambda: nqueens.solution(8, -1), ValueError, "index must be between 0 and 91, got -1"),
    (lambda: nqueens.solution(3, 0), ValueError, "N = 3 has no solutions"),
    (lambda: nqueens.rank([0, 1, 2, 3]), ValueError, "not a solution of the 4-queens problem"),
    (lambda: nqueens.rank([2, 0, 3, 1], unique=True), ValueError,
     "not a canonical representative (see list --unique)"),
    (lambda: nqueens.rank(list(range(RANK_ALL_N + 1))), ValueError,
     f"random access to all solutions needs 1 <= N <= {RANK_ALL_N}"),
    (lambda: nqueens.rank(list(range(RANK_N + 1)), unique=True), ValueError,
     f"random access to the unique list needs 1 <= N <= {RANK_N}"),
    (lambda: nqueens.rank([0, 9]), ValueError,
     "column 9 of row 1 is off the 2x2 board (columns are 0-based)"),
    (lambda: nqueens.rank("1 2"), TypeError,
     "the solution must be a sequence of column numbers, got '1 2'"),
    (lambda: nqueens.rank([0, "a"]), TypeError,
     "the solution must be a sequence of column numbers, got 'a' in it"),
    (lambda: nqueens.rank([]), ValueError, "the solution is empty"),
    (lambda: nqueens.verify(""), ValueError, "empty placement"),
    (lambda: nqueens.verify([]), ValueError, "empty placement"),
    (lambda: nqueens.verify("1 x 3"), ValueError, "'x' is not a column number"),
    (lambda: nqueens.verify(None), TypeError,
     "the placement must be a sequence of column numbers, got 'None'"),
    (lambda: nqueens.find(2), ValueError, "no solution exists for N = 2"),
    (lambda: nqueens.find(0), ValueError, "N must be between 1 and 1000000000, got 0"),
    (lambda: nqueens.find(8, seed=-1), ValueError,
     "seed must be between 0 and 18446744073709551615, got -1"),
    (lambda: nqueens.find(8, random="yes"), TypeError, "random must be True or False, got 'yes'"),
    (lambda: nqueens.complete(8, "a1,b2"), ValueError, "fixed queens a1 and b2 share a diagonal"),
    (lambda: nqueens.complete(8, "a1", "a1"), ValueError, "square a1 is both fixed and blocked"),
    (lambda: nqueens.complete(8, [(0, 8)]), ValueError,
     "fixed square (1,9) is off the 8x8 board"),
    (lambda: nqueens.complete(8, [(0, 1, 2)]), TypeError,
     "fixed must hold (row, column) pairs, got '(0, 1, 2)'"),
    (lambda: nqueens.complete(8, 5), TypeError,
     "fixed must be a string like 'a1,c5' or a sequence of (row, column) pairs, got '5'"),
    (lambda: nqueens.complete(8, count=True, all=True), ValueError,
     "count and all exclude each other"),
    (lambda: nqueens.complete(8, all=True, limit=-1), ValueError,
     "limit must be between 0 and 4611686018427387904, got -1"),
    (lambda: nqueens.complete(0), ValueError, "N must be between 1 and 100000, got 0"),
    (lambda: nqueens.complete(100000, count=True), ValueError,
     "a count of completions at N = 100000 takes boards with at most 41 open rows (rows without a "
     "fixed queen), this one has 100000: a count walks every completion one by one"),
    (lambda: nqueens.count_k(21, 2), ValueError, "N must be between 1 and 20, got 21"),
    (lambda: nqueens.count_k(8, 9), ValueError, "k must be between 0 and 8, got 9"),
    (lambda: nqueens.table(0), ValueError, "N must be between 1 and 20, got 0"),
    (lambda: nqueens.to_string(EIGHT, "png"), ValueError,
     "format must be perm, board, json or algebraic, got 'png'"),
    (lambda: nqueens.to_string(list(range(27)), "algebraic"), ValueError,
     "format algebraic needs N <= 26 (files a..z)"),
    (lambda: nqueens.svg(EIGHT, cell=500), ValueError, "cell must be between 0 and 200, got 500"),
    (lambda: nqueens.svg(list(range(1001))), ValueError, "svg draws boards up to N = 1000"),
    (lambda: sudoku.solve("123"), ValueError, "wrong length: 3 cells, expected 81"),
    (lambda: sudoku.solve("11" + "." * 79), ValueError, "digit 1 repeated in row 1"),
    (lambda: sudoku.solve("x" + "." * 80), ValueError, "bad character 'x' at column 1"),
    (lambda: sudoku.solve(5), TypeError, "a puzzle must be a string or a list of rows of ints, got '5'"),
    (lambda: sudoku.solve([[0] * 9] * 8), ValueError, "a puzzle has 4, 9, 16 or 25 rows, got 8"),
    (lambda: sudoku.solve([[0] * 9] * 8 + [[0] * 8]), ValueError,
     "row 9 has 8 cells, expected 9"),
    (lambda: sudoku.solve([[10] + [0] * 8] + [[0] * 9] * 8), ValueError,
     "row 1 has 10 in column 1, expected 0 (empty) to 9"),
    (lambda: sudoku.solve("." * 81, size=10), ValueError, "size must be 4, 9, 16 or 25, got 10"),
    (lambda: sudoku.solve("." * 81, kernel="neon"), ValueError,
     "kernel: unknown solver tier 'neon' (choose auto, avx512, avx2, sse4 or scalar)"),
    (lambda: sudoku.count("." * 81, kernel=""), ValueError,
     "kernel: unknown solver tier '' (choose auto, avx512, avx2, sse4 or scalar)"),
    (lambda: sudoku.solve_all(["." * 81], kernel=2), TypeError, "kernel must be a string, got '2'"),
    (lambda: sudoku.solver_tier("sse9"), ValueError,
     "kernel: unknown solver tier 'sse9' (choose auto, avx512, avx2, sse4 or scalar)"),
    (lambda: sudoku.count("." * 81, limit=0), ValueError,
     "limit must be between 1 and 4611686018427387904, got 0"),
    (lambda: sudoku.generate(difficulty="insane"), ValueError,
     "unknown difficulty 'insane' (any, easy, medium, hard, expert, extreme)"),
    (lambda: sudoku.generate(symmetry="diagonal"), ValueError,
     "unknown symmetry 'diagonal' (none, rot180, rot90, mirror)"),
    (lambda: sudoku.generate(size=7), ValueError, "size must be 4, 9, 16 or 25, got 7"),
    (lambda: sudoku.read("1234\n"), ValueError, "line 1: wrong length: 4 cells, expected 81"),
    (lambda: sudoku.read(b"...."), TypeError, "text must be a string, got 'b'....''"),
    (lambda: sudoku.solve_all("." * 81), TypeError,
     "puzzles must be a list of puzzles, got '" + "." * 81 + "'"),
    # Arguments that would otherwise be ignored.
    (lambda: nqueens.complete(8, "a1", limit=2), ValueError,
     "limit needs all=True (without it complete returns one completion)"),
    (lambda: nqueens.complete(8, count=True, limit=2), ValueError,
     "limit needs all=True (without it complete returns one completion)"),
    # Each argument's kind and range.
    (lambda: nqueens.count(8, threads=1.0), TypeError, "threads must be a whole number, got '1.0'"),
    (lambda: nqueens.solutions_array(8, unique=None), TypeError,
     "unique must be True or False, got 'None'"),
    (lambda: nqueens.solution(8, "3"), TypeError, "index must be a whole number, got '3'"),
    (lambda: nqueens.rank(EIGHT, unique="yes"), TypeError, "unique must be True or False, got 'yes'"),
    (lambda: nqueens.find(8, seed=1.5), TypeError, "seed must be a whole number, got '1.5'"),
    (lambda: nqueens.find(8, seed=2**64), ValueError,
     "seed must be between 0 and 18446744073709551615, got 18446744073709551616"),
    (lambda: nqueens.complete(8, all=True, limit="3"), TypeError,
     "limit must be a whole number, got '3'"),
    (lambda: nqueens.complete(8, blocked=[(0, "a")]), TypeError,
     "blocked must be a sequence of column numbers, got 'a' in it"),
    (lambda: nqueens.complete(8, all=1), TypeError, "all must be True or False, got '1'"),
    (lambda: nqueens.count_k(8, -1), ValueError, "k must be between 0 and 8, got -1"),
    (lambda: nqueens.table(8, threads="2"), TypeError, "threads must be a whole number, got '2'"),
    (lambda: nqueens.to_string(EIGHT, format=None), TypeError, "format must be a string, got 'None'"),
    (lambda: nqueens.svg(EIGHT, coordinates=1), TypeError,
     "coordinates must be True or False, got '1'"),
    (lambda: nqueens.svg(EIGHT, mark_attacks="no"), TypeError,
     "mark_attacks must be True or False, got 'no'"),
    (lambda: nqueens.svg(EIGHT, cell=-1), ValueError, "cell must be between 0 and 200, got -1"),
    (lambda: sudoku.solve("." * 81, size="9"), TypeError, "size must be a whole number, got '9'"),
    (lambda: sudoku.count("." * 81, limit=2.5), TypeError, "limit must be a whole number, got '2.5'"),
    (lambda: sudoku.read("." * 81, size=5), ValueError, "size must be 4, 9, 16 or 25, got 5"),
    (lambda: sudoku.generate(seed=-1), ValueError,
     "seed must be between 0 and 18446744073709551615, got -1"),
    (lambda: sudoku.generate(seed="x"), TypeError, "seed must be a whole number, got 'x'"),
    (lambda: sudoku.generate(minimal="no"), TypeError, "minimal must be True or False, got 'no'"),
    (lambda: sudoku.generate(attempts=0), ValueError,
     "attempts must be between 1 and 1073741824, got 0"),
    (lambda: sudoku.generate(difficulty=3), TypeError, "difficulty must be a string, got '3'"),
    # Sudoku rows: a row of text, a cell that is no int.
    (lambda: sudoku.solve(["53..7...."] * 9), TypeError,
     "row 1 must be a list of ints (0 for empty), got the string '53..7....' (a puzzle as text is "
     "one string)"),
    (lambda: sudoku.solve([["5"] + [0] * 8] + [[0] * 9] * 8), TypeError,
     "row 1 must be a sequence of ints (0 for empty), got '5' in it"),
    (lambda: sudoku.solve([[0] * 9] * 8 + [None]), TypeError,
     "row 9 must be a sequence of ints (0 for empty), got 'None'"),
    # solve_all names the bad puzzle's place in the list.
    (lambda: sudoku.solve_all(["." * 81, "." * 81, "." * 80]), ValueError,
     "puzzles[2]: wrong length: 80 cells, expected 81"),
    (lambda: sudoku.solve_all(["." * 81, 5]), TypeError,
     "puzzles[1]: a puzzle must be a string or a list of rows of ints, got '5'"),
    (lambda: sudoku.solve_all([[[0] * 4] * 3 + [[1, 1, 0, 0]]]), ValueError,
     "puzzles[0]: digit 1 repeated in row 4"),
]


@pytest.mark.parametrize("call,exception,message", CASES)
def test_bad_argument(call, exception, message):
    with pytest.raises(exception) as info:
        call()
    assert str(info.value) == message
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("call", [lambda: nqueens.count(), lambda: nqueens.count(8, nope=1)])
def test_wrong_call_shape_is_a_type_error(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize(
    "variable,call",
    [
        ("SUDOKU_KERNEL", "sudoku.solve('.' * 81)"),
        ("SUDOKU_KERNEL", "sudoku.solver_tier()"),
        ("NQUEENS_KERNEL", "nqueens.count(8)"),
        ("NQUEENS_KERNEL", "nqueens.kernel_tier()"),
    ],
)
def test_bad_tier_in_the_environment_is_a_value_error(variable, call):
    # The tiers are chosen once per process, so each case runs in a fresh interpreter.
    script = (
        "import nqueens\nfrom nqueens import sudoku\n"
        f"try:\n    {call}\nexcept ValueError as e:\n    print(e)\n"
    )
    env = dict(os.environ, **{variable: "sse9"})
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.startswith(f"{variable}=sse9: unknown ")
    assert out.stdout.count("\n") == 1


NQUEENS_CLI = os.environ.get("NQUEENS_CLI")


@pytest.mark.skipif(not NQUEENS_CLI, reason="NQUEENS_CLI (the nqueens binary) not given")
@pytest.mark.parametrize(
    "argv,call",
    [
        (["count", "33"], lambda: nqueens.count(33)),
        (["find", "2"], lambda: nqueens.find(2)),
        (["complete", "8", "--fixed", "a1,b2"], lambda: nqueens.complete(8, "a1,b2")),
        (["complete", "8", "--fixed", "a1", "--blocked", "a1"],
         lambda: nqueens.complete(8, "a1", "a1")),
    ],
)
def test_same_message_as_the_command_line(argv, call):
    cli = subprocess.run([NQUEENS_CLI, *argv], capture_output=True, text=True)
    assert cli.returncode != 0
    with pytest.raises(ValueError) as info:
        call()
    # The same words; the command line may quote the value it was given ("got '33'").
    assert cli.stderr.strip().replace("'", "") == "nqueens: " + str(info.value).replace("'", "")
