r"""Position: what a player sees of a board, typed, and its text form, read and written here.

The typed view, `Seen`, holds each cell hidden, flagged, or the number it
shows; the solver and the no-guess generator reason from it, never from
characters. Position text (the form JSMinesweeper's analysis mode reads) is
written from a board by `format_position` (`cell_char` for one cell, which
also shows a finished game's mines) and read into a view by `Seen.from_text`.

>>> seen = Seen.from_text("3x1x1\n1HF\n")
>>> seen.cells[(0, 0)], seen.cells[(1, 0)], seen.cells[(2, 0)]
(1, <Covered.HIDDEN: 'H'>, <Covered.FLAGGED: 'F'>)
>>> seen.to_text()
'3x1x1\n1HF\n'
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Protocol, TypeAlias

from game.rules.board import (
    Board,
    Cell,
    Flagged,
    Hidden,
    Position,
    ReadableBoard,
    Revealed,
    positions,
)
from game.rules.cells import make_cell
from game.rules.echo import shorten
from game.rules.layout import TextFormatError, check_rows, text_lines

POSITION_CHARS: Final = frozenset("HF012345678*!X")
"""Every character a position text may hold (the last three only in a finished game)."""


class Covered(enum.Enum):
    """A cell whose content the player does not see."""

    HIDDEN = "H"
    """Not opened, not marked."""
    FLAGGED = "F"
    """Marked as a mine by the player (the solver takes a flag for a mine)."""


HIDDEN: Final = Covered.HIDDEN
FLAGGED: Final = Covered.FLAGGED

SeenCell: TypeAlias = Covered | int
"""A cell as the player sees it: hidden, flagged, or the number of mines around it (0-8)."""

_SEEN_BY_CHAR: Final[dict[str, SeenCell]] = {
    "H": HIDDEN,
    "F": FLAGGED,
    **{str(n): n for n in range(9)},
}

GAME_OVER: Final = "the game is over: there is nothing left to analyse"
"""Why a finished game's view cannot be built: its mines are no longer hidden."""


class HasBoard(Protocol):
    """A game as far as its view goes: its board.

    That is `game.rules.state.Game`, which prints through this module, so it is not imported here.
    """

    @property
    def board(self) -> ReadableBoard:
        """The cells as they are now."""


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


def format_position(board: ReadableBoard) -> str:
    """Return the position text of *board*: a `WxHxM` line, then one line per row."""
    header = f"{board.width}x{board.height}x{board.mine_count}"
    return "\n".join((header, *board_rows(board))) + "\n"


def _parse(text: str) -> tuple[int, int, int, list[str]]:
    """Return the width, height, mine total and rows of the position text *text*.

    :raises TextFormatError: naming the line and column of the first problem.
    """
    lines = text_lines(text)
    if not lines:
        raise TextFormatError("the position is empty: expected a WIDTHxHEIGHTxMINES line")
    parts = lines[0].strip().split("x")
    # ASCII digits only: isdigit() alone passes "３" and "²", and long numbers are
    # beyond any board (int() refuses over 4,300 digits with a bare ValueError).
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise TextFormatError(
            f"line 1: expected WIDTHxHEIGHTxMINES such as 30x16x99, got {shorten(lines[0])!r}"
        )
    width, height, mines = (int(p) for p in parts)
    rows = lines[1:]
    if len(rows) != height:
        raise TextFormatError(f"the header says {height} rows but {len(rows)} follow")
    check_rows(rows, 2, "".join(POSITION_CHARS), "position")
    if len(rows[0]) != width:
        raise TextFormatError(
            f"line 2: the header says {width} columns but the row has {len(rows[0])}"
        )
    if mines > width * height:
        raise TextFormatError(f"line 1: {mines} mines do not fit on {width * height} cells")
    return width, height, mines, rows


@dataclass(frozen=True, slots=True)
class Seen:
    """A position as a player sees it: the board's size, its mine total, and every cell."""

    width: int
    """Number of columns."""
    height: int
    """Number of rows."""
    mines: int
    """Total number of mines on the board, flagged or not."""
    cells: Mapping[Position, SeenCell]
    """Every cell of the board, keyed by `(x, y)`."""

    @classmethod
    def from_game(cls, game: HasBoard) -> Seen:
        """Return what the player of *game* sees.

        :raises ValueError: if a mine has been revealed (the game is lost).
        """
        board = game.board
        cells: dict[Position, SeenCell] = {}
        for pos, cell in board.cells.items():
            kind = type(cell)
            if kind is Hidden:
                cells[pos] = HIDDEN
            elif kind is Flagged:
                cells[pos] = FLAGGED
            elif cell.mine:
                raise ValueError(GAME_OVER)
            else:
                cells[pos] = cell.count
        return cls(board.width, board.height, board.mine_count, cells)

    @classmethod
    def from_text(cls, text: str) -> Seen:
        r"""Parse position text.

        :raises TextFormatError: naming the line and column of the first problem.
        :raises ValueError: if the text shows a finished game (`*`, `!` or `X`).

        >>> Seen.from_text("2x1x1\n0H\n").cells[(0, 0)]
        0
        """
        width, height, mines, rows = _parse(text)
        cells: dict[Position, SeenCell] = {}
        for x, y in positions(width, height):
            seen = _SEEN_BY_CHAR.get(rows[y][x])
            if seen is None:
                raise ValueError(GAME_OVER)
            cells[(x, y)] = seen
        return cls(width, height, mines, cells)

    def showing(self, pos: Position, number: int) -> Seen:
        """Return this view with *pos* revealed, showing *number*."""
        return Seen(self.width, self.height, self.mines, {**self.cells, pos: number})

    def hidden(self) -> list[Position]:
        """Return the hidden (not flagged) cells, row by row from the top."""
        cells = self.cells
        return [p for p in positions(self.width, self.height) if cells[p] is HIDDEN]

    def changed(self, pos: Position, cell: SeenCell) -> Seen:
        """Return this view with the cell at *pos* set to *cell* (the analysis board's edit)."""
        return Seen(self.width, self.height, self.mines, {**self.cells, pos: cell})

    def with_mines(self, mines: int) -> Seen:
        """Return this view with a mine total of *mines*."""
        return Seen(self.width, self.height, mines, self.cells)

    def to_board(self) -> Board:
        """Return a board that looks like this view: its numbers revealed, its flags placed.

        Where the mines are is unknown, so no cell holds one; the board is for
        showing a position, never for playing it.
        """
        cells: dict[Position, Cell] = {}
        for pos in positions(self.width, self.height):
            shown = self.cells[pos]
            if shown is HIDDEN:
                cells[pos] = make_cell(Hidden, False, 0)
            elif shown is FLAGGED:
                cells[pos] = make_cell(Flagged, False, 0)
            else:
                cells[pos] = make_cell(Revealed, False, shown)
        return Board(self.width, self.height, self.mines, cells, mines_laid=True).recount()

    def to_text(self) -> str:
        """Print this view as position text, as `format_position` writes the board it shows."""
        return format_position(self.to_board())
