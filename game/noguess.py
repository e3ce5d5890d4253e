"""No-guess boards: layouts that certain deductions alone clear from the first click.

`deduce` plays a layout the way a perfect, careful player would: it opens
only cells proved safe, first by the cheap rules (a number already
satisfied, a number that needs all its hidden neighbours, one number's
cells inside another's), and only when those are stuck by the exact count
of every arrangement (which also uses the total mine count). A board is
no-guess if that reaches the end.

`lay_solvable_mines` draws random layouts from the seed until one is
no-guess, so the same seed and first click always give the same board.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from game.board import Position, flood, neighbour_table, positions
from game.mines import spared_cells
from game.seen import FLAGGED, HIDDEN, Seen, SeenCell
from game.settings import Settings
from game.solver.analysis import exact_probabilities

MAX_ATTEMPTS: Final = 5_000
"""Layouts tried before giving up (then the last one is dealt, which may need a guess)."""


class _Play:
    """A layout being cleared by deductions: what is open and what is known to be a mine."""

    def __init__(self, width: int, height: int, mines: frozenset[Position]) -> None:
        self.width, self.height = width, height
        self.table = neighbour_table(width, height)
        self.mines = mines
        self.counts = {p: sum(n in mines for n in self.table[p]) for p in positions(width, height)}
        self.open: set[Position] = set()
        self.flagged: set[Position] = set()
        self.safe_total = width * height - len(mines)

    def reveal(self, start: Position) -> list[Position]:
        """Open *start* (known safe) and the area of zeros around it; return the cells opened."""
        opened = flood(
            self.table, (start,), lambda p: p not in self.open, lambda p: self.counts[p] == 0
        )
        self.open.update(opened)
        return opened

    def unknown_around(self, pos: Position) -> tuple[list[Position], int]:
        """Return the undecided neighbours of the open cell *pos* and how many are mines."""
        unknown = [n for n in self.table[pos] if n not in self.open and n not in self.flagged]
        flags = sum(1 for n in self.table[pos] if n in self.flagged)
        return unknown, self.counts[pos] - flags

    def simple_rules(self, numbers: Iterable[Position]) -> tuple[set[Position], set[Position]]:
        """Apply the one-number rules to *numbers*; return the cells proved safe and mines."""
        safe: set[Position] = set()
        mines: set[Position] = set()
        for pos in numbers:
            unknown, need = self.unknown_around(pos)
            if not unknown:
                continue
            if need == 0:
                safe.update(unknown)
            elif need == len(unknown):
                mines.update(unknown)
        return safe, mines

    def frontier_numbers(self) -> list[Position]:
        """Open numbers that still touch undecided cells."""
        return [
            p
            for p in self.open
            if self.counts[p]
            and any(n not in self.open and n not in self.flagged for n in self.table[p])
        ]

    def subset_rules(self) -> tuple[set[Position], set[Position]]:
        """Apply the two-number rule: if A's cells lie within B's, B's others hold the rest."""
        constraints = {}
        for pos in self.frontier_numbers():
            unknown, need = self.unknown_around(pos)
            constraints[pos] = (frozenset(unknown), need)
        safe: set[Position] = set()
        mines: set[Position] = set()
        for a, (cells_a, need_a) in constraints.items():
            near = {m for c in cells_a for m in self.table[c] if m in constraints and m != a}
            for b in near:
                cells_b, need_b = constraints[b]
                if cells_a < cells_b:
                    rest = cells_b - cells_a
                    if need_b - need_a == 0:
                        safe |= rest
                    elif need_b - need_a == len(rest):
                        mines |= rest
        return safe, mines

    def exact_rules(self) -> tuple[set[Position], set[Position]]:
        """Use the exact count of arrangements (with the total mine count) as the last resort."""
        cells: dict[Position, SeenCell] = {
            pos: FLAGGED if pos in self.flagged else count if pos in self.open else HIDDEN
            for pos, count in self.counts.items()
        }
        odds = exact_probabilities(Seen(self.width, self.height, len(self.mines), cells))
        return {p for p, v in odds.items() if v == 0}, {p for p, v in odds.items() if v == 1}


def deduce(width: int, height: int, mines: frozenset[Position], first: Position) -> bool:
    """Tell whether certain deductions alone clear the layout *mines* from a reveal at *first*."""
    play = _Play(width, height, mines)
    if first in mines:
        return False
    changed = play.reveal(first)
    while len(play.open) < play.safe_total:
        numbers = {n for c in changed for n in (c, *play.table[c]) if n in play.open}
        safe, found = play.simple_rules(numbers)
        if not safe and not found:
            safe, found = play.subset_rules()
        if not safe and not found:
            safe, found = play.exact_rules()
            if not safe and not found:
                return False
        play.flagged |= found
        changed = list(found)
        for pos in safe:
            changed.extend(play.reveal(pos))
    return True


def lay_solvable_mines(settings: Settings, seed: int, first: Position) -> frozenset[Position]:
    """Return the first layout drawn from *seed* that deductions alone clear from *first*.

    Each attempt draws exactly `settings.mines` mines, as a random board
    does, from one `random.Random(seed)`; so the result depends on the seed
    and the first click alone.
    """
    spared = spared_cells(settings, first)
    candidates = [p for p in positions(settings.width, settings.height) if p not in spared]
    rng = random.Random(seed)
    mines: frozenset[Position] = frozenset()
    for _ in range(MAX_ATTEMPTS):
        mines = frozenset(rng.sample(candidates, settings.mines))
        if deduce(settings.width, settings.height, mines, first):
            return mines
    return mines
