"""What the page's Python imports, traced or checked in the pinned Pyodide (tools/stdlib.mjs).

Runs inside Pyodide, never in CPython: `trace` runs what the page runs and
returns every module then imported, for tools/stdlib.py to keep; `check`
imports what the page's modules import, in a Pyodide started on the trimmed
zip, and returns what is missing. Both take the plan tools/stdlib.py wrote
(the imports and codecs found in the sources with `ast`). This module
imports only what Pyodide's start-up has imported already, so tracing adds
nothing of its own to what is kept.
"""

from __future__ import annotations

import codecs
import importlib
import json
import sys
import traceback
from typing import Any

FACTS = {
    "href": "http://localhost/?preset=beginner",
    "search": "?preset=beginner",
    "origin": "http://localhost",
    "pathname": "/",
    "now": 0.0,
    "width": 800,
    "height": 600,
    "elements": {},
    "storage": {"items": {}, "writable": True},
    "pending": [],
    "tabStop": None,
    "clipboard": False,
}
"""What js/host.js tells the view of the page at its start: a first visit to a beginner board."""


def load(name: str) -> None:
    """Import *name*, or find it as an attribute of its module (`from a import b`)."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        parent, _, attribute = name.rpartition(".")
        if error.name != name or not hasattr(sys.modules.get(parent), attribute):
            raise


def play() -> None:
    """Run the page's view as the page does, a game to its end and every control pressed.

    It starts, reveals every cell of a beginner board, then presses every control it
    listens to and runs its timers.
    """
    from game.page import worker  # the page's script: it connects the view to the runtime
    from game.page.channel import page

    worker.start(json.dumps(FACTS))

    def send(message: dict[str, Any]) -> None:
        try:
            worker.dispatch(json.dumps({"now": 1000.0, "controls": {}, **message}), None)
        except ImportError:
            raise
        except Exception:  # a made-up event may not suit its control: imports count
            traceback.format_exc()

    for y in range(9):
        for x in range(9):
            send({"kind": "input", "intent": ["r", x, y]})
    for kind in ("click", "change", "input", "keydown"):
        for handler in list(page.handlers):
            send({"kind": "event", "id": handler, "type": kind, "key": "?", "target": {}})
    for token in list(page.timers):
        send({"kind": "timer", "token": token})


def trace(plan: dict[str, list[str]]) -> list[str]:
    """Return every module imported once the page's Python has run.

    That is the plan's imports, the page's modules, a game, and an error's report, after
    Pyodide's start-up's (imported already).
    """
    for name in plan["imports"]:
        load(name)
    for name in plan["codecs"]:
        codecs.lookup(name)
    for name in plan["modules"]:
        importlib.import_module(name)
    play()
    for name in plan["keep"]:
        importlib.import_module(name)
    try:
        eval("undefined_name")  # how an error reaches the page: formatted, with suggestions
    except NameError:
        traceback.format_exc()
    return sorted(sys.modules)


def check(plan: dict[str, list[str]]) -> list[str]:
    """Return the plan's imports and codecs this interpreter lacks, each with its error.

    With none lacking, import the page's modules and play as `trace` does (an import
    failing there raises).
    """
    missing = []
    for name in plan["imports"]:
        try:
            load(name)
        except ImportError as error:
            missing.append(f"{name}: {error}")
    for name in plan["codecs"]:
        try:
            codecs.lookup(name)
        except LookupError as error:
            missing.append(f"codec {name}: {error}")
    if not missing:
        for name in plan["modules"]:
            importlib.import_module(name)
        play()
    return missing
