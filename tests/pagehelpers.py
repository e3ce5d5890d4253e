"""Helpers for the browser tests: cell selectors and the board read back from the DOM."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

READY_MS = 90_000
"""Pyodide boots in a few seconds here; a loaded CI machine can be much slower."""


def game_context(browser: Browser, **options: Any) -> BrowserContext:
    """Return a new context (its own storage) for a page test, without the service worker.

    The worker downloads every file again once the game is ready: only
    test_offline.py needs it, and in every other test it would only take time.
    """
    return browser.new_context(service_workers="block", **options)


def cell(page: Page, x: int, y: int) -> str:
    """Return the selector of the cell at (x, y)."""
    return f"#board button[data-x='{x}'][data-y='{y}']"


def marked(page: Page, name: str) -> set[tuple[int, int]]:
    """Return the positions of the cells carrying the class (or, for "proof", the mark) *name*."""
    selector = "[data-proof='true']" if name == "proof" else f".{name}"
    return {
        (int(x), int(y))
        for x, y in page.eval_on_selector_all(
            f"#board button{selector}", "bs => bs.map(b => [b.dataset.x, b.dataset.y])"
        )
    }


def position(page: Page, mines: int) -> str:
    """Return the board on the page as position text, with *mines* in all."""
    rows = states(page)
    return f"{len(rows[0])}x{len(rows)}x{mines}\n" + "".join(row + "\n" for row in rows)


def states(page: Page) -> list[str]:
    """Return the board as rows of position-text characters read from the DOM."""
    return page.evaluate(
        """() => {
        const rows = [];
        for (const b of document.querySelectorAll('#board button')) {
          const y = +b.dataset.y;
          rows[y] = (rows[y] || '') + (
            b.dataset.state === 'hidden' ? (b.dataset.mine ? '*' : 'H') :
            b.dataset.state === 'flagged' ? (b.dataset.wrong ? 'X' : 'F') :
            b.dataset.mine === 'exploded' ? '!' : b.dataset.mine ? '*' : b.dataset.count);
        }
        return rows;
      }"""
    )
