"""Puzzles in the terminal: `python -m game --puzzle N [--seed S]`, one command per line.

The board of a puzzle (`game.teacher.puzzles`) is drawn as the line mode
draws a game; `r X Y` answers it (an answer cell solves it, another hidden
cell fails it), then the reason is printed with the cell's chance of a
mine. `n` gives the level's next puzzle, `q` quits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from game.deal.seed import fresh_seed
from game.names import percent, where
from game.rules.events import GameStarted
from game.rules.seen import FLAGGED
from game.rules.settings import Settings
from game.rules.state import Game
from game.teacher.puzzles import LEVEL_NAMES, Puzzle, find

PUZZLE_HELP = """\
Puzzle commands (x counts columns from the left, y rows from the top, both from 0):
  r X Y   reveal the cell you think is safe (or, at level 5, safest)
  n       next puzzle of the level         q       quit"""


def board_of(puzzle: Puzzle, draw: Callable[[Game], str]) -> str:
    """Draw the puzzle's board with *draw* (the line mode's), then what to find."""
    seen = puzzle.seen
    game = Game(GameStarted(Settings(seen.width, seen.height, seen.mines), 0), seen.to_board())
    grid = draw(game).split("\n")[:-2]  # without the game's status line
    task = "find the safest cell" if puzzle.level == 5 else "find a safe cell"
    flags = sum(1 for c in seen.cells.values() if c is FLAGGED)
    return "\n".join(
        (
            *grid,
            "",
            f"Puzzle {puzzle.level}-{puzzle.seed} ({LEVEL_NAMES[puzzle.level]}):"
            f" {task}. {seen.mines} mines in all, {flags} flagged.",
        )
    )


def answer(puzzle: Puzzle, x: int, y: int) -> str | None:
    """Say whether revealing (x, y) solves *puzzle*, and why; None if it is not a hidden cell."""
    chances = puzzle.grade.chances
    if (x, y) not in chances:
        return None
    head = "Solved!" if (x, y) in puzzle.grade.answer else "Not this one."
    chance = percent(chances[(x, y)])
    answers = " ".join(f"{a},{b}" for a, b in puzzle.grade.answer)
    return (
        f"{head} {where((x, y)).capitalize()} has a {chance} chance of a mine."
        f" {puzzle.grade.reason}\nanswer: {answers}"
    )


def run(
    level: int, seed: int | None, lines: Iterable[str], out: TextIO, draw: Callable[[Game], str]
) -> None:
    """Play puzzles of *level* from *seed* (a random one if None) on the commands in *lines*.

    *draw* draws a board as the line mode does (`game.terminal.cli.draw_board`).
    """
    seed = fresh_seed() if seed is None else seed
    puzzle = find(level, seed)
    print(PUZZLE_HELP + "\n", file=out)
    print(board_of(puzzle, draw), file=out)
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words == ["q"]:
            return
        if words == ["n"]:
            puzzle = find(level, puzzle.seed + 1)
            print(board_of(puzzle, draw), file=out)
            continue
        if (
            len(words) == 3
            and words[0] == "r"
            and all(w.isascii() and w.isdigit() for w in words[1:])
        ):
            said = answer(puzzle, int(words[1]), int(words[2]))
            print(said or "error: that is not a hidden cell of the puzzle", file=out)
            continue
        print("error: write r X Y, n or q", file=out)
