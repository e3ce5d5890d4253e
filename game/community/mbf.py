"""Minesweeper X's board files (MBF), and layout files that may be either kind.

An MBF holds the width and the height (a byte each), the mine count (2 bytes,
big-endian), then each mine's column and row, a byte each, counted from 0.
A file is taken for an MBF by its content alone: its length is exactly what
its header announces and every mine lies on the board (a layout text, made of
`*`, `.` and line ends, practically never fits that).
"""

from __future__ import annotations

import sys

from game.rules.layout import Layout, TextFormatError
from game.rules.settings import MAX_SIDE

_MAX_BYTES = 1 << 20
"""The most read of a layout file: a 100x100 MBF holds at most 20 KB, a layout text 10 KB."""


def _text_like(data: bytes) -> bool:
    """Tell whether *data* may be layout text: UTF-8 without control bytes but line ends."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c >= " " or c in "\t\r\n" for c in text)


def looks_like(data: bytes) -> bool:
    r"""Tell whether *data* is an MBF: its header matches its length and its mines fit.

    >>> looks_like(bytes([3, 1, 0, 1, 2, 0]))
    True
    >>> looks_like(b"..*\n*..\n")
    False
    """
    return problem(data) is None


def problem(data: bytes) -> str | None:
    """Say why *data* is not an MBF (its header, its length, a mine off the board), or None."""
    if len(data) < 4:
        return f"{len(data)} bytes, shorter than its 4-byte header"
    width, height, count = data[0], data[1], int.from_bytes(data[2:4], "big")
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        return f"its header says the board is {width}x{height}: 1 to {MAX_SIDE} a side"
    if len(data) != 4 + 2 * count:
        return f"its header says {count} mines ({4 + 2 * count} bytes) but it holds {len(data)}"
    cells = data[4:]
    for number, (x, y) in enumerate(zip(cells[0::2], cells[1::2], strict=True), 1):
        if x >= width or y >= height:
            return f"mine {number} at column {x + 1}, row {y + 1} is off the {width}x{height} board"
    return None


def read(data: bytes, name: str) -> Layout:
    """Read an MBF's layout.

    :raises TextFormatError: naming the file, if it is not an MBF or lists a mine twice.
    """
    why = problem(data)
    if why is not None:
        raise TextFormatError(f"{name}: not an MBF board ({why})")
    width, height, cells = data[0], data[1], data[4:]
    mines = frozenset(zip(cells[0::2], cells[1::2], strict=True))
    if len(mines) * 2 != len(cells):
        raise TextFormatError(f"{name}: the MBF lists a mine twice")
    if len(mines) >= width * height:
        raise TextFormatError(f"{name}: every cell of the MBF board is a mine: leave one safe")
    return Layout(width, height, mines)


def write(layout: Layout) -> bytes:
    """Return *layout* as an MBF, its mines in row order.

    :raises ValueError: if the board is wider or taller than 255 or has over 65,535 mines.
    """
    if layout.width > 255 or layout.height > 255 or len(layout.mines) > 0xFFFF:
        raise ValueError("an MBF holds boards up to 255x255 with up to 65,535 mines")
    head = bytes((layout.width, layout.height)) + len(layout.mines).to_bytes(2, "big")
    ordered = sorted(layout.mines, key=lambda p: (p[1], p[0]))
    return head + bytes(v for pos in ordered for v in pos)


def read_layout_file(path: str) -> Layout:
    """Read a layout from the file at *path* (`-`: standard input): MBF or layout text.

    :raises TextFormatError: naming the file and what is wrong.
    """
    try:
        if path == "-":
            data = sys.stdin.buffer.read(_MAX_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(_MAX_BYTES + 1)
    except OSError as error:
        raise TextFormatError(f"cannot read the layout {path}: {error.strerror}") from None
    why = problem(data)
    if why is None:
        return read(data, path)
    if len(data) > _MAX_BYTES:
        why = f"over {_MAX_BYTES:,} bytes: more than any board holds"
    if len(data) > _MAX_BYTES or not _text_like(data):
        raise TextFormatError(f"{path}: not an MBF board ({why}) nor layout text")
    try:
        return Layout.from_text(data.decode("utf-8"))
    except (TextFormatError, UnicodeDecodeError) as error:
        raise TextFormatError(f"{path}: {error}") from None
