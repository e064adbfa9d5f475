"""The type stubs of the compiled module against it (mypy's stubtest), mypy --strict on the
package, on calls that pass what the module accepts (numpy integers and arrays among them) and
on calls it refuses. Debian: python3-mypy; skipped without it."""

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import nqueens

pytest.importorskip("mypy", reason="mypy not installed (Debian: python3-mypy)")

PACKAGE_PARENT = pathlib.Path(nqueens.__file__).resolve().parents[1]


def run_mypy(module_args, tmp_path, cache=True):
    env = dict(os.environ)
    # An installed package is found through the interpreter's site directories (MYPYPATH may
    # not name them); one in a build tree through MYPYPATH.
    if PACKAGE_PARENT.name not in ("site-packages", "dist-packages"):
        env["MYPYPATH"] = str(PACKAGE_PARENT)
    return subprocess.run(
        [sys.executable, "-m", *module_args] + (["--cache-dir", str(tmp_path / "cache")] if cache else []),
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)


def test_stubs_match_the_compiled_module(tmp_path):
    # nqueens._core.pyi: every name, argument and default of the compiled module. (The rest of
    # the package is Python with its annotations inline, checked by the next test.)
    out = run_mypy(["mypy.stubtest", "nqueens._core"], tmp_path, cache=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_package_passes_mypy_strict(tmp_path):
    out = run_mypy(["mypy", "--strict", "-p", "nqueens"], tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr


ACCEPTED = """
    from typing import List, Optional, Tuple
    import numpy as np
    import nqueens
    from nqueens import sudoku

    r: nqueens.CountResult = nqueens.count(np.int64(8), threads=np.int32(1), method="join")
    total: int = r.total
    found = nqueens.find(np.int64(20), seed=np.uint64(3))
    seed: Optional[int] = found.seed
    index: int = nqueens.rank(np.array([1, 3, 0, 2])) + nqueens.rank(range(1))
    ok: bool = bool(nqueens.verify(np.array([1, 3, 0, 2]))) and bool(nqueens.verify("a1"))
    text: str = nqueens.to_string(nqueens.solutions_array(8)[0], "board")
    count: int = nqueens.complete(8, np.array([[0, 0]]), count=True)
    all_of: List[Tuple[int, ...]] = nqueens.complete(8, "a1", all=True, limit=np.int64(2))
    one: Optional[Tuple[int, ...]] = nqueens.complete(np.int16(8), [(0, 0)], [(np.int8(1), np.int8(2))])
    for p in nqueens.solutions(8, unique=True):
        columns: Tuple[int, ...] = p
    k: int = sum(row.total for row in nqueens.table(np.uint8(5)))
    line: Optional[str] = sudoku.solve("." * 81)
    rows: Optional[List[List[int]]] = sudoku.solve(np.zeros((9, 9), dtype=np.int64))
    puzzle = sudoku.generate(seed=np.uint64(5), difficulty="hard")
    if puzzle is not None:
        seed_used: int = puzzle.seed
        rating = sudoku.rate(puzzle)
"""

REFUSED = {
    'nqueens.count("8")': "count",
    'nqueens.rank("1 2")': "rank",
    'nqueens.count(8, method="fast")': "count",
    'nqueens.to_string((0,), "png")': "to_string",
    "nqueens.count(8.0)": "count",
    'sudoku.generate(symmetry="diagonal")': "generate",
    "nqueens.complete(8, limit=2)": "complete",
}


def test_mypy_strict_accepts_what_the_module_accepts(tmp_path):
    pytest.importorskip("numpy")
    (tmp_path / "accepted.py").write_text(textwrap.dedent(ACCEPTED))
    out = run_mypy(["mypy", "--strict", "accepted.py"], tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_refuses_what_the_module_refuses(tmp_path):
    lines = ["import nqueens", "from nqueens import sudoku"] + list(REFUSED)
    (tmp_path / "refused.py").write_text("\n".join(lines) + "\n")
    out = run_mypy(["mypy", "--strict", "refused.py"], tmp_path)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    flagged = {int(line.split(":")[1]) for line in errors}
    assert flagged == set(range(3, 3 + len(REFUSED))), out.stdout
