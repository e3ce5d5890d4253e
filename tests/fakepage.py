"""A fake page for the view's storage protocol under CPython: a worker's runtime, and a page.

`game/view/dom.py` imports the worker's runtime (`js`, `polyscript`, `pyodide.ffi`)
when it is imported; the few names it uses are stood in for here, so the view's
modules import under CPython. `FakePage` then plays the page's side of the
protocol (js/host.js): it takes the operations the view queued, keeps what the
store operations write in a storage with a quota, all of a commit or none,
and answers each commit in a message of its own, as the page does.
"""

from __future__ import annotations

import json
import sys
import types
from typing import Any

PAGE_NOW = 1_000.0
"""The page's clock in every message (tests here never wait on time)."""


class _Date:
    """`js.Date`: a fixed moment, a new one each call, in the order they are made."""

    made = 0

    @classmethod
    def new(cls) -> _Date:
        cls.made += 1
        return cls()

    def __init__(self) -> None:
        self.second = _Date.made

    def toISOString(self) -> str:  # noqa: N802 (the DOM's name)
        return f"2026-01-01T00:00:{self.second % 60:02d}.{self.second:03d}Z"

    def getFullYear(self) -> int:  # noqa: N802
        return 2026

    def getMonth(self) -> int:  # noqa: N802
        return 0

    def getDate(self) -> int:  # noqa: N802
        return 1


def _runtime() -> None:
    """Stand in for the worker's runtime modules, unless they are really there."""
    js = types.ModuleType("js")
    js.queueMicrotask = lambda callback: None  # type: ignore[attr-defined]
    js.setTimeout = lambda callback, ms: None  # type: ignore[attr-defined]
    js.performance = types.SimpleNamespace(now=lambda: PAGE_NOW)  # type: ignore[attr-defined]
    js.Date = _Date  # type: ignore[attr-defined]
    polyscript = types.ModuleType("polyscript")
    polyscript.xworker = types.SimpleNamespace(postMessage=lambda text: None)  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_once_callable = lambda action: action  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    for name, module in (("js", js), ("polyscript", polyscript), ("pyodide", pyodide)):
        sys.modules.setdefault(name, module)
    sys.modules.setdefault("pyodide.ffi", ffi)


_runtime()

from game.view import dom  # noqa: E402  (once the runtime is stood in for)


class FakePage:
    """The page: its storage (at most *quota* characters, keys and values), and its answers."""

    def __init__(self, items: dict[str, str] | None = None, quota: int = 5_242_880) -> None:
        self.items = dict(items or {})
        self.quota = quota
        self.text: dict[str, dict[str, Any]] = {}
        """What the view wrote to each element, by reference."""
        self.said: list[tuple[str, Any]] = []
        """Every text the view wrote, in order: the element's reference and the text."""
        dom.page = dom.Page()
        dom.page.begin(
            {
                "href": "http://localhost/",
                "search": "",
                "origin": "http://localhost",
                "pathname": "/",
                "now": PAGE_NOW,
                "width": 1100,
                "height": 850,
                "elements": {},
                "storage": {"items": dict(self.items)},
                "pending": [],
                "tabStop": None,
                "clipboard": False,
            }
        )

    def used(self) -> int:
        return sum(len(key) + len(value) for key, value in self.items.items())

    def leave(self, room: int) -> None:
        """Make the quota what is used now and *room* more."""
        self.quota = self.used() + room

    def store(self, changes: list[list[Any]]) -> bool:
        """Make *changes* all or none, as js/host.js does; return whether it made them."""
        after = dict(self.items)
        for key, text in changes:
            if text is None:
                after.pop(key, None)
            else:
                after[key] = text
                if sum(len(k) + len(v) for k, v in after.items()) > self.quota:
                    return False
        self.items = after
        return True

    def run(self) -> None:
        """Apply what the view queued, then answer its commits, until it queues nothing more."""
        while True:
            batch = json.loads(dom.page.take())[1:]
            if not batch:
                return
            answers = []
            for op in batch:
                kind, ref = op[0], op[1]
                if kind == "set":
                    self.text.setdefault(ref, {})[op[2]] = op[3]
                    if op[2] == "textContent":
                        self.said.append((ref, op[3]))
                elif kind == "store":
                    answers.append({"kind": "stored", "token": ref, "ok": self.store(op[2])})
            for answer in answers:
                dom.page.answer({**answer, "now": PAGE_NOW, "controls": {}}, None)

    def shown(self, ref: str, name: str = "textContent") -> Any:
        """Return what the view last wrote to *ref*'s *name*."""
        return self.text.get(ref, {}).get(name)
