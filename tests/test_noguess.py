"""No-guess boards: the deduction-only player, and boards dealt only when it clears them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.dealer import advance
from game.events import CellOpened, GameStarted
from game.noguess import _Play, deduce, lay_solvable_mines
from game.query import GameRequest, request_from_query
from game.settings import PRESETS, FirstClick, Settings
from game.solver import analyse
from game.state import Game, Status, start_game
from game.text import Layout, format_position


def mines_of(rows: str) -> tuple[int, int, frozenset[tuple[int, int]]]:
    layout = Layout.from_text(rows)
    return layout.width, layout.height, frozenset(layout.mines)


def nothing(_play: object) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    return set(), set()


class TestDeduce:
    def test_the_one_number_rules_clear_a_simple_board(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """`..*..`: from the left, the 1s beside the mine settle it without any other rule."""
        monkeypatch.setattr(_Play, "subset_rules", nothing)
        monkeypatch.setattr(_Play, "exact_rules", nothing)
        assert deduce(*mines_of(".....\n.*...\n.*...\n"), (3, 2))

    def test_a_board_that_needs_the_subset_rule(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Found by search: cleared with the two-number rule, stuck without it."""
        board = mines_of(".*..\n....\n...*\n")
        monkeypatch.setattr(_Play, "exact_rules", nothing)
        assert deduce(*board, (1, 2))
        monkeypatch.setattr(_Play, "subset_rules", nothing)
        assert not deduce(*board, (1, 2))

    def test_a_board_that_needs_the_exact_count(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Found by search: only counting every arrangement (with the mine total) clears it."""
        board = mines_of("...\n*..\n...\n...\n")
        assert deduce(*board, (1, 0))
        monkeypatch.setattr(_Play, "exact_rules", nothing)
        assert not deduce(*board, (1, 0))

    def test_a_fifty_fifty_is_not_deducible(self) -> None:
        """`*..` / `...`: two cells behind the same 1s, one mine between them."""
        assert not deduce(*mines_of("*..\n...\n"), (2, 1))

    def test_a_mine_under_the_first_click_is_never_cleared(self) -> None:
        assert not deduce(*mines_of("*..\n...\n"), (0, 0))


def solve_with_certain_moves_only(game: Game) -> Game:
    """Play on with the exact analyser, opening only cells whose mine probability is 0."""
    while game.status is Status.PLAYING:
        odds = analyse(format_position(game)).exact
        safe = [cell for cell, p in odds.items() if p == 0]
        assert safe, "stuck: the board needs a guess\n" + format_position(game)
        for cell in safe:
            game = advance(game, CellOpened(cell))
    return game


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["beginner", "intermediate"]),
    st.sampled_from(list(FirstClick)),
    st.integers(0, 2**32),
    st.integers(0, 8),
    st.integers(0, 8),
)
def test_no_guess_boards_are_won_by_certain_moves_alone(
    preset: str, first: FirstClick, seed: int, x: int, y: int
) -> None:
    """Dealt from any seed and first click, the board is cleared without one guess."""
    game_settings = replace(PRESETS[preset], first_click=first, no_guess=True)
    game = advance(start_game(GameStarted(game_settings, seed)), CellOpened((x, y)))
    assert solve_with_certain_moves_only(game).status is Status.WON


def test_an_expert_no_guess_board_is_won_by_certain_moves_alone() -> None:
    """The hardest preset too, through the same rules a game goes through."""
    start = GameStarted(replace(PRESETS["expert"], no_guess=True), 2026)
    game = advance(start_game(start), CellOpened((3, 3)))
    assert solve_with_certain_moves_only(game).status is Status.WON


def test_the_same_seed_and_first_click_deal_the_same_board() -> None:
    """Reproducible from the seed; another seed gives another board."""
    expert = replace(PRESETS["expert"], no_guess=True)
    assert lay_solvable_mines(expert, 7, (3, 3)) == lay_solvable_mines(expert, 7, (3, 3))
    assert lay_solvable_mines(expert, 7, (3, 3)) != lay_solvable_mines(expert, 8, (3, 3))


def test_noguess_url_parameter() -> None:
    """`noguess=1` asks for no-guess boards, round-trips, and refuses other values."""
    request, message = request_from_query("preset=expert&noguess=1")
    assert message is None and request.settings.no_guess
    assert request_from_query(request.to_query()) == (request, None)
    assert not request_from_query("preset=expert&noguess=0")[0].settings.no_guess
    _, complaint = request_from_query("noguess=yes")
    assert complaint is not None and "noguess='yes' must be 1" in complaint
    assert GameRequest(Settings(9, 9, 10, no_guess=True)).to_query().endswith("noguess=1")
