"""The community's replay files in the real page (issue 34): opened, watched, reviewed, refused.

One page opens every fixture in turn (the browser suite stays small): each plays
back on the slider to its end, shows its summary and is reviewed move by move.
A damaged file is refused with a message naming it, and the game stays.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.community.read import Replay, read_replay
from game.rules.events import FlagToggled
from pagehelpers import READY_MS, cell, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
DATA = Path(__file__).resolve().parents[1] / "data" / "replays"
REPLAYS = (".avf", ".evf", ".mvf", ".rmv", ".rawvf")


def choose(page: Page, name: str, data: bytes) -> None:
    """Pick *data* as the file *name* in *Open replay…*."""
    page.set_input_files(
        "#open-file", files=[{"name": name, "mimeType": "application/octet-stream", "buffer": data}]
    )


def slide(page: Page, value: int) -> None:
    page.evaluate(
        """v => { const s = document.querySelector('#history');
                 s.value = v; s.dispatchEvent(new Event('input', {bubbles: true})); }""",
        value,
    )


def test_every_fixture_opens_plays_back_and_is_reviewed(open_game: Open, page: Page) -> None:
    """Each file's moves are on the slider from 0; at the end the board is as the file
    left it with the summary's 3BV; the review lists every move with a verdict."""
    open_game("preset=beginner&seed=3")
    names = sorted(p.name for p in DATA.iterdir() if p.suffix in REPLAYS)
    assert len(names) >= 9
    for name in names:
        data = (DATA / name).read_bytes()
        replay = read_replay(data, name)
        moves = len(replay.played.history)
        choose(page, name, data)
        expect(page.locator("#message")).to_contain_text(f"Opened {name}")
        expect(page.locator("#history")).to_have_attribute("max", str(moves))
        expect(page.locator("#history")).to_have_value("0")
        expect(page.locator("#board button[data-state='revealed']")).to_have_count(0)
        slide(page, moves)
        status = replay.played.history.current.status.value
        expect(page.locator("#board")).to_have_attribute("data-status", status)
        summary = page.locator("#summary")
        expect(summary).to_be_visible()
        expect(summary).to_have_attribute("data-nf", "false" if _flags(replay) else "true")
        expect(summary.locator("[data-name='ZiNi']")).to_have_count(1)
        page.click("#review")
        expect(page.locator("#review-summary")).to_contain_text(f"{moves} moves", timeout=READY_MS)
        items = page.locator("#review-list > [data-move]")
        expect(items).to_have_count(moves)
        assert items.nth(moves - 1).get_attribute("data-verdict") in (
            "certain",
            "guess",
            "risky",
            "avoidable",
        )
        page.click("#review-close")


def _flags(replay: Replay) -> bool:
    return any(type(m) is FlagToggled for m in replay.played.history.moves)


def test_a_damaged_replay_is_refused_and_the_game_stays(open_game: Open, page: Page) -> None:
    """An EVF cut short: a message naming the file and the problem; the board, the game
    kept in the browser and the slider are as they were, and the game goes on."""
    open_game("preset=beginner&seed=3")
    page.click(cell(page, 4, 4))
    before = states(page)
    kept = page.evaluate("localStorage.getItem('pyminesweeper.game')")
    cut = (DATA / "custom-60x36.evf").read_bytes()[:200_000]
    choose(page, "cut.evf", cut)
    message = page.locator("#message")
    expect(message).to_contain_text("Could not open cut.evf: ")
    expect(message).to_contain_text("cut short")
    expect(message).to_contain_text("Your game is unchanged")
    assert states(page) == before
    assert page.evaluate("localStorage.getItem('pyminesweeper.game')") == kept
    x, y = next((x, y) for y, row in enumerate(before) for x, c in enumerate(row) if c == "H")
    page.click(cell(page, x, y), button="right")
    expect(page.locator("#history")).to_have_attribute("max", "2")
