"""The board: typed cell states over a mapping from position to cell.

A board is a mapping from `(x, y)` to cell (`game.rules.cells`) in which an
off-board position is simply a missing key.

Boards are values, built in one place: a `Draft` takes a board, changes its
cells in place and keeps its counters (revealed, flags, exploded) in step
with them, and `freeze` turns it back into a board. Folding many events
through one draft copies the cells once instead of once per event.

Beside its cells a board keeps each cell's code in one byte string, row by
row, which the draft keeps in step too: the fast path of a reveal. The codes
are this module's own, with their tables in `game.rules._codes` and the flood
fill in `game.rules._flood`, which nothing else imports. Callers reach them
through a small API that works on whole boards at C speed: `pack` and
`Board.unpack` (a board in bytes), `cell_bytes` (a byte per cell, computed from
the cell) and `Uncovering` (what revealing a layout's cells opens, the one
flood fill's door).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from game.rules._codes import (
    CELLS_BY_CODE,
    CODE_BY_ID,
    HIDDEN_CELL,
    IS_HIDDEN,
    KIND_BY_CODE,
    REVEALED_CODE,
    UNCOVERED_KIND,
    cell_codes,
    table_of,
)
from game.rules._flood import FLOODING, flood, layout_kinds
from game.rules.cells import INTERNED, Cell, Cells, Flagged, Hidden, Revealed, as_kind, make_cell
from game.rules.grid import Position, neighbour_table, positions, row_order

__all__ = [
    "Board",
    "Cell",
    "Cells",
    "Draft",
    "Flagged",
    "Hidden",
    "Position",
    "ReadableBoard",
    "Revealed",
    "Uncovering",
    "neighbour_table",
    "positions",
    "row_order",
]
"""The board and the typed cells it maps, which the rest of the game imports from here."""

_FIELDS: Final = 7
"""The numbers a packed board begins with, 4 bytes each, before a byte per cell."""


class ReadableBoard:
    """What boards and drafts answer alike, read from their cells and counters."""

    __slots__ = ()
    width: int
    height: int
    mine_count: int
    cells: Cells
    mines_laid: bool
    revealed_safe: int
    flags: int
    exploded: Position | None
    _codes: bytes | bytearray

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

    def is_over(self) -> bool:
        """Tell whether a mine was revealed or every safe cell is: nothing changes any more."""
        return self.exploded is not None or self.is_cleared()

    def flags_around(self, pos: Position) -> int:
        """Count the flagged neighbours of *pos*."""
        cells = self.cells
        return sum(1 for n in self.neighbours(pos) if type(cells[n]) is Flagged)

    def can_chord(self, pos: Position) -> bool:
        """Tell whether a chord on *pos* would open anything.

        That is: *pos* is revealed (a number, or a 0 beside a cell left hidden by a
        flag since taken off), its flagged neighbours equal its count, and at
        least one neighbour is still hidden.
        """
        cell = self.cells.get(pos)
        if type(cell) is not Revealed or cell.mine:
            return False
        cells = self.cells
        return self.flags_around(pos) == cell.count and any(
            type(cells[n]) is Hidden for n in self.neighbours(pos)
        )

    def pack(self) -> bytes:
        """Return the board in bytes: its counters, then a byte per cell, row by row.

        `Board.unpack` rebuilds it; a draft packs as the board it would freeze
        into. A 100x100 board packs into 10 kB, where its cell dictionary takes
        about half a megabyte: how a long game's history keeps its checkpoints.

        >>> board = Board.from_mines(3, 1, [(0, 0)])
        >>> Board.unpack(board.pack()) == board
        True
        """
        blown = self.exploded
        exploded = 0 if blown is None else 1 + blown[0] + blown[1] * self.width  # 0: none
        numbers = (
            self.width,
            self.height,
            self.mine_count,
            self.mines_laid,
            self.revealed_safe,
            self.flags,
            exploded,
        )
        return b"".join(number.to_bytes(4) for number in numbers) + self._codes

    def cell_bytes(self, key: Callable[[Cell], int]) -> bytes:
        """Return *key* of each cell, one byte each, row by row, in one pass in C.

        *key* gives a cell a number from 0 to 255 and depends on the cell alone:
        it is asked once per distinct cell (54 in all), and its answers are kept
        for the next call with the same *key*, so pass a function defined once.

        >>> list(Board.from_mines(3, 1, [(0, 0)]).cell_bytes(lambda cell: cell.count))
        [0, 1, 0]
        """
        return bytes(self._codes).translate(table_of(key))


@dataclass(frozen=True, slots=True)
class Board(ReadableBoard):
    """A rectangle of cells, with running counts that make status checks O(1).

    Boards are values: every change builds a new board (through a `Draft`)
    and shares nothing mutable with the old one. Build them with `empty`,
    `from_mines` or `Draft.freeze`, which keep the counts in step with the
    cells.
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
    _codes: bytes = field(default=b"", repr=False)
    """Each cell's code, row by row from the top: read from the cells when not given.
    This module's own: others use `pack`, `cell_bytes` and `Uncovering`."""

    def __post_init__(self) -> None:
        """Read the codes from the cells if they were not given (a board built from cells)."""
        if len(self._codes) != self.width * self.height:
            object.__setattr__(self, "_codes", cell_codes(self.cells))

    @classmethod
    def empty(cls, width: int, height: int, mine_count: int) -> Board:
        """Return a board of hidden cells whose *mine_count* mines are not laid yet."""
        blank = make_cell(Hidden, False, 0)
        cells = dict.fromkeys(positions(width, height), blank)
        codes = bytes((CODE_BY_ID[id(blank)],)) * (width * height)
        return cls(width, height, mine_count, cells, _codes=codes)

    @classmethod
    def unpack(cls, data: bytes) -> Board:
        """Return the board packed in *data* (by `pack`)."""
        width, height, mine_count, laid, revealed, flags, blown = (
            int.from_bytes(data[at : at + 4]) for at in range(0, 4 * _FIELDS, 4)
        )
        codes = data[4 * _FIELDS :]
        order = row_order(width, height)
        return cls(
            width,
            height,
            mine_count,
            dict(zip(order, map(CELLS_BY_CODE.__getitem__, codes), strict=True)),
            mines_laid=bool(laid),
            revealed_safe=revealed,
            flags=flags,
            exploded=order[blown - 1] if blown else None,
            _codes=codes,
        )

    @classmethod
    def from_mines(cls, width: int, height: int, mines: Iterable[Position]) -> Board:
        """Return a board of hidden cells with mines exactly at *mines*."""
        draft = Draft(cls.empty(width, height, 0))
        draft.lay(frozenset(mines))
        return draft.freeze()

    def with_mines(self, mines: frozenset[Position]) -> Board:
        """Return this board, whose mines are not laid yet, with *mines* laid."""
        draft = Draft(self)
        draft.lay(mines)
        return draft.freeze()

    def recount(self) -> Board:
        """Return a board with these cells and every counter computed afresh from them.

        Equal to this board whenever its counters are right: tests use it as
        the oracle for the running counts.
        """
        cells = self.cells
        exploded = [p for p, c in cells.items() if type(c) is Revealed and c.mine]
        return Board(
            self.width,
            self.height,
            self.mine_count,
            cells,
            mines_laid=self.mines_laid,
            revealed_safe=sum(1 for c in cells.values() if type(c) is Revealed and not c.mine),
            flags=sum(1 for c in cells.values() if type(c) is Flagged),
            exploded=exploded[0] if exploded else None,
        )

    def __repr__(self) -> str:
        """Summarise the board; a `Game`'s repr is what rebuilds one exactly."""
        return (
            f"<Board {self.width}x{self.height} mines={self.mine_count}"
            f" revealed={self.revealed_safe} flags={self.flags}>"
        )


class Draft(ReadableBoard):
    """A board being changed in place: the one place where cells and counters change together.

    A draft starts from a board and shares its cells until the first change
    copies them; `freeze` hands the cells to a new board, and a later change
    copies them again, so a frozen board never changes under its holder.
    """

    __slots__ = (
        "_codes",
        "_owned",
        "cells",
        "exploded",
        "flags",
        "height",
        "mine_count",
        "mines_laid",
        "revealed_safe",
        "width",
    )
    cells: dict[Position, Cell]
    _codes: bytearray

    def __init__(self, board: Board) -> None:
        self.width = board.width
        self.height = board.height
        self.mine_count = board.mine_count
        self.cells = board.cells  # type: ignore[assignment]  # copied before the first change
        self._codes = board._codes  # type: ignore[assignment]  # likewise
        self.mines_laid = board.mines_laid
        self.revealed_safe = board.revealed_safe
        self.flags = board.flags
        self.exploded = board.exploded
        self._owned = False

    def _writable(self) -> dict[Position, Cell]:
        if not self._owned:
            self.cells = dict(self.cells)
            self._codes = bytearray(self._codes)
            self._owned = True
        return self.cells

    def _set(self, pos: Position, cell: Cell) -> None:
        """Put *cell* at *pos*, and its code beside it (the draft is writable)."""
        self.cells[pos] = cell
        self._codes[pos[1] * self.width + pos[0]] = CODE_BY_ID[id(cell)]

    def lay(self, mines: frozenset[Position]) -> None:
        """Lay *mines* on this draft, whose mines are not laid yet.

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
        cells = self._writable()
        for pos, count in counts.items():
            self._set(pos, INTERNED[(type(cells[pos]), pos in mines, count)])
        self.mine_count = len(mines)
        self.mines_laid = True

    def move_mines(self, mines: frozenset[Position]) -> None:
        """Move the laid mines to *mines*: cells keep their state (`state.fold_into` checks)."""
        table = neighbour_table(self.width, self.height)
        cells = self._writable()
        old = [pos for pos, cell in cells.items() if cell.mine]
        touched = {n for mine in (*old, *mines) for n in table[mine]} | set(old) | mines
        for pos in touched:
            count = sum(1 for n in table[pos] if n in mines)
            self._set(pos, INTERNED[(type(cells[pos]), pos in mines, count)])

    def toggle_flag(self, pos: Position) -> None:
        """Put a flag on the hidden cell at *pos*, or take it off; a revealed cell stays."""
        cell = self.cells[pos]
        if type(cell) is Hidden:
            self._writable()
            self._set(pos, as_kind(cell, Flagged))
            self.flags += 1
        elif type(cell) is Flagged:
            self._writable()
            self._set(pos, as_kind(cell, Hidden))
            self.flags -= 1

    def open(self, starts: Iterable[Position]) -> None:
        """Reveal the hidden cells among *starts* (on the board), flooding out from every zero.

        A mine among them explodes (the first one is remembered); if every
        safe cell is then revealed, the hidden mines are flagged for display.
        """
        cells = self._writable()
        codes = self._codes
        width, height = self.width, self.height

        def kinds(lo: int, hi: int) -> bytes:
            return bytes(codes[lo:hi]).translate(KIND_BY_CODE)

        size = len(codes)
        firsts = [x + y * width for x, y in starts]
        done = bytearray(size)
        opened = flood(width, height, firsts, kinds, done)
        # Every opened cell's code becomes its revealed one at once: its byte of `done` (1)
        # moved above the codes' six bits picks the revealed half of the table.
        marked = int.from_bytes(codes) | int.from_bytes(done) << 6
        codes[:] = marked.to_bytes(size).translate(REVEALED_CODE)
        order = row_order(width, height)
        if 2 * len(opened) > size:  # most of the board: its cells are built afresh, for less
            cells = dict(zip(order, map(CELLS_BY_CODE.__getitem__, codes), strict=True))
            self.cells = cells
        else:
            now = map(CELLS_BY_CODE.__getitem__, map(codes.__getitem__, opened))
            cells.update(zip(map(order.__getitem__, opened), now, strict=True))
        # Only a start can hold a mine: a flood opens the neighbours of cells with none.
        # The starts that open come first among the cells opened.
        head = opened[: len(firsts)]
        mined = [order[index] for index in head if CELLS_BY_CODE[codes[index]].mine]
        self.revealed_safe += len(opened) - len(mined)
        if mined and self.exploded is None:
            self.exploded = mined[0]
        if self.exploded is None and self.revealed_safe == self.safe_count:
            for hidden in HIDDEN_CELL.finditer(codes.translate(IS_HIDDEN)):
                pos = order[hidden.start()]
                self._set(pos, as_kind(cells[pos], Flagged))
                self.flags += 1

    def freeze(self) -> Board:
        """Return the board this draft now shows; later changes to the draft do not reach it."""
        self._owned = False
        return Board(
            self.width,
            self.height,
            self.mine_count,
            self.cells,
            mines_laid=self.mines_laid,
            revealed_safe=self.revealed_safe,
            flags=self.flags,
            exploded=self.exploded,
            _codes=bytes(self._codes),
        )


class Uncovering:
    """A layout uncovered reveal by reveal, from all hidden: the flood fill's door.

    Every cell starts covered, whatever a board it is read from shows. A
    reveal opens its cell and, from each safe cell with no mined neighbour,
    every neighbour in turn; each cell opens once over all the reveals. 3BV
    finds a board's openings with it, and the no-guess player uncovers a layout.

    >>> uncovering = Uncovering(4, 1, [(3, 0)])
    >>> uncovering.reveal((0, 0)), uncovering.reveal((1, 0))
    ([(0, 0), (1, 0), (2, 0)], [])
    """

    __slots__ = ("_done", "_kinds", "_order", "_row", "height", "width")

    def __init__(self, width: int, height: int, mines: Iterable[Position]) -> None:
        """Uncover the layout of a *width* by *height* board with *mines*."""
        self._start(width, height, layout_kinds(width, height, mines))

    @classmethod
    def of_board(cls, board: ReadableBoard) -> Uncovering:
        """Uncover the layout of *board*, whose mines must be laid (read from its codes)."""
        uncovering = cls.__new__(cls)
        kinds = bytes(board._codes).translate(UNCOVERED_KIND)
        uncovering._start(board.width, board.height, kinds)
        return uncovering

    def _start(self, width: int, height: int, kinds: bytes) -> None:
        self.width, self.height = width, height
        self._kinds = kinds
        self._row: Callable[[int, int], bytes] = lambda lo, hi: kinds[lo:hi]
        self._done = bytearray(len(kinds))
        self._order = row_order(width, height)

    def reveal(self, pos: Position) -> list[Position]:
        """Return the cells revealing *pos* opens, *pos* first: none if it is open already."""
        width = self.width
        opened = flood(width, self.height, (pos[0] + pos[1] * width,), self._row, self._done)
        return list(map(self._order.__getitem__, opened))

    def zeros(self) -> Iterator[Position]:
        """Yield each safe cell with no mined neighbour, row by row, unless open by its turn."""
        done, order = self._done, self._order
        for index in itertools.compress(itertools.count(), self._kinds.translate(FLOODING)):
            if not done[index]:
                yield order[index]
