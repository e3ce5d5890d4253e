"""A replay file's pointer in the real page (issue 48): drawn by js/cursor.js, frame by frame.

What only a browser shows: `#replay-cursor` on the board where the file's pointer
was, moving between the file's points at its pace (not in jumps from move to move),
and the cells a press would open drawn pressed. The pointer's positions themselves
are held to the file's events under CPython (tests/test_replay_player.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from game.community.pointer import Track
from game.community.read import read_replay

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
DATA = Path(__file__).resolve().parents[1] / "data" / "replays"

WATCH = """ms => new Promise(done => {
  const seen = [];
  const cursor = document.getElementById('replay-cursor');
  const end = performance.now() + ms;
  function frame(now) {
    const pressed = [...document.querySelectorAll('#board .cell.pressed')];
    const away = (c, axis) => Math.abs(c.dataset[axis] - cursor.dataset[axis]) > 1;
    const stray = pressed.filter(c => c.dataset.state !== 'hidden' || away(c, 'x') || away(c, 'y'));
    seen.push({transform: cursor.style.transform, hidden: cursor.hasAttribute('hidden'),
               buttons: cursor.dataset.buttons || '', pressed: pressed.length,
               stray: stray.length});
    if (now < end) requestAnimationFrame(frame); else done(seen);
  }
  requestAnimationFrame(frame);
})"""
"""Sample the cursor at every frame for *ms*: its place, its buttons, the cells pressed, and
those pressed that are not hidden cells under or around it (none should be)."""


def choose(page: Page, name: str) -> None:
    data = (DATA / name).read_bytes()
    page.set_input_files(
        "#open-file", files=[{"name": name, "mimeType": "application/octet-stream", "buffer": data}]
    )
    expect(page.locator("#message")).to_contain_text(f"Opened {name}")


def slide(page: Page, value: int) -> None:
    page.evaluate(
        """v => { const s = document.querySelector('#history');
                 s.value = v; s.dispatchEvent(new Event('input', {bubbles: true})); }""",
        value,
    )


def test_the_pointer_stands_on_the_cell_of_the_move_shown(open_game: Open, page: Page) -> None:
    """On the slider's move 40, the cursor is on the cell the file's pointer was on then."""
    open_game("preset=beginner&seed=3")
    name = "expert.rmv"
    choose(page, name)
    replay = read_replay((DATA / name).read_bytes(), name)
    slide(page, 40)
    pointer = Track.of(replay).at(replay.played.times[39])
    assert pointer is not None
    cursor = page.locator("#replay-cursor")
    expect(cursor).to_be_visible()
    expect(cursor).to_have_attribute("data-x", str(pointer.cell[0]))
    expect(cursor).to_have_attribute("data-y", str(pointer.cell[1]))
    expect(cursor).to_have_attribute("data-buttons", pointer.buttons.value)
    box, cell = (
        cursor.bounding_box(),
        page.locator(
            f"#board button[data-x='{pointer.cell[0]}'][data-y='{pointer.cell[1]}']"
        ).bounding_box(),
    )
    assert box is not None and cell is not None
    assert cell["x"] <= box["x"] <= cell["x"] + cell["width"] + 1  # the tip, on its cell
    assert cell["y"] <= box["y"] <= cell["y"] + cell["height"] + 1


def test_playing_the_pointer_glides_and_presses_show(open_game: Open, page: Page) -> None:
    """At 4x the cursor moves at almost every frame (between the file's points, not from
    move to move), holds the left button at times, and the cells it would open look
    pressed then; a game of the player's own shows no cursor."""
    open_game("preset=beginner&seed=3")
    choose(page, "expert.rmv")
    page.select_option("#speed", "4")
    page.click("#replay")
    seen: list[dict[str, Any]] = page.evaluate(WATCH, 3000)
    shown = [s for s in seen if not s["hidden"]]
    assert len(shown) > len(seen) // 2
    places = {s["transform"] for s in shown}
    assert len(places) > len(seen) // 2, "the pointer jumps instead of gliding"
    assert {"left", "none"} <= {s["buttons"] for s in shown}
    assert any(s["pressed"] for s in shown if s["buttons"] in ("left", "both"))
    assert not any(s["pressed"] for s in shown if s["buttons"] == "none")
    assert not any(s["stray"] for s in seen), "a cell away from the pointer, or open, is pressed"
    page.click("#replay")  # pause
    page.click("#reset")
    expect(page.locator("#replay-cursor")).to_be_hidden()


def test_the_pointer_grows_and_shrinks_with_the_cells(open_game: Open, page: Page) -> None:
    """Cells of 12 pixels get a smaller pointer than cells of 56, its tip on the same cell."""
    open_game("preset=beginner&seed=3")
    choose(page, "expert.rmv")
    slide(page, 40)
    cursor = page.locator("#replay-cursor")
    expect(cursor).to_be_visible()
    sizes = {}
    for cell_px in (12, 56):
        page.evaluate(
            """v => { const s = document.querySelector('#zoom');
                     s.value = v; s.dispatchEvent(new Event('input', {bubbles: true})); }""",
            cell_px,
        )
        page.wait_for_timeout(300)  # a frame or two
        box = cursor.bounding_box()
        assert box is not None
        sizes[cell_px] = box["height"]
        x, y = cursor.get_attribute("data-x"), cursor.get_attribute("data-y")
        cell = page.locator(f"#board button[data-x='{x}'][data-y='{y}']").bounding_box()
        assert cell is not None
        assert cell["x"] - 1 <= box["x"] <= cell["x"] + cell["width"] + 1
    assert sizes[12] < 16 < 30 < sizes[56]
