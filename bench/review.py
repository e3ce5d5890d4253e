"""Benchmark the game review on long expert games: python bench/review.py [--games N].

The games are played like a careful human would: reveal a proven-safe cell
near the last click, flag proven mines now and then, chord a number whose
flags are all placed, guess the safest cell when nothing is certain, and
sometimes slip (a guess anywhere on the frontier, or a reveal while a safe
cell was waiting). Only games of at least `--moves` moves are timed (short
losses are skipped), each reviewed whole with `review()`, as the page would
after the game. Prints the median and p95 per game against the target: the
page must review a 300-move game in under 2 s, and Pyodide runs about three
times slower than CPython. Last, the cost per move of a long run of flag
toggles, the cheapest moves to make in bulk (a hostile replay file).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import line
from game.deal.dealer import events_for
from game.rules.board import Hidden, Position, Revealed
from game.rules.events import CellOpened, FlagToggled, GameStarted, Move, NeighboursOpened
from game.rules.history import History
from game.rules.seen import Seen
from game.rules.settings import PRESETS
from game.rules.state import Status
from game.solver.counting import count
from game.teacher.review import review

TARGET_MS = 2000 / 3
"""2 s in the page, at three times CPython's time."""


def human_game(seed: int, *, slips: float = 0.01, wild: float = 0.2) -> History:
    """Play an expert game like a careful human with the seed's board and choices.

    *slips* is the chance of revealing a cell that is not proven safe while one
    is; *wild* the chance that a guess goes to any frontier cell, not the safest.
    """
    rng = random.Random(seed)
    history = History(GameStarted(PRESETS["expert"], seed))
    last: Position = (rng.randrange(30), rng.randrange(16))
    history = history.then(*events_for(history.current, CellOpened(last)))
    while history.current.status is Status.PLAYING:
        board = history.current.board
        exact = count(Seen.from_game(history.current)).probabilities()
        safe = [p for p, v in exact.items() if v == 0]
        mines = [p for p, v in exact.items() if v == 1]

        def near(pos: Position, last: Position = last) -> int:
            return abs(pos[0] - last[0]) + abs(pos[1] - last[1])

        chords = [
            p
            for p, c in board.cells.items()
            if type(c) is Revealed
            and board.can_chord(p)
            and any(type(board.cells[n]) is Hidden for n in board.neighbours(p))
        ]
        move: Move
        if mines and rng.random() < 0.8:
            move = FlagToggled(min(mines, key=near))
        elif chords and rng.random() < 0.2:
            move = NeighboursOpened(min(chords, key=near))
        elif safe and rng.random() >= slips:
            move = CellOpened(min(safe, key=near))
        else:
            frontier = [p for p, v in exact.items() if 0 < v < 1]
            if frontier and rng.random() < wild:
                move = CellOpened(rng.choice(sorted(frontier)))
            else:
                move = CellOpened(min(exact, key=lambda p: (exact[p] == 0, exact[p], near(p))))
        last = move.pos
        history = history.then(move)
    return history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=250, help="the fewest moves of a timed game")
    args = parser.parse_args()
    times: list[float] = []
    seed = args.seed
    while len(times) < args.games:
        history = human_game(seed)
        seed += 1
        if len(history) < args.moves:
            continue
        began = time.perf_counter()
        result = review(history)
        ms = (time.perf_counter() - began) * 1000
        times.append(ms)
        s = result.summary
        print(
            f"seed {seed - 1}: {len(history)} moves, {history.current.status.value},"
            f" {s.guesses + s.risky + s.avoidable} not certain: {ms:.0f} ms"
        )
    print(line(f"review(): {len(times)} expert games", times, target=TARGET_MS))
    toggles = flag_run(args.seed, 10_000)
    began = time.perf_counter()
    review(toggles)
    ms = (time.perf_counter() - began) * 1000
    print(f"review(): {len(toggles)} moves, mostly flag toggles: {ms / len(toggles):.3f} ms a move")


def flag_run(seed: int, toggles: int) -> History:
    """Return an expert game of one reveal and then *toggles* flag toggles on 50 cells."""
    history = History(GameStarted(PRESETS["expert"], seed))
    history = history.then(*events_for(history.current, CellOpened((15, 8))))
    board = history.current.board
    hidden = [p for p, c in board.cells.items() if type(c) is Hidden][:50]
    flags = (FlagToggled(hidden[i % len(hidden)]) for i in range(toggles))
    return History(history.start, [*history.events, *flags])


if __name__ == "__main__":
    main()
