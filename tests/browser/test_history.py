"""Time travel in the page: slider, replay, undo, resume after reload, share links, replay files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from pagehelpers import READY_MS, cell, run_clock, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
LAYOUT = "layout=*.../..../..*."
"""Mines at (0, 0) and (2, 2) on a 4x3 board."""


def slide(page: Page, value: int) -> None:
    page.evaluate(
        """v => { const s = document.querySelector('#history');
                 s.value = v; s.dispatchEvent(new Event('input', {bubbles: true})); }""",
        value,
    )


def slider(page: Page) -> tuple[str, str]:
    return page.get_attribute("#history", "max") or "", page.input_value("#history")


def played(open_game: Open) -> Page:
    """A layout game after three moves: a flood, a flag, a number."""
    page = open_game(LAYOUT)
    page.click(cell(page, 3, 0))
    page.click(cell(page, 0, 0), button="right")
    page.click(cell(page, 0, 1))
    return page


class TestSlider:
    def test_slider_shows_each_past_state(self, open_game: Open) -> None:
        """max counts the moves; moving the slider shows the board after that many."""
        page = played(open_game)
        assert slider(page) == ("3", "3")
        latest = states(page)
        slide(page, 1)
        assert states(page) == ["H100", "H211", "HHHH"]
        slide(page, 0)
        assert states(page) == ["HHHH"] * 3
        assert page.get_attribute("#board", "data-status") == "ready"
        slide(page, 3)
        assert states(page) == latest

    def test_keyboard_steps_and_jumps(self, open_game: Open) -> None:
        """Left/Right step one move, Home/End jump to the ends."""
        page = played(open_game)
        page.focus("#history")
        page.keyboard.press("Home")
        assert slider(page) == ("3", "0")
        page.keyboard.press("ArrowRight")
        assert states(page)[0] == "H100"
        page.keyboard.press("End")
        assert states(page)[0] == "F100"

    def test_move_in_the_past_discards_later_moves(self, open_game: Open) -> None:
        """Playing from step 1 continues from there; the later moves are gone."""
        page = played(open_game)
        slide(page, 1)
        page.click(cell(page, 3, 2))
        assert slider(page) == ("2", "2")
        assert states(page) == ["H100", "H211", "HHH1"]

    def test_replay_plays_to_the_end(self, open_game: Open) -> None:
        """The replay button steps from the start to the last move."""
        page = played(open_game)
        page.click("#replay")
        assert page.get_attribute("#replay", "aria-pressed") == "true"
        page.wait_for_function("document.querySelector('#history').value === '3'", timeout=5000)
        expect(page.locator("#replay")).to_have_attribute("aria-pressed", "false")
        assert states(page)[0] == "F100"


class TestUndo:
    def test_undo_after_a_loss_continues_and_counts(self, open_game: Open) -> None:
        """Ctrl+Z takes back the fatal move; the win is then marked assisted."""
        page = played(open_game)
        page.click(cell(page, 2, 2))
        assert page.get_attribute("#board", "data-status") == "lost"
        page.keyboard.press("Control+z")
        assert page.get_attribute("#board", "data-status") == "playing"
        expect(page.locator("#message")).to_contain_text("Explosions so far: 1")
        for x, y in ((0, 2), (1, 2), (3, 2)):
            page.click(cell(page, x, y))
        assert page.get_attribute("#board", "data-status") == "won"
        expect(page.locator("#message")).to_contain_text("Assisted: undo")
        expect(page.locator("#message")).to_contain_text("Mines hit and undone: 1")

    def test_undo_button(self, open_game: Open) -> None:
        """The Undo button removes the last move from the history."""
        page = played(open_game)
        page.click("#undo")
        assert slider(page) == ("2", "2")
        assert states(page)[1][0] == "H"


class TestResume:
    def test_reload_restores_board_move_and_timer(self, page: Page, open_game: Open) -> None:
        """After a reload the same game is back, at the same move, with its time."""
        page.clock.install()
        played(open_game)
        run_clock(page, 1300)  # one second, and the 250 ms tick that shows and keeps it
        before = states(page)
        page.reload()
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        assert states(page) == before
        assert slider(page) == ("3", "3")
        assert int(page.inner_text("#timer")) >= 1
        expect(page.locator("#message")).to_contain_text("restored")

    def test_bare_url_resumes_too(self, open_game: Open, base_url: str) -> None:
        """Opening the page without parameters brings back the saved game."""
        page = played(open_game)
        page.goto(base_url)
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        expect(page.locator("#board button")).to_have_count(12)
        assert slider(page) == ("3", "3")

    @pytest.mark.parametrize(
        ("saved", "complaint"),
        [
            ("{not json", "this is not JSON"),
            ('{"format": "pyminesweeper-game", "version": 99}', "version 99 is not supported"),
            ("TAMPER", "does not fit the game"),
        ],
    )
    def test_unreadable_save_is_set_aside(
        self, open_game: Open, base_url: str, saved: str, complaint: str
    ) -> None:
        """Corrupt, old or tampered saves give a notice and a fresh game; the data is kept."""
        page = played(open_game)
        if saved == "TAMPER":
            data = json.loads(page.evaluate("localStorage.getItem('pyminesweeper.game')"))
            data["events"][2][1] = 3
            data["events"][2][2] = 0
            saved = json.dumps(data)
        page.goto(base_url + "README.md")  # leave the game first: it saves on the way out
        page.evaluate("s => localStorage.setItem('pyminesweeper.game', s)", saved)
        page.goto(base_url)
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        expect(page.locator("#message")).to_contain_text(complaint)
        expect(page.locator("#board button")).to_have_count(81)
        kept = page.evaluate(
            """Object.keys(localStorage)
                .filter(k => k.startsWith('pyminesweeper.game.unreadable.'))
                .map(k => localStorage.getItem(k))"""
        )
        assert kept == [saved]


class TestSharing:
    def test_copy_link_opens_the_same_board_unplayed(
        self, open_game: Open, page: Page, base_url: str
    ) -> None:
        """The copied link deals this board again, unplayed and unshown, wherever one clicks."""
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = open_game("preset=beginner")
        page.click(cell(page, 4, 4))
        first = states(page)
        page.click("#copy-link")
        url = page.get_attribute("#copy-link", "data-url") or ""
        assert url.startswith(base_url) and "seed=" in url and "layout=" not in url
        assert page.evaluate("navigator.clipboard.readText()") == url
        other = page.context.new_page()
        other.goto(url)
        other.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        assert other.locator("#board button[data-state='hidden']").count() == 81
        other.click(cell(other, 0, 8))
        assert states(other) == first

    def test_replay_file_round_trip(self, open_game: Open, tmp_path: Path) -> None:
        """A downloaded replay opens again and is watched from move 0."""
        page = played(open_game)
        with page.expect_download() as info:
            page.click("#download")
        path = tmp_path / "replay.json"
        info.value.save_as(path)
        assert json.loads(path.read_text())["version"] == 2
        page.click("#reset")
        page.set_input_files("#open-file", str(path))
        expect(page.locator("#message")).to_contain_text("press Replay")
        assert slider(page) == ("3", "0")
        slide(page, 3)
        assert states(page)[0] == "F100"

    @pytest.mark.parametrize(
        ("content", "complaint"),
        [
            (b"hello", "this is not JSON"),
            (b'{"format": "pyminesweeper-game", "version": 1}', "'settings' must be dict"),
            (b"[" + b" " * 2_100_000 + b"]", "too large"),
        ],
    )
    def test_bad_replay_files_keep_the_game(
        self, open_game: Open, content: bytes, complaint: str
    ) -> None:
        """Invalid files are refused with a reason, and the current game stays."""
        page = played(open_game)
        before = states(page)
        page.set_input_files(
            "#open-file",
            files=[{"name": "bad.json", "mimeType": "application/json", "buffer": content}],
        )
        expect(page.locator("#message")).to_contain_text(complaint)
        expect(page.locator("#message")).to_contain_text("Your game is unchanged")
        assert states(page) == before
        assert slider(page) == ("3", "3")
