"""A saved game: the versioned JSON kept for resuming, and shared as a replay file.

Because a game is a fold of its events, a saved game is how it started, its
events (the deal included) with the time of each move, and what the session
needs to resume it. Reading one checks everything: JSON syntax, format and
version, every field's type and range, and that every event is legal when
the game is replayed, so a file that loads always rebuilds a real game.
Version 1 files (before the deal was an event) still load: their mines are
dealt again from the seed, exactly as that version dealt them.

Schema (version 2)::

    {"format": "pyminesweeper-game", "version": 2,
     "request": "preset=expert&seed=42",      # the URL query of the game asked for
     "settings": {"width": 30, "height": 16, "mines": 99, "first_click": "opening",
                  "no_guess": false, "mode": "classic"},  # mode: classic, no-guess,
                                                          # kind or cruel (no_guess alone: old)
     "seed": 12345,                           # 0 to 2**53 - 1
     "layout": ["*....", ...] | null,         # rows of * and .: a board known in advance
     "start_cell": [4, 7] | null,             # the cell a shared board opens first
     "events": [["f", 5, 4, 0], ["m", ["*...", ...]], ["r", 3, 3, 0],
                ["c", 4, 3, 1830], ...],      # code, x, y, ms of play; "m": the mines laid
                                              # (again, in kind and cruel: the mines moved)
     "elapsed_ms": 52310,                     # time played
     "explosions": 0,                         # mines hit and undone
     "aids": ["hint", "undo"],                # the help used (Aid names)
     "odds_on": false, "counted": false, "watched": false,
     "daily": "2026-11-22" | null}
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from game.deal.daily import parse_day
from game.deal.dealer import events_for
from game.rules.echo import shorten
from game.rules.events import MOVE_CODES, MOVES_BY_CODE, CellOpened, GameStarted, MinesLaid, Move
from game.rules.history import History, HistoryBuilder
from game.rules.layout import Layout, TextFormatError
from game.rules.settings import (
    PRESETS,
    Mode,
    Settings,
    SettingsError,
    parse_first_click,
    parse_mode,
)
from game.rules.state import Game, problem, relay_problem
from game.session import Aid, Clock, Session
from game.session.query import GameRequest, request_from_query
from game.session.versioned import MAX_MS, int_in_range, read_versioned

FORMAT: Final = "pyminesweeper-game"
VERSION: Final = 2
MAX_SEED: Final = 2**53 - 1
"""The largest seed: what a URL accepts and JavaScript holds exactly."""
MAX_EVENTS: Final = 20_000
"""More moves than a real game makes even on a 100x100 board, and few enough that any file
that loads, loads in well under a second (bench/engine.py times the largest)."""


class SavedGameError(ValueError):
    """A saved game or replay file that cannot be read; the message says why, for the player."""


def to_json(session: Session) -> str:
    """Return *session*'s game as compact JSON text.

    :raises ValueError: if its clock runs: save `session.pause(now)`, whose time is fixed.
    """
    if session.clock.since is not None:
        raise ValueError("the clock runs: save a paused session")
    start = session.start
    settings = start.settings
    data = {
        "format": FORMAT,
        "version": VERSION,
        "request": session.request.to_query(),
        "settings": {
            "width": settings.width,
            "height": settings.height,
            "mines": settings.mines,
            "first_click": settings.first_click.value,
            "no_guess": settings.no_guess,
            "mode": settings.mode.value,
        },
        "seed": start.seed,
        "layout": None if start.layout is None else _rows(settings, start.layout),
        "start_cell": None if start.start_cell is None else list(start.start_cell),
        "events": list(_entries(session)),
        "elapsed_ms": session.clock.played_ms,
        "explosions": session.explosions,
        "aids": sorted(aid.name.lower() for aid in session.aids),
        "odds_on": session.odds_on,
        "counted": session.counted,
        "watched": session.watched,
        "daily": session.request.daily,
    }
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def _rows(settings: Settings, mines: frozenset[tuple[int, int]]) -> list[str]:
    return Layout(settings.width, settings.height, mines).to_text().splitlines()


def _entries(session: Session) -> Iterator[list[Any]]:
    times = iter(session.times)
    settings = session.start.settings
    for event in session.history.events:
        if isinstance(event, MinesLaid):
            yield ["m", _rows(settings, event.mines)]
        else:
            yield [MOVE_CODES[type(event)], event.pos[0], event.pos[1], next(times)]


def from_json(text: str) -> Session:
    """Read a saved game, checking everything; its clock is stopped (see `Session.resume`).

    :raises SavedGameError: naming the first problem found.
    """
    data = read_versioned(text, FORMAT, (1, VERSION), "saved game", SavedGameError)
    try:
        return _read(data)
    except (SettingsError, TextFormatError) as error:
        raise SavedGameError(str(error)) from None


@dataclass
class _Reader:
    """Reads one file's fields, naming each problem."""

    data: dict[str, Any]

    def field(self, name: str, kind: type, data: dict[str, Any] | None = None) -> Any:
        value = (self.data if data is None else data).get(name)
        if not isinstance(value, kind):
            raise SavedGameError(f"{name!r} must be {kind.__name__}, got {shorten(repr(value))}")
        return value

    def number(self, name: str, top: int, data: dict[str, Any] | None = None) -> int:
        value = (self.data if data is None else data).get(name)
        return int_in_range(value, repr(name), 0, top, SavedGameError)

    def flag(self, name: str) -> bool:
        return bool(self.field(name, bool)) if name in self.data else False


def _read(data: dict[str, Any]) -> Session:
    read = _Reader(data)
    raw = read.field("settings", dict)
    settings = Settings(
        read.number("width", 100, raw),
        read.number("height", 100, raw),
        read.number("mines", 10_000, raw),
        parse_first_click(str(raw.get("first_click"))),
        _mode(read, raw),
    )
    start = GameStarted(
        settings,
        read.number("seed", MAX_SEED),
        _layout(data, settings),
        _start_cell(data, settings),
    )
    daily = _daily(data)
    if data["version"] == 1:
        history, times = _events_v1(read, start)
        aids = {Aid.EARLIER} if read.flag("assisted") else set()
        request = _request_v1(start, daily)
    else:
        history, times = _events(read, start)
        aids = _aids(read)
        request = _request(read, start)
    if start.layout is not None:
        aids.add(Aid.KNOWN_LAYOUT)
    last = times[-1] if times else 0
    elapsed = read.number("elapsed_ms", MAX_MS)
    if elapsed < last:
        raise SavedGameError(f"'elapsed_ms' ({elapsed}) is less than the last move's time")
    return Session(
        request,
        history,
        times=tuple(times),
        clock=Clock(elapsed),
        aids=frozenset(aids),
        odds_on=read.flag("odds_on"),
        counted=read.flag("counted"),
        watched=read.flag("watched"),
        explosions=read.number("explosions", MAX_EVENTS),
    )


def _mode(read: _Reader, raw: dict[str, Any]) -> Mode:
    """Return the mode of a file's settings: `mode`, or a file older than modes' `no_guess`."""
    no_guess = bool(read.field("no_guess", bool, raw)) if "no_guess" in raw else False
    if "mode" not in raw:
        return Mode.NO_GUESS if no_guess else Mode.CLASSIC
    mode = parse_mode(str(read.field("mode", str, raw)))
    if no_guess is not (mode is Mode.NO_GUESS) and "no_guess" in raw:
        raise SavedGameError(f"'no_guess' and 'mode' ({mode.value}) disagree")
    return mode


def _layout(data: dict[str, Any], settings: Settings) -> frozenset[tuple[int, int]] | None:
    rows = data.get("layout")
    if rows is None:
        return None
    return _mines_of(rows, settings, "'layout'")


def _mines_of(rows: Any, settings: Settings, what: str) -> frozenset[tuple[int, int]]:
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise SavedGameError(f"{what} must be a list of rows of * and .")
    layout = Layout.from_text("\n".join(rows))
    if layout.settings() != Settings(settings.width, settings.height, settings.mines):
        raise SavedGameError(f"{what} does not match the size and mine count in 'settings'")
    return layout.mines


def _start_cell(data: dict[str, Any], settings: Settings) -> tuple[int, int] | None:
    cell = data.get("start_cell")
    if cell is None:
        return None
    if (
        not isinstance(cell, list)
        or len(cell) != 2
        or not all(type(v) is int for v in cell)
        or not (0 <= cell[0] < settings.width and 0 <= cell[1] < settings.height)
    ):
        raise SavedGameError(f"'start_cell' must be [x, y] on the board, got {shorten(repr(cell))}")
    return (cell[0], cell[1])


def _daily(data: dict[str, Any]) -> str | None:
    day = data.get("daily")
    if day is None:
        return None
    try:
        return parse_day(day if isinstance(day, str) else repr(day))
    except ValueError as error:
        raise SavedGameError(str(error)) from None


def _aids(read: _Reader) -> set[Aid]:
    names = read.field("aids", list)
    known = {aid.name.lower(): aid for aid in Aid}
    if not all(isinstance(n, str) and n in known for n in names):
        raise SavedGameError(
            f"'aids' must name aids ({', '.join(known)}), got {shorten(repr(names))}"
        )
    return {known[n] for n in names}


def _request(read: _Reader, start: GameStarted) -> GameRequest:
    request, problem_ = request_from_query(read.field("request", str))
    if problem_ is not None or request.settings != start.settings:
        raise SavedGameError("'request' does not ask for this game's settings")
    return request


def _request_v1(start: GameStarted, daily: str | None) -> GameRequest:
    settings = start.settings
    name = settings.preset_name()
    if daily is not None and name is not None and PRESETS[name] == settings:
        return GameRequest.for_day(name, daily)
    if start.layout is None:
        return GameRequest(settings)
    return GameRequest(settings, layout=Layout(settings.width, settings.height, start.layout))


def _events(read: _Reader, start: GameStarted) -> tuple[History, list[int]]:
    """Fold version 2's events, each checked against the game as it then stands."""
    entries = read.field("events", list)
    deals = 2 if start.settings.mode.is_fair() else 1  # the moves, and a deal (or a move) each
    if len(entries) > deals * MAX_EVENTS + 1:
        raise SavedGameError(f"the game has more than {MAX_EVENTS:,} moves")
    builder = HistoryBuilder(start)
    board = builder.board
    times: list[int] = []
    for number, entry in enumerate(entries, 1):
        if type(entry) is list and entry and entry[0] == "m":
            builder.add(_laid(entry, builder, start, number))
            continue
        move, ms = _move(entry, len(times) + 1, times)
        if type(move) is CellOpened and not board.mines_laid:
            raise SavedGameError(f"move {len(times) + 1} reveals a cell before the mines are laid")
        _check(builder, move, len(times) + 1)
        builder.add(move)
        times.append(ms)
    return builder.build(), times


def _laid(entry: list[Any], builder: HistoryBuilder, start: GameStarted, number: int) -> MinesLaid:
    if len(entry) != 2:
        raise SavedGameError(f'event {number} must be ["m", rows], got {shorten(repr(entry))}')
    mines = _mines_of(entry[1], start.settings, f"event {number}")
    board = builder.board
    if board.mines_laid and not start.settings.mode.is_fair():
        raise SavedGameError(f"event {number} lays mines on a board whose mines are laid")
    reason = relay_problem(board, mines) if board.mines_laid else None
    if reason is not None:
        raise SavedGameError(f"event {number} moves the mines but does not fit the game: {reason}")
    return MinesLaid(mines)


def _events_v1(read: _Reader, start: GameStarted) -> tuple[History, list[int]]:
    """Fold version 1's moves, dealing the mines at the first reveal as that version did."""
    builder = HistoryBuilder(start)
    times: list[int] = []
    entries = read.field("moves", list)
    if len(entries) > MAX_EVENTS:
        raise SavedGameError(f"the game has more than {MAX_EVENTS:,} moves")
    for number, entry in enumerate(entries, 1):
        move, ms = _move(entry, number, times)
        _check(builder, move, number)
        if type(move) is CellOpened and not builder.board.mines_laid:
            builder.add(events_for(Game(start, builder.draft.freeze()), move)[0])
        builder.add(move)
        times.append(ms)
    return builder.build(), times


def _move(entry: Any, number: int, times: list[int]) -> tuple[Move, int]:
    kind = None
    if type(entry) is list and len(entry) == 4:
        code, x, y, ms = entry
        if type(x) is int and type(y) is int and type(ms) is int and type(code) is str:
            kind = MOVES_BY_CODE.get(code)
    if kind is None:
        shape = '["r"|"f"|"c", x, y, ms]'
        raise SavedGameError(f"move {number} must be {shape}, got {shorten(repr(entry))}")
    if not 0 <= ms <= MAX_MS:
        raise SavedGameError(f"move {number} is timed at {ms} ms: it must be 0 to {MAX_MS:,}")
    if times and ms < times[-1]:
        raise SavedGameError(f"move {number} is timed before the move it follows")
    return kind((x, y)), ms


def _check(builder: HistoryBuilder, move: Move, number: int) -> None:
    reason = problem(builder.board, move)
    if reason is not None:
        x, y = move.pos
        code = MOVE_CODES[type(move)]
        raise SavedGameError(f"move {number} ({code} {x} {y}) does not fit the game: {reason}")
