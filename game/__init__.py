"""Minesweeper's pure-Python core: typed cells, events folded into state, and the rules.

Nothing in this package imports the browser except `game.page`, so the same
code runs under CPython (tests, the terminal game) and Pyodide (the page).
"""

from __future__ import annotations

PACKAGE = "pyminesweeper"
"""The name the game is installed under (pyproject.toml's `[project] name`)."""


def version() -> str:
    """Return the game's version, as pyproject.toml says it: the one place it is written.

    From a checkout, pyproject.toml beside this package is read; once installed, the
    package's metadata (written from it) is. "unknown" where neither is found.
    """
    import tomllib
    from importlib import metadata
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == PACKAGE:
            return str(project["version"])
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown"
