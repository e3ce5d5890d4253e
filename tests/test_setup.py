"""The set-up `make` runs: Python's tools go into a venv, never into the system's Python."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def dry_run(*targets: str) -> list[str]:
    """Return the commands `make` would run for *targets* from scratch, without running them."""
    if shutil.which("make") is None:
        pytest.skip("no make")
    result = subprocess.run(
        ["make", "--dry-run", "--always-make", "--no-print-directory", *targets],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()


def test_make_installs_python_tools_into_the_venv_only() -> None:
    """Debian's own python3 refuses pip (PEP 668): every command of the README's targets
    runs Python from .venv, which the system's python3 makes first, and pip only there."""
    lines = dry_run("install-dev", "serve", "check", "test")
    python = [line.strip() for line in lines if re.search(r"\bpython3?\b", line)]
    assert python[0].startswith("python3 -m venv .venv ")
    made = python.index("python3 -m venv .venv || { rm -rf .venv; exit 1; }; \\")
    rest = python[made + 1 :]
    assert rest and all(line.startswith(".venv/bin/python ") for line in rest), rest
    assert [line for line in lines if " pip " in line] == [
        ".venv/bin/python -m pip install --quiet --disable-pip-version-check"
        " -r requirements-dev.txt"
    ]
    assert ".venv/" in (ROOT / ".gitignore").read_text().split()


def test_every_target_that_runs_python_makes_the_venv_first() -> None:
    """A target that runs $(PYTHON) waits for the venv (an order-only prerequisite), so
    `make serve` or `make check` on a fresh clone makes it before its first command."""
    makefile = (ROOT / "Makefile").read_text()
    rules = re.findall(r"^([\w-]+):([^\n]*)\n((?:\t[^\n]*\n)+)", makefile, re.MULTILINE)
    running = {name: needs for name, needs, recipe in rules if "$(PYTHON)" in recipe}
    assert {"serve", "install-dev", "vendor", "lint", "typecheck", "unit"} <= set(running)
    assert {name for name, needs in running.items() if "| $(VENV_PYTHON)" not in needs} == set()


def node_check(version: str) -> subprocess.CompletedProcess[str]:
    """Run `node tools/node.mjs VERSION`, as `make` checks the Node it finds."""
    if shutil.which("node") is None:
        pytest.skip("no node")
    return subprocess.run(
        ["node", "tools/node.mjs", version], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_node_too_old_for_the_tools_is_refused_with_what_to_install() -> None:
    """Debian 12's Node 18 cannot run ESLint 10: `make` stops before `npm ci` and says which
    Node to install; the Node CI uses (.nvmrc, the workflow's) is one package.json allows."""
    old = node_check("18.19.0")
    assert old.returncode == 1
    assert "Node 18.19.0 cannot run" in old.stderr and "Install Node 20 (.nvmrc)" in old.stderr
    pinned = (ROOT / ".nvmrc").read_text().strip()
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert set(re.findall(r'node-version: "(\d+)"', workflow)) == {pinned}
    assert node_check(f"{pinned}.19.0").returncode == 0
    assert [line for line in dry_run("vendor") if line.startswith(("node ", "npm "))] == [
        "node tools/node.mjs",
        "npm ci --no-audit --no-fund",
    ]
