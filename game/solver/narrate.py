r"""The solver's narration: every sentence a hint or a puzzle says about why.

The hint (`game.solver.explain`) and the puzzles (`game.teacher.puzzles`)
decide which reason applies; this module only words it, so a reason the
two share (two overlapping numbers) is said the same way in both. Cells
are named as players count them (`game.names`).

>>> from game.solver.deduce import Number
>>> named(Number((1, 1), 2, ((0, 0),), frozenset({(2, 0)})))
'the 2 at row 2, column 2'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from game.names import cells_named, how_many, percent, plural, where
from game.rules.board import Position
from game.solver.deduce import Number, Overlap


def named(number: Number) -> str:
    """Name *number* and where it is."""
    return f"the {number.shown} at {where(number.pos)}"


def needs(number: Number) -> str:
    """Say how many mines *number* still needs among its hidden neighbours."""
    more = " more" if number.found else ""
    return f"needs {number.need}{more} {'mine' if number.need == 1 else 'mines'}"


def listed(cells: Sequence[Position]) -> str:
    """Name *cells*, or the first three and how many others when there are more than four."""
    if len(cells) <= 4:
        return cells_named(cells)
    return f"{cells_named(cells[:3])} and {plural(len(cells) - 3, 'other cell')}"


def _together(numbers: Sequence[Number]) -> str:
    names = [named(n) for n in numbers]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def arrangements(total: int) -> str:
    """Say "the only arrangement", or "the N arrangements"."""
    return "the only arrangement" if total == 1 else f"the {how_many(total)} arrangements"


def settled(cell: Position, safe: bool, why: str) -> str:
    """Say that *cell* is safe (or a mine), then *why*."""
    return f"{where(cell).capitalize()} {'is safe' if safe else 'is a mine'}: {why}"


# -- the hint's reasons --------------------------------------------------------------------


def found(number: Number, cells: Sequence[Position]) -> str:
    """Why *number*'s other hidden neighbours, *cells*, are safe: its mines are all found."""
    if number.shown == 0:
        why = f"{named(number)} has no mine around it, so all its hidden neighbours"
    else:
        flags = plural(number.shown, "flag")
        why = f"{named(number)} has all its mines flagged ({flags}), so its other"
        why += " hidden neighbours"
    return why + f" are safe ({cells_named(cells)})."


def full(number: Number, cells: Sequence[Position]) -> str:
    """Why *number*'s hidden neighbours, *cells*, are all mines."""
    they = "it is a mine" if len(cells) == 1 else "they are all mines"
    why = (
        f"{named(number)} {needs(number)} and has exactly"
        f" {plural(len(cells), 'hidden neighbour')}, so {they}"
    )
    return why + ("." if len(cells) == 1 else f" ({cells_named(cells)}).")


def overlap(pair: Overlap, cells: Sequence[Position]) -> str:
    """Why *cells*, next to one of *pair*'s numbers only, are safe (or mines).

    What the two numbers say together; mines only when *pair* proves no cell safe.
    """
    a, b = pair.first, pair.second
    near, other = (a, b) if cells[0] in a.unknown else (b, a)
    away = other.unknown - near.unknown
    if pair.safe:
        if not away:  # the subset rule
            why = (
                f"every hidden neighbour of {named(other)} is also next to {named(near)},"
                f" so they hold its {plural(other.need, 'mine')}"
            )
        else:
            why = (
                f"{named(other)} {needs(other)} but has only"
                f" {plural(len(away), 'hidden neighbour')} away from {named(near)},"
                f" so at least {pair.low} of its mines {'lies' if pair.low == 1 else 'lie'}"
                " next to both"
            )
        why += f"; that is all {named(near)} needs, so its other hidden neighbours are safe"
    else:
        why = (
            f"{named(other)} {needs(other)}, so the hidden neighbours it shares with"
            f" {named(near)} hold at most {plural(pair.high, 'mine')}; {named(near)}"
            f" {needs(near)}, so its other hidden neighbours are all mines"
        )
    return f"{why} ({cells_named(cells)})."


def all_flagged(mines: int) -> str:
    """Why every hidden cell is safe: all *mines* are flagged."""
    flagged = "the only mine is" if mines == 1 else f"all {mines} mines are"
    return f"{flagged} flagged, so every hidden cell is safe."


def all_mines(left: int, hidden: int) -> str:
    """Why every hidden cell is a mine: *left* mines for as many hidden cells."""
    return (
        f"{plural(left, 'mine')} {'is' if left == 1 else 'are'} left and exactly"
        f" {plural(hidden, 'hidden cell')}, so every hidden cell is a mine."
    )


def need_them_all(left: int, numbers: Sequence[Number]) -> str:
    """Why every other hidden cell is safe: *numbers* need the *left* mines among their own."""
    if len(numbers) == 1:
        it = "it" if left == 1 else "them all"
        need = f"{named(numbers[0])} needs {it} among its hidden neighbours"
    else:
        need = f"{_together(numbers)} need them all among hidden neighbours they do not share"
    return (
        f"only {plural(left, 'mine')} {'is' if left == 1 else 'are'} left, and {need},"
        " so every other hidden cell is safe."
    )


def _fit(total: int) -> str:
    them = "only one" if total == 1 else f"{how_many(total)} of them"
    return f"of the arrangements of the mines that fit the numbers and the total ({them})"


def counted(total: int, *, mine: bool) -> str:
    """Why a cell is safe (or a mine): none (or every one) of the *total* arrangements mines it."""
    every = "every one puts" if mine else "none puts"
    return f"{_fit(total)}, {every} a mine there."


def guess(
    cell: Position,
    risk: Fraction,
    total: int,
    safest: Position,
    safest_risk: Fraction,
    win_chance: Fraction | None,
) -> str:
    """Say that no cell is certain and why *cell* is the best guess (a mine at *risk*)."""
    them = "only one" if total == 1 else f"{how_many(total)} of them"
    words = (
        f"No cell is certain. Best guess: {where(cell)}, a mine in {percent(risk)}"
        f" of the arrangements that fit ({them})."
    )
    if safest_risk < risk:
        searched = win_chance is not None
        better = "wins more often" if searched else "more often leaves a safe move after it"
        safer = f"{where(safest).capitalize()} is a little safer ({percent(safest_risk)})"
        words += f" {safer}, but this one {better}."
    if win_chance is not None:
        words += f" With best play from here the game is won {percent(win_chance)} of the time."
    return words


# -- the puzzles' reasons ------------------------------------------------------------------


def flags_match(number: Number, cells: Sequence[Position]) -> str:
    """Say why *cells* are safe in a level-1 puzzle: *number* already has its flags."""
    why = (
        f"{named(number)} already has its {plural(number.shown, 'flag')}, so its other hidden"
        f" neighbours are safe ({cells_named(cells)})."
    )
    return settled(cells[0], True, why)


def more_numbers(cell: Position, total: int, numbers: Sequence[Number]) -> str:
    """Say why *cell* is safe in a level-3 puzzle: no arrangement that fits *numbers* mines it."""
    them = f"the {len(numbers)} numbers around it" if len(numbers) > 4 else _together(numbers)
    why = (
        "no number alone or pair of numbers shows it,"
        f" but of {arrangements(total)} of the mines that fit"
        f" {them}, whatever the mine total, none puts a mine there."
    )
    return settled(cell, True, why)


def mine_total(safe: Sequence[Position], mines: int, flags: int, total: int) -> str:
    """Say why *safe* are safe in a level-4 puzzle: no arrangement of the mines left mines them."""
    left = mines - flags
    all_of = f"{plural(mines, 'mine')} in all" + (f", {flags} flagged" if flags else "")
    why = (
        f"the numbers alone settle no cell, but there are {all_of}, so"
        f" {plural(left, 'mine')} {'is' if left == 1 else 'are'} left to place;"
        f" of {arrangements(total)} with exactly that many, none puts a"
        f" mine on {listed(safe)}."
    )
    return settled(safe[0], True, why)


def safest_guess(answer: Sequence[Position], lowest: Fraction, total: int) -> str:
    """Say why *answer* are a level-5 puzzle's answer: no cell is safe, and they are the safest."""
    each = " each" if len(answer) > 1 else ""
    return (
        f"No cell is certainly safe: of {arrangements(total)} of the mines"
        f" that fit the numbers and the total, the fewest put a mine on {listed(answer)}"
        f" ({percent(lowest)}{each}), so the safest guess is there."
    )
