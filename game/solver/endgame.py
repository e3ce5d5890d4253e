"""Perfect play once few arrangements of the mines are left.

When at most `ALWAYS_SEARCHED` arrangements fit a position, they are all
listed and the rest of the game is searched exactly, to its end: for every
cell that could be revealed, every number it could show, and so on, the move
with the best chance of winning. Up to `MAX_ARRANGEMENTS` the search is
tried too, within `SEARCH_STEPS` of its own; past them it gives way to the
look-ahead, which sees one move ahead.

A set of arrangements is one integer, bit j standing for arrangement j, so
splitting a set by what a cell shows is a few integer ANDs, and a set is its
own key in the tables of positions already searched. A strategy wins in a
whole number of the arrangements, so chances are counted as integers and
divided once at the end.

What keeps the search small:

- Cells safe in every arrangement left but whose numbers are not yet known
  are free information: revealing them never lowers the chance of winning,
  so all of them are revealed at once, before any guess.
- Two guesses that split the arrangements the same way are worth the same,
  so only one of them is searched.
- A guess cannot win in more arrangements than it survives, so guesses are
  tried safest first and the rest are dropped once that bound falls to the
  best found. The bound reaches down the tree: a position is searched only
  for whether it can beat what its caller needs (a position that cannot is
  remembered with its upper bound, which later tightens the bound of any
  reveal that leads to it), as in alpha-beta search.
- A cell that is certain in a set of arrangements (a mine, or a number
  known already) stays so in every part of it, so each position looks only
  at the cells its parent found still undecided.
- Groups of touching cells whose arrangements pair freely with the rest's
  (two 50/50s, say) are searched apart, and their chances multiplied.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Final

from game.rules.board import Position, neighbour_table
from game.rules.seen import FLAGGED, Seen
from game.solver.counting import Count
from game.solver.groups import Budget, TooComplexError

ALWAYS_SEARCHED: Final = 400
"""Up to this many arrangements, the search always runs to the end (a caller's budget aside)."""
MAX_ARRANGEMENTS: Final = 750
"""The most arrangements the search takes on."""
SEARCH_STEPS: Final = 100_000
"""Above `ALWAYS_SEARCHED` arrangements, the steps the search may take before it leaves
the move to the look-ahead."""
CELLS_PER_STEP: Final = 4
"""Searching one position looks at each cell that may still tell its arrangements apart;
a step is this many of those looks, so that a step takes about as long as one of the
count's (about 2 microseconds in CPython)."""


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
    then the top-left one. The search spends *budget*, if given; above
    `ALWAYS_SEARCHED` arrangements it also has `SEARCH_STEPS` of its own.

    :raises TooComplexError: when *budget* runs out.
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
    except _TooLargeError:
        return None
    own = None if len(layouts) <= ALWAYS_SEARCHED else Budget(SEARCH_STEPS)
    budgets = [b for b in (own, budget) if b is not None]
    found: list[Endgame] = []
    try:
        for region, arranged in _regions(seen, cells, layouts):
            best = _Search(seen, weights, mines, region, arranged, budgets).best()
            if best is None:
                return None
            found.append(best)
    except TooComplexError:
        if own is not None and own.left < 0:
            return None
        raise
    chance = prod((f.chance for f in found), start=Fraction(1))
    move = min((f.move for f in found), key=lambda p: (weights[p], p[1], p[0]))
    return Endgame(move, chance)


def _regions(
    seen: Seen, cells: Sequence[Position], layouts: Sequence[int]
) -> list[tuple[list[Position], list[int]]]:
    """Split the undecided cells into regions played apart, each with its own arrangements.

    A group of touching cells is a region of its own when the arrangements
    are every pairing of its arrangements with those of the other cells (its
    mines are known in number, say): a number revealed in it then says
    nothing of the rest, so each region is won or lost alone and the chance
    of winning the game is the product of theirs. Any move that is best in
    one region is best for the game. The groups that are not independent
    stay together as one region.
    """
    table = neighbour_table(seen.width, seen.height)
    index = {p: i for i, p in enumerate(cells)}
    group = list(range(len(cells)))

    def find(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for pos, i in index.items():
        for n in table[pos]:
            if n in index:
                group[find(i)] = find(index[n])
    masks: dict[int, int] = {}
    for i in range(len(cells)):
        masks[find(i)] = masks.get(find(i), 0) | 1 << i
    apart = []
    rest = 0
    for mask in masks.values():
        inside = {layout & mask for layout in layouts}
        outside = {layout & ~mask for layout in layouts}
        if len(inside) * len(outside) == len(layouts) and len(masks) > 1:
            apart.append(mask)
        else:
            rest |= mask
    if rest:
        apart.append(rest)
    regions = []
    for mask in apart:
        bits = [i for i in range(len(cells)) if mask >> i & 1]
        arranged = dict.fromkeys(
            sum(1 << k for k, i in enumerate(bits) if layout >> i & 1) for layout in layouts
        )
        regions.append(([cells[i] for i in bits], list(arranged)))
    return regions


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
    """The game tree over a list of arrangements; a node is a set of them, as bits of an int.

    `_wins(node, floor)` answers in how many arrangements of *node* perfect
    play wins, when that is more than *floor*; otherwise it returns an upper
    bound no more than *floor*, which is all its caller needs to drop a move.
    """

    def __init__(
        self,
        seen: Seen,
        weights: Mapping[Position, int],
        mines: Set[Position],
        cells: Sequence[Position],
        layouts: Sequence[int],
        budgets: Sequence[Budget],
    ) -> None:
        table = neighbour_table(seen.width, seen.height)
        bit = {p: i for i, p in enumerate(cells)}
        known = [sum(1 for n in table[p] if n in mines) for p in cells]
        around = [sum(1 << bit[n] for n in table[p] if n in bit) for p in cells]
        self.cells = cells
        self.weights = weights
        # For each cell: the arrangements with a mine there, and the others by number shown.
        self.mined: list[int] = []
        self.shows: list[tuple[int, ...]] = []
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
            self.shows.append(tuple(by_number.values()))
        self.size = len(layouts)
        self.budgets = budgets
        self.exact: dict[int, int] = {}
        """Positions searched to the end: the arrangements in which perfect play wins."""
        self.upper: dict[int, int] = {}
        """Positions found unable to beat a caller's floor: an upper bound of their wins."""

    def best(self) -> Endgame | None:
        """Return the best first move, trying the cells safest first."""
        root = (1 << self.size) - 1
        order = sorted(
            range(len(self.cells)),
            key=lambda i: (self.weights[self.cells[i]], self.cells[i][1], self.cells[i][0]),
        )
        found: tuple[int, int] | None = None
        tried: set[frozenset[int]] = set()
        everything = range(len(self.cells))
        for i in order:
            safe = self.size - self.mined[i].bit_count()
            if safe == 0:
                continue
            if found is not None and safe <= found[1]:
                break
            split = frozenset(part for part in self.shows[i] if part & root)
            if split in tried:
                continue
            tried.add(split)
            won = self._after(split, -1 if found is None else found[1], everything)
            if found is None or won > found[1]:
                found = (i, won)
        if found is None:
            return None
        return Endgame(self.cells[found[0]], Fraction(found[1], self.size))

    def _after(self, parts: Iterable[int], floor: int, live: Sequence[int]) -> int:
        """Return the wins over *parts*, the sets a reveal splits a position into.

        Exact when more than *floor*; otherwise an upper bound no more than *floor*.
        Each part wins in at most all of its arrangements: once the parts left
        cannot lift the sum above *floor*, the rest is not searched. *live*
        holds every cell that may still tell the part's arrangements apart.
        """
        exact, upper = self.exact, self.upper
        bounds = []
        for part in parts:
            size = part.bit_count()
            known = exact.get(part)
            bounds.append((size, known if known is not None else upper.get(part, size), part))
        bounds.sort(reverse=True)
        rest = sum(bound for _, bound, _ in bounds)
        won = 0
        for _, bound, part in bounds:
            rest -= bound
            need = floor - won - rest
            wins = self._wins(part, need, live)
            if wins <= need:
                return won + wins + rest
            won += wins
        return won

    def _wins(self, node: int, floor: int, live: Sequence[int]) -> int:
        """Return in how many of the arrangements of *node* perfect play wins.

        Exact when more than *floor*; otherwise an upper bound no more than *floor*.
        Only the cells of *live* are looked at: a cell certain in a set of
        arrangements (a mine, or a known number) stays so in every part of it.
        """
        if node & (node - 1) == 0:  # a single arrangement: everything is known
            return 1
        known = self.exact.get(node)
        if known is not None:
            return known
        size = node.bit_count()
        bound = min(size, self.upper.get(node, size))
        if bound <= floor:
            return bound
        cost = 1 + len(live) // CELLS_PER_STEP
        for budget in self.budgets:
            budget.spend(cost, "search")
        guesses: list[tuple[int, int]] = []
        free: list[int] = []  # safe everywhere, and what they show is not known yet
        every_mined, shows = self.mined, self.shows
        for cell in live:
            mined = every_mined[cell]
            if node & mined:
                mined = (node & mined).bit_count()
                if mined < size:
                    guesses.append((mined, cell))
                continue
            for part in shows[cell]:
                if part & node:
                    if part & node != node:
                        free.append(cell)
                    break
        parts = [node]
        for cell in free:  # reveal them all, before any guess
            parts = [p & q for p in parts for q in self.shows[cell] if p & q]
        alive = free + [cell for _, cell in guesses]
        if len(parts) > 1:
            won = self._after(parts, floor, alive)
        else:
            won, bound = floor, 0
            tried: set[frozenset[int]] = set()
            for mined, cell in sorted(guesses):
                if size - mined <= won:
                    bound = max(bound, size - mined)
                    break  # no riskier guess can do better
                split = frozenset(node & part for part in self.shows[cell] if node & part)
                if split not in tried:
                    tried.add(split)
                    wins = self._after(split, won, alive)
                    if wins > won:
                        won = wins
                    else:
                        bound = max(bound, wins)
            if won == floor:
                won = bound
        if won > floor:
            self.exact[node] = won
        else:
            self.upper[node] = won
        return won
