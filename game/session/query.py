"""The page's URL parameters: which game to start, or why the URL cannot be used.

`preset`, `w`, `h`, `m`, `seed`, `first`, `mode` (`classic`, `no-guess`, `kind` or
`cruel`; `noguess=1` is another way to say `mode=no-guess`), `layout` (rows of `*` and `.`
joined by `/`), `daily` (YYYY-MM-DD: that day's board of the preset) and
`start` (`X,Y`: the cell a seed link's board opens first).

A seed (given, or a daily board's) gives every player the same mines: they
are laid around a start cell, the one `start` names or else one the seed
implies, whatever cell the player clicks first.
Any invalid value gives a message and the default game, so the page never
stops working because of its URL.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Final

from game.deal.daily import daily_seed, parse_day
from game.rules.board import Position
from game.rules.echo import shorten
from game.rules.events import GameStarted
from game.rules.layout import Layout, TextFormatError
from game.rules.mines import implied_start_cell
from game.rules.settings import (
    PRESETS,
    FirstClick,
    Mode,
    Settings,
    SettingsError,
    parse_cell,
    parse_first_click,
    parse_mode,
    preset,
)

DEFAULT_PRESET = "beginner"


class Param(enum.StrEnum):
    """The URL's parameters, by what each asks for.

    The page's scripts read some before Python runs (js/loading.js draws the board to
    come): tools/shared.py hands them these names, so no script spells one.
    """

    PRESET = "preset"
    WIDTH = "w"
    HEIGHT = "h"
    MINES = "m"
    SEED = "seed"
    FIRST = "first"
    NO_GUESS = "noguess"
    MODE = "mode"
    """`classic`, `no-guess`, `kind` or `cruel` (`game.rules.settings.Mode`)."""
    DAILY = "daily"
    LAYOUT = "layout"
    START = "start"
    POSITION = "position"
    """A position text: the analysis board (game/page/analysis_board.py)."""
    PUZZLE = "puzzle"
    """`LEVEL-SEED`: that puzzle (game/teacher/puzzles.py)."""
    LANG = "lang"
    """The page's language, a BCP 47 tag (game/language.py): it chooses words, not a game."""


LINE_BREAK: Final = "/"
"""How a link writes the line breaks of a text (a layout's rows, a position's lines)."""


@dataclass(frozen=True, slots=True)
class GameRequest:
    """What the URL asks for: settings, plus a fixed seed or layout if it names one."""

    settings: Settings
    """Size, mine count and first-click rule."""
    seed: int | None = None
    """A seed that fixes the board (the same on every new game), or None for a fresh one each."""
    layout: Layout | None = None
    """A layout to play exactly, or None for a random board."""
    daily: str | None = None
    """The day (YYYY-MM-DD) of a daily board, whose seed follows from the day and preset."""
    start_cell: Position | None = None
    """The start cell a link names; None: the seed implies one (if a seed is fixed)."""

    @classmethod
    def for_day(cls, name: str, day: str) -> GameRequest:
        """Return the request for preset *name*'s daily board of *day*."""
        return cls(PRESETS[name], daily_seed(day, name), daily=day)

    def start(self, fresh_seed: int) -> GameStarted:
        """Return the event that starts this game, using *fresh_seed* unless a seed is fixed.

        A fixed seed comes with a start cell, so every player gets the same mines.
        """
        if self.layout is not None:
            return GameStarted(self.settings, self.seed or 0, self.layout.mines)
        if self.seed is None:
            return GameStarted(self.settings, fresh_seed)
        cell = self.start_cell or implied_start_cell(self.settings, self.seed)
        return GameStarted(self.settings, self.seed, start_cell=cell)

    def to_query(self) -> str:
        """Return the URL query that asks for this game again (without `?`)."""
        if self.daily is not None:
            return f"{Param.PRESET}={self.settings.preset_name()}&{Param.DAILY}={self.daily}"
        if self.layout is not None:
            rows = self.layout.to_text().strip().replace("\n", LINE_BREAK)
            parts = [f"{Param.LAYOUT}={rows}"]
        else:
            name = self.settings.preset_name()
            s = self.settings
            size = ((Param.WIDTH, s.width), (Param.HEIGHT, s.height), (Param.MINES, s.mines))
            parts = [f"{Param.PRESET}={name}"] if name else [f"{p}={n}" for p, n in size]
            if s.first_click is not FirstClick.OPENING:
                parts.append(f"{Param.FIRST}={s.first_click.value}")
            if s.no_guess:
                parts.append(f"{Param.NO_GUESS}=1")
            elif s.mode is not Mode.CLASSIC:
                parts.append(f"{Param.MODE}={s.mode.value}")
        if self.seed is not None:
            parts.append(f"{Param.SEED}={self.seed}")
        if self.start_cell is not None:
            parts.append(f"{Param.START}={self.start_cell[0]},{self.start_cell[1]}")
        return "&".join(parts)


DEFAULT = GameRequest(PRESETS[DEFAULT_PRESET])


_WHOLE_NUMBER: Final = re.compile(r"-?[0-9]+")
_MOST_DIGITS: Final = 18
"""More significant digits than any parameter's range allows (seeds stay below 2**53)."""


def _integer(params: dict[str, list[str]], name: str) -> int | None:
    """Return the parameter *name* as an int, None if absent.

    Only ASCII digits (and a minus sign, so that a negative value is told its
    range): `int()` alone would also take `1_0`, `+5` and full-width digits.
    """
    values = params.get(name)
    if not values:
        return None
    text = values[-1].strip()
    if not _WHOLE_NUMBER.fullmatch(text):
        raise SettingsError(f"{name}={shorten(text)!r} is not a whole number")
    if len(text.lstrip("-0")) > _MOST_DIGITS:
        raise SettingsError(f"{name}={shorten(text)} is out of range")
    return int(text)


_ESCAPES: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_UNRESERVED: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def query_fields(query: str) -> dict[str, list[str]]:
    """Return the fields of a URL *query* (a leading `?` allowed), each name's values in order.

    What `urllib.parse.parse_qs(query, keep_blank_values=True)` returns
    (a property test holds the two together): written here because
    importing urllib.parse would also load the `ipaddress` module, a large
    share of the page's start, for these few lines.

    >>> query_fields("?preset=expert&seed=7&seed=8&a+b=%C3%A9&flag")
    {'preset': ['expert'], 'seed': ['7', '8'], 'a b': ['é'], 'flag': ['']}
    """
    fields: dict[str, list[str]] = {}
    for pair in query.removeprefix("?").split("&"):
        if pair:
            name, _, value = pair.partition("=")
            fields.setdefault(_unquote(name), []).append(_unquote(value))
    return fields


def game_query(query: str) -> str:
    """Return *query* without what asks for no game (the language), in the same form.

    >>> game_query("?lang=de"), game_query("?preset=expert&lang=de")
    ('', '?preset=expert')
    """
    kept = [
        pair for pair in query.removeprefix("?").split("&") if pair.partition("=")[0] != Param.LANG
    ]
    return "?" + "&".join(kept) if any(kept) else ""


def _unquote(text: str) -> str:
    """Decode a query's `+` and each run of percent escapes (as UTF-8, bad bytes replaced)."""
    return _ESCAPES.sub(
        lambda run: bytes.fromhex(run.group().replace("%", "")).decode("utf-8", "replace"),
        text.replace("+", " "),
    )


def quote(text: str, safe: str = "/") -> str:
    """Return *text* percent-encoded for a URL, as `urllib.parse.quote(text, safe)` does.

    >>> quote("9x9x10/HH F*")
    '9x9x10/HH%20F%2A'
    """
    keep = _UNRESERVED | frozenset(safe)
    return "".join(c if c in keep else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def request_from_query(query: str) -> tuple[GameRequest, str | None]:
    """Return the game the URL *query* asks for and None, or the default game and a message.

    >>> request_from_query("?preset=expert&seed=7")[0].settings.mines
    99
    >>> request_from_query("w=5&h=0")[1]
    'height 0 is out of range: it must be 1 to 100 (URL ignored: a default game started)'
    """
    params = query_fields(query)
    try:
        return _parse(params), None
    except (SettingsError, TextFormatError) as error:
        return DEFAULT, f"{error} (URL ignored: a default game started)"


def _parse(params: dict[str, list[str]]) -> GameRequest:
    seed = _integer(params, Param.SEED)
    if seed is not None and not 0 <= seed < 2**53:
        raise SettingsError(f"seed={seed} is out of range: it must be 0 to 2**53 - 1")
    if Param.DAILY in params:
        return _daily(params)
    first = parse_first_click(params[Param.FIRST][-1]) if Param.FIRST in params else None
    if Param.LAYOUT in params:
        layout = Layout.from_text(params[Param.LAYOUT][-1].replace(LINE_BREAK, "\n"))
        return GameRequest(layout.settings(), seed, layout)
    base = preset(params[Param.PRESET][-1]) if Param.PRESET in params else PRESETS[DEFAULT_PRESET]
    width, height, mines = (_integer(params, n) for n in (Param.WIDTH, Param.HEIGHT, Param.MINES))
    settings = Settings(
        width if width is not None else base.width,
        height if height is not None else base.height,
        mines if mines is not None else base.mines,
        first if first is not None else base.first_click,
        _mode(params),
    )
    return GameRequest(settings, seed, start_cell=_start_cell(params, settings, seed))


def _start_cell(
    params: dict[str, list[str]], settings: Settings, seed: int | None
) -> Position | None:
    if Param.START not in params:
        return None
    text = params[Param.START][-1].strip()
    if seed is None:
        raise SettingsError("start= names the first cell of a seed link: add seed= too")
    try:
        return parse_cell(text, settings)
    except SettingsError as error:
        raise SettingsError(f"start={error}") from None


def _mode(params: dict[str, list[str]]) -> Mode:
    """Return the mode `mode=` names, or that `noguess=1` asks for; they must agree."""
    value = params.get(Param.NO_GUESS, ["0"])[-1].strip()
    if value not in ("0", "1"):
        raise SettingsError(f"noguess={shorten(value)!r} must be 1 (no-guess boards) or 0")
    if Param.MODE not in params:
        return Mode.NO_GUESS if value == "1" else Mode.CLASSIC
    mode = parse_mode(params[Param.MODE][-1].strip())
    if value == "1" and mode is not Mode.NO_GUESS:
        raise SettingsError(f"noguess=1 asks for no-guess boards, but mode={mode.value}")
    return mode


_FIXED_BY_DAY: Final = frozenset(
    {Param.WIDTH, Param.HEIGHT, Param.MINES, Param.SEED, Param.FIRST, Param.LAYOUT, Param.START}
)
"""What a daily board's link may not name: the day fixes its board."""


def _daily(params: dict[str, list[str]]) -> GameRequest:
    extra = sorted(name for name in params if name in _FIXED_BY_DAY)
    if extra:
        raise SettingsError(f"a daily board is fixed: remove {', '.join(extra)} from the link")
    name = params[Param.PRESET][-1] if Param.PRESET in params else DEFAULT_PRESET
    preset(name)
    try:
        day = parse_day(params[Param.DAILY][-1].strip())
    except ValueError as error:
        raise SettingsError(str(error)) from None
    return GameRequest.for_day(name, day)
