"""The solver and the figures in the page under CPython: hint, solver moves, odds, summary.

Ported from tests/browser/test_solver_page.py; the solver's own answers are the
oracle (`explain`, `analyse`) for what the page marks and says.
"""

from __future__ import annotations

from fakepage import GamePage
from game.names import cell_percent
from game.rules.seen import Seen
from game.solver import analyse
from game.solver.explain import Action, explain

LAYOUT = "layout=*.../..../...*"


class TestSummary:
    def test_win_shows_figures_with_3bv(self) -> None:
        """A won game shows its 3BV, time and moves; the attribute is the integer 3BV."""
        page = GamePage("layout=..*/.../*..")
        assert page.hidden("#summary")
        page.reveal(0, 0)
        page.reveal(2, 2)
        assert page.attr("#board", "data-status") == "won"
        assert not page.hidden("#summary")
        assert page.attr("#summary", "data-3bv") == "2"
        assert "Won" in page.text("#summary") and "3BV/s" in page.text("#summary")
        assert not page.hidden("#result") and " s" in page.text("#result-figures")
        page.click("#result-close")
        assert page.hidden("#result")

    def test_loss_shows_summary_and_undo_hides_it(self) -> None:
        """A lost game is summarised too; taking the move back hides the summary."""
        page = GamePage("layout=*.*/.../...")
        page.reveal(0, 0)
        assert "Lost" in page.text("#summary")
        assert page.attr("#summary", "data-3bv") == "2"
        page.click("#undo")
        assert page.hidden("#summary")


class TestSolverControls:
    def test_hint_marks_the_move_and_every_cell_its_reason_proves_safe(self) -> None:
        """After an opening, the hint marks the cells its words prove safe, the move among them."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        page.click("#hint")
        hint = explain(Seen.from_text(page.position(2)))
        assert hint.action is Action.REVEAL and hint.move in hint.safe
        assert page.marked("hint-safe") == set(hint.safe)
        assert page.marked("hint-mine") == set(hint.mines)
        assert page.text("#message") == hint.words
        assert "is safe:" in page.text("#message")

    def test_hint_on_a_fresh_board_is_a_guess(self) -> None:
        """Before any reveal every cell is a guess, marked as such, with its risk."""
        page = GamePage("preset=beginner&seed=3")
        page.click("#hint")
        assert page.count("#board .hint-guess") == 1
        assert "No cell is certain. Best guess: row" in page.text("#message")
        assert "% of the arrangements that fit" in page.text("#message")

    def test_hint_late_in_a_game_is_the_guess_that_wins_most_often(self) -> None:
        """With few arrangements left the page searches to the end: a 30% guess beats the 20% ones.

        The position is RISKY_BUT_BETTER of the solver's tests.
        """
        page = GamePage("layout=*..../...*./..*.*")
        page.reveal(0, 2)
        page.reveal(2, 0)
        page.click("#hint")
        assert page.marked("hint-guess") == {(1, 0)}
        message = page.text("#message")
        assert "Best guess: row 1, column 2, a mine in 30.0%" in message
        assert "is a little safer (20.0%), but this one wins more often" in message
        assert "the game is won 65.0% of the time" in message

    def test_solver_move_plays_one_move(self) -> None:
        """One press, one move, shown on the slider."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        page.click("#autoplay")
        assert page.value("#history") == "2"

    def test_solver_plays_on_to_the_end(self) -> None:
        """From its first guess (a corner), the solver clears this layout, at a visible pace."""
        page = GamePage("layout=......../......../...*..../......../........")
        page.click("#autoplay-run")
        assert page.attr("#autoplay-run", "aria-pressed") == "true"
        page.advance(450)
        assert page.value("#history") == "1"  # a move a step
        page.advance(20_000)
        assert page.attr("#board", "data-status") == "won"
        assert page.attr("#autoplay-run", "aria-pressed") == "false"
        assert page.states()[2][3] == "F"

    def test_odds_overlay_shows_each_hidden_cells_probability(self) -> None:
        """The overlay writes a whole percent on every hidden cell, 0 and 100 only where
        certain, with its legend under the board (defect 11: none said what the colours
        meant); both go when it is turned off."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        assert page.hidden("#odds-legend")
        page.click("#overlay")
        assert not page.hidden("#odds-legend")
        hidden = page.count("#board button[data-state=hidden]")
        assert page.count("#board button[data-p]") == hidden
        for (x, y), p in analyse(page.position(2)).probabilities.items():
            assert page.cell(x, y, "data-p") == cell_percent(p)
            assert page.cell(x, y, "data-p") not in ("0", "100") or p in (0, 1)
        page.click("#overlay")
        assert page.count("#board button[data-p]") == 0
        assert page.hidden("#odds-legend")


class TestNoGuess:
    def test_a_no_guess_board_from_the_url_is_won_by_logic_alone(self) -> None:
        """`noguess=1`: after the first click a certainly safe cell always exists, to the end."""
        page = GamePage("preset=beginner&noguess=1&seed=4")
        assert page.value("#mode") == "no-guess"
        assert page.attr("#board", "data-mode") == "no-guess"
        page.reveal(4, 4)
        assert page.attr("#board", "data-status") != "ready"  # dealt
        while page.attr("#board", "data-status") == "playing":
            text = page.position(10)
            safe = [pos for pos, p in analyse(text).exact.items() if p == 0]
            assert safe, f"a guess was needed:\n{text}"
            page.reveal(*safe[0])
        assert page.attr("#board", "data-status") == "won"

    def test_a_new_game_while_dealing_drops_the_search(self) -> None:
        """The move that started a search is not played on the game that replaced it.

        Expert seed 7 takes 24 search steps; beginner is started during them. Its
        first click is played at once, and the expert click (on a cell beginner has
        too) never reaches it.
        """
        page = GamePage("preset=expert&noguess=1&seed=7")
        page.reveal(4, 4, settle=False)  # the search starts, and has not ended
        assert page.attr("#board", "data-status") == "ready"
        page.choose("#difficulty", "beginner")
        assert page.count("#board button") == 81
        assert page.attr("#board", "data-status") == "ready"
        page.reveal(4, 4)
        assert page.attr("#board", "data-status") != "ready"

    def test_the_mode_menu_deals_no_guess_boards_from_the_next_game(self) -> None:
        """Choosing No guessing starts a no-guess game of the same size, kept in the saved game."""
        page = GamePage("preset=intermediate")
        page.choose("#mode", "no-guess")
        assert "No guessing" in page.text("#message")
        page.reveal(8, 8)
        saved = page.stored("pyminesweeper.game")["settings"]
        assert saved["no_guess"] is True and saved["width"] == 16
        page.choose("#difficulty", "beginner")
        assert page.value("#mode") == "no-guess"
