"""The solver as a teacher, in a terminal: `review FILE`, `explain FILE|-` and `puzzle`.

`python -m game.solver review FILE` prints a replay file's details (player,
program, date, level, mode, 3BV: `game.community.details`), then its moves (the
JSON of `game.session.saved`, or any community format `game.community` reads),
each with its verdict, its risk and the safest risk then, and the solver's
choice where the move was not certain; then the summary.
`python -m game.solver explain FILE|-` prints the best move of a position
(position text) and the reason for it. Moves are written as the terminal
game's commands (`r X Y`, `f X Y`, `c X Y`, x and y counted from 0); the
sentences name cells by row and column counted from 1. A file that cannot be
read or understood gives one `error:` line on standard error and exit status 2.
`python -m game.solver puzzle --level N --seed S` prints a puzzle of that
level (`game.teacher.puzzles`): position text, `answer: X,Y ...`, `reason: ...`.
Terminal only: the page never fetches it (`pyscript.toml` leaves out the `cli.py`s).
"""

from __future__ import annotations

import argparse
import io
import sys
from fractions import Fraction
from typing import TextIO

from game.community.details import details
from game.community.read import read_replay
from game.community.recording import MAX_FILE_BYTES
from game.names import percent, plural
from game.rules.board import Position
from game.rules.events import MOVE_CODES, Move
from game.solver.explain import Action, Explanation, explain
from game.teacher.puzzles import LEVELS, find
from game.teacher.review import MoveReview, Review, review
from game.words.replays import details_text

USAGE_ERROR = 2
"""Exit status for a file that cannot be read or understood."""


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `review`, `explain` and `puzzle` to the solver's command line."""
    run = commands.add_parser("review", help="review every move of a replay file")
    run.add_argument(
        "file",
        metavar="FILE",
        help="a replay (the game's JSON, AVF, RMV, MVF, EVF or RAWVF), or - for standard input",
    )
    run = commands.add_parser("explain", help="say the best move of a position and why")
    run.add_argument("file", metavar="FILE", help="position text, or - for standard input")
    run = commands.add_parser("puzzle", help="print a puzzle from a real game, its answer and why")
    run.add_argument("--level", type=int, choices=LEVELS, required=True, help="1 to 5")
    run.add_argument("--seed", type=int, default=1, help="the same level and seed, the same puzzle")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run `review`, `explain` or `puzzle` as *args* say; return the exit status."""
    out = _lenient(out or sys.stdout)
    err = err or sys.stderr
    if args.command == "puzzle":
        out.write(find(args.level, args.seed).to_text())
        return 0
    try:
        if args.command == "review":
            report = _review(_read_bytes(args.file), args.file)
        else:
            report = _explain(_read(args.file))
    except ValueError as error:
        print(f"error: {error}", file=err)
        return USAGE_ERROR
    out.write(report)
    return 0


def _read(path: str) -> str:
    """Return the text of the file at *path*, or of standard input for `-`."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None


def _read_bytes(path: str) -> bytes:
    """Return the bytes of the file at *path*, or of standard input for `-`."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as file:
            return file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None


def _review(data: bytes, name: str) -> str:
    """Write the replay's details, then the review of its moves."""
    replay = read_replay(data, name)
    return details_text(details(replay)) + "\n\n" + review_text(review(replay.played.history))


def _explain(text: str) -> str:
    return explanation_text(explain(text))


def command(move: Move) -> str:
    """Write *move* as the terminal game's command: `r 3 4`.

    >>> from game.rules.events import FlagToggled
    >>> command(FlagToggled((3, 4)))
    'f 3 4'
    """
    return _at(MOVE_CODES[type(move)], move.pos)


def _at(code: str, pos: Position) -> str:
    return f"{code} {pos[0]} {pos[1]}"


def _chance(value: Fraction | None) -> str:
    return "?" if value is None else percent(value)


def move_line(reviewed: MoveReview) -> str:
    """Write one reviewed move: number, command, verdict, risk, safest, the solver's choice."""
    verdict = "unjudged" if reviewed.verdict is None else reviewed.verdict.value
    line = (
        f"{reviewed.number:>4}  {command(reviewed.move):<9} {verdict:<9}"
        f"  risk {_chance(reviewed.risk):>6}  safest {_chance(reviewed.safest):>6}"
    )
    if reviewed.solver is not None:
        line += f"  solver {_at('r', reviewed.solver)}"
    if reviewed.exploded:
        line += "  (a mine)"
    return line.rstrip()


def review_text(result: Review) -> str:
    """Write a review: one line per move, then the summary."""
    lines = [move_line(m) for m in result.moves]
    s = result.summary
    lines.append("")
    lines.append(
        f"{plural(s.moves, 'move')}: {s.certain} certain,"
        f" {plural(s.guesses, 'guess', 'guesses')}"
        f" (as safe as the safest), {s.risky} risky, {s.avoidable} avoidable"
        + (f", {s.unjudged} too large to judge" if s.unjudged else "")
    )
    lines.append(
        f"chance of surviving your risks: {percent(s.survival)};"
        f" the solver's choices there: {percent(s.solver_survival)}"
    )
    if s.first_mistake is not None:
        first = result.moves[s.first_mistake - 1]
        judged = "" if first.verdict is None else f", {first.verdict.value}"
        lines.append(f"first needless risk: {first.number} ({command(first.move)}{judged})")
    if s.lost_at is not None:
        lines.append(f"lost at move {s.lost_at}")
    return "\n".join(lines) + "\n"


def explanation_text(e: Explanation) -> str:
    """Write a hint: the move as a command, the kind of reason, the words, the proof."""
    code = "f" if e.action is Action.FLAG else "r"
    what = {Action.REVEAL: "safe", Action.FLAG: "a mine", Action.GUESS: f"{percent(e.risk)} risk"}
    lines = [
        f"move: {_at(code, e.move)} ({e.action.value}: {what[e.action]})",
        f"reason: {e.reason.value}",
        e.words,
    ]
    if e.proof:
        lines.append("proof: " + " ".join(f"({x}, {y})" for x, y in e.proof))
    return "\n".join(lines) + "\n"


def _lenient(stream: TextIO) -> TextIO:
    """Make *stream* write `?` for what its encoding cannot show, instead of failing."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")
    return stream
