r"""The one door to the solver: a position's count, deductions, choice and hint, once each.

`study` reads a position once (`Study`): the exact count of its
arrangements, what the rules a player uses prove and by which rule (the one
deducer, `game.solver.deduce`), the solver's choice, and the hint that says
why, each worked out when first asked, from one budget. The hint, the
analysis board, the puzzles and `analyse` ask it.

The hint (`explain`) looks for a reason in this order, and gives the first that applies
anywhere on the board (numbers read row by row from the top):

1. `Reason.FOUND`: a number whose mines are all flagged; its other hidden
   neighbours are safe.
2. `Reason.FULL`: a number whose hidden neighbours must all be mines.
3. `Reason.OVERLAP`: two numbers whose hidden neighbours overlap (the subset
   rule and its generalisation), naming both.
4. `Reason.TOTAL`: the mine total (every mine flagged; as many mines left as
   hidden cells; numbers that need, among cells they do not share, every mine
   left).
5. `Reason.COUNTING`: counting every arrangement of the mines that fits, with
   the count.
6. `Reason.GUESS`: no cell is certain; the solver's guess, its risk, and the
   chance of winning where the rest of the game was searched.

Its words are the narration's (`game.solver.narrate`). Like the solver, a hint
takes every flag for a mine. Every reason is sound:
what it settles is settled in every arrangement that fits the position.

>>> e = explain("4x2x2\nHHHH\n1211\n")
>>> e.move, e.action.value, e.reason.value, e.proof
((3, 0), 'reveal', 'overlap', ((2, 1), (1, 1)))
>>> import textwrap
>>> print(textwrap.fill(e.words, 76))
Row 1, column 4 is safe: the 2 at row 2, column 2 needs 2 mines but has only
1 hidden neighbour away from the 1 at row 2, column 3, so at least 1 of its
mines lies next to both; that is all the 1 at row 2, column 3 needs, so its
other hidden neighbours are safe (row 1, column 4).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import game.solver.narrate as narrate
from game.rules.board import Position
from game.rules.layout import TextFormatError
from game.rules.seen import FLAGGED, Seen
from game.solver.choice import Choice, choose
from game.solver.counting import Analysis, Count, count
from game.solver.deduce import Deducer, Deduction, Number, Overlap, Rule
from game.solver.groups import Budget, TooComplexError

NOTHING_LEFT = "nothing to explain: every cell is revealed or flagged"
"""Why a position without a hidden cell has no hint."""


class Action(enum.Enum):
    """What the hint tells the player to do with its cell."""

    REVEAL = "reveal"
    """The cell is certainly safe: reveal it."""
    FLAG = "flag"
    """The cell certainly holds a mine: flag it."""
    GUESS = "guess"
    """No cell is certain: reveal this one, at a risk."""


class Reason(enum.Enum):
    """Why the hint's move is right, from the simplest kind of reason to the last resort."""

    FOUND = "found"
    """A number has all its mines flagged: its other hidden neighbours are safe."""
    FULL = "full"
    """A number needs as many mines as it has hidden neighbours: they are all mines."""
    OVERLAP = "overlap"
    """Two numbers share hidden neighbours, and together settle cells next to one of them."""
    TOTAL = "total"
    """The number of mines left settles cells."""
    COUNTING = "counting"
    """Every arrangement of the mines that fits agrees on the cell."""
    GUESS = "guess"
    """No cell is certain."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """The next move, why, and the words that say so."""

    move: Position
    """The cell to act on."""
    action: Action
    """Reveal it (safe), flag it (a mine), or guess."""
    reason: Reason
    """The kind of reason that proves it (the first of the order that applies)."""
    proof: tuple[Position, ...]
    """The cells the reason reads: its numbers and the flags it counts as found mines
    (for `Reason.COUNTING`, the numbers whose arrangements were counted; none for a guess)."""
    safe: tuple[Position, ...]
    """The cells the words prove safe, row by row (the move among them when it is safe)."""
    mines: tuple[Position, ...]
    """The cells the words prove to hold a mine, row by row."""
    words: str
    """The hint in a sentence or two, naming cells as players count."""
    risk: Fraction
    """The chance the move goes wrong: 0 unless it is a guess, then the chance of a mine."""
    arrangements: int | None
    """How many arrangements of the mines fit the position; None if too many to count
    within the budget (a local reason then still applies)."""
    win_chance: Fraction | None = None
    """For a guess, the chance of winning with best play, when the rest of the game was
    searched; else None."""


class Study:
    """A position as the solver reads it: each part worked out once, when first asked.

    Every count and search shares one budget (*budget* steps; None for no
    limit). *counted*, when the caller has counted the position already,
    is taken as its count.
    """

    def __init__(
        self, seen: Seen, budget: int | None = None, *, counted: Count | None = None
    ) -> None:
        self.seen = seen
        """The position."""
        self.steps = None if budget is None else Budget(budget)
        """What is left of the budget."""
        self._counted = counted
        self._refused: TooComplexError | None = None

    def count(self) -> Count:
        """Return the exact count of every arrangement that fits the position.

        :raises TooComplexError: if it would exceed the budget (and again when asked again).
        :raises ImpossiblePositionError: if no arrangement fits.
        """
        if self._counted is None:
            if self._refused is not None:
                raise self._refused
            try:
                self._counted = count(self.seen, self.steps)
            except TooComplexError as error:
                self._refused = error
                raise
        return self._counted

    @cached_property
    def odds(self) -> dict[Position, Fraction]:
        """Every hidden cell's exact chance of a mine (`count`'s errors)."""
        return self.count().probabilities()

    @cached_property
    def deducer(self) -> Deducer:
        """The one deducer on the position, flags taken as mines (`Deducer.of`)."""
        return Deducer.of(self.seen)

    @cached_property
    def numbers(self) -> list[Number]:
        """The numbers with hidden neighbours, row by row."""
        return self.deducer.numbers_in_doubt()

    @cached_property
    def deductions(self) -> list[Deduction]:
        """What each rule proves, with the numbers it reads (`Deducer.deductions`)."""
        return self.deducer.deductions()

    @cached_property
    def choice(self) -> Choice:
        """The solver's move (`game.solver.choice.choose`; `count`'s errors)."""
        return choose(self.count(), self.steps)

    @cached_property
    def analysis(self) -> Analysis:
        """The odds and the solver's move, as `game.solver.analyse` gives them."""
        exact, choice = self.odds, self.choice
        return Analysis(
            probabilities={cell: float(p) for cell, p in exact.items()},
            best=choice.move,
            exact=exact,
            win_chance=choice.win_chance,
        )

    @cached_property
    def explanation(self) -> Explanation:
        """The next move with the simplest reason that proves it (`explain`)."""
        return _explained(self)


def study(position: str | Seen, *, budget: int | None = None) -> Study:
    """Return *position* (text or a `Seen` view) to be read once: count, rules, choice, hint.

    :raises ValueError: for text that does not parse.
    """
    if isinstance(position, str):
        try:
            position = Seen.from_text(position)
        except TextFormatError as error:
            raise ValueError(str(error)) from None
    return Study(position, budget)


def explain(position: str | Seen, *, budget: int | None = None) -> Explanation:
    r"""Return the next move for *position* with the simplest reason that proves it.

    *position* is position text or a `Seen` view. *budget* caps the steps of
    the exact count as for `analyse`; past it, the rules that need no count
    still apply.

    :raises ValueError: for text that does not parse, a position without a hidden cell,
        or one no arrangement fits (`ImpossiblePositionError`).
    :raises TooComplexError: when no simple rule applies and counting would exceed *budget*.

    >>> e = explain("2x1x1\n1H\n")
    >>> e.move, e.action.value, e.reason.value, e.words.split(":")[0]
    ((1, 0), 'flag', 'full', 'Row 1, column 2 is a mine')
    """
    return study(position, budget=budget).explanation


def _explained(read: Study) -> Explanation:
    """Return the explanation of the position *read*: the first reason of the order."""
    seen = read.seen
    hidden = seen.hidden()
    if not hidden:
        raise ValueError(NOTHING_LEFT)
    counted: Count | None
    try:
        counted = read.count()  # first, so an impossible position is refused
    except TooComplexError:
        counted = None
    total = None if counted is None else counted.total
    deductions = read.deductions
    by_rule = (
        next((d for d in deductions if d.rule is Rule.FOUND), None)
        or next((d for d in deductions if d.rule is Rule.FULL), None)
        or next((d for d in deductions if d.rule is Rule.OVERLAP and d.safe), None)
        or next((d for d in deductions if d.rule is Rule.OVERLAP), None)
    )
    if by_rule is not None:
        return _by_rule(by_rule, total)
    numbers = read.numbers
    found = _by_total(seen, numbers, hidden, total)
    if found is not None:
        return found
    if counted is None:
        raise TooComplexError("the position is too large to count exactly in a moment")
    return _by_counting(numbers, counted, read.choice)


def _reading(pos: Position) -> tuple[int, int]:
    """Sort key: row by row from the top, left to right."""
    return pos[1], pos[0]


def _ordered(cells: Iterable[Position]) -> tuple[Position, ...]:
    return tuple(sorted(cells, key=_reading))


def _settled(
    reason: Reason,
    proof: Sequence[Position],
    safe: Iterable[Position],
    mines: Iterable[Position],
    why: str,
    total: int | None,
    first: Position | None = None,
) -> Explanation:
    """Return the explanation of a certain move: *first*, else the first safe cell or mine."""
    safe, mines = _ordered(safe), _ordered(mines)
    move = first if first is not None else safe[0] if safe else mines[0]
    return Explanation(
        move=move,
        action=Action.REVEAL if safe else Action.FLAG,
        reason=reason,
        proof=tuple(dict.fromkeys(proof)),
        safe=safe,
        mines=mines,
        words=narrate.settled(move, bool(safe), why),
        risk=Fraction(0),
        arrangements=total,
    )


def near_and_far(pair: Overlap) -> tuple[Number, Number, frozenset[Position]]:
    """Return the number of *pair* whose own cells it settles, the other, and those cells.

    Its safe cells when it proves some, else its mines.
    """
    cells = pair.safe or pair.mines
    near, far = (
        (pair.first, pair.second) if cells & pair.first.unknown else (pair.second, pair.first)
    )
    return near, far, cells & near.unknown


def why_safe(read: Study, cell: Position) -> Explanation:
    """Return the simplest reason that proves hidden *cell* of the position *read* safe.

    The order of `explain`, kept to reasons that settle *cell*: a number whose
    mines are found, two numbers together, the mine total, else the count.

    :raises ValueError: if *cell* is not certainly safe.
    :raises TooComplexError: when only the count could say, and it exceeds the budget.
    """
    try:
        total: int | None = read.count().total
    except TooComplexError:
        total = None
    for rule in (Rule.FOUND, Rule.OVERLAP):
        found = next((d for d in read.deductions if d.rule is rule and cell in d.safe), None)
        if found is not None:
            return _by_rule(found, total, cell)
    by_total = _by_total(read.seen, read.numbers, read.seen.hidden(), total, cell)
    if by_total is not None and cell in by_total.safe:
        return by_total
    if read.odds.get(cell) != 0:
        raise ValueError(f"{cell} is not certainly safe")
    why = narrate.counted(read.count().total, mine=False)
    return _settled(Reason.COUNTING, _counted(read.numbers, cell), [cell], [], why, total)


def _by_rule(found: Deduction, total: int | None, first: Position | None = None) -> Explanation:
    """Say what one number alone, or two together, settle (`Deducer.deductions`)."""
    if found.pair is None:
        (number,) = found.numbers
        cells = _ordered(number.unknown)
        if found.rule is Rule.FOUND:
            why = narrate.found(number, cells)
            return _settled(Reason.FOUND, found.proof, cells, (), why, total, first)
        return _settled(Reason.FULL, found.proof, (), cells, narrate.full(number, cells), total)
    near, far, settles = near_and_far(found.pair)
    cells = _ordered(settles)
    why = narrate.overlap(found.pair, cells)
    proof = (near.pos, far.pos, *near.found, *far.found)
    safe, mines = (cells, ()) if found.safe else ((), cells)
    return _settled(Reason.OVERLAP, proof, safe, mines, why, total, first)


def _by_total(
    seen: Seen,
    numbers: Sequence[Number],
    hidden: Sequence[Position],
    total: int | None,
    first: Position | None = None,
) -> Explanation | None:
    flags = tuple(p for p in sorted(seen.cells, key=_reading) if seen.cells[p] is FLAGGED)
    left = seen.mines - len(flags)
    if left == 0:
        why = narrate.all_flagged(seen.mines)
        return _settled(Reason.TOTAL, flags, hidden, (), why, total, first)
    if left == len(hidden):
        why = narrate.all_mines(left, len(hidden))
        return _settled(Reason.TOTAL, flags, (), hidden, why, total)
    chosen: list[Number] = []
    covered: set[Position] = set()
    # Numbers that need many mines among few cells first: they leave the most cells outside.
    by_density = sorted(numbers, key=lambda n: (-Fraction(n.need, len(n.unknown)), _reading(n.pos)))
    for number in by_density:
        if number.need and not number.unknown & covered:
            chosen.append(number)
            covered |= number.unknown
    rest = [p for p in hidden if p not in covered]
    if sum(n.need for n in chosen) != left or not rest:
        return None
    why = narrate.need_them_all(left, sorted(chosen, key=lambda n: _reading(n.pos)))
    proof = [n.pos for n in chosen] + [f for n in chosen for f in n.found]
    first = first if first in rest else None
    return _settled(Reason.TOTAL, _ordered(proof), rest, (), why, total, first)


def _by_counting(numbers: Sequence[Number], counted: Count, choice: Choice) -> Explanation:
    """Explain by the count: a cell every arrangement agrees on, else the solver's guess."""
    total = counted.total
    exact = counted.probabilities()
    safe = [p for p, v in exact.items() if v == 0]
    mines = [p for p, v in exact.items() if v == 1]
    if safe or mines:
        if safe and choice.move is not None:
            move = choice.move  # the solver's pick among the safe cells
            settled: tuple[list[Position], list[Position]] = ([move], [])
        else:
            move = _ordered(mines)[0]
            settled = ([], [move])
        why = narrate.counted(total, mine=not settled[0])
        return _settled(Reason.COUNTING, _counted(numbers, move), *settled, why, total)
    guess = choice.move
    assert guess is not None  # there is a hidden cell
    safest = min(exact, key=lambda p: (exact[p], _reading(p)))
    words = narrate.guess(guess, exact[guess], total, safest, exact[safest], choice.win_chance)
    return Explanation(
        move=guess,
        action=Action.GUESS,
        reason=Reason.GUESS,
        proof=(),
        safe=(),
        mines=(),
        words=words,
        risk=exact[guess],
        arrangements=total,
        win_chance=choice.win_chance,
    )


def _counted(numbers: Sequence[Number], cell: Position) -> tuple[Position, ...]:
    """Return the numbers whose hidden neighbours connect to *cell* (all of them if none do).

    Those are the numbers whose arrangements decide *cell*: numbers that
    share hidden neighbours, directly or through others, with it.
    """
    linked = [n for n in numbers if cell in n.unknown]
    if not linked:
        return tuple(n.pos for n in numbers)
    cells = set().union(*(n.unknown for n in linked))
    group = {n.pos for n in linked}
    grew = True
    while grew:
        grew = False
        for n in numbers:
            if n.pos not in group and n.unknown & cells:
                group.add(n.pos)
                cells |= n.unknown
                grew = True
    return _ordered(group)
