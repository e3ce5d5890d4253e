"""What the review and the puzzles say: a move judged, a game's summary, a puzzle posed.

Part of `game.words`: the same language, cells named by row and column from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from game.names import percent, plural, where
from game.rules.board import Position

if TYPE_CHECKING:  # the page's first screen imports neither (game.page.app.DEFERRED)
    from game.teacher.practice import Tally
    from game.teacher.puzzles import Puzzle
    from game.teacher.review import MoveReview


def review_line(reviewed: MoveReview) -> str:
    """Say one move of the review in a line: what was done where, its verdict and risk."""
    text = f"{reviewed.number}. {reviewed.kind.value} {where(reviewed.move.pos)}"
    if reviewed.verdict is None:
        return f"{text}: too large to judge in a moment"
    text += f": {reviewed.verdict.value}"
    if reviewed.risk:
        text += f", risk {percent(reviewed.risk)}"
        if reviewed.safest is not None and reviewed.safest < reviewed.risk:
            text += f" (safest {percent(reviewed.safest)}"
            if reviewed.solver is not None:
                text += f", the solver: {where(reviewed.solver)}"
            text += ")"
    if reviewed.exploded:
        text += " — a mine"
    return text


def review_summary(moves: Sequence[MoveReview]) -> str:
    """Sum the review up: the verdicts counted, the chance of surviving, the first needless risk.

    A risk is named for what it was when it was taken (a guess riskier than the safest,
    or a risk beside a certainly safe cell), whether or not it hit a mine; the move that
    hit one is named apart.
    """
    from game.teacher.review import Verdict, summarise

    summary = summarise(moves)
    parts = [
        f"{plural(summary.moves, 'move')}: {summary.certain} certain,"
        f" {plural(summary.guesses, 'guess', 'guesses')} as safe as the safest,"
        f" {summary.risky} risky, {summary.avoidable} avoidable.",
        f"The chance of surviving your risks: {percent(summary.survival)};"
        f" the solver's choices there: {percent(summary.solver_survival)}.",
    ]
    first = next((m for m in moves if m.number == summary.first_mistake), None)
    if first is not None:
        risk = (
            "guess riskier than the safest"
            if first.verdict is Verdict.RISKY
            else "risk taken while a cell was certainly safe"
        )
        parts.append(f"The first {risk}: move {first.number}.")
    if summary.lost_at is not None:
        parts.append(f"Move {summary.lost_at} hit a mine.")
    return " ".join(parts)


PUZZLE_PROMPTS: Final = {
    1: "Find a safe cell: one number tells.",
    2: "Find a safe cell: two numbers together tell.",
    3: "Find a safe cell: read several numbers at once.",
    4: "Find a safe cell: the numbers alone do not tell; count the mines.",
    5: "No cell is certainly safe: find the safest one.",
}
"""What each puzzle level asks the player to find."""


def puzzle_title(level: int, *, of_the_day: bool) -> str:
    """Name a puzzle as a player reads it: its level and what the level takes, never its seed.

    The seed stays in the address (`?puzzle=N-S`), for sharing.

    >>> puzzle_title(3, of_the_day=False), puzzle_title(1, of_the_day=True)
    ('Level 3 puzzle (more numbers)', 'Puzzle of the day, level 1 (one number)')
    """
    from game.teacher.puzzles import LEVEL_NAMES

    if of_the_day:
        return f"Puzzle of the day, level {level} ({LEVEL_NAMES[level]})"
    return f"Level {level} puzzle ({LEVEL_NAMES[level]})"


def puzzle_prompt(level: int, *, of_the_day: bool) -> str:
    """Say which puzzle is on the board and what to find in it."""
    return f"{puzzle_title(level, of_the_day=of_the_day)}. {PUZZLE_PROMPTS[level]}"


def puzzle_verdict(pos: Position, puzzle: Puzzle) -> str:
    """Say whether a press at *pos* solved *puzzle*, the cell's chance of a mine, and why."""
    chance = percent(puzzle.grade.chances[pos])
    if pos in puzzle.grade.answer:
        head = f"Solved! {where(pos).capitalize()} has a {chance} chance of a mine."
    else:
        head = f"Not this one: {where(pos)} has a {chance} chance of a mine."
    return f"{head} {puzzle.grade.reason} Next gives another puzzle."


def puzzle_tally(level: int, tally: Tally) -> str:
    """Say a level's practice: the puzzles solved and the streak.

    >>> from game.teacher.practice import Tally
    >>> puzzle_tally(2, Tally(5, 2, 3))
    'Level 2: 5 solved, streak 2 (best 3)'
    """
    return f"Level {level}: {tally.solved} solved, streak {tally.streak} (best {tally.best})"
