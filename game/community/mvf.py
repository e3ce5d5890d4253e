"""Minesweeper Clone's MVF replays (0.97 and its variants, 2006 and 2007).

Clone's files start with 0x11 0x4D; the byte at 27 tells the version ('5' for
0.97, '6' or '7' for 2006 and 2007, '8' for a 0.97 with its Funny mode).
Then a date, the level, the mode, the score, (0.97) the 3BV and clicks, the
question marks' setting, the board (width, height, a 2-byte mine count, each
mine as column + 1 and row + 1) and the player's name. Each mouse event is 5
bytes (0.97) or 6 (2007) whose bits are shuffled by a key computed from a
2-byte number before them: the buttons held, x, y and the time. (A 0.97 whose
header a known hack cut, starting 0x00 0x00, is not read: an EVF of version 0
may start so too.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from game.community.binary import Bytes
from game.community.recording import Mouse, Recording, check_board, check_events
from game.community.strings import date_of, decode


def looks_like(data: bytes) -> bool:
    """Tell whether *data* is an MVF that this game reads: it starts with Clone's mark."""
    return data.startswith(b"\x11\x4d")


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each field's bits are in an event of one version."""

    size: int
    key_parts: int
    x: tuple[int, int]
    y: tuple[int, int]
    ms: tuple[int, int]
    """First bit and bit count of the time: hundredths (times 10) then seconds for 0.97,
    milliseconds for 2007."""
    offset: int


_MODES: Final = {1: 0, 2: 3, 3: 1}
"""Clone's mode byte (1 classic, 2 density, 3 UPK, others cheat) as EVF numbers modes."""
_V097 = _Layout(5, 5, (12, 9), (3, 9), (21, 7), 0)
_V2007 = _Layout(6, 6, (14, 11), (3, 11), (25, 22), 32)


def read(data: bytes, name: str) -> Recording:
    """Read an MVF replay.

    :raises ReplayError: naming the file and what is wrong.
    """
    source = Bytes(data, name)
    source.at = 27
    mark = source.u8()
    if mark in (ord("5"), ord("8")):
        source.at = 74
        return _read(source, _V097, "Minesweeper Clone 0.97")
    if mark in (ord("6"), ord("7")):
        source.at = 53
        version = decode(source.take(source.u8()), "cp1252")
        source.at = 71
        return _read(source, _V2007, f"Minesweeper Clone {version}".strip())
    raise source.fail(f"Clone version mark {mark} is not one this game reads")


def _read(source: Bytes, layout: _Layout, program: str) -> Recording:
    month, day, year = source.u8(), source.u8(), source.u16()
    date = date_of(year, month, day, source.u8(), source.u8(), source.u8())
    source.skip(1)  # the level
    mode = _MODES.get(source.u8(), 2)  # Clone's modes in EVF's numbers; else cheat
    source.skip(3 if layout is _V2007 else 3 + 10)  # score; 0.97: 3BV, solved 3BV, clicks
    marks = source.u8() != 0
    width, height, count = source.u8(), source.u8(), source.u16()
    cells = source.take(2 * count)
    mines = frozenset((cells[i] - 1, cells[i + 1] - 1) for i in range(0, len(cells), 2))
    check_board(source.name, width, height, mines, count)
    player = decode(source.take(source.u8()), "cp1252")
    tables = _tables(_key(source.u16(), layout.key_parts), layout.size)
    total = source.u24()
    if total * layout.size > len(source.data) - source.at:
        raise source.fail(f"the header says {total:,} events, more than the file holds")
    data, at, size = source.data, source.at, layout.size
    source.at += total * size
    (x_first, x_bits), (y_first, y_bits), (ms_first, ms_bits) = layout.x, layout.y, layout.ms
    x_mask, y_mask, ms_mask = (1 << x_bits) - 1, (1 << y_bits) - 1, (1 << ms_bits) - 1
    events: list[Mouse] = []
    held = (0, 0, 0)
    where = (-1, -1)
    for number in range(total):
        fields = 0
        for table, byte in zip(tables, data[at : at + size], strict=True):
            fields |= table[byte]
        at += size
        buttons = (fields >> 2 & 1, fields & 1, fields >> 1 & 1)  # left, right, middle
        x = (fields >> x_first & x_mask) - layout.offset
        y = (fields >> y_first & y_mask) - layout.offset
        ms = fields >> ms_first & ms_mask
        if layout is _V097:  # hundredths, then seconds
            ms = ms * 10 + (fields >> 28 & 0x3FF) * 1000
        if number == 0:
            kinds = [k for k, b in zip(("lc", "rc", "mc"), buttons, strict=True) if b][-1:]
            kinds = kinds or ["mv"]
        else:
            kinds = ["mv"] if (x, y) != where else []
            kinds += [k + "c" for k, b, h in zip("lrm", buttons, held, strict=True) if b and not h]
            kinds += [k + "r" for k, b, h in zip("lrm", buttons, held, strict=True) if h and not b]
        held, where = buttons, (x, y)
        events.extend(Mouse(ms, kind, x, y) for kind in kinds)
    played, skipped = check_events(source.name, events)
    return Recording(
        program,
        player,
        width,
        height,
        mines,
        played,
        marks=marks,
        skipped=skipped,
        date=date,
        file_mode=mode,
    )


def _tables(bits: list[int], size: int) -> list[list[int]]:
    """Return, for each byte of an event and each of its 256 values, the field bits it sets.

    *bits* maps each field bit to an event bit; an event's fields, as one number whose bit
    k is field bit k, are then the OR of one table entry per byte: one look-up a byte
    rather than one shift a bit, in the loop over a game's thousands of events.
    """
    field_bit = {bit: k for k, bit in enumerate(bits)}
    return [
        [sum(1 << field_bit[8 * i + t] for t in range(8) if value >> t & 1) for value in range(256)]
        for i in range(size)
    ]


def _key(leading: int, parts: int) -> list[int]:
    """Return, for each field bit in order, its bit's index in an event (little-endian bytes)."""
    num1 = math.sqrt(leading)
    num2 = math.sqrt(leading + 1000.0)
    num3 = math.sqrt(num1 + 1000.0)
    num4 = math.sqrt(num2 + 1000.0)
    values = [
        math.cos(num3 + 1000.0),
        math.sin(math.sqrt(num2)),
        math.cos(num3),
        math.sin(math.sqrt(num1) + 1000.0),
        math.cos(num4),
        math.sin(num4),
    ][:parts]
    digits = "".join(f"{math.floor(abs(v) * 100_000_000 + 0.5):08d}" for v in values)
    return [j for digit in "0123456789" for j, d in enumerate(digits) if d == digit]
