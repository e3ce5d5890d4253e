"""The npm locks stay installable by `npm ci` however the registry moves on.

A dependency asked for by dist-tag (`"latest"`) is resolved again at every
`npm ci`; once the tag moves past the locked version, the lock is "out of sync"
and the install fails. Lighthouse's trace engine asks for two packages that
way, so tools/audit/package.json pins them with `overrides`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCKED = [ROOT, ROOT / "tools" / "audit"]
DIST_TAG = re.compile(r"^(?![xX]$)[A-Za-z][A-Za-z0-9._-]*$")


def overridden(overrides: Any) -> Iterator[str]:
    """Yield every package name that an npm `overrides` object pins, at any depth."""
    for name, value in overrides.items():
        if isinstance(value, dict):
            yield from overridden(value)
        else:
            yield name


@pytest.mark.parametrize("folder", LOCKED, ids=lambda p: p.relative_to(ROOT).as_posix() or ".")
def test_no_dependency_asked_by_dist_tag_is_left_unpinned(folder: Path) -> None:
    manifest = json.loads((folder / "package.json").read_text())
    lock = json.loads((folder / "package-lock.json").read_text())
    pinned = set(overridden(manifest.get("overrides", {})))
    tagged = {
        f"{name} (from {path or 'package.json'})"
        for path, entry in lock["packages"].items()
        for kind in ("dependencies", "optionalDependencies", "peerDependencies")
        for name, spec in entry.get(kind, {}).items()
        if DIST_TAG.match(spec) and name not in pinned
    }
    assert tagged == set(), "pin these with overrides in package.json, then npm install"


def test_dist_tag_pattern() -> None:
    assert DIST_TAG.match("latest") and DIST_TAG.match("next")
    assert not any(DIST_TAG.match(s) for s in ("*", "x", "^1.2.0", "1.2.3", ">=14", "npm:a@1"))
