"""Shared builders for tests: games from layout text, moves from short strings."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from hypothesis import strategies as st

from game.board import Position, neighbour_table
from game.dealer import advance, events_for, play
from game.events import MOVES_BY_CODE, CellOpened, GameStarted, Move
from game.history import History
from game.seen import FLAGGED, Seen
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


def arrangements(seen: Seen, *, flags_are_mines: bool = True) -> list[frozenset[Position]]:
    """Every placement of *seen*'s mines that fits its numbers, by trying them all.

    Flags count as mines, like the solver's, unless *flags_are_mines* is
    false: then they are covered cells like the others (as the review counts).
    """
    table = neighbour_table(seen.width, seen.height)
    flagged = frozenset(p for p, c in seen.cells.items() if c is FLAGGED)
    flags = flagged if flags_are_mines else frozenset()
    covered = [p for p, c in seen.cells.items() if not isinstance(c, int) and p not in flags]
    numbers = [(p, c) for p, c in seen.cells.items() if isinstance(c, int)]
    fitting: list[frozenset[Position]] = []
    if len(flags) > seen.mines:
        return fitting
    for chosen in itertools.combinations(covered, seen.mines - len(flags)):
        mines = flags.union(chosen)
        if all(sum(n in mines for n in table[p]) == k for p, k in numbers):
            fitting.append(mines)
    return fitting


def chances(seen: Seen, *, flags_are_mines: bool = True) -> dict[Position, Fraction]:
    """Return each covered cell's share of the fitting arrangements that put a mine on it."""
    fitting = arrangements(seen, flags_are_mines=flags_are_mines)
    covered = [p for p, c in seen.cells.items() if not isinstance(c, int)]
    if flags_are_mines:
        covered = [p for p in covered if seen.cells[p] is not FLAGGED]
    return {p: Fraction(sum(p in m for m in fitting), len(fitting)) for p in covered}


def opened_game(draw: st.DrawFn) -> tuple[Game, list[Position]]:
    """Draw a small game (2-5 by 2-4 cells, two safe at least) after one to six reveals.

    Returns it with its cells, row by row: the start of the solver's and the
    hints' random positions, which then differ in how they flag.
    """
    width, height = draw(st.integers(2, 5)), draw(st.integers(2, 4))
    mines = draw(st.integers(1, width * height - 2))
    game = start_game(GameStarted(Settings(width, height, mines), draw(st.integers(0, 10**6))))
    cells = [(x, y) for y in range(height) for x in range(width)]
    for pos in draw(st.lists(st.sampled_from(cells), min_size=1, max_size=6)):
        game = advance(game, CellOpened(pos))  # total: a finished game stays as it is
    return game, cells
