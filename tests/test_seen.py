"""The typed player's view: built from a game or from position text, the same either way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.events import CellOpened, FlagToggled, GameStarted
from game.rules.seen import FLAGGED, HIDDEN, Seen, format_position
from game.rules.settings import Settings
from game.rules.state import Game, Status, apply, start_game
from game.solver import analyse
from helpers import layout_game


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A small random game after a few reveals and flags, possibly finished."""
    width, height = draw(st.integers(1, 6)), draw(st.integers(1, 5))
    mines = draw(st.integers(0, width * height - 1))
    game = start_game(GameStarted(Settings(width, height, mines), draw(st.integers(0, 10**6))))
    cells = [(x, y) for y in range(height) for x in range(width)]
    kinds = st.sampled_from([CellOpened, CellOpened, FlagToggled])
    for kind, pos in draw(st.lists(st.tuples(kinds, st.sampled_from(cells)), max_size=8)):
        game = apply(game, kind(pos))
    return game


@given(games())
def test_a_game_and_its_position_text_give_the_same_view(game: Game) -> None:
    """`from_game` sees what `from_text` reads from the game's position text."""
    if game.status is Status.LOST:
        with pytest.raises(ValueError, match="the game is over"):
            Seen.from_game(game)
        with pytest.raises(ValueError, match="the game is over"):
            Seen.from_text(format_position(game.board))
    else:
        assert Seen.from_game(game) == Seen.from_text(format_position(game.board))


def test_cells_are_hidden_flagged_or_the_number_shown() -> None:
    """Each kind of cell maps to its typed value; numbers are integers, not characters."""
    game = apply(apply(layout_game("*..", "..."), CellOpened((2, 1))), FlagToggled((0, 0)))
    seen = Seen.from_game(game)
    assert seen.cells == {
        (0, 0): FLAGGED,
        (1, 0): 1,
        (2, 0): 0,
        (0, 1): HIDDEN,
        (1, 1): 1,
        (2, 1): 0,
    }
    assert (seen.width, seen.height, seen.mines) == (3, 2, 1)
    assert seen.hidden() == [(0, 1)]
    assert Seen.from_text("2x1x1\nHH\n").hidden() == [(0, 0), (1, 0)]


def test_the_solver_reads_a_game_as_it_reads_its_text() -> None:
    """`analyse` takes the typed view directly, with the same result as the text."""
    game = apply(layout_game("*...", "....", "..*."), CellOpened((0, 2)))
    by_text = analyse(format_position(game.board))
    by_view = analyse(Seen.from_game(game))
    assert (by_view.exact, by_view.best) == (by_text.exact, by_text.best)
