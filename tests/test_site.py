"""The static site's wiring: what the page loads must exist, and nothing else may be forgotten."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_pyscript_toml_lists_every_core_module() -> None:
    """Every module of game/ that the page imports is fetched by PyScript (the terminal's
    own modules, under game/terminal/, are left out: the page never loads them)."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    listed = {Path(target).as_posix().lstrip("./") for target in config["files"].values()}
    modules = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").rglob("*.py")
        if p.name not in ("cli.py", "__main__.py", "app.py") and p.parent.name != "terminal"
    }
    assert modules <= listed, f"missing from pyscript.toml: {sorted(modules - listed)}"
    assert all((ROOT / name).exists() for name in listed)


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


def test_loading_board_sizes_match_the_presets() -> None:
    """js/loading.js shows the board before Python runs from this list: it must match the core."""
    from game.settings import PRESETS

    html = (ROOT / "index.html").read_text()
    found = re.search(r'<meta name="board-presets" content="([^"]+)">', html)
    assert found is not None
    sizes = dict(entry.split("=") for entry in found.group(1).split())
    assert sizes == {name: f"{s.width}x{s.height}x{s.mines}" for name, s in PRESETS.items()}
