"""Long-term risk: where a 50/50 that no number can resolve may form.

Two hidden cells side by side holding one mine between them can never be
told apart once every cell that touches one but not the other is a mine (or
off the board): the numbers around them then show the same whichever holds
the mine, and the guess is a pure 50/50. Likewise a 2x2 box whose mines sit
on one diagonal or the other, once its four diagonal neighbours are mines.
Such a 50/50 must be guessed sooner or later; guessing one of its cells
while other cells can still tell it apart is better than waiting for it to
form. So a guess gains weight from the arrangements in which it belongs to
a 50/50 that is about to form: one with at most `MAX_MISSING` of its
enclosing mines still unknown.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Final

from game.rules.board import Position
from game.rules.seen import FLAGGED, HIDDEN
from game.solver.counting import Count
from game.solver.groups import Budget

MAX_MISSING: Final = 1
"""The most enclosing mines that may still be unknown for a possible 50/50 to count."""

_PAIR_SIDES: Final = {
    (1, 0): ((-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)),
    (0, 1): ((-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)),
}
"""For a pair of cells, (0, 0) and the offset, the cells that touch only one of them."""
_BOX_CORNERS: Final = ((-1, -1), (2, -1), (-1, 2), (2, 2))
"""For a 2x2 box from (0, 0), the cells that touch only one of its cells."""


def fifty_fifty_influence(
    count: Count, weights: Mapping[Position, int], budget: Budget | None = None
) -> dict[Position, int]:
    """Return, for cells that may end in a 50/50, the arrangements in which it forms.

    *weights* are the arrangements that mine each hidden cell. A cell's
    figure is the sum over the possible 50/50s it takes part in (as one of
    their cells or as a missing enclosing mine) of the arrangements that
    complete that 50/50 one way round, capped by the arrangements that mine
    the cell and those that do not.

    :raises TooComplexError: if the counts need more than *budget* steps.
    """
    seen = count.seen
    width, height, cells, total = seen.width, seen.height, seen.cells, count.total

    def undecided(pos: Position) -> bool:
        return cells.get(pos) is HIDDEN and 0 < weights[pos] < total

    def missing_mines(around: list[Position]) -> list[Position] | None:
        """Return the enclosing cells not yet known to be mines (None: one cannot be)."""
        missing = []
        for x, y in around:
            if not (0 <= x < width and 0 <= y < height):
                continue  # off the board: as good as a mine
            shown = cells[(x, y)]
            if shown is FLAGGED or (shown is HIDDEN and weights[(x, y)] == total):
                continue
            if shown is not HIDDEN or weights[(x, y)] == 0:
                return None
            missing.append((x, y))
        return missing if len(missing) <= MAX_MISSING else None

    influence: dict[Position, int] = defaultdict(int)
    for (x, y), shown in cells.items():
        if shown is not HIDDEN:
            continue
        for (dx, dy), sides in _PAIR_SIDES.items():
            other = (x + dx, y + dy)
            if not (undecided((x, y)) and undecided(other)):
                continue
            missing = missing_mines([(x + sx, y + sy) for sx, sy in sides])
            if missing is None:
                continue
            formed = count.given([*missing, (x, y)], [other], budget)
            for cell in ((x, y), other, *missing):
                influence[cell] += formed
        box = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        if all(undecided(p) for p in box):
            missing = missing_mines([(x + sx, y + sy) for sx, sy in _BOX_CORNERS])
            if missing is not None:
                formed = count.given([*missing, box[0], box[3]], [box[1], box[2]], budget)
                for cell in (*box, *missing):
                    influence[cell] += formed
    return {
        cell: min(value, weights[cell], total - weights[cell])
        for cell, value in influence.items()
        if value
    }
