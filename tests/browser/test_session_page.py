"""The page's session rules as a player meets them in a browser: a phone's width, the loading page.

Each test here was written from a defect found by playing as a new player
(issue 13). What the session decides (aids, shared boards, summaries, time
travel, messages) is checked under CPython in tests/test_view_session.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from pagehelpers import READY_MS, game_context

pytestmark = pytest.mark.browser


class TestSharedBoards:
    def test_a_long_link_never_widens_a_phone(self, browser: Browser, base_url: str) -> None:
        """Defect 13.3: on a 390 px phone, a printed link wraps instead of widening the page."""
        context = game_context(browser, viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
        page.goto(base_url + "?w=100&h=3&m=5")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        page.click("#copy-link")
        expect(page.locator("#message")).to_contain_text("Copy this link")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        context.close()


class TestMessages:
    def test_loading_shows_the_board_asked_for(self, page: Page, base_url: str) -> None:
        """Defect 13.10: while Python loads, the controls already show the URL's game."""
        page.route("**/pyodide.asm.wasm", lambda route: None)  # hold the runtime back
        page.goto(base_url + "?preset=intermediate")
        expect(page.locator("#difficulty")).to_have_value("intermediate")
        expect(page.locator("#mines-left")).to_have_text("40")
        opacity = page.eval_on_selector(
            "label:has(#open-file)", "e => Number(getComputedStyle(e).opacity)"
        )
        assert opacity < 1
