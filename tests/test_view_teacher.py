"""The solver as a teacher on the page, under CPython: reviews, hints that say why, analysis
boards, puzzles.

Ported from tests/browser/test_teacher_page.py and test_puzzles_page.py; the
solver's own answers (`explain`, `find`) are the oracle for what the page shows.
"""

from __future__ import annotations

import re

import pytest

from fakepage import GamePage
from game.names import where
from game.page import app
from game.page.files import SUSPENDED_KEY
from game.rules.seen import Seen
from game.session import Session, saved
from game.solver.explain import Reason, explain
from game.teacher.puzzles import find

LAYOUT = "layout=*.../..../...*"
ROWS = ("HHHHHHHHH", "HHHH11221", "HH2110000", "HH1000000", "HH1100000", "HHH111100")
POSITION = "/".join(("9x9x10", *ROWS, "HH211H100", "111011100", "000000000"))
"""A beginner position after one opening: its first forced move is a one-number mine."""
DECIMAL = re.compile(r"^[01]\.[0-9]{9,}$")
PERCENT = re.compile(r"\d+\.\d%")


def session() -> Session:
    """The game the page holds."""
    assert app.app is not None
    return app.app.session


class TestReview:
    def test_a_finished_game_is_reviewed_move_by_move(self) -> None:
        """#review lists every move, in order, with its verdict and exact risk."""
        page = GamePage(LAYOUT)
        for x, y in ((1, 0), (2, 0), (0, 1)):
            page.reveal(x, y)
        page.reveal(3, 2)  # the mine, when every other cell was proven safe
        page.click("#review")
        items = page.dom.all("#review-list > [data-move]")
        assert [item.attrs["data-move"] for item in items] == list("1234")
        for item in items:
            assert item.attrs["data-verdict"] in ("certain", "guess", "risky", "avoidable")
            assert DECIMAL.match(item.attrs["data-risk"])
        assert items[3].attrs["data-verdict"] == "avoidable"
        assert float(items[3].attrs["data-risk"]) == 1
        assert "4 moves" in page.text("#review-summary")

    def test_picking_a_move_shows_the_position_before_it(self) -> None:
        """A move picked in the list moves the slider to just before it and marks the cell."""
        page = GamePage(LAYOUT)
        for x, y in ((1, 0), (2, 0), (3, 2)):
            page.reveal(x, y)
        page.click("#review")
        assert "3 moves" in page.text("#review-summary")  # the list is done
        page.click("#review-list > [data-move='3']")
        assert page.value("#history") == "2"
        assert "review-player" in (page.cell(3, 2, "class") or "").split()
        assert page.attr("#review-list > [data-move='3']", "aria-current") == "step"

    def test_the_review_waits_for_the_end(self) -> None:
        """A game in play has nothing to review yet."""
        page = GamePage(LAYOUT)
        page.reveal(1, 0)
        assert page.disabled("#review")


class TestHints:
    def test_a_hint_says_why_and_marks_its_proof(self) -> None:
        """The hint's message gives the reason in words; the numbers it reads are marked."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        page.click("#hint")
        hint = explain(Seen.from_text(page.position(2)))
        assert hint.reason is Reason.OVERLAP
        assert page.marked("proof") == set(hint.proof) == {(1, 0), (1, 1)}
        assert page.text("#message") == hint.words
        assert "the 1 at row 1, column 2 is also next" in page.text("#message")

    def test_a_guess_has_no_proof_and_says_so(self) -> None:
        """Where nothing is certain the hint marks one guess, no proof, and gives its odds."""
        page = GamePage(LAYOUT)
        page.reveal(1, 0)
        page.reveal(0, 1)
        page.click("#hint")
        assert page.marked("proof") == set()
        assert len(page.marked("hint-guess")) == 1
        assert "No cell is certain. Best guess:" in page.text("#message")


class TestAnalysisBoard:
    def test_a_position_link_shows_odds_move_and_reason(self) -> None:
        """?position= shows the position with every hidden cell's exact odds and the reason."""
        page = GamePage("position=" + POSITION)
        assert page.value("#difficulty") == "position"
        hidden = page.count("#board button[data-state=hidden]")
        assert hidden > 0
        odds = page.dom.all("#board button[data-probability]")
        assert len(odds) == hidden
        assert DECIMAL.match(odds[0].attrs["data-probability"])
        assert "is a mine" in page.text("#message")
        assert page.count("#board [data-proof=true]") >= 1
        assert page.text("#mines-left") == "10"

    def test_an_edit_is_analysed_again_and_kept_in_the_address(self) -> None:
        """Flagging a cell changes the position, its analysis and the link to share."""
        page = GamePage("position=" + POSITION)
        page.flag(3, 1)
        assert page.cell(3, 1, "data-state") == "flagged"
        assert "HHHF11221" in page.search

    def test_an_impossible_position_names_its_cells(self) -> None:
        """A position no arrangement fits says which cells contradict, and marks them."""
        page = GamePage("position=2x2x3/1F/FH")
        assert "row 1, column 1" in page.text("#message")
        assert page.count("#board .contradiction") >= 2

    def test_a_broken_position_still_gives_a_game(self) -> None:
        """Unreadable position text gets a message and a default game, never a blank page."""
        page = GamePage("position=3x2x2/1Z")
        assert "position" in page.text("#message")
        assert page.count("#board button") == 81


class TestPuzzles:
    def test_an_answer_cell_solves_the_puzzle(self) -> None:
        """A press on an answer cell: solved, the chance in words, the proof marked."""
        puzzle = find(2, 5)
        page = GamePage("puzzle=2-5")
        assert page.attr("#board", "data-puzzle") == "unsolved"
        assert page.count("#board button") == puzzle.seen.width * puzzle.seen.height
        page.reveal(*puzzle.grade.answer[0])
        assert page.attr("#board", "data-puzzle") == "solved"
        assert "0.0% chance of a mine" in page.text("#message")
        assert puzzle.grade.reason in page.text("#message")
        assert page.count("#board [data-proof=true]") == len(puzzle.grade.proof)
        assert "1 solved, streak 1" in page.text("#puzzle-tally")
        assert page.disabled("#copy-link")  # the address is the link
        page.key("z", ctrl=True)  # no game move to undo: the puzzle stays
        assert page.attr("#board", "data-puzzle") == "solved"
        assert page.count("#board button") == puzzle.seen.width * puzzle.seen.height

    def test_another_hidden_cell_fails_it_with_its_chance(self) -> None:
        """A press on a hidden cell that is not an answer fails the puzzle."""
        puzzle = find(5, 2)
        page = GamePage("puzzle=5-2")
        wrong = next(p for p in puzzle.grade.chances if p not in puzzle.grade.answer)
        page.reveal(*wrong)
        assert page.attr("#board", "data-puzzle") == "failed"
        assert page.text("#message").startswith(f"Not this one: {where(wrong)} has a ")
        assert PERCENT.search(page.text("#message"))
        assert page.count("#board [data-proof=true]") >= 1
        assert "streak 0" in page.text("#puzzle-tally")

    def test_next_and_the_control_give_more_puzzles_and_tallies_are_kept(self) -> None:
        """The Puzzles button opens one; Next the next seed; a reload keeps the tally."""
        page = GamePage("preset=beginner&seed=3")
        page.click("#puzzles")
        assert page.attr("#board", "data-puzzle") == "unsolved"
        assert "puzzle=1-" in page.search
        page.choose("#puzzle-level", "3")
        assert re.search(r"puzzle=3-\d+", page.search)
        page = page.reopen("puzzle=3-8")
        page.reveal(*find(3, 8).grade.answer[0])
        page.click("#puzzle-next")
        assert re.search(r"puzzle=3-9$", page.search)
        page = page.reopen()
        assert "Level 3: 1 solved" in page.text("#puzzle-tally")
        page.choose("#difficulty", "beginner")
        assert page.attr("#board", "data-puzzle") is None
        assert page.hidden("#puzzle")

    def test_a_puzzle_is_named_as_a_player_reads_it(self) -> None:
        """Issue 46, defect 9: the Puzzles button named its puzzle "Puzzle 1-2946730194". It
        is named by its level and what that takes, or as the puzzle of the day; the seed
        stays in the address."""
        page = GamePage("preset=beginner&seed=3")
        page.click("#puzzles")
        assert page.text("#message").startswith("Level 1 puzzle (one number). Find a safe")
        assert not re.search(r"\d{3,}", page.text("#message"))
        assert re.search(r"puzzle=1-\d+$", page.search)
        page.choose("#puzzle-level", "4")
        assert page.text("#message").startswith("Level 4 puzzle (the mine total).")
        page.click("#puzzle-daily")
        assert page.text("#message").startswith("Puzzle of the day, level 4 (the mine total).")
        page = page.reopen()  # the day's puzzle by its address is still the day's
        assert page.text("#message").startswith("Puzzle of the day, level 4")

    def test_a_puzzle_after_a_won_game_shows_nothing_of_that_game(self) -> None:
        """Issue 46, defect 2: Puzzles after a win opened the puzzle under the "You won!" card,
        with the sunglasses face, the slider at its last move, the time and the won game's
        summary, and Next cleared none of them. A puzzle shows a clean state."""
        page = GamePage(LAYOUT)
        for x, y in ((1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)):
            page.reveal(x, y)
        page.advance(5_000)
        for x, y in ((0, 2), (1, 2), (2, 2)):
            page.reveal(x, y)
        assert page.attr("#board", "data-status") == "won"
        assert page.attr("#reset", "data-face") == "won" and not page.hidden("#result")
        assert page.text("#timer") != "0"
        for press in ("#puzzles", "#puzzle-next"):
            page.click(press)
            assert page.attr("#board", "data-puzzle") == "unsolved"
            assert page.attr("#reset", "data-face") == "smile"
            assert page.hidden("#result") and page.hidden("#summary")
            assert page.hidden("#assist-badge") and page.hidden("#past-band")
            assert (page.attr("#history", "max"), page.value("#history")) == ("0", "0")
            assert page.text("#step") == "0 / 0"
            assert page.text("#timer") == "0"
            assert page.disabled("#review") and page.hidden("#review-panel")

    def test_puzzles_set_an_unfinished_game_aside_and_resume_brings_it_back(self) -> None:
        """Pressing Puzzles in an unfinished game lost it once the player left the puzzle
        for a game: the game on the page was replaced, and its save with it. The game is
        set aside, the puzzle says so, and Resume leaves the puzzle for that game, its
        moves and its clock as they were."""
        page = GamePage("preset=beginner&seed=3")
        page.reveal(0, 0)
        page.advance(3_000)
        game = session()
        assert game.is_unfinished()
        page.click("#puzzles")
        assert page.attr("#board", "data-puzzle") == "unsolved"
        assert "Resume brings it back" in page.text("#message")
        assert not page.hidden("#resume")
        assert saved.from_json((page.items or {})[SUSPENDED_KEY]).history == game.history
        page.click("#resume")
        assert page.attr("#board", "data-puzzle") is None and page.hidden("#puzzle")
        assert session().history == game.history
        assert page.text("#timer") == "3"
        assert "puzzle=" not in page.search
        assert page.count("#board button[data-state='revealed']") > 0

    def test_a_game_chosen_from_a_puzzle_leaves_the_unfinished_one_to_resume(self) -> None:
        """A new game chosen from the puzzle's size menu is a new game; the unfinished one
        stays aside for Resume, and nothing the player had is lost."""
        page = GamePage("preset=beginner&seed=3")
        page.reveal(0, 0)
        game = session()
        page.click("#puzzles")
        page.choose("#difficulty", "intermediate")
        assert page.attr("#board", "data-puzzle") is None
        assert page.count("#board button") == 256
        assert not page.hidden("#resume")
        page.click("#resume")
        assert session().history == game.history
        assert page.count("#board button") == 81

    def test_puzzles_from_a_new_game_set_nothing_aside(self) -> None:
        """A game with no move has nothing to lose: no Resume is offered."""
        page = GamePage("preset=beginner&seed=3")
        page.click("#puzzles")
        assert page.hidden("#resume")
        assert "Resume" not in page.text("#message")

    def test_a_bad_puzzle_link_gives_a_game_and_says_why(self) -> None:
        page = GamePage("puzzle=9-1")
        assert "puzzle=" in page.text("#message")
        assert page.count("#board button") == 81

    @pytest.mark.parametrize(
        "link", ["puzzle=2-5", "position=" + POSITION], ids=["puzzle", "position"]
    )
    def test_a_puzzle_or_position_link_sets_the_kept_game_aside(self, link: str) -> None:
        """A `puzzle` or `position` link opened while a game was kept, then a game chosen
        from it, wrote over the kept game: the start showed the link and never read what
        was kept. The kept game is set aside, as a link to another game sets it aside:
        the page says so, and Resume brings it back, even after a new game was chosen."""
        page = GamePage("preset=beginner&seed=3")
        page.reveal(0, 0)
        page.advance(3_000)
        game = session()
        assert game.is_unfinished()
        page = page.reopen(link)
        assert page.count("#board [data-state='revealed']") > 0  # the link's board, not the game
        assert "Resume brings it back" in page.text("#message")
        assert not page.hidden("#resume")
        assert saved.from_json((page.items or {})[SUSPENDED_KEY]).history == game.history
        page.choose("#difficulty", "intermediate")
        assert page.count("#board button") == 256
        assert not page.hidden("#resume")
        page.click("#resume")
        assert session().history == game.history
        assert page.count("#board button") == 81
        assert page.text("#timer") == "3"

    def test_a_puzzle_link_with_no_game_kept_says_nothing_of_one(self) -> None:
        """With nothing kept, a puzzle link offers no Resume and says only the puzzle."""
        page = GamePage("puzzle=2-5")
        assert page.hidden("#resume")
        assert page.text("#message").startswith("Level 2 puzzle")
        assert "Resume" not in page.text("#message")

    def test_ctrl_z_in_a_puzzle_undoes_no_move_of_the_game_before_it(self) -> None:
        """The game played before the puzzle has a move to undo: Ctrl+Z still leaves the puzzle
        (and that game) alone."""
        page = GamePage("preset=beginner&seed=3")
        page.reveal(4, 4)
        page.click("#puzzles")
        cells = page.count("#board button")
        page.key("z", ctrl=True)
        assert page.attr("#board", "data-puzzle") == "unsolved"
        assert page.count("#board button") == cells
        page.choose("#difficulty", "beginner")
        page.key("z", ctrl=True)  # a new game: nothing to undo either
        assert page.attr("#board", "data-status") == "ready"
