"""Shared builders for tests: games from layout text, moves from short strings."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from game.deal.dealer import advance, events_for, play
from game.rules.board import Position, neighbour_table
from game.rules.events import MOVES_BY_CODE, CellOpened, GameStarted, Move
from game.rules.history import History
from game.rules.layout import Layout
from game.rules.seen import FLAGGED, HIDDEN, Seen
from game.rules.settings import FirstClick, Settings
from game.rules.state import Game, start_game


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


def run_js(module: str, expression: str) -> Any:
    """Return the value of *expression* as Node computes it, with js/*module*'s exports as `m`.

    For the page's pure modules (gestures, keys): the value goes through JSON.
    """
    if shutil.which("node") is None:
        pytest.skip("no node")
    script = (
        f"const m = await import({json.dumps((ROOT / 'js' / module).as_uri())});\n"
        f"process.stdout.write(JSON.stringify(await ({expression})));"
    )
    done = subprocess.run(
        ["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--input-type=module"],
        input=script,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


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


def fitting(seen: Seen) -> tuple[list[Position], list[frozenset[Position]]]:
    """Return the hidden cells and every placement of the unflagged mines that fits.

    Each hidden cell in turn holds a mine or not; a number that can no longer
    be met ends the branch. Flags count as mines.
    """
    table = neighbour_table(seen.width, seen.height)
    flags = {p for p, c in seen.cells.items() if c is FLAGGED}
    hidden = sorted((p for p, c in seen.cells.items() if c is HIDDEN), key=lambda p: (p[1], p[0]))
    numbers = {p: c for p, c in seen.cells.items() if isinstance(c, int)}
    need = {p: shown - sum(n in flags for n in table[p]) for p, shown in numbers.items()}
    room = {p: sum(seen.cells[n] is HIDDEN for n in table[p]) for p in numbers}
    watching = {cell: [p for p in table[cell] if p in need] for cell in hidden}
    found: list[frozenset[Position]] = []
    chosen: list[Position] = []

    def place(i: int, left: int) -> None:
        if i == len(hidden):
            if left == 0 and not any(need.values()):
                found.append(frozenset(chosen))
            return
        cell = hidden[i]
        for mine in (0, 1)[: 2 if left else 1]:
            if all(0 <= need[p] - mine <= room[p] - 1 for p in watching[cell]):
                for p in watching[cell]:
                    need[p] -= mine
                    room[p] -= 1
                chosen.extend([cell] * mine)
                place(i + 1, left - mine)
                del chosen[len(chosen) - mine :]
                for p in watching[cell]:
                    need[p] += mine
                    room[p] += 1

    place(0, seen.mines - len(flags))
    return hidden, found


class PerfectPlay:
    """In how many of a position's arrangements perfect play wins, by trying everything.

    A set of arrangements is what the player knows; revealing a cell loses
    those with a mine there and splits the others by the number shown. A
    single arrangement left is a win. A move that changes nothing is never
    worth making, and a move is not tried when its surviving arrangements
    are no more than the wins already found (it cannot win more).
    """

    def __init__(self, seen: Seen) -> None:
        table = neighbour_table(seen.width, seen.height)
        self.hidden, layouts = fitting(seen)
        self.size = len(layouts)
        # shows[c][j]: what cell c shows in arrangement j, -1 for a mine.
        self.shows = [
            [-1 if cell in mines else sum(n in mines for n in table[cell]) for mines in layouts]
            for cell in self.hidden
        ]

    def after(self, node: frozenset[int], cell: int) -> int:
        """Return the wins of revealing hidden cell number *cell* when *node* is left."""
        parts: dict[int, set[int]] = {}
        for j in node:
            parts.setdefault(self.shows[cell][j], set()).add(j)
        return sum(self.wins(frozenset(part)) for shown, part in parts.items() if shown >= 0)

    @cache  # noqa: B019 (one oracle per position, dropped with it)
    def wins(self, node: frozenset[int]) -> int:
        """Return in how many arrangements of *node* perfect play wins."""
        if len(node) == 1:
            return 1
        moves = []
        for cell, row in enumerate(self.shows):
            numbers = {row[j] for j in node}
            if numbers != {row[next(iter(node))]} or -1 in numbers:  # changes something
                moves.append((sum(1 for j in node if row[j] >= 0), cell))
        best = 0
        for safe, cell in sorted(moves, reverse=True):
            if safe <= best:
                break
            best = max(best, self.after(node, cell))
        return best

    def chance(self, move: Position | None = None) -> Fraction:
        """Return the chance of winning with perfect play, after revealing *move* if given."""
        root = frozenset(range(self.size))
        won = self.wins(root) if move is None else self.after(root, self.hidden.index(move))
        return Fraction(won, self.size)
