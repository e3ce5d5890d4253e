"""The analysis board while Python loads (issue 17), and where a puzzle's answer shows.

Reviews, hints that say why, analysis boards and puzzles are checked under CPython in
tests/test_view_teacher.py; here what only a browser shows.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from game.teacher.puzzles import find
from pagehelpers import READY_MS, cell, game_context

pytestmark = pytest.mark.browser

ROWS = ("HHHHHHHHH", "HHHH11221", "HH2110000", "HH1000000", "HH1100000", "HHH111100")
POSITION = "/".join(("9x9x10", *ROWS, "HH211H100", "111011100", "000000000"))
"""A beginner position after one opening: its first forced move is a one-number mine."""


class TestAnalysisBoard:
    def test_while_python_loads_the_controls_name_the_position(
        self, page: Page, base_url: str
    ) -> None:
        """Before Python runs, the menu says "Position from the link" with its mine total."""
        page.route("**/pyodide.asm.wasm", lambda route: None)  # hold the runtime back
        page.goto(base_url + "?position=" + POSITION)
        expect(page.locator("#difficulty")).to_have_value("position")
        expect(page.locator("#mines-left")).to_have_text("10")


class TestPuzzles:
    @pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
    def test_a_failed_puzzle_says_why_where_the_player_looks(
        self, browser: Browser, base_url: str, width: int, height: int
    ) -> None:
        """Issue 46, defect 9: a failed puzzle's words sat below the fold, under the game's
        greyed tools. They stand next to the board and the puzzle's controls, on the
        screen, with Next; the game's tools step aside."""
        puzzle = find(5, 2)
        wrong = next(p for p in puzzle.grade.chances if p not in puzzle.grade.answer)
        phone = width < 600
        context = game_context(
            browser, viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
        )
        page = context.new_page()
        page.goto(base_url + "?puzzle=5-2")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        (page.tap if phone else page.click)(cell(page, *wrong))
        expect(page.locator("#message")).to_contain_text("Not this one: row")
        message = page.locator("#message").bounding_box()
        assert message is not None
        assert message["y"] >= 0 and message["y"] + 24 <= height, message  # its first line
        assert page.locator("#puzzle-next").is_visible()
        next_box = page.locator("#puzzle-next").bounding_box()
        assert next_box is not None and next_box["y"] < height, next_box
        greyed = page.locator(".side button:disabled >> visible=true")
        assert greyed.count() == 0, greyed.all_inner_texts()
        context.close()
