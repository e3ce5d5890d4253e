"""The static site's wiring: what the page loads must exist, and nothing else may be forgotten."""

from __future__ import annotations

import ast
import re
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tools import bytecode
from tools.vendor import site_files

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ast.parse((ROOT / bytecode.SCRIPT).read_text())
"""The page's script, parsed: the worker runs it (js/host.js starts it)."""


def test_pyscript_toml_fetches_the_game_as_one_archive() -> None:
    """PyScript fetches the game's bytecode archive and writes it, as it is, where the
    page's script puts it on the import path."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    archive = next(
        ast.literal_eval(node.value)
        for node in SCRIPT.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "ARCHIVE"
    )
    assert config["files"] == {"./" + bytecode.ARCHIVE.as_posix(): "./" + archive}


def test_the_page_script_is_the_only_source_the_worker_compiles() -> None:
    """The page's script (js/host.js starts it) defines nothing: it puts the archive on the
    import path and names what the page calls, and all it runs comes compiled from the
    archive. Compiled from source in Pyodide, the page's wiring (app.py) took 45 ms of each
    cold start."""
    host = (ROOT / "js" / "host.js").read_text()
    assert re.findall(r'PyWorker\(here\("\.\./([\w/]+\.py)"\)', host) == ["game/page/worker.py"]
    kinds = {type(node).__name__ for node in SCRIPT.body}
    assert kinds <= {"Expr", "Import", "ImportFrom", "Assign"}
    assert "game/page/app.py" in bytecode.page_modules()
    assert "game/page/worker.py" not in bytecode.page_modules()


def test_the_archive_holds_every_module_the_page_imports() -> None:
    """Every module of game/ the page imports is in the archive, and nothing else: not the
    terminal's own modules, nor the page's script, which is fetched as source."""
    modules = bytecode.page_modules()
    assert "game/rules/board.py" in modules and "game/page/board_view.py" in modules
    front_ends = ("game/terminal/", "game/commands/", "game/stats/")
    assert not [m for m in modules if m.startswith(front_ends) or m.endswith("worker.py")]
    imported = {
        f"game/{m.group(1).replace('.', '/')}"
        for p in (ROOT / "game" / "page").glob("*.py")
        for m in re.finditer(r"^from game\.([\w.]+) import", p.read_text(), re.MULTILINE)
    }
    assert {name for name in imported if (ROOT / f"{name}.py").exists()} <= {
        m.removesuffix(".py") for m in modules
    }
    archive = ROOT / bytecode.ARCHIVE
    if archive.exists():  # written by `make vendor`
        with zipfile.ZipFile(archive) as opened:
            assert opened.namelist() == [m.removesuffix(".py") + ".pyc" for m in modules]


def test_the_archive_leaves_out_docstrings_and_keeps_line_numbers() -> None:
    """The page never reads a docstring: the archive is compiled without them (a sixth of
    its bytes), and a traceback still names the line the source has."""
    source = '"""Module."""\nfrom __future__ import annotations\n\n'
    source += 'def f():\n    """Doc."""\n    raise ValueError\n'
    source += 'class C:\n    """Doc."""\n'
    namespace: dict[str, Any] = {}
    exec(compile(bytecode.without_docstrings(ast.parse(source)), "m.py", "exec"), namespace)
    assert namespace.get("__doc__") is None
    assert namespace["f"].__doc__ is None and namespace["C"].__doc__ is None
    with pytest.raises(ValueError) as raised:
        namespace["f"]()
    assert raised.traceback[-1].lineno + 1 == 6  # pytest counts lines from 0


def test_page_references_only_relative_same_origin_urls() -> None:
    """index.html, the CSS and pyscript.toml name no other origin and no absolute path."""
    for name in ("index.html", "css/minesweeper.css", "pyscript.toml"):
        text = (ROOT / name).read_text()
        urls = re.findall(r'(?:src|href|url\()\s*=?\s*"?([^")\s>]+)', text)
        urls += re.findall(r'=\s*"(\./[^"]+)"', text)
        for url in urls:
            assert "//" not in url, f"{name} loads {url} from another origin"
            assert not url.startswith("/"), f"{name} uses an absolute path {url}"


def test_manifest_is_relative_and_its_icons_exist() -> None:
    """The app manifest works under any sub-path, and every icon it names is shipped."""
    import json

    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./")
        assert (ROOT / icon["src"]).exists()


def contrast(one: str, two: str) -> float:
    """Return the WCAG contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_number_keeps_three_to_one_on_the_grey() -> None:
    """WCAG 1.4.11: each number's colour has a contrast of at least 3:1 on the cells' grey,
    and in the dark theme at least 4.5:1 on its dark open cell (issue 46)."""
    css = (ROOT / "css" / "minesweeper.css").read_text()
    light, dark = css.split("@media (prefers-color-scheme: dark)", 1)
    face = re.search(r"--face:\s*(#[0-9a-f]{6})", light)
    numbers = dict(re.findall(r"--n([1-8]):\s*(#[0-9a-f]{6})", light))
    assert face is not None and sorted(numbers) == [str(n) for n in range(1, 9)]
    low = {n: round(contrast(c, face.group(1)), 2) for n, c in numbers.items()}
    assert min(low.values()) >= 3, low
    assert round(contrast("#e00000", "#c0c0c0"), 2) < 3  # the red the classic palette had
    ground = re.search(r"--open:\s*(#[0-9a-f]{6})", dark)
    night = dict(re.findall(r"--n([1-8]):\s*(#[0-9a-f]{6})", dark))
    assert ground is not None and sorted(night) == [str(n) for n in range(1, 9)]
    low = {n: round(contrast(c, ground.group(1)), 2) for n, c in night.items()}
    assert min(low.values()) >= 4.5, low


def test_the_offline_copy_keeps_the_one_runtime_module_it_compiles() -> None:
    """The service worker compiles the runtime's WebAssembly once kept (so Chromium keeps
    its code for the game's worker): the site has exactly one module, and keeps it."""
    files = site_files()
    assert [f for f in files if f.endswith(".wasm")] == ["vendor/pyodide/pyodide.asm.wasm"]
    worker = (ROOT / "js" / "sw.template.js").read_text()
    assert 'FILES.find((url) => url.endsWith(".wasm"))' in worker
    assert "WebAssembly.compileStreaming(response)" in worker


def page_modules() -> set[str]:
    """Return the page's own scripts: those index.html names and every module they import."""
    html = (ROOT / "index.html").read_text()
    found: set[str] = set()
    todo = [s.removeprefix("./") for s in re.findall(r'<script[^>]* src="([^"]+)"', html)]
    while todo:
        path = todo.pop()
        if path in found or path.startswith("vendor/"):
            continue
        found.add(path)
        text = (ROOT / path).read_text()
        for name in re.findall(r'^import [^"]*"(\./[^"]+)";', text, re.MULTILINE):
            todo.append(f"js/{name.removeprefix('./')}")
    return found


def test_the_page_scripts_are_modules_that_talk_through_imports() -> None:
    """Every script file of the page is an ES module, kept offline, and no script hands
    another a function or a queue through `window` (the test hook pythonSettled aside).
    The one inline script is js/first-paint.js, in a function of its own (the module
    imports it too: tests/test_shared.py checks the copy)."""
    html = (ROOT / "index.html").read_text()
    tags = re.findall(r"<script[^>]*>", html)
    files = [tag for tag in tags if " src=" in tag]
    assert files and all('type="module"' in tag for tag in files), tags
    assert [tag for tag in tags if tag not in files] == ["<script>"], tags
    modules = page_modules()
    assert {"js/loading.js", "js/host.js", "js/cells.js", "js/intents.js"} <= modules
    assert modules <= set(site_files())
    own = {p.relative_to(ROOT).as_posix() for p in (ROOT / "js").glob("*.*js")}
    assert own - {"js/sw.template.js", "js/words.template.js"} <= set(site_files())
    for path in modules:
        text = (ROOT / path).read_text()
        handed = set(re.findall(r"window\.(\w+)\s*=", text)) - {"MutationObserver"}
        assert not handed, f"{path} hands {handed} to other scripts through window"
        assert not re.search(r"^\(function", text, re.MULTILINE), f"{path} is a classic script"


def test_the_page_loads_a_package_index_without_packages() -> None:
    """The page loads no package: Pyodide's own index (114 KB) is not sent, but one that
    lists none, with the same `info` (Pyodide checks its ABI)."""
    import json

    from tools.vendor import LOCK

    assert "packages" not in tomllib.loads((ROOT / "pyscript.toml").read_text())
    files = site_files()
    assert LOCK.as_posix() in files and "vendor/pyodide/pyodide-lock.json" not in files
    pyodide = (ROOT / "js" / "pyodide.mjs").read_text()
    assert 'lockFileURL: new URL("../vendor/pyodide-lock.json", import.meta.url)' in pyodide
    index = json.loads((ROOT / LOCK).read_text())
    shipped = json.loads((ROOT / "vendor" / "pyodide" / "pyodide-lock.json").read_text())
    assert index == {"info": shipped["info"], "packages": {}}


def test_the_page_turns_off_the_pyscript_plugins_it_does_not_send() -> None:
    """core.js imports every plugin's chunk unless the page's config turns it off, for each
    of PyScript's two Pythons: the page turns off those whose chunks the site leaves out."""
    import json

    from tools.vendor import UNUSED_PLUGINS

    html = (ROOT / "index.html").read_text()
    for tag in ("py-config", "mpy-config"):
        found = re.search(rf"<{tag} hidden>(.*?)</{tag}>", html)
        assert found is not None, f"index.html has no <{tag}>"
        assert json.loads(found.group(1)) == {"plugins": [f"!{p}" for p in UNUSED_PLUGINS]}
    files = site_files()
    assert "vendor/pyscript/error-" in " ".join(files)  # Python's errors still show
    for plugin in UNUSED_PLUGINS:
        assert not [f for f in files if f.startswith(f"vendor/pyscript/{plugin}-")]


def test_the_csp_comment_says_why_each_allowance_beyond_self_is_there() -> None:
    """The page's policy allows what the runtime needs beyond its own origin's files, and
    its comment gives the reason for each, so no one removes one as a mistake: 'unsafe-eval'
    (Pyodide's glue, PyScript's FFI), `blob:` in worker-src (PyScript starts its worker
    from a blob URL the page makes), and one script's hash (the inline js/first-paint.js)."""
    html = (ROOT / "index.html").read_text()
    found = re.search(
        r'<!--((?:(?!-->).)*)-->\s*<meta http-equiv="Content-Security-Policy" content="([^"]+)"',
        html,
        re.DOTALL,
    )
    assert found, "index.html's CSP has a comment just before it"
    comment, policy = " ".join(found.group(1).split()), found.group(2)
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert "'unsafe-inline'" not in policy
    hashes = [s for s in directives["script-src"] if s.startswith("'sha256-")]
    assert len(hashes) == 1 and "'sha256-" in comment and "js/first-paint.js" in comment
    assert "'unsafe-eval'" in directives["script-src"] and "'unsafe-eval'" in comment
    assert "blob:" in directives["worker-src"]
    assert re.search(r"blob:.{0,40}worker-src|worker-src.{0,40}blob:", comment), comment


def test_the_first_paint_waits_for_the_whole_page_and_no_module() -> None:
    """The first paint waits for the stylesheet, the inline script and the page's last
    element (rel=expect): painted before the page was parsed, a page that arrived slowly
    showed its frame in part, which then grew. It waits for no module: every one is fetched
    after what the paint needs (docs/decisions/first-paint.md)."""
    html = (ROOT / "index.html").read_text()
    body = html.split("<body>", 1)[1]
    last = re.findall(r'\sid="([\w-]+)"', body)[-1]
    blocking = re.findall(r"<[^>]*\sblocking=[^>]*>", html)
    assert blocking == [f'<link rel="expect" href="#{last}" blocking="render">'], blocking
    head = html.split("</head>", 1)[0]
    for tag in re.findall(r'<(?:script [^>]*src|link rel="modulepreload")[^>]*>', head):
        assert 'fetchpriority="low"' in tag, tag
    assert head.index("<script>") < head.index('rel="stylesheet"'), "the script waits for the CSS"
