"""The structure of game/: imports point one way, and only the view knows the browser exists."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
BROWSER = ("pyscript", "polyscript", "js", "pyodide")
MAX_AT_ROOT = 10
"""The most modules game/'s root may hold: the rest lives in packages named for their layer."""


def module_name(path: Path) -> str:
    """Return the dotted name of the module at *path*."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(node: ast.If) -> bool:
    """Tell whether *node* is `if TYPE_CHECKING:`, whose imports never run."""
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports(tree: ast.AST, *, at_load: bool = False, typing: bool = False) -> Iterator[str]:
    """Yield every module a file imports when it runs, at any depth.

    With *at_load*, only what importing the file runs: not the imports inside functions.
    With *typing*, those under TYPE_CHECKING too, which never run but still tie the
    modules together.
    """
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and is_type_checking(node) and not typing:
            continue
        if at_load and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)
        yield from imports(node, at_load=at_load, typing=typing)


def graph(
    *, at_load: bool = False, typing: bool = False, keep: tuple[str, ...] = BROWSER
) -> dict[str, set[str]]:
    """Return, for every module of game/, the modules of game/ and of *keep* it imports.

    With *at_load*, only the imports that importing each module runs, and the packages
    they are in (importing `game.a.b` runs `game.a` first); with *typing*, the imports
    under TYPE_CHECKING too.
    """
    modules = {module_name(p): p for p in GAME.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set(imports(ast.parse(path.read_text()), at_load=at_load, typing=typing))
        if at_load:
            found |= {m.rsplit(".", 1)[0] for m in found if "." in m}
        edges[name] = {m for m in found if m in modules and m != name}
        edges[name] |= {m.split(".")[0] for m in found if m.split(".")[0] in keep}
    return edges


def reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    """Return every module *start* imports, directly or through others."""
    seen: set[str] = set()
    work = [start]
    while work:
        for nxt in edges.get(work.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                work.append(nxt)
    return seen


def test_the_imports_of_game_form_no_cycle() -> None:
    """No module of game/ imports itself back through others, counting the imports inside
    functions and those only for types."""
    edges = graph(typing=True)
    cycles = sorted(name for name in edges if name in reachable(edges, name))
    assert cycles == [], f"modules on an import cycle: {cycles}"


def test_only_the_view_touches_the_browser() -> None:
    """Modules outside game.page import neither the browser runtime nor the view."""
    edges = graph()
    offenders = {
        name: sorted(m for m in deps if m in BROWSER or m.startswith("game.page"))
        for name, deps in edges.items()
        if not name.startswith("game.page")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def layers() -> list[list[str]]:
    """Return the layers of pyproject.toml's contract, highest first, each its packages."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (contract,) = config["tool"]["importlinter"]["contracts"]
    assert contract["type"] == "layers"
    return [[name.strip() for name in layer.split("|")] for layer in contract["layers"]]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter over the game/ and pyproject.toml found in *root*."""
    code = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-cache"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_module_of_game_is_in_a_layer() -> None:
    """The layers contract covers all of game/: each package or module below the root is in
    exactly one layer, and the root holds at most `MAX_AT_ROOT` modules."""
    placed = [name for layer in layers() for name in layer]
    below = sorted(
        f"game.{p.stem}"
        for p in GAME.iterdir()
        if (p.is_dir() and (p / "__init__.py").exists())
        or (p.suffix == ".py" and p.stem not in ("__init__", "__main__"))
    )
    assert sorted(placed) == below
    assert len(list(GAME.glob("*.py"))) <= MAX_AT_ROOT


def test_the_layers_contract_holds() -> None:
    """No import of game/ runs back up a layer, nor across packages set apart in one."""
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


def test_the_layers_contract_sees_an_import_back_up(tmp_path: Path) -> None:
    """The contract is not vacuous: the rules importing the session, inside a function even,
    break it."""
    shutil.copytree(GAME, tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    grid = tmp_path / "game" / "rules" / "grid.py"
    grid.write_text(grid.read_text() + "\n\ndef _up() -> None:\n    import game.session\n")
    done = lint_imports(tmp_path)
    assert done.returncode != 0
    assert "game.rules.grid -> game.session" in done.stdout


def test_only_the_terminal_package_draws_with_curses() -> None:
    """curses stays in game.terminal: nothing the page loads imports it, and nothing but
    `python -m game`'s door (game/__main__.py) reaches game.terminal."""
    users = set()
    for path in GAME.rglob("*.py"):
        if "curses" in {m.split(".")[0] for m in imports(ast.parse(path.read_text()))}:
            users.add(module_name(path))
    assert users == {
        "game.terminal.cli",
        "game.terminal.palette",
        "game.terminal.tui",
        "game.terminal.replay_tui",
    }
    edges = graph()
    outside = {
        name: sorted(m for m in deps if m.startswith("game.terminal"))
        for name, deps in edges.items()
        if not name.startswith("game.terminal") and name != "game.__main__"
    }
    assert {k: v for k, v in outside.items() if v} == {}


FAST_PATH = ("game.rules.board", "game.rules._codes", "game.rules._flood")
"""The board's module and the private modules it owns (the cells' codes and their tables, the
flood fill): the only modules that read the board's codes (STYLE.md rule 37, issue 43)."""
CODE_ATTRIBUTES = frozenset({"codes", "_codes"})
"""The names the board's codes went by, as attributes."""


def reads_of_the_codes(tree: ast.AST) -> set[str]:
    """Return what *tree* reads of the board's fast path: each private module of game.rules it
    imports (for types too), and each attribute it reads by a name of the codes."""
    found = {m for m in imports(tree, typing=True) if m.startswith("game.rules._")}
    found |= {
        f".{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in CODE_ATTRIBUTES
    }
    return found


def test_nothing_outside_the_board_reads_its_codes() -> None:
    """The board's codes stay behind its API (`pack`, `Board.unpack`, `cell_bytes`,
    `Uncovering`): no module of game/ but the board's own imports the codes' module or the
    flood fill, or reads a board's codes."""
    found = {
        module_name(path): reads_of_the_codes(ast.parse(path.read_text()))
        for path in GAME.rglob("*.py")
        if module_name(path) not in FAST_PATH
    }
    assert {name: sorted(reads) for name, reads in found.items() if reads} == {}


def test_the_codes_check_sees_a_read() -> None:
    """The check is not vacuous: an import of the flood fill or of the codes' module, even
    for types, and a read of a board's codes, are found; the board's public API is not."""
    tree = ast.parse(
        "from game.rules._flood import flood\nfrom game.rules import _codes\n"
        "if TYPE_CHECKING:\n    import game.rules._codes\n"
        "def f(board):\n    return board._codes, board.codes, board.pack(), board.cells\n"
    )
    assert reads_of_the_codes(tree) == {
        "game.rules._flood",
        "game.rules._flood.flood",
        "game.rules._codes",
        "._codes",
        ".codes",
    }
    assert reads_of_the_codes(ast.parse("from game.rules.board import Uncovering\n")) == set()


MAX_LINES = 450
"""The most lines a module of game/ may have: past it, it holds more than one thing."""


def test_no_module_of_game_is_over_its_size() -> None:
    """Small modules with names that say what they hold (issue 32: none over 450 lines)."""
    sizes = {module_name(p): len(p.read_text().splitlines()) for p in GAME.rglob("*.py")}
    assert {name: lines for name, lines in sizes.items() if lines > MAX_LINES} == {}


def test_the_layering_test_sees_a_cycle(tmp_path: Path) -> None:
    """The cycle check is not vacuous: two modules importing each other form one."""
    edges = {"game.a": {"game.b"}, "game.b": {"game.a"}, "game.c": {"game.a"}}
    assert {n for n in edges if n in reachable(edges, n)} == {"game.a", "game.b"}
    tree = ast.parse("def f():\n    from game.b import x\nif TYPE_CHECKING:\n    import game.c\n")
    assert set(imports(tree)) == {"game.b", "game.b.x"}


SLOW_TO_IMPORT = ("fractions", "urllib", "hashlib")
"""Standard modules that cost the page's start tens of milliseconds each in Pyodide."""
SOLVER_STACK = (
    "game.solver",
    "game.teacher.review",
    "game.deal.noguess",
    "game.page.analysis_board",
)
"""The solver and what uses it. `game.rules.seen`, the typed view it reasons from, is not among
them: it is also the position text every game prints (`Game.__str__`), and imports no solver."""


def test_the_first_screen_leaves_the_solver_for_later() -> None:
    """What the page imports before it is ready reaches neither the solver and what uses it
    nor the slow standard modules (together about 230 ms of a start in Pyodide); what the
    view imports later is all reached from `app.DEFERRED`, imported just after it is ready."""
    at_load = graph(at_load=True, keep=SLOW_TO_IMPORT)
    first = reachable(at_load, "game.page.app")
    assert sorted(m for m in first if m.startswith(SOLVER_STACK + SLOW_TO_IMPORT)) == []
    app = ast.parse((GAME / "page" / "app.py").read_text())
    deferred = next(
        ast.literal_eval(node.value)
        for node in ast.walk(app)
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "DEFERRED"
    )
    later = {m for m in reachable(graph(), "game.page.app") if m.startswith("game.")} - first
    warmed = set(deferred).union(*(reachable(at_load, name) for name in deferred))
    assert later and sorted(later - warmed) == []


MUTATING = frozenset(
    {"append", "add", "clear", "discard", "extend", "insert", "move_to_end", "pop", "popitem"}
    | {"remove", "setdefault", "update"}
)
"""Methods that change a list, set or dict in place."""
MEMOS = {
    "game.solver.groups": {"_cache"},
    "game.solver.sample": {"_cache"},
    "game.page.app": {"app"},
    "game.language": {"_forgetful"},
}
"""Module names allowed to change: a memo of a pure function (the same answer with or
without it, documented where it is), the page's one app, which the worker's calls reach,
and the caches of said words that the language in use (one per process, as gettext's own)
empties when it changes."""


def changed_at_module_level(tree: ast.Module) -> set[str]:
    """Return the module-level names of *tree* that its code changes after import.

    A name rebound by `global`, or a module-level name whose value is changed in
    place (an item set or deleted, a mutating method called) inside a function.
    """
    top = {
        target.id
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    changed: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Global):
                changed.update(node.names)
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
                changed.add(ast.unparse(node.value))
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATING
            ):
                changed.add(ast.unparse(node.func.value))
    return changed & top


def test_no_module_of_game_keeps_state_between_calls() -> None:
    """No module-level dict, list or cache carries a game from one call to the next (the
    no-guess deal once reached the session through one): state is passed in and out."""
    found = {
        module_name(path): changed_at_module_level(ast.parse(path.read_text()))
        for path in GAME.rglob("*.py")
    }
    kept = {name: sorted(names - MEMOS.get(name, set())) for name, names in found.items()}
    assert {name: names for name, names in kept.items() if names} == {}


def test_the_state_check_sees_a_module_cache() -> None:
    """The check is not vacuous: a module-level cache filled by a function is found."""
    tree = ast.parse(
        "_dealt = {}\nLIMIT = 3\n"
        "def deal(key):\n    _dealt[key] = 1\n    _dealt.popitem()\n    local = []\n"
        "    local.append(1)\n"
    )
    assert changed_at_module_level(tree) == {"_dealt"}


ONE_HOME = {
    "Game": "game.rules.state",
    "Action": "game.solver.explain",
    "render_board": "game.page.render",
    "draw_board": "game.terminal.cli",
    "fold": "game.rules.state",
    "Played": "game.community.clicks",
    "HasBoard": "game.rules.seen",
    "game_figures": "game.rules.figures",
    "replay_figures": "game.community.replay_stats",
    "solver_plays": "game.commands.solver",
    "run_game": "game.terminal.tui",
}
"""Names that once meant two things, and the one module each is defined in now: a game's
state, a hint's kind of move, the board's HTML, the board drawn as text, a log's fold, a
recording's moves as played (a game's board is `HasBoard`), a game's and a replay's
figures, a game the solver plays, the full-screen game run."""
GONE = {"Snapshot", "replay"}
"""Names that meant two things: position text parsed to characters (now `Seen`) beside the
page's memory snapshot, and a log's fold (now `fold`) beside a game played back."""


def test_names_say_one_thing() -> None:
    """Each of these names is defined once in game/, where it belongs; the gone ones nowhere."""
    homes: dict[str, list[str]] = {}
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                homes.setdefault(node.name, []).append(module_name(path))
    assert {name: homes.get(name) for name in ONE_HOME} == {k: [v] for k, v in ONE_HOME.items()}
    assert {name: homes[name] for name in GONE if name in homes} == {}
