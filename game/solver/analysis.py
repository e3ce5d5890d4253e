"""Exact mine probabilities for a position, by counting every consistent arrangement.

The hidden cells next to a revealed number (the frontier) are split into
groups that share no number, and each group is enumerated on its own. Within
a group, cells touched by exactly the same numbers are interchangeable and
are counted together with binomial weights, which keeps the search small.
Cells next to no number are never enumerated: any k of the R of them can
hold mines in C(R, k) ways. The groups are then combined by mine count with
exact integers, so nothing is lost to rounding on big boards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from game.board import Position, neighbour_table
from game.seen import FLAGGED, HIDDEN, Seen

Weights = dict[int, int]
"""Number of arrangements, by number of mines."""

Budget = list[int] | None
"""Search steps left, shared by every count of one decision (a one-item list), or None."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """What an exact count of arrangements says about a position."""

    probabilities: Mapping[Position, float]
    """The probability that each hidden cell holds a mine."""
    best: Position | None
    """The hidden cell to reveal next, or None if there is none."""
    exact: Mapping[Position, Fraction]
    """The same probabilities as exact fractions."""
    win_chance: Fraction | None = None
    """The chance of winning from here with perfect play, when few enough arrangements
    are left for the rest of the game to be searched (`game.solver.endgame`); else None."""


class TooComplexError(ValueError):
    """Counting the arrangements would take more steps than the caller allowed."""


class ImpossiblePositionError(ValueError):
    """No arrangement of the mines fits the position; it names the cells that contradict."""

    def __init__(
        self, message: str, *, number: Position | None = None, cells: tuple[Position, ...] = ()
    ) -> None:
        super().__init__(message)
        self.number = number
        """The number its flags and hidden neighbours cannot satisfy, if one alone says why."""
        self.cells = cells
        """The cells that cannot all be right: that number and its flags, or every flag."""


@dataclass(frozen=True, slots=True)
class _Constraint:
    cells: frozenset[Position]
    mines: int


def constraints_of(seen: Seen) -> tuple[list[_Constraint], int, list[Position]]:
    """Return the numbers' constraints on hidden cells, the mines left, and the hidden cells.

    Flags count as mines.

    :raises ValueError: if a number cannot be satisfied.
    """
    table = neighbour_table(seen.width, seen.height)
    cells = seen.cells
    flags = sum(1 for c in cells.values() if c is FLAGGED)
    hidden = seen.hidden()
    constraints = []
    for pos, shown in cells.items():
        if not isinstance(shown, int):
            continue
        around = table[pos]
        unknown = frozenset(n for n in around if cells[n] is HIDDEN)
        needed = shown - sum(1 for n in around if cells[n] is FLAGGED)
        if not 0 <= needed <= len(unknown):
            x, y = pos
            flagged = tuple(n for n in around if cells[n] is FLAGGED)
            raise ImpossiblePositionError(
                f"impossible position: the {shown} at ({x}, {y}) has"
                f" {shown - needed} flags and {len(unknown)} hidden neighbours",
                number=pos,
                cells=(pos, *flagged),
            )
        if unknown:
            constraints.append(_Constraint(unknown, needed))
    left = seen.mines - flags
    if left < 0:
        raise ImpossiblePositionError(
            f"impossible position: {flags} flags but only {seen.mines} mines",
            cells=tuple(p for p, c in cells.items() if c is FLAGGED),
        )
    return constraints, left, hidden


def _groups(constraints: Sequence[_Constraint]) -> list[list[_Constraint]]:
    """Split constraints into groups that share no cell (union-find over cells)."""
    parent: dict[Position, Position] = {}

    def find(p: Position) -> Position:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for constraint in constraints:
        first = next(iter(constraint.cells))
        parent.setdefault(first, first)
        for cell in constraint.cells:
            parent.setdefault(cell, cell)
            parent[find(cell)] = find(first)
    grouped: dict[Position, list[_Constraint]] = defaultdict(list)
    for constraint in constraints:
        grouped[find(next(iter(constraint.cells)))].append(constraint)
    return list(grouped.values())


def _enumerate(
    group: Sequence[_Constraint], budget: Budget = None
) -> tuple[Weights, dict[Position, Weights]]:
    """Count a group's arrangements by mine count, and for each cell those where it is a mine.

    Cells touched by the same set of constraints form one class of size s;
    j mines in a class can sit in C(s, j) ways. Each step of the search
    spends one unit of *budget*, if given.

    :raises TooComplexError: when the budget runs out.
    """
    touching: dict[Position, list[int]] = defaultdict(list)
    for index, constraint in enumerate(group):
        for cell in constraint.cells:
            touching[cell].append(index)
    classes: dict[tuple[int, ...], list[Position]] = defaultdict(list)
    for cell, indices in touching.items():
        classes[tuple(indices)].append(cell)
    # Most-constrained classes first: failures are found near the root.
    order = sorted(classes.items(), key=lambda item: -len(item[0]))
    keys = [k for k, _ in order]
    sizes = [len(v) for _, v in order]
    need = [c.mines for c in group]
    room = [0] * len(group)
    for key, size in zip(keys, sizes, strict=True):
        for index in key:
            room[index] += size
    totals: Weights = defaultdict(int)
    class_mines: list[Weights] = [defaultdict(int) for _ in keys]
    chosen = [0] * len(keys)

    def search(depth: int, mines: int, weight: int) -> None:
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise TooComplexError("the position is too large to count exactly in a moment")
        if depth == len(keys):
            totals[mines] += weight
            for i, j in enumerate(chosen):
                if j:
                    class_mines[i][mines] += weight * j
            return
        key, size = keys[depth], sizes[depth]
        low = max((need[i] - (room[i] - size) for i in key), default=0)
        high = min([size, *(need[i] for i in key)])
        for index in key:
            room[index] -= size
        for j in range(max(0, low), high + 1):
            for index in key:
                need[index] -= j
            chosen[depth] = j
            search(depth + 1, mines + j, weight * comb(size, j))
            for index in key:
                need[index] += j
        chosen[depth] = 0
        for index in key:
            room[index] += size

    search(0, 0, 1)
    per_cell: dict[Position, Weights] = {}
    for (_, cells), mines in zip(order, class_mines, strict=True):
        # Arrangements where one given cell of a class of s holds a mine: the class's
        # j-mine ones times j/s, which is exact since C(s, j) * j / s = C(s-1, j-1).
        weights = {k: w // len(cells) for k, w in mines.items()}
        for cell in cells:
            per_cell[cell] = weights
    return dict(totals), per_cell


def _convolve(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    result: dict[int, int] = defaultdict(int)
    for i, x in a.items():
        for j, y in b.items():
            result[i + j] += x * y
    return dict(result)


def exact_probabilities(seen: Seen, budget: Budget = None) -> dict[Position, Fraction]:
    """Return each hidden cell's exact probability of holding a mine.

    *budget* caps the steps of the search (None: no cap), so a caller that
    must stay responsive can refuse a position rather than freeze.

    :raises ValueError: if no arrangement of the mines fits the position.
    :raises TooComplexError: if the count needs more than *budget* steps.
    """
    return weigh(seen, budget)[1]


def weigh(seen: Seen, budget: Budget = None) -> tuple[int, dict[Position, Fraction]]:
    """Return how many arrangements of the mines fit, and each hidden cell's mine probability.

    The probabilities are `exact_probabilities`; the count comes from the
    same search, for callers that weigh positions against each other.

    :raises ValueError: if no arrangement of the mines fits the position.
    :raises TooComplexError: if the count needs more than *budget* steps.
    """
    constraints, left, hidden = constraints_of(seen)
    groups = [_enumerate(g, budget) for g in _groups(constraints)]
    frontier = {cell for _, per_cell in groups for cell in per_cell}
    floating = len(hidden) - len(frontier)

    def rest_weight(mines: int) -> int:
        """Ways to put the remaining mines among the floating cells."""
        rest = left - mines
        return comb(floating, rest) if 0 <= rest <= floating else 0

    everything: dict[int, int] = {0: 1}
    for totals, _ in groups:
        everything = _convolve(everything, totals)
    total = sum(w * rest_weight(k) for k, w in everything.items())
    if total == 0:
        raise ImpossiblePositionError(
            "impossible position: no arrangement of the mines fits the numbers"
        )
    result: dict[Position, Fraction] = {}
    for index, (_totals, per_cell) in enumerate(groups):
        others: dict[int, int] = {0: 1}
        for other, (other_totals, _) in enumerate(groups):
            if other != index:
                others = _convolve(others, other_totals)
        for cell, weights in per_cell.items():
            mine_weight = sum(
                w * o * rest_weight(k + j) for k, w in weights.items() for j, o in others.items()
            )
            result[cell] = Fraction(mine_weight, total)
    if floating:
        expected = sum(w * rest_weight(k) * (left - k) for k, w in everything.items())
        share = Fraction(expected, total * floating)
        for cell in hidden:
            if cell not in frontier:
                result[cell] = share
    return total, result
