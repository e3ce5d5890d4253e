"""The solver and the figures in the page: hint, solver moves, and the end-of-game summary."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from game.seen import Seen
from game.solver import analyse
from game.solver.explain import Action, explain
from pagehelpers import cell, marked, position, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]


class TestSummary:
    def test_win_shows_figures_with_3bv(self, open_game: Open) -> None:
        """A won game shows its 3BV, time and moves; the attribute is the integer 3BV."""
        page = open_game("layout=..*/.../*..")
        assert page.is_hidden("#summary")
        page.click(cell(page, 0, 0))
        page.click(cell(page, 2, 2))
        assert page.get_attribute("#board", "data-status") == "won"
        expect(page.locator("#summary")).to_be_visible()
        assert page.get_attribute("#summary", "data-3bv") == "2"
        expect(page.locator("#summary")).to_contain_text("Won")
        expect(page.locator("#summary")).to_contain_text("3BV/s")

    def test_loss_shows_summary_and_undo_hides_it(self, open_game: Open) -> None:
        """A lost game is summarised too; taking the move back hides the summary."""
        page = open_game("layout=*.*/.../...")
        page.click(cell(page, 0, 0))
        expect(page.locator("#summary")).to_contain_text("Lost")
        assert page.get_attribute("#summary", "data-3bv") == "2"
        page.click("#undo")
        assert page.is_hidden("#summary")


class TestSolverControls:
    def test_hint_marks_the_move_and_every_cell_its_reason_proves_safe(
        self, open_game: Open
    ) -> None:
        """After an opening, the hint marks the cells its words prove safe, the move among them."""
        page = open_game("layout=*.../..../...*")
        page.click(cell(page, 3, 0))
        page.click("#hint")
        hint = explain(Seen.from_text(position(page, 2)))
        assert hint.action is Action.REVEAL and hint.move in hint.safe
        assert marked(page, "hint-safe") == set(hint.safe)
        assert marked(page, "hint-mine") == set(hint.mines)
        expect(page.locator("#message")).to_have_text(hint.words)
        expect(page.locator("#message")).to_contain_text("is safe:")

    def test_hint_on_a_fresh_board_is_a_guess(self, open_game: Open) -> None:
        """Before any reveal every cell is a guess, marked as such, with its risk."""
        page = open_game("preset=beginner&seed=3")
        page.click("#hint")
        expect(page.locator("#board .hint-guess")).to_have_count(1)
        expect(page.locator("#message")).to_contain_text("No cell is certain. Best guess: row")
        expect(page.locator("#message")).to_contain_text("% of the arrangements that fit")

    def test_hint_late_in_a_game_is_the_guess_that_wins_most_often(self, open_game: Open) -> None:
        """With few arrangements left the page searches to the end: a 30% guess beats the 20% ones.

        The position is RISKY_BUT_BETTER of the solver's tests, reached by real clicks.
        """
        page = open_game("layout=*..../...*./..*.*")
        page.click(cell(page, 0, 2))
        page.click(cell(page, 2, 0))
        page.click("#hint")
        assert marked(page, "hint-guess") == {(1, 0)}
        message = page.locator("#message")
        expect(message).to_contain_text("Best guess: row 1, column 2, a mine in 30.0%")
        expect(message).to_contain_text("is a little safer (20.0%), but this one wins more often")
        expect(message).to_contain_text("the game is won 65.0% of the time")

    def test_solver_move_plays_one_move(self, open_game: Open) -> None:
        """One press, one move, shown on the slider."""
        page = open_game("layout=*.../..../...*")
        page.click(cell(page, 3, 0))
        page.click("#autoplay")
        assert page.input_value("#history") == "2"

    def test_solver_plays_on_to_the_end(self, open_game: Open) -> None:
        """From its first guess (a corner), the solver clears this layout, at a visible pace."""
        page = open_game("layout=......../......../...*..../......../........")
        page.click("#autoplay-run")
        page.wait_for_function(
            "document.querySelector('#board').dataset.status === 'won'", timeout=20_000
        )
        expect(page.locator("#autoplay-run")).to_have_attribute("aria-pressed", "false")
        assert states(page)[2][3] == "F"

    def test_odds_overlay_shows_each_hidden_cells_probability(self, open_game: Open) -> None:
        """The overlay writes a percentage on every hidden cell, 0% and 100% where certain."""
        page = open_game("layout=*.../..../...*")
        page.click(cell(page, 3, 0))
        page.click("#overlay")
        hidden = page.locator("#board button[data-state='hidden']").count()
        expect(page.locator("#board button[data-p]")).to_have_count(hidden)
        for (x, y), p in analyse(position(page, 2)).probabilities.items():
            assert page.get_attribute(cell(page, x, y), "data-p") == f"{p:.0%}"
        page.click("#overlay")
        expect(page.locator("#board button[data-p]")).to_have_count(0)


class TestNoGuess:
    def test_a_no_guess_board_from_the_url_is_won_by_logic_alone(self, open_game: Open) -> None:
        """`noguess=1`: after the first click a certainly safe cell always exists, to the end."""
        page = open_game("preset=beginner&noguess=1&seed=4")
        assert page.is_checked("#noguess")
        page.click(cell(page, 4, 4))
        expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")  # dealt
        while page.get_attribute("#board", "data-status") == "playing":
            text = position(page, 10)
            safe = [pos for pos, p in analyse(text).exact.items() if p == 0]
            assert safe, f"a guess was needed:\n{text}"
            page.click(cell(page, *safe[0]))
        assert page.get_attribute("#board", "data-status") == "won"

    def test_a_new_game_while_dealing_drops_the_search(self, open_game: Open) -> None:
        """The move that started a search is not played on the game that replaced it.

        Expert seed 7 takes 24 search steps; beginner is started during them. Its
        first click is played at once, and the expert click never reaches it.
        """
        page = open_game("preset=expert&noguess=1&seed=7")
        page.click(cell(page, 20, 10))
        page.select_option("#difficulty", "beginner")
        expect(page.locator("#board button")).to_have_count(81)
        page.click(cell(page, 4, 4))
        expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")

    def test_the_checkbox_deals_no_guess_boards_from_the_next_game(self, open_game: Open) -> None:
        """Ticking the box starts a no-guess game of the same size, kept in the saved game."""
        page = open_game("preset=intermediate")
        page.check("#noguess")
        expect(page.locator("#message")).to_contain_text("No guessing")
        page.click(cell(page, 8, 8))
        saved = page.evaluate("JSON.parse(localStorage.getItem('pyminesweeper.game')).settings")
        assert saved["no_guess"] is True and saved["width"] == 16
        page.select_option("#difficulty", "beginner")
        assert page.is_checked("#noguess")
