"""Figures of a game: 3BV, clicks, efficiency; `python -m game.stats 3bv FILE|-`.

3BV (Bechtel's Board Benchmark Value) is the minimum number of left clicks
that clear a board without flags: one per opening (a connected region of
zeros together with its border of numbers) plus one per safe cell that
borders no opening.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from game.board import Board, Flagged, Position
from game.events import FlagToggled
from game.history import History
from game.text import Layout, TextFormatError


def three_bv(board: Board) -> int:
    """Return the 3BV of *board*, whose mines must be laid.

    >>> three_bv(Board.from_mines(3, 1, [(0, 0)]))
    1
    >>> three_bv(Board.from_mines(3, 1, [(1, 0)]))
    2
    """
    cells = board.cells
    in_opening: set[tuple[int, int]] = set()
    openings = 0
    for pos, cell in cells.items():
        if cell.mine or cell.count or pos in in_opening:
            continue
        openings += 1
        in_opening.add(pos)
        work = [pos]
        while work:
            for n in board.neighbours(work.pop()):
                if n not in in_opening:
                    in_opening.add(n)
                    if cells[n].count == 0:
                        work.append(n)
    lone = sum(1 for p, c in cells.items() if not c.mine and p not in in_opening)
    return openings + lone


@dataclass(frozen=True, slots=True)
class Figures:
    """What a finished game's summary shows."""

    three_bv: int
    """Minimum left clicks to clear the board."""
    clicks: int
    """Moves made: reveals, flags and chords."""
    useful: int
    """Clicks that counted: those that opened cells, and flags left standing on mines."""
    seconds: float
    """Time played."""

    @property
    def wasted(self) -> int:
        """Clicks that changed nothing for good: unflags, wrong or removed flags."""
        return self.clicks - self.useful

    @property
    def efficiency(self) -> float:
        """3BV divided by clicks (above 1 when chords saved clicks)."""
        return self.three_bv / self.clicks if self.clicks else 0.0

    @property
    def three_bv_per_second(self) -> float:
        """3BV divided by time."""
        return self.three_bv / self.seconds if self.seconds > 0 else 0.0


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


def figures(history: History, seconds: float) -> Figures:
    """Return the figures of the game in *history*, played in *seconds*."""
    board = history.current.board
    return Figures(
        three_bv(board) if board.mines_laid else 0,
        len(history),
        useful_clicks(history),
        seconds,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the 3BV of a layout text file (or `-` for standard input)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "3bv":
        print("usage: python -m game.stats 3bv FILE|-", file=sys.stderr)
        return 2
    try:
        layout = Layout.from_file(args[1])
    except TextFormatError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(three_bv(Board.from_mines(layout.width, layout.height, layout.mines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
