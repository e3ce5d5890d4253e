"""The endgame: with at most 400 arrangements left, `best` is a move of perfect play.

The oracle (`helpers.PerfectPlay`) is a brute force of its own: it lists the
arrangements by trying each hidden cell mine or not, then plays every move,
every number the move may show, to the end of the game, over explicit sets
of arrangements.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

from game.deal import dealer
from game.rules.events import CellOpened, GameStarted
from game.rules.seen import Seen, format_position
from game.rules.settings import FirstClick, Settings
from game.rules.state import Status, apply, start_game
from game.solver import analyse, endgame
from game.solver.counting import count
from helpers import PerfectPlay

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

APART = [
    "5x5x6/HH100/HH200/HH310/HHH31/HHHHH",
    "7x5x8/HH10000/H421110/HH22H10/H33H310/H12H200",
    "5x6x5/11000/H1000/11000/01110/13H31/HHHHH",
]
"""Positions whose cells fall into groups searched apart (a 50/50 and the rest)."""


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


POSITIONS = [text_of(p) for p in ISSUE_POSITIONS + APART] + list(generated(100, 37))


@pytest.mark.parametrize("text", POSITIONS, ids=["/".join(text.split()) for text in POSITIONS])
def test_best_is_a_move_of_perfect_play(text: str) -> None:
    """Its chance of winning equals the best any play can do, and so does `win_chance`."""
    oracle = PerfectPlay(Seen.from_text(text))
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
    assert analyse(text).win_chance == PerfectPlay(Seen.from_text(text)).chance() == Fraction(4, 9)
