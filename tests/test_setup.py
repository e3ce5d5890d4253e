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
