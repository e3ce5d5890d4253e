"""Helpers for the browser tests: cell selectors and the board read back from the DOM."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

READY_MS = 90_000
"""Pyodide boots in a few seconds here; a loaded CI machine can be much slower."""


READS = (
    "get_attribute", "inner_text", "inner_html", "text_content", "input_value",
    "is_hidden", "is_visible", "is_checked", "eval_on_selector_all", "evaluate", "locator",
)  # fmt: skip
"""The page's reads that first wait for Python's answers (`settled_reads`)."""

NAVIGATIONS = ("goto", "reload", "go_back", "go_forward")
"""Leaving the page waits for them too: what a test did before is kept, as a player's clicks are."""


def game_context(browser: Browser, **options: Any) -> BrowserContext:
    """Return a new context (its own storage) for a page test, without the service worker.

    The worker downloads every file again once the game is ready: only
    test_offline.py needs it, and in every other test it would only take time.
    Its pages read what the page shows once Python has answered (`settled_reads`).
    """
    context = browser.new_context(service_workers="block", **options)
    context.on("page", settled_reads)
    return context


def settled_reads(page: Page) -> None:
    """Make *page*'s reads and navigations wait until Python has answered all the page sent it.

    A test reads the page after what it does, as a player looks after a click;
    Python answers from its worker a moment later.
    """
    for name in READS + NAVIGATIONS:
        act = getattr(page, name)
        setattr(page, name, functools.partial(_settled, page, act))


def _settled(page: Page, act: Callable[..., Any], *args: Any, **options: Any) -> Any:
    settle(page)
    return act(*args, **options)


def settle(page: Page) -> None:
    """Wait until the page has applied Python's answer to everything it sent (js/host.js).

    Python runs in a worker: a click returns before the board shows its move.
    """
    Page.evaluate(page, "window.pythonSettled ? window.pythonSettled() : null")


def run_clock(page: Page, ms: int, *, step: int = 50) -> None:
    """Advance the page's installed clock by *ms*, a *step* at a time, waiting for Python.

    Timers run in the page and Python answers each from its worker, setting the
    next (a replay's next move): one jump would fire only the first.
    """
    for _ in range(-(-ms // step)):
        page.clock.run_for(step)
        settle(page)


def cell(page: Page, x: int, y: int) -> str:
    """Return the selector of the cell at (x, y)."""
    return f"#board button[data-x='{x}'][data-y='{y}']"


def states(page: Page) -> list[str]:
    """Return the board as rows of position-text characters read from the DOM."""
    settle(page)
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
