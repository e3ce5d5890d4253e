"""Shared builders for tests: games from layout text, moves from short strings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.dealer import events_for, play
from game.events import MOVES_BY_CODE, GameStarted, Move
from game.history import History
from game.settings import FirstClick, Settings
from game.state import Game, start_game
from game.text import Layout


def layout_start(*rows: str) -> GameStarted:
    """Return the start of a game on the layout given as rows of `*` and `.`."""
    layout = Layout.from_text("\n".join(rows))
    return GameStarted(layout.settings(), 0, layout.mines)


def layout_game(*rows: str) -> Game:
    """Return a fresh game on the layout given as rows of `*` and `.`."""
    return start_game(layout_start(*rows))


def random_start(
    width: int, height: int, mines: int, seed: int = 1, first: FirstClick = FirstClick.OPENING
) -> GameStarted:
    """Return the start of a random game."""
    return GameStarted(Settings(width, height, mines, first), seed)


def move(text: str) -> Move:
    """Parse `r 1 2` style text into a move."""
    code, x, y = text.split()
    return MOVES_BY_CODE[code]((int(x), int(y)))


def play_all(game: Game, *moves: str) -> Game:
    """Play every move, checking the rules, and return the final game."""
    for text in moves:
        game = play(game, move(text))
    return game


def rows(game: Game) -> list[str]:
    """Return the position-text rows of *game*, without the header."""
    return str(game).splitlines()[1:]


def played(history: History, *moves: Move) -> History:
    """Return *history* with *moves* made through the command layer (the deal recorded)."""
    for m in moves:
        history = history.then(*events_for(history.current, m))
    return history


def history_of(start: GameStarted, *moves: str) -> History:
    """Return a history of *moves* (as `r 1 2` text) after *start*."""
    return played(History(start), *(move(m) for m in moves))


ROOT = Path(__file__).resolve().parent.parent


def run_module(
    module: str, *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `python -m module args` from the project root, feeding *stdin*."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
        env={**os.environ, **(env or {})},
    )
