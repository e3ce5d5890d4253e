"""What the page shares with Python, written from game/ by the set-up step (tools/vendor.py).

Two outputs, so that neither index.html nor js/ holds a copy of a rule of Python's:

- `vendor/shared.mjs`, an ES module of constants for the page's scripts: the presets,
  the default one and the largest side; the URL's parameters and how a link writes a
  text's lines; the key and the shape of the saved game js/loading.js reads; a hidden
  cell's markup; the board's intent letters; the patch's first look, a place's name and
  the daily board's name in the size menu.
- index.html's generated parts, each between `<!-- shared:NAME ... -->` and
  `<!-- /shared:NAME -->`: js/first-paint.js as an inline script (with the policy's hash
  of it), the preset options, the custom form's limits and defaults, and the mines
  counter's first figure. The committed page holds them as written here, so
  it paints the same before any script runs and works as a plain static copy;
  tests/test_shared.py fails when they are stale or copied outside the markers
  (docs/decisions/shared-with-python.md, docs/decisions/first-paint.md).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

from game import version
from game.language import ALIASES, LANGUAGES, PSEUDO, RIGHT_TO_LEFT, SOURCE
from game.names import PLACE, where
from game.page.files import SAVE_KEY
from game.page.render import HIDDEN_LABEL, LOOK_CHARS, render_cell
from game.rules.board import Board, Hidden
from game.rules.events import MOVE_CODES, CellOpened, FlagToggled, NeighboursOpened
from game.rules.layout import MINE
from game.rules.settings import MAX_SIDE, PRESETS, Settings
from game.session.query import DEFAULT_PRESET, LINE_BREAK, Param
from game.session.records import mode_label
from game.words import MODE_NAMES, counter_digits, daily_choice
from tools import catalogs

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "vendor" / "shared.mjs"
"""The module of what the page's scripts take from Python, written by `write_shared`."""
PAGE = ROOT / "index.html"
FIRST_PAINT = ROOT / "js" / "first-paint.js"
"""The module index.html also runs inline, before its first paint (`inline_script`)."""

SAVED_SIZE = ("settings", *(field.name for field in fields(Settings)[:3]))
"""Where a saved game (game/session/saved.py) holds its board's size: the object, then
its width, height and mines (tests/test_shared.py reads them from a saved game)."""

ROW = '<div role="row">{cells}</div>'
"""A row of `#board` as game/page/render.py's `render_board` writes it."""


def hidden_cell() -> str:
    """Return a new game's hidden cell as `render_board` writes it, with five slots.

    `{x}` and `{y}`, `{tabindex}` (0 for the tab stop, else -1), `{label}` (`HIDDEN_LABEL`
    in the page's language) and `{place}` (PLACE named).
    """
    x, y = 1234, 5678  # off any board, so that each figure below is found once
    button = render_cell(
        Hidden(False, 0), (x, y), Board.from_mines(1, 1, []), over=False, focused=False
    )
    slots = {
        f'data-x="{x}"': 'data-x="{x}"',
        f'data-y="{y}"': 'data-y="{y}"',
        'tabindex="-1"': 'tabindex="{tabindex}"',
        where((x, y)): "{place}",
        f'aria-label="{HIDDEN_LABEL}, ': 'aria-label="{label}, ',
    }
    for figure, slot in slots.items():
        button = button.replace(figure, slot, 1)
    return '<div role="gridcell">' + button + "</div>"


def constants() -> dict[str, object]:
    """Return what vendor/shared.mjs exports, by name."""
    return {
        "PRESETS": {name: [s.width, s.height, s.mines] for name, s in PRESETS.items()},
        "DEFAULT_PRESET": DEFAULT_PRESET,
        "MAX_SIDE": MAX_SIDE,
        "QUERY": {member.name.lower(): member.value for member in Param},
        "LINE_BREAK": LINE_BREAK,
        "MINE": MINE,
        "SAVE_KEY": SAVE_KEY,
        "SAVED_SIZE": list(SAVED_SIZE),
        "HIDDEN_CELL": hidden_cell(),
        "ROW": ROW,
        "INTENT": {
            "open": MOVE_CODES[CellOpened],
            "flag": MOVE_CODES[FlagToggled],
            "chord": MOVE_CODES[NeighboursOpened],
        },
        "FIRST_LOOK": LOOK_CHARS,
        "PLACE": PLACE,
        "DAILY_CHOICE": {name: daily_choice(name, "{day}") for name in PRESETS},
        "HIDDEN_LABEL": HIDDEN_LABEL,
        "LANGUAGES": catalogs.offered(),
        "LANGUAGE_ALIASES": dict(ALIASES),
        "RIGHT_TO_LEFT": sorted(RIGHT_TO_LEFT),
        "PSEUDO": PSEUDO,
        "SOURCE": SOURCE,
    }


def page_strings() -> list[str]:
    """Return every text among `constants`.

    The page's scripts say those that are sentences in the page's language
    (tools/catalogs.py puts them in the first paint's words).
    """
    found: list[str] = []

    def collect(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(constants())
    return found


def write_shared(path: Path = SHARED) -> Path:
    """Write the ES module of `constants`, each frozen with its literal types."""
    lines = [
        f"export const {name} = /** @type {{const}} */ ({json.dumps(value)});"
        for name, value in constants().items()
    ]
    head = "// Written by tools/shared.py from game/: what the page's scripts share with Python.\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + "\n".join(lines) + "\n")
    return path


_IMPORT = re.compile(r'^import \{([^}]*)\} from "\.\./vendor/shared\.mjs";\n', re.MULTILINE)
_COMMENT = re.compile(r"^[ \t]*(?://[^\n]*|/\*\*.*?\*/)[ \t]*\n", re.MULTILINE | re.DOTALL)


def inline_script(path: Path) -> list[str]:
    """Return the module at *path* as the lines of a classic script, to write inline.

    Its one import, of vendor/shared.mjs, becomes constants of `constants`' values; its
    `export`s and its comments on lines of their own go; and it runs in a function of its
    own, strict as a module is, so that it adds no global.

    :raises ValueError: if the module imports anything else.
    """
    source = _COMMENT.sub("", path.read_text())
    found = _IMPORT.search(source)
    body = _IMPORT.sub("", source, count=1)
    if found is None or re.search(r"\bimport\b", body):
        raise ValueError(f"{path.name} must import from vendor/shared.mjs only, once")
    values = constants()
    names = [name.strip() for name in found.group(1).split(",") if name.strip()]
    body = re.sub(r"^export ", "", body, flags=re.MULTILINE)
    lines = [line for line in body.splitlines() if line.strip()]
    declared = [f"const {name} = {json.dumps(values[name])};" for name in names]
    return ['(() => { "use strict";', *declared, *lines, "})();"]


def _first_paint() -> list[str]:
    return ["<script>", *inline_script(FIRST_PAINT), "</script>"]


def _presets() -> list[str]:
    return [
        f'<option value="{name}">{mode_label(name)} {s.width}×{s.height}, {s.mines} mines</option>'
        for name, s in PRESETS.items()
    ]


def _modes() -> list[str]:
    return [f'<option value="{mode.value}">{name}</option>' for mode, name in MODE_NAMES.items()]


def _custom_size() -> list[str]:
    default = PRESETS[DEFAULT_PRESET]
    number = 'type="number" inputmode="numeric"'
    return [
        f'<label>Width <input id="custom-width" {number} min="1" max="{MAX_SIDE}"'
        f' value="{default.width}"></label>',
        f'<label>Height <input id="custom-height" {number} min="1" max="{MAX_SIDE}"'
        f' value="{default.height}"></label>',
        f'<label>Mines <input id="custom-mines" {number} min="0" value="{default.mines}"></label>',
    ]


def _mines_left() -> list[str]:
    mines = PRESETS[DEFAULT_PRESET].mines
    digits = counter_digits(mines)
    return [
        f'<span id="mines-left" class="value">{mines}</span>',
        f'<span class="digits" aria-hidden="true" data-for="mines-left">{digits}</span>',
    ]


def _version() -> list[str]:
    return [f'<p class="version">Version <span id="version">{version()}</span></p>']


def _languages() -> list[str]:
    return [
        f'<option value="{tag}" lang="{tag}" translate="no">{name}</option>'
        for tag, name in LANGUAGES.items()
        if tag in catalogs.offered()
    ]


PARTS: dict[str, Callable[[], list[str]]] = {
    "first-paint": _first_paint,
    "languages": _languages,
    "presets": _presets,
    "modes": _modes,
    "custom-size": _custom_size,
    "mines-left": _mines_left,
    "version": _version,
}
"""index.html's generated parts, by name, in the page's order: each returns its lines."""

_PART = re.compile(
    r"^(?P<indent>[ \t]*)(?P<open><!-- shared:(?P<name>[\w-]+) [^\n]*-->\n)"
    r"(?P<body>.*?)^[ \t]*(?P<close><!-- /shared:(?P=name) -->)$",
    re.MULTILINE | re.DOTALL,
)


def parts(page: str) -> list[tuple[str, str]]:
    """Return index.html's generated parts, as (name, text between the markers)."""
    return [(m.group("name"), m.group("body")) for m in _PART.finditer(page)]


def outside_parts(page: str) -> str:
    """Return *page* without its generated parts (their markers stay)."""
    return _PART.sub(lambda m: m.group("indent") + m.group("open") + m.group("close"), page)


_INLINE = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_SCRIPT_SRC = re.compile(
    r'(<meta http-equiv="Content-Security-Policy" content="[^"]*script-src )([^;"]*)'
)


def script_hashes(page: str) -> list[str]:
    """Return the policy's source for each inline script of *page*: `'sha256-…'` of its text."""
    return [
        f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"
        for text in _INLINE.findall(page)
    ]


def fill(page: str) -> str:
    """Return *page* with each generated part written from game/.

    Its policy then allows exactly the inline scripts it holds, by their hashes.

    :raises KeyError: if a part's name is not one of `PARTS`.
    """

    def written(match: re.Match[str]) -> str:
        indent = match.group("indent")
        body = "".join(f"{indent}{line}\n" for line in PARTS[match.group("name")]())
        return f"{indent}{match.group('open')}{body}{indent}{match.group('close')}"

    filled = _PART.sub(written, page)
    hashes = script_hashes(filled)

    def allowed(match: re.Match[str]) -> str:
        kept = [s for s in match.group(2).split() if not s.startswith("'sha256-")]
        return match.group(1) + " ".join([*kept[:1], *hashes, *kept[1:]])

    return _SCRIPT_SRC.sub(allowed, filled, count=1)


def write_page(path: Path = PAGE) -> bool:
    """Write *path*'s generated parts from game/; return whether anything changed."""
    page = path.read_text()
    filled = fill(page)
    if filled != page:
        path.write_text(filled)
    return filled != page
