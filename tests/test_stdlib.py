"""The trimmed standard library (tools/stdlib.py): every module the page's Python can import
is in it, checked in the pinned Pyodide under Node, and the site sends it alone."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tools import stdlib
from tools.vendor import site_files

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = """
import json
from collections.abc import Mapping
from game.rules.board import Board
from . import words

def daily():
    import hashlib
    from fractions import Fraction
    names.lookup("not a codec")
    return b"x".decode("latin-1"), open("f", encoding="cp1252"), codecs.lookup("gbk")
"""


@pytest.fixture(scope="module")
def archive() -> Path:
    path = ROOT / stdlib.ARCHIVE
    if not path.exists():
        pytest.fail("vendor/stdlib.zip is missing: run `make vendor` (make test does it)")
    return path


def test_the_scan_finds_imports_inside_functions_and_named_codecs(tmp_path: Path) -> None:
    (tmp_path / "sample.py").write_text(SAMPLE)
    modules, codecs = stdlib.scan(tmp_path, ["sample.py"])
    assert {"json", "collections.abc", "hashlib", "fractions"} <= modules
    assert not [m for m in modules if m.startswith("game")]
    assert codecs == {"latin-1", "cp1252", "gbk"}


def test_every_page_module_and_its_script_are_scanned() -> None:
    plan = stdlib.plan()
    assert "game.page.app" in plan["modules"] and "game" in plan["modules"]
    assert "hashlib" in plan["imports"]  # game/deal/daily.py imports it inside a function
    assert "asyncio" in plan["imports"]  # PyScript's package and the view import it
    assert {"utf-8", "ascii", "latin-1"} <= set(plan["codecs"])


def test_the_site_sends_the_trimmed_library_and_not_the_whole_one(archive: Path) -> None:
    files = site_files()
    assert stdlib.ARCHIVE.as_posix() in files
    assert not [f for f in files if f.endswith("python_stdlib.zip")]
    pyodide = (ROOT / "js" / "pyodide.mjs").read_text()
    assert 'stdLibURL: new URL("../vendor/stdlib.zip", import.meta.url)' in pyodide
    with zipfile.ZipFile(archive) as trimmed, zipfile.ZipFile(ROOT / stdlib.FULL) as full:
        assert set(trimmed.namelist()) < set(full.namelist())
        assert archive.stat().st_size < (ROOT / stdlib.FULL).stat().st_size / 2


def test_the_trimmed_library_is_traced_from_the_present_imports(archive: Path) -> None:
    assert stdlib.is_current(), "game/'s imports changed: run `make vendor`"


def test_pyodide_on_the_trimmed_library_imports_all_the_page_imports(archive: Path) -> None:
    """In the pinned Pyodide started on the trimmed zip: every module any page module (or
    PyScript's package) imports, at module level or in a function, imports; every codec
    the game names is found; the page's modules import and a game plays through the view."""
    assert stdlib.run("check") == []


def test_the_check_fails_on_a_library_without_a_module_imported_in_a_function(
    archive: Path, tmp_path: Path
) -> None:
    """hashlib is imported inside a function of game/deal/daily.py: a zip without it fails."""
    assert "    import hashlib" in (ROOT / "game" / "deal" / "daily.py").read_text()
    lacking = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(archive) as trimmed, zipfile.ZipFile(lacking, "w") as written:
        for entry in trimmed.infolist():
            if entry.filename != "hashlib.py":
                written.writestr(entry, trimmed.read(entry))
    missing = stdlib.run("check", archive=lacking)
    assert [m.split(":")[0] for m in missing] == ["hashlib"]


TRIMMED = '''# -*- coding: utf-8 -*-
"""A module's docstring,
over two lines."""
import os  # a comment after code

class Only:
    """The whole body."""

def f(x):  # a comment
    """Its docstring."""
    # a comment alone
    return "# not a comment", x

def g(): "sole"
class Kept: "shares its line"; x = 1
'''


def test_the_trim_drops_comments_and_docstrings_and_keeps_every_line() -> None:
    """Comments and docstrings go, the code stays on its lines: a docstring that was a
    whole body becomes `pass`, one sharing its line with code stays, strings stay, and
    the first two lines keep their comments (an encoding is declared there)."""
    lines = stdlib.trimmed(TRIMMED.encode()).decode().splitlines()
    assert lines == [
        "# -*- coding: utf-8 -*-",
        "",
        "",
        "import os",
        "",
        "class Only:",
        "    pass",
        "",
        "def f(x):",
        "",
        "",
        '    return "# not a comment", x',
        "",
        "def g(): pass",
        'class Kept: "shares its line"; x = 1',
    ]
    scope: dict[str, object] = {}
    exec(compile("\n".join(lines), "trimmed", "exec"), scope)
    assert scope["f"](2) == ("# not a comment", 2)  # type: ignore[operator]


def test_the_trimmed_library_keeps_each_module_s_lines_without_its_comments(
    archive: Path,
) -> None:
    """Each module of the trimmed zip has as many lines as Pyodide's own, so tracebacks name
    the same lines, and goes without its comments and docstrings."""
    with zipfile.ZipFile(archive) as trimmed, zipfile.ZipFile(ROOT / stdlib.FULL) as full:
        sources = [name for name in trimmed.namelist() if name.endswith(".py")]
        moved = [n for n in sources if trimmed.read(n).count(b"\n") != full.read(n).count(b"\n")]
        assert moved == []
        random, whole = trimmed.read("random.py").decode(), full.read("random.py").decode()
    assert "Random variable generators." in whole and "Random variable generators." not in random
    assert [line for line in random.splitlines()[2:] if line.lstrip().startswith("#")] == []
    assert len(random) < len(whole) * 0.6
