"""axe-core finds no accessibility violations in the game's main states.

axe is injected into the page under test; the context bypasses the page's
Content-Security-Policy only so that the test can add that one script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pagehelpers import READY_MS, cell, game_context

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


SCREENS = {"desktop": (1366, 768), "phone": (390, 844)}
"""The two screens every dialog is scanned on (issue 46): a laptop's and a phone's."""


@pytest.fixture(params=[(s, t) for s in SCREENS for t in ("light", "dark")], ids="-".join)
def scanned(browser: Browser, base_url: str, request: Any) -> Iterator[Callable[[str], Page]]:
    """Open the game at a query, ready to be scanned, on a screen and in a colour scheme."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make test does it)")
    screen, scheme = request.param
    width, height = SCREENS[screen]
    phone = screen == "phone"
    context = game_context(
        browser,
        bypass_csp=True,
        viewport={"width": width, "height": height},
        color_scheme=scheme,
        has_touch=phone,
        is_mobile=phone,
    )
    page = context.new_page()

    def open_(query: str) -> Page:
        page.goto(f"{base_url}?{query}")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        return page

    yield open_
    context.close()


def violations(page: Page) -> list[str]:
    """Run axe on the whole page; return one line per violation and element."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document)).violations.map(
            v => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map(n => n.target).join(', ')}`)"""
    )
    return [str(line) for line in found]


def test_new_game(scanned: Callable[[str], Page]) -> None:
    """A fresh expert board, nothing revealed."""
    assert violations(scanned("preset=expert&seed=2")) == []


def test_in_play_with_flags_hints_and_odds(scanned: Callable[[str], Page]) -> None:
    """A game under way: revealed numbers, a flag, a hint, the odds overlay."""
    page = scanned("preset=beginner&seed=5")
    page.click(cell(page, 4, 4))
    page.locator("#board button[data-state='hidden']").first.click(button="right")
    page.click("#hint")
    page.click("#overlay")
    assert violations(page) == []


def test_lost(scanned: Callable[[str], Page]) -> None:
    """A lost game: mines shown, the summary open."""
    page = scanned("layout=*.*/.../...")
    page.click(cell(page, 0, 0))
    assert page.get_attribute("#board", "data-status") == "lost"
    assert violations(page) == []


def test_won_with_the_stats_panel_open(scanned: Callable[[str], Page]) -> None:
    """A won game with its summary, and the statistics panel with its charts."""
    page = scanned("layout=..*/.../*..")
    page.click(cell(page, 0, 0))
    page.click(cell(page, 2, 2))
    assert page.get_attribute("#board", "data-status") == "won"
    page.click("#stats-open")
    page.click("#stats-reset")
    assert violations(page) == []


def test_custom_settings_form_with_an_error(scanned: Callable[[str], Page]) -> None:
    """The custom form open, showing an inline error."""
    page = scanned("preset=beginner")
    page.select_option("#difficulty", "custom")
    page.fill("#custom-width", "0")
    page.click("#custom button[type='submit']")
    assert page.inner_text("#custom-error").startswith("Not started")
    assert violations(page) == []


@pytest.mark.parametrize("scanned", [("desktop", "dark")], indirect=True)
def test_every_toggle_pressed_in_the_dark_theme(scanned: Callable[[str], Page]) -> None:
    """The dark theme (the system's: its switch shows pressed) with every toggle pressed.

    Flag mode and Mine odds are pressed by clicking; Replay and Solver plays show pressed
    only while they run, so their state is set as it is then, for the scan of their look.
    """
    page = scanned("preset=beginner&seed=5")
    page.click(cell(page, 4, 4))
    page.click("#flag-mode")
    page.click("#overlay")
    for name in ("replay", "autoplay-run"):
        page.evaluate(f"document.getElementById('{name}').setAttribute('aria-pressed', 'true')")
    pressed = page.eval_on_selector_all(
        "[aria-pressed='true']", "found => found.map(element => element.id)"
    )
    assert sorted(pressed) == ["autoplay-run", "flag-mode", "overlay", "replay", "theme"]
    assert violations(page) == []


def test_a_failed_puzzle_with_its_proof(scanned: Callable[[str], Page]) -> None:
    """A puzzle answered wrongly: the panel, the proof and the answer marked, the reason."""
    page = scanned("puzzle=2-5")
    page.locator("#board button[data-state='hidden']").first.click()
    page.wait_for_selector("#board[data-puzzle='failed'], #board[data-puzzle='solved']")
    assert violations(page) == []


def test_the_help(scanned: Callable[[str], Page]) -> None:
    """The help open, with its key names."""
    page = scanned("preset=beginner")
    page.click("#help-open")
    page.wait_for_selector("#help[open]")
    assert violations(page) == []


def test_the_controls(scanned: Callable[[str], Page]) -> None:
    """The controls open, on a style whose hold's settings are off (greyed) and on."""
    page = scanned("preset=beginner")
    page.click("#controls")
    page.wait_for_selector("#controls-dialog[open]")
    page.select_option("#touch-style", "double-tap")
    assert violations(page) == []
    page.select_option("#touch-style", "tap-flag")
    assert violations(page) == []


def test_the_review_of_a_lost_game(scanned: Callable[[str], Page]) -> None:
    """The review panel of a lost game, its moves listed."""
    page = scanned("layout=*.*/.../...")
    page.click(cell(page, 1, 1))
    page.click(cell(page, 0, 0))
    page.click("#result-close")
    page.click("#review")
    page.wait_for_selector("#review-list li[data-move]")
    assert violations(page) == []


REPLAY = Path(__file__).resolve().parents[1] / "data" / "replays" / "beginner-8x8.avf"


def test_a_replay_file_opened_and_watched_to_its_end(scanned: Callable[[str], Page]) -> None:
    """The files: a community replay opened over a game in play (kept to resume), its
    details and live figures shown, then watched to its end with the summary."""
    page = scanned("preset=beginner&seed=5")
    page.click(cell(page, 4, 4))
    page.set_input_files("#open-file", str(REPLAY))
    page.wait_for_selector("#watching:not([hidden])")
    assert violations(page) == []
    page.evaluate(
        """() => { const s = document.querySelector('#history');
                   s.value = s.max; s.dispatchEvent(new Event('input', {bubbles: true})); }"""
    )
    page.wait_for_selector("#summary:not([hidden])")
    assert violations(page) == []


def test_a_puzzle_opened_from_a_game_in_play(scanned: Callable[[str], Page]) -> None:
    """The puzzles, opened from an unfinished game: the puzzle's panel and Resume."""
    page = scanned("preset=beginner&seed=5")
    page.click(cell(page, 4, 4))
    page.click("#puzzles")
    page.wait_for_selector("#board[data-puzzle='unsolved']")
    page.wait_for_selector("#resume:not([hidden])")
    assert violations(page) == []
