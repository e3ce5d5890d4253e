"""Benchmark the game core: python bench/engine.py [--runs N].

Prints medians and p95s for the issue's targets, each next to a baseline
measured in the same run (a plain copy of the board's cell dict, or a fold
from the start), since the machines are shared and noisy, and keeps them in
bench/results/engine.json for docs/performance.md (`make bench-report`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Results, sample
from game.deal.dealer import advance, events_for
from game.rules.board import Hidden, Revealed
from game.rules.events import CellOpened, FlagToggled, GameStarted, MinesLaid, Move
from game.rules.history import History, HistoryBuilder
from game.rules.settings import PRESETS, FirstClick, Settings
from game.rules.state import Game, Status, fold, start_game
from game.session import Clock, Session, saved
from game.session.query import GameRequest
from game.session.saved import MAX_EVENTS


def long_game(moves: int, seed: int = 1) -> History:
    """Return an expert game of *moves* moves: reveals of safe cells mixed with flag toggles."""
    rng = random.Random(seed)
    history = History(GameStarted(PRESETS["expert"], seed))
    history = history.then(*events_for(history.current, CellOpened((15, 8))))
    while len(history) < moves:
        game = history.current
        hidden = [p for p, c in game.board.cells.items() if type(c) is not Revealed]
        safe = [
            p
            for p in hidden
            if type(game.board.cells[p]) is Hidden and not game.board.cells[p].mine
        ]
        move: Move
        if len(safe) > 1 and rng.random() < 0.3:
            move = CellOpened(rng.choice(safe))
        else:
            move = FlagToggled(rng.choice(hidden))
        history = history.then(move)
    assert history.current.status is Status.PLAYING
    return history


def largest_save() -> str:
    """Return the longest game a saved file may hold: flag toggles on a 100x100 board."""
    start = GameStarted(Settings(100, 100, 2000), 3)
    builder = HistoryBuilder(start)
    for n in range(MAX_EVENTS):
        builder.add(FlagToggled((n % 100, n // 100 % 100)))
    request = GameRequest(start.settings)
    moves = tuple(range(MAX_EVENTS))
    return saved.to_json(Session(request, builder.build(), times=moves, clock=Clock(MAX_EVENTS)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    runs = parser.parse_args().runs
    results = Results("engine", f"python bench/engine.py --runs {runs}")

    empty = start_game(GameStarted(Settings(100, 100, 0), 1))
    copy_big = sample(lambda: dict(empty.board.cells), runs)
    opening = sample(lambda: advance(empty, CellOpened((50, 50))), max(20, runs // 5))
    print(results.line("baseline: copy a 100x100 cell dict", copy_big))
    print(results.line("first click, 100x100 with 0 mines", opening, target=20, baseline=copy_big))

    start = GameStarted(PRESETS["expert"], 7, None)
    expert = advance(start_game(start), CellOpened((3, 3)))
    numbers = [
        p for p, c in expert.board.cells.items() if type(c) is Hidden and not c.mine and c.count
    ]
    copy_small = sample(lambda: dict(expert.board.cells), runs * 5)
    picks = iter(random.Random(2).choices(numbers, k=runs * 5))
    reveal = sample(lambda: advance(expert, CellOpened(next(picks))), runs * 5)
    print(results.line("baseline: copy an expert cell dict", copy_small))
    print(results.line("one reveal (a number) on expert", reveal, target=0.2, baseline=copy_small))

    seeds = iter(range(10**6))
    create = sample(
        lambda: advance(
            start_game(GameStarted(PRESETS["expert"], next(seeds))), CellOpened((3, 3))
        ),
        runs,
    )
    safe = Settings(30, 16, 99, FirstClick.SAFE)
    create_safe = sample(
        lambda: advance(start_game(GameStarted(safe, next(seeds))), CellOpened((0, 0))), runs
    )
    print(results.line("create expert game + first click (opening)", create))
    print(results.line("create expert game + first click (safe)", create_safe))

    history = long_game(1000)
    steps = random.Random(3).choices(range(1001), k=runs)
    at = iter(steps)
    state_at = sample(lambda: history.state_at(next(at)), runs)
    at = iter(steps)
    ends = [0] + [i + 1 for i, ev in enumerate(history.events) if type(ev) is not MinesLaid]
    folded = sample(
        lambda: fold(history.start, history.events[: ends[next(at)]]), max(20, runs // 5)
    )
    print(results.line("baseline: fold from the start, 1000-move game", folded))
    print(results.line("state at any step, 1000-move game", state_at, target=5, baseline=folded))
    text = largest_save()
    parse = sample(lambda: json.loads(text), 10)
    load = sample(lambda: saved.from_json(text), 10)
    print(results.line("baseline: json.loads of the largest save", parse))
    print(
        results.line(
            f"load the largest save ({MAX_EVENTS:,} moves)", load, target=1000, baseline=parse
        )
    )

    last: Game = history.state_at(1000)
    assert last == fold(history.start, history.events)
    assert sum(1 for c in last.board.cells.values() if type(c) is Revealed) > 0
    print(f"kept in {results.write().name}")


if __name__ == "__main__":
    main()
