"""Solver command line: `python -m game.solver bench --preset expert --games N --seed S`.

Plays the games of seeds S to S+N-1 with the solver and prints games per
second, the win rate with a 95% confidence interval, and, last, `won W of N`.
The first click is the corner (0, 0) with `--first-click safe` and (3, 3)
with `opening`; `--first-cell X,Y` clicks another cell first, to compare with
a figure published for another first cell (the rule, safe cell or opening,
stays `--first-click`'s).

`--jobs J` plays on J processes (default: every core). On long runs a
progress line (games done, rate so far, time left) goes to standard error
every `--every` seconds. `--log FILE` appends each game's seed and result to
FILE and skips the seeds FILE already holds, so an interrupted run resumes
where it stopped, and a run split by seed range over several machines is
summed by running the whole range once more over the concatenated logs.

Also `review FILE`, `explain FILE|-` and `puzzle --level N --seed S`, the
solver as a teacher (`game.commands.teacher`).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from game import version
from game.commands import teacher
from game.deal import dealer
from game.rules.board import Position
from game.rules.events import CellOpened, GameStarted
from game.rules.seen import Seen, format_position
from game.rules.settings import PRESETS, FirstClick, Settings, parse_cell, parse_first_click
from game.rules.state import Game, Status, apply, start_game
from game.solver.choice import choose
from game.solver.counting import count

FIRST_CLICKS = {FirstClick.SAFE: (0, 0), FirstClick.OPENING: (3, 3)}


def first_cell(settings: Settings, cell: Position | None = None) -> Position:
    """Return the cell clicked first: *cell*, or where the published rates click."""
    return FIRST_CLICKS[settings.first_click] if cell is None else cell


def first_move(settings: Settings, seed: int, cell: Position | None = None) -> Game:
    """Return the game of *seed* after its first click, on *cell* or the usual one."""
    return dealer.play(
        start_game(GameStarted(settings, seed)), CellOpened(first_cell(settings, cell))
    )


def solver_plays(
    settings: Settings,
    seed: int,
    *,
    first: Position | None = None,
    seen: list[str] | None = None,
) -> bool:
    """Play one game with the solver from its first click (on *first*); return whether it was won.

    Every certainly safe cell is revealed at once; otherwise the solver's
    guess. Every position met is appended to *seen*, if given (for benchmarks).
    """
    game = first_move(settings, seed, first)
    while game.status is Status.PLAYING:
        if seen is not None:
            seen.append(format_position(game.board))
        counted = count(Seen.from_game(game))
        safe = [cell for cell, w in counted.mine_weights().items() if w == 0]
        guess = choose(counted).move
        if guess is None:  # cannot happen while playing: some safe cell is hidden
            break
        for cell in safe or [guess]:
            game = apply(game, CellOpened(cell))
    return game.status is Status.WON


def _play(args: tuple[Settings, Position | None, int]) -> tuple[int, bool]:
    settings, first, seed = args
    return seed, solver_plays(settings, seed, first=first)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - spread, centre + spread


def read_log(path: Path, seeds: range) -> dict[int, bool]:
    """Return the results already in the log at *path* for *seeds* (none if it is missing)."""
    if not path.exists():
        return {}
    done: dict[int, bool] = {}
    for line in path.read_text().splitlines():
        seed, result = line.split()
        if int(seed) in seeds:
            done[int(seed)] = result == "won"
    return done


def _results(
    settings: Settings, first: Position | None, seeds: list[int], jobs: int
) -> Iterator[tuple[int, bool]]:
    """Yield each seed's result as games finish, on *jobs* processes."""
    games = [(settings, first, seed) for seed in seeds]
    if jobs == 1:
        yield from map(_play, games)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap_unordered(_play, games, chunksize=2)


def _progress(done: int, wins: int, games: int, began: float, played: int, out: TextIO) -> None:
    seconds = time.perf_counter() - began
    rate = played / seconds if seconds else 0.0
    left = (games - done) / rate if rate else math.inf
    print(
        f"{done} of {games} games, won {wins / done:.1%}, {rate:.2f} games per second,"
        f" {left / 60:.0f} min left",
        file=out,
        flush=True,
    )


def bench(
    preset: str,
    games: int,
    seed: int,
    first: FirstClick,
    *,
    jobs: int = 0,
    log: Path | None = None,
    every: float = 30.0,
    cell: Position | None = None,
) -> int:
    """Play *games* games from *seed* on, print the figures, and return the number won.

    The first click is on *cell*, or where the published rates click for *first*.
    """
    settings = replace(PRESETS[preset], first_click=first)
    seeds = range(seed, seed + games)
    done = read_log(log, seeds) if log is not None else {}
    todo = [s for s in seeds if s not in done]
    wins = sum(done.values())
    began = shown = time.perf_counter()
    results: Iterable[tuple[int, bool]] = _results(
        settings, cell, todo, jobs or os.cpu_count() or 1
    )
    with open(log, "a") if log is not None else open(os.devnull, "w") as record:
        for played, (number, won) in enumerate(results, 1):
            print(number, "won" if won else "lost", file=record, flush=True)
            done[number] = won
            wins += won
            if time.perf_counter() - shown >= every:
                shown = time.perf_counter()
                _progress(len(done), wins, games, began, played, sys.stderr)
    seconds = time.perf_counter() - began
    low, high = wilson(wins, games)
    print(
        f"preset {preset}, first click {first.value} at {first_cell(settings, cell)},"
        f" seeds {seed} to {seed + games - 1}"
    )
    if todo:
        print(f"{len(todo) / seconds:.2f} games per second ({seconds:.1f} s for {len(todo)})")
    print(f"win rate {wins / games:.2%} (95% CI {low:.2%} to {high:.2%})")
    print(f"won {wins} of {games}")
    return wins


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m game.solver",
        description="The Minesweeper solver: win rates, hints that say why, reviews, puzzles.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser("bench", help="play games with the solver and report the win rate")
    run.add_argument("--preset", choices=list(PRESETS), default="expert")
    run.add_argument("--games", type=int, default=100)
    run.add_argument("--seed", type=int, default=1, help="the first seed; seeds run S to S+N-1")
    run.add_argument("--first-click", choices=[f.value for f in FirstClick], default="safe")
    run.add_argument(
        "--first-cell", metavar="X,Y", help="click this cell first (default: as --first-click says)"
    )
    run.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    run.add_argument("--log", type=Path, help="append results here; skip seeds it holds")
    run.add_argument("--every", type=float, default=30.0, help="seconds between progress lines")
    teacher.add_commands(commands)
    args = parser.parse_args(argv)
    if args.command != "bench":
        return teacher.run(args)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 0:
        parser.error("--jobs must be at least 1 (or 0 for every core)")
    cell = None
    if args.first_cell is not None:
        try:
            cell = parse_cell(args.first_cell, PRESETS[args.preset])
        except ValueError as error:
            parser.error(f"--first-cell: {error}")
    bench(
        args.preset,
        args.games,
        args.seed,
        parse_first_click(args.first_click),
        jobs=args.jobs,
        log=args.log,
        every=args.every,
        cell=cell,
    )
    return 0
