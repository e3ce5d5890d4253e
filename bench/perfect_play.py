"""How often perfect play could win: python bench/perfect_play.py --preset P --first-click F.

`--first-cell X,Y` clicks another first cell, as `python -m game.solver bench` does.

A ceiling for any solver on the same deals. Each game is played by certain
moves alone (revealing a certainly safe cell never lowers the chance of
winning, so perfect play takes them too) up to the first position that
needs a guess. When few enough arrangements are left there (always at most
400, see `game.solver.endgame`), the endgame search gives the exact chance
that perfect play wins from it. Otherwise the game counts as won as often
as the safest cell is safe: every move from there is a guess, so no play
survives it more often. The mean over the games is then at least the win
rate of perfect play on those deals, and the interval is that of a mean of
values between 0 and 1. On boards where nearly every first guess is
searched (beginner with an opening) this is close to the optimum, and it
says which targets no solver can reach. Prints the share of games won
without a guess and the share whose first guess was searched.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.commands.solver import first_cell, first_move
from game.rules.board import Position
from game.rules.events import CellOpened
from game.rules.seen import Seen
from game.rules.settings import (
    PRESETS,
    FirstClick,
    Settings,
    SettingsError,
    parse_cell,
    parse_first_click,
)
from game.rules.state import Status, apply
from game.solver.counting import count
from game.solver.endgame import solve_endgame


def ceiling(args: tuple[Settings, int, Position | None]) -> tuple[float, bool]:
    """Return a ceiling on perfect play's chance of winning game *seed*, and whether it is exact.

    1.0 with no guess; the endgame search's chance when it searches the first
    guess to the end; else the safest cell's chance of holding no mine there.
    """
    settings, seed, cell = args
    game = first_move(settings, seed, cell)
    while game.status is Status.PLAYING:
        counted = count(Seen.from_game(game))
        weights = counted.mine_weights()
        safe = [cell for cell, w in weights.items() if w == 0]
        if not safe:
            searched = solve_endgame(counted)
            if searched is None:
                return 1 - min(weights.values()) / counted.total, False
            return float(searched.chance), True
        for cell in safe:
            game = apply(game, CellOpened(cell))
    return 1.0, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", choices=list(PRESETS), default="beginner")
    parser.add_argument("--first-click", choices=[f.value for f in FirstClick], default="opening")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1000000)
    parser.add_argument("--first-cell", metavar="X,Y", help="click this cell first")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2 (the interval needs a spread)")
    if args.jobs < 0:
        parser.error("--jobs must be at least 1 (or 0 for every core)")
    first: FirstClick = parse_first_click(args.first_click)
    settings = replace(PRESETS[args.preset], first_click=first)
    cell = None
    if args.first_cell is not None:
        try:
            cell = parse_cell(args.first_cell, settings)
        except SettingsError as error:
            parser.error(f"--first-cell: {error}")
    seeds = range(args.seed, args.seed + args.games)
    with multiprocessing.Pool(args.jobs or None) as pool:
        chances = pool.map(ceiling, [(settings, s, cell) for s in seeds], chunksize=20)
    values = [c for c, _ in chances]
    mean = statistics.fmean(values)
    spread = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    no_guess = sum(1 for c in values if c == 1.0)
    searched = sum(1 for _, exact in chances if exact)
    print(
        f"preset {args.preset}, first click {first.value} at {first_cell(settings, cell)},"
        f" seeds {seeds.start} to {seeds.stop - 1}"
    )
    print(f"won by certain moves alone: {no_guess / len(seeds):.2%}")
    print(
        f"first guess searched to the end: {searched / len(seeds):.2%} of games"
        " (the others count as won as often as their safest cell is safe)"
    )
    print(
        f"perfect play wins at most {mean:.2%} (95% interval {mean - spread:.2%}"
        f" to {mean + spread:.2%})"
    )


if __name__ == "__main__":
    main()
