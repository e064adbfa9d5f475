"""The kinds of argument the package takes, for its annotations and stubs."""

from __future__ import annotations

from typing import Iterable, Optional, Protocol, SupportsIndex, TypeVar, Union

_T_co = TypeVar("_T_co", covariant=True)


class IndexedSequence(Protocol[_T_co]):
    """What the package reads as a sequence: a list, a tuple, a range or a numpy array (which is
    no collections.abc.Sequence), but no set or iterator."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> _T_co: ...


# A whole number: an int or a numpy integer (anything with __index__; not bool, not float).
Index = SupportsIndex
# A solution or placement: 0-based columns, one per row.
Columns = IndexedSequence[SupportsIndex]
# Squares: the command line's text ("a1,c5" or "1:1,5:3") or 0-based (row, column) pairs.
Squares = Optional[Union[str, Iterable[IndexedSequence[SupportsIndex]]]]
# A Sudoku puzzle as rows of ints, 0 for an empty cell.
Rows = IndexedSequence[IndexedSequence[SupportsIndex]]
