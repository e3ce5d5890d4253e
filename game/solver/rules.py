"""The deductions a player makes by eye: one number alone, or two numbers that overlap.

Each rule reads `Number`s (a revealed number, the mines already known
around it, and its neighbours still in doubt) and returns the cells it
settles. The rules are sound: whatever they settle is settled in every
arrangement of the mines that fits the numbers (tested against exhaustive
counting). They are not complete; counting every arrangement
(`game.solver.analysis`) is. The hints explain with them
(`game.solver.explain`), and the game review uses them to settle most moves
without a count (`game.review`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board import Position


@dataclass(frozen=True, slots=True)
class Number:
    """A revealed number and what it still says about its neighbours in doubt."""

    pos: Position
    """Where the number is."""
    shown: int
    """The number itself: how many of its neighbours hold a mine."""
    found: tuple[Position, ...]
    """Its neighbours already known to hold a mine (flags, for a hint)."""
    unknown: frozenset[Position]
    """Its neighbours neither revealed nor known: where its other mines must be."""

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
