"""Records in the page: counting games, the stats panel and its charts, daily boards, files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from game.records import Records, Result
from pagehelpers import READY_MS, cell, game_context, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]

WIN = "w=3&h=1&m=0"
"""A board that one click wins: an unassisted random game, the mode `3x1-0`."""
LOSE = "w=5&h=1&m=3&first=safe&seed=1"
"""A board where clicking left to right after the safe first click soon hits a mine."""


def play_out(page: Page) -> str:
    """Click hidden cells left to right, top to bottom, until the game ends; return how."""
    while page.get_attribute("#board", "data-status") not in ("won", "lost"):
        page.locator("#board button[data-state='hidden']").first.click()
    return str(page.get_attribute("#board", "data-status"))


def figure(page: Page, name: str) -> str:
    return page.inner_text(f"#stats-figures [data-name='{name}'] dd")


def open_stats(page: Page, mode: str | None = None) -> None:
    if not page.locator("#stats").is_visible():
        page.click("#stats-open")
    # As a player would, act in the panel once it shows: a file chosen in it before
    # the page has opened it reached Python saying the panel was closed, so the
    # import did not redraw the charts (a fresh-clone run failed so).
    expect(page.locator("#stats")).to_be_visible()
    if mode is not None:
        page.select_option("#stats-mode", mode)


class TestRecords:
    def test_games_are_counted_once_and_shown_with_charts(self, open_game: Open) -> None:
        """Two wins and a loss: counters, a streak, a best time, and both charts drawn from them."""
        page = open_game(WIN)
        page.click(cell(page, 0, 0))
        expect(page.locator("#summary")).to_contain_text("useful / wasted")
        page.click("#reset")
        page.click(cell(page, 1, 0))
        page.goto(page.url)  # a reload of the finished game must not count it again
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        open_stats(page)
        assert page.input_value("#stats-mode") == "3x1-0"
        assert (figure(page, "played"), figure(page, "won"), figure(page, "streak")) == (
            "2",
            "2",
            "2",
        )
        assert figure(page, "best time").endswith(" s")
        bars = page.locator("#chart-times rect.bar")
        assert (
            sum(int(bars.nth(i).get_attribute("data-count") or 0) for i in range(bars.count())) == 2
        )
        expect(page.locator("#chart-trend circle.win")).to_have_count(2)

        open_game(LOSE)
        assert play_out(page) == "lost"
        open_stats(page, "5x1-3-safe")
        assert (figure(page, "played"), figure(page, "won"), figure(page, "win rate")) == (
            "1",
            "0",
            "0%",
        )
        expect(page.locator("#chart-trend path.loss")).to_have_count(1)
        expect(page.locator("#chart-times")).to_contain_text("No unassisted wins yet")

    def test_assisted_wins_count_but_set_no_best_time(self, open_game: Open) -> None:
        """A win with the solver's help is played and won, but no best time."""
        page = open_game(WIN)
        page.click("#autoplay")
        assert page.get_attribute("#board", "data-status") == "won"
        open_stats(page)
        assert (figure(page, "won"), figure(page, "best time")) == ("1", "–")
        expect(page.locator("#summary")).to_contain_text("Won (assisted)")

    def test_reset_asks_first_and_clears_only_that_mode(self, open_game: Open) -> None:
        """Reset needs a confirmation; keeping them changes nothing; other modes stay."""
        page = open_game(WIN)
        page.click(cell(page, 0, 0))
        open_game(LOSE)
        play_out(page)
        open_stats(page, "3x1-0")
        page.click("#stats-reset")
        expect(page.locator("#stats-confirm")).to_contain_text("1 game will be forgotten")
        page.click("#stats-reset-no")
        assert page.is_hidden("#stats-confirm") and figure(page, "played") == "1"
        page.click("#stats-reset")
        page.click("#stats-reset-yes")
        assert figure(page, "played") == "0"
        page.select_option("#stats-mode", "5x1-3-safe")
        assert figure(page, "played") == "1"

    def test_unreadable_records_are_set_aside_with_a_notice(
        self, open_game: Open, base_url: str
    ) -> None:
        """Damaged storage never breaks the page, and the data is kept under another key."""
        page = open_game(WIN)
        page.evaluate("localStorage.setItem('pyminesweeper.records', '{\"format\": 1')")
        page.goto(base_url + "README.md")  # leave the game without saving over it
        open_game(WIN)
        expect(page.locator("#message")).to_contain_text("Your records could not be read")
        kept = page.evaluate(
            """Object.keys(localStorage)
                .filter(k => k.startsWith('pyminesweeper.records.unreadable.'))
                .map(k => localStorage.getItem(k))"""
        )
        assert kept == ['{"format": 1']


class TestFiles:
    def test_export_then_import_restores_the_records(self, open_game: Open, tmp_path: Path) -> None:
        """The exported file is the records; importing it brings them back after a reset."""
        page = open_game(WIN)
        page.click(cell(page, 0, 0))
        open_stats(page)
        with page.expect_download() as download:
            page.click("#stats-export")
        path = tmp_path / "records.json"
        download.value.save_as(path)
        assert Records.from_json(path.read_text()).get("3x1-0").won == 1
        page.click("#stats-reset")
        page.click("#stats-reset-yes")
        page.set_input_files("#stats-import", str(path))
        expect(page.locator("#message")).to_contain_text("Imported records.json: 1 games")
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
    def test_bad_files_are_refused_and_the_records_kept(
        self, open_game: Open, tmp_path: Path, content: str, reason: str
    ) -> None:
        """A bad file is refused with its reason; the records are unchanged."""
        page = open_game(WIN)
        page.click(cell(page, 0, 0))
        open_stats(page)
        path = tmp_path / "bad.json"
        path.write_text(content)
        page.set_input_files("#stats-import", str(path))
        expect(page.locator("#message")).to_contain_text(f"Could not import bad.json: {reason}")
        expect(page.locator("#message")).to_contain_text("Your records are unchanged")
        assert figure(page, "won") == "1"

    def test_imported_records_draw_their_histogram(self, open_game: Open, tmp_path: Path) -> None:
        """Charts show the values of the records: bars count the winning times per bin."""
        records = Records()
        for ms in (21_000, 24_000, 38_500, 61_000):
            records = records.add("beginner", Result(True, ms, 30, 40, 35, False, "2026-11-20"))
        records = records.add("beginner", Result(False, 9000, 30, 10, 10, False, "2026-11-21"))
        path = tmp_path / "records.json"
        path.write_text(records.to_json())
        page = open_game("preset=beginner")
        open_stats(page)
        page.set_input_files("#stats-import", str(path))
        expect(page.locator("#message")).to_contain_text("Imported records.json: 5 games")
        bars = page.locator("#chart-times rect.bar")
        counts = {
            int(bars.nth(i).get_attribute("data-from") or -1): int(
                bars.nth(i).get_attribute("data-count") or -1
            )
            for i in range(bars.count())
        }
        assert counts == {20: 2, 30: 1, 40: 0, 50: 0, 60: 1}
        expect(page.locator("#chart-trend circle.win")).to_have_count(4)
        expect(page.locator("#chart-trend path.loss")).to_have_count(1)
        assert (figure(page, "played"), figure(page, "best time")) == ("5", "21.000 s")


class TestDaily:
    def test_the_daily_board_is_the_same_in_every_browser(
        self, browser: Browser, base_url: str
    ) -> None:
        """Two players (separate storage) get the same board from the same day."""
        boards = []
        for _ in range(2):
            context = game_context(browser)
            page = context.new_page()
            page.goto(base_url + "?preset=intermediate&daily=2026-11-22")
            page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
            expect(page.locator("#message")).to_contain_text(
                "Daily intermediate board of 2026-11-22"
            )
            page.click(cell(page, 7, 7))
            boards.append(states(page))
            context.close()
        assert boards[0] == boards[1]
        assert any("H" in row for row in boards[0]), "one click should not clear the board"

    def test_todays_board_is_marked_done_and_recorded_on_its_own(self, open_game: Open) -> None:
        """The button starts today's board; once played it is marked and has its own record."""
        page = open_game("preset=beginner")
        expect(page.locator("#daily")).to_have_attribute("data-done", "false")
        page.click("#daily")
        expect(page.locator("#message")).to_contain_text("Daily beginner board of")
        play_out(page)
        expect(page.locator("#daily")).to_have_attribute("data-done", "true")
        open_stats(page)
        assert page.input_value("#stats-mode") == "daily-beginner"
        assert figure(page, "played") == "1"
        page.select_option("#stats-mode", "beginner")
        assert figure(page, "played") == "0"
        page.keyboard.press("Escape")  # the panel is a dialog: close it to reach the page
        page.click("#daily")
        expect(page.locator("#message")).to_contain_text("already played")
        saved = json.loads(page.evaluate("localStorage.getItem('pyminesweeper.game')"))
        assert saved["daily"] is not None
