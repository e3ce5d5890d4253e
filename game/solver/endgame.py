"""Perfect play once few arrangements of the mines are left.

When at most `MAX_ARRANGEMENTS` arrangements fit a position, they are all
listed and the rest of the game is searched exactly: for every cell that
could be revealed, every number it could show, and so on to the end, the
move with the best chance of winning. The look-ahead that chooses guesses
earlier sees one move ahead; this search sees to the end of the game.

A set of arrangements is one integer, bit j standing for arrangement j, so
splitting a set by what a cell shows is a few integer ANDs, and a set is its
own key in the table of positions already searched. A strategy wins in a
whole number of the arrangements, so chances are counted as integers and
divided once at the end.

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
from game.solver.analysis import Count
from game.solver.groups import Budget

MAX_ARRANGEMENTS: Final = 750
"""The most arrangements the search takes on."""
MAX_STEPS: Final = 100_000
"""The most steps it takes before leaving the move to the look-ahead. Visiting a position
looks at each of its arrangements once per cell; one step is sixteen of those looks."""
_LOOKS_PER_STEP: Final = 16


class _TooLargeError(Exception):
    """The search would exceed its limits."""


@dataclass(frozen=True, slots=True)
class Endgame:
    """The best move found by the exhaustive search, and its exact chance of winning."""

    move: Position
    chance: Fraction


def solve_endgame(count: Count, budget: Budget | None = None) -> Endgame | None:
    """Return the guess with the best chance of winning, or None if the search is too large.

    Meant for a position with no certainly safe cell (that would be revealed
    first); *count* is its count of arrangements. Ties go to the safer cell,
    then the top-left one. Each step of the search spends one unit of
    *budget*, if given.

    :raises TooComplexError: when the budget runs out.
    """
    if count.total > MAX_ARRANGEMENTS:
        return None
    weights = count.mine_weights()
    seen = count.seen
    mines = {p for p, c in seen.cells.items() if c is FLAGGED} | {
        p for p, w in weights.items() if w == count.total
    }
    try:
        cells, layouts = _arrangements(seen, weights, count.total, mines)
        return _Search(seen, weights, mines, cells, layouts, budget).best()
    except _TooLargeError:
        return None


def _arrangements(
    seen: Seen, weights: Mapping[Position, int], total: int, mines: Set[Position]
) -> tuple[list[Position], list[int]]:
    """List the undecided cells and every arrangement of their mines, one bit per cell.

    *weights* are the arrangements that mine each hidden cell, out of *total*;
    *mines* are the flags and the cells certain to hold a mine.

    :raises _TooLargeError: past `MAX_ARRANGEMENTS` arrangements.
    """
    table = neighbour_table(seen.width, seen.height)
    undecided = [p for p, w in weights.items() if 0 < w < total]
    open_cells = set(undecided)
    needs: list[tuple[list[Position], int]] = []
    for pos, shown in seen.cells.items():
        if isinstance(shown, int):
            around = [n for n in table[pos] if n in open_cells]
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
    """The game tree over a list of arrangements; a node is a set of them, as bits of an int."""

    def __init__(
        self,
        seen: Seen,
        weights: Mapping[Position, int],
        mines: Set[Position],
        cells: Sequence[Position],
        layouts: Sequence[int],
        budget: Budget | None,
    ) -> None:
        table = neighbour_table(seen.width, seen.height)
        bit = {p: i for i, p in enumerate(cells)}
        known = [sum(1 for n in table[p] if n in mines) for p in cells]
        around = [sum(1 << bit[n] for n in table[p] if n in bit) for p in cells]
        self.cells = cells
        self.weights = weights
        # For each cell: the arrangements with a mine there, and the others by number shown.
        self.mined: list[int] = []
        self.shows: list[list[int]] = []
        for i in range(len(cells)):
            by_number: dict[int, int] = {}
            mined = 0
            for j, layout in enumerate(layouts):
                if layout >> i & 1:
                    mined |= 1 << j
                else:
                    shown = (layout & around[i]).bit_count() + known[i]
                    by_number[shown] = by_number.get(shown, 0) | 1 << j
            self.mined.append(mined)
            self.shows.append(list(by_number.values()))
        self.size = len(layouts)
        self.budget = budget
        self.steps = 0
        self.wins: dict[int, int] = {}

    def best(self) -> Endgame | None:
        """Return the best first move, trying the cells safest first."""
        root = (1 << self.size) - 1
        order = sorted(
            range(len(self.cells)),
            key=lambda i: (self.weights[self.cells[i]], self.cells[i][1], self.cells[i][0]),
        )
        found: tuple[int, int] | None = None
        for i in order:
            safe = self.size - self.mined[i].bit_count()
            if safe == 0 or (found is not None and safe <= found[1]):
                continue
            won = self._after(root, i)
            if found is None or won > found[1]:
                found = (i, won)
        if found is None:
            return None
        return Endgame(self.cells[found[0]], Fraction(found[1], self.size))

    def _after(self, node: int, cell: int) -> int:
        """Return in how many arrangements of *node* the game is won after revealing *cell*."""
        return sum(self._won(node & part) for part in self.shows[cell] if node & part)

    def _won(self, node: int) -> int:
        """Return in how many of the arrangements of *node* perfect play wins."""
        if node & (node - 1) == 0:  # a single arrangement: everything is known
            return 1
        known = self.wins.get(node)
        if known is not None:
            return known
        size = node.bit_count()
        cost = 1 + size * len(self.cells) // _LOOKS_PER_STEP
        self.steps += cost
        if self.steps > MAX_STEPS:
            raise _TooLargeError
        if self.budget is not None:
            self.budget.spend(cost, "search")
        guesses: list[tuple[int, int, frozenset[int]]] = []
        won = -1
        for cell, parts in enumerate(self.shows):
            split = frozenset(node & part for part in parts if node & part)
            mined = (node & self.mined[cell]).bit_count()
            if mined == 0:
                if len(split) > 1:  # free information: take it first
                    won = sum(self._won(part) for part in split)
                    break
            elif mined < size:
                guesses.append((mined, cell, split))
        if won < 0:
            won = 0
            tried: set[frozenset[int]] = set()
            for mined, _, split in sorted(guesses):
                if size - mined <= won:
                    break  # no riskier guess can do better
                if split not in tried:
                    tried.add(split)
                    won = max(won, sum(self._won(part) for part in split))
        self.wins[node] = won
        return won
