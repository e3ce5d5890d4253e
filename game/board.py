"""The board: typed cell states over a mapping from position to cell.

A cell is exactly one of `Hidden`, `Flagged` or `Revealed` (never three
booleans), and each carries what lies under it: whether it is mined and how
many of its neighbours are. The board is a mapping from `(x, y)` to cell in
which an off-board position is simply a missing key.

Cells are interned: there are only 54 distinct ones (three states, mined or
not, 0 to 8 mined neighbours), so building a board or flooding a large opening
allocates nothing per cell, and each has a small code, its index among them.

Boards are values, built in one place: a `Draft` takes a board, changes its
cells in place and keeps its counters (revealed, flags, exploded) in step
with them, and `freeze` turns it back into a board. Folding many events
through one draft copies the cells once instead of once per event.

Beside its cells a board keeps each cell's code in one byte string, row by
row, which the draft keeps in step too: what a whole-board step (a flood,
the view's comparison of two boards, packing) reads with byte operations
instead of a Python step per cell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import compress
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


@cache
def neighbour_table(width: int, height: int) -> Mapping[Position, tuple[Position, ...]]:
    """Return, for every position of a *width* by *height* board, its on-board neighbours.

    Computed once per board size: the flood fill and the solver look up
    neighbours far more often than boards change size. The first reveal of a
    board size builds it, so it is built from one tuple per position, shared
    by every entry that names it, and a row's inner cells are zipped from
    shifted copies of the rows around it, without a Python step per cell
    (a 100x100 table: 7 ms in Pyodide instead of 35 ms). Each cell lists the
    row above, then its left and right, then the row below, left to right.
    """
    rows = [tuple([(x, y) for x in range(width)]) for y in range(height)]
    table: dict[Position, tuple[Position, ...]] = {}
    for y, row in enumerate(rows):
        near = rows[max(0, y - 1) : y + 2]
        # Cell x's neighbours are item x - 1 of each shifted copy: its row's skips x itself.
        shifted = [
            copy
            for line in near
            for copy in ((line, line[2:]) if line is row else (line, line[1:], line[2:]))
        ]
        table[row[0]] = _edge_neighbours(near, row[0])
        table.update(zip(row[1:-1], zip(*shifted, strict=False), strict=True))
        if width > 1:
            table[row[-1]] = _edge_neighbours(near, row[-1])
    return table


def _edge_neighbours(near: list[tuple[Position, ...]], here: Position) -> tuple[Position, ...]:
    """Return the neighbours of *here*, a cell at an end of the middle row of *near*."""
    x, start = here[0], max(0, here[0] - 1)
    return tuple([p for line in near for p in line[start : x + 2] if p is not here])


@cache
def row_order(width: int, height: int) -> tuple[Position, ...]:
    """Return every position of a *width* by *height* board, row by row: each index's place."""
    return tuple(positions(width, height))


def positions(width: int, height: int) -> Iterator[Position]:
    """Yield every position of a *width* by *height* board, row by row from the top."""
    for y in range(height):
        for x in range(width):
            yield (x, y)


STAYS: Final = 0
"""A cell a reveal leaves as it is (flagged or open), as `flood` reads a cell."""
OPENS: Final = 1
"""A cell a reveal opens."""
FLOODS: Final = 2
"""A cell a reveal opens, and each of its neighbours in turn: a hidden safe cell with no
mined neighbour."""

FLOODING: Final = bytes((0, 0, 1)).ljust(256, b"\0")
"""A `bytes.translate` table of `flood`'s kinds: 1 for `FLOODS`, else 0."""
_OPENING: Final = bytes((0, 1, 1)).ljust(256, b"\0")
"""A `bytes.translate` table of `flood`'s kinds: 1 for `OPENS` and `FLOODS`, else 0."""
_RUN: Final = re.compile(rb"\x01+")


def flood(
    width: int,
    height: int,
    starts: Iterable[int],
    kinds: Callable[[int, int], bytes],
    done: bytearray | None = None,
) -> list[int]:
    """Return the cells that revealing *starts* opens: the starts that open, then the rest.

    Cells are indices, row by row, on a *width* by *height* board; `kinds(lo, hi)`
    says what a reveal does to the cells `lo` to `hi - 1` of one row, as bytes of
    `STAYS`, `OPENS` and `FLOODS`. *done* marks the cells opened before (a caller's
    earlier floods): they stay, and this call marks the ones it opens.

    The one flood fill of the project: the rules, the no-guess player and 3BV
    all use it. A scanline fill: it takes a run of flooding cells of a row at a
    time, with byte and integer operations over the whole run, so a 100x100
    board without mines opens in about a hundred steps rather than a step per
    cell, and a small opening costs only the rows it reaches.
    """
    done = bytearray(width * height) if done is None else done
    rows: dict[int, bytes] = {}

    def row_kinds(y: int) -> bytes:
        kind = rows.get(y)
        if kind is None:
            kind = rows[y] = kinds(y * width, (y + 1) * width)
        return kind

    opened: list[int] = []
    runs: list[tuple[int, int, bool]] = []
    """Runs of flooding cells opened and not yet spread from, as index ranges within a row,
    each with whether it is a whole run of its row (a start alone may not be)."""

    def spread(row: int, lo: int, hi: int) -> None:
        """Open cells `lo` to `hi - 1` of *row*, and the whole runs of flooding cells they touch."""
        base = row * width
        kind = row_kinds(row)
        near = kind[lo:hi]
        was = int.from_bytes(done[base + lo : base + hi])
        if int.from_bytes(near.translate(FLOODING)) & ~was:
            closed = ~int.from_bytes(done[base : base + width])
            carry = (int.from_bytes(kind.translate(FLOODING)) & closed).to_bytes(width)
            for run in _RUN.finditer(carry, carry.rfind(b"\0", 0, lo) + 1):
                a, b = run.span()
                if a >= hi:
                    break
                if b > lo:
                    opened.extend(range(base + a, base + b))
                    done[base + a : base + b] = b"\1" * (b - a)
                    runs.append((base + a, base + b, True))
            was = int.from_bytes(done[base + lo : base + hi])
        fresh = int.from_bytes(near.translate(_OPENING)) & ~was
        if fresh:
            opened.extend(compress(range(base + lo, base + hi), fresh.to_bytes(hi - lo)))
            done[base + lo : base + hi] = (was | fresh).to_bytes(hi - lo)

    for start in starts:
        if not done[start]:
            what = row_kinds(start // width)[start % width]
            if what != STAYS:
                done[start] = 1
                opened.append(start)
                if what == FLOODS:
                    runs.append((start, start + 1, False))
    while runs:
        first, end, whole = runs.pop()
        y, a = divmod(first, width)
        b = a + end - first
        lo, hi = max(a - 1, 0), min(b + 1, width)
        if y:
            spread(y - 1, lo, hi)
        if y + 1 < height:
            spread(y + 1, lo, hi)
        if whole:  # in its own row only the cells at its ends are left, neither flooding
            base, kind = y * width, row_kinds(y)
            for x in (a - 1, b):
                if 0 <= x < width and not done[base + x] and kind[x]:
                    done[base + x] = 1
                    opened.append(base + x)
        else:
            spread(y, lo, hi)
    return opened


def cell_char(cell: Cell, pos: Position, board: ReadableBoard) -> str:
    """Return the position-text character of *cell* at *pos* on *board*.

    After a loss, mines show as `*`, the exploded one as `!`, and flags on
    cells without a mine as `X`.
    """
    lost = board.exploded is not None
    if type(cell) is Hidden:
        return "*" if lost and cell.mine else "H"
    if type(cell) is Flagged:
        return "X" if lost and not cell.mine else "F"
    if cell.mine:
        return "!" if pos == board.exploded else "*"
    return str(cell.count)


def board_rows(board: ReadableBoard) -> Iterator[str]:
    """Yield the rows of position text for *board*, top row first."""
    cells = board.cells
    for y in range(board.height):
        yield "".join(cell_char(cells[(x, y)], (x, y), board) for x in range(board.width))


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
    codes: bytes | bytearray

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
    codes: bytes = field(default=b"", repr=False)
    """Each cell's code, row by row from the top: read from the cells when not given."""

    def __post_init__(self) -> None:
        """Read the codes from the cells if they were not given (a board built from cells)."""
        if len(self.codes) != self.width * self.height:
            object.__setattr__(self, "codes", cell_codes(self))

    @classmethod
    def empty(cls, width: int, height: int, mine_count: int) -> Board:
        """Return a board of hidden cells whose *mine_count* mines are not laid yet."""
        blank = make_cell(Hidden, False, 0)
        cells = dict.fromkeys(positions(width, height), blank)
        codes = bytes((CODE_BY_ID[id(blank)],)) * (width * height)
        return cls(width, height, mine_count, cells, codes=codes)

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

    def __str__(self) -> str:
        """Draw the board as the player would see it, in position-text cells."""
        return "\n".join(board_rows(self))

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
        "_owned",
        "cells",
        "codes",
        "exploded",
        "flags",
        "height",
        "mine_count",
        "mines_laid",
        "revealed_safe",
        "width",
    )
    cells: dict[Position, Cell]
    codes: bytearray

    def __init__(self, board: Board) -> None:
        self.width = board.width
        self.height = board.height
        self.mine_count = board.mine_count
        self.cells = board.cells  # type: ignore[assignment]  # copied before the first change
        self.codes = board.codes  # type: ignore[assignment]  # likewise
        self.mines_laid = board.mines_laid
        self.revealed_safe = board.revealed_safe
        self.flags = board.flags
        self.exploded = board.exploded
        self._owned = False

    def _writable(self) -> dict[Position, Cell]:
        if not self._owned:
            self.cells = dict(self.cells)
            self.codes = bytearray(self.codes)
            self._owned = True
        return self.cells

    def _set(self, pos: Position, cell: Cell) -> None:
        """Put *cell* at *pos*, and its code beside it (the draft is writable)."""
        self.cells[pos] = cell
        self.codes[pos[1] * self.width + pos[0]] = CODE_BY_ID[id(cell)]

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
            self._set(pos, _INTERNED[(type(cells[pos]), pos in mines, count)])
        self.mine_count = len(mines)
        self.mines_laid = True

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
        codes = self.codes
        width, height = self.width, self.height

        def kinds(lo: int, hi: int) -> bytes:
            return bytes(codes[lo:hi]).translate(_KIND_BY_CODE)

        size = len(codes)
        firsts = [x + y * width for x, y in starts]
        done = bytearray(size)
        opened = flood(width, height, firsts, kinds, done)
        # Every opened cell's code becomes its revealed one at once: its byte of `done` (1)
        # moved above the codes' six bits picks the revealed half of the table.
        marked = int.from_bytes(codes) | int.from_bytes(done) << 6
        codes[:] = marked.to_bytes(size).translate(_REVEALED_CODE)
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
            for hidden in _HIDDEN_CELL.finditer(codes.translate(_IS_HIDDEN)):
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
            codes=bytes(self.codes),
        )


CELLS_BY_CODE: Final[tuple[Cell, ...]] = tuple(_INTERNED.values())
"""Every distinct cell, each at its code (0 to 53): a cell in one small number."""
CODE_BY_ID: Final[dict[int, int]] = {id(cell): code for code, cell in enumerate(CELLS_BY_CODE)}
"""Each cell's code, keyed by the cell's id (an int hashes in C, a cell in Python)."""


def cell_codes(board: ReadableBoard) -> bytes:
    """Return the code of each cell of *board*, row by row from the top."""
    # Cells are kept in row order from Board.empty on (copies and updates keep a
    # dict's order), so their values pack without looking up each position.
    return bytes(map(CODE_BY_ID.__getitem__, map(id, board.cells.values())))


_KIND_BY_CODE: Final = bytes(
    STAYS if type(cell) is not Hidden else OPENS if cell.mine or cell.count else FLOODS
    for cell in CELLS_BY_CODE
).ljust(256, b"\0")
"""What a reveal does to each cell, by its code (a `bytes.translate` table for `flood`)."""
_REVEALED_CODE: Final = bytes(
    [*range(64), *(CODE_BY_ID[id(as_kind(cell, Revealed))] for cell in CELLS_BY_CODE)]
).ljust(256, b"\0")
"""Each code as it is (0 to 63), then, from 64 on, each cell's revealed self's code."""
_IS_HIDDEN: Final = bytes(type(cell) is Hidden for cell in CELLS_BY_CODE).ljust(256, b"\0")
"""A `bytes.translate` table of codes: 1 for a hidden cell, else 0."""
_HIDDEN_CELL: Final = re.compile(rb"\x01")


@dataclass(frozen=True, slots=True)
class PackedBoard:
    """A board kept in one byte per cell: how a long game's history keeps its checkpoints.

    A 100x100 board packs into 10 kB, where its cell dictionary takes about
    half a megabyte; unpacking it costs one pass over the cells.
    """

    width: int
    height: int
    mine_count: int
    codes: bytes
    """Each cell's index among the interned cells, row by row from the top."""
    mines_laid: bool
    revealed_safe: int
    flags: int
    exploded: Position | None

    @classmethod
    def of(cls, board: ReadableBoard) -> PackedBoard:
        """Return *board* packed (a draft packs as the board it would freeze into)."""
        return cls(
            board.width,
            board.height,
            board.mine_count,
            bytes(board.codes),
            board.mines_laid,
            board.revealed_safe,
            board.flags,
            board.exploded,
        )

    def unpack(self) -> Board:
        """Return the board that was packed."""
        order = row_order(self.width, self.height)
        cells = dict(zip(order, map(CELLS_BY_CODE.__getitem__, self.codes), strict=True))
        return Board(
            self.width,
            self.height,
            self.mine_count,
            cells,
            mines_laid=self.mines_laid,
            revealed_safe=self.revealed_safe,
            flags=self.flags,
            exploded=self.exploded,
            codes=self.codes,
        )
