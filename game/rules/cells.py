"""The typed cells.

A cell is exactly one of `Hidden`, `Flagged` or `Revealed` (never three
booleans), and each carries what lies under it: whether it is mined and how
many of its neighbours are.

Cells are interned: there are only 54 distinct ones (three states, mined or
not, 0 to 8 mined neighbours), so building a board or flooding a large opening
allocates nothing per cell. The board keeps a small code per cell beside them,
for its whole-board steps; the codes are the board's own (`game.rules._codes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TypeAlias

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
