"""The page against hostile and unlucky storage: it always ends playable, with a word.

Each test starts from a defect of issue 14 that left a spinner on every visit
or lost what the player had. Here the browser's own storage: refused, full,
nearly full; what the view decides with it is checked under CPython in
tests/test_view_storage.py, with files and long URLs.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from pagehelpers import READY_MS, cell

pytestmark = pytest.mark.browser

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


LEAVE_ROOM = """(room) => {
  localStorage.removeItem('zz.fill');
  let most = 0, least = 0, over = 6000000;
  while (least + 1 < over) {  // the longest filler the origin's quota takes
    const mid = Math.floor((least + over) / 2);
    try { localStorage.setItem('zz.fill', 'x'.repeat(mid)); least = mid; } catch (e) { over = mid; }
  }
  most = least;
  localStorage.setItem('zz.fill', 'x'.repeat(Math.max(0, most - room)));
  return most;
}"""
"""Fill the origin's storage (another app on the same origin can) to leave *room* characters:
a key and a text of that many characters in all (Latin-1; Chromium counts a character a
byte) is the largest new item that fits."""
UNREADABLE = json.dumps({"format": "pyminesweeper-game", "version": 99, "pad": "x" * 20_000})
"""A save of a newer version: this one cannot read it."""
ASIDE = "pyminesweeper.game.unreadable."
STAMP = len("2026-11-26T04:52:40.123Z")
"""The length of the time a set-aside copy's key ends with."""


def leave_room(page: Page, room: int) -> None:
    """Fill the page's storage so that *room* characters are left."""
    page.evaluate(LEAVE_ROOM, room)


def items(page: Page) -> dict[str, str]:
    """Return what the page's storage holds, but the filler."""
    found: dict[str, str] = page.evaluate("({...localStorage})")
    found.pop("zz.fill", None)
    return found


def ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)


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
        expect(page.locator("#storage-note")).to_contain_text("no room to set it aside")
        playable(page)
        kept = page.evaluate("localStorage.getItem('pyminesweeper.game')")
        assert kept == bad


class TestNearlyFull:
    """The real storage filled to within a few characters of a write's size: the page's
    commit is all or none (issue 31, item 1). Hundreds and thousands of characters, and
    items 2 and 3, are tests/test_view_storage.py's, against the fake page's quota."""

    @pytest.mark.parametrize("room", (-3, 3))
    def test_an_unreadable_save_is_removed_only_once_its_copy_is_kept(
        self, page: Page, base_url: str, room: int
    ) -> None:
        """Item 1: the set-aside and the removal are one commit the page makes or not."""
        seed_storage(page, base_url, {"pyminesweeper.game": UNREADABLE})
        leave_room(page, len(ASIDE) + STAMP + len(UNREADABLE) + room)
        ready(page, base_url)
        kept = items(page)
        aside = [key for key in kept if key.startswith(ASIDE)]
        message = page.inner_text("#message")
        if room >= 0:
            assert [kept[key] for key in aside] == [UNREADABLE]
            assert kept.get("pyminesweeper.game") != UNREADABLE
            assert "a copy was set aside" in message
        else:
            assert aside == [] and kept["pyminesweeper.game"] == UNREADABLE
            assert "set aside" not in message
            expect(page.locator("#storage-note")).to_contain_text("no room to set it aside")
            playable(page)
            assert items(page)["pyminesweeper.game"] == UNREADABLE
