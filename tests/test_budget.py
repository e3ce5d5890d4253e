"""The first visit's size holds to the budgets of budget.toml.

Reads what `make vendor` wrote (sw.js and vendor/), as `make check` runs it first.
"""

from __future__ import annotations

import gzip
import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUDGET = tomllib.loads((ROOT / "budget.toml").read_text())


def kept() -> list[str]:
    """Return the files the service worker keeps on a first visit, relative to the root."""
    worker = ROOT / "sw.js"
    if not worker.exists():
        pytest.fail("no sw.js: run `make vendor` first")
    found = re.search(r"^const FILES = (\[.*\]);$", worker.read_text(), re.MULTILINE)
    assert found is not None, "sw.js has no FILES list"
    urls: list[str] = json.loads(found.group(1))
    return ["index.html" if url == "./" else url.removeprefix("./") for url in urls]


def sent(name: str) -> int:
    """Return the bytes of *name* gzipped at level 6, as a static host sends it."""
    return len(gzip.compress((ROOT / name).read_bytes(), 6, mtime=0))


def test_each_budgeted_file_stays_under_its_budget() -> None:
    """The runtime, the standard library and the game's archive, each gzipped, stay
    within their budgets; every file with a budget is one a first visit downloads."""
    files = kept()
    over = {}
    for name, budget in BUDGET["files"].items():
        assert name in files, f"{name} has a budget in budget.toml but sw.js does not keep it"
        if sent(name) > budget:
            over[name] = f"{sent(name):,} bytes gzipped, budget {budget:,}"
    assert not over, over


def test_the_first_visit_stays_under_its_budget() -> None:
    """Every file the service worker keeps, gzipped, adds up to at most the total budget."""
    sizes = {name: sent(name) for name in kept()}
    largest = sorted(sizes, key=sizes.__getitem__, reverse=True)[:5]
    assert sum(sizes.values()) <= BUDGET["total"], (
        f"{sum(sizes.values()):,} bytes gzipped in {len(sizes)} files,"
        f" budget {BUDGET['total']:,}; largest: {[(n, sizes[n]) for n in largest]}"
    )
