"""What a press on a cell means: the primary action, decided here for every front-end.

A press (a click or tap on the page, Space or Enter in the full-screen
terminal, `r X Y` in the line mode) reveals a hidden cell, chords on a
revealed cell whose flags are all placed, and in flag mode flags or unflags
a closed cell. When it means nothing, the answer is a `Refused` that says
why, which each front-end words its own way (the page stays silent).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.rules.board import Flagged, Position, ReadableBoard, Revealed
from game.rules.events import CellOpened, FlagToggled, Move, NeighboursOpened


class Refusal(enum.Enum):
    """Why a press does nothing."""

    OFF_BOARD = "off the board"
    OVER = "the game is over"
    FLAGGED = "a flag covers the cell"
    FLAGS_DIFFER = "the flags around the number differ from it"
    NOTHING_TO_OPEN = "no hidden neighbour is left to open"


@dataclass(frozen=True, slots=True)
class Refused:
    """A press that means nothing, with what a front-end needs to say why."""

    reason: Refusal
    pos: Position
    shows: int = 0
    """The number on the cell, when it is revealed."""
    flags: int = 0
    """The flags around the cell, when it is revealed."""


def press(board: ReadableBoard, pos: Position, *, flag_mode: bool = False) -> Move | Refused:
    """Return the move a press on *pos* makes, or why it makes none.

    >>> from game.rules.board import Board
    >>> board = Board.from_mines(3, 1, [(0, 0)])
    >>> press(board, (2, 0))
    CellOpened(pos=(2, 0))
    >>> press(board, (2, 0), flag_mode=True)
    FlagToggled(pos=(2, 0))
    """
    cell = board.cells.get(pos)
    if cell is None:
        return Refused(Refusal.OFF_BOARD, pos)
    if board.is_over():
        return Refused(Refusal.OVER, pos)
    if type(cell) is not Revealed:
        if flag_mode:
            return FlagToggled(pos)
        return Refused(Refusal.FLAGGED, pos) if type(cell) is Flagged else CellOpened(pos)
    if board.can_chord(pos):
        return NeighboursOpened(pos)
    flags = board.flags_around(pos)
    reason = Refusal.FLAGS_DIFFER if flags != cell.count else Refusal.NOTHING_TO_OPEN
    return Refused(reason, pos, cell.count, flags)
