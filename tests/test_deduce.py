"""The one deducer against an exhaustive enumeration of the arrangements that fit."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.rules.board import Position
from game.rules.seen import FLAGGED, HIDDEN, Seen, SeenCell
from game.rules.state import Game, Status
from game.solver.deduce import Deducer, overlap
from helpers import fitting, opened_game


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, list[Position]]:
    """A small game after a few reveals, with its cells row by row (`opened_game`)."""
    return opened_game(draw)


def certain(seen: Seen) -> tuple[set[Position], set[Position]]:
    """Return the hidden cells no fitting arrangement mines, and those every one mines."""
    hidden, fits = fitting(seen)
    safe = {p for p in hidden if not any(p in f for f in fits)}
    mines = {p for p in hidden if all(p in f for f in fits)}
    return safe, mines


@settings(max_examples=150, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.booleans())
def test_the_deducer_proves_exactly_what_every_arrangement_agrees_on(
    drawn: tuple[Game, list[Position]], rnd: random.Random, flag: bool
) -> None:
    """Fed a real game's numbers a few at a time (and, sometimes, flags on some of its
    mines), the rules settle only cells that every arrangement agrees on, and the exact
    count then settles every such cell."""
    game, cells = drawn
    assume(game.status is not Status.LOST)
    seen = Seen.from_game(game)
    board = game.board
    flags = [p for p in cells if board.cells[p].mine and flag and rnd.random() < 0.5]
    numbers = [(p, c) for p, c in seen.cells.items() if isinstance(c, int)]
    rnd.shuffle(numbers)
    facts = Deducer(seen.width, seen.height, seen.mines)
    facts.mark(flags)
    shown: dict[Position, SeenCell] = dict.fromkeys(cells, HIDDEN)
    shown.update(dict.fromkeys(flags, FLAGGED))
    while numbers:
        size = rnd.randint(1, len(numbers))
        batch, numbers = numbers[:size], numbers[size:]
        facts.reveal(dict(batch))
        shown.update(batch)
        safe, mines = certain(Seen(seen.width, seen.height, seen.mines, shown))
        facts.settle()
        assert facts.safe <= safe
        assert facts.mines - set(flags) <= mines
        facts.count()
        assert facts.safe == safe
        assert facts.mines - set(flags) == mines


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_deducer_started_from_a_view_reads_its_numbers_as_a_player_does(
    drawn: tuple[Game, list[Position]],
) -> None:
    """`Deducer.of`: each number's flags are its found mines and its hidden neighbours its
    cells in doubt, row by row; the two-number rule settles only what every arrangement
    agrees on."""
    game, _cells = drawn
    assume(game.status is Status.PLAYING)
    seen = Seen.from_game(game)
    numbers = Deducer.of(seen).numbers_in_doubt()
    assert [n.pos for n in numbers] == sorted((n.pos for n in numbers), key=lambda p: (p[1], p[0]))
    for number in numbers:
        assert all(seen.cells[p] is HIDDEN for p in number.unknown)
        assert all(seen.cells[p] is FLAGGED for p in number.found)
    safe, mines = certain(seen)
    for i, a in enumerate(numbers):
        for b in numbers[i + 1 :]:
            found = overlap(a, b)
            if found is not None:
                assert found.safe <= safe
                assert found.mines <= mines


def test_a_number_whose_last_covered_neighbour_opens_is_no_longer_in_doubt() -> None:
    """A number read before its last covered neighbour opened is read again, not kept."""
    deducer = Deducer(3, 1, 0)
    deducer.reveal({(0, 0): 0})
    assert [n.pos for n in deducer.numbers_in_doubt()] == [(0, 0)]  # reads (1, 0) covered
    deducer.reveal({(1, 0): 0, (2, 0): 0})
    assert deducer.numbers_in_doubt() == []
