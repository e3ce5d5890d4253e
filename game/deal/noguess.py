"""No-guess boards: layouts that certain deductions alone clear from the first click.

`deduce` plays a layout the way a perfect, careful player would: it opens
only cells proved safe, first by the rules a player uses (one number
alone, then two numbers together), and only when those are stuck by the
exact count of every arrangement (which also uses the total mine count):
the one deducer's (`game.solver.deduce`). A board is no-guess if that
reaches the end.

`lay_solvable_mines` draws random layouts from the seed until one is
no-guess, so the same seed and first click always give the same board.
The search has a budget counted in work (cells looked at and steps of the
exact count), not in time, so the answer is the same on every machine: when
the budget runs out, `NoGuessError` says the board is too dense for no-guess
boards instead of dealing one that needs a guess.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from math import isqrt
from typing import Final

from game.rules.board import Position, Uncovering, neighbour_table, positions, row_order
from game.rules.mines import spared_cells
from game.rules.settings import Settings, SettingsError
from game.solver.deduce import Deducer
from game.solver.groups import Budget, TooComplexError

WORK_BUDGET: Final = 2_000_000
"""Work a deal may take, in cells looked at: about a microsecond each in CPython.

Counted, not timed, so every machine gives the same answer for the same seed.
With the first click at (3, 3), an expert board with a safe first click takes
60,000 (median) and 620,000 (the worst of 1,000 seeds); the easier presets
far less. A search that fails spends it all (`bench/noguess.py` times it),
which is why `game.rules.settings` refuses the densest boards at once.
"""
_STEP_WORK: Final = 5
"""Work of one step of the exact count's search, in cells looked at."""


class NoGuessError(SettingsError):
    """No board that deductions alone clear was found within the work budget.

    A settings error: the message, for the player, says the mines are too dense
    for a no-guess board of that size (so a saved game or a form that catches
    `SettingsError` explains it too).
    """


class _Layout:
    """A layout being uncovered: each cell's number, and the cells opened so far."""

    def __init__(self, width: int, height: int, mines: frozenset[Position]) -> None:
        table = neighbour_table(width, height)
        self.counts = dict.fromkeys(row_order(width, height), 0)
        for mine in mines:  # a few neighbours per mine, rather than every cell's eight
            for n in table[mine]:
                self.counts[n] += 1
        self.safe_total = width * height - len(mines)
        self.uncovering = Uncovering(width, height, mines)

    def reveal(self, start: Position) -> dict[Position, int]:
        """Open *start* (known safe) and the area of zeros around it; return their numbers."""
        counts = self.counts
        return {pos: counts[pos] for pos in self.uncovering.reveal(start)}


def deduce(
    width: int,
    height: int,
    mines: frozenset[Position],
    first: Position,
    budget: Budget | None = None,
) -> bool:
    """Tell whether certain deductions alone clear the layout *mines* from a reveal at *first*.

    A `Deducer` follows the play: its rules first, then, when they prove no
    cell safe, the exact count. Each step spends its work from *budget*,
    shared by every attempt of a deal (None for no limit), in cells looked
    at: about a microsecond each in CPython.

    :raises TooComplexError: when the budget runs out.
    """
    layout = _Layout(width, height, mines)
    _spend(budget, width * height)
    if first in mines:
        return False
    facts = Deducer(width, height, len(mines))
    facts.reveal(layout.reveal(first))
    while len(facts.numbers) < layout.safe_total:
        facts.settle(budget, until_safe=True)
        if not facts.safe:
            if _is_stuck_at_one_number(facts):
                return False
            known = len(facts.mines)
            _exact_rules(facts, budget)
            if not facts.safe and len(facts.mines) == known:
                return False
        for pos in list(facts.safe):
            if pos in facts.safe:  # not opened by an earlier one's area of zeros
                facts.reveal(layout.reveal(pos))
    return True


def _is_stuck_at_one_number(facts: Deducer) -> bool:
    """Tell whether a lone number (a safe first click, mostly) leaves nothing certain.

    Its n mines lie among its k hidden neighbours in C(k, n) equally likely
    ways, the rest among the R other cells: each neighbour is a mine with
    chance n/k and each other cell (if any) with (M - n)/R, so nothing is
    certain when those are strictly between 0 and 1. Most safe-first-click layouts stop here,
    and the exact count would cost a read of every cell to say the same.
    """
    if len(facts.numbers) != 1 or facts.mines:
        return False
    (pos,) = facts.numbers
    number = facts.number(pos)
    need, unknown = number.need, len(number.unknown)
    rest = facts.width * facts.height - 1 - unknown
    return 0 < need < unknown and (rest == 0 or 0 < facts.mines_total - need < rest)


def _exact_rules(facts: Deducer, budget: Budget | None) -> None:
    """Run the exact count of *facts*, charging *budget* an estimate first, then its steps.

    The estimate comes first so that a count the budget cannot pay is never
    begun (on 100x100 one count can take a second): beyond reading every cell,
    its cost grows with the frontier squared times the hidden cells to the
    power 1.5, as each frontier cell's arrangements are weighed by binomials of
    the cells off the frontier, integers that grow with them (measured from
    9x9 to 100x100).
    """
    frontier = len(facts.frontier())
    cells = facts.width * facts.height
    hidden = cells - len(facts.numbers) - len(facts.mines)
    _spend(budget, 2 * cells + frontier**2 * hidden * isqrt(hidden) // 5000)
    if budget is None:
        facts.count()
        return
    steps = Budget(budget.left // _STEP_WORK)
    allowed = steps.left
    try:
        facts.count(steps)
    finally:
        budget.spend(_STEP_WORK * (allowed - steps.left), "deal without guessing")


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
    session's first reveal itself (`game.deal.dealer.dealt`).

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
