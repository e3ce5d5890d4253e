"""Solver command line: `python -m game.solver bench --preset expert --games N --seed S`.

Also `review FILE` and `explain FILE|-`, the solver as a teacher (`game.solver.cli`).

Plays N games with the solver and prints games per second, the win rate with
a 95% confidence interval, and, last, `won W of N`. The first click is the
corner (0, 0) with `--first-click safe` and (3, 3) with `opening`, as the
published win rates were measured. Games run on every core.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import replace

from game import dealer
from game.events import CellOpened, GameStarted
from game.seen import Seen
from game.settings import PRESETS, FirstClick, Settings, parse_first_click
from game.solver import cli
from game.solver.analysis import weigh
from game.solver.choice import choose
from game.state import Game, Status, apply, start_game
from game.text import format_position

FIRST_CLICKS = {FirstClick.SAFE: (0, 0), FirstClick.OPENING: (3, 3)}


def play(settings: Settings, seed: int, *, seen: list[str] | None = None) -> bool:
    """Play one game with the solver; return whether it was won.

    Every position met is appended to *seen*, if given (for benchmarks).
    """
    game: Game = dealer.play(
        start_game(GameStarted(settings, seed)), CellOpened(FIRST_CLICKS[settings.first_click])
    )
    while game.status is Status.PLAYING:
        if seen is not None:
            seen.append(format_position(game))
        view = Seen.from_game(game)
        total, exact = weigh(view)
        safe = [cell for cell, p in exact.items() if p == 0]
        guess = choose(view, exact, total).move
        if guess is None:  # cannot happen while playing: some safe cell is hidden
            break
        for cell in safe or [guess]:
            game = apply(game, CellOpened(cell))
    return game.status is Status.WON


def _play(args: tuple[Settings, int]) -> bool:
    return play(*args)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - spread, centre + spread


def bench(preset: str, games: int, seed: int, first: FirstClick) -> int:
    """Play *games* games and print the figures; return the number won."""
    settings = replace(PRESETS[preset], first_click=first)
    jobs = [(settings, seed + i) for i in range(games)]
    began = time.perf_counter()
    with multiprocessing.Pool() as pool:
        wins = sum(pool.imap_unordered(_play, jobs, chunksize=4))
    seconds = time.perf_counter() - began
    low, high = wilson(wins, games)
    print(f"preset {preset}, first click {first.value} at {FIRST_CLICKS[first]}, seeds {seed}..")
    print(f"{games / seconds:.2f} games per second ({seconds:.1f} s)")
    print(f"win rate {wins / games:.1%} (95% CI {low:.1%} to {high:.1%})")
    print(f"won {wins} of {games}")
    return wins


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m game.solver")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("bench", help="play games with the solver and report the win rate")
    run.add_argument("--preset", choices=list(PRESETS), default="expert")
    run.add_argument("--games", type=int, default=100)
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--first-click", choices=[f.value for f in FirstClick], default="safe")
    cli.add_commands(commands)
    args = parser.parse_args(argv)
    if args.command != "bench":
        return cli.run(args)
    if args.games < 1:
        parser.error("--games must be at least 1")
    bench(args.preset, args.games, args.seed, parse_first_click(args.first_click))
    return 0


if __name__ == "__main__":
    sys.exit(main())
