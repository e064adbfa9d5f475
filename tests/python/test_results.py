"""Results compare, print and pickle; seeds: None draws one and the result reports it."""

import copy
import pickle

import pytest

import nqueens
from conftest import is_solution
from nqueens import sudoku

ARTO = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def round_trips(value):
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol))
        assert back == value and type(back) is type(value) and repr(back) == repr(value)
    assert copy.deepcopy(value) == value


def test_count_results_compare_by_their_answer():
    a, b = nqueens.count(9, threads=1), nqueens.count(9, threads=2, method="join")
    assert a == b and hash(a) == hash(b)  # the same answer, however it was reached
    assert a != nqueens.count(10) and len({a, b, nqueens.count(10)}) == 2
    assert repr(a) == (
        "CountResult(n=9, total=352, unique=46, classes={1: 0, 2: 0, 4: 4, 8: 42}, "
        "method='backtrack', threads=1, jobs=%d)" % a.jobs
    )
    round_trips(a)
    with pytest.raises(AttributeError):
        a.total = 0  # results are read-only


def test_verification_k_queens_and_ratings_round_trip():
    v = nqueens.verify("a1 c2 b3")
    assert v == nqueens.verify([0, 2, 1]) and not v
    assert repr(v) == (
        "Verification(valid=False, reason='c2 and b3 share an anti-diagonal', n=3, queens=3, "
        "attacking_pairs=1)"
    )
    round_trips(v)
    k = nqueens.count_k(6, 3)
    assert k == nqueens.table(6)[3] and repr(k) == "KQueensCount(n=6, k=3, total=1024, unique=128)"
    round_trips(k)
    r = sudoku.rate(ARTO)
    assert r == sudoku.rate(ARTO) and hash(r) == hash(sudoku.rate(ARTO))
    round_trips(r)


def test_find_reports_the_seed_it_ran_with():
    built = nqueens.find(30)
    assert built.seed is None and built == nqueens.find(30) and type(built) is nqueens.FoundSolution
    assert isinstance(built, tuple) and tuple(built) == built
    drawn = [nqueens.find(60, random=True) for _ in range(3)]
    assert all(is_solution(p) and p.seed is not None for p in drawn)
    # Each call draws a fresh 64-bit seed: three equal ones would mean a fixed default.
    assert len({p.seed for p in drawn}) == 3
    again = nqueens.find(60, seed=drawn[0].seed)
    assert again == drawn[0] and again.seed == drawn[0].seed
    assert nqueens.find(60, random=True, seed=5).seed == 5
    assert repr(nqueens.find(4)) == "FoundSolution((1, 3, 0, 2), seed=None)"
    round_trips(drawn[0])


def test_generate_reports_the_seed_it_ran_with():
    p = sudoku.generate(size=4)
    assert isinstance(p, str) and isinstance(p.seed, int) and 0 <= p.seed < 2**64
    assert sudoku.generate(size=4, seed=p.seed) == p
    assert sudoku.generate(size=4, seed=3).seed == 3
    assert repr(sudoku.generate(size=4, seed=3)).startswith("GeneratedPuzzle('")
    round_trips(p)
