"""Copy the pinned browser runtime from node_modules into vendor/, which the page loads.

Only the files the page requests are copied: PyScript's core and the chunks
it loads for a `<script type="py">` page (its plugins' small entry chunks,
which core.js imports eagerly, but not the editor and terminal libraries they
load only when used), and Pyodide's loader, WebAssembly binary, standard library and
package lock. Run `npm ci` first; `make vendor` does both.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def main() -> int:
    """Rebuild vendor/ from node_modules."""
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    files = copy(MODULES / "@pyscript" / "core" / "dist", PYSCRIPT_FILES, VENDOR / "pyscript")
    files += copy(MODULES / "pyodide", PYODIDE_FILES, VENDOR / "pyodide")
    size = sum(p.stat().st_size for p in files)
    print(f"vendor/: {len(files)} files, {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
