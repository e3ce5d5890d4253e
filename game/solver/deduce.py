"""The one deducer: what a position's numbers prove, kept up to date as numbers are added.

A `Deducer` holds a position as deductions see it: the revealed numbers,
the cells known to hold a mine (proven, or flags a caller trusts) and the
covered cells proven safe. It is incremental: start it from a position
(`Deducer.of`), then add revealed numbers (`reveal`) or known mines
(`mark`) as the game goes on. Proven cells stay proven, since numbers are
only ever added.

`settle` applies the rules a player uses around the numbers that changed,
cheapest first: one number alone (`Number.is_done`, `Number.is_full`), then
two numbers whose cells in doubt overlap (`overlap`). The rules are sound
but not complete; `count`, the last resort, is both: the exact count of
every arrangement that fits the numbers and the mine total
(`game.solver.counting`), whose certain cells it records.

`deductions` gives what each rule proves of the position as it stands,
with the rule and the numbers that prove each cell, in the order a player
reads them: every number alone, row by row, then every pair.

Who uses it: the hint's explanation and the puzzles read its `deductions`
for the first reason that applies (`game.solver.explain`, through
`game.solver.study`, and `game.teacher.puzzles`); the game review keeps one
for a whole game (`game.teacher.review`); the no-guess generator clears
layouts with it (`game.deal.noguess`).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Final

from game.rules.board import Position, neighbour_table, row_order
from game.rules.seen import FLAGGED, HIDDEN, Seen, SeenCell
from game.solver.counting import Count, count
from game.solver.groups import Budget

RULE_WORK: Final = 8
"""Work of applying a rule at one number, in cells looked at (it reads its eight neighbours)."""

_NEAR: Final = tuple((dx, dy) for dy in range(-2, 3) for dx in range(-2, 3) if (dx, dy) != (0, 0))
"""Offsets of the numbers whose neighbourhoods can overlap a number's."""


@dataclass(frozen=True, slots=True)
class Number:
    """A revealed number and what it still says about its neighbours in doubt."""

    pos: Position
    """Where the number is."""
    shown: int
    """The number itself: how many of its neighbours hold a mine."""
    found: tuple[Position, ...]
    """Its neighbours known to hold a mine (flags, for a hint)."""
    unknown: frozenset[Position]
    """Its neighbours neither revealed nor settled: where its other mines must be."""

    @property
    def need(self) -> int:
        """How many mines its unknown neighbours hold."""
        return self.shown - len(self.found)

    def is_done(self) -> bool:
        """Tell whether its mines are all found: its unknown neighbours are then safe."""
        return self.need == 0 and bool(self.unknown)

    def is_full(self) -> bool:
        """Tell whether its unknown neighbours must all be mines."""
        return 0 < self.need == len(self.unknown)


@dataclass(frozen=True, slots=True)
class Overlap:
    """What two numbers whose unknown neighbours overlap say together."""

    first: Number
    """One of the numbers."""
    second: Number
    """The other one."""
    low: int
    """The fewest mines the shared cells can hold."""
    high: int
    """The most mines the shared cells can hold."""
    safe: frozenset[Position]
    """Cells next to one number only that must be safe."""
    mines: frozenset[Position]
    """Cells next to one number only that must be mines."""


class Rule(enum.Enum):
    """The rule a player uses that proves a cell, from the simplest."""

    FOUND = "found"
    """One number whose mines are all found: its other unknown neighbours are safe."""
    FULL = "full"
    """One number whose unknown neighbours must all be mines."""
    OVERLAP = "overlap"
    """Two numbers whose unknown neighbours overlap, taken together (`overlap`)."""


@dataclass(frozen=True, slots=True)
class Deduction:
    """What one rule proves: its cells, and the number or the pair of numbers it reads."""

    rule: Rule
    """The rule that proves the cells."""
    numbers: tuple[Number, ...]
    """The number it reads (one), or the two (`Overlap.first`, `Overlap.second`)."""
    safe: frozenset[Position]
    """The cells it proves safe."""
    mines: frozenset[Position]
    """The cells it proves to hold a mine."""
    pair: Overlap | None = None
    """For `Rule.OVERLAP`, what the two numbers say together."""

    @property
    def proof(self) -> tuple[Position, ...]:
        """The cells it reads: its numbers, then the mines each has found (no repeats)."""
        cells = [n.pos for n in self.numbers] + [f for n in self.numbers for f in n.found]
        return tuple(dict.fromkeys(cells))


def alone(number: Number) -> Deduction | None:
    """Return what *number* alone proves (`Rule.FOUND` or `Rule.FULL`), or None."""
    if number.is_done():
        return Deduction(Rule.FOUND, (number,), number.unknown, frozenset())
    if number.is_full():
        return Deduction(Rule.FULL, (number,), frozenset(), number.unknown)
    return None


def overlap(first: Number, second: Number) -> Overlap | None:
    """Return what *first* and *second* settle together, or None if nothing.

    The s cells they share hold m mines, m at least what each needs beyond
    its cells outside the share and at most what either needs (and s). When
    m cannot be less than what a number needs, its cells outside the share are
    safe; when m cannot be more than its need minus its outside cells, they are
    all mines. A number whose unknown cells all lie in the other's is the
    subset rule: the share then holds exactly its need.

    >>> a = Number((0, 1), 1, (), frozenset({(0, 0), (1, 0)}))
    >>> b = Number((1, 1), 2, (), frozenset({(0, 0), (1, 0), (2, 0)}))
    >>> sorted(overlap(a, b).mines)
    [(2, 0)]
    """
    shared = first.unknown & second.unknown
    if not shared:
        return None
    only_first = first.unknown - shared
    only_second = second.unknown - shared
    low = max(0, first.need - len(only_first), second.need - len(only_second))
    high = min(first.need, second.need, len(shared))
    if low > high:  # no arrangement fits these two: leave it to the count to say why
        return None
    safe: set[Position] = set()
    mines: set[Position] = set()
    for number, outside in ((first, only_first), (second, only_second)):
        if not outside:
            continue
        if number.need - low == 0:
            safe |= outside
        elif number.need - high == len(outside):
            mines |= outside
    if not safe and not mines:
        return None
    return Overlap(first, second, low, high, frozenset(safe), frozenset(mines))


def overlaps(numbers: Sequence[Number]) -> Iterator[Overlap]:
    """Yield what each pair of *numbers* settles together, pair by pair in their order.

    *numbers* are in reading order, as `Deducer.numbers` gives them, so that
    pairs too far apart to share a cell are skipped without a look.
    """
    for i, a in enumerate(numbers):
        ax, ay = a.pos
        for b in numbers[i + 1 :]:
            bx, by = b.pos
            if by > ay + 2:
                break
            if abs(bx - ax) > 2:
                continue
            found = overlap(a, b)
            if found is not None:
                yield found


class Deducer:
    """A position's numbers and known mines, and the covered cells they prove safe or mined."""

    def __init__(self, width: int, height: int, mines: int) -> None:
        self.width, self.height, self.mines_total = width, height, mines
        self.table = neighbour_table(width, height)
        self.numbers: dict[Position, int] = {}
        """Every revealed cell and its number."""
        self.safe: set[Position] = set()
        """Covered cells proven safe."""
        self.mines: set[Position] = set()
        """Cells known to hold a mine."""
        self._alone: set[Position] = set()
        """Numbers whose neighbours changed since the one-number rules last looked at them."""
        self._paired: set[Position] = set()
        """Numbers whose neighbours changed since the two-number rule last looked at them."""
        self._known: dict[Position, Number] = {}
        """Numbers as `number` last gave them, until a neighbour changes."""
        self._count: Count | None = None

    @classmethod
    def of(cls, seen: Seen) -> Deducer:
        """Start from *seen*: its numbers, and its flags as known mines (a hint trusts them)."""
        deducer = cls(seen.width, seen.height, seen.mines)
        cells = seen.cells
        deducer.reveal({p: c for p, c in cells.items() if isinstance(c, int)})
        deducer.mark(p for p, c in cells.items() if c is FLAGGED)
        return deducer

    def reveal(self, opened: Mapping[Position, int]) -> None:
        """Take in newly revealed cells and their numbers."""
        if not opened:
            return
        self._count = None
        numbers, table = self.numbers, self.table
        numbers.update(opened)
        self.safe.difference_update(opened)
        near = {n for p in opened for n in (p, *table[p]) if n in numbers}
        for pos in near:  # each reads its neighbours again
            self._known.pop(pos, None)
        # Only numbers with a neighbour still covered can settle anything: the rest are done.
        self._touch({n for n in near if any(m not in numbers for m in table[n])})

    def mark(self, mines: Iterable[Position]) -> None:
        """Take *mines* as holding a mine (flags a caller trusts)."""
        self._count = None
        self._record((), list(mines))

    def number(self, pos: Position) -> Number:
        """Return the number at *pos* with its known mines and its neighbours in doubt."""
        known = self._known.get(pos)
        if known is not None:
            return known
        numbers, safe, mines = self.numbers, self.safe, self.mines
        found = []
        unknown = []
        for n in self.table[pos]:
            if n in mines:
                found.append(n)
            elif n not in numbers and n not in safe:
                unknown.append(n)
        number = self._known[pos] = Number(pos, numbers[pos], tuple(found), frozenset(unknown))
        return number

    def numbers_in_doubt(self) -> list[Number]:
        """Return the numbers with neighbours in doubt, row by row from the top."""
        numbers = self.numbers
        found = [self.number(p) for p in row_order(self.width, self.height) if p in numbers]
        return [n for n in found if n.unknown]

    def deductions(self) -> list[Deduction]:
        """Return what each rule proves of the position as it stands, nothing taken in.

        Every number alone first, row by row from the top (`alone`), then
        every pair of numbers as `overlaps` gives them: the order in which
        a player reads the rules, the simplest first.
        """
        numbers = self.numbers_in_doubt()
        found = [d for d in map(alone, numbers) if d is not None]
        found += [
            Deduction(Rule.OVERLAP, (pair.first, pair.second), pair.safe, pair.mines, pair)
            for pair in overlaps(numbers)
        ]
        return found

    def frontier(self) -> set[Position]:
        """Return the cells in doubt next to a number."""
        numbers, safe, mines, table = self.numbers, self.safe, self.mines, self.table
        return {
            n
            for p in numbers
            for n in table[p]
            if n not in numbers and n not in safe and n not in mines
        }

    def settle(self, budget: Budget | None = None, *, until_safe: bool = False) -> None:
        """Apply the rules around the numbers that changed until they settle nothing more.

        The one-number rules first, everywhere they apply; then the
        two-number rule, one number at a time, going back to the first ones
        whenever it settles a cell. With *until_safe*, stop as soon as the
        one-number rules are done and some cell is proven safe (a player
        reveals it before looking further).

        :raises TooComplexError: when the work (`RULE_WORK` a number looked at)
            exceeds *budget*.
        """
        alone, paired = self._alone, self._paired
        looked = 0
        while alone or paired:
            while alone:
                looked += 1
                a = self.number(alone.pop())
                if a.is_done():
                    self._record(a.unknown, ())
                elif a.is_full():
                    self._record((), a.unknown)
            if until_safe and self.safe:
                break
            if paired:
                pos = paired.pop()
                looked += 1
                safe, mines = self._by_two(pos)
                if safe or mines:
                    self._record(safe, mines)
                    paired.add(pos)  # its other pairs are still to be looked at
        if budget is not None:
            budget.spend(RULE_WORK * looked, "deduce")

    def settle_around(self, cell: Position, budget: Budget | None = None) -> None:
        """Settle the numbers near *cell* first, then the numbers their facts touch in turn.

        The numbers farther away stay queued for `settle`. What is proven near a
        cell holds all the same. On a large board it costs a fraction of the
        work, and a reveal of a cell the rules decide needs nothing more.

        :raises TooComplexError: as `settle` does.
        """
        x, y = cell
        near = {(x + dx, y + dy) for dx, dy in _NEAR}
        later = self._alone - near, self._paired - near
        self._alone &= near
        self._paired &= near
        try:
            self.settle(budget)
        finally:
            self._alone |= later[0]
            self._paired |= later[1]

    def seen(self) -> Seen:
        """Return the position as counted: its numbers, known mines flagged, the rest hidden."""
        numbers, mines = self.numbers, self.mines
        cells: dict[Position, SeenCell] = {}
        for pos in row_order(self.width, self.height):
            shown = numbers.get(pos)
            cells[pos] = shown if shown is not None else FLAGGED if pos in mines else HIDDEN
        return Seen(self.width, self.height, self.mines_total, cells)

    def count(self, budget: Budget | None = None) -> Count:
        """Return the exact count of the position, and record the cells it settles.

        Made once per position: until a number is revealed or a mine marked,
        the same count is returned (cells proven since do not change it).

        :raises TooComplexError: if it would take more than *budget* steps.
        :raises ValueError: if no arrangement of the mines fits the position.
        """
        if self._count is None:
            counted = self._count = count(self.seen(), budget)
            total = counted.total
            weights = counted.class_weights()
            self._record(
                [p for cells, w in weights if w == 0 for p in cells],
                [p for cells, w in weights if w == total for p in cells],
            )
        return self._count

    def _by_two(self, pos: Position) -> tuple[frozenset[Position], frozenset[Position]]:
        """Return what the number at *pos* settles with one near it (new facts only)."""
        a = self.number(pos)
        if not a.unknown:
            return frozenset(), frozenset()
        numbers = self.numbers
        x, y = pos
        for dx, dy in _NEAR:
            other = (x + dx, y + dy)
            if other in numbers:
                found = overlap(a, self.number(other))
                if found is not None:
                    return found.safe, found.mines
        return frozenset(), frozenset()

    def _record(self, safe: Collection[Position], mines: Collection[Position]) -> None:
        """Record new facts, and queue the numbers next to them for the rules."""
        self.safe.update(safe)
        self.mines.update(mines)
        numbers, table = self.numbers, self.table
        self._touch({n for cell in chain(safe, mines) for n in table[cell] if n in numbers})

    def _touch(self, numbers: set[Position]) -> None:
        """Queue *numbers*, whose neighbours changed, for the rules."""
        self._alone |= numbers
        self._paired |= numbers
        known = self._known
        for pos in numbers:
            known.pop(pos, None)
