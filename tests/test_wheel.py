"""The package as a user gets it: build the wheel, install it in a fresh venv, run its commands.

Slow (a build and a virtual environment), but part of `make test`. It needs no network:
the build uses the installed setuptools (--no-build-isolation) and the install reads
only the built wheel (--no-index --no-deps).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def check(*args: str | Path, cwd: Path, stdin: str = "") -> str:
    """Run a command outside the repository with a clean PYTHONPATH; return its stdout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    result = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel from a copy of the sources, so the build leaves nothing in the clone."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "game", source / "game", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    check(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "--wheel-dir",
        out,
        source,
        cwd=out,
    )
    (built,) = out.glob("pyminesweeper-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Install the wheel into a new virtual environment; return its scripts folder."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=True)
    scripts = env / ("Scripts" if sys.platform == "win32" else "bin")
    python = scripts / "python"
    check(python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", wheel, cwd=env)
    return scripts


def test_wheel_holds_every_module_of_game(wheel: Path) -> None:
    """Every Python file under game/, subpackages included, is in the wheel."""
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    with zipfile.ZipFile(wheel) as archive:
        packed = {name for name in archive.namelist() if name.endswith(".py")}
    assert modules <= packed, f"missing from the wheel: {sorted(modules - packed)}"
    assert {name.split("/")[0] for name in packed} == {"game"}


def test_console_script_plays_a_layout(installed: Path, tmp_path: Path) -> None:
    """`pyminesweeper --plain --layout FILE` plays a game to a win from the installed package."""
    layout = tmp_path / "board.txt"
    layout.write_text("*..\n...\n..*\n")
    out = check(
        installed / "pyminesweeper",
        "--plain",
        "--layout",
        layout,
        cwd=tmp_path,
        stdin="r 2 0\nr 0 2\n",
    )
    assert out.rstrip().endswith("3x3x2\nF10\n121\n01F\nstatus: won mines-left: 0")


def test_console_script_says_pyproject_s_version(installed: Path, tmp_path: Path) -> None:
    """`pyminesweeper --version` names the command and the version pyproject.toml gives."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    out = check(installed / "pyminesweeper", "--version", cwd=tmp_path)
    assert out == f"pyminesweeper {project['version']}\n"


def test_solver_module_runs(installed: Path, tmp_path: Path) -> None:
    """`python -m game.solver --help` runs from the installed package, not from the clone."""
    out = check(installed / "python", "-m", "game.solver", "--help", cwd=tmp_path)
    assert out.startswith("usage: python -m game.solver")
    assert "bench" in out
    where = check(installed / "python", "-c", "import game; print(game.__file__)", cwd=tmp_path)
    assert Path(where.strip()).resolve().is_relative_to(installed.parent.resolve())
