"""Benchmark reading the community's replays: python bench/replays.py [--runs N].

Times `read_replay` (parse, then the click rules) on each test fixture and on
the largest, a 341 KB EVF of 20 minutes on a 60x36 board (56,659 mouse
events), then the statistics of that game. The baseline, timed in the same
run, folds the same game's events into a history (what opening the game's
own replay of it costs at least). The page must read the large file in
under a second, and Pyodide runs about three times slower than CPython.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import line, sample
from game.history import History
from game.replays.read import read_replay
from game.stats.community import figures

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "replays"
LARGE = "custom-60x36.evf"
TARGET_MS = 1000 / 3
"""1 s in the page, at three times CPython's time."""


def _reader(data: bytes, name: str) -> Callable[[], object]:
    return lambda: read_replay(data, name)


def main() -> None:
    """Print the median and p95 of each file's reading."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per file")
    runs = parser.parse_args().runs
    large = (DATA / LARGE).read_bytes()
    replay = read_replay(large, LARGE)
    history = replay.played.history
    baseline = sample(lambda: History(history.start, history.events), runs)
    print(line(f"baseline: fold {len(history.events)} events", baseline))
    times = sample(lambda: read_replay(large, LARGE), runs)
    print(
        line(f"read {LARGE} ({len(large) // 1024} KB)", times, target=TARGET_MS, baseline=baseline)
    )
    print(line(f"figures of {LARGE} (ZiNi included)", sample(lambda: figures(replay), runs)))
    for path in sorted(DATA.glob("*.*")):
        if path.suffix in (".avf", ".evf", ".mvf", ".rmv") and path.name != LARGE:
            print(line(f"read {path.name}", sample(_reader(path.read_bytes(), path.name), runs)))


if __name__ == "__main__":
    main()
