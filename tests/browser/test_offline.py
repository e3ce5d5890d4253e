"""Offline play: the service worker keeps the whole game, and a new build replaces it cleanly."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from pagehelpers import READY_MS, cell, settled_reads

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import chromium  # noqa: E402
from tools.serve import Handler  # noqa: E402
from tools.vendor import copy_site, site_files, write_service_worker  # noqa: E402

pytestmark = pytest.mark.browser


@dataclass
class Site:
    """A served copy of the site, and how often each of its files was sent whole."""

    folder: Path
    base: str = ""
    sent_whole: Counter[str] = field(default_factory=Counter)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A copy of the deployable site (as `make site` writes it), served on its own port."""
    served = Site(tmp_path / "site")
    copy_site(served.folder)

    class Counting(Handler):
        def send_response(self, code: int, message: str | None = None) -> None:
            if code == 200:  # a 304 sends no body: the browser's copy was still good
                served.sent_whole[urlsplit(self.path).path] += 1
            super().send_response(code, message)

    handler = functools.partial(Counting, directory=str(served.folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    served.base = f"http://127.0.0.1:{server.server_port}/"
    yield served
    server.shutdown()


def open_when_cached(page: Page, url: str) -> None:
    """Open the game and wait until the service worker has cached it and controls the page."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)


LAYOUT = "?layout=*.../..../..*."


def win_the_layout(page: Page) -> None:
    """Wait until the game of LAYOUT is ready, and win it."""
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click(cell(page, 3, 0))
    page.click(cell(page, 0, 1))
    page.click(cell(page, 0, 2))
    page.click(cell(page, 1, 2))
    page.click(cell(page, 3, 2))
    assert page.get_attribute("#board", "data-status") == "won"


def keep_a_snapshot(page: Page) -> None:
    """Wait until the page has kept a snapshot of a fresh Python for the next visit."""
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=READY_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "kept"


SNAPSHOT = "./vendor/pyodide/snapshot.bin"
KEPT_SNAPSHOT = f"""caches.open("pyminesweeper.snapshot")
  .then(cache => cache.match("{SNAPSHOT}"))
  .then(found => found ? found.arrayBuffer().then(bytes => bytes.byteLength) : 0)"""


@pytest.mark.parametrize("query", ["", "?preset=expert"])
def test_a_first_visit_sends_each_file_once(
    browser: Browser, site: Site, tmp_path: Path, query: str
) -> None:
    """The service worker keeps what the page already fetched: it downloads nothing again,
    the page itself included (index.html, which "./" is too) when its address has a game's
    parameters.

    The runtime is about 12 MB; fetched twice, a first visit on a phone costs 24.
    A browser profile on disk with a cache of the usual size, as a visitor has:
    an in-memory one (a new context) keeps no 10 MB file in its HTTP cache.
    """
    profile = tmp_path / "profile"
    args = [*chromium.ARGS, *chromium.VISITOR_CACHE]
    context = browser.browser_type.launch_persistent_context(
        profile, executable_path=chromium.PATH, args=args
    )
    open_when_cached(context.new_page(), site.base + query)
    files = Counter(("/index.html" if path == "/" else path) for path in site.sent_whole.elements())
    twice = {path: n for path, n in files.items() if n > 1}
    assert not twice, f"sent whole more than once on a first visit: {twice}"
    assert files["/vendor/pyodide/pyodide.asm.wasm"] == 1
    context.close()


def test_plays_offline_after_one_visit(browser: Browser, site: Site) -> None:
    """Visit once, go offline, reload with other parameters, and play a game to the end."""
    base = site.base
    context = browser.new_context()
    context.on("page", settled_reads)  # the board is read once Python has answered the clicks
    page = context.new_page()
    open_when_cached(page, base)
    context.set_offline(True)
    page.goto(base + LAYOUT)
    win_the_layout(page)
    context.close()


def test_the_next_visit_starts_python_from_a_kept_snapshot(browser: Browser, site: Site) -> None:
    """With the offline copy, a snapshot of a fresh Python is kept; the next visit restores it."""
    context = browser.new_context()
    context.on("page", settled_reads)
    page = context.new_page()
    open_when_cached(page, site.base)
    assert page.get_attribute("body", "data-start") == "fresh"
    keep_a_snapshot(page)
    page.goto(site.base + LAYOUT)
    win_the_layout(page)
    assert page.get_attribute("body", "data-start") == "snapshot"
    context.close()


def test_the_snapshot_waits_until_the_player_leaves_the_game_alone(
    browser: Browser, site: Site
) -> None:
    """Taking it keeps a core busy for seconds: never while the player is playing."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.base)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    kept_copy = "navigator.serviceWorker.controller !== null"
    give_up = time.monotonic() + READY_MS / 1000
    until = give_up
    while time.monotonic() < until:  # a move every half second, until 4 s after the copy is kept
        page.dispatch_event("body", "pointerdown")
        assert page.evaluate("document.documentElement.dataset.snapshot") is None
        if until == give_up and page.evaluate(kept_copy):
            until = time.monotonic() + 4
        page.wait_for_timeout(500)
    assert until < give_up, "the offline copy was never kept"
    keep_a_snapshot(page)
    context.close()


# Damage done to the kept snapshot, in the page: cut to its first megabyte (its header
# still says it is this Pyodide's), or a restore that never finished (it hung, or the tab
# was closed or crashed during it).
DAMAGE = {
    "cut short": f"""caches.open("pyminesweeper.snapshot").then(cache => cache.match("{SNAPSHOT}")
      .then(found => found.arrayBuffer().then(bytes => cache.put("{SNAPSHOT}",
        new Response(bytes.slice(0, 1 << 20), {{headers: found.headers}})))))""",
    "restore unfinished": """caches.open("pyminesweeper.snapshot").then(cache =>
      cache.put("./vendor/pyodide/snapshot.restoring", new Response("")))""",
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_snapshot_is_dropped_and_python_starts_afresh(
    browser: Browser, site: Site, damage: str
) -> None:
    """The game still starts, from a fresh Python, and a sound snapshot is kept again."""
    context = browser.new_context()
    context.on("page", settled_reads)
    page = context.new_page()
    open_when_cached(page, site.base)
    keep_a_snapshot(page)
    page.evaluate(DAMAGE[damage])
    page.goto(site.base + LAYOUT)
    win_the_layout(page)
    assert page.get_attribute("body", "data-start") == "fresh"
    keep_a_snapshot(page)
    assert page.evaluate(KEPT_SNAPSHOT) > 1 << 20
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    assert page.get_attribute("body", "data-start") == "snapshot"
    context.close()


OFFLINE_COPIES = "caches.keys().then(keys => keys.filter(key => key.startsWith('pyminesweeper-')))"
"""The service worker's caches, one per build (the Python snapshot's is kept apart)."""


def test_a_new_build_is_offered_and_replaces_the_old_cache(browser: Browser, site: Site) -> None:
    """A changed file makes a new worker; the page offers it, and updating keeps one cache."""
    folder, base = site.folder, site.base
    context = browser.new_context()
    page = context.new_page()
    open_when_cached(page, base)
    first = page.evaluate(OFFLINE_COPIES)
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
    page.wait_for_function(f"{OFFLINE_COPIES}.then(k => k.length === 1)", timeout=30_000)
    assert page.evaluate(OFFLINE_COPIES) != first
    assert "a new release" in page.evaluate("fetch('./css/minesweeper.css').then(r => r.text())")
    context.close()
