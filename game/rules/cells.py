"""The typed cells, and each cell's code.

A cell is exactly one of `Hidden`, `Flagged` or `Revealed` (never three
booleans), and each carries what lies under it: whether it is mined and how
many of its neighbours are.

Cells are interned: there are only 54 distinct ones (three states, mined or
not, 0 to 8 mined neighbours), so building a board or flooding a large opening
allocates nothing per cell, and each has a small code, its index among them.
A board keeps its cells' codes in one byte string beside them; the tables here
let a whole-board step (a reveal, the view's comparison of two boards, packing)
read and change them with byte operations instead of a Python step per cell.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TypeAlias

from game.rules.flood import FLOODS, OPENS, STAYS
from game.rules.grid import Position


@dataclass(frozen=True, slots=True)
class Hidden:
    """A cell the player has not opened yet."""

    mine: bool
    """Whether a mine lies under the cell."""
    count: int
    """How many of the cell's neighbours hold a mine (computed once, when mines are laid)."""


@dataclass(frozen=True, slots=True)
class Flagged:
    """A hidden cell the player has marked as a mine; opening it does nothing."""

    mine: bool
    """Whether a mine lies under the cell."""
    count: int
    """How many of the cell's neighbours hold a mine."""


@dataclass(frozen=True, slots=True)
class Revealed:
    """An opened cell: its count is shown, or, if it was mined, the game is lost."""

    mine: bool
    """Whether a mine lies under the cell."""
    count: int
    """How many of the cell's neighbours hold a mine."""


Cell: TypeAlias = Hidden | Flagged | Revealed
"""One square of the board, in exactly one of its three states."""

Cells: TypeAlias = Mapping[Position, Cell]
"""The cells of a board; a position off the board is a missing key."""

_KINDS: Final = (Hidden, Flagged, Revealed)
INTERNED: Final[Mapping[tuple[type[Cell], bool, int], Cell]] = {
    (kind, mine, count): kind(mine, count)
    for kind in _KINDS
    for mine in (False, True)
    for count in range(9)
}
"""The one cell of each state and content, by (state, mine, count): `make_cell` in one
lookup, for the loops that make many (laying the mines)."""


def make_cell(kind: type[Cell], mine: bool, count: int) -> Cell:
    """Return the shared cell of state *kind* with that content.

    >>> make_cell(Revealed, False, 3) is make_cell(Revealed, False, 3)
    True
    """
    return INTERNED[(kind, mine, count)]


def as_kind(cell: Cell, kind: type[Cell]) -> Cell:
    """Return *cell* with its content unchanged and its state set to *kind*."""
    return INTERNED[(kind, cell.mine, cell.count)]


CELLS_BY_CODE: Final[tuple[Cell, ...]] = tuple(INTERNED.values())
"""Every distinct cell, each at its code (0 to 53): a cell in one small number."""
CODE_BY_ID: Final[dict[int, int]] = {id(cell): code for code, cell in enumerate(CELLS_BY_CODE)}
"""Each cell's code, keyed by the cell's id (an int hashes in C, a cell in Python)."""


def cell_codes(cells: Cells) -> bytes:
    """Return the code of each of *cells*, in their order (a board's: row by row)."""
    # Cells are kept in row order from Board.empty on (copies and updates keep a
    # dict's order), so their values pack without looking up each position.
    return bytes(map(CODE_BY_ID.__getitem__, map(id, cells.values())))


KIND_BY_CODE: Final = bytes(
    STAYS if type(cell) is not Hidden else OPENS if cell.mine or cell.count else FLOODS
    for cell in CELLS_BY_CODE
).ljust(256, b"\0")
"""What a reveal does to each cell, by its code (a `bytes.translate` table for `flood`)."""
REVEALED_CODE: Final = bytes(
    [*range(64), *(CODE_BY_ID[id(as_kind(cell, Revealed))] for cell in CELLS_BY_CODE)]
).ljust(256, b"\0")
"""Each code as it is (0 to 63), then, from 64 on, each cell's revealed self's code."""
IS_HIDDEN: Final = bytes(type(cell) is Hidden for cell in CELLS_BY_CODE).ljust(256, b"\0")
"""A `bytes.translate` table of codes: 1 for a hidden cell, else 0."""
HIDDEN_CELL: Final = re.compile(rb"\x01")
