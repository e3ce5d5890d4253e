r"""What a player sees of a board: each cell hidden, flagged, or the number it shows.

The solver and the no-guess generator reason from this typed view, never
from the characters of position text: `Seen.from_game` builds it from a
game, and `Seen.from_text` from position text, which stays an adapter.

>>> seen = Seen.from_text("3x1x1\n1HF\n")
>>> seen.cells[(0, 0)], seen.cells[(1, 0)], seen.cells[(2, 0)]
(1, <Covered.HIDDEN: 'H'>, <Covered.FLAGGED: 'F'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from game.board import Board, Cell, Flagged, Hidden, Position, Revealed, positions
from game.cells import make_cell
from game.text import Snapshot

if TYPE_CHECKING:  # only a type: the rules import modules that import this one
    from game.state import Game


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

_CHAR: Final[dict[SeenCell, str]] = {HIDDEN: "H", FLAGGED: "F", **{n: str(n) for n in range(9)}}

GAME_OVER: Final = "the game is over: there is nothing left to analyse"
"""Why a finished game's view cannot be built: its mines are no longer hidden."""


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
    def from_game(cls, game: Game) -> Seen:
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
        snapshot = Snapshot.from_text(text)
        chars: dict[str, SeenCell] = {"H": HIDDEN, "F": FLAGGED}
        chars.update((str(n), n) for n in range(9))
        cells: dict[Position, SeenCell] = {}
        for pos, char in snapshot.cells.items():
            if char not in chars:
                raise ValueError(GAME_OVER)
            cells[pos] = chars[char]
        return cls(snapshot.width, snapshot.height, snapshot.mines, cells)

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
        """Print this view as position text (rows joined by newlines)."""
        rows = (
            "".join(_CHAR[self.cells[(x, y)]] for x in range(self.width))
            for y in range(self.height)
        )
        return "\n".join((f"{self.width}x{self.height}x{self.mines}", *rows)) + "\n"
