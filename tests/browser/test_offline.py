"""Offline play: the service worker keeps the whole game, and a new build replaces it cleanly."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from pagehelpers import READY_MS, cell

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.serve import Handler  # noqa: E402
from tools.vendor import copy_site, site_files, write_service_worker  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the deployable site (as `make site` writes it), served on its own port."""
    folder = tmp_path / "site"
    copy_site(folder)
    handler = functools.partial(Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


def open_when_cached(page: Page, url: str) -> None:
    """Open the game and wait until the service worker has cached it and controls the page."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)


def test_plays_offline_after_one_visit(browser: Browser, site: tuple[Path, str]) -> None:
    """Visit once, go offline, reload with other parameters, and play a game to the end."""
    _, base = site
    context = browser.new_context()
    page = context.new_page()
    open_when_cached(page, base)
    context.set_offline(True)
    page.goto(base + "?layout=*.../..../..*.")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click(cell(page, 3, 0))
    page.click(cell(page, 0, 1))
    page.click(cell(page, 0, 2))
    page.click(cell(page, 1, 2))
    page.click(cell(page, 3, 2))
    assert page.get_attribute("#board", "data-status") == "won"
    context.close()


def test_a_new_build_is_offered_and_replaces_the_old_cache(
    browser: Browser, site: tuple[Path, str]
) -> None:
    """A changed file makes a new worker; the page offers it, and updating keeps one cache."""
    folder, base = site
    context = browser.new_context()
    page = context.new_page()
    open_when_cached(page, base)
    first = page.evaluate("caches.keys()")
    assert len(first) == 1
    css = folder / "css" / "minesweeper.css"
    css.write_text(css.read_text() + "\n/* a new release */\n")
    write_service_worker(site_files(), folder)
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    with page.expect_navigation(timeout=READY_MS):
        page.click("#update-now")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.wait_for_function("caches.keys().then(k => k.length === 1)", timeout=30_000)
    assert page.evaluate("caches.keys()") != first
    assert "a new release" in page.evaluate("fetch('./css/minesweeper.css').then(r => r.text())")
    context.close()
