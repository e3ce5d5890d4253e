"""Counting the arrangements of one group of constraints that share cells.

Cells touched by exactly the same numbers are interchangeable: they form a
class, and j mines in a class of s cells sit in C(s, j) ways, which keeps
the search small. Counts are remembered by their constraints, since most
groups outlive many moves and the look-ahead meets the same ones again.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import comb
from typing import Final

from game.rules.board import Position

Weights = dict[int, int]
"""Number of arrangements, by number of mines."""

CACHE_SIZE: Final = 4096
"""How many group counts are remembered (the oldest half is dropped when full)."""


class TooComplexError(ValueError):
    """Counting the arrangements would take more steps than the caller allowed."""


class Budget:
    """Search steps left, shared by every count and search of one decision.

    A caller that must stay responsive (the page) gives one; None in a
    signature means no limit.
    """

    __slots__ = ("left",)

    def __init__(self, steps: int) -> None:
        self.left = steps
        """Steps still allowed; below zero once overspent."""

    def spend(self, steps: int, what: str = "count exactly") -> None:
        """Take *steps*.

        :raises TooComplexError: when it runs out ("too large to *what* in a moment").
        """
        self.left -= steps
        if self.left < 0:
            raise TooComplexError(f"the position is too large to {what} in a moment")


@dataclass(frozen=True, slots=True)
class Constraint:
    """A revealed number's demand: exactly *mines* of these hidden cells hold a mine."""

    cells: frozenset[Position]
    mines: int


@dataclass(frozen=True, slots=True)
class Group:
    """The arrangements of a set of constraints that share cells, counted by mines."""

    constraints: frozenset[Constraint]
    cells: frozenset[Position]
    totals: Weights
    """Arrangements of the group's cells, by the number of mines among them."""
    classes: tuple[tuple[tuple[Position, ...], Weights], ...]
    """Interchangeable cells, and for one of them the arrangements that mine it, by mines."""
    steps: int
    """The steps the count took (charged again when it is reused)."""


MAX_CLASSES: Final = 400
"""Classes of cells one group's search may go through: its depth, one frame a class, kept
well under the recursion limit of CPython and Pyodide (1,000) with room for its callers."""

Order = list[tuple[tuple[int, ...], list[Position]]]
"""A group's classes, each the numbers it touches (by index) and its cells."""


def search_order(
    constraints: frozenset[Constraint],
) -> tuple[Order, list[tuple[int, ...]], list[int], list[int], list[int]]:
    """Return what a search over a group's classes of interchangeable cells starts from.

    The classes (cells touched by the same numbers) most constrained first, so
    that a failing number is found near the root; each class's numbers and
    size; each number's mines still needed and cells still open to it.

    :raises TooComplexError: when the classes are more than `MAX_CLASSES`.
    """
    numbers = sorted(constraints, key=lambda c: (sorted(c.cells), c.mines))
    touching: dict[Position, list[int]] = defaultdict(list)
    for index, constraint in enumerate(numbers):
        for cell in constraint.cells:
            touching[cell].append(index)
    by_key: dict[tuple[int, ...], list[Position]] = defaultdict(list)
    for cell in sorted(touching):
        by_key[tuple(touching[cell])].append(cell)
    if len(by_key) > MAX_CLASSES:
        raise TooComplexError("the position is too large to count exactly in a moment")
    order = sorted(by_key.items(), key=lambda item: -len(item[0]))
    keys = [k for k, _ in order]
    sizes = [len(v) for _, v in order]
    room = [0] * len(numbers)
    for key, size in zip(keys, sizes, strict=True):
        for index in key:
            room[index] += size
    return order, keys, sizes, [c.mines for c in numbers], room


_cache: dict[frozenset[Constraint], Group] = {}


def forget() -> None:
    """Drop every remembered group count (benchmarks time a cold count this way)."""
    _cache.clear()


def count_group(constraints: frozenset[Constraint], budget: Budget | None = None) -> Group:
    """Count a group's arrangements by mine count, and for each cell those where it is a mine.

    A depth-first search over the classes, most-constrained first so that a
    failing number is found near the root. Each step spends one unit of
    *budget*, if given. A group counted before is not counted again, but its
    steps are charged again, so that a position costs the same whatever came
    before it.

    :raises TooComplexError: when the budget runs out, or the group's classes are more
        than `MAX_CLASSES`.
    """
    known = _cache.get(constraints)
    if known is not None:
        if budget is not None:
            budget.spend(known.steps)
        return known
    order, keys, sizes, need, room = search_order(constraints)
    totals: Weights = defaultdict(int)
    class_mines: list[Weights] = [defaultdict(int) for _ in keys]
    mined: list[tuple[int, int]] = []  # (class, mines) for the classes holding mines
    steps = 0
    depth_count = len(keys)

    def search(depth: int, mines: int, weight: int) -> None:
        nonlocal steps
        steps += 1
        if budget is not None:
            budget.spend(1)
        if depth == depth_count:
            totals[mines] += weight
            for i, j in mined:
                class_mines[i][mines] += weight * j
            return
        key, size = keys[depth], sizes[depth]
        low, high = 0, size
        for i in key:
            short = need[i] - room[i] + size
            if short > low:
                low = short
            if need[i] < high:
                high = need[i]
            room[i] -= size
        for j in range(low, high + 1):
            for i in key:
                need[i] -= j
            if j:
                mined.append((depth, j))
                search(depth + 1, mines + j, weight * comb(size, j))
                mined.pop()
            else:
                search(depth + 1, mines, weight)
            for i in key:
                need[i] += j
        for i in key:
            room[i] += size

    search(0, 0, 1)
    classes = tuple(
        # One given cell of a class of s is mined in j/s of the arrangements with j mines
        # there; exact, since C(s, j) * j / s = C(s-1, j-1).
        (tuple(cells), {k: w // len(cells) for k, w in mines.items()})
        for (_, cells), mines in zip(order, class_mines, strict=True)
    )
    cells = frozenset(cell for _, members in order for cell in members)
    group = Group(constraints, cells, dict(totals), classes, steps)
    if len(_cache) >= CACHE_SIZE:
        for old in list(_cache)[: CACHE_SIZE // 2]:
            del _cache[old]
    _cache[constraints] = group
    return group
