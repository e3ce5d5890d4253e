"""The board: typed cell states over a mapping from position to cell.

A cell is exactly one of `Hidden`, `Flagged` or `Revealed` (never three
booleans), and each carries what lies under it: whether it is mined and how
many of its neighbours are. The board is a mapping from `(x, y)` to cell in
which an off-board position is simply a missing key.

Cells are interned: there are only 54 distinct ones (three states, mined or
not, 0 to 8 mined neighbours), so building a board or flooding a large opening
allocates nothing per cell, and an unchanged cell keeps its identity from one
board to the next, which lets the view find what changed with `is`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final, TypeAlias

Position: TypeAlias = tuple[int, int]
"""A cell's place as `(x, y)`: x grows to the right, y grows downwards, both from 0."""


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
_INTERNED: Final[dict[tuple[type[Cell], bool, int], Cell]] = {
    (kind, mine, count): kind(mine, count)
    for kind in _KINDS
    for mine in (False, True)
    for count in range(9)
}


def make_cell(kind: type[Cell], mine: bool, count: int) -> Cell:
    """Return the shared cell of state *kind* with that content.

    >>> make_cell(Revealed, False, 3) is make_cell(Revealed, False, 3)
    True
    """
    return _INTERNED[(kind, mine, count)]


def as_kind(cell: Cell, kind: type[Cell]) -> Cell:
    """Return *cell* with its content unchanged and its state set to *kind*."""
    return _INTERNED[(kind, cell.mine, cell.count)]


REVEALED: Final[tuple[tuple[Cell, ...], tuple[Cell, ...]]] = tuple(
    tuple(_INTERNED[(Revealed, mine, count)] for count in range(9)) for mine in (False, True)
)  # type: ignore[assignment]
"""The revealed cells indexed by `[mine][count]`: the flood fill's fast path."""


@cache
def neighbour_table(width: int, height: int) -> Mapping[Position, tuple[Position, ...]]:
    """Return, for every position of a *width* by *height* board, its on-board neighbours.

    Computed once per board size: the flood fill and the solver look up
    neighbours far more often than boards change size.
    """
    table: dict[Position, tuple[Position, ...]] = {}
    for y in range(height):
        for x in range(width):
            table[(x, y)] = tuple(
                (nx, ny)
                for ny in range(max(0, y - 1), min(height, y + 2))
                for nx in range(max(0, x - 1), min(width, x + 2))
                if (nx, ny) != (x, y)
            )
    return table


def positions(width: int, height: int) -> Iterator[Position]:
    """Yield every position of a *width* by *height* board, row by row from the top."""
    for y in range(height):
        for x in range(width):
            yield (x, y)


@dataclass(frozen=True, slots=True)
class Board:
    """A rectangle of cells, with running counts that make status checks O(1).

    Boards are values: every change builds a new board and shares nothing
    mutable with the old one.
    """

    width: int
    """Number of columns."""
    height: int
    """Number of rows."""
    mine_count: int
    """Number of mines on the board (or to be laid on it at the first reveal)."""
    cells: Cells
    """Every cell, keyed by position."""
    mines_laid: bool = False
    """Whether mines have been placed; until then every cell is an empty `Hidden`."""
    revealed_safe: int = 0
    """How many cells without a mine are revealed."""
    flags: int = 0
    """How many cells are flagged."""
    exploded: Position | None = None
    """The revealed mine that lost the game, if any."""

    @classmethod
    def empty(cls, width: int, height: int, mine_count: int) -> Board:
        """Return a board of hidden cells whose *mine_count* mines are not laid yet."""
        blank = make_cell(Hidden, False, 0)
        cells = dict.fromkeys(positions(width, height), blank)
        return cls(width, height, mine_count, cells)

    @classmethod
    def from_mines(cls, width: int, height: int, mines: Iterable[Position]) -> Board:
        """Return a board of hidden cells with mines exactly at *mines*."""
        return cls.empty(width, height, 0).with_mines(frozenset(mines))

    def with_mines(self, mines: frozenset[Position]) -> Board:
        """Return this board, whose mines are not laid yet, with *mines* laid.

        Every neighbour count is computed here, once. Each cell keeps its
        state (a cell flagged before the first reveal stays flagged). Only
        the mines and their neighbours change, since every other cell of an
        unlaid board already holds no mine and a count of 0.
        """
        table = neighbour_table(self.width, self.height)
        counts: dict[Position, int] = {}
        for mine in mines:
            counts.setdefault(mine, 0)
            for n in table[mine]:
                counts[n] = counts.get(n, 0) + 1
        cells = dict(self.cells)
        for pos, count in counts.items():
            cells[pos] = _INTERNED[(type(cells[pos]), pos in mines, count)]
        return Board(
            self.width,
            self.height,
            len(mines),
            cells,
            mines_laid=True,
            revealed_safe=self.revealed_safe,
            flags=self.flags,
            exploded=self.exploded,
        )

    @property
    def safe_count(self) -> int:
        """Number of cells without a mine."""
        return self.width * self.height - self.mine_count

    def neighbours(self, pos: Position) -> tuple[Position, ...]:
        """Return the on-board neighbours of *pos* (empty if *pos* is off the board)."""
        return neighbour_table(self.width, self.height).get(pos, ())

    def mines(self) -> frozenset[Position]:
        """Return the positions of all laid mines."""
        return frozenset(pos for pos, cell in self.cells.items() if cell.mine)

    def is_cleared(self) -> bool:
        """Tell whether every cell without a mine is revealed (the win rule)."""
        return self.mines_laid and self.revealed_safe == self.safe_count

    def flags_around(self, pos: Position) -> int:
        """Count the flagged neighbours of *pos*."""
        cells = self.cells
        return sum(1 for n in self.neighbours(pos) if type(cells[n]) is Flagged)

    def can_chord(self, pos: Position) -> bool:
        """Tell whether a chord on *pos* would open anything.

        That is: *pos* is a revealed number, its flagged neighbours equal it,
        and at least one neighbour is still hidden.
        """
        cell = self.cells.get(pos)
        if type(cell) is not Revealed or cell.mine or cell.count == 0:
            return False
        cells = self.cells
        return self.flags_around(pos) == cell.count and any(
            type(cells[n]) is Hidden for n in self.neighbours(pos)
        )

    def __str__(self) -> str:
        """Draw the board as the player would see it, in position-text cells."""
        from game.text import board_rows

        return "\n".join(board_rows(self))

    def __repr__(self) -> str:
        """Summarise the board; a `Game`'s repr is what rebuilds one exactly."""
        return (
            f"<Board {self.width}x{self.height} mines={self.mine_count}"
            f" revealed={self.revealed_safe} flags={self.flags}>"
        )
