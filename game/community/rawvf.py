"""RAWVF, the community's plain-text replay (Rev5 to Rev6.2): reading and writing.

`Key: Value` header lines (`RawVF_Version`, `Program`, `Player`, `Width`,
`Height`, `Mines`, `Time`, ...), a line `Board:` and one row per line (`*` a
mine, `0` none), then `Events:` and one event per line: the time in seconds,
the event (`lc`, `lr`, `rc`, `rr`, `mc`, `mr`, `mv`, `sc`), the cell's column
and row from 1, and the pointer's x and y in brackets. Lines that describe the
board rather than the mouse (`start`, `won`, `blast`, a cell opened, a flag)
are what a converter may add; the game reads the mouse alone. This game writes
`Mode: kind` or `Mode: cruel` for a game of those modes (a header where the
community's converters write Arbiter's modes, all classic here), whose board is its
last arrangement of the mines: it fits every number shown, so the clicks
played on it give the same game.
"""

from __future__ import annotations

import re
from typing import Final

from game.community.recording import (
    KINDS,
    Mouse,
    Recording,
    ReplayError,
    check_board,
    check_events,
    plain_events,
)
from game.community.strings import date_in, decode
from game.rules.settings import Mode, SettingsError, parse_mode

_EVENT: Final = re.compile(
    r"(-?\d+)(?:\.(\d{1,3}))?\s+([a-z]{1,2})\s+(-?\d+)\s+(-?\d+)\s+\(\s*(-?\d+)\s+(-?\d+)\s*\)\s*"
)
_TIMED_WORD: Final = re.compile(r"-?\d+(?:\.\d+)?\s+[a-z]+\s*")
"""A timed line without a position (`0.000 start`): the board's events, passed over."""
_MOUSE: Final = KINDS - {"pf", "cc", "l", "r", "m"}
_FILE_MODES: Final = {"classic": 0, "standard": 0, "upk": 1, "cheat": 2, "density": 3}
"""The modes the community's converters write in `Mode:` (Arbiter's and Clone's), numbered
as EVF numbers them (`Recording.file_mode`)."""
_MODE_WORDS: Final = {1: "UPK", 2: "Cheat", 3: "Density"}
"""The modes other than classic written in `Mode:`, as the converters write them."""
_NAMES: Final = ("utf-8", "gbk", "cp1252")
"""How a player's name is decoded: UTF-8 (this game's own RAWVF), else GBK (Arbiter and
Viennasweeper on Chinese Windows, whose bytes the converters copy), else Windows-1252."""
_CLONE_NAMES: Final = ("utf-8", "cp1252")
"""Minesweeper Clone's names are Windows-1252 (`Murañski`'s `ñs` also reads as GBK)."""


def looks_like(data: bytes) -> bool:
    """Tell whether *data* is RAWVF text: it opens with its `RawVF_Version` line."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:13].lower() == b"rawvf_version"


def read(data: bytes, name: str) -> Recording:
    """Read RAWVF text.

    :raises ReplayError: naming the file, the line and what is wrong.
    """
    text = data.removeprefix(b"\xef\xbb\xbf").decode("latin-1")  # bytes kept: names decode apart
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    number = next((i for i, line in enumerate(lines, 1) if _key(line) == "board"), None)
    if number is None:
        raise ReplayError(f"{name}: no Board: line")
    header: dict[str, str] = {}
    for line in lines[: number - 1]:
        key, colon, value = line.partition(":")
        if colon:
            header.setdefault(key.strip().lower(), value.strip())
    width, height, count = (_number(header, key, name) for key in ("width", "height", "mines"))
    if not (1 <= width <= 100 and 1 <= height <= 100):
        raise ReplayError(f"{name}: the header says the board is {width}x{height}: 1 to 100 a side")
    rows = lines[number : number + height]
    if len(rows) < height or any(len(row.rstrip()) != width for row in rows):
        raise ReplayError(
            f"{name}: the header says {width}x{height} but the board's rows do not match it"
            f" (from line {number + 1})"
        )
    mines = frozenset((x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "*")
    check_board(name, width, height, mines, count)
    rest = lines[number + height :]
    while rest and not rest[0].strip():
        rest = rest[1:]
    if not rest or rest[0].strip().lower() != "events:":
        raise ReplayError(f"{name}: no Events: line after the board (line {number + height + 1})")
    start = number + height + 2 + (len(lines) - number - height - len(rest))
    events: list[Mouse] = []
    off_board: list[int] = []  # clicks beyond the board and its margin: skipped, and said
    for at, line in enumerate(rest[1:], start):
        event = _event(line, at, name)
        if event is not None:
            mouse, column, row = event
            if mouse.kind != "mv" and not (1 <= column <= width + 1 and 1 <= row <= height + 1):
                off_board.append(len(events))
            events.append(mouse)
    played, skipped = check_events(name, events, off_board)
    program = _text(header.get("program", "RAWVF"), "utf-8", "cp1252")
    return Recording(
        program,
        _text(
            header.get("player", ""),
            *(_CLONE_NAMES if program.startswith("Minesweeper Clone") else _NAMES),
        ),
        width,
        height,
        mines,
        played,
        marks=header.get("marks", "off").lower() == "on",
        mode=_mode(header.get("mode", "")),
        skipped=skipped,
        version=_text(header.get("version", ""), "utf-8", "cp1252"),
        date=date_in(header.get("timestamp", "")),
        file_mode=_FILE_MODES.get(header.get("mode", "classic").lower()),
    )


def _mode(value: str) -> Mode:
    """Return the game's mode a `Mode:` header names: this game's kind, cruel or no-guess.

    The community's converters write Arbiter's modes there (Classic, Density,
    UPK...), whose mines never move: those, and anything else, are classic.
    """
    try:
        return parse_mode(value.lower())
    except SettingsError:
        return Mode.CLASSIC


def _text(raw: str, *encodings: str) -> str:
    """Return a header value, read as Latin-1, decoded by the first of *encodings* that fits."""
    return decode(raw.encode("latin-1"), *encodings)


def _key(line: str) -> str:
    return line.partition(":")[0].strip().lower()


def _number(header: dict[str, str], key: str, name: str) -> int:
    value = header.get(key, "")
    if not (value.isascii() and value.isdigit() and len(value) <= 6):
        raise ReplayError(
            f"{name}: the header's {key.title()} must be a whole number, got {value!r}"
        )
    return int(value)


def _event(line: str, at: int, name: str) -> tuple[Mouse, int, int] | None:
    """Read one event line, with the column and row it names.

    None for a line about the board, not the mouse.
    """
    found = _EVENT.fullmatch(line)
    if found is None:
        if not line.strip() or (not line[:1].isdigit() and line[:1] != "-"):
            return None
        if _TIMED_WORD.fullmatch(line):
            return None
        raise ReplayError(f"{name}: line {at} is not an event (time, event, column, row, (x y))")
    seconds, fraction, kind, column, row, x, y = found.groups()
    if kind not in _MOUSE:
        raise ReplayError(f"{name}: line {at} has the unknown event {kind!r}")
    ms = (
        0 if seconds.startswith("-") else int(seconds) * 1000 + int((fraction or "0").ljust(3, "0"))
    )
    return Mouse(ms, kind, int(x), int(y)), int(column), int(row)


def write(recording: Recording, time_ms: int) -> str:
    """Return *recording* as RAWVF text (Rev6.2), the game's time in the header.

    Positions are scaled to 16-pixel cells, as RAWVF's readers expect; a pointer off
    the board is written just past its bottom right corner, where the community's
    converters put it. A flag placed before the game (`pf`) becomes a right click,
    and a button named without its press or release becomes the one it was.
    """
    file_mode = recording.file_mode if recording.mode is Mode.CLASSIC else None
    mode_word = _MODE_WORDS.get(file_mode) if file_mode is not None else None
    lines = [
        "RawVF_Version: Rev6.2",
        f"Program: {recording.program}",
        f"Player: {recording.player}",
        f"Width: {recording.width}",
        f"Height: {recording.height}",
        f"Mines: {len(recording.mines)}",
        f"Marks: {'On' if recording.marks else 'Off'}",
        f"Time: {time_ms // 1000}.{time_ms % 1000:03d}",
        *([f"Version: {recording.version}"] if recording.version else []),
        *([f"Timestamp: {recording.date}"] if recording.date else []),
        *([f"Mode: {recording.mode.value}"] if recording.mode is not Mode.CLASSIC else []),
        *([f"Mode: {mode_word}"] if mode_word else []),
        "Board:",
    ]
    lines += [
        "".join("*" if (x, y) in recording.mines else "0" for x in range(recording.width))
        for y in range(recording.height)
    ]
    lines.append("Events:")
    held: set[str] = set()
    for mouse in recording.events:
        cell = recording.cell_at(mouse.x, mouse.y)
        if cell is None:
            column, row = recording.width, recording.height
            x, y = 16 * column, 16 * row
        else:
            (column, row), size = cell, recording.cell
            x, y = mouse.x * 16 // size, mouse.y * 16 // size
        for kind in _plain(mouse.kind, held):
            lines.append(
                f"{mouse.ms // 1000}.{mouse.ms % 1000:03d} {kind} {column + 1} {row + 1} ({x} {y})"
            )
    return "\n".join(lines) + "\n"


def _plain(kind: str, held: set[str]) -> list[str]:
    """Return RAWVF's events for *kind*, given the buttons *held* (which it updates)."""
    return ["rc", "rr"] if kind == "pf" else plain_events(kind, held)
