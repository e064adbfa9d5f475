"""verify, find, complete, to_string and svg."""

import pytest

import nqueens
from conftest import is_solution

EIGHT = (0, 4, 7, 5, 2, 6, 1, 3)


def test_verify_valid_and_invalid():
    ok = nqueens.verify(EIGHT)
    assert ok and ok.valid and ok.reason == "" and ok.n == 8 and ok.queens == 8
    bad = nqueens.verify([0, 1, 2, 3])
    assert not bad and bad.attacking_pairs == 6
    assert "share a diagonal" in bad.reason
    assert not nqueens.verify([0, 0])  # same column
    assert "off" in nqueens.verify([0, 5]).reason or not nqueens.verify([0, 5]).valid


@pytest.mark.parametrize(
    "text",
    [
        "1 5 8 6 3 7 2 4",
        "15863724",
        "a1 e2 h3 f4 c5 g6 b7 d8",
        '{"n":8,"solution":[1,5,8,6,3,7,2,4]}',
        "Q . . . . . . .\n. . . . Q . . .\n. . . . . . . Q\n. . . . . Q . .\n"
        ". . Q . . . . .\n. . . . . . Q .\n. Q . . . . . .\n. . . Q . . . .\n",
    ],
)
def test_verify_reads_the_command_line_forms(text):
    assert nqueens.verify(text).valid


def test_find_constructs_and_searches():
    for n in (1, 4, 5, 6, 7, 8, 9, 100, 1001):
        assert is_solution(nqueens.find(n))
    p = nqueens.find(200, seed=7)
    assert is_solution(p) and p == nqueens.find(200, random=True, seed=7)
    assert is_solution(nqueens.find(50, random=True))
    big = nqueens.find(100_000)
    assert len(big) == 100_000 and nqueens.verify(big).valid


def test_complete_forms():
    p = nqueens.complete(8, "a1,c5")
    assert p is not None and p[0] == 0 and p[4] == 2 and is_solution(p)
    assert nqueens.complete(8, [(0, 0), (4, 2)]) == p or is_solution(nqueens.complete(8, [(0, 0)]))
    assert nqueens.complete(8, "1:1") is not None
    assert nqueens.complete(8, [(0, 0)], count=True) == 4
    assert sorted(nqueens.complete(8, [(0, 0)], all=True)) == [
        s for s in nqueens.solutions(8) if s[0] == 0
    ]
    five = nqueens.complete(8, all=True, limit=5)  # in the order the search finds them
    assert len(set(five)) == 5 and all(is_solution(s) for s in five)
    assert nqueens.complete(8, count=True) == 92
    assert nqueens.complete(8, all=True, limit=0) == []


def test_complete_none_when_impossible():
    # a1 and b3: a knight's move apart, and no 8-queens solution holds both.
    assert nqueens.complete(8, "a1,b3") is None
    assert nqueens.complete(8, "a1,b3", count=True) == 0
    assert nqueens.complete(8, "a1,b3", all=True) == []
    assert nqueens.complete(3) is None


def test_complete_blocked_squares():
    blocked = [(0, c) for c in range(8) if c != 7]
    for s in nqueens.complete(8, blocked=blocked, all=True):
        assert s[0] == 7
    assert nqueens.complete(8, blocked=blocked, count=True) == sum(
        1 for s in nqueens.solutions(8) if s[0] == 7
    )


def test_to_string_forms():
    assert nqueens.to_string(EIGHT) == "1 5 8 6 3 7 2 4"
    assert nqueens.to_string(EIGHT, "algebraic") == "a1 e2 h3 f4 c5 g6 b7 d8"
    assert nqueens.to_string(EIGHT, format="json") == '{"n":8,"solution":[1,5,8,6,3,7,2,4]}'
    board = nqueens.to_string(EIGHT, "board").splitlines()
    assert len(board) == 8 and board[0].replace(" ", "") == "Q......."


def test_svg():
    svg = nqueens.svg(EIGHT)
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert svg.rstrip().endswith("</svg>")
    assert len(nqueens.svg(EIGHT, cell=20, coordinates=False)) < len(svg)
    assert "red" in nqueens.svg([0, 1]).lower() or nqueens.svg([0, 1]) != nqueens.svg(
        [0, 1], mark_attacks=False
    )
