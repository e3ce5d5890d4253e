"""The page's session rules as a player meets them: aids, shared boards, summaries, time travel.

Each test here was written from a defect found by playing as a new player
(issue 13); timers are driven by Playwright's clock, never by sleeping.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from pagehelpers import READY_MS, cell, game_context, run_clock, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
LAYOUT = "layout=*.../..../...*"
"""Mines at (0, 0) and (3, 2) on a 4x3 board."""


def hidden_safe_cells(page: Page) -> list[tuple[int, int]]:
    """Return the hidden cells the mine odds show as certainly safe."""
    found: list[list[int]] = page.evaluate(
        """() => [...document.querySelectorAll('#board button[data-probability]')]
            .filter(b => Number(b.dataset.probability) === 0)
            .map(b => [+b.dataset.x, +b.dataset.y])"""
    )
    return [(x, y) for x, y in found]


def records(page: Page) -> dict[str, object]:
    """Return the records kept in the page's storage."""
    text = page.evaluate("localStorage.getItem('pyminesweeper.records')")
    return json.loads(text) if text else {}


class TestAids:
    def test_odds_left_on_make_the_next_game_assisted(self, open_game: Open) -> None:
        """Defect 13.1: odds on, then the face: the odds stay on and the win is assisted."""
        page = open_game("w=5&h=4&m=2&seed=11")
        page.click("#overlay")
        page.click("#reset")
        expect(page.locator("#overlay")).to_have_attribute("aria-pressed", "true")
        page.click("[data-start='true']")
        for _ in range(20):
            if page.get_attribute("#board", "data-status") != "playing":
                break
            safe = hidden_safe_cells(page)
            assert safe, "a board this small is cleared by certain moves"
            page.click(cell(page, *safe[0]))
        expect(page.locator("#board")).to_have_attribute("data-status", "won")
        expect(page.locator("#summary")).to_have_attribute("data-assisted", "true")
        mode = records(page)["modes"]["5x4-2"]  # type: ignore[index]
        assert mode["best_ms"] is None  # type: ignore[index]

    def test_the_result_names_the_solver(self, open_game: Open) -> None:
        """Defect 13.7: a win by Solver plays names the solver, and says the time in seconds."""
        page = open_game("w=5&h=4&m=2&seed=11")
        page.clock.install()
        page.click("#autoplay-run")
        for _ in range(40):
            if page.get_attribute("#board", "data-status") in ("won", "lost"):
                break
            run_clock(page, 500)
        message = page.inner_text("#message")
        assert "solver play" in message
        assert "undo" not in message and "seconds" not in message


class TestSharedBoards:
    def test_a_daily_board_is_the_same_for_every_first_click(
        self, browser: Browser, base_url: str
    ) -> None:
        """Defect 13.2: two players clicking different first cells see the same board."""
        seen = []
        for first in ((0, 0), (29, 15)):
            context = game_context(browser, viewport={"width": 1100, "height": 850})
            page = context.new_page()
            page.goto(base_url + "?preset=expert&daily=2026-11-22")
            page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
            expect(page.locator("#board [data-start='true']")).to_have_count(1)
            page.click(cell(page, *first))
            expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")
            seen.append(states(page))
            context.close()
        assert seen[0] == seen[1]

    def test_copy_link_in_play_shares_a_challenge(self, open_game: Open) -> None:
        """Defect 13.3: the link shares seed and start cell, never the mines."""
        page = open_game("preset=beginner")
        page.click(cell(page, 4, 4))
        page.click("#copy-link")
        url = page.get_attribute("#copy-link", "data-url") or ""
        assert "layout=" not in url and "seed=" in url and "start=4,4" in url
        assert page.locator("#copy-layout").is_hidden()

    def test_the_challenge_deals_the_same_mines(self, open_game: Open, base_url: str) -> None:
        """A friend opening the link, whatever cell they click, plays the very same board."""
        page = open_game("preset=beginner")
        page.click(cell(page, 4, 4))
        before = states(page)
        page.click("#copy-link")
        url = page.get_attribute("#copy-link", "data-url") or ""
        page.goto(base_url + "?" + url.split("?", 1)[1])
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        page.click(cell(page, 0, 8))
        assert states(page) == before

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


class TestSummary:
    def test_a_loss_counts_only_the_3bv_cleared(self, open_game: Open) -> None:
        """Defect 13.4: after a loss, solved 3BV and rates are of what was cleared."""
        page = open_game(LAYOUT)
        page.click(cell(page, 1, 0))
        page.click(cell(page, 0, 0))
        summary = page.locator("#summary")
        expect(summary).to_be_visible()
        assert int(summary.get_attribute("data-3bv-solved") or -1) < int(
            summary.get_attribute("data-3bv") or 0
        )
        assert summary.get_attribute("data-assisted") == "true"  # a board from a layout link
        assert "of" in page.inner_text("#summary")

    def test_summary_and_records_agree_to_the_millisecond(self, open_game: Open) -> None:
        """Defect 13.8: the time shown is the time recorded, computed once."""
        page = open_game("w=5&h=4&m=2&seed=11")
        page.click("#autoplay-run")
        expect(page.locator("#summary")).to_be_visible(timeout=30_000)
        shown = int(page.get_attribute("#summary", "data-time-ms") or -1)
        mode = records(page)["modes"]["5x4-2"]  # type: ignore[index]
        assert mode["results"][-1][1] == shown  # type: ignore[index]


class TestTimeTravel:
    def test_the_slider_stops_solver_play_and_keeps_every_move(self, open_game: Open) -> None:
        """Defect 13.5: dragging back while the solver plays stops it; no move is dropped."""
        page = open_game("preset=expert&seed=8")
        page.clock.install()
        page.click("[data-start='true']")
        page.click("#autoplay-run")
        run_clock(page, 2_000)
        moves = int(page.get_attribute("#history", "max") or 0)
        assert moves >= 3
        page.eval_on_selector(
            "#history", "s => { s.value = 1; s.dispatchEvent(new Event('input')) }"
        )
        run_clock(page, 3_000)
        assert page.get_attribute("#history", "max") == str(moves)
        assert page.get_attribute("#autoplay-run", "aria-pressed") == "false"
        expect(page.locator("#past-band")).to_contain_text(f"move 1 of {moves}")

    def test_replay_while_the_solver_plays_replays_this_game(self, open_game: Open) -> None:
        """Defect 13.5: Replay during solver play stops the solver and keeps the game."""
        page = open_game("preset=expert&seed=8")
        page.clock.install()
        page.click("[data-start='true']")
        page.click("#autoplay-run")
        run_clock(page, 2_000)
        moves = page.get_attribute("#history", "max")
        page.click("#replay")
        assert page.get_attribute("#history", "max") == moves
        assert page.get_attribute("#autoplay-run", "aria-pressed") == "false"


class TestTouch:
    def test_a_slow_pan_after_a_pause_places_no_flag(self, open_game: Open) -> None:
        """Defect 13.6: a finger that rests, then drifts, is panning: no flag."""
        page = open_game(LAYOUT)
        page.clock.install()
        target = page.locator(cell(page, 2, 2))
        box = target.bounding_box()
        assert box is not None
        x, y = box["x"] + 5, box["y"] + 5
        target.dispatch_event("pointerdown", {"pointerType": "touch", "clientX": x, "clientY": y})
        run_clock(page, 250)
        target.dispatch_event(
            "pointermove", {"pointerType": "touch", "clientX": x + 30, "clientY": y}
        )
        run_clock(page, 1_000)
        assert page.get_attribute(cell(page, 2, 2), "data-state") == "hidden"


class TestMessages:
    def test_a_contradiction_is_named_by_row_and_column(self, open_game: Open) -> None:
        """Defect 13.9: the hint's complaint counts from 1 and highlights the cells."""
        page = open_game(LAYOUT)
        page.click(cell(page, 1, 0))
        page.click(cell(page, 0, 0), button="right")
        page.click(cell(page, 2, 0), button="right")
        page.click("#hint")
        message = page.inner_text("#message")
        assert "row 1, column 2" in message and "(1, 0)" not in message
        expect(page.locator("#board .contradiction")).to_have_count(3)

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

    def test_a_link_with_other_settings_keeps_the_unfinished_game(
        self, open_game: Open, base_url: str
    ) -> None:
        """Defect 13.11: opening another game's link keeps the game in play to resume."""
        page = open_game("preset=beginner&seed=5")
        page.click("[data-start='true']")
        before = states(page)
        page.goto(base_url + "?preset=expert")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        expect(page.locator("#message")).to_contain_text("Resume")
        page.click("#resume")
        assert states(page) == before
