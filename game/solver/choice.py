"""Choosing the next cell to reveal from exact probabilities.

A certainly safe cell is always taken. Otherwise the safest cell is not
always the best guess: a guess that is a little riskier may leave a position
where the next move is safe, while the safest one leaves another guess.
Late in a game, when few arrangements of the mines are left, the rest of the
game is searched exactly (`game.solver.endgame`). Before that, the few
safest cells are compared by a one-move look-ahead: the chance of surviving
this guess and the next move, summed over every number the revealed cell can
show, each weighted by the exact count of arrangements that show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from game.board import Position, neighbour_table
from game.seen import FLAGGED, HIDDEN, Seen
from game.solver.analysis import Budget, TooComplexError, weigh
from game.solver.endgame import solve_endgame

CANDIDATES: Final = 5
"""How many of the safest cells the look-ahead compares."""
TOLERANCE: Final = Fraction(1, 20)
"""How much riskier than the safest a cell may be and still be compared."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The cell to reveal next, and the chance of winning when the endgame search chose it."""

    move: Position | None
    win_chance: Fraction | None = None


def choose(
    seen: Seen,
    probabilities: Mapping[Position, Fraction],
    total: int,
    budget: Budget = None,
) -> Choice:
    """Choose a certainly safe cell if there is one, else the best guess.

    *probabilities* and *total* are the position's as `weigh` gives them.

    Cells are ranked by mine probability, then by fewest hidden neighbours
    (likelier to show a zero and open an area), then top-left first; the
    best-ranked safe cell is returned. Without one, the endgame search's move
    if few enough arrangements are left; else the best-ranked cells within
    `TOLERANCE` of the safest are compared by `survival`, ties going to the
    better rank, so the same position always gives the same move. If either
    would take more than what is left of *budget*, the safest cell is
    returned instead.
    """
    if not probabilities:
        return Choice(None)
    table = neighbour_table(seen.width, seen.height)
    cells = seen.cells

    def key(pos: Position) -> tuple[Fraction, int, int, int]:
        hidden = sum(1 for n in table[pos] if cells[n] is HIDDEN)
        return (probabilities[pos], hidden, pos[1], pos[0])

    ranked = sorted(probabilities, key=key)
    safest = probabilities[ranked[0]]
    if safest == 0:
        return Choice(ranked[0])
    candidates = [p for p in ranked[:CANDIDATES] if probabilities[p] <= safest + TOLERANCE]
    try:
        endgame = solve_endgame(seen, probabilities, total, budget)
        if endgame is not None:
            return Choice(endgame.move, endgame.chance)
        if len(candidates) == 1:
            return Choice(ranked[0])
        best, best_score = ranked[0], Fraction(-1)
        for pos in candidates:
            if 1 - probabilities[pos] <= best_score:  # survival cannot beat it
                continue
            score = survival(
                seen, pos, total, budget, beat=best_score, safety=1 - probabilities[pos]
            )
            if score > best_score:
                best, best_score = pos, score
    except TooComplexError:
        return Choice(ranked[0])
    return Choice(best)


def survival(
    seen: Seen,
    pos: Position,
    total: int,
    budget: Budget = None,
    *,
    beat: Fraction = Fraction(0),
    safety: Fraction = Fraction(1),
) -> Fraction:
    """Return the chance that revealing *pos* is safe and the move after it is too.

    For each number *pos* may show, the arrangements that show it (out of
    *total*) times the safety of the best next move in that position: 1 if
    some cell is then certainly safe, else one minus the lowest probability.
    Given *beat* (the best chance found so far) and the chance *safety* that
    *pos* is safe, the count stops once the result cannot exceed *beat*, and
    returns what it has, which is then no more than *beat*.
    """
    table = neighbour_table(seen.width, seen.height)
    flags = sum(1 for n in table[pos] if seen.cells[n] is FLAGGED)
    hidden = sum(1 for n in table[pos] if seen.cells[n] is HIDDEN)
    chance = Fraction(0)
    unseen = safety
    for shown in range(flags, flags + hidden + 1):
        after = seen.showing(pos, shown)
        try:
            count, odds = weigh(after, budget)
        except TooComplexError:
            raise
        except ValueError:  # no arrangement shows this number
            continue
        share = Fraction(count, total)
        chance += share * (1 - min(odds.values(), default=Fraction(0)))
        unseen -= share
        if chance + unseen < beat:
            break
    return chance
