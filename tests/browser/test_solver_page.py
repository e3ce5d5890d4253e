"""The solver in the worker: a no-guess board dealt a step at a time on Pyodide's event loop.

What the hint, the solver's moves, the odds and the summary show is checked
under CPython in tests/test_view_solver.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from pagehelpers import READY_MS, cell, game_context

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


class TestCruel:
    def test_a_cruel_loss_says_why_on_its_card_in_the_worker(self, open_game: Open) -> None:
        """The fair rule runs in Pyodide: a guess while a cell was certainly safe loses, and
        the result card names the safe cells and proves the nearest (seed 1's opening proves
        five; the core, under CPython, picks the least risky guess)."""
        from game.rules.events import CellOpened
        from game.rules.seen import Seen
        from game.session import Session
        from game.session.query import request_from_query
        from game.solver.counting import count

        query = "preset=beginner&mode=cruel&seed=1"
        session = Session.begin(request_from_query(query)[0], 0)
        opened = session.make(CellOpened((4, 4)), 0).session.live
        counted = count(Seen.from_game(opened))
        weights = counted.mine_weights()
        risky = [p for p, w in weights.items() if 0 < w < counted.total]
        guess = min(risky, key=weights.__getitem__)
        page = open_game(query)
        expect(page.locator("#mode")).to_have_value("cruel")
        page.click(cell(page, 4, 4))
        page.click(cell(page, *guess))
        expect(page.locator("#board")).to_have_attribute("data-status", "lost")
        expect(page.locator("#result-why")).to_be_visible()
        expect(page.locator("#result-why")).to_contain_text("certainly safe. The nearest:")
        assert page.locator("#board button.hint-safe").count() == 5


def test_a_phone_shows_the_odds_on_every_cell_and_what_they_mean(
    browser: Browser, base_url: str
) -> None:
    """Defect 11: the odds' percentages showed only under a hovering mouse, which a phone
    has not. At 390x844 with touch, each hidden cell shows its percent, at least 10 px
    high, and the legend saying what the numbers and colours mean is on the screen."""
    context = game_context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(base_url + "?preset=beginner&seed=5")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.tap(cell(page, 4, 4))
    page.tap("#overlay")
    shown = page.eval_on_selector_all(
        "#board button[data-p]",
        """found => found.map(b => [b.dataset.p, getComputedStyle(b, '::after').content,
            parseFloat(getComputedStyle(b, '::after').fontSize)])""",
    )
    assert shown
    for label, content, size in shown:
        assert content == f'"{label}"' and size >= 10, (label, content, size)
    legend = page.locator("#odds-legend")
    expect(legend).to_be_visible()
    box = legend.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390
    context.close()
