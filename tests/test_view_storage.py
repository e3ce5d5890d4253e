"""The page against hostile and unlucky storage and files under CPython: playable, with a word.

Ported from tests/browser/test_hostile_page.py (defects of issue 14, and issue
31's storage filled to within a few characters of each write): the page's
storage is tests/fakepage.py's, which makes each commit all or none under a
quota counted as Chromium counts it (a character of key or text each).
"""

from __future__ import annotations

import json

import pytest

from fakepage import GamePage
from game.session.records import Records, Result

SAVE = "pyminesweeper.game"
RECORDS = "pyminesweeper.records"
BACKUP = RECORDS + ".before-import"
ROOMS = (-3000, -300, -3, 3, 300, 3000)
"""How far the room left is from a write's size: short of it, then enough."""
UNREADABLE = json.dumps({"format": "pyminesweeper-game", "version": 99, "pad": "x" * 20_000})
"""A save of a newer version: this one cannot read it."""
ASIDE = SAVE + ".unreadable."
STAMP = len("2026-11-26T04:52:40.123Z")
"""The length of the time a set-aside copy's key ends with."""
FULL = 0
"""A quota nothing more fits in: every write that adds throws."""


def used(items: dict[str, str]) -> int:
    return sum(len(key) + len(value) for key, value in items.items())


def playable(page: GamePage) -> None:
    """The board answers a press."""
    page.reveal(4, 4)
    assert page.attr("#board", "data-status") != "ready"


def aside(page: GamePage) -> list[str]:
    assert page.items is not None
    return [key for key in page.items if key.startswith(ASIDE)]


def records_of(games: int) -> str:
    """Return records of *games* beginner games as the page keeps them."""
    records = Records()
    for number in range(games):
        result = Result(number % 3 == 0, 20_000 + number, 10, 12, 10, False, "2026-01-01")
        records, _ = records.count("beginner", result)
    return records.to_json()


class TestStorage:
    def test_blocked_storage_still_plays_and_says_so(self) -> None:
        """Defect 14.1: with storage refused, the game starts, plays, and says once why."""
        page = GamePage(blocked=True)
        assert "games and records are not kept" in page.text("#message")
        playable(page)

    def test_an_unreadable_save_with_full_storage_is_kept_in_place(self) -> None:
        """Defect 14.2: when the bad save cannot be set aside, it stays, and the page starts."""
        bad = '{"format": "pyminesweeper-game", "version": 2, "oops": ' + "1," * 1000 + "1}"
        page = GamePage(items={SAVE: bad}, quota=FULL)
        assert "no room to set it aside" in page.text("#storage-note")
        playable(page)
        assert page.items == {SAVE: bad}

    def test_a_huge_save_is_refused_and_the_game_starts(self) -> None:
        """Defect 14.2: a 4 MB save is refused, and play starts. The origin keeps about 5 M
        characters, so there is no room for a copy beside it: it stays where it was, and
        the page says so, never that a copy was set aside (issue 31, item 1)."""
        huge = json.dumps({"format": "pyminesweeper-game", "pad": "x" * 4_000_000})
        page = GamePage(items={SAVE: huge})
        assert "could not be read" in page.text("#storage-note")
        assert "no room to set it aside" in page.text("#storage-note")
        assert "set aside" not in page.text("#message")
        playable(page)
        assert page.items is not None and page.items[SAVE] == huge

    def test_a_deeply_nested_save_never_stops_the_page(self) -> None:
        """Defect 14.3: 30,000 levels of brackets as a save: refused before parsing."""
        page = GamePage(items={SAVE: "[" * 30_000 + "]" * 30_000})
        assert "nested more than" in page.text("#message")
        playable(page)
        assert len(aside(page)) == 1

    def test_a_full_storage_never_loses_records_to_an_import(self) -> None:
        """Defect 14.7: with no room for the backup, an import is refused, records kept."""
        page = GamePage("layout=.*")
        page.reveal(0, 0)  # a win: the records now hold one game
        assert page.items is not None
        before = page.items[RECORDS]
        page.quota = FULL
        page.click("#stats-open")
        page.pick_file("#stats-import", "r.json", before)
        assert "no room for a backup" in page.text("#message")
        assert page.items[RECORDS] == before


class TestNearlyFull:
    """Storage filled to within a few characters, hundreds, thousands of each write's size:
    nothing is lost, and nothing is said that did not happen (issue 31, items 1 to 3)."""

    @pytest.mark.parametrize("room", ROOMS)
    def test_an_unreadable_save_is_removed_only_once_its_copy_is_kept(self, room: int) -> None:
        """Item 1: the set-aside and the removal are one commit the page makes or not."""
        items = {SAVE: UNREADABLE}
        page = GamePage(
            items=items, quota=used(items) + len(ASIDE) + STAMP + len(UNREADABLE) + room
        )
        assert page.items is not None
        message = page.text("#message")
        if room >= 0:
            assert [page.items[key] for key in aside(page)] == [UNREADABLE]
            assert page.items.get(SAVE) != UNREADABLE
            assert "a copy was set aside" in message
        else:
            assert aside(page) == [] and page.items[SAVE] == UNREADABLE
            assert "set aside" not in message
            assert "no room to set it aside" in page.text("#storage-note")
            playable(page)
            assert page.items[SAVE] == UNREADABLE

    @pytest.mark.parametrize("room", ROOMS)
    def test_an_import_replaces_the_records_only_once_their_backup_is_kept(self, room: int) -> None:
        """Item 2: 1,000 games of records, an import with room short of or beyond a backup."""
        old = records_of(1000)
        page = GamePage(items={RECORDS: old})
        page.leave(len(BACKUP) + len(old) + room)
        page.click("#stats-open")
        new = records_of(1)
        page.pick_file("#stats-import", "r.json", new)
        assert page.items is not None
        message = page.text("#message")
        if room >= 0:
            assert "kept in this browser as a backup" in message
            assert page.items[BACKUP] == old
            assert page.items[RECORDS] == new
        else:
            assert "Not imported" in message
            assert BACKUP not in page.items
            assert page.items[RECORDS] == old

    @pytest.mark.parametrize("room", (0, 3, 300, 3000))
    def test_a_refused_save_is_said_and_stays_said(self, room: int) -> None:
        """Item 3: a flag's save with no room, a few characters (short of the flag's own),
        a few hundred or thousand: kept, or said, and still said after the next move's own
        message, until a save is kept again."""
        page = GamePage("preset=beginner&seed=5")
        page.click_cell("[data-start=true]")

        def moves() -> int:
            return len(page.stored(SAVE)["events"])

        before = moves()
        page.leave(room)
        flag = page.where("#board button[data-state=hidden]")
        page.flag(*flag)
        if room >= 300:
            assert moves() == before + 1
            assert page.text("#storage-note") == ""
            return
        assert moves() == before
        refused = "This browser would not store the game; it will not survive a reload."
        assert page.text("#storage-note") == refused
        page.flag(*page.where("#board button[data-state=flagged]"))
        assert moves() == before
        assert page.text("#storage-note") == refused
        page.quota = 5_242_880  # the filler is gone
        page.flag(*flag)
        assert moves() == before + 3
        assert page.text("#storage-note") == ""


class TestFiles:
    def test_a_nested_replay_file_is_refused_and_later_files_still_open(self) -> None:
        """Defect 14.3: a nested file gets a message; the next good file opens normally."""
        page = GamePage("layout=*.../..../...*")
        page.pick_file("#open-file", "deep.json", "[" * 50_000 + "]" * 50_000)
        assert "nested more than" in page.text("#message")
        page.reveal(1, 0)
        assert page.items is not None
        page.pick_file("#open-file", "good.json", page.items[SAVE])
        assert "Opened good.json" in page.text("#message")

    def test_opening_a_replay_keeps_the_game_in_play(self) -> None:
        """Defect 14.11: a replay file no longer discards the unfinished game: Resume is there."""
        page = GamePage("preset=beginner&seed=5")
        page.click_cell("[data-start=true]")
        assert page.items is not None
        page.pick_file("#open-file", "mine.json", page.items[SAVE])
        assert "Resume" in page.text("#message")
        assert not page.hidden("#resume")

    def test_a_long_url_value_is_echoed_short(self) -> None:
        """Defect 14.10: a 5,000-digit value is quoted as a short excerpt."""
        page = GamePage("w=" + "9" * 5000)
        message = page.text("#message")
        assert "default game" in message and len(message) < 400
