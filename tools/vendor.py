"""Set up the site: copy the pinned runtime into vendor/ and write the service worker.

The runtime comes from node_modules (run `npm ci` first; `make vendor` does
both). The service worker, ./sw.js, is written from js/sw.template.js with the
exact list of files the page needs and a version hashed from their contents.
What the page shares with Python (vendor/shared.mjs, and index.html's marked
parts) is written from game/ by tools/shared.py.

The game's own modules go into vendor/game.zip as bytecode compiled by that
runtime (tools/bytecode.py): one request and no compile at start-up. The
standard library the page sends is vendor/stdlib.zip, the modules of
Pyodide's own that the page imports, traced in that runtime (tools/stdlib.py);
Pyodide's whole one stays in vendor/ for bench/'s bare pages, never sent.

Only the files a page requests are copied: PyScript's core and the chunks
it loads for a `<script type="py">` page (its plugins' small entry chunks,
which core.js imports unless a page turns them off, as the game's does, but
not the editor and terminal libraries they load only when used), and
Pyodide's loader, WebAssembly binary, package lock and standard library.
What the game's page does not request is kept for bench/'s bare pages, never
sent (`UNSENT`). Run `npm ci` first; `make vendor` does both.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import bytecode, catalogs, shared, stdlib  # noqa: E402

MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"

PYSCRIPT_FILES = (
    "core.js",
    "core.css",
    "core-*.js",
    "error-*.js",
    "deprecations-manager-*.js",
    "toml-*.js",
    "donkey-*.js",
    "py-editor-*.js",
    "py-game-*.js",
    "py-terminal-*.js",
)
"""Globs over @pyscript/core/dist: chunk names carry a content hash that changes per release."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def copy(source: Path, patterns: tuple[str, ...], target: Path) -> list[Path]:
    """Copy the files of *source* matching *patterns* into *target*; return what was copied."""
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for pattern in patterns:
        matches = sorted(p for p in source.glob(pattern) if not p.name.endswith(".map"))
        if not matches:
            raise SystemExit(f"error: nothing matches {pattern} in {source}; run npm ci first")
        for path in matches:
            shutil.copy2(path, target / path.name)
            copied.append(target / path.name)
    return copied


SITE_FILES = (
    "index.html",
    "pyscript.toml",
    "manifest.webmanifest",
    "js/loading.js",
    "js/first-paint.js",
    "js/shell.js",
    "js/cells.js",
    "js/cursor.js",
    "js/input.js",
    "js/intents.js",
    "js/keys.js",
    "js/stored.js",
    "js/say.js",
    "js/gestures.js",
    "js/controls.js",
    "js/unwatched.js",
    "js/host.js",
    "js/pyodide.mjs",
    "js/snapshot.mjs",
    bytecode.SCRIPT.as_posix(),
    "css/minesweeper.css",
    "css/flag.svg",
    "css/globe.svg",
    "css/mine.svg",
    "css/icon.svg",
    "css/icon-192.png",
    "css/icon-512.png",
)
"""The page's own files besides vendor/ (the runtime, and the game's modules in game.zip).

The worker's script (`bytecode.SCRIPT`, which js/host.js starts) is fetched as source.
"""


LOCK = Path("vendor") / "pyodide-lock.json"
"""Pyodide's package index as the page loads it (js/pyodide.mjs), relative to the root."""

UNUSED_PLUGINS = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript's plugins the page turns off (index.html's <py-config> and <mpy-config>): core.js
would import each one's chunk at every start, though the page uses none."""

TYPES = {
    "vendor/pyscript/core.d.ts": "@pyscript/core",
    "vendor/pyodide/pyodide.d.mts": "pyodide",
}
"""The type declarations of the runtime's modules the page's scripts import, each beside
its module and naming the npm package whose types it has: TypeScript reads them instead
of the minified runtime, which `checkJs` would otherwise check as the project's own."""

UNSENT = (
    stdlib.FULL.as_posix(),
    "vendor/pyodide/pyodide-lock.json",
    *(f"vendor/pyscript/{plugin}-*.js" for plugin in UNUSED_PLUGINS),
    *TYPES,
)
"""Files of vendor/ the page never requests, kept for the bare PyScript pages of bench/:
Pyodide's whole standard library (the page loads vendor/stdlib.zip) and package index
(the page loads `LOCK`), and the chunks of the plugins the page turns off; and, for
`make jscheck`, the runtime's types (`TYPES`)."""


def sent(name: str) -> bool:
    """Tell whether the page requests *name*, a file of vendor/ relative to the root."""
    return not any(fnmatch.fnmatchcase(name, pattern) for pattern in UNSENT)


def write_lock() -> Path:
    """Write Pyodide's package index as the page needs it: its `info`, and no package.

    Pyodide fetches its index at every start, 114 KB for 354 packages, for
    `loadPackage` and the hint an import of one of them gets; the page loads
    none (pyscript.toml names none). Of the index, Pyodide's start checks the
    `info` (its ABI), which is kept.
    """
    index = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    (ROOT / LOCK).write_text(json.dumps({"info": index["info"], "packages": {}}))
    return ROOT / LOCK


def write_types() -> list[Path]:
    """Write `TYPES`: each re-exports its package's declarations from node_modules."""
    written = []
    for name, package in TYPES.items():
        path = ROOT / name
        path.write_text(
            f"// Written by tools/vendor.py: the types of npm's {package}.\n"
            f'export * from "{package}";\n'
        )
        written.append(path)
    return written


def on_demand(name: str) -> bool:
    """Tell whether the service worker keeps *name* only once it is fetched (`ON_DEMAND`)."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in ON_DEMAND)


def site_files() -> list[str]:
    """Return every file the game needs, relative to the root, in a fixed order."""
    vendored = [p.relative_to(ROOT).as_posix() for p in sorted(VENDOR.rglob("*")) if p.is_file()]
    return [*SITE_FILES, *filter(sent, vendored)]


ON_DEMAND = ("vendor/locale/*", "vendor/words/*")
"""Files the service worker keeps only once the page asked for them: each language's words,
of which a visit fetches its own alone (the offline copy keeps the languages played)."""


def write_service_worker(files: list[str], root: Path = ROOT) -> str:
    """Write *root*/sw.js for *files* there; return its version (a hash of their contents).

    It keeps every one of them at its install, but `ON_DEMAND`'s, as they are fetched.
    """
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((root / name).read_bytes())
    digest.update((ROOT / "js" / "sw.template.js").read_bytes())
    version = digest.hexdigest()[:16]
    # The page is kept once, as "./": the worker answers every navigation with it.
    urls = ["./", *(f"./{name}" for name in files if name != "index.html" and not on_demand(name))]
    template = (ROOT / "js" / "sw.template.js").read_text()
    worker = template.replace("__VERSION__", version).replace("__FILES__", json.dumps(urls))
    (root / "sw.js").write_text(worker)
    return version


def refresh_game() -> None:
    """Compile game/ and trace its standard library again if changed; write sw.js for them.

    The library is traced again when the imports changed since the last set-up, and what
    the page shares with Python (tools/shared.py) is written again. What the
    served page needs after an edit: the service worker keeps the
    archives under sw.js's version, so a new archive needs a new version too.
    """
    changed = False
    if not bytecode.is_current():
        print("game/ changed since `make vendor`: compiling it again", flush=True)
        bytecode.build(ROOT)
        changed = True
    if not stdlib.is_current():
        print("game/'s imports changed since `make vendor`: tracing them again", flush=True)
        stdlib.build(ROOT)
        changed = True
    before = shared.SHARED.read_text() if shared.SHARED.exists() else None
    changed |= shared.write_shared().read_text() != before
    changed |= shared.write_page()
    words = {p: p.read_bytes() for p in (VENDOR / "words").glob("*")}
    if catalogs.compile_all():
        raise SystemExit("a catalog of game/locale/ is refused: see above")
    changed |= words != {p: p.read_bytes() for p in (VENDOR / "words").glob("*")}
    if changed:
        write_service_worker(site_files())


def copy_site(target: Path) -> list[str]:
    """Copy exactly the deployable files (and sw.js) into *target*; return their names."""
    if target.exists():
        shutil.rmtree(target)
    names = [*site_files(), "sw.js"]
    for name in names:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    return names


def main() -> int:
    """Rebuild vendor/ and sw.js; with `--site DIR`, also copy the deployable site there."""
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    files = copy(MODULES / "@pyscript" / "core" / "dist", PYSCRIPT_FILES, VENDOR / "pyscript")
    files += copy(MODULES / "pyodide", PYODIDE_FILES, VENDOR / "pyodide")
    files.append(bytecode.build(ROOT))
    files.append(stdlib.build(ROOT))
    files.append(shared.write_shared())
    if shared.write_page():
        print("index.html: its parts written from game/ changed")
    if catalogs.compile_all():
        return 1
    files.append(write_lock())
    files += write_types()
    requested = [p for p in files if sent(p.relative_to(ROOT).as_posix())]
    size = sum(p.stat().st_size for p in requested)
    print(f"vendor/: {len(requested)} files the page requests, {size / 1e6:.1f} MB")
    version = write_service_worker(site_files())
    print(f"sw.js: version {version}")
    if sys.argv[1:2] == ["--site"] and len(sys.argv) == 3:
        names = copy_site(Path(sys.argv[2]))
        print(f"{sys.argv[2]}/: {len(names)} files, the whole game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
