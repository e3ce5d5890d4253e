"""The solver as a teacher on the page (issue 17): reviews, hints that say why, analysis boards."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from game.seen import Seen
from game.solver.explain import Reason, explain
from pagehelpers import cell, marked, position

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
ROWS = ("HHHHHHHHH", "HHHH11221", "HH2110000", "HH1000000", "HH1100000", "HHH111100")
POSITION = "/".join(("9x9x10", *ROWS, "HH211H100", "111011100", "000000000"))
"""A beginner position after one opening: its first forced move is a one-number mine."""
DECIMAL = re.compile(r"^[01]\.[0-9]{9,}$")


class TestReview:
    def test_a_finished_game_is_reviewed_move_by_move(self, open_game: Open, page: Page) -> None:
        """#review lists every move, in order, with its verdict and exact risk."""
        open_game("layout=*.../..../...*")
        for x, y in ((1, 0), (2, 0), (0, 1)):
            page.click(cell(page, x, y))
        page.click(cell(page, 3, 2))  # the mine, when every other cell was proven safe
        page.click("#review")
        items = page.locator("#review-list > [data-move]")
        expect(items).to_have_count(4)
        assert [items.nth(i).get_attribute("data-move") for i in range(4)] == list("1234")
        for i in range(4):
            assert items.nth(i).get_attribute("data-verdict") in (
                "certain",
                "guess",
                "risky",
                "avoidable",
            )
            assert DECIMAL.match(items.nth(i).get_attribute("data-risk") or "")
        assert items.nth(3).get_attribute("data-verdict") == "avoidable"
        assert float(items.nth(3).get_attribute("data-risk") or 0) == 1
        expect(page.locator("#review-summary")).to_contain_text("4 moves")

    def test_picking_a_move_shows_the_position_before_it(self, open_game: Open, page: Page) -> None:
        """A move picked in the list moves the slider to just before it and marks the cell."""
        open_game("layout=*.../..../...*")
        for x, y in ((1, 0), (2, 0), (3, 2)):
            page.click(cell(page, x, y))
        page.click("#review")
        expect(page.locator("#review-summary")).to_contain_text("3 moves")  # the list is done
        page.click("#review-list > [data-move='3']")
        expect(page.locator("#history")).to_have_value("2")
        expect(page.locator(cell(page, 3, 2))).to_have_class(re.compile("review-player"))

    def test_the_review_waits_for_the_end(self, open_game: Open, page: Page) -> None:
        """A game in play has nothing to review yet."""
        open_game("layout=*.../..../...*")
        page.click(cell(page, 1, 0))
        expect(page.locator("#review")).to_be_disabled()


class TestHints:
    def test_a_hint_says_why_and_marks_its_proof(self, open_game: Open, page: Page) -> None:
        """The hint's message gives the reason in words; the numbers it reads are marked."""
        open_game("layout=*.../..../...*")
        page.click(cell(page, 3, 0))
        page.click("#hint")
        hint = explain(Seen.from_text(position(page, 2)))
        assert hint.reason is Reason.OVERLAP
        assert marked(page, "proof") == set(hint.proof) == {(1, 0), (1, 1)}
        expect(page.locator("#message")).to_have_text(hint.words)
        expect(page.locator("#message")).to_contain_text("the 1 at row 1, column 2 is also next")

    def test_a_guess_has_no_proof_and_says_so(self, open_game: Open, page: Page) -> None:
        """Where nothing is certain the hint marks one guess, no proof, and gives its odds."""
        open_game("layout=*.../..../...*")
        page.click(cell(page, 1, 0))
        page.click(cell(page, 0, 1))
        page.click("#hint")
        assert marked(page, "proof") == set()
        assert len(marked(page, "hint-guess")) == 1
        expect(page.locator("#message")).to_contain_text("No cell is certain. Best guess:")


class TestAnalysisBoard:
    def test_a_position_link_shows_odds_move_and_reason(self, open_game: Open, page: Page) -> None:
        """?position= shows the position with every hidden cell's exact odds and the reason."""
        open_game("position=" + POSITION)
        assert page.input_value("#difficulty") == "position"
        hidden = page.locator("#board button[data-state='hidden']")
        assert hidden.count() > 0
        odds = page.locator("#board button[data-probability]")
        assert odds.count() == hidden.count()
        assert DECIMAL.match(odds.first.get_attribute("data-probability") or "")
        expect(page.locator("#message")).to_contain_text("is a mine")
        assert page.locator("#board [data-proof='true']").count() >= 1

    def test_while_python_loads_the_controls_name_the_position(
        self, page: Page, base_url: str
    ) -> None:
        """Before Python runs, the menu says "Position from the link" with its mine total."""
        page.route("**/pyodide.asm.wasm", lambda route: None)  # hold the runtime back
        page.goto(base_url + "?position=" + POSITION)
        expect(page.locator("#difficulty")).to_have_value("position")
        expect(page.locator("#mines-left")).to_have_text("10")

    def test_an_edit_is_analysed_again_and_kept_in_the_address(
        self, open_game: Open, page: Page
    ) -> None:
        """Flagging a cell changes the position, its analysis and the link to share."""
        open_game("position=" + POSITION)
        page.click(cell(page, 3, 1), button="right")
        expect(page.locator(cell(page, 3, 1))).to_have_attribute("data-state", "flagged")
        assert "HHHF11221" in page.url

    def test_an_impossible_position_names_its_cells(self, open_game: Open, page: Page) -> None:
        """A position no arrangement fits says which cells contradict, and marks them."""
        open_game("position=2x2x3/1F/FH")
        expect(page.locator("#message")).to_contain_text("row 1, column 1")
        assert page.locator("#board .contradiction").count() >= 2

    def test_a_broken_position_still_gives_a_game(self, open_game: Open, page: Page) -> None:
        """Unreadable position text gets a message and a default game, never a blank page."""
        open_game("position=3x2x2/1Z")
        expect(page.locator("#message")).to_contain_text("position")
        expect(page.locator("#board button")).to_have_count(81)
