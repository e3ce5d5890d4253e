"""The game's modules as one archive of bytecode, compiled by the runtime that runs them.

The page imports 46 modules. Fetched as source, they cost 46 requests and a
compile in WebAssembly on every load (about 450 ms of a cold start here);
as one zip of `.pyc` files, which PyScript writes into the worker's files and
the page's script puts on the import path as it is (game/page/worker.py),
they cost one request and no compile. Bytecode is private to a Python
version, so the archive is written by the pinned Pyodide itself, under Node
(tools/compile.mjs runs `write_archive` inside it). The archive's comment is
a digest of what it was built from, so a stale archive is noticed
(`is_current`) instead of silently serving old code.

Plain standard library: this module runs in CPython (the checks) and in
Pyodide (the compile).
"""

from __future__ import annotations

import ast
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = Path("vendor") / "game.zip"
"""Where the archive goes, relative to the root (vendor/ holds what `make vendor` builds)."""

SCRIPT = Path("game") / "page" / "worker.py"
"""The page's script, which PyScript fetches as source (js/host.js names it): it puts the
archive on the import path, so it cannot come from the archive."""

FRONT_ENDS = ("game/terminal", "game/commands", "game/stats")
"""The packages of game/ that only the terminal's and the command line's front-ends run."""

RUNTIME = Path("vendor") / "pyodide" / "pyodide.mjs"

_EPOCH = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the same sources give the same archive, byte for byte."""


def page_modules(root: Path = ROOT) -> list[str]:
    """Return the modules of game/ the page imports, as paths relative to *root*, sorted.

    Left out: the other front-ends (`FRONT_ENDS`: the terminal, the command-line
    tools and their doors), every `__main__.py`, and `SCRIPT`, the page's script.
    """
    return sorted(
        p.relative_to(root).as_posix()
        for p in (root / "game").rglob("*.py")
        if p.name != "__main__.py"
        and p.parent.relative_to(root).as_posix() not in FRONT_ENDS
        and p != root / SCRIPT
    )


def digest(root: Path = ROOT) -> str:
    """Return a digest of everything the archive is built from: sources, compiler, runtime."""
    hashed = hashlib.sha256()
    for name in [*page_modules(root), "tools/bytecode.py", RUNTIME.as_posix()]:
        hashed.update(name.encode())
        hashed.update((root / name).read_bytes())
    return hashed.hexdigest()


def without_docstrings(tree: ast.Module) -> ast.Module:
    """Return *tree* without its module's, classes' and functions' docstrings.

    The page never reads one (the game uses no `__doc__`), and they are a sixth of the
    bytecode; every other line keeps its number, so tracebacks stay exact. Asserts stay
    (compiling with `optimize=2` would drop them too).
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(ast.get_docstring(node), str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def write_archive(root: Path, target: Path) -> None:
    """Compile the page's modules under *root* into the zip *target* (run inside Pyodide).

    Each module is compiled with its file name as the page will see it
    (relative to the interpreter's working folder), so tracebacks name it,
    and without docstrings.
    """
    from importlib._bootstrap_external import _code_to_timestamp_pyc  # type: ignore[attr-defined]

    with zipfile.ZipFile(target, "w") as archive:
        for name in page_modules(root):
            source = (root / name).read_bytes()
            tree = without_docstrings(ast.parse(source, name))
            code = compile(tree, name, "exec", dont_inherit=True)
            entry = zipfile.ZipInfo(name.removesuffix(".py") + ".pyc", _EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, bytes(_code_to_timestamp_pyc(code, 0, len(source))))
        archive.comment = digest(root).encode()


def is_current(root: Path = ROOT) -> bool:
    """Tell whether *root*'s archive exists and was built from its present sources."""
    return stamped(root / ARCHIVE, digest(root))


def stamped(path: Path, expected: str) -> bool:
    """Tell whether the zip at *path* exists and its comment is *expected*.

    The comment is the digest of what the zip was made from, written when it was made.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.comment == expected.encode()
    except (OSError, zipfile.BadZipFile):
        return False


def build(root: Path = ROOT) -> Path:
    """Write *root*'s archive with the vendored Pyodide under Node; return its path."""
    subprocess.run(["node", str(ROOT / "tools" / "compile.mjs"), str(root)], check=True)
    if not is_current(root):
        raise SystemExit(f"error: {ARCHIVE} was not written from the present sources")
    return root / ARCHIVE


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT))
