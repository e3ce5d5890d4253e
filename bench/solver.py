"""Benchmark the solver's analysis on real expert positions: python bench/solver.py [--games N].

Collects every position the solver meets while playing N expert games, times
`analyse()` on each (the public API, text in) with nothing remembered from
earlier counts (a cold start, the slowest case), and prints the median, p95
and the worst position found, which is printed in full so it can be studied.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import line
from game.commands.solver import solver_plays
from game.rules.settings import PRESETS, FirstClick
from game.solver import analyse
from game.solver.groups import forget


def positions(games: int, seed: int) -> list[str]:
    """Return the positions met in *games* solver games on expert (safe first click)."""
    found: list[str] = []
    settings = replace(PRESETS["expert"], first_click=FirstClick.SAFE)
    for number in range(games):
        solver_plays(settings, seed + number, seen=found)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    texts = positions(args.games, args.seed)
    times = []
    for text in texts:
        forget()
        began = time.perf_counter()
        analyse(text)
        times.append((time.perf_counter() - began) * 1000)
    print(line(f"analyse(): {len(texts)} expert positions", times, target=30))
    worst = max(range(len(texts)), key=times.__getitem__)
    print(f"worst position ({times[worst]:.1f} ms):\n{texts[worst]}")


if __name__ == "__main__":
    main()
