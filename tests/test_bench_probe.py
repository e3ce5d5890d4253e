"""bench/probe.html runs bench/probe.py in Pyodide, which has only the files bench/probe.toml lists.

A module missing there makes the probe raise inside the browser and `make bench-page` wait
for results that never come, so the list is checked here against what the probe imports.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCAL = ("game", "bench")


def module_file(name: str) -> Path | None:
    """Return the file of the project module *name* (a package's __init__.py), if it is one."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported(path: Path) -> set[Path]:
    """Return the file of every project module *path* imports anywhere, and of their packages."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: relative import"
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    files: set[Path | None] = set()
    for name in names:
        parts = name.split(".")
        if parts[0] in LOCAL:
            files.update(module_file(".".join(parts[:i])) for i in range(1, len(parts) + 1))
    return {file for file in files if file is not None}


def files_needed(script: Path) -> set[str]:
    """Return the project files *script* needs at run time, as paths from the root."""
    seen: set[Path] = set()
    todo = imported(script)
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo |= imported(path)
    return {path.relative_to(ROOT).as_posix() for path in seen}


def test_probe_toml_lists_every_module_the_probe_imports() -> None:
    config = tomllib.loads((ROOT / "bench" / "probe.toml").read_text())
    listed = {target.removeprefix("./"): source for source, target in config["files"].items()}
    needed = files_needed(ROOT / "bench" / "probe.py")
    assert "game/rules/state.py" in needed and "bench/engine.py" in needed
    missing, extra = sorted(needed - listed.keys()), sorted(listed.keys() - needed)
    assert missing == [], f"add to bench/probe.toml: {missing}"
    assert extra == [], f"the probe never imports these, drop them from bench/probe.toml: {extra}"
    for target, source in listed.items():
        assert source == f"../{target}", f"{source} must be fetched as ./{target}"
        assert (ROOT / target).is_file(), f"bench/probe.toml lists {source}, which does not exist"


def test_imported_follows_function_level_imports(tmp_path: Path) -> None:
    script = tmp_path / "script.py"
    script.write_text("def f():\n    from game.solver import analyse\n    import bench.timing\n")
    found = {path.relative_to(ROOT).as_posix() for path in imported(script)}
    assert found == {
        "game/__init__.py",
        "game/solver/__init__.py",
        "bench/__init__.py",
        "bench/timing.py",
    }
