"""The primary action: what a press on a cell means, for every front-end."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.rules.board import Position
from game.rules.events import CellOpened, FlagToggled, NeighboursOpened
from game.rules.press import Refusal, Refused, press
from game.rules.state import Game, problem
from helpers import layout_game, opened_game, play_all


def test_a_press_reveals_a_hidden_cell_and_flags_it_in_flag_mode() -> None:
    game = layout_game("*..", "...", "...")
    assert press(game.board, (2, 2)) == CellOpened((2, 2))
    assert press(game.board, (2, 2), flag_mode=True) == FlagToggled((2, 2))


def test_a_press_on_a_flag_is_refused_unless_in_flag_mode() -> None:
    game = play_all(layout_game("*.*", "...", "..."), "r 1 2", "f 0 0")
    assert press(game.board, (0, 0)) == Refused(Refusal.FLAGGED, (0, 0))
    assert press(game.board, (0, 0), flag_mode=True) == FlagToggled((0, 0))


def test_a_press_on_a_revealed_cell_chords_or_says_why_not() -> None:
    game = play_all(layout_game("*.*", "...", "..."), "r 1 1")
    assert press(game.board, (1, 1)) == Refused(Refusal.FLAGS_DIFFER, (1, 1), shows=2, flags=0)
    assert press(game.board, (1, 1), flag_mode=True) == Refused(
        Refusal.FLAGS_DIFFER, (1, 1), shows=2, flags=0
    )
    game = play_all(game, "f 0 0", "f 2 0")
    assert press(game.board, (1, 1)) == NeighboursOpened((1, 1))
    done = play_all(game, "c 1 1")
    assert press(done.board, (1, 1)) == Refused(Refusal.OVER, (1, 1))


def test_a_press_off_the_board_or_on_an_open_neighbourhood_does_nothing() -> None:
    game = play_all(layout_game("*...", "....", "...*"), "r 2 0")
    assert press(game.board, (4, 0)) == Refused(Refusal.OFF_BOARD, (4, 0))
    assert press(game.board, (2, 0)) == Refused(Refusal.NOTHING_TO_OPEN, (2, 0))


@given(st.composite(opened_game)(), st.booleans(), st.data())
def test_every_move_a_press_makes_is_one_the_rules_allow(
    drawn: tuple[Game, list[Position]], flag_mode: bool, data: st.DataObject
) -> None:
    """A press never makes a move the rules refuse, and refuses only what they refuse
    or what would change nothing (a chord with nothing to open)."""
    game, cells = drawn
    pos = data.draw(st.sampled_from(cells))
    board = game.board
    pressed = press(board, pos, flag_mode=flag_mode)
    if isinstance(pressed, Refused):
        chord = problem(board, NeighboursOpened(pos))
        assert pressed.reason is not Refusal.OFF_BOARD
        assert chord is not None or pressed.reason is Refusal.FLAGGED
    else:
        assert problem(board, pressed) is None, pressed
