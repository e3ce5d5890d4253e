"""Minesweeper Arbiter's AVF replays (versions 0.35 to 0.52.3).

Layout: a version byte, four bytes of noise, the level (3, 4, 5; 6 for a custom
board, followed by width - 1, height - 1 and a 2-byte mine count), each mine as
row + 1 and column + 1, then noise up to a bracketed header such as
`[3|W8H11M7|3.9.2025.17:00:08:6660|3.17:00:14:081|B8T6.42]`, whose opening is
preceded two bytes earlier by 17 (question marks on) or 127 (off). Mouse events
follow, 8 bytes each: the event, x high, seconds + 1 low, x low, hundredths,
y high, seconds + 1 high, y low; a zero time ends them. The file ends in text
lines split by carriage returns after `cs=` and 16 bytes of checksum: `Key: value`
lines, the player's name (GBK, as Windows wrote it in China), then the program.
"""

from __future__ import annotations

import re
from typing import Final

from game.community.binary import Bytes
from game.community.recording import Mouse, Recording, ReplayError, check_board, check_events
from game.community.strings import date_in, decode

_LEVELS: Final = {3: (8, 8, 10), 4: (16, 16, 40), 5: (30, 16, 99)}
_EVENTS: Final = {
    1: "mv", 3: "lc", 5: "lr", 9: "rc", 17: "rr", 33: "mc", 65: "mr",
    145: "rr", 193: "mr", 11: "sc", 21: "lr",
}  # fmt: skip
_HEADER: Final = re.compile(rb"\[[0-3]\|")
_DATE: Final = re.compile(rb"(?:W\d+H\d+M\d+\|)?([0-9.:]{1,30})")
"""The header's first time, after a custom board's size: `24.8.2024.16:38:59:6687`."""


def looks_like(data: bytes) -> bool:
    """Tell whether *data* may be an AVF: a level byte, and Arbiter's bracketed header."""
    return len(data) > 6 and data[5] in (3, 4, 5, 6) and _HEADER.search(data, 0, 4096) is not None


def read(data: bytes, name: str) -> Recording:
    """Read an AVF replay.

    :raises ReplayError: naming the file and what is wrong.
    """
    source = Bytes(data, name)
    source.skip(5)
    level = source.u8()
    if level in _LEVELS:
        width, height, count = _LEVELS[level]
    elif level == 6:
        width, height, count = source.u8() + 1, source.u8() + 1, source.u16()
    else:
        raise source.fail(f"level {level} is none of Arbiter's (3 to 6)")
    if count > width * height:
        raise ReplayError(f"{name}: the header says {count} mines on a {width}x{height} board")
    cells = source.take(2 * count)
    mines = frozenset((cells[i + 1] - 1, cells[i] - 1) for i in range(0, len(cells), 2))
    check_board(name, width, height, mines, count)
    header = _HEADER.search(data, source.at)
    if header is None or header.start() < 2:
        raise ReplayError(f"{name}: no Arbiter header ([level|...]) after the board")
    marks = data[header.start() - 2]
    source.at = header.end()
    source.seek(b"]")
    stamp = _DATE.match(data, header.end(), source.at)
    date = date_in(stamp.group(1).decode("ascii")) if stamp else ""
    events = _events(source)
    player, program = _tail(source)
    played, skipped = check_events(name, events)
    return Recording(
        program,
        player,
        width,
        height,
        mines,
        played,
        marks=marks == 17,
        skipped=skipped,
        date=date,
        file_mode=0,  # Arbiter saves standard games (ms_toollib reads them so)
    )


def _events(source: Bytes) -> list[Mouse]:
    """Read the mouse events: they start at the first event timed 0 (seconds + 1 = 1)."""
    data = source.data
    at = source.at
    while at + 8 <= len(data) and not (data[at + 2] == 1 and data[at + 1] <= 1):
        at += 1
    source.at = at
    events: list[Mouse] = []
    while True:
        chunk = source.take(8)
        seconds = chunk[6] << 8 | chunk[2]
        if seconds == 0:
            return events
        kind = _EVENTS.get(chunk[0])
        if kind is None:
            raise source.fail(f"mouse event {len(events) + 1} has the unknown code {chunk[0]}")
        ms = (seconds - 1) * 1000 + chunk[4] * 10
        events.append(Mouse(ms, kind, chunk[1] << 8 | chunk[3], chunk[5] << 8 | chunk[7]))


def _tail(source: Bytes) -> tuple[str, str]:
    """Return the player's name and the program, from the text lines that end the file."""
    source.seek(b"cs=")
    source.skip(17)
    lines = source.data[source.at :].split(b"\r")
    rest = iter(lines)
    player = b""
    for line in rest:
        if not re.fullmatch(rb"[A-Za-z]+: .*", line, re.DOTALL):
            player = line
            break
    program = next(rest, b"").split(b" Copyright")[0].rstrip(b".")
    return decode(player, "gbk", "cp1252"), decode(program, "cp1252") or "Minesweeper Arbiter"
