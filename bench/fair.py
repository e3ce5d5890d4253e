"""Benchmark a cruel reveal against a classic one: python bench/fair.py [--reveals N].

A cruel reveal counts every arrangement that fits the position
(`game.deal.fair.judge`) and, when the rule moves the mines, draws one
(`game.solver.sample.draw`). Two measures, on expert (30x16/99) and on
100x100 with 2,000 mines, each reveal timed beside the classic reveal of the
same cell of the same position, one after the other (same-run ratios):

- *in play*: a logical player plays cruel games (a certainly safe cell when
  there is one, else the cell least likely to hold a mine); each reveal is
  timed as the session makes it, with the solver's memos as the game left
  them (the player's own counts are kept out of them);
- *cold*: positions part way through classic games, each revealed with every
  memo forgotten, as the first reveal after a reload: the worst case.

The same measures then run in Pyodide under Node (`bench/fair.mjs`), the
runtime of the page's worker, and each cruel reveal is held to the page's
targets: a median under 50 ms and a p95 under 200 ms. The figures are kept
in bench/results/fair.json for docs/performance.md.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Results
from game.deal.dealer import advance, decision
from game.deal.fair import Ruling
from game.rules.board import Hidden, Position, Revealed
from game.rules.events import CellOpened, GameStarted
from game.rules.seen import Seen
from game.rules.settings import PRESETS, Mode, Settings
from game.rules.state import Game, Status, apply, start_game
from game.solver import groups, sample
from game.solver.counting import count

BOARDS = (("expert", PRESETS["expert"]), ("100x100, 2,000 mines", Settings(100, 100, 2000)))
"""The boards the issue names: the largest preset, and a large dense custom board."""
TARGET_MEDIAN, TARGET_P95 = 50.0, 200.0
"""A cruel reveal's targets in the page, in milliseconds."""


@contextlib.contextmanager
def memos_untouched() -> Iterator[None]:
    """Count without leaving anything in the solver's memos: the player reads, the game counts."""
    kept = dict(groups._cache), dict(sample._cache)
    try:
        yield
    finally:
        groups._cache.clear()
        groups._cache.update(kept[0])
        sample._cache.clear()
        sample._cache.update(kept[1])


def choice(game: Game) -> Position:
    """Return a logical player's reveal: a certainly safe cell, else the least likely mine."""
    with memos_untouched():
        counted = count(sample.unflagged(Seen.from_game(game)))
    weights = counted.mine_weights()
    return min(weights, key=lambda p: (weights[p], p[1], p[0]))


def as_mode(game: Game, mode: Mode) -> Game:
    """Return *game* with its settings in *mode*: the same position, another rule."""
    settings = dataclasses.replace(game.settings, mode=mode)
    return Game(dataclasses.replace(game.start, settings=settings), game.board)


def reveal(game: Game, cell: Position) -> tuple[Game, Ruling | None]:
    """Make a reveal as the session does: decide its events, then fold them."""
    decided = decision(game, CellOpened(cell))
    for event in decided.events:
        game = apply(game, event)
    return game, None if decided.judgement is None else decided.judgement.ruling


def timed_pair(game: Game, cell: Position) -> tuple[float, float, Game, Ruling | None]:
    """Time the reveal of *cell* in *game* (cruel), then in the same position as classic."""
    began = time.perf_counter()
    after, ruling = reveal(game, cell)
    cruel = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    reveal(as_mode(game, Mode.CLASSIC), cell)
    classic = (time.perf_counter() - began) * 1000
    return cruel, classic, after, ruling


def in_play(
    settings: Settings, reveals: int, seed: int
) -> tuple[list[float], list[float], list[Ruling]]:
    """Time *reveals* reveals of a logical player's cruel games, each beside a classic one."""
    rng = random.Random(seed)
    cruel_ms: list[float] = []
    classic_ms: list[float] = []
    rulings: list[Ruling] = []
    cruel = dataclasses.replace(settings, mode=Mode.CRUEL)
    while len(cruel_ms) < reveals:
        groups.forget()
        sample.forget()
        game = start_game(GameStarted(cruel, rng.randrange(2**32)))
        game = advance(game, CellOpened((settings.width // 2, settings.height // 2)))
        while game.status is Status.PLAYING and len(cruel_ms) < reveals:
            cruel_one, classic_one, game, ruling = timed_pair(game, choice(game))
            assert ruling is not None
            cruel_ms.append(cruel_one)
            classic_ms.append(classic_one)
            rulings.append(ruling)
        assert game.status is not Status.LOST, "the logical player never loses in cruel"
    return cruel_ms, classic_ms, rulings


def part_way(settings: Settings, count_: int, seed: int) -> list[tuple[Game, Position]]:
    """Return *count_* positions part way through classic games, each with a cell to reveal."""
    rng = random.Random(seed)
    found: list[tuple[Game, Position]] = []
    while len(found) < count_:
        game = start_game(GameStarted(settings, rng.randrange(2**32)))
        game = advance(game, CellOpened((settings.width // 2, settings.height // 2)))
        goal = rng.uniform(0.2, 0.8) * game.board.safe_count
        while game.board.revealed_safe < goal and not game.is_over():
            # A safe cell next to what is revealed: the region grows as a player's does.
            game = advance(game, CellOpened(rng.choice(frontier(game, safe=True))))
        if not game.is_over():
            found.append((game, rng.choice(frontier(game, safe=False))))
    return found


def frontier(game: Game, *, safe: bool) -> list[Position]:
    """Return the hidden cells next to a revealed one (only those without a mine: *safe*)."""
    cells = game.board.cells
    return [
        p
        for p, c in cells.items()
        if type(c) is Hidden
        and not (safe and c.mine)
        and any(type(cells[n]) is Revealed for n in game.board.neighbours(p))
    ]


def cold(settings: Settings, runs: int, seed: int) -> tuple[list[float], list[float], list[Ruling]]:
    """Time reveals part way through games, each with every memo forgotten first."""
    cruel_ms: list[float] = []
    classic_ms: list[float] = []
    rulings: list[Ruling] = []
    for game, cell in part_way(settings, runs, seed):
        groups.forget()
        sample.forget()
        cruel_one, classic_one, _, ruling = timed_pair(as_mode(game, Mode.CRUEL), cell)
        assert ruling is not None
        cruel_ms.append(cruel_one)
        classic_ms.append(classic_one)
        rulings.append(ruling)
    return cruel_ms, classic_ms, rulings


def measure(reveals: int, runs: int) -> list[dict[str, object]]:
    """Return each board's and measure's times, cruel and classic, and the rulings met."""
    measured: list[dict[str, object]] = []
    for name, settings in BOARDS:
        for how, (cruel, classic, rulings) in (
            ("in play", in_play(settings, reveals, seed=45)),
            ("cold", cold(settings, runs, seed=45)),
        ):
            kinds = {r.value: sum(1 for x in rulings if x is r) for r in Ruling}
            said = ", ".join(f"{n} {k}" for k, n in kinds.items() if n)
            measured.append(
                {"name": f"{name}, {how}", "cruel": cruel, "classic": classic, "rulings": said}
            )
    return measured


def in_pyodide(reveals: int, runs: int) -> list[dict[str, object]] | None:
    """Return `measure` run in Pyodide under Node (bench/fair.mjs), or None without Node."""
    node = shutil.which("node")
    script = Path(__file__).with_name("fair.mjs")
    if node is None or not (script.parent.parent / "vendor" / "pyodide").is_dir():
        return None
    done = subprocess.run(
        [node, str(script), "--reveals", str(reveals), "--runs", str(runs)],
        capture_output=True,
        text=True,
        check=True,
    )
    return cast(list[dict[str, object]], json.loads(done.stdout.splitlines()[-1]))


def report(results: Results, measured: list[dict[str, object]], where: str) -> None:
    """Print and keep each measure's lines: the classic baseline, then the cruel reveal."""
    for row in measured:
        cruel, classic = cast(list[float], row["cruel"]), cast(list[float], row["classic"])
        name = f"{row['name']}{where}"
        print(results.line(f"baseline: classic reveal, {name}", classic))
        print(
            results.line(
                f"cruel reveal, {name}",
                cruel,
                baseline=classic,
                paired=True,
                target=TARGET_P95,
                target_median=TARGET_MEDIAN,
            )
        )
        print(f"  rulings: {row['rulings']}")
        results.fact(f"rulings, {name}", row["rulings"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reveals", type=int, default=100, help="reveals in play, per board")
    parser.add_argument("--runs", type=int, default=20, help="cold reveals, per board")
    args = parser.parse_args(argv)
    if sys.platform == "emscripten":  # run by bench/fair.mjs: the times, for the CPython side
        print(json.dumps(measure(args.reveals, args.runs)))
        return
    results = Results("fair", f"python bench/fair.py --reveals {args.reveals} --runs {args.runs}")
    report(results, measure(args.reveals, args.runs), "")
    pyodide = in_pyodide(args.reveals, args.runs)
    if pyodide is None:
        print("Pyodide not measured: no node, or no vendor/pyodide (make vendor)")
    else:
        report(results, pyodide, ", in Pyodide")
    print(f"kept in {results.write().name}")


if __name__ == "__main__":
    main()
