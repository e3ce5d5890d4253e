"""Perfect play once few arrangements of the mines are left.

When at most `MAX_ARRANGEMENTS` arrangements fit a position, they are all
listed and the rest of the game is searched exactly: for every cell that
could be revealed, every number it could show, and so on to the end, the
move with the best chance of winning. The look-ahead that chooses guesses
earlier sees one move ahead; this search sees to the end of the game.

Two facts keep the search small. A cell that is safe in every arrangement
left but whose number is not yet known is free information, and taking it
before any guess never lowers the chance of winning, so it is taken at once.
And two guesses that split the arrangements the same way are worth the same,
so only one of them is searched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from game.board import Position, neighbour_table
from game.seen import FLAGGED, Seen
from game.solver.analysis import Budget, TooComplexError

MAX_ARRANGEMENTS: Final = 750
"""The most arrangements the search takes on."""
MAX_STEPS: Final = 100_000
"""The most steps it takes before leaving the move to the look-ahead (half a second of
CPython). Visiting a position looks at each of its arrangements once per cell; one step
is sixteen of those looks, about as long as a step of the exact count."""
_LOOKS_PER_STEP: Final = 16

MINE: Final = -1
"""The outcome of revealing a cell that holds a mine."""


class _TooLargeError(Exception):
    """The search would exceed its limits."""


@dataclass(frozen=True, slots=True)
class Endgame:
    """The best move found by the exhaustive search, and its exact chance of winning."""

    move: Position
    chance: Fraction


def solve_endgame(
    seen: Seen,
    probabilities: Mapping[Position, Fraction],
    total: int,
    budget: Budget = None,
) -> Endgame | None:
    """Return the guess with the best chance of winning, or None if the search is too large.

    Meant for a position with no certainly safe cell (that would be revealed
    first). *probabilities* are the position's exact ones and *total* its
    count of arrangements. Ties go to the safer cell, then the top-left one.
    Each step of the search spends one unit of *budget*, if given.

    :raises TooComplexError: when the budget runs out.
    """
    if total > MAX_ARRANGEMENTS:
        return None
    mines = {p for p, c in seen.cells.items() if c is FLAGGED} | {
        p for p, v in probabilities.items() if v == 1
    }
    try:
        cells, layouts = _arrangements(seen, probabilities, mines)
        return _Search(seen, probabilities, mines, cells, layouts, budget).best()
    except _TooLargeError:
        return None


def _arrangements(
    seen: Seen, probabilities: Mapping[Position, Fraction], mines: Set[Position]
) -> tuple[list[Position], list[int]]:
    """List the undecided cells and every arrangement of their mines, one bit per cell.

    *mines* are the flags and the cells certain to hold a mine.

    :raises _TooLargeError: past `MAX_ARRANGEMENTS` arrangements.
    """
    table = neighbour_table(seen.width, seen.height)
    undecided = [p for p, v in probabilities.items() if 0 < v < 1]
    needs: list[tuple[list[Position], int]] = []
    for pos, shown in seen.cells.items():
        if isinstance(shown, int):
            around = [n for n in table[pos] if n in probabilities and 0 < probabilities[n] < 1]
            if around:
                needs.append((around, shown - sum(1 for n in table[pos] if n in mines)))
    # Cells next to numbers first, so that a failing number is found near the root.
    order = list(dict.fromkeys([n for around, _ in needs for n in around] + undecided))
    index = {p: i for i, p in enumerate(order)}
    touching: list[list[int]] = [[] for _ in order]
    for k, (around, _) in enumerate(needs):
        for cell in around:
            touching[index[cell]].append(k)
    need = [n for _, n in needs]
    room = [len(around) for around, _ in needs]
    bit = {p: 1 << i for i, p in enumerate(undecided)}
    layouts: list[int] = []

    def place(i: int, left: int, layout: int) -> None:
        if i == len(order):
            if left == 0:
                if len(layouts) == MAX_ARRANGEMENTS:
                    raise _TooLargeError
                layouts.append(layout)
            return
        if left > len(order) - i:
            return
        for mine in (0, 1) if left else (0,):
            if all(0 <= need[k] - mine <= room[k] - 1 for k in touching[i]):
                for k in touching[i]:
                    need[k] -= mine
                    room[k] -= 1
                place(i + 1, left - mine, layout | (bit[order[i]] if mine else 0))
                for k in touching[i]:
                    need[k] += mine
                    room[k] += 1

    place(0, seen.mines - len(mines), 0)
    return undecided, layouts


class _Search:
    """The game tree over a list of arrangements; a node is a tuple of their indices."""

    def __init__(
        self,
        seen: Seen,
        probabilities: Mapping[Position, Fraction],
        mines: Set[Position],
        cells: Sequence[Position],
        layouts: Sequence[int],
        budget: Budget,
    ) -> None:
        table = neighbour_table(seen.width, seen.height)
        bit = {p: i for i, p in enumerate(cells)}
        known = [sum(1 for n in table[p] if n in mines) for p in cells]
        around = [sum(1 << bit[n] for n in table[p] if n in bit) for p in cells]
        self.cells = cells
        self.probabilities = probabilities
        self.outcomes = [
            [
                MINE if layout >> i & 1 else (layout & around[i]).bit_count() + known[i]
                for layout in layouts
            ]
            for i in range(len(cells))
        ]
        self.size = len(layouts)
        self.budget = budget
        self.steps = 0
        self.chances: dict[tuple[int, ...], Fraction] = {}

    def best(self) -> Endgame | None:
        """Return the best first move, trying the cells safest first."""
        root = tuple(range(self.size))
        order = sorted(
            range(len(self.cells)),
            key=lambda i: (self.probabilities[self.cells[i]], self.cells[i][1], self.cells[i][0]),
        )
        found: Endgame | None = None
        for i in order:
            split = self._split(root, i)
            safe = self.size - len(split.get(MINE, ()))
            if safe == 0 or (found is not None and Fraction(safe, self.size) <= found.chance):
                continue
            chance = self._after(split, self.size)
            if found is None or chance > found.chance:
                found = Endgame(self.cells[i], chance)
        return found

    def _split(self, node: tuple[int, ...], cell: int) -> dict[int, tuple[int, ...]]:
        """Group the arrangements of *node* by what *cell* would show."""
        outcome = self.outcomes[cell]
        groups: dict[int, list[int]] = {}
        for a in node:
            groups.setdefault(outcome[a], []).append(a)
        return {shown: tuple(group) for shown, group in groups.items()}

    def _after(self, split: Mapping[int, tuple[int, ...]], size: int) -> Fraction:
        """Return the chance of winning after a reveal that splits *size* arrangements so."""
        return sum(
            (Fraction(len(g), size) * self._chance(g) for s, g in split.items() if s != MINE),
            Fraction(0),
        )

    def _chance(self, node: tuple[int, ...]) -> Fraction:
        """Return the chance of winning from *node* with perfect play."""
        if len(node) == 1:
            return Fraction(1)
        if node in self.chances:
            return self.chances[node]
        cost = 1 + len(node) * len(self.cells) // _LOOKS_PER_STEP
        self.steps += cost
        if self.steps > MAX_STEPS:
            raise _TooLargeError
        if self.budget is not None:
            self.budget[0] -= cost
            if self.budget[0] < 0:
                raise TooComplexError("the position is too large to search in a moment")
        guesses: list[tuple[int, dict[int, tuple[int, ...]]]] = []
        for cell in range(len(self.cells)):
            split = self._split(node, cell)
            mines = len(split.get(MINE, ()))
            if mines == 0 and len(split) > 1:  # free information: take it first
                chance = self._after(split, len(node))
                break
            if 0 < mines < len(node):
                guesses.append((mines, split))
        else:
            chance = Fraction(0)
            tried: set[frozenset[tuple[int, ...]]] = set()
            for mines, split in sorted(guesses, key=lambda g: g[0]):
                if Fraction(len(node) - mines, len(node)) <= chance:
                    break  # no riskier guess can do better
                shape = frozenset(g for s, g in split.items() if s != MINE)
                if shape not in tried:
                    tried.add(shape)
                    chance = max(chance, self._after(split, len(node)))
        self.chances[node] = chance
        return chance
