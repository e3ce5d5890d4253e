"""Browser fixtures: the game served on 127.0.0.1 and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from pagehelpers import READY_MS, game_context
from tools import chromium, vendor

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser


def _handler() -> type[http.server.SimpleHTTPRequestHandler]:
    import sys

    sys.path.insert(0, str(ROOT))
    from tools.serve import Handler

    return Handler


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """Serve the project folder, as `make serve` does, on a free port."""
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists():
        pytest.fail("vendor/ is missing: run `make vendor` (make test does it)")
    vendor.refresh_game()  # game/ may have changed since `make vendor`: never serve old code
    handler = functools.partial(_handler(), directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page with its own storage, desktop-sized."""
    context = game_context(browser, viewport={"width": 1100, "height": 850})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def open_game(page: Page, base_url: str) -> Callable[[str], Page]:
    """Open the game with a URL query and wait until it accepts input."""

    def open_(query: str = "") -> Page:
        page.goto(base_url + ("?" + query if query else ""))
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        return page

    return open_
