"""The standard library the page sends: only what it runs, cut from the pinned Pyodide's own.

Pyodide's python_stdlib.zip is 2.5 MB, compressed already, a third of a
first visit on the wire, and the page imports a small part of it. `make
vendor` writes that part to vendor/stdlib.zip, which js/pyodide.mjs loads
through Pyodide's `stdLibURL` option. What is kept is traced in the pinned
Pyodide itself under Node (tools/stdlib.mjs, tools/imports.py), never
listed by hand: every module of the full zip imported once

- Pyodide has started (its own start-up's imports);
- every import statement of PyScript's Python package (which PyScript
  writes into its worker) and of every module the page can import (at
  module level or inside a function, found with `ast`) has run, and every
  codec the game names as a literal (`.decode("gbk")`, `encoding=`) has
  been looked up;
- the page's modules are imported and a game is played through the view's
  own start and dispatch, every control it listens to pressed;
- `KEEP` is imported: what neither an import statement nor a run shows.

Each module goes without its comments and docstrings (`trimmed`), every line kept in
place: they were two fifths of the zip. A module left out fails loudly, never in a
player's browser:
tests/test_stdlib.py runs `check` (the same imports, codecs and game in a
Pyodide started on the trimmed zip) and the browser suite runs the page on it.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import subprocess
import sys
import tempfile
import tokenize
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import bytecode  # noqa: E402

FULL: Final = Path("vendor") / "pyodide" / "python_stdlib.zip"
"""Pyodide's whole standard library as the pinned release ships it. The site does not send
it: bench/'s bare PyScript pages start on it, as PyScript would without the game."""

ARCHIVE: Final = Path("vendor") / "stdlib.zip"
"""The trimmed standard library the page loads, relative to the root."""

PYSCRIPT: Final = Path("node_modules") / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
"""The Python package PyScript writes into its worker, as the pinned release has it."""

HOST: Final = frozenset(
    {"game", "js", "pyodide_js", "polyscript", "_pyscript", "pyscript", "jsffi"}
)
"""Packages that are not the standard library's: the game's; Pyodide's and PyScript's
JavaScript modules; PyScript's Python package, which PyScript writes itself; and
MicroPython's `jsffi`, which that package imports where Pyodide's `js` is absent."""

KEEP: Final = ("encodings.gbk",)
"""Modules kept though no import statement or run of the page reaches them yet, each with
its reason. A module the page will reach in a way the trace cannot see (a codec named in a
variable, an `import_module` of a computed name) goes here, by its dotted name:

- encodings.gbk: Arbiter's replays name their player in GBK (issue 34, the community's
  replay files, which the page will open).
"""

_EPOCH = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the same modules give the same archive, byte for byte."""


def _imports_of(tree: ast.AST) -> set[str]:
    """Return the absolute modules *tree* imports anywhere (`from a import b`: a and a.b)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _codecs_of(tree: ast.AST) -> set[str]:
    """Return the codecs *tree* names as a literal.

    In `.encode("x")`, `.decode("x")`, `codecs.lookup("x")` or an `encoding="x"` argument.
    """
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        named = isinstance(called, ast.Attribute) and (
            called.attr in ("encode", "decode")
            or (called.attr == "lookup" and ast.unparse(called.value) == "codecs")
        )
        values = [node.args[0]] if named and node.args else []
        values += [k.value for k in node.keywords if k.arg == "encoding"]
        found.update(
            v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return found


def scan(root: Path, names: Iterable[str]) -> tuple[set[str], set[str]]:
    """Return the standard library's modules the files *names* under *root* import, and codecs."""
    modules: set[str] = set()
    named: set[str] = set()
    for name in names:
        tree = ast.parse((root / name).read_bytes(), name)
        modules |= _imports_of(tree)
        named |= _codecs_of(tree)
    return {m for m in modules if m.split(".")[0] not in HOST}, named


def plan(root: Path = ROOT) -> dict[str, list[str]]:
    """Return what tools/imports.py runs, as JSON data.

    The imports and codecs of the page's modules, its script and PyScript's package; the
    page's modules by name; `KEEP`.
    """
    pyscript = sorted(p.relative_to(root).as_posix() for p in (root / PYSCRIPT).glob("*.py"))
    page = bytecode.page_modules(root)
    modules, named = scan(root, [*page, bytecode.SCRIPT.as_posix(), *pyscript])
    return {
        "imports": sorted(modules),
        "codecs": sorted(named | {"ascii", "latin-1", "utf-8"}),
        "modules": [
            p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in page
        ],
        "keep": list(KEEP),
    }


def run(mode: str, root: Path = ROOT, archive: Path | None = None) -> list[str]:
    """Run tools/stdlib.mjs in *mode* for *root*'s plan; return the list it prints.

    "trace" runs on Pyodide's whole library; "check" on *archive*, else the trimmed zip.
    """
    with tempfile.NamedTemporaryFile("w", suffix=".json") as written:
        json.dump(plan(root), written)
        written.flush()
        command = ["node", str(ROOT / "tools" / "stdlib.mjs"), mode, str(root), written.name]
        result = subprocess.run(
            [*command, *([str(archive)] if archive else [])],
            capture_output=True,
            text=True,
            check=False,
        )
    if result.returncode != 0:
        raise SystemExit(f"error: tools/stdlib.mjs {mode} failed:\n{result.stderr}")
    names: list[str] = json.loads(result.stdout)
    return names


def digest(root: Path = ROOT) -> str:
    """Return a digest of what the trimmed zip is traced from: plan, tracer and runtime."""
    hashed = hashlib.sha256(json.dumps(plan(root)).encode())
    for name in ("tools/stdlib.py", "tools/imports.py", "tools/stdlib.mjs", FULL.as_posix()):
        hashed.update((root / name).read_bytes())
    return hashed.hexdigest()


def is_current(root: Path = ROOT) -> bool:
    """Tell whether *root*'s trimmed zip exists and was traced from its present plan."""
    return bytecode.stamped(root / ARCHIVE, digest(root))


def entries(full: zipfile.ZipFile, modules: Iterable[str]) -> list[zipfile.ZipInfo]:
    """Return the entries of *full* that hold *modules*, and the folders above them."""
    files = {m.replace(".", "/") + end for m in modules for end in (".py", "/__init__.py")}
    folders: set[str] = set()
    for name in files:
        parts = name.split("/")[:-1]
        folders.update("/".join(parts[: i + 1]) + "/" for i in range(len(parts)))
    held = [e for e in full.infolist() if e.filename in files]
    above = {f for e in held for f in folders if e.filename.startswith(f)}
    return [e for e in full.infolist() if e.filename in files or e.filename in above]


def without_comments(source: str) -> str:
    """Return *source* without its comments, every line where it was.

    The first two lines keep theirs: an encoding's declaration lives there.
    """
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        row, column = token.start
        if token.type == tokenize.COMMENT and row > 2:
            line = lines[row - 1]
            lines[row - 1] = line[:column].rstrip() + line[len(line.rstrip("\r\n")) :]
    return "".join(lines)


def without_docstrings(source: str) -> str:
    """Return *source* without its module's, classes' and functions' docstrings.

    Every line stays where it was: a docstring's lines become empty, or `pass` where it
    was the whole body. What Python's `-OO` does to the bytecode, done to the source: the
    standard library runs under `-OO` (it is tested so), where every `__doc__` is None.
    A docstring sharing its last line with more code (`"doc"; x = 1`) stays.
    """
    lines = source.splitlines(keepends=True)
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if not (isinstance(first, ast.Expr) and isinstance(ast.get_docstring(node), str)):
            continue
        assert first.end_lineno is not None and first.end_col_offset is not None
        start, end = first.lineno - 1, first.end_lineno - 1
        head, tail = lines[start].encode(), lines[end].encode()  # ast's columns count bytes
        if tail[first.end_col_offset :].strip():
            continue
        kept = head[: first.col_offset].decode()
        body = "pass" if len(node.body) == 1 else ""
        lines[start] = ("" if not kept.strip() and not body else kept) + body + "\n"
        lines[start + 1 : end + 1] = ["\n"] * (end - start)
    return "".join(lines)


def trimmed(source: bytes) -> bytes:
    """Return a module's *source* without its comments and docstrings, lines in place.

    They were two fifths of the zip's bytes, and the page never reads them; tracebacks
    name the same lines, whose code is untouched.
    """
    encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
    text = source.decode(encoding)
    return without_docstrings(without_comments(text)).encode(encoding)


def write_archive(root: Path, modules: Iterable[str]) -> Path:
    """Write *root*'s trimmed zip of *modules*, from the full one; return its path.

    Each module's source goes without its comments and docstrings (`trimmed`). Run inside
    the pinned Pyodide (tools/stdlib.mjs): its sources are of its Python's syntax.
    """
    with zipfile.ZipFile(root / FULL) as full, zipfile.ZipFile(root / ARCHIVE, "w") as archive:
        for entry in entries(full, modules):
            kept = zipfile.ZipInfo(entry.filename, _EPOCH)
            kept.external_attr = entry.external_attr
            data = full.read(entry)
            if not entry.is_dir():
                kept.compress_type = zipfile.ZIP_DEFLATED
            if entry.filename.endswith(".py"):
                data = trimmed(data)
            archive.writestr(kept, data, compresslevel=9)
        archive.comment = digest(root).encode()
    return root / ARCHIVE


def build(root: Path = ROOT) -> Path:
    """Trace the page's imports in the vendored Pyodide and write *root*'s trimmed zip.

    Both under Node in that Pyodide (tools/stdlib.mjs), whose Python reads its sources.
    """
    with tempfile.NamedTemporaryFile("w", suffix=".json") as written:
        json.dump(run("trace", root), written)
        written.flush()
        script = ROOT / "tools" / "stdlib.mjs"
        subprocess.run(["node", str(script), "write", str(root), written.name], check=True)
    if not is_current(root):
        raise SystemExit(f"error: {ARCHIVE} was not written from the present plan")
    return root / ARCHIVE


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT))
