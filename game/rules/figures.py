"""Figures of a game: 3BV, clicks, efficiency (`python -m game.stats`: see its __main__).

3BV (Bechtel's Board Benchmark Value) is the minimum number of left clicks
that clear a board without flags: one per opening (a connected region of
zeros together with its border of numbers) plus one per safe cell that
borders no opening.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.board import Flagged, Position, ReadableBoard, Revealed, Uncovering
from game.rules.events import FlagToggled
from game.rules.history import History


def openings(board: ReadableBoard) -> list[list[Position]]:
    """Return the openings of *board*, whose mines must be laid: each one's cells.

    An opening is a connected region of zeros with its border of numbers:
    what one click on any of its zeros reveals, whatever the board shows.
    """
    uncovering = Uncovering.of_board(board)
    return [uncovering.reveal(zero) for zero in uncovering.zeros()]


def three_bv(board: ReadableBoard) -> int:
    """Return the 3BV of *board*, whose mines must be laid.

    >>> from game.rules.board import Board
    >>> three_bv(Board.from_mines(3, 1, [(0, 0)]))
    1
    >>> three_bv(Board.from_mines(3, 1, [(1, 0)]))
    2
    """
    return three_bvs(board)[0]


def solved_three_bv(board: ReadableBoard) -> int:
    """Return how much of *board*'s 3BV the player has cleared.

    An opening counts once any of its cells is revealed by its flood, which is
    once any of its zeros is; a safe cell outside every opening counts once
    revealed. Equal to `three_bv` on a won board.

    >>> from game.rules.board import Board, Draft
    >>> draft = Draft(Board.from_mines(4, 1, [(1, 0)]))
    >>> draft.open([(3, 0)])
    >>> solved_three_bv(draft.freeze()), three_bv(draft.freeze())
    (1, 2)
    """
    return three_bvs(board)[1]


def three_bvs(board: ReadableBoard) -> tuple[int, int]:
    """Return *board*'s 3BV and the part of it the player has cleared.

    One pass over the openings serves both: on a 100x100 board their flood
    fill is most of what a game's figures cost.
    """
    units = Units.of(board)
    return units.total, units.solved(board)


@dataclass(frozen=True, slots=True)
class Units:
    """The cells that make a board's 3BV, found once for its mines.

    One zero per opening, and every safe cell that borders no opening.
    A board's every state has the same units, so a replay's moments count theirs
    cleared with `solved` and no new flood fill.
    """

    openings: tuple[Position, ...]
    """One zero of each opening: the opening counts as cleared once it is revealed."""
    singles: tuple[Position, ...]
    """The safe cells outside every opening, each a unit of its own."""

    @classmethod
    def of(cls, board: ReadableBoard) -> Units:
        """Find the units of *board*, whose mines must be laid."""
        cells = board.cells
        regions = openings(board)
        inside = {pos for region in regions for pos in region}
        zeros = tuple(next(p for p in region if cells[p].count == 0) for region in regions)
        singles = tuple(p for p, c in cells.items() if not c.mine and p not in inside)
        return cls(zeros, singles)

    @property
    def total(self) -> int:
        """The board's 3BV."""
        return len(self.openings) + len(self.singles)

    def solved(self, board: ReadableBoard) -> int:
        """Return how many units *board* (a state of the board they were found on) cleared."""
        cells = board.cells
        return sum(
            type(cells[p]) is Revealed for units in (self.openings, self.singles) for p in units
        )


@dataclass(frozen=True, slots=True)
class Figures:
    """One finished game's figures: what its summary shows and its records keep.

    Computed once when the game ends, so every place that shows them agrees.
    Rates are computed from the 3BV the player cleared, so a lost game's
    3BV/s and efficiency measure what was done, not the whole board.
    """

    three_bv: int
    """Minimum left clicks to clear the board."""
    solved_three_bv: int
    """The part of the 3BV the player cleared (all of it after a win)."""
    clicks: int
    """Moves made: reveals, flags and chords."""
    useful: int
    """Clicks that counted: those that opened cells, and flags left standing on mines."""
    ms: int
    """Time played, in whole milliseconds."""

    @property
    def seconds(self) -> float:
        """Time played, in seconds."""
        return self.ms / 1000

    @property
    def wasted(self) -> int:
        """Clicks that changed nothing for good: unflags, wrong or removed flags."""
        return self.clicks - self.useful

    @property
    def efficiency(self) -> float:
        """Solved 3BV divided by clicks (above 1 when chords saved clicks)."""
        return self.solved_three_bv / self.clicks if self.clicks else 0.0

    @property
    def three_bv_per_second(self) -> float:
        """Solved 3BV per second; 0 for a game that took no time."""
        return self.solved_three_bv * 1000 / self.ms if self.ms > 0 else 0.0


def no_flags(history: History) -> bool:
    """Return whether *history* placed no flag: no-flag (NF) play, which records keep apart."""
    return not any(type(move) is FlagToggled for move in history.moves)


def useful_clicks(history: History) -> int:
    """Count the moves of *history* that opened cells or left a flag on a mine for good.

    A reveal or chord always opens something (the rules refuse one that
    would not); a flag is useful only if it is the last toggle of its cell
    and the cell holds a mine at the end.
    """
    last_toggle: dict[Position, int] = {}
    opened = 0
    for index, move in enumerate(history.moves):
        if type(move) is FlagToggled:
            last_toggle[move.pos] = index
        else:
            opened += 1
    cells = history.current.board.cells
    flags = sum(1 for pos in last_toggle if type(cells[pos]) is Flagged and cells[pos].mine)
    return opened + flags


def game_figures(history: History, ms: int) -> Figures:
    """Return the figures of the game in *history*, played in *ms* milliseconds."""
    board = history.current.board
    total, solved = three_bvs(board) if board.mines_laid else (0, 0)
    return Figures(
        total,
        solved,
        len(history),
        useful_clicks(history),
        ms,
    )
