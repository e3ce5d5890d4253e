"""A game as data: the versioned JSON kept for resuming and shared as a replay file.

Because a game is a fold of its events, a record is just how it started
(settings, seed or layout) and its moves, each with the time it was made.
Reading one checks everything: JSON syntax, format and version, every field's
type and range, and that every move is legal when the game is replayed, so a
record that loads always rebuilds a real game.

Schema (version 1)::

    {"format": "pyminesweeper-game", "version": 1,
     "settings": {"width": 30, "height": 16, "mines": 99, "first_click": "opening",
                  "no_guess": false},    # no_guess is optional
     "seed": 12345,                       # int; unused when "layout" is given
     "layout": ["*....", ...] | null,     # rows of * and .
     "moves": [["r", 3, 3, 0], ["f", 5, 4, 1830], ...],   # code, x, y, ms since start
     "elapsed_ms": 52310,                 # time played, for the timer
     "explosions": 0,                     # times the player blew up and undid it
     "assisted": false,                   # undo or rewind was used
     "counted": false,                    # already in the records (optional)
     "daily": "2026-11-22" | null}        # the day of a daily board (optional)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from game.events import MOVE_CODES, MOVES_BY_CODE, GameStarted, Move
from game.history import History
from game.records import parse_day
from game.settings import Settings, SettingsError, parse_first_click
from game.state import problem
from game.text import Layout, TextFormatError
from game.versioned import read_versioned

FORMAT: Final = "pyminesweeper-game"
VERSION: Final = 1


class RecordError(ValueError):
    """A record that cannot be read; the message says what is wrong, for the player."""


@dataclass(frozen=True)
class GameRecord:
    """A game's history plus what the page needs to resume it."""

    history: History
    """The start and the moves."""
    times: tuple[int, ...] = ()
    """When each move was made, in milliseconds since the first one's game began."""
    elapsed_ms: int = 0
    """Time played so far."""
    explosions: int = 0
    """How many times the player hit a mine and undid it."""
    assisted: bool = False
    """Whether undo or a rewind was used (then no record time counts)."""
    counted: bool = False
    """Whether the game's end is already in the player's records (a game counts once)."""
    daily: str | None = None
    """The day (YYYY-MM-DD) if this is that day's daily board."""

    def to_json(self) -> str:
        """Return the record as compact JSON text."""
        start = self.history.start
        settings = start.settings
        layout = None
        if start.layout is not None:
            text = Layout(settings.width, settings.height, start.layout).to_text()
            layout = text.splitlines()
        moves = [
            [MOVE_CODES[type(m)], m.pos[0], m.pos[1], t]
            for m, t in zip(self.history.moves, self.times, strict=True)
        ]
        data = {
            "format": FORMAT,
            "version": VERSION,
            "settings": {
                "width": settings.width,
                "height": settings.height,
                "mines": settings.mines,
                "first_click": settings.first_click.value,
                "no_guess": settings.no_guess,
            },
            "seed": start.seed,
            "layout": layout,
            "moves": moves,
            "elapsed_ms": self.elapsed_ms,
            "explosions": self.explosions,
            "assisted": self.assisted,
            "counted": self.counted,
            "daily": self.daily,
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record, checking everything.

        :raises RecordError: naming the first problem found.
        """
        data = read_versioned(text, FORMAT, VERSION, "saved game", RecordError)
        try:
            return _read(data)
        except (SettingsError, TextFormatError) as error:
            raise RecordError(str(error)) from None


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{name!r} must be {kind.__name__}, got {value!r}"[:200])
    return value


def _count(data: dict[str, Any], name: str) -> int:
    value: int = _field(data, name, int)
    if value < 0:
        raise RecordError(f"{name!r} must not be negative, got {value}")
    return value


def _read(data: dict[str, Any]) -> GameRecord:
    raw = _field(data, "settings", dict)
    settings = Settings(
        _count(raw, "width"),
        _count(raw, "height"),
        _count(raw, "mines"),
        parse_first_click(str(raw.get("first_click"))),
        bool(_field(raw, "no_guess", bool)) if "no_guess" in raw else False,
    )
    seed = _count(data, "seed")
    rows = data.get("layout")
    mines = None
    if rows is not None:
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise RecordError("'layout' must be a list of rows of * and .")
        layout = Layout.from_text("\n".join(rows))
        if layout.settings() != Settings(settings.width, settings.height, settings.mines):
            raise RecordError("'layout' does not match the size and mine count in 'settings'")
        mines = layout.mines
    history = History(GameStarted(settings, seed, mines))
    times = []
    previous = 0
    for number, entry in enumerate(_field(data, "moves", list), 1):
        if (
            not isinstance(entry, list)
            or len(entry) != 4
            or entry[0] not in MOVES_BY_CODE
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[1:])
        ):
            raise RecordError(f'move {number} must be ["r"|"f"|"c", x, y, ms], got {entry!r}'[:200])
        code, x, y, ms = entry
        if ms < previous:
            raise RecordError(f"move {number} is timed before the move it follows")
        previous = ms
        move: Move = MOVES_BY_CODE[code]((x, y))
        reason = problem(history.current, move)
        if reason is not None:
            raise RecordError(f"move {number} ({code} {x} {y}) does not fit the game: {reason}")
        history = history.then(move)
        times.append(ms)
    return GameRecord(
        history,
        tuple(times),
        _count(data, "elapsed_ms"),
        _count(data, "explosions"),
        bool(_field(data, "assisted", bool)),
        bool(_field(data, "counted", bool)) if "counted" in data else False,
        _daily(data),
    )


def _daily(data: dict[str, Any]) -> str | None:
    day = data.get("daily")
    if day is None:
        return None
    try:
        return parse_day(day if isinstance(day, str) else repr(day))
    except ValueError as error:
        raise RecordError(str(error)) from None
