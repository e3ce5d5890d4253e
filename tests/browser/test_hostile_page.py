"""The page against hostile and unlucky storage and files: it always ends playable, with a word.

Each test starts from a defect of issue 14 that left a spinner on every visit
or lost what the player had.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import FilePayload, Page, expect

from pagehelpers import READY_MS, cell

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]

BLOCKED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});"""
"""Site data blocked, or a sandboxed frame: merely reading localStorage throws."""

FULL = """Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};"""
"""Storage full: every write throws."""


def seed_storage(page: Page, base_url: str, items: dict[str, str]) -> None:
    """Put *items* in the page's storage before the game reads it."""
    page.goto(base_url + "css/minesweeper.css")  # same origin, no game running
    for key, value in items.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)


def json_file(name: str, data: bytes) -> list[FilePayload]:
    """A file for a file input."""
    return [{"name": name, "mimeType": "application/json", "buffer": data}]


def playable(page: Page) -> None:
    """The board answers a click."""
    page.click(cell(page, 4, 4))
    expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")


class TestStorage:
    def test_blocked_storage_still_plays_and_says_so(self, page: Page, base_url: str) -> None:
        """Defect 14.1: with localStorage refused, the game starts, plays, and says once why."""
        page.add_init_script(BLOCKED)
        ready(page, base_url)
        expect(page.locator("#message")).to_contain_text("games and records are not kept")
        playable(page)

    def test_an_unreadable_save_with_full_storage_is_kept_in_place(
        self, page: Page, base_url: str
    ) -> None:
        """Defect 14.2: when the bad save cannot be set aside, it stays, and the page starts."""
        bad = '{"format": "pyminesweeper-game", "version": 2, "oops": ' + "1," * 1000 + "1}"
        seed_storage(page, base_url, {"pyminesweeper.game": bad})
        page.add_init_script(FULL)
        ready(page, base_url)
        expect(page.locator("#message")).to_contain_text("no room to set it aside")
        playable(page)
        kept = page.evaluate("localStorage.getItem('pyminesweeper.game')")
        assert kept == bad

    def test_a_huge_save_is_set_aside_and_the_game_starts(self, page: Page, base_url: str) -> None:
        """Defect 14.2: a 4 MB save is refused, set aside with its time, and play starts."""
        huge = json.dumps({"format": "pyminesweeper-game", "pad": "x" * 4_000_000})
        seed_storage(page, base_url, {"pyminesweeper.game": huge})
        ready(page, base_url)
        expect(page.locator("#message")).to_contain_text("could not be read")
        playable(page)

    def test_a_deeply_nested_save_never_stops_the_page(self, page: Page, base_url: str) -> None:
        """Defect 14.3: 20,000 levels of brackets as a save: refused before parsing."""
        seed_storage(page, base_url, {"pyminesweeper.game": "[" * 30_000 + "]" * 30_000})
        ready(page, base_url)
        expect(page.locator("#message")).to_contain_text("nested more than")
        playable(page)
        aside = page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('pyminesweeper.game.unreadable.'))"
        )
        assert len(aside) == 1

    def test_a_full_storage_never_loses_records_to_an_import(
        self, open_game: Open, page: Page
    ) -> None:
        """Defect 14.7: with no room for the backup, an import is refused, records kept."""
        open_game("layout=.*")
        page.click(cell(page, 0, 0))  # a win: the records now hold one game
        before = page.evaluate("localStorage.getItem('pyminesweeper.records')")
        page.evaluate("() => { " + FULL + " }")
        page.click("#stats-open")
        page.set_input_files("#stats-import", files=json_file("r.json", before.encode()))
        expect(page.locator("#message")).to_contain_text("no room for a backup")
        assert page.evaluate("localStorage.getItem('pyminesweeper.records')") == before


class TestFiles:
    def test_a_nested_replay_file_is_refused_and_later_files_still_open(
        self, open_game: Open, page: Page
    ) -> None:
        """Defect 14.3: a nested file gets a message; the next good file opens normally."""
        open_game("layout=*.../..../...*")
        nested = ("[" * 50_000 + "]" * 50_000).encode()
        page.set_input_files(
            "#open-file",
            files=[{"name": "deep.json", "mimeType": "application/json", "buffer": nested}],
        )
        expect(page.locator("#message")).to_contain_text("nested more than")
        page.click(cell(page, 1, 0))
        good = page.evaluate("localStorage.getItem('pyminesweeper.game')").encode()
        page.set_input_files(
            "#open-file",
            files=[{"name": "good.json", "mimeType": "application/json", "buffer": good}],
        )
        expect(page.locator("#message")).to_contain_text("Opened good.json")

    def test_opening_a_replay_keeps_the_game_in_play(self, open_game: Open, page: Page) -> None:
        """Defect 14.11: a replay file no longer discards the unfinished game: Resume is there."""
        open_game("preset=beginner&seed=5")
        page.click("[data-start='true']")
        mine = page.evaluate("localStorage.getItem('pyminesweeper.game')")
        page.set_input_files("#open-file", files=json_file("mine.json", mine.encode()))
        expect(page.locator("#message")).to_contain_text("Resume")
        expect(page.locator("#resume")).to_be_visible()

    def test_a_long_url_value_is_echoed_short(self, page: Page, base_url: str) -> None:
        """Defect 14.10: a 5,000-digit value is quoted as a short excerpt."""
        ready(page, base_url + "?w=" + "9" * 5000)
        message = page.inner_text("#message")
        assert "default game" in message and len(message) < 400
