"""Every command says its version (pyproject.toml's, the one place it is written) and its help."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game import version
from helpers import run_module

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
"""The version pyproject.toml names."""


def test_the_version_is_pyproject_s() -> None:
    """`game.version()` reads pyproject.toml beside the package in a checkout."""
    assert version() == VERSION


@pytest.mark.parametrize("module", ["game", "game.solver", "game.stats"])
def test_each_command_prints_its_version(module: str) -> None:
    """`--version` prints the command and pyproject.toml's version, and exits 0."""
    done = run_module(module, "--version")
    assert (done.returncode, done.stdout) == (0, f"python -m {module} {VERSION}\n")


@pytest.mark.parametrize(
    ("module", "commands"),
    [
        ("game.solver", ["bench", "explain", "review", "puzzle"]),
        ("game.stats", ["3bv", "replay", "rawvf"]),
    ],
)
def test_each_command_describes_its_subcommands(module: str, commands: list[str]) -> None:
    """`--help` names every subcommand with a line of help, and exits 0."""
    done = run_module(module, "--help")
    assert done.returncode == 0
    for name in commands:
        line = next(row for row in done.stdout.splitlines() if row.strip().startswith(name))
        assert len(line.split()) > 2, f"{name} has no help: {line!r}"


def test_a_stats_command_without_its_file_is_a_usage_error() -> None:
    """Exit 2 with a usage line naming what is missing."""
    done = run_module("game.stats", "3bv")
    assert done.returncode == 2
    assert "usage: python -m game.stats 3bv" in done.stderr
