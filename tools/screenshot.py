"""Take the README's screenshot from the real page: python tools/screenshot.py [OUT].

Serves the project folder on 127.0.0.1 (as `make serve` does; run `make vendor`
first), opens a seeded intermediate game in Debian's Chromium, plays a few
of the solver's moves, turns the mine odds on, asks for a hint and saves the
page as docs/images/game.png: wide enough for the tools to stand beside the
board in one toolbar row, so the hint's explanation and the odds are both in
view. The same seed gives the same board every time.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, ViewportSize, sync_playwright  # noqa: E402

from game.page.tools import QUIET_KEY  # noqa: E402
from tools import chromium  # noqa: E402
from tools.serve import Handler  # noqa: E402

OUT = ROOT / "docs" / "images" / "game.png"
QUERY = "?preset=intermediate&seed=2026"
"""A seeded game: the same mines every time, and an opening at the start cell."""
VIEWPORT: ViewportSize = {"width": 1280, "height": 800}
SOLVER_MOVES = 12
"""Moves the solver plays before the picture, so the board shows a game in progress."""


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve the project folder on a free port of 127.0.0.1; return the server and its URL."""
    handler = functools.partial(Handler, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def settle(page: Page) -> None:
    """Wait until the page has applied Python's answer to all it was sent (js/host.js)."""
    page.evaluate("window.pythonSettled ? window.pythonSettled() : null")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", type=Path, default=OUT)
    out: Path = parser.parse_args().out
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists():
        sys.exit("error: vendor/ is missing: run `make vendor` first")
    server, base = serve()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        context = browser.new_context(
            service_workers="block", viewport=VIEWPORT, color_scheme="light"
        )
        # A player who asked not to be told that help makes a game assisted: the picture
        # shows the hint's words, not that notice (game.page.tools.QUIET_KEY).
        context.add_init_script(f"localStorage.setItem({QUIET_KEY!r}, '1')")
        page = context.new_page()
        page.goto(base + QUERY)
        page.wait_for_selector("body[data-ready='true']", timeout=120_000)
        start = page.locator("#board button[data-start]")
        start.first.click()
        settle(page)
        for _ in range(SOLVER_MOVES):
            page.click("#autoplay")
            settle(page)
            if page.get_attribute("#board", "data-status") != "playing":
                break
        page.click("#overlay")
        settle(page)
        page.click("#hint")
        settle(page)
        page.evaluate("window.scrollTo(0, 0)")  # the hint scrolls its words into view
        page.wait_for_timeout(300)  # the labels and the hint's marks come after a frame
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
        context.close()
        browser.close()
    server.shutdown()
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
