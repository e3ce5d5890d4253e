"""No-guess boards: layouts that certain deductions alone clear from the first click.

`deduce` plays a layout the way a perfect, careful player would: it opens
only cells proved safe, first by the cheap rules (a number already
satisfied, a number that needs all its hidden neighbours, one number's
cells inside another's), and only when those are stuck by the exact count
of every arrangement (which also uses the total mine count). A board is
no-guess if that reaches the end.

`lay_solvable_mines` draws random layouts from the seed until one is
no-guess, so the same seed and first click always give the same board.
The search has a budget counted in work (cells looked at and steps of the
exact count), not in time, so the answer is the same on every machine: when
the budget runs out, `NoGuessError` says the board is too dense for no-guess
boards instead of dealing one that needs a guess.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from math import isqrt
from typing import Final

from game.board import Position, neighbour_table, positions, row_order
from game.flood import FLOODS, OPENS, flood
from game.mines import spared_cells
from game.seen import FLAGGED, HIDDEN, Seen, SeenCell
from game.settings import Settings, SettingsError
from game.solver.analysis import exact_probabilities
from game.solver.groups import Budget, TooComplexError

_KIND_OF_COUNT: Final = (FLOODS, *[OPENS] * 8)
"""What a reveal does to a safe cell, by its count of mined neighbours (`flood`)."""

WORK_BUDGET: Final = 2_000_000
"""Work a deal may take, in cells looked at: about a microsecond each in CPython.

Counted, not timed, so every machine gives the same answer for the same seed.
With the first click at (3, 3), an expert board with a safe first click takes
64,000 (median) and 1.5 million (the worst of 1,000 seeds); the easier presets
far less. A search that fails spends it all (`bench/noguess.py` times it),
which is why `game.settings` refuses the densest boards at once.
"""
_RULE_WORK: Final = 3
"""Work of applying the rules to one cell, in cells looked at (it reads its neighbours)."""
_STEP_WORK: Final = 5
"""Work of one step of the exact count's search, in cells looked at."""


class NoGuessError(SettingsError):
    """No board that deductions alone clear was found within the work budget.

    A settings error: the message, for the player, says the mines are too dense
    for a no-guess board of that size (so a saved game or a form that catches
    `SettingsError` explains it too).
    """


class _Play:
    """A layout being cleared by deductions: what is open and what is known to be a mine."""

    def __init__(self, width: int, height: int, mines: frozenset[Position]) -> None:
        self.width, self.height = width, height
        self.budget: Budget | None = None
        """Steps the exact count may take, or None for no limit."""
        self.table = neighbour_table(width, height)
        self.order = row_order(width, height)
        self.mines = mines
        self.counts = dict.fromkeys(positions(width, height), 0)
        for mine in mines:  # a few neighbours per mine, rather than every cell's eight
            for n in self.table[mine]:
                self.counts[n] += 1
        self.open: set[Position] = set()
        self.flagged: set[Position] = set()
        self.safe_total = width * height - len(mines)
        # What a reveal does to each cell, row by row, and the cells open so far (`flood`).
        kinds = bytearray(map(_KIND_OF_COUNT.__getitem__, self.counts.values()))
        for x, y in mines:
            kinds[x + y * width] = OPENS
        self.kinds = bytes(kinds)
        self.done = bytearray(width * height)

    def reveal(self, start: Position) -> list[Position]:
        """Open *start* (known safe) and the area of zeros around it; return the cells opened."""
        kinds = self.kinds
        indices = flood(
            self.width,
            self.height,
            (start[0] + start[1] * self.width,),
            lambda lo, hi: kinds[lo:hi],
            self.done,
        )
        opened = list(map(self.order.__getitem__, indices))
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
        odds = exact_probabilities(
            Seen(self.width, self.height, len(self.mines), cells), self.budget
        )
        return {p for p, v in odds.items() if v == 0}, {p for p, v in odds.items() if v == 1}


def deduce(
    width: int,
    height: int,
    mines: frozenset[Position],
    first: Position,
    budget: Budget | None = None,
) -> bool:
    """Tell whether certain deductions alone clear the layout *mines* from a reveal at *first*.

    Each step spends its work from *budget*, shared by every
    attempt of a deal (None for no limit), in cells looked at: about a
    microsecond each in CPython.

    :raises TooComplexError: when the budget runs out.
    """
    play = _Play(width, height, mines)
    _spend(budget, width * height)
    if first in mines:
        return False
    changed = play.reveal(first)
    while len(play.open) < play.safe_total:
        numbers = {n for c in changed for n in (c, *play.table[c]) if n in play.open}
        _spend(budget, _RULE_WORK * (len(changed) + len(numbers)))
        safe, found = play.simple_rules(numbers)
        if not safe and not found:
            _spend(budget, _RULE_WORK * len(play.open))
            safe, found = play.subset_rules()
        if not safe and not found:
            if _is_stuck_at_one_number(play):
                return False
            safe, found = _exact_rules(play, budget)
            if not safe and not found:
                return False
        play.flagged |= found
        changed = list(found)
        for pos in safe:
            changed.extend(play.reveal(pos))
    return True


def _is_stuck_at_one_number(play: _Play) -> bool:
    """Tell whether a lone number (a safe first click, mostly) leaves nothing certain.

    Its n mines lie among its k hidden neighbours in C(k, n) equally likely
    ways, the rest among the R other cells: each neighbour is a mine with
    chance n/k and each other cell (if any) with (M - n)/R, so nothing is
    certain when those are strictly between 0 and 1. Most safe-first-click layouts stop here,
    and the exact count would cost a read of every cell to say the same.
    """
    if len(play.open) != 1 or play.flagged:
        return False
    (pos,) = play.open
    unknown, need = play.unknown_around(pos)
    rest = play.width * play.height - 1 - len(unknown)
    return 0 < need < len(unknown) and (rest == 0 or 0 < len(play.mines) - need < rest)


def _exact_rules(play: _Play, budget: Budget | None) -> tuple[set[Position], set[Position]]:
    """Run `_Play.exact_rules`, charging *budget* an estimate first, then its search steps.

    The estimate comes first so that a count the budget cannot pay is never
    begun (on 100x100 one count can take a second): beyond reading every cell,
    its cost grows with the frontier squared times the hidden cells to the
    power 1.5, as each frontier cell's arrangements are weighed by binomials of
    the cells off the frontier, integers that grow with them (measured from
    9x9 to 100x100).
    """
    frontier = {
        n for p in play.open for n in play.table[p] if n not in play.open and n not in play.flagged
    }
    cells = play.width * play.height
    hidden = cells - len(play.open) - len(play.flagged)
    _spend(budget, 2 * cells + len(frontier) ** 2 * hidden * isqrt(hidden) // 5000)
    if budget is None:
        return play.exact_rules()
    allowed = budget.left // _STEP_WORK
    play.budget = Budget(allowed)
    try:
        return play.exact_rules()
    finally:
        budget.spend(_STEP_WORK * (allowed - play.budget.left), "deal without guessing")


def _spend(budget: Budget | None, work: int) -> None:
    if budget is not None:
        budget.spend(work, "deal without guessing")


def deal_steps(
    settings: Settings, seed: int, first: Position, *, budget: int = WORK_BUDGET
) -> Generator[float, None, frozenset[Position]]:
    """Search as `lay_solvable_mines` does, one layout at a time, and return its board.

    After each layout that needs a guess it yields the share of *budget* spent
    so far (0 to 1), so a page can pause between steps to draw its progress.
    Nothing is remembered between calls: the page hands the board found to the
    session's first reveal itself (`game.dealer.dealt`).

    :raises NoGuessError: when the budget runs out first.
    """
    spared = spared_cells(settings, first)
    candidates = [p for p in positions(settings.width, settings.height) if p not in spared]
    rng = random.Random(seed)
    work = Budget(budget)
    try:
        while True:
            mines = frozenset(rng.sample(candidates, settings.mines))
            if deduce(settings.width, settings.height, mines, first, work):
                break
            yield 1 - work.left / budget
    except TooComplexError:
        size = f"{settings.width}x{settings.height}"
        raise NoGuessError(
            f"{settings.mines} mines on {size} is too dense for a no-guess board: none was"
            " found within the search limit. Choose fewer mines, or turn no guessing off."
        ) from None
    return mines


def lay_solvable_mines(
    settings: Settings, seed: int, first: Position, *, budget: int = WORK_BUDGET
) -> frozenset[Position]:
    """Return the first layout drawn from *seed* that deductions alone clear from *first*.

    Each attempt draws exactly `settings.mines` mines, as a random board
    does, from one `random.Random(seed)`; so the result depends on the seed
    and the first click alone. *budget* bounds the work of all attempts
    together; it never changes which board is found, only whether one is.

    :raises NoGuessError: when the budget runs out first.
    """
    steps = deal_steps(settings, seed, first, budget=budget)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            mines: frozenset[Position] = done.value
            return mines
