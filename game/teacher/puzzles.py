r"""Puzzles from real games: positions where the next safe cell takes exactly one kind of reason.

A position's level is what it takes to find a certainly safe cell, the
simplest means first (the exact count decides what is safe; a level's means
find a safe cell and the lower levels' find none):

1. one number alone: its flags already match it, so its other hidden
   neighbours are safe;
2. two numbers that share hidden cells, taken together (`game.solver.deduce`);
3. more numbers at once: every arrangement that fits the numbers, whatever
   the mine total, leaves the cell empty;
4. the mine total: no cell is safe from the numbers alone, but every
   arrangement with the right number of mines leaves the cell empty;
5. nothing: no cell is certainly safe; the answer is the safest guess.

A puzzle is found by playing a real deal with the solver from a real first
click (every certainly safe cell revealed at once, else the solver's guess)
and grading each position met, twice: with the mines that were already
certain at the previous move flagged (as a player who flags what they know
would have them), then without flags. Flags are therefore always on mines.
A position of a large board is cropped to a window around the proof whose
numbers see no covered cell outside it, with the mines inside the window as
its total, and posed only if the cropped position has the same level. The
same level and seed draw the same deals, so they give the same puzzle.

>>> grade(Seen.from_text("3x2x1\n1F1\nHHH\n")).level
1
>>> grade(Seen.from_text("3x2x1\nHHH\n111\n")).answer
((0, 0), (2, 0))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from game.names import cells_named, how_many, percent, plural, where
from game.rules.board import Position, neighbour_table
from game.rules.events import CellOpened, GameStarted
from game.rules.seen import FLAGGED, Seen
from game.rules.settings import Settings
from game.solver.choice import choose
from game.solver.counting import Count, count
from game.solver.deduce import Deducer, Number, Overlap, overlaps
from game.solver.groups import Budget, Constraint, count_group

LEVELS: Final = (1, 2, 3, 4, 5)
"""The puzzle levels, from one number alone to the safest guess."""

LEVEL_NAMES: Final = {
    1: "one number",
    2: "two numbers",
    3: "more numbers",
    4: "the mine total",
    5: "the safest guess",
}
"""What each level asks for, in a few words (for menus)."""

DEALS: Final[dict[int, tuple[Settings, ...]]] = {
    1: (Settings(9, 9, 10), Settings(16, 16, 40), Settings(30, 16, 99)),
    2: (Settings(9, 9, 10), Settings(16, 16, 40), Settings(30, 16, 99)),
    3: (Settings(9, 9, 10), Settings(16, 16, 40)),
    4: (Settings(8, 8, 10), Settings(9, 9, 10)),
    5: (Settings(9, 9, 10), Settings(16, 16, 40), Settings(30, 16, 99)),
}
"""The boards each level's deals are drawn from: the classic ones (expert's crowded
positions left out where they seldom give the level), and for the mine total small
ones, where it settles cells often enough to find one quickly (8x8 with 10 mines was
the first Windows game's beginner board)."""

LARGE: Final = 10
"""Boards wider or taller than this are cropped to a window around the proof."""
WINDOW: Final = 12
"""The widest and tallest a window may be; a position of a large board whose proof
needs more is not posed."""
MARGIN: Final = 2
"""Cells around the proof that a window starts with."""
ATTEMPTS: Final = 200
"""Deals tried before giving up (none has been needed beyond a few dozen)."""
GUESS_BUDGET: Final = 20_000
"""Search steps the solver's guesses may take while the deals are played."""


class NoPuzzleError(RuntimeError):
    """No position of the level was met in `ATTEMPTS` deals."""


@dataclass(frozen=True, slots=True)
class Grade:
    """What it takes to find a safe cell in a position, and the answer with its proof."""

    level: int
    """1 to 5, as in the module's docstring."""
    answer: tuple[Position, ...]
    """Every certainly safe hidden cell (levels 1-4), or every cell with the lowest
    chance of a mine (level 5), row by row."""
    proof: tuple[Position, ...]
    """The cells the reason reads: its numbers and their flags."""
    reason: str
    """Why, in words, naming cells by row and column counted from 1."""
    chances: Mapping[Position, Fraction]
    """Every hidden cell's exact chance of a mine."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A graded position met in a real game."""

    level: int
    """The level asked for, which the position has."""
    seed: int
    """The seed asked for: the same level and seed always give the same puzzle."""
    seen: Seen
    """The position, flags on mines."""
    grade: Grade
    """Its answer, proof and reason."""

    def to_text(self) -> str:
        """Print the position text, then `answer: X,Y ...` and `reason: ...`."""
        answer = " ".join(f"{x},{y}" for x, y in self.grade.answer)
        return f"{self.seen.to_text()}answer: {answer}\nreason: {self.grade.reason}\n"


def _reading(pos: Position) -> tuple[int, int]:
    return pos[1], pos[0]


def _ordered(cells: Iterable[Position]) -> tuple[Position, ...]:
    return tuple(sorted(set(cells), key=_reading))


def _named(number: Number) -> str:
    return f"the {number.shown} at {where(number.pos)}"


def _arrangements(total: int) -> str:
    return "the only arrangement" if total == 1 else f"the {how_many(total)} arrangements"


def _listed(cells: Sequence[Position]) -> str:
    if len(cells) <= 4:
        return cells_named(cells)
    return f"{cells_named(cells[:3])} and {plural(len(cells) - 3, 'other cell')}"


def by_one(numbers: Sequence[Number]) -> tuple[frozenset[Position], list[Number]]:
    """Return the cells one number alone proves safe, and the numbers that prove them."""
    done = [n for n in numbers if n.is_done()]
    return frozenset().union(*(n.unknown for n in done)), done


def by_two(numbers: Sequence[Number]) -> tuple[frozenset[Position], list[Overlap]]:
    """Return the cells two overlapping numbers prove safe, and what each pair proves."""
    pairs = [found for found in overlaps(numbers) if found.safe]
    return frozenset().union(*(found.safe for found in pairs)), pairs


def by_numbers(counted: Count) -> frozenset[Position]:
    """Return the cells that no arrangement fitting the numbers mines, whatever the total."""
    return frozenset(
        cell
        for group in counted.groups
        for cells, mines in group.classes
        if not any(mines.values())
        for cell in cells
    )


def grade(seen: Seen) -> Grade:
    """Return the level of *seen*, its answer, the proof and the reason in words.

    :raises ValueError: if no arrangement fits *seen* or no cell is hidden.
    """
    counted = count(seen)
    chances = counted.probabilities()
    if not chances:
        raise ValueError("nothing to solve: every cell is revealed or flagged")
    safe = _ordered(p for p, c in chances.items() if c == 0)
    numbers = Deducer.of(seen).numbers_in_doubt()
    if not safe:
        return _guess(seen, numbers, counted, chances)
    one, done = by_one(numbers)
    if one:
        first = done[0]
        cells = _ordered(first.unknown)
        why = (
            f"{where(cells[0]).capitalize()} is safe: {_named(first)} already has its"
            f" {plural(first.shown, 'flag')}, so its other hidden neighbours are safe"
            f" ({cells_named(cells)})."
        )
        return Grade(1, safe, (first.pos, *first.found), why, chances)
    two, pairs = by_two(numbers)
    if two:
        found = pairs[0]
        a, b = found.first, found.second
        return Grade(2, safe, (a.pos, b.pos, *a.found, *b.found), _two(found), chances)
    alone = by_numbers(counted)
    if alone:
        cell, used = min(
            ((c, fewest_numbers(numbers, c)) for c in alone),
            key=lambda p: (len(p[1]), _reading(p[0])),
        )
        fits = count_group(frozenset(Constraint(n.unknown, n.need) for n in used)).totals
        why = (
            f"{where(cell).capitalize()} is safe: no number alone or pair of numbers shows it,"
            f" but of {_arrangements(sum(fits.values()))} of the mines that fit"
            f" {_listed_numbers(used)}, whatever the mine total, none puts a mine there."
        )
        proof = [n.pos for n in used] + [f for n in used for f in n.found]
        return Grade(3, safe, tuple(dict.fromkeys(proof)), why, chances)
    flags = sum(1 for c in seen.cells.values() if c is FLAGGED)
    left = seen.mines - flags
    mines = f"{plural(seen.mines, 'mine')} in all" + (f", {flags} flagged" if flags else "")
    why = (
        f"{where(safe[0]).capitalize()} is safe: the numbers alone settle no cell, but there"
        f" are {mines}, so {plural(left, 'mine')} {'is' if left == 1 else 'are'} left to place;"
        f" of {_arrangements(counted.total)} with exactly that many, none puts a"
        f" mine on {_listed(safe)}."
    )
    proof = [n.pos for n in numbers] + [p for p, c in seen.cells.items() if c is FLAGGED]
    return Grade(4, safe, _ordered(proof), why, chances)


def fewest_numbers(numbers: Sequence[Number], cell: Position) -> list[Number]:
    """Return numbers whose arrangements alone, whatever the total, leave *cell* empty.

    The numbers next to *cell*, then those sharing hidden cells with them,
    and so on, ring by ring until their arrangements settle it (the whole
    group if need be). *cell* must be safe by the numbers alone.
    """
    used = [n for n in numbers if cell in n.unknown]
    while True:
        group = count_group(frozenset(Constraint(n.unknown, n.need) for n in used))
        if any(cell in cells and not any(mines.values()) for cells, mines in group.classes):
            return used
        reach = frozenset().union(*(n.unknown for n in used))
        more = [n for n in numbers if n not in used and n.unknown & reach]
        if not more:
            return used
        used += more


def _listed_numbers(numbers: Sequence[Number]) -> str:
    if len(numbers) > 4:
        return f"the {len(numbers)} numbers around it"
    named = [_named(n) for n in numbers]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _two(found: Overlap) -> str:
    """Say why two overlapping numbers make cells next to one of them safe."""
    a, b = found.first, found.second
    settled, other = (a, b) if found.safe & a.unknown else (b, a)
    cells = _ordered(found.safe & settled.unknown)
    away = other.unknown - settled.unknown
    if not away:
        why = (
            f"every hidden neighbour of {_named(other)} is also next to {_named(settled)},"
            f" so they hold its {plural(other.need, 'mine')}"
        )
    else:
        lies = "lies" if found.low == 1 else "lie"
        more = " more" if other.found else ""
        why = (
            f"{_named(other)} needs {plural(other.need, 'mine')}{more} but has only"
            f" {plural(len(away), 'hidden neighbour')} away from {_named(settled)},"
            f" so at least {found.low} of them {lies} next to both"
        )
    return (
        f"{where(cells[0]).capitalize()} is safe: {why}; that is all {_named(settled)} needs,"
        f" so its other hidden neighbours are safe ({cells_named(cells)})."
    )


def _guess(
    seen: Seen, numbers: Sequence[Number], counted: Count, chances: Mapping[Position, Fraction]
) -> Grade:
    lowest = min(chances.values())
    answer = _ordered(p for p, c in chances.items() if c == lowest)
    why = (
        f"No cell is certainly safe: of {_arrangements(counted.total)} of the mines"
        f" that fit the numbers and the total, the fewest put a mine on {_listed(answer)}"
        f" ({percent(lowest)}{' each' if len(answer) > 1 else ''}), so the safest guess is"
        " there."
    )
    near = {n for p in answer for n in neighbour_table(seen.width, seen.height)[p]}
    proof = [n.pos for n in numbers if n.pos in near]
    return Grade(5, answer, _ordered(proof), why, chances)


def find(level: int, seed: int) -> Puzzle:
    """Return the puzzle of *level* (1-5) and *seed*: the same for the same pair.

    :raises ValueError: for a level outside 1-5.
    :raises NoPuzzleError: if no deal of `ATTEMPTS` gives one (never seen).
    """
    if level not in LEVELS:
        raise ValueError(f"level {level} is not a puzzle level: choose 1 to 5")
    rng = random.Random(f"minesweeper puzzle {level} {seed}")
    for _ in range(ATTEMPTS):
        settings = rng.choice(DEALS[level])
        deal = rng.randrange(2**48)
        first = (rng.randrange(settings.width), rng.randrange(settings.height))
        for met in positions(settings, deal, first):
            if (level == 5) == met.safe:
                continue
            for seen in met.views():
                found = _fits(seen, met.mines, level)
                if found is not None:
                    return Puzzle(level, seed, *found)
    raise NoPuzzleError(f"no puzzle of level {level} found for seed {seed}")


@dataclass(frozen=True, slots=True)
class Met:
    """A position the solver met in a game, with what it takes to pose it as a puzzle."""

    seen: Seen
    """The position as the solver saw it (it never flags)."""
    known: frozenset[Position]
    """The mines that were certain at the previous move: a flagging player's flags."""
    mines: frozenset[Position]
    """Where the deal's mines are (the total of a cropped window counts them)."""
    safe: bool
    """Whether some hidden cell is certainly safe (flags, being on certain mines, change
    nothing about that)."""

    def views(self) -> tuple[Seen, ...]:
        """Return the position with the known mines flagged (if any), then without flags."""
        if not self.known:
            return (self.seen,)
        seen = self.seen
        cells = {**seen.cells, **dict.fromkeys(self.known, FLAGGED)}
        return Seen(seen.width, seen.height, seen.mines, cells), seen


def positions(settings: Settings, seed: int, first: Position) -> Iterator[Met]:
    """Yield each position the solver meets playing the deal of *seed* from *first*.

    Every certainly safe cell is revealed at once, else the solver's guess
    (searched within `GUESS_BUDGET` steps); the game ends when won or lost.
    """
    from game.deal.dealer import play  # the rules and the deal, only for generating
    from game.rules.state import Status, apply, start_game

    game = play(start_game(GameStarted(settings, seed)), CellOpened(first))
    mines = game.board.mines()
    known: frozenset[Position] = frozenset()
    while game.status is Status.PLAYING:
        seen = Seen.from_game(game)
        counted = count(seen)
        weights = counted.mine_weights()
        safe = [p for p, w in weights.items() if w == 0]
        yield Met(seen, known, mines, bool(safe))
        known = frozenset(p for p, w in weights.items() if w == counted.total)
        guess = choose(counted, Budget(GUESS_BUDGET)).move
        if guess is None:
            return
        for cell in safe or [guess]:
            game = apply(game, CellOpened(cell))


def _quick_level(seen: Seen, level: int) -> bool:
    """Tell cheaply whether *seen*, which has a safe cell, may have *level* (1-4).

    Only the cells one number or two prove safe are looked at.
    """
    if level in (1, 5):
        return True
    numbers = Deducer.of(seen).numbers_in_doubt()
    if by_one(numbers)[0]:
        return False
    return (level == 2) == bool(by_two(numbers)[0])


def _fits(seen: Seen, mines: frozenset[Position], level: int) -> tuple[Seen, Grade] | None:
    """Return the position (cropped if large) and its grade if it has *level*, else None."""
    if not _quick_level(seen, level):
        return None
    graded = grade(seen)
    if graded.level != level or len(set(graded.chances.values())) == 1:
        return None  # every hidden cell alike (all safe, or a pure guess): nothing to find
    if seen.width <= LARGE and seen.height <= LARGE:
        return seen, graded
    focus = graded.proof + graded.answer[:1]
    for margin in range(MARGIN, max(seen.width, seen.height)):
        window = _window(seen, focus, margin)
        if window is None:
            break
        cropped = crop(seen, mines, window)
        try:
            again = grade(cropped)
        except ValueError:
            continue
        if again.level == level:
            return cropped, again
    return None


Window = tuple[int, int, int, int]
"""Left, top, right and bottom columns and rows, inclusive."""


def _window(seen: Seen, focus: Sequence[Position], margin: int) -> Window | None:
    """Return the smallest window around *focus*, plus *margin*, that no number sees out of.

    Its numbers have no covered neighbour outside it, so they say the same
    inside it. None if the window would be larger than `LARGE`.
    """
    table = neighbour_table(seen.width, seen.height)
    cells = seen.cells
    left = max(0, min(x for x, _ in focus) - margin)
    right = min(seen.width - 1, max(x for x, _ in focus) + margin)
    top = max(0, min(y for _, y in focus) - margin)
    bottom = min(seen.height - 1, max(y for _, y in focus) + margin)
    grew = True
    while grew:
        grew = False
        for y in range(top, bottom + 1):
            for x in range(left, right + 1):
                if not isinstance(cells[(x, y)], int):
                    continue
                for nx, ny in table[(x, y)]:
                    if left <= nx <= right and top <= ny <= bottom:
                        continue
                    if isinstance(cells[(nx, ny)], int):
                        continue
                    left, right = min(left, nx), max(right, nx)
                    top, bottom = min(top, ny), max(bottom, ny)
                    grew = True
        if right - left + 1 > WINDOW or bottom - top + 1 > WINDOW:
            return None
    return left, top, right, bottom


def crop(seen: Seen, mines: frozenset[Position], window: Window) -> Seen:
    """Return the part of *seen* inside *window*, its total the *mines* inside."""
    left, top, right, bottom = window
    cells = {
        (x - left, y - top): seen.cells[(x, y)]
        for y in range(top, bottom + 1)
        for x in range(left, right + 1)
    }
    inside = sum(1 for x, y in mines if left <= x <= right and top <= y <= bottom)
    return Seen(right - left + 1, bottom - top + 1, inside, cells)
