"""Drawing one arrangement of the mines, uniformly among every arrangement that fits a position.

The fair modes (`game.deal.fair`) move the mines to an arrangement drawn here.
The draw is exact and uniform: each arrangement that fits the numbers shown
and the mine total (with some cells required to hold a mine, or none) is
drawn with the same chance, by the counts the solver already makes.

1. The hidden cells next to a number split into groups that share no number
   (`game.solver.counting.split_groups`); each group's solutions are listed
   per class of interchangeable cells (*j* mines in a class of *s* cells),
   each weighed by its arrangements, the product of C(s, j).
2. The number of mines on the frontier, *K*, is drawn with weight (the
   groups' arrangements with *K* mines together) x C(F, left - K), the ways
   to put the rest among the *F* cells next to no number.
3. Each group in turn draws its mines *k* given what the later groups can
   hold, then one of its solutions with *k* mines by weight, then which
   cells of each class hold its mines.
4. The mines left go to cells next to no number, any of them alike.

Each step draws in proportion to the number of full arrangements it leaves,
so the product of the steps' chances is 1 / (arrangements): uniform.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from math import comb
from random import Random

from game.rules.board import Position
from game.rules.seen import FLAGGED, HIDDEN, Seen
from game.solver.counting import constraints_of, convolve, split_groups
from game.solver.groups import Budget, Constraint, search_order

Solution = tuple[int, int, tuple[int, ...]]
"""A group's solution: its mines, its arrangements, and the mines of each class."""


def unflagged(seen: Seen) -> Seen:
    """Return *seen* with its flags taken off: the fair modes read flags as notes."""
    if not any(c is FLAGGED for c in seen.cells.values()):
        return seen
    cells = {p: HIDDEN if c is FLAGGED else c for p, c in seen.cells.items()}
    return Seen(seen.width, seen.height, seen.mines, cells)


def draw(
    seen: Seen,
    rng: Random,
    *,
    mines: Iterable[Position] = (),
    safe: Iterable[Position] = (),
    budget: Budget | None = None,
) -> frozenset[Position] | None:
    """Return every mine of an arrangement drawn uniformly among those that fit *seen*.

    The arrangement puts a mine on each of *mines* and none on *safe* (hidden
    cells), and its mines on flagged cells too (flags are placed by the
    player: a flag counts as a mine, so pass `unflagged(seen)` to read them
    as notes). None when no arrangement fits.

    :raises TooComplexError: if listing the solutions needs more than *budget* steps.
    :raises ValueError: if a number cannot be satisfied.
    """
    constraints, left, hidden = constraints_of(seen)
    constraints += [Constraint(frozenset((c,)), 1) for c in mines]
    constraints += [Constraint(frozenset((c,)), 0) for c in safe]
    groups = [_solve(g, budget) for g in split_groups(constraints)]
    frontier = {cell for classes, _ in groups for cell_class in classes for cell in cell_class}
    floating = [c for c in hidden if c not in frontier]
    totals = [_totals(solutions) for _, solutions in groups]
    after: list[dict[int, int]] = [{0: 1}]  # after[i]: the last i groups together, by mines
    for weights in reversed(totals):
        after.append(convolve(weights, after[-1]))
    after.reverse()
    options = {k: w * comb(len(floating), left - k) for k, w in after[0].items() if k <= left}
    frontier_mines = _pick(options, rng)
    if frontier_mines is None:
        return None
    floating_mines = left - frontier_mines
    chosen = {c for c in seen.cells if seen.cells[c] is FLAGGED}
    for index, (classes, solutions) in enumerate(groups):
        rest = after[index + 1]
        ways = {k: w * rest.get(frontier_mines - k, 0) for k, w in totals[index].items()}
        k = _pick(ways, rng)
        assert k is not None  # the frontier's mines were drawn among what the groups hold
        frontier_mines -= k
        with_k = {i: weight for i, (m, weight, _) in enumerate(solutions) if m == k}
        picked = _pick(with_k, rng)
        assert picked is not None
        for cells, j in zip(classes, solutions[picked][2], strict=True):
            chosen.update(rng.sample(cells, j))
    chosen.update(rng.sample(floating, floating_mines))
    return frozenset(chosen)


def _pick(weights: dict[int, int], rng: Random) -> int | None:
    """Return a key of *weights* drawn in proportion to its weight (None if all are 0)."""
    total = sum(weights.values())
    if total == 0:
        return None
    point = rng.randrange(total)
    for key in sorted(weights):
        point -= weights[key]
        if point < 0:
            return key
    raise AssertionError("unreachable: the weights add up to their total")


def _totals(solutions: Sequence[Solution]) -> dict[int, int]:
    totals: dict[int, int] = defaultdict(int)
    for mines, weight, _ in solutions:
        totals[mines] += weight
    return dict(totals)


Classes = tuple[tuple[Position, ...], ...]
"""A group's classes of interchangeable cells, in the order its solutions name them."""

_cache: dict[frozenset[Constraint], tuple[Classes, list[Solution], int]] = {}
"""A memo of `_solve`: a group's classes, its solutions and the steps they took."""
_CACHE_SIZE = 512


def forget() -> None:
    """Drop every remembered group's solutions (benchmarks time a cold draw this way)."""
    _cache.clear()


def _solve(
    constraints: frozenset[Constraint], budget: Budget | None
) -> tuple[Classes, list[Solution]]:
    """Return a group's classes of interchangeable cells and every solution over them.

    A depth-first search like `game.solver.groups.count_group`'s, which keeps
    each solution instead of adding it up. Each step spends one unit of
    *budget*; a group listed before is charged its steps again.
    """
    known = _cache.get(constraints)
    if known is not None:
        if budget is not None:  # charged as when it was listed: a draw costs the same either way
            budget.spend(known[2], "draw an arrangement")
        return known[0], known[1]
    order, keys, sizes, need, room = search_order(constraints)
    solutions: list[Solution] = []
    taken: list[int] = []
    steps = 0

    def search(depth: int, mines: int, weight: int) -> None:
        nonlocal steps
        steps += 1
        if budget is not None:
            budget.spend(1, "draw an arrangement")
        if depth == len(keys):
            solutions.append((mines, weight, tuple(taken)))
            return
        key, size = keys[depth], sizes[depth]
        low, high = 0, size
        for i in key:
            low = max(low, need[i] - room[i] + size)
            high = min(high, need[i])
            room[i] -= size
        for j in range(low, high + 1):
            for i in key:
                need[i] -= j
            taken.append(j)
            search(depth + 1, mines + j, weight * comb(size, j))
            taken.pop()
            for i in key:
                need[i] += j
        for i in key:
            room[i] += size

    search(0, 0, 1)
    classes = tuple(tuple(cells) for _, cells in order)
    if len(_cache) >= _CACHE_SIZE:
        for old in list(_cache)[: _CACHE_SIZE // 2]:
            del _cache[old]
    _cache[constraints] = (classes, solutions, steps)
    return classes, solutions
