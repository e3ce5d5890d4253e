"""Choosing the next cell to reveal from the exact count of arrangements.

A certainly safe cell is always taken. Otherwise the safest cell is not
always the best guess: a guess that is a little riskier may leave a position
where the next move is safe, while the safest one leaves another guess.
Late in a game, when few arrangements of the mines are left, the rest of the
game is searched exactly (`game.solver.endgame`). Before that, the cells
nearly as safe as the safest are compared by a one-move look-ahead, their
secondary safety: the chance of surviving this guess and the next move,
summed over every number the revealed cell can show, each weighted by the
exact count of arrangements that show it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from game.board import Position, neighbour_table
from game.seen import FLAGGED, HIDDEN
from game.solver.analysis import Count
from game.solver.endgame import solve_endgame
from game.solver.groups import Budget, TooComplexError

CUTOFF: Final = 0.9
"""A cell on the frontier is compared if its safety is at least this share of the safest's."""
OFF_EDGE: Final = 0.95
"""Cells next to no number are compared if their safety is at least this share."""
OFF_EDGE_CANDIDATES: Final = 6
"""How many cells next to no number are compared, those with fewest hidden neighbours first."""
BLEND: Final = 4
"""After a guess, the next move's safety is the safest cell's, blended with the second
safest's in the ratio BLEND to 1: one good cell is worth less than two."""
PROGRESS: Final = 0.001
"""A guess's score gains this share of the chance that it leaves a certainly safe cell:
the last tie-break."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The cell to reveal next, and the chance of winning when the endgame search chose it."""

    move: Position | None
    win_chance: Fraction | None = None


def choose(count: Count, budget: Budget = None) -> Choice:
    """Choose a certainly safe cell if there is one, else the best guess.

    Cells are ranked by mine probability, then by fewest hidden neighbours
    (likelier to show a zero and open an area), then top-left first; the
    best-ranked safe cell is returned. Without one, the endgame search's move
    if few enough arrangements are left; else the best `secondary_safety`
    among the candidates, a cell whose number is already certain (it would
    tell nothing) only if every candidate is such a cell. If either would take
    more than what is left of *budget*, the safest cell is returned instead.
    """
    weights = count.mine_weights()
    if not weights:
        return Choice(None)
    seen = count.seen
    table = neighbour_table(seen.width, seen.height)
    cells = seen.cells

    def hidden_around(pos: Position) -> int:
        return sum(1 for n in table[pos] if cells[n] is HIDDEN)

    lowest = min(weights.values())
    safest = min(
        (p for p, w in weights.items() if w == lowest),
        key=lambda p: (hidden_around(p), p[1], p[0]),
    )
    if lowest == 0:
        return Choice(safest)
    try:
        endgame = solve_endgame(count, budget)
        if endgame is not None:
            return Choice(endgame.move, endgame.chance)
        return Choice(_best_guess(count, weights, safest, hidden_around, budget))
    except TooComplexError:
        return Choice(safest)


def _best_guess(
    count: Count,
    weights: dict[Position, int],
    safest: Position,
    hidden_around: Callable[[Position], int],
    budget: Budget,
) -> Position:
    """Return the candidate with the best secondary safety, living cells before dead ones."""
    total = count.total
    best_safety = 1 - weights[safest] / total
    frontier = [
        p
        for p, w in weights.items()
        if p not in count.floating and 1 - w / total >= CUTOFF * best_safety
    ]
    floating = sorted(count.floating, key=lambda p: (hidden_around(p), p[1], p[0]))
    if floating and 1 - weights[floating[0]] / total >= OFF_EDGE * best_safety:
        frontier += floating[:OFF_EDGE_CANDIDATES]
    candidates = sorted(frontier, key=lambda p: (weights[p], hidden_around(p), p[1], p[0]))
    best, best_score, best_dead = safest, -1.0, True
    for pos in candidates:
        safety = 1 - weights[pos] / total
        if not best_dead and safety * (1 + PROGRESS) <= best_score:
            continue
        score, dead = secondary_safety(count, pos, budget, beat=0.0 if best_dead else best_score)
        if (best_dead and not dead) or (dead == best_dead and score > best_score):
            best, best_score, best_dead = pos, score, dead
    return best


def secondary_safety(
    count: Count, pos: Position, budget: Budget = None, *, beat: float = 0.0
) -> tuple[float, bool]:
    """Return the score of guessing *pos*, and whether its number is already certain.

    The score is the chance that *pos* is safe and the move after it is too:
    for each number *pos* may show, the share of arrangements that show it
    times the safety of the next move in that position (`next_safety`), the
    sum raised by `PROGRESS` times the chance that a safe cell follows. Once
    the score cannot exceed *beat*, the count stops and returns what it has,
    which is then no more than *beat*.
    """
    seen = count.seen
    table = neighbour_table(seen.width, seen.height)
    flags = sum(1 for n in table[pos] if seen.cells[n] is FLAGGED)
    hidden = sum(1 for n in table[pos] if seen.cells[n] is HIDDEN)
    total = count.total
    score = progress = 0.0
    unseen = 1 - count.mine_weights()[pos] / total
    outcomes = 0
    for shown in range(flags, flags + hidden + 1):
        after = count.after(pos, shown, budget)
        if after is None:  # no arrangement shows this number
            continue
        outcomes += 1
        share = after.total / total
        safety = next_safety(after)
        score += share * safety
        if safety == 1:
            progress += share
        unseen -= share
        if (score + unseen) * (1 + PROGRESS) < beat:
            break
    return score * (1 + PROGRESS * progress), outcomes == 1


def next_safety(count: Count) -> float:
    """Return the safety of the best move in a position.

    That is 1 if a cell is certainly safe or none is hidden (the game is won).
    Otherwise the safest cell's safety blended with the second safest's, in the
    ratio `BLEND` to 1.
    """
    first = second = count.total
    for cells, weight in count.class_weights():
        if weight < first:
            second = first if len(cells) == 1 else weight
            first = weight
        elif weight < second:
            second = weight
    if first == 0 or not count.mine_weights():
        return 1.0
    return 1 - (BLEND * first + second) / ((BLEND + 1) * count.total)
