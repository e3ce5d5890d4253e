"""Time puzzle generation level by level: python bench/puzzles.py [--seeds N].

Finds the puzzles of seeds 1 to N of each level (`game.teacher.puzzles.find`)
with nothing remembered from earlier counts (a cold start, as the page's
first puzzle), and prints each level's median and p95 in milliseconds, its
ratio to level 1 measured in the same run, and whether the median meets the
page's target (under 300 ms for levels 1-4, under 1 s for level 5). Run it
in Pyodide under Node, as the page's worker runs Python, with
`node bench/puzzles.mjs [--seeds N]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import line, sample
from game.solver.groups import forget
from game.teacher.puzzles import LEVELS, find

TARGETS = {1: 300.0, 2: 300.0, 3: 300.0, 4: 300.0, 5: 1000.0}
"""The page's targets for the median, in milliseconds."""


def timed(level: int, seeds: int) -> list[float]:
    """Time finding the puzzles of *level* for seeds 1 to *seeds*, cold, in milliseconds."""
    order = iter(range(1, seeds + 1))
    return sample(lambda: find(level, next(order)), seeds, setup=forget)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}, seeds 1 to {args.seeds}")
    times = {level: timed(level, args.seeds) for level in LEVELS}
    for level in LEVELS:
        median = statistics.median(times[level])
        verdict = "meets" if median < TARGETS[level] else "MISSES"
        print(
            line(f"puzzle level {level}", times[level], baseline=times[1])
            + f"   ({verdict} target median < {TARGETS[level]:g} ms)"
        )


if __name__ == "__main__":
    main()
