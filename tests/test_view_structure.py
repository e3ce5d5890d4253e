"""The view's shape: it imports without the worker's runtime, and its components call no app.

What the view shows is checked through the fake page (tests/test_view_*.py); here,
that every module of game/page imports under plain CPython (only the worker's
script imports Pyodide's and PyScript's modules), and that no component is handed
a function of the app's: a handler returns what the player asked (game/page/asks.py).
"""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from game.page.board_view import BoardView
from game.page.controls import Controls
from game.page.files import Files
from game.page.review_panel import ReviewPanel
from game.page.running import Runner
from game.page.statistics import Statistics
from game.page.summary import Summary
from game.page.timeline import Timeline
from game.page.tools import Tools

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_of_the_view_imports_without_the_worker_runtime() -> None:
    """Only the worker's script imports Pyodide's and PyScript's modules."""
    names = sorted(p.stem for p in (ROOT / "game" / "page").glob("*.py") if p.stem != "worker")
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}: importlib.import_module('game.page.' + name)\n"
        "print(sorted({'js', 'polyscript', 'pyodide', 'pyodide.ffi'} & set(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "[]\n")


@pytest.mark.parametrize(
    "component",
    [BoardView, Controls, Timeline, Tools, Runner, Summary, ReviewPanel, Statistics, Files],
)
def test_no_component_is_handed_a_way_to_call_the_app(component: type) -> None:
    """A component's handlers return what the player asked (game/page/asks.py): none is
    given a function of the app's (a session to read, an update, a move to make)."""
    given = inspect.signature(component.__init__).parameters.values()
    assert not [p.name for p in given if "Callable" in str(p.annotation)]
