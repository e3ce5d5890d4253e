"""Choosing the next cell to reveal from exact probabilities."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from game.board import Position, neighbour_table
from game.text import Snapshot


def choose(snapshot: Snapshot, probabilities: Mapping[Position, Fraction]) -> Position | None:
    """Return a certainly safe cell if there is one, else the best guess.

    The lowest mine probability wins; ties go to the cell with the fewest
    hidden neighbours (likelier to show a zero and open an area), then to
    the top-left one, so the same position always gives the same move.
    """
    if not probabilities:
        return None
    table = neighbour_table(snapshot.width, snapshot.height)
    cells = snapshot.cells

    def key(pos: Position) -> tuple[Fraction, int, int, int]:
        hidden = sum(1 for n in table[pos] if cells[n] == "H")
        return (probabilities[pos], hidden, pos[1], pos[0])

    return min(probabilities, key=key)
