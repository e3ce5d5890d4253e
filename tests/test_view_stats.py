"""Records in the page under CPython: counting games, the stats panel and its charts, daily boards.

Ported from tests/browser/test_stats_page.py; files are picked and downloaded
through tests/fakepage.py as the page hands them to Python.
"""

from __future__ import annotations

import pytest

from fakepage import GamePage
from game.session.records import Records, Result

WIN = "w=3&h=1&m=0"
"""A board that one click wins: an unassisted random game, the mode `3x1-0`."""
LOSE = "w=5&h=1&m=3&first=safe&seed=1"
"""A board where clicking left to right after the safe first click soon hits a mine."""


def play_out(page: GamePage) -> str:
    """Click hidden cells left to right, top to bottom, until the game ends; return how."""
    while page.attr("#board", "data-status") not in ("won", "lost"):
        page.click_cell("#board button[data-state=hidden]")
    return str(page.attr("#board", "data-status"))


def figure(page: GamePage, name: str) -> str:
    return page.text(f"#stats-figures [data-name='{name}'] dd")


def open_stats(page: GamePage, mode: str | None = None) -> None:
    if page.hidden("#stats"):
        page.click("#stats-open")
    assert not page.hidden("#stats")
    if mode is not None:
        page.choose("#stats-mode", mode)


def bars(page: GamePage) -> dict[int, int]:
    """The histogram's bars: each bin's first second, and the wins it counts."""
    return {
        int(bar.attrs["data-from"]): int(bar.attrs["data-count"])
        for bar in page.dom.all("#chart-times rect.bar")
    }


class TestRecords:
    def test_games_are_counted_once_and_shown_with_charts(self) -> None:
        """Two wins and a loss: counters, a streak, a best time, and both charts drawn from them."""
        page = GamePage(WIN)
        page.reveal(0, 0)
        assert "cl / ce" in page.text("#summary")
        page.click("#reset")
        page.reveal(1, 0)
        page = page.reopen()  # a reload of the finished game must not count it again
        open_stats(page)
        assert page.value("#stats-mode") == "3x1-0"
        assert (figure(page, "played"), figure(page, "won"), figure(page, "streak")) == (
            "2",
            "2",
            "2",
        )
        assert figure(page, "best time").endswith(" s")
        assert sum(bars(page).values()) == 2
        assert page.count("#chart-trend circle.win") == 2

        page = page.reopen(LOSE)
        assert play_out(page) == "lost"
        open_stats(page, "5x1-3-safe")
        assert (figure(page, "played"), figure(page, "won"), figure(page, "win rate")) == (
            "1",
            "0",
            "0%",
        )
        assert page.count("#chart-trend path.loss") == 1
        assert "No unassisted wins yet" in page.text("#chart-times")

    def test_assisted_wins_count_but_set_no_best_time(self) -> None:
        """A win with the solver's help is played and won, but no best time."""
        page = GamePage(WIN)
        page.click("#autoplay")
        assert page.attr("#board", "data-status") == "won"
        open_stats(page)
        assert (figure(page, "won"), figure(page, "best time")) == ("1", "–")
        assert "Won (assisted)" in page.text("#summary")

    def test_reset_asks_first_and_clears_only_that_mode(self) -> None:
        """Reset needs a confirmation; keeping them changes nothing; other modes stay."""
        page = GamePage(WIN)
        page.reveal(0, 0)
        page = page.reopen(LOSE)
        play_out(page)
        open_stats(page, "3x1-0")
        page.click("#stats-reset")
        assert "1 game will be forgotten" in page.text("#stats-confirm")
        assert page.focused() == "stats-reset-no"
        page.click("#stats-reset-no")
        assert page.hidden("#stats-confirm") and figure(page, "played") == "1"
        page.click("#stats-reset")
        page.click("#stats-reset-yes")
        assert figure(page, "played") == "0"
        page.choose("#stats-mode", "5x1-3-safe")
        assert figure(page, "played") == "1"

    def test_unreadable_records_are_set_aside_with_a_notice(self) -> None:
        """Damaged storage never breaks the page, and the data is kept under another key."""
        page = GamePage(WIN)
        assert page.items is not None
        page.items["pyminesweeper.records"] = '{"format": 1'
        page = page.reopen(WIN)
        assert "Your records could not be read" in page.text("#message")
        assert page.items is not None
        kept = [
            text
            for key, text in page.items.items()
            if key.startswith("pyminesweeper.records.unreadable.")
        ]
        assert kept == ['{"format": 1']


class TestFiles:
    def test_export_then_import_restores_the_records(self) -> None:
        """The exported file is the records; importing it brings them back after a reset."""
        page = GamePage(WIN)
        page.reveal(0, 0)
        open_stats(page)
        page.click("#stats-export")
        name, text = page.downloads[-1]
        assert name == "minesweeper-records-2026-01-01.json"
        assert Records.from_json(text).get("3x1-0").won == 1
        page.click("#stats-reset")
        page.click("#stats-reset-yes")
        assert figure(page, "won") == "0"
        page.pick_file("#stats-import", "records.json", text)
        assert "Imported records.json: 1 games" in page.text("#message")
        assert figure(page, "won") == "1"

    @pytest.mark.parametrize(
        ("content", "reason"),
        [
            ("not json", "this is not JSON"),
            ('{"format": "pyminesweeper-game", "version": 1}', "this is not a records file"),
            (
                '{"format": "pyminesweeper-records", "version": 1, "modes": {"expert": []},'
                ' "daily_done": {}}',
                "mode 'expert' must be an object",
            ),
        ],
    )
    def test_bad_files_are_refused_and_the_records_kept(self, content: str, reason: str) -> None:
        """A bad file is refused with its reason; the records are unchanged."""
        page = GamePage(WIN)
        page.reveal(0, 0)
        open_stats(page)
        page.pick_file("#stats-import", "bad.json", content)
        assert f"Could not import bad.json: {reason}" in page.text("#message")
        assert "Your records are unchanged" in page.text("#message")
        assert figure(page, "won") == "1"

    def test_imported_records_draw_their_histogram(self) -> None:
        """Charts show the values of the records: bars count the winning times per bin."""
        records = Records()
        for ms in (21_000, 24_000, 38_500, 61_000):
            records = records.add("beginner", Result(True, ms, 30, 40, 35, False, "2026-11-20"))
        records = records.add("beginner", Result(False, 9000, 30, 10, 10, False, "2026-11-21"))
        page = GamePage("preset=beginner")
        open_stats(page)
        page.pick_file("#stats-import", "records.json", records.to_json())
        assert "Imported records.json: 5 games" in page.text("#message")
        assert bars(page) == {20: 2, 30: 1, 40: 0, 50: 0, 60: 1}
        assert page.count("#chart-trend circle.win") == 4
        assert page.count("#chart-trend path.loss") == 1
        assert (figure(page, "played"), figure(page, "best time")) == ("5", "21.000 s")


class TestDaily:
    def test_the_daily_board_is_the_same_in_every_browser(self) -> None:
        """Two players (separate storage) get the same board from the same day."""
        boards = []
        for _ in range(2):
            page = GamePage("preset=intermediate&daily=2026-11-22")
            assert "Daily intermediate board of 2026-11-22" in page.text("#message")
            page.reveal(7, 7)
            boards.append(page.states())
        assert boards[0] == boards[1]
        assert any("H" in row for row in boards[0]), "one click should not clear the board"

    def test_todays_board_is_marked_done_and_recorded_on_its_own(self) -> None:
        """The button starts today's board; once played it is marked and has its own record."""
        page = GamePage("preset=beginner")
        assert page.attr("#daily", "data-done") == "false"
        page.click("#daily")
        assert "Daily beginner board of" in page.text("#message")
        play_out(page)
        assert page.attr("#daily", "data-done") == "true"
        open_stats(page)
        assert page.value("#stats-mode") == "daily-beginner"
        assert figure(page, "played") == "1"
        page.choose("#stats-mode", "beginner")
        assert figure(page, "played") == "0"
        page.escape("#stats")
        page.click("#daily")
        assert "already played" in page.text("#message")
        assert page.stored("pyminesweeper.game")["daily"] is not None
