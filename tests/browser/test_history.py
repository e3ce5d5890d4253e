"""Time travel in a real browser: the slider's keys, the clipboard and replay files.

What the slider, undo, replay, resume and files decide is checked under CPython in
tests/test_view_history.py; here the browser's own parts: a range input's keys,
the clipboard, a download, and a file chosen in a file input, read by the worker.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from pagehelpers import cell, states

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


class TestSharing:
    def test_a_link_to_the_clipboard_and_a_replay_file_round_trip(
        self, open_game: Open, page: Page, base_url: str, tmp_path: Path
    ) -> None:
        """The link is copied to the clipboard; a downloaded replay opens again, read from the
        file input by the worker, and is watched from move 0."""
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = played(open_game)
        page.click("#copy-link")
        url = page.get_attribute("#copy-link", "data-url") or ""
        assert url.startswith(base_url + "?layout=")  # a layout game's link is its layout
        assert page.evaluate("navigator.clipboard.readText()") == url
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
