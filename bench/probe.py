"""Run by bench/probe.html inside Pyodide: time the core where the page runs it.

Writes a JSON list of [name, [milliseconds...]] into body[data-results].
"""

import json
import random
import time
from collections.abc import Callable

from pyscript import document, window  # type: ignore[import-not-found]

from bench.engine import long_game
from bench.review import human_game
from game.deal.dealer import advance
from game.page.render import render_board
from game.rules.events import CellOpened, GameStarted
from game.rules.settings import Settings
from game.rules.state import start_game
from game.session import Clock, Session, saved
from game.session.query import GameRequest
from game.teacher.review import review


def timed(action: Callable[[], object], runs: int) -> list[float]:
    times: list[float] = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return times


results: list[list[object]] = []
empty = start_game(GameStarted(Settings(100, 100, 0), 1))
results.append(["apply: 100x100 opening", timed(lambda: advance(empty, CellOpened((50, 50))), 10)])
opened = advance(empty, CellOpened((50, 50)))
results.append(["render: whole 100x100 board", timed(lambda: render_board(opened, (0, 0)), 10)])

history = long_game(1000)
steps = iter(random.Random(4).choices(range(1001), k=200))
results.append(["state at any step, 1000 moves", timed(lambda: history.state_at(next(steps)), 200)])
session = Session(
    GameRequest(history.start.settings), history, times=tuple(range(1000)), clock=Clock(60_000)
)
storage = window.localStorage


def save() -> None:
    storage.setItem("bench.save", saved.to_json(session))


results.append(["save: 1000-move game to localStorage", timed(save, 100)])
storage.removeItem("bench.save")

REVIEWED_SEED = 12
"""bench/review.py's human-like expert game of this seed has 300 moves (a win): of its games
of 300 moves or more on seeds 1 to 79, the slowest to review in CPython."""
reviewed = human_game(REVIEWED_SEED)
results.append([f"review: {len(reviewed)}-move expert game", timed(lambda: review(reviewed), 5)])
document.body.setAttribute("data-results", json.dumps(results))
