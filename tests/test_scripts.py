"""Every script of the project is type-checked by `make jscheck`, none left out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ("tsconfig.json", "tsconfig.node.json", "tsconfig.sw.json")
"""The TypeScript projects `make jscheck` runs: the page, Node's tools, the service worker."""


def config(name: str) -> dict[str, Any]:
    """Return the tsconfig *name* merged over the one it extends."""
    found: dict[str, Any] = json.loads((ROOT / name).read_text())
    base = found.pop("extends", None)
    if base is None:
        return found
    merged = config(base)
    options = {**merged["compilerOptions"], **found.get("compilerOptions", {})}
    return {**merged, **found, "compilerOptions": options}


def checked(name: str) -> set[str]:
    """Return the scripts the tsconfig *name* type-checks, relative to the root."""
    found = config(name)
    assert found["compilerOptions"]["checkJs"] is True, name
    include, exclude = found["include"], found.get("exclude", [])
    paths = {p.relative_to(ROOT).as_posix() for pattern in include for p in ROOT.glob(pattern)}
    return paths - set(exclude)


def test_every_script_is_type_checked() -> None:
    """Each script of js/, tools/, bench/ and the tests is in one of `make jscheck`'s
    projects, with `checkJs` on; the service worker's template in a project of its own, as
    the page's and a service worker's globals do not mix."""
    makefile = (ROOT / "Makefile").read_text()
    assert re.findall(r"tsc -p (\S+)", makefile) == list(CONFIGS)
    scripts = {
        p.relative_to(ROOT).as_posix()
        for folder in ("js", "tools", "bench", "tests")
        for p in (ROOT / folder).rglob("*")
        if p.suffix in {".js", ".mjs", ".cjs"} and "node_modules" not in p.parts
    }
    assert "js/sw.template.js" in scripts and "tools/stdlib.mjs" in scripts
    covered = [checked(name) for name in CONFIGS]
    assert scripts <= set().union(*covered), scripts - set().union(*covered)
    assert "js/sw.template.js" in covered[2]
