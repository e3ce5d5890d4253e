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

from game.rules.board import Position, neighbour_table
from game.rules.seen import FLAGGED, HIDDEN, Seen
from game.solver.counting import Count
from game.solver.endgame import solve_endgame
from game.solver.groups import Budget, TooComplexError
from game.solver.risk import fifty_fifty_influence

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
INFLUENCE: Final = 0.9
"""A guess's score grows by this share of the arrangements in which it belongs to a 50/50
about to form (`game.solver.risk`), relative to those in which it is safe."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The cell to reveal next, and the chance of winning when the endgame search chose it."""

    move: Position | None
    win_chance: Fraction | None = None


def choose(count: Count, budget: Budget | None = None) -> Choice:
    """Choose a certainly safe cell if there is one, else the best guess.

    None if every hidden cell is certainly a mine (or none is hidden). The
    safe cell is the `safest` one. Without one, the endgame search's move if
    few enough arrangements are left, else the `look_ahead` guess. If either
    would take more than what is left of *budget*, the safest cell is
    returned instead.
    """
    weights = count.mine_weights()
    if not weights or min(weights.values()) == count.total:  # nothing left to reveal
        return Choice(None)
    first = safest(count)
    if weights[first] == 0:
        return Choice(first)
    try:
        endgame = solve_endgame(count, budget)
        if endgame is not None:
            return Choice(endgame.move, endgame.chance)
        return Choice(look_ahead(count, budget))
    except TooComplexError:
        return Choice(first)


def safest(count: Count) -> Position:
    """Return the safest hidden cell: ties go to fewest hidden neighbours, then top-left.

    Fewer hidden neighbours make a zero, which opens an area, likelier.
    """
    weights = count.mine_weights()
    lowest = min(weights.values())
    return min((p for p, w in weights.items() if w == lowest), key=tie_break(count.seen))


def tie_break(seen: Seen) -> Callable[[Position], tuple[int, int, int]]:
    r"""Return the sort key between cells alike in *seen*: fewest hidden neighbours, then top-left.

    The one tie-break of the solver's choices (and of the review's).

    >>> key = tie_break(Seen.from_text("3x2x1\n1HH\nHHH\n"))
    >>> sorted([(2, 1), (1, 0), (2, 0)], key=key)
    [(2, 0), (2, 1), (1, 0)]
    """
    cells = seen.cells
    table = neighbour_table(seen.width, seen.height)

    def key(pos: Position) -> tuple[int, int, int]:
        return sum(1 for n in table[pos] if cells[n] is HIDDEN), pos[1], pos[0]

    return key


def look_ahead(count: Count, budget: Budget | None = None) -> Position:
    """Return the best guess by a one-move look-ahead: living cells first, then the best score.

    Meant for a position with no certainly safe cell. The candidates are the
    cells next to a number at least `CUTOFF` times as safe as the safest cell,
    up to `OFF_EDGE_CANDIDATES` cells next to no number (fewest hidden
    neighbours first) when those are `OFF_EDGE` times as safe, and the cells
    where a 50/50 may form that pass the cut-off. A cell whose number is
    already certain (dead: revealing it tells nothing) comes after every
    living one. The score is `secondary_safety`, raised for cells where a
    50/50 may form (`INFLUENCE`). Ties go to the safer cell, then the one with
    fewer hidden neighbours, then the top-left one. A candidate that cannot
    beat the best so far is skipped.

    :raises TooComplexError: if the counts need more than *budget* steps.
    """
    weights = count.mine_weights()
    total = count.total
    first = safest(count)
    best_safety = 1 - weights[first] / total
    influence = fifty_fifty_influence(count, weights, budget) if INFLUENCE else {}
    frontier = [
        p
        for p, w in weights.items()
        if p not in count.floating and 1 - w / total >= CUTOFF * best_safety
    ]
    rank = tie_break(count.seen)
    floating = sorted(count.floating, key=rank)
    if floating and 1 - weights[floating[0]] / total >= OFF_EDGE * best_safety:
        frontier += floating[:OFF_EDGE_CANDIDATES]
    frontier += [
        p for p in influence if p not in frontier and 1 - weights[p] / total >= CUTOFF * best_safety
    ]
    candidates = sorted(frontier, key=lambda p: (weights[p], *rank(p)))
    best, best_score, best_dead = first, -1.0, True
    for pos in candidates:
        lift = 1 + INFLUENCE * influence.get(pos, 0) / (total - weights[pos])
        if not best_dead and (1 - weights[pos] / total) * lift * (1 + PROGRESS) <= best_score:
            continue
        score, dead = secondary_safety(
            count, pos, budget, beat=0.0 if best_dead else best_score / lift
        )
        score *= lift
        if (best_dead and not dead) or (dead == best_dead and score > best_score):
            best, best_score, best_dead = pos, score, dead
    return best


def secondary_safety(
    count: Count, pos: Position, budget: Budget | None = None, *, beat: float = 0.0
) -> tuple[float, bool]:
    """Return the score of guessing *pos*, and whether its number is already certain.

    The score is the chance that *pos* is safe and the move after it is too:
    for each number *pos* may show, the share of arrangements that show it
    times the safety of the next move in that position (`next_safety`), the
    sum raised by `PROGRESS` times the chance that a safe cell follows. Once
    the score cannot exceed *beat*, the count stops and returns what it has,
    which is then no more than *beat*, and False (not known to be dead).
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
            return score * (1 + PROGRESS * progress), False
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
