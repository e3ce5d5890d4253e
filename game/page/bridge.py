"""The view's few calls into the worker's JavaScript, behind one object handed to it.

No module of the view imports the worker's runtime (Pyodide's `js`, PyScript's
`xworker`), so each imports under plain CPython: the worker's script
(game/page/worker.py) imports the runtime and connects a `WorkerBridge` made of
it to the channel (game/page/channel.py); tests connect one of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Bridge(Protocol):
    """What the worker's runtime does for the view: the few calls it makes into JavaScript."""

    def post(self, text: str) -> None:
        """Send *text* to the page as a message of the worker's own."""

    def after_task(self, action: Callable[[], object]) -> None:
        """Call *action* once the task running now is done (a microtask)."""

    def next_task(self, action: Callable[[], object]) -> None:
        """Call *action* in a task of its own, after those waiting."""

    def clock(self) -> float:
        """Return the worker's monotonic clock, in milliseconds."""

    def local_date(self) -> tuple[int, int, int]:
        """Return the player's local date: year, month (1 to 12), day."""

    def utc_moment(self) -> str:
        """Return the date and time now, as ISO 8601 text in UTC."""

    def start_kind(self) -> str:
        """Return how the worker's Python started (js/pyodide.mjs): "snapshot" or "fresh"."""


class Detached:
    """The bridge before the worker's script connects one: any use of it is an error."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("the view has no bridge to the page: call channel.connect first")


class WorkerBridge:
    """The worker's bridge, made of what its script imported of the runtime.

    That is Pyodide's JavaScript globals *js*, PyScript's *post*, and Pyodide's
    *once* (a Python callable as a JavaScript function that runs once).
    """

    def __init__(
        self, js: Any, post: Callable[[str], object], once: Callable[[Callable[[], object]], Any]
    ) -> None:
        self.js = js
        self.posting = post
        self.once = once

    def post(self, text: str) -> None:
        self.posting(text)

    def after_task(self, action: Callable[[], object]) -> None:
        self.js.queueMicrotask(self.once(action))

    def next_task(self, action: Callable[[], object]) -> None:
        self.js.setTimeout(self.once(action), 0)

    def clock(self) -> float:
        return float(self.js.performance.now())

    def local_date(self) -> tuple[int, int, int]:
        date = self.js.Date.new()
        return int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate())

    def utc_moment(self) -> str:
        return str(self.js.Date.new().toISOString())

    def start_kind(self) -> str:
        return str(getattr(self.js, "pyodideStart", "fresh"))
