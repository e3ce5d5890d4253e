"""The solver in the worker: a no-guess board dealt a step at a time on Pyodide's event loop.

What the hint, the solver's moves, the odds and the summary show is checked
under CPython in tests/test_view_solver.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from pagehelpers import cell

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]


class TestNoGuess:
    def test_the_mode_menu_deals_no_guess_boards_from_the_next_game(self, open_game: Open) -> None:
        """Choosing No guessing starts a no-guess game of the same size, kept in the saved game;
        its first reveal deals in steps between which the worker's loop runs."""
        page = open_game("preset=intermediate")
        page.select_option("#mode", "no-guess")
        expect(page.locator("#message")).to_contain_text("No guessing")
        page.click(cell(page, 8, 8))
        expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")  # dealt
        saved = page.evaluate("JSON.parse(localStorage.getItem('pyminesweeper.game')).settings")
        assert saved["no_guess"] is True and saved["width"] == 16
        page.select_option("#difficulty", "beginner")
        expect(page.locator("#mode")).to_have_value("no-guess")
