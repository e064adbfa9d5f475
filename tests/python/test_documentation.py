"""What help() and inspect show: every public function's signature, docstrings whose examples
run (doctest), the module's metadata."""

import doctest
import inspect
import pydoc

import pytest

import nqueens
import nqueens.__main__
from nqueens import _core, sudoku

SIGNATURES = {
    nqueens.count: "(n, threads=0, method='auto', kernel=None, table_memory=None)",
    nqueens.solutions: "(n, unique=False)",
    nqueens.solutions_array: "(n, unique=False)",
    nqueens.solution: "(n, index, unique=False)",
    nqueens.rank: "(p, unique=False)",
    nqueens.verify: "(p)",
    nqueens.find: "(n, random=False, seed=None)",
    nqueens.complete: "(n, fixed=None, blocked=None, *, count=False, all=False, limit=None)",
    nqueens.count_k: "(n, k, threads=0)",
    nqueens.table: "(n, threads=0)",
    nqueens.to_string: "(p, format='perm')",
    nqueens.svg: "(p, cell=0, coordinates=True, mark_attacks=True)",
    nqueens.kernel_tier: "(kernel=None)",
    sudoku.solve: "(puzzle, *, size=None, kernel=None)",
    sudoku.count: "(puzzle, limit=2, *, size=None, kernel=None)",
    sudoku.solve_all: "(puzzles, threads=0, *, size=None, kernel=None)",
    sudoku.read: "(text, size=9)",
    sudoku.generate: "(*, size=9, difficulty='any', symmetry='none', seed=None, minimal=True, "
    "attempts=20000)",
    sudoku.rate: "(puzzle, *, size=None)",
    sudoku.solver_tier: "(kernel=None)",
}


def without_annotations(signature):
    return str(signature.replace(
        parameters=[p.replace(annotation=inspect.Parameter.empty)
                    for p in signature.parameters.values()],
        return_annotation=inspect.Signature.empty))


@pytest.mark.parametrize("function,expected", SIGNATURES.items(), ids=lambda f: getattr(f, "__name__", ""))
def test_signatures_are_visible(function, expected):
    signature = inspect.signature(function)
    assert without_annotations(signature) == expected
    assert signature.return_annotation is not inspect.Signature.empty
    text = pydoc.render_doc(function, renderer=pydoc.plaintext)
    assert function.__name__ + "(" in text and function.__doc__.splitlines()[0] in text


def test_every_public_function_is_listed():
    for module in (nqueens, sudoku):
        public = {getattr(module, name) for name in module.__all__}
        functions = {f for f in public if inspect.isfunction(f)}
        assert functions <= set(SIGNATURES), functions - set(SIGNATURES)


def test_compiled_functions_have_text_signatures():
    # inspect reads them from the docstrings' first line; stubtest compares them with _core.pyi.
    for name in dir(_core):
        f = getattr(_core, name)
        if callable(f) and not isinstance(f, type):
            assert inspect.signature(f) is not None, name
    assert str(inspect.signature(_core.find)) == "(n, random, seed)"
    assert str(inspect.signature(nqueens.SolutionIterator.close)) == "(self, /)"


def test_unknown_or_missing_arguments_are_named():
    with pytest.raises(TypeError, match="count\\(\\) got an unexpected keyword argument 'nope'"):
        nqueens.count(8, nope=1)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'n'"):
        nqueens.count()
    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        sudoku.solve("." * 81, 9)


@pytest.mark.parametrize("module", [nqueens, sudoku, _core, nqueens._typing, nqueens.__main__],
                         ids=lambda m: m.__name__)
def test_doctests_pass(module):
    result = doctest.testmod(module, extraglobs={"nqueens": nqueens, "sudoku": sudoku},
                             optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module in (nqueens, sudoku):
        assert result.attempted >= 10
