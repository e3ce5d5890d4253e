"""Viennasweeper's RMV replays (format versions 1 and 2).

`*rmv`, the format version (2 bytes), in version 2 the clone's id and major
version, then the sizes of the header's parts; version 1 adds a result text.
Then the version text, the player's fields (each a length byte and text: name,
nickname, country, token), the board's time stamp, width, height, a 2-byte
mine count and each mine as column and row, the flags placed before the game,
the properties (question marks, no-flag, mode, level; version 2 adds the 3BV
and the cell size) and, in version 2, named extension properties. Events
follow, each a code: 1 to 7 a mouse event with a 3-byte time in milliseconds,
a spare byte and x and y (version 1 counts them from the window, 12 and 56
pixels off the board), 28 (version 2) a short move (a time step byte and two
4-bit steps), 9 to 14 and 18 to 27 the board's own events (2 bytes), 15 to 17
the end. Names are UTF-8 in version 2, and in version 1 when a property says so.
"""

from __future__ import annotations

import re

from game.community.binary import Bytes
from game.community.recording import Mouse, Recording, check_board, check_events
from game.community.strings import date_of_epoch, decode

_EVENTS = {1: "mv", 2: "lc", 3: "lr", 4: "rc", 5: "rr", 6: "mc", 7: "mr"}
_RELEASE = re.compile(rb"Release ([!-~]{1,20})")
"""The version in the program's text: `Vienna Minesweeper - Release 3.0.2H Copyright...`."""


def looks_like(data: bytes) -> bool:
    """Tell whether *data* is an RMV: it starts `*rmv`."""
    return data.startswith(b"*rmv")


def read(data: bytes, name: str) -> Recording:
    """Read an RMV replay.

    :raises ReplayError: naming the file and what is wrong.
    """
    source = Bytes(data, name)
    source.skip(4)
    version = source.u16()
    if version not in (1, 2):
        raise source.fail(f"RMV format version {version} is not one this game reads (1 or 2)")
    clone = source.u8() if version == 2 else 1
    if version == 2:
        source.u8()
    source.skip(4)  # the file's size
    result_size = source.u16() if version == 1 else 0
    version_size = source.u16()
    source.skip(4)  # the player's fields' and the board's sizes
    preflags_size = source.u16()
    properties_size = source.u16()
    if version == 2:
        source.u16()
    source.skip(6)  # the events' and the checksum's sizes
    if version == 1:
        source.skip(result_size)
    program = "Viennasweeper"
    release = _RELEASE.search(source.take(version_size))
    fields = [source.take(source.u8()) for _ in range(min(source.u16(), 4))]
    date = date_of_epoch(source.u32())  # when the board was made, UTC
    width, height, count = source.u8(), source.u8(), source.u16()
    cells = source.take(2 * count)
    mines = frozenset((cells[i], cells[i + 1]) for i in range(0, len(cells), 2))
    check_board(name, width, height, mines, count)
    preflags = []
    if preflags_size > 0:
        listed = source.take(2 * source.u16())
        preflags = [(listed[i], listed[i + 1]) for i in range(0, len(listed), 2)]
    marks = source.u8() == 1
    source.skip(1)  # no-flag
    mode = source.u8()
    source.skip(1)  # level
    cell, utf8, read_ = 16, version == 2, 4
    if version == 2:
        source.skip(2)  # 3BV
        cell, read_ = source.u8(), 7
    elif properties_size > 4:
        utf8, read_ = source.u8() == 1, 5
    if cell == 0:
        raise source.fail("the cell size is 0 pixels")
    source.skip(properties_size - read_)
    if version == 2:
        for _ in range(source.u16()):
            key = source.take(source.u8())
            value = source.take(source.u8())
            if key == b"clone_name" and clone == 0:
                program = decode(value, "utf-8")
    if clone > 1:
        program = f"RMV clone {clone}"
    player = _name(source, fields[0], utf8) if fields else ""
    events = [Mouse(0, "pf", c * cell, r * cell) for c, r in preflags]
    events += _events(source, version, width * cell, height * cell)
    played, skipped = check_events(name, events)
    version_text = decode(release.group(1), "cp1252") if release else ""
    return Recording(
        program,
        player,
        width,
        height,
        mines,
        played,
        cell,
        marks,
        skipped=skipped,
        version=version_text,
        date=date,
        file_mode=mode,
    )


def _name(source: Bytes, raw: bytes, utf8: bool) -> str:
    """Decode the player's name as the file says it is written.

    UTF-8 in format 2 or when a property says so, verified (the specification has
    readers refuse a file whose text is not); else GBK or Windows-1252, as
    Viennasweeper wrote it on Chinese or Western Windows.
    """
    if not utf8:
        return decode(raw, "gbk", "cp1252")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise source.fail("the player's name is not UTF-8, as the file says its text is") from None


def _events(source: Bytes, version: int, right: int, bottom: int) -> list[Mouse]:
    """Read the events up to the end code; the first mouse event's left press is implied."""
    x_off, y_off = (12, 56) if version == 1 else (0, 0)
    events: list[Mouse] = []
    x = y = ms = 0
    while True:
        code = source.u8()
        if code == 0 and version == 1:
            source.skip(4)
        elif 1 <= code <= 7 or (code == 28 and version == 2 and events):
            if code == 28:
                ms += source.u8()
                step = source.u8()
                x += (step >> 4 & 7) - (step >> 4 & 8)
                y += (step & 7) - (step & 8)
            else:
                ms = source.u32() >> 8
                x, y = source.u16() - x_off, source.u16() - y_off
            if not events:
                events.append(Mouse(ms, "lc", x, y))
            events.append(Mouse(ms, _EVENTS.get(code, "mv"), x, y))
        elif 9 <= code <= 14 or 18 <= code <= 27:
            source.skip(2)
        elif 15 <= code <= 17:
            return events
        else:
            raise source.fail(f"event {len(events) + 1} has the unknown code {code}")
