r"""Puzzles from real games: positions where the next safe cell takes exactly one kind of reason.

A position's level is what it takes to find a certainly safe cell, the
simplest means first (the exact count decides what is safe; a level's means
find a safe cell and the lower levels' find none):

1. one number alone: its flags already match it, so its other hidden
   neighbours are safe;
2. two numbers that share hidden cells, taken together;
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

Each position is read once by the solver's one door (`game.solver.explain.Study`):
its count, and the deductions of the one deducer with the rule of each (levels 1
and 2); the reasons are worded by the narration (`game.solver.narrate`).

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

import game.solver.narrate as narrate
from game.rules.board import Position, neighbour_table
from game.rules.events import CellOpened, GameStarted
from game.rules.seen import FLAGGED, Seen
from game.rules.settings import Settings
from game.solver.choice import choose
from game.solver.counting import Count, count
from game.solver.deduce import Number, Rule
from game.solver.explain import Study, near_and_far
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


def by_numbers(counted: Count) -> frozenset[Position]:
    """Return the cells that no arrangement fitting the numbers mines, whatever the total."""
    return frozenset(
        cell
        for group in counted.groups
        for cells, mines in group.classes
        if not any(mines.values())
        for cell in cells
    )


def grade(seen: Seen, read: Study | None = None) -> Grade:
    """Return the level of *seen*, its answer, the proof and the reason in words.

    *read* is the solver's reading of *seen* (`game.solver.explain.Study`), if the
    caller has one: the position is counted and deduced once.

    :raises ValueError: if no arrangement fits *seen* or no cell is hidden.
    """
    read = Study(seen) if read is None else read
    counted = read.count()
    chances = read.odds
    if not chances:
        raise ValueError("nothing to solve: every cell is revealed or flagged")
    safe = _ordered(p for p, c in chances.items() if c == 0)
    numbers = read.numbers
    if not safe:
        return _guess(seen, numbers, counted, chances)
    one = [d for d in read.deductions if d.rule is Rule.FOUND]
    if one:
        (first,) = one[0].numbers
        why = narrate.flags_match(first, _ordered(first.unknown))
        return Grade(1, safe, one[0].proof, why, chances)
    two = [d for d in read.deductions if d.rule is Rule.OVERLAP and d.safe]
    if two:
        pair = two[0].pair
        assert pair is not None  # every overlap deduction has its pair
        cells = _ordered(near_and_far(pair)[2])
        why = narrate.settled(cells[0], True, narrate.overlap(pair, cells))
        return Grade(2, safe, two[0].proof, why, chances)
    alone = by_numbers(counted)
    if alone:
        cell, used = min(
            ((c, fewest_numbers(numbers, c)) for c in alone),
            key=lambda p: (len(p[1]), _reading(p[0])),
        )
        fits = count_group(frozenset(Constraint(n.unknown, n.need) for n in used)).totals
        why = narrate.more_numbers(cell, sum(fits.values()), used)
        proof = [n.pos for n in used] + [f for n in used for f in n.found]
        return Grade(3, safe, tuple(dict.fromkeys(proof)), why, chances)
    flags = sum(1 for c in seen.cells.values() if c is FLAGGED)
    why = narrate.mine_total(safe, seen.mines, flags, counted.total)
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


def _guess(
    seen: Seen, numbers: Sequence[Number], counted: Count, chances: Mapping[Position, Fraction]
) -> Grade:
    lowest = min(chances.values())
    answer = _ordered(p for p, c in chances.items() if c == lowest)
    why = narrate.safest_guess(answer, lowest, counted.total)
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
                read = Study(seen, counted=met.counted if seen is met.seen else None)
                found = _fits(read, met.mines, level)
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
    counted: Count | None = None
    """The count of *seen*, made while playing, so that grading it counts it no more."""

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
        yield Met(seen, known, mines, bool(safe), counted)
        known = frozenset(p for p, w in weights.items() if w == counted.total)
        guess = choose(counted, Budget(GUESS_BUDGET)).move
        if guess is None:
            return
        for cell in safe or [guess]:
            game = apply(game, CellOpened(cell))


def _quick_level(read: Study, level: int) -> bool:
    """Tell cheaply whether the position *read*, which has a safe cell, may have *level* (1-4).

    Only the cells one number or two prove safe are looked at (the deducer's, uncounted).
    """
    if level in (1, 5):
        return True
    if any(d.rule is Rule.FOUND for d in read.deductions):
        return False
    return (level == 2) == any(d.rule is Rule.OVERLAP and d.safe for d in read.deductions)


def _fits(read: Study, mines: frozenset[Position], level: int) -> tuple[Seen, Grade] | None:
    """Return the position (cropped if large) and its grade if it has *level*, else None."""
    if not _quick_level(read, level):
        return None
    seen = read.seen
    graded = grade(seen, read)
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
