"""One source for what the page and Python share: index.html and js/ hold no copy of it.

The presets, the limits and defaults, the storage keys and the saved game's shape, the
URL's parameters, a hidden cell's markup and the board's intent letters come from game/:
tools/shared.py writes them into vendor/shared.mjs and index.html's marked parts.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from game.names import where
from game.page.render import render_board
from game.rules.events import MOVE_CODES
from game.rules.settings import MAX_SIDE, PRESETS, Settings
from game.rules.state import start_game
from game.session import Session, saved
from game.session.query import GameRequest, Param, request_from_query
from tools import shared
from tools.vendor import site_files

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "js").glob("*.*js"))
"""The page's own scripts, the service worker's template included."""


def page() -> str:
    """Return index.html as committed, its generated parts included."""
    return (ROOT / "index.html").read_text()


def code(path: Path) -> str:
    """Return the script at *path* without its comments (JSDoc types stay out too)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.DOTALL)
    return re.sub(r"(^|\s)//[^\n]*", r"\1", text)


def exported(tmp_path: Path) -> dict[str, object]:
    """Return what the module tools/shared.py writes exports, by name, as values."""
    text = shared.write_shared(tmp_path / "shared.mjs").read_text()
    found = re.findall(r"^export const (\w+) = /\*\* @type \{const\} \*/ \((.+)\);$", text, re.M)
    return {name: json.loads(value) for name, value in found}


def test_the_page_scripts_take_what_they_share_with_python_from_it(tmp_path: Path) -> None:
    """vendor/shared.mjs, written by the set-up step, holds game/'s values and is sent."""
    values = exported(tmp_path)
    assert values == shared.constants()
    assert values["PRESETS"] == {n: [s.width, s.height, s.mines] for n, s in PRESETS.items()}
    assert values["MAX_SIDE"] == MAX_SIDE
    assert set(values["QUERY"].values()) == set(Param)  # type: ignore[attr-defined]
    assert sorted(values["INTENT"].values()) == sorted(MOVE_CODES.values())  # type: ignore[attr-defined]
    assert shared.SHARED.relative_to(ROOT).as_posix() in site_files()
    assert str(values["PLACE"]).format(row=1, column=3) == where((2, 0))
    for path in SCRIPTS:
        assert "column " not in code(path), f"{path.name} names a place by hand"


def test_index_html_holds_what_python_writes_there() -> None:
    """index.html's marked parts are what `make vendor` writes from game/ now: the preset
    options, the custom form's limits and defaults, the mines counter's first figure, and
    the version Help names."""
    text = page()
    assert [name for name, _ in shared.parts(text)] == list(shared.PARTS)
    assert shared.fill(text) == text, "index.html is stale: run `make vendor`"
    filled = shared.fill(shared.outside_parts(text))
    assert filled == text
    default = PRESETS["beginner"]
    assert f'id="custom-width" type="number" inputmode="numeric" min="1" max="{MAX_SIDE}"' in text
    assert f'<span id="mines-left" class="value">{default.mines}</span>' in text
    for name, s in PRESETS.items():
        assert (
            f'<option value="{name}">' in text and f"{s.width}×{s.height}, {s.mines} mines" in text
        )


def test_index_html_copies_no_preset_or_limit_outside_its_generated_parts() -> None:
    """Outside the parts Python writes, index.html names no preset, size, mine count or
    limit of Python's: a change to game/'s presets or MAX_SIDE cannot leave it behind."""
    rest = shared.outside_parts(page())
    assert not re.findall(r"\d+\s*(?:×|x)\s*\d+", rest), "a board size copied"
    assert not re.findall(r"\d+ mines", rest), "a mine count copied"
    assert f'max="{MAX_SIDE}"' not in rest, "the largest side copied"
    for name in PRESETS:
        assert f'value="{name}"' not in rest, f"the preset {name} copied"
    for made in ("custom-width", "custom-height", "custom-mines", "mines-left"):
        assert f'"{made}"' not in rest, f"#{made} written by hand"


def test_the_page_scripts_copy_no_preset_limit_or_default() -> None:
    """js/ names no preset, preset figures, largest side or default preset of its own."""
    for path in SCRIPTS:
        script = code(path)
        for name, s in PRESETS.items():
            assert f'"{name}"' not in script, f"{path.name} names the preset {name}"
            figures = rf"\b{s.width}\s*,\s*{s.height}\s*,\s*{s.mines}\b"
            assert not re.search(figures, script), f"{path.name} copies {name}'s figures"
        assert not re.search(rf"(?<![\w.]){MAX_SIDE}\b", script), f"{path.name} copies MAX_SIDE"


def python_storage_keys() -> set[str]:
    """Return every storage key game/ spells (the records', the saved game's...)."""
    keys = set()
    for path in (ROOT / "game").rglob("*.py"):
        keys |= set(re.findall(r"\"((?:py)?minesweeper\.[\w.-]+)\"", path.read_text()))
    return keys


def test_the_page_copies_no_storage_key_of_python() -> None:
    """A key Python keeps something under (or one made from it) is spelled by game/ only;
    js/first-paint.js reads the saved game's through vendor/shared.mjs (and index.html's
    inline copy of it is a part written from game/). The page's own keys (the theme, the
    cell size) are not Python's."""
    keys = python_storage_keys()
    assert {"pyminesweeper.game", "pyminesweeper.records"} <= keys
    for path in [*SCRIPTS, ROOT / "index.html"]:
        text = shared.outside_parts(path.read_text())
        for literal in re.findall(r"[\"'`]((?:py)?minesweeper\.[\w.-]+)", text):
            owner = [k for k in keys if literal == k or literal.startswith(k + ".")]
            assert not owner, f"{path.name} copies the storage key {literal}"


def test_the_saved_game_shape_the_loader_reads_is_the_one_python_writes() -> None:
    """SAVED_SIZE (where js/loading.js reads a kept game's size) leads to the settings in a
    game Python saved: a renamed field fails here, not on a player's first paint."""
    session = Session.begin(GameRequest(Settings(7, 5, 3)), 0)
    data = json.loads(saved.to_json(session))
    within, width, height, mines = shared.SAVED_SIZE
    assert (data[within][width], data[within][height], data[within][mines]) == (7, 5, 3)


def test_the_page_scripts_copy_no_url_parameter() -> None:
    """js/ reads the URL only through QUERY's names (game/session/query.py's `Param`), and
    those names ask Python for what they say."""
    for path in SCRIPTS:
        script = code(path)
        for param in Param:
            read = rf"\.(?:get|getAll|has|set|append|delete)\(\s*[\"'`]{param.value}[\"'`]"
            assert not re.search(read, script), f"{path.name} reads ?{param.value} by hand"
            assert not re.search(rf"[\"'`?&]{param.value}=", script), f"{path.name} writes ?{param}"
        assert not re.search(r"split\(\s*[\"'`]/[\"'`]", script), f"{path.name} copies LINE_BREAK"
    query = shared.constants()["QUERY"]
    assert isinstance(query, dict)
    asked = f"{query['width']}=7&{query['height']}=5&{query['mines']}=3"
    settings = request_from_query(asked)[0].settings
    assert (settings.width, settings.height, settings.mines) == (7, 5, 3)
    assert request_from_query(f"{query['preset']}=expert")[0].settings == PRESETS["expert"]
    rows = shared.constants()["LINE_BREAK"]
    assert request_from_query(f"{query['layout']}=*.{rows}..")[0].settings == Settings(2, 2, 1)


def test_the_page_scripts_copy_no_intent_letter() -> None:
    """An intent's letter is Python's (`MOVE_CODES`, through INTENT): js/ spells none. The
    F key the player presses to flag is a key, not a letter of the protocol."""
    for path in SCRIPTS:
        script = re.sub(r"\bkey === [\"'][^\"']*[\"']", "", code(path))
        for letter in MOVE_CODES.values():
            assert not re.search(rf"[\"'`]{letter}[\"'`]", script), f"{path.name} spells {letter!r}"


def waiting_board(settings: Settings) -> str:
    """Return the board js/loading.js draws before Python runs, made as it makes it."""
    cell, row = shared.hidden_cell(), shared.ROW
    place = str(shared.constants()["PLACE"])
    rows = []
    for y in range(settings.height):
        cells = "".join(
            cell.replace("{x}", str(x))
            .replace("{y}", str(y))
            .replace("{tabindex}", "-1" if x or y else "0")
            .replace("{label}", str(shared.constants()["HIDDEN_LABEL"]))
            .replace("{place}", place.format(row=y + 1, column=x + 1))
            for x in range(settings.width)
        )
        rows.append(row.replace("{cells}", cells))
    return "".join(rows)


def test_the_board_drawn_before_python_is_the_one_python_draws() -> None:
    """The hidden cells js/loading.js draws from HIDDEN_CELL and ROW are, byte for byte,
    Python's new board: nothing changes on the page when Python draws its own."""
    for settings in (Settings(3, 2, 1), PRESETS["expert"]):
        game = start_game(GameRequest(settings).start(0))
        assert waiting_board(settings) == render_board(game, (0, 0))
    for path in SCRIPTS:
        script = code(path)
        assert 'data-state="hidden"' not in script and "gridcell" not in script, path.name


def test_the_page_runs_first_paint_js_inline_and_its_policy_allows_it_alone(
    tmp_path: Path,
) -> None:
    """The one inline script of index.html is js/first-paint.js as tools/shared.py writes it
    (the module's import replaced by the values it names, in a function of its own), and the
    page's policy allows exactly that script, by its hash: an edit by hand is refused."""
    text = page()
    inline = re.findall(r"<script>(.*?)</script>", text, re.DOTALL)
    script = "\n".join(shared.inline_script(shared.FIRST_PAINT))
    assert len(inline) == 1 and " ".join(inline[0].split()) == " ".join(script.split())
    assert "</script" not in script.lower() and "<!--" not in script
    assert "import" not in script and "export" not in script
    for name in ("PRESETS", "QUERY", "SAVE_KEY", "SAVED_SIZE"):
        assert f"const {name} = {json.dumps(shared.constants()[name])};" in script
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', text)
    assert policy is not None
    directives = [d.split() for d in policy.group(1).split(";")]
    sources = next(d[1:] for d in directives if d[0] == "script-src")
    assert [s for s in sources if s.startswith("'sha256-")] == shared.script_hashes(text)
    other = tmp_path / "other.js"
    other.write_text('import { PRESETS } from "../vendor/shared.mjs";\nimport "./cells.js";\n')
    with pytest.raises(ValueError, match=r"vendor/shared\.mjs only"):
        shared.inline_script(other)


def test_the_help_names_the_version_pyproject_gives() -> None:
    """The page's Help says the version, written from pyproject.toml's by the set-up step."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    help_dialog = (ROOT / "index.html").read_text().split('<dialog id="help"')[1]
    assert f'<span id="version">{project["version"]}</span>' in help_dialog.split("</dialog>")[0]
