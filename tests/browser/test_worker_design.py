"""The worker design that bench/worker.py measures plays as the game's core does.

bench/worker.html runs the core in a PyScript worker with no SharedArrayBuffer and
applies each patch it returns with js/cells.js: if that stops working, the bench's
figures for the design stop meaning anything, so the board it shows is checked here.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from bench.page import expert_layout
from bench.worker import BLOCKING, worker_click
from game.events import CellOpened
from game.query import request_from_query
from game.session import Session
from game.text import format_position
from pagehelpers import READY_MS, game_context, position


def test_the_worker_page_shows_the_cores_board_after_each_reveal(
    browser: Browser, base_url: str
) -> None:
    query, numbers = expert_layout(3)
    context = game_context(browser)
    context.add_init_script(BLOCKING)
    page = context.new_page()
    page.goto(f"{base_url}bench/worker.html?{query}")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_MS)
    session = Session.begin(request_from_query(query)[0], 1)
    for x, y in [(3, 3), *numbers[:5]]:
        worker_click(page, x, y)
        session = session.make(CellOpened((x, y)), 0).session
        assert position(page, session.shown.board.mine_count) == format_position(session.shown)
    assert page.evaluate("typeof window.__blocking") == "number"  # the observer ran
    context.close()
