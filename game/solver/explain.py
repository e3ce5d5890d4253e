r"""Hints that say why: the next move, the simplest reason that proves it, and its words.

`explain` looks for a reason in this order, and gives the first that applies
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

Like the solver, a hint takes every flag for a mine. Every reason is sound:
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

from game.names import cells_named, how_many, percent, plural, where
from game.rules.board import Position
from game.rules.layout import TextFormatError
from game.rules.seen import FLAGGED, Seen
from game.solver.choice import choose
from game.solver.counting import Count, count
from game.solver.deduce import Deducer, Number, Overlap, overlaps
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
    if isinstance(position, str):
        try:
            position = Seen.from_text(position)
        except TextFormatError as error:
            raise ValueError(str(error)) from None
    seen = position
    hidden = seen.hidden()
    if not hidden:
        raise ValueError(NOTHING_LEFT)
    steps = None if budget is None else Budget(budget)
    counted: Count | None
    try:
        counted = count(seen, steps)  # first, so an impossible position is refused
    except TooComplexError:
        counted = None
    total = None if counted is None else counted.total
    numbers = Deducer.of(seen).numbers_in_doubt()
    found = (
        _by_found(numbers, total)
        or _by_full(numbers, total)
        or _by_overlap(numbers, total)
        or _by_total(seen, numbers, hidden, total)
    )
    if found is not None:
        return found
    if counted is None:
        raise TooComplexError("the position is too large to count exactly in a moment")
    return _by_counting(numbers, counted, steps)


def _reading(pos: Position) -> tuple[int, int]:
    """Sort key: row by row from the top, left to right."""
    return pos[1], pos[0]


def _ordered(cells: Iterable[Position]) -> tuple[Position, ...]:
    return tuple(sorted(cells, key=_reading))


def _named(number: Number) -> str:
    return f"the {number.shown} at {where(number.pos)}"


def _needs(number: Number) -> str:
    more = " more" if number.found else ""
    return f"needs {number.need}{more} {'mine' if number.need == 1 else 'mines'}"


def _settled(
    reason: Reason,
    proof: Sequence[Position],
    safe: Iterable[Position],
    mines: Iterable[Position],
    why: str,
    total: int | None,
) -> Explanation:
    """Return the explanation of a certain move: the first safe cell, else the first mine."""
    safe, mines = _ordered(safe), _ordered(mines)
    move = safe[0] if safe else mines[0]
    what = "is safe" if safe else "is a mine"
    return Explanation(
        move=move,
        action=Action.REVEAL if safe else Action.FLAG,
        reason=reason,
        proof=tuple(dict.fromkeys(proof)),
        safe=safe,
        mines=mines,
        words=f"{where(move).capitalize()} {what}: {why}",
        risk=Fraction(0),
        arrangements=total,
    )


def _by_found(numbers: Sequence[Number], total: int | None) -> Explanation | None:
    for number in numbers:
        if number.is_done():
            cells = _ordered(number.unknown)
            if number.shown == 0:
                why = f"{_named(number)} has no mine around it, so all its hidden neighbours"
            else:
                flags = plural(number.shown, "flag")
                why = f"{_named(number)} has all its mines flagged ({flags}), so its other"
                why += " hidden neighbours"
            why += f" are safe ({cells_named(cells)})."
            return _settled(Reason.FOUND, (number.pos, *number.found), cells, (), why, total)
    return None


def _by_full(numbers: Sequence[Number], total: int | None) -> Explanation | None:
    for number in numbers:
        if number.is_full():
            cells = _ordered(number.unknown)
            they = "it is a mine" if len(cells) == 1 else "they are all mines"
            why = (
                f"{_named(number)} {_needs(number)} and has exactly"
                f" {plural(len(cells), 'hidden neighbour')}, so {they}"
            )
            why += "." if len(cells) == 1 else f" ({cells_named(cells)})."
            return _settled(Reason.FULL, (number.pos, *number.found), (), cells, why, total)
    return None


def _by_overlap(numbers: Sequence[Number], total: int | None) -> Explanation | None:
    first_mines: Overlap | None = None
    for found in overlaps(numbers):
        if found.safe:
            return _overlap_explained(found, total)
        if first_mines is None:
            first_mines = found
    return None if first_mines is None else _overlap_explained(first_mines, total)


def _overlap_explained(found: Overlap, total: int | None) -> Explanation:
    """Say what two overlapping numbers settle next to one of them: its safe cells, else mines."""
    cells = found.safe or found.mines
    a, b = found.first, found.second
    settled, other = (a, b) if cells & a.unknown else (b, a)
    cells = cells & settled.unknown
    named = f"({cells_named(_ordered(cells))})"
    away = other.unknown - settled.unknown
    if found.safe:
        if not away:  # the subset rule
            why = (
                f"every hidden neighbour of {_named(other)} is also next to {_named(settled)},"
                f" so they hold its {plural(other.need, 'mine')}"
            )
        else:
            why = (
                f"{_named(other)} {_needs(other)} but has only"
                f" {plural(len(away), 'hidden neighbour')} away from {_named(settled)},"
                f" so at least {found.low} of its mines {'lies' if found.low == 1 else 'lie'}"
                " next to both"
            )
        why += f"; that is all {_named(settled)} needs, so its other hidden neighbours are safe"
    else:
        why = (
            f"{_named(other)} {_needs(other)}, so the hidden neighbours it shares with"
            f" {_named(settled)} hold at most {plural(found.high, 'mine')}; {_named(settled)}"
            f" {_needs(settled)}, so its other hidden neighbours are all mines"
        )
    proof = (settled.pos, other.pos, *settled.found, *other.found)
    safe, mines = (cells, frozenset[Position]()) if found.safe else (frozenset(), cells)
    return _settled(Reason.OVERLAP, proof, safe, mines, f"{why} {named}.", total)


def _by_total(
    seen: Seen, numbers: Sequence[Number], hidden: Sequence[Position], total: int | None
) -> Explanation | None:
    flags = tuple(p for p in sorted(seen.cells, key=_reading) if seen.cells[p] is FLAGGED)
    left = seen.mines - len(flags)
    if left == 0:
        flagged = "the only mine is" if seen.mines == 1 else f"all {seen.mines} mines are"
        why = f"{flagged} flagged, so every hidden cell is safe."
        return _settled(Reason.TOTAL, flags, hidden, (), why, total)
    if left == len(hidden):
        why = (
            f"{plural(left, 'mine')} {'is' if left == 1 else 'are'} left and exactly"
            f" {plural(len(hidden), 'hidden cell')}, so every hidden cell is a mine."
        )
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
    named = [_named(n) for n in sorted(chosen, key=lambda n: _reading(n.pos))]
    if len(named) == 1:
        need = f"{named[0]} needs {'it' if left == 1 else 'them all'} among its hidden neighbours"
    else:
        together = ", ".join(named[:-1]) + " and " + named[-1]
        need = f"{together} need them all among hidden neighbours they do not share"
    why = (
        f"only {plural(left, 'mine')} {'is' if left == 1 else 'are'} left, and {need},"
        " so every other hidden cell is safe."
    )
    proof = [n.pos for n in chosen] + [f for n in chosen for f in n.found]
    return _settled(Reason.TOTAL, _ordered(proof), rest, (), why, total)


def _by_counting(numbers: Sequence[Number], counted: Count, steps: Budget | None) -> Explanation:
    """Explain by the count: a cell every arrangement agrees on, else the solver's guess."""
    total = counted.total
    exact = counted.probabilities()
    safe = [p for p, v in exact.items() if v == 0]
    mines = [p for p, v in exact.items() if v == 1]
    them = "only one" if total == 1 else f"{how_many(total)} of them"
    fits = f"of the arrangements of the mines that fit the numbers and the total ({them})"
    choice = choose(counted, steps)
    if safe or mines:
        if safe and choice.move is not None:
            move = choice.move  # the solver's pick among the safe cells
            why = f"{fits}, none puts a mine there."
            settled: tuple[list[Position], list[Position]] = ([move], [])
        else:
            move = _ordered(mines)[0]
            why = f"{fits}, every one puts a mine there."
            settled = ([], [move])
        return _settled(Reason.COUNTING, _counted(numbers, move), *settled, why, total)
    guess = choice.move
    assert guess is not None  # there is a hidden cell
    risk = exact[guess]
    words = (
        f"No cell is certain. Best guess: {where(guess)}, a mine in {percent(risk)}"
        f" of the arrangements that fit ({them})."
    )
    safest = min(exact, key=lambda p: (exact[p], _reading(p)))
    if exact[safest] < risk:
        searched = choice.win_chance is not None
        better = "wins more often" if searched else "more often leaves a safe move after it"
        safer = f"{where(safest).capitalize()} is a little safer ({percent(exact[safest])})"
        words += f" {safer}, but this one {better}."
    if choice.win_chance is not None:
        words += (
            f" With best play from here the game is won {percent(choice.win_chance)} of the time."
        )
    return Explanation(
        move=guess,
        action=Action.GUESS,
        reason=Reason.GUESS,
        proof=(),
        safe=(),
        mines=(),
        words=words,
        risk=risk,
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
