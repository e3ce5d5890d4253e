"""The page against hostile and unlucky storage and files: it always ends playable, with a word.

Each test starts from a defect of issue 14 that left a spinner on every visit
or lost what the player had.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import FilePayload, Page, expect

from game.records import Records, Result
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
ROOMS = (-3000, -300, -3, 3, 300, 3000)
"""How far the room left is from a write's size: short of it, then enough."""
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
        expect(page.locator("#storage-note")).to_contain_text("no room to set it aside")
        playable(page)
        kept = page.evaluate("localStorage.getItem('pyminesweeper.game')")
        assert kept == bad

    def test_a_huge_save_is_refused_and_the_game_starts(self, page: Page, base_url: str) -> None:
        """Defect 14.2: a 4 MB save is refused, and play starts. The origin keeps about 5 M
        characters, so there is no room for a copy beside it: it stays where it was, and
        the page says so, never that a copy was set aside (issue 31, item 1)."""
        huge = json.dumps({"format": "pyminesweeper-game", "pad": "x" * 4_000_000})
        seed_storage(page, base_url, {"pyminesweeper.game": huge})
        ready(page, base_url)
        expect(page.locator("#storage-note")).to_contain_text("could not be read")
        expect(page.locator("#storage-note")).to_contain_text("no room to set it aside")
        assert "set aside" not in page.inner_text("#message")
        playable(page)
        assert items(page)["pyminesweeper.game"] == huge

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


class TestNearlyFull:
    """Storage filled to within a few characters, hundreds, thousands of each write's size:
    nothing is lost, and nothing is said that did not happen (issue 31, items 1 to 3)."""

    @pytest.mark.parametrize("room", ROOMS)
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

    @pytest.mark.parametrize("room", ROOMS)
    def test_an_import_replaces_the_records_only_once_their_backup_is_kept(
        self, page: Page, base_url: str, room: int
    ) -> None:
        """Item 2: 1,000 games of records, an import with room short of or beyond a backup."""
        old = records_of(1000)
        seed_storage(page, base_url, {"pyminesweeper.records": old})
        ready(page, base_url)
        leave_room(page, len("pyminesweeper.records.before-import") + len(old) + room)
        page.click("#stats-open")
        new = records_of(1)
        page.set_input_files("#stats-import", files=json_file("r.json", new.encode()))
        message = page.locator("#message")
        kept = items(page)
        if room >= 0:
            expect(message).to_contain_text("kept in this browser as a backup")
            kept = items(page)
            assert kept["pyminesweeper.records.before-import"] == old
            assert kept["pyminesweeper.records"] == new
        else:
            expect(message).to_contain_text("Not imported")
            assert "pyminesweeper.records.before-import" not in kept
            assert kept["pyminesweeper.records"] == old

    @pytest.mark.parametrize("room", (0, 3, 300, 3000))
    def test_a_refused_save_is_said_and_stays_said(
        self, open_game: Open, page: Page, room: int
    ) -> None:
        """Item 3: a flag's save with no room, a few characters (short of the flag's own),
        a few hundred or thousand: kept, or said, and still said after the next move's own
        message, until a save is kept again."""
        open_game("preset=beginner&seed=5")
        page.click("[data-start='true']")

        def moves() -> int:
            return len(json.loads(items(page)["pyminesweeper.game"])["events"])

        before = moves()
        leave_room(page, room)
        flag = page.locator("#board button[data-state='hidden']").first
        flag.click(button="right")
        note = page.locator("#storage-note")
        if room >= 300:
            assert moves() == before + 1
            expect(note).to_have_text("")
            return
        assert moves() == before
        refused = "This browser would not store the game; it will not survive a reload."
        expect(note).to_have_text(refused)
        page.locator("#board button[data-state='flagged']").first.click(button="right")
        assert moves() == before
        expect(note).to_have_text(refused)
        page.evaluate("localStorage.removeItem('zz.fill')")
        flag.click(button="right")
        assert moves() == before + 3
        expect(note).to_have_text("")


def records_of(games: int) -> str:
    """Return records of *games* beginner games as the page keeps them."""
    records = Records()
    for number in range(games):
        result = Result(number % 3 == 0, 20_000 + number, 10, 12, 10, False, "2026-01-01")
        records, _ = records.count("beginner", result)
    return records.to_json()


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
