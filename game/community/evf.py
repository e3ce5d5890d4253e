"""Metasweeper's EVF replays, versions 0 to 4.

Versions 0 to 3: the version byte, a byte of flags (and in version 3 a second),
height, width, a 2-byte mine count, the cell's size in pixels, the mode, the
3BV, the time in milliseconds (3 bytes), then zero-ended strings (program,
player, race, identifier, start and end times, country; versions 2 and 3 add a
device identifier), the board as one bit per cell row by row, and the mouse
events: a code (0 or 255 ends them), the time in milliseconds (3 bytes), x and
y (2 bytes each). Version 4 keeps the time in 4 bytes, the country as 2
letters and the start and end as 8-byte numbers before the strings (UTF-8),
adds a length before the device identifier and custom figures after the
board, and stores each event's time and position as changes from the one
before (pauses longer than a byte holds come as their own events, code 255).
All numbers are big-endian.
"""

from __future__ import annotations

import struct
from typing import Final

from game.community.binary import Bytes
from game.community.recording import Mouse, Recording, check_board, check_events
from game.community.strings import date_of_epoch, decode

_EVENTS: Final = {
    1: "mv", 2: "lc", 3: "lr", 4: "rc", 5: "rr", 6: "mc", 7: "mr", 8: "pf", 9: "cc",
    10: "l", 11: "r", 12: "m",
}  # fmt: skip


def looks_like(data: bytes) -> bool:
    """Tell whether *data* may be an EVF: a known version byte and a plausible board."""
    if len(data) < 12 or data[0] > 4:
        return False
    at = 3 if data[0] >= 3 else 2  # the height, then the width
    return data[at] > 0 and data[at + 1] > 0


def read(data: bytes, name: str) -> Recording:
    """Read an EVF replay.

    :raises ReplayError: naming the file and what is wrong.
    """
    source = Bytes(data, name)
    version = source.u8()
    if version > 4:
        raise source.fail(f"EVF version {version} is not one this game reads (0 to 4)")
    flags = source.u8()
    if version >= 3:
        source.u8()
    height, width, count = source.u8(), source.u8(), source.u16()
    cell = source.u8()
    if cell == 0:
        raise source.fail("the cell size is 0 pixels")
    mode = source.u16()
    source.skip(2)  # 3BV
    if version == 4:
        return _read_v4(source, flags, width, height, count, cell, mode)
    source.skip(3)  # the time
    program = decode(source.until(0), "utf-8", "gbk", "cp1252")
    player = decode(source.until(0), "utf-8", "gbk", "cp1252")
    source.until(0)  # race
    source.until(0)  # identifier
    start = source.until(0)  # microseconds from 1970, UTC, as digits
    date = date_of_epoch(int(start) // 1_000_000) if start.isdigit() and len(start) < 20 else ""
    for _ in range(2 if version < 2 else 3):  # end, country, device
        source.until(0)
    mines = _board(source, width, height, count)
    events: list[Mouse] = []
    while True:
        code = source.u8()
        if code in (0, 255):
            break
        kind = _EVENTS.get(code)
        if kind is None or (version < 3 and code > 9):
            raise source.fail(f"mouse event {len(events) + 1} has the unknown code {code}")
        events.append(Mouse(source.u24(), kind, source.u16(), source.u16()))
    played, skipped = check_events(name, events)
    return Recording(
        program,
        player,
        width,
        height,
        mines,
        played,
        cell,
        skipped=skipped,
        date=date,
        file_mode=mode,
    )


def _board(source: Bytes, width: int, height: int, count: int) -> frozenset[tuple[int, int]]:
    bits = source.take((width * height + 7) // 8)
    whole = int.from_bytes(bits, "big") >> (len(bits) * 8 - width * height)
    size = width * height
    mines = frozenset((i % width, i // width) for i in range(size) if whole >> (size - 1 - i) & 1)
    check_board(source.name, width, height, mines, count)
    return mines


def _read_v4(
    source: Bytes, flags: int, width: int, height: int, count: int, cell: int, mode: int
) -> Recording:
    source.skip(4 + 2)  # time, country
    date = date_of_epoch(int.from_bytes(source.take(8), "big") // 1_000_000)
    source.skip(8)  # the end
    program = decode(source.until(0), "utf-8")
    if flags & 0b1000:  # translated from another format: the translator, the encoding
        source.until(0)
        source.until(0)
    player = decode(source.until(0), "utf-8", "gbk", "cp1252")
    source.until(0)
    source.until(0)
    source.skip(source.u16())
    mines = _board(source, width, height, count)
    for _ in range(source.u16()):
        source.until(0)
    code = source.u8()
    kind = _EVENTS.get(code)
    if kind is None:
        raise source.fail(f"mouse event 1 has the unknown code {code}")
    ms = source.u8()
    x, y = source.u16(), source.u16()
    events = [Mouse(ms, kind, x, y)]
    _v4_events(source, events, ms, x, y)
    played, skipped = check_events(source.name, events)
    return Recording(
        program,
        player,
        width,
        height,
        mines,
        played,
        cell,
        skipped=skipped,
        date=date,
        file_mode=mode,
    )


_STEP: Final = struct.Struct(">Bhh")
"""A version 4 mouse event after its code: the time step, then x's and y's."""


def _v4_events(source: Bytes, events: list[Mouse], ms: int, x: int, y: int) -> None:
    """Read version 4's events after the first, each a step from the one before.

    The hottest loop of reading a long game (50,000 events): it reads the bytes
    directly rather than through `Bytes`, and says where the file ends short.
    """
    data, at = source.data, source.at
    end = len(data)
    step = _STEP.unpack_from
    kinds = _EVENTS
    pause = 0
    while True:
        code = data[at] if at < end else None
        size = 0 if code == 0 else 2 if code == 255 else 5 if code and code <= 80 else 1
        if code is None or at + 1 + size > end:
            source.at = end
            raise source.fail("the file is cut short in its events")
        at += 1
        if code == 0:
            break
        if code == 255:
            pause += data[at] << 8 | data[at + 1]
            at += 2
            continue
        if code <= 80:
            kind = kinds.get(code)
            if kind is None:
                source.at = at
                raise source.fail(f"mouse event {len(events) + 1} has the unknown code {code}")
            delay, dx, dy = step(data, at)
            at += 5
            ms += delay + pause
            x += dx
            y += dy
            events.append(Mouse(ms, kind, x, y))
        elif code < 100:  # the game's state: replay, won, lost, error
            ms += data[at] + pause
            at += 1
        else:
            source.at = at
            raise source.fail(f"event {len(events) + 1} has the unknown code {code}")
        pause = 0
    source.at = at
