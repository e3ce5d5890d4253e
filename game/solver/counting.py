"""Exact mine probabilities for a position, by counting every consistent arrangement.

The hidden cells next to a revealed number (the frontier) are split into
groups that share no number, and each group is counted on its own. Cells
next to no number (floating cells) are never enumerated: any k of the F of
them can hold mines in C(F, k) ways. The groups are then combined by
mine count with exact integers, so nothing is lost to rounding on big boards.

Each group is counted by `game.solver.groups`. A `Count` keeps its groups,
so the count of the position after one more cell is revealed (`Count.after`,
what the look-ahead asks for many times per move) counts again only the one
group that the new number touches.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from game.rules.board import Position, neighbour_table
from game.rules.seen import FLAGGED, HIDDEN, Seen
from game.solver.groups import Budget, Constraint, Group, count_group


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


def constraints_of(seen: Seen) -> tuple[list[Constraint], int, list[Position]]:
    """Return the numbers' constraints on hidden cells, the mines left, and the hidden cells.

    Flags count as mines.

    :raises ValueError: if a number cannot be satisfied.
    """
    table = neighbour_table(seen.width, seen.height)
    cells = seen.cells
    flags = 0
    hidden = []
    constraints = []
    for pos, shown in cells.items():
        if shown is HIDDEN:
            hidden.append(pos)
            continue
        if shown is FLAGGED:
            flags += 1
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
            constraints.append(Constraint(unknown, needed))
    left = seen.mines - flags
    if left < 0:
        raise ImpossiblePositionError(
            f"impossible position: {flags} flags but only {seen.mines} mines",
            cells=tuple(p for p, c in cells.items() if c is FLAGGED),
        )
    return constraints, left, hidden


def split_groups(constraints: Sequence[Constraint]) -> list[frozenset[Constraint]]:
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
    grouped: dict[Position, set[Constraint]] = defaultdict(set)
    for constraint in constraints:
        grouped[find(next(iter(constraint.cells)))].add(constraint)
    return [frozenset(g) for g in grouped.values()]


def convolve(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    """Return the counts of two independent parts combined, by total mines."""
    result: dict[int, int] = defaultdict(int)
    for i, x in a.items():
        for j, y in b.items():
            result[i + j] += x * y
    return dict(result)


class Count:
    """Every arrangement of the mines that fits a position, counted group by group.

    `total` is the number of arrangements; `mine_weights` how many of them
    put a mine on each hidden cell. Both are exact integers.
    """

    __slots__ = ("_weights", "floating", "group_of", "groups", "left", "seen", "total")

    def __init__(
        self, seen: Seen, left: int, floating: frozenset[Position], groups: Iterable[Group]
    ) -> None:
        self.seen = seen
        self.left = left
        """Mines not flagged."""
        self.floating = floating
        """Hidden cells next to no number."""
        self.groups = tuple(groups)
        self.group_of = {cell: i for i, g in enumerate(self.groups) for cell in g.cells}
        self._weights: list[tuple[tuple[Position, ...], int]] | None = None
        self.total = self._combine()

    @classmethod
    def of(cls, seen: Seen, budget: Budget | None = None) -> Count:
        """Count the arrangements of *seen*.

        :raises ValueError: if a number cannot be satisfied.
        :raises TooComplexError: if the count needs more than *budget* steps.
        """
        constraints, left, hidden = constraints_of(seen)
        groups = [count_group(g, budget) for g in split_groups(constraints)]
        frontier = {cell for g in groups for cell in g.cells}
        return cls(seen, left, frozenset(c for c in hidden if c not in frontier), groups)

    def after(self, cell: Position, shown: int, budget: Budget | None = None) -> Count | None:
        """Count the arrangements once hidden *cell* is revealed showing *shown*.

        Only the groups the new number touches are counted again. Returns
        None when no arrangement shows that number there.

        :raises TooComplexError: if the count needs more than *budget* steps.
        """
        seen = self.seen
        table = neighbour_table(seen.width, seen.height)
        cells = seen.cells
        around = [n for n in table[cell] if cells[n] is HIDDEN]
        need = shown - sum(1 for n in table[cell] if cells[n] is FLAGGED)
        if not 0 <= need <= len(around):
            return None
        touched = {self.group_of[c] for c in (cell, *around) if c in self.group_of}
        constraints: set[Constraint] = set()
        for index in touched:
            for constraint in self.groups[index].constraints:
                if cell in constraint.cells:
                    rest = constraint.cells - {cell}
                    if not rest:
                        if constraint.mines:
                            return None
                        continue
                    if constraint.mines > len(rest):
                        return None
                    constraint = Constraint(rest, constraint.mines)
                constraints.add(constraint)
        if around:
            constraints.add(Constraint(frozenset(around), need))
        groups = [g for i, g in enumerate(self.groups) if i not in touched]
        if constraints:
            groups.append(count_group(frozenset(constraints), budget))
        floating = self.floating.difference(around, (cell,))
        count = Count(seen.showing(cell, shown), self.left, floating, groups)
        return count if count.total else None

    def given(
        self, mines: Iterable[Position], safe: Iterable[Position], budget: Budget | None = None
    ) -> int:
        """Return how many arrangements put a mine on each of *mines* and none on *safe*.

        The cells must be hidden. Only the groups they touch are counted again.

        :raises TooComplexError: if the count needs more than *budget* steps.
        """
        forced = [Constraint(frozenset((c,)), 1) for c in mines]
        forced += [Constraint(frozenset((c,)), 0) for c in safe]
        touched = {self.group_of[c] for f in forced for c in f.cells if c in self.group_of}
        constraints = set(forced)
        for index in touched:
            constraints.update(self.groups[index].constraints)
        groups = [g for i, g in enumerate(self.groups) if i not in touched]
        groups.append(count_group(frozenset(constraints), budget))
        floating = self.floating.difference(c for f in forced for c in f.cells)
        return Count(self.seen, self.left, floating, groups).total

    def _combine(self) -> int:
        everything: dict[int, int] = {0: 1}
        for group in self.groups:
            everything = convolve(everything, group.totals)
        floating, left = len(self.floating), self.left
        return sum(w * comb(floating, left - k) for k, w in everything.items() if k <= left)

    def class_weights(self) -> list[tuple[tuple[Position, ...], int]]:
        """Return interchangeable hidden cells, each with the arrangements that mine one of them.

        The floating cells come last, as one class.
        """
        if self._weights is not None:
            return self._weights
        groups = self.groups
        floating, left = len(self.floating), self.left
        # others[i]: the groups other than i convolved, from prefix and suffix products.
        prefix = [{0: 1}]
        for group in groups:
            prefix.append(convolve(prefix[-1], group.totals))
        suffix: dict[int, int] = {0: 1}
        others: list[dict[int, int]] = [{}] * len(groups)
        for index in range(len(groups) - 1, -1, -1):
            others[index] = convolve(prefix[index], suffix)
            suffix = convolve(suffix, groups[index].totals)
        result = []
        for index, group in enumerate(groups):
            # rest[k]: ways to place the other mines when k of them are in this group.
            rest = {
                k: sum(
                    w * comb(floating, left - k - j)
                    for j, w in others[index].items()
                    if k + j <= left
                )
                for k in group.totals
            }
            for cells, mines in group.classes:
                result.append((cells, sum(w * rest[k] for k, w in mines.items())))
        if floating:
            everything = prefix[-1]
            share = sum(
                w * comb(floating - 1, left - k - 1) for k, w in everything.items() if k < left
            )
            result.append((tuple(sorted(self.floating)), share))
        self._weights = result
        return result

    def mine_weights(self) -> dict[Position, int]:
        """Return, for every hidden cell, the arrangements that put a mine on it."""
        return {cell: w for cells, w in self.class_weights() for cell in cells}

    def probabilities(self) -> dict[Position, Fraction]:
        """Return each hidden cell's exact probability of holding a mine."""
        total = self.total
        return {cell: Fraction(w, total) for cell, w in self.mine_weights().items()}


def count(seen: Seen, budget: Budget | None = None) -> Count:
    """Count the arrangements of *seen*, checking that at least one fits.

    :raises ValueError: if no arrangement of the mines fits the position.
    :raises TooComplexError: if the count needs more than *budget* steps.
    """
    result = Count.of(seen, budget)
    if result.total == 0:
        raise ImpossiblePositionError(
            "impossible position: no arrangement of the mines fits the numbers"
        )
    return result
