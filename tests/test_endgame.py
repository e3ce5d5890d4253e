"""The endgame: with at most 400 arrangements left, `best` is a move of perfect play.

The oracle is a brute force of its own: it lists the arrangements by trying
each hidden cell mine or not, then plays every move, every number the move
may show, to the end of the game, over explicit sets of arrangements.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from functools import cache

import pytest

from game import dealer
from game.board import Position, neighbour_table
from game.events import CellOpened, GameStarted
from game.seen import FLAGGED, HIDDEN, Seen
from game.settings import FirstClick, Settings
from game.solver import analyse, endgame
from game.solver.analysis import count
from game.state import Status, apply, start_game
from game.text import format_position

MOST = 400
"""The contract's limit: with at most this many arrangements, `best` is a best move."""

ISSUE_POSITIONS = [
    "6x5x5/01HHHH/01HHHH/012HHH/01HHHH/01HHHH",
    "6x5x7/HHHHHH/HH3HHH/12H4HH/012HHH/001HHH",
    "6x5x5/HHH100/HHH321/HHHHHH/HHHHHH/HHHHHH",
    "5x5x4/HHHHH/HHHHH/HHHHH/HHHHH/HH3HH",
]
"""Positions where the step limit of the former search left the move to the look-ahead,
which chose a move that wins less often than perfect play."""


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

    def __init__(self, text: str) -> None:
        seen = Seen.from_text(text)
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


def generated(positions: int, seed: int) -> Iterator[str]:
    """Yield positions that need a guess, with 2 to `MOST` arrangements.

    Random 5x5 to 7x6 boards, a random first click, then every certainly safe
    cell revealed, again and again, until none is left.
    """
    rng = random.Random(seed)
    made = 0
    while made < positions:
        width, height = rng.randint(5, 7), rng.randint(5, 6)
        settings = Settings(
            width,
            height,
            rng.randint(3, width * height // 4),
            rng.choice([FirstClick.SAFE, FirstClick.OPENING]),
        )
        game = start_game(GameStarted(settings, rng.randrange(10**6)))
        game = dealer.play(game, CellOpened((rng.randrange(width), rng.randrange(height))))
        while game.status is Status.PLAYING:
            counted = count(Seen.from_game(game))
            safe = [cell for cell, w in counted.mine_weights().items() if w == 0]
            if not safe:
                if 2 <= counted.total <= MOST:
                    made += 1
                    yield format_position(game.board)
                break
            for cell in safe:
                game = apply(game, CellOpened(cell))


def text_of(position: str) -> str:
    """Return position text from rows joined by `/`, as the issue writes them."""
    return position.replace("/", "\n") + "\n"


POSITIONS = [text_of(p) for p in ISSUE_POSITIONS] + list(generated(100, 37))


@pytest.mark.parametrize("text", POSITIONS, ids=["/".join(text.split()) for text in POSITIONS])
def test_best_is_a_move_of_perfect_play(text: str) -> None:
    """Its chance of winning equals the best any play can do, and so does `win_chance`."""
    oracle = PerfectPlay(text)
    assert 2 <= oracle.size <= MOST
    analysis = analyse(text)
    assert analysis.best is not None
    best = oracle.chance()
    assert oracle.chance(analysis.best) == best, f"{analysis.best} wins less than {best}"
    assert analysis.win_chance == best


def test_up_to_400_arrangements_no_step_limit_stops_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search's own step limit applies only above `ALWAYS_SEARCHED` arrangements."""
    monkeypatch.setattr(endgame, "SEARCH_STEPS", 1)
    text = text_of(ISSUE_POSITIONS[0])
    assert analyse(text).win_chance == PerfectPlay(text).chance() == Fraction(4, 9)
