"""The page's script: PyScript runs it in the worker that js/host.js starts.

It puts the game's bytecode archive (tools/bytecode.py; pyscript.toml has PyScript write
it into the working folder) on the import path as it is, connects the view to the page
through the worker's runtime (imported here alone: every module of the view imports
under plain CPython), and names the functions the page calls. Everything else, this
page's wiring (`game.page.app`) included, is imported from the archive already
compiled: this script is the only source the worker compiles, and so stays a few lines.
Compiling app.py from source, and unpacking the archive into files, each added to every
cold start; Python imports from a zip as fast.
"""

import importlib
import sys
from pathlib import Path

from polyscript import xworker  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

ARCHIVE = "game.zip"
"""Where pyscript.toml has PyScript write the archive, in the worker's working folder."""

sys.path.insert(0, str(Path(ARCHIVE).resolve()))

from game.page import app, channel  # noqa: E402  (importable once the archive is on the path)
from game.page.bridge import WorkerBridge  # noqa: E402

# Pyodide's `js` (a PyPI package has that name too, so it is not imported by name).
channel.connect(
    WorkerBridge(importlib.import_module("js"), xworker.postMessage, create_once_callable)
)
start = app.start
dispatch = app.dispatch
__export__ = ["dispatch", "start"]
"""What PyScript lets js/host.js call."""
