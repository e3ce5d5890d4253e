"""ZiNi: few clicks that clear a board, flags and chords allowed (Zhou and Ni's greedy).

Each safe number has a premium: the 3BV a chord on it would clear, less what
the chord costs (a click to reveal it if hidden, a click per mine around it
not yet flagged, the chord itself). While some number's premium is not
negative, the greedy reveals it, flags its mines and chords it, taking the
highest premium (the first in column order on ties, as the community's
parser does); otherwise it clicks the next cell of the 3BV left. Every click
changes the board, and no chord costs more than the 3BV it clears, so the
clicks never number more than the 3BV.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from game.rules.board import Board, Position
from game.rules.figures import openings

Click: TypeAlias = tuple[Literal["left", "right", "chord"], int, int]
"""One click: what it is, and the cell's column and row from 0."""


def zini(board: Board) -> list[Click]:
    """Return the clicks of the greedy ZiNi that clear *board* (its mines laid), in order."""
    width, height = board.width, board.height
    cells = board.cells
    safe = [(x, y) for x in range(width) for y in range(height) if not cells[(x, y)].mine]
    region_of: dict[Position, list[int]] = {}
    regions = openings(board)
    for index, region in enumerate(regions):
        for pos in region:
            region_of.setdefault(pos, []).append(index)
    premium = {pos: _initial(board, pos, region_of) for pos in safe}
    opened: set[Position] = set()
    flagged: set[Position] = set()
    clicks: list[Click] = []

    def open_cell(pos: Position) -> None:
        opened.add(pos)
        premium[pos] += 1
        if pos not in region_of:
            for n in (pos, *board.neighbours(pos)):
                if n in premium:
                    premium[n] -= 1

    def reveal(pos: Position) -> None:
        if pos in opened or pos in flagged:
            return
        if cells[pos].count or pos not in region_of:
            open_cell(pos)
            return
        for index in region_of[pos]:
            for n in regions[index]:
                if n not in opened:
                    open_cell(n)
                premium[n] -= 1

    remaining = len(safe)
    while len(opened) < remaining:
        best = max(safe, key=premium.__getitem__)  # the first of the highest
        if premium[best] >= 0:
            if best not in opened:
                clicks.append(("left", *best))
                reveal(best)
            for n in board.neighbours(best):
                if cells[n].mine and n not in flagged:
                    flagged.add(n)
                    clicks.append(("right", *n))
                    for m in board.neighbours(n):
                        if m in premium:
                            premium[m] += 1
            clicks.append(("chord", *best))
            for n in board.neighbours(best):
                reveal(n)
        else:
            pos = next(
                p for p in safe if p not in opened and (not cells[p].count or p not in region_of)
            )
            clicks.append(("left", *pos))
            reveal(pos)
    return clicks


def _initial(board: Board, pos: Position, region_of: dict[Position, list[int]]) -> int:
    """Return a cell's premium on the untouched board: the 3BV its chord clears, less costs."""
    cell = board.cells[pos]
    if cell.count == 0:
        return -1
    gain = sum(
        1 for n in (pos, *board.neighbours(pos)) if not board.cells[n].mine and n not in region_of
    ) + len(region_of.get(pos, ()))
    return gain - cell.count - 2
