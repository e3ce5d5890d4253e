"""Minesweeper X's board files (MBF), and layout files that may be either kind.

An MBF holds the width and the height (a byte each), the mine count (2 bytes,
big-endian), then each mine's column and row, a byte each, counted from 0.
A file is taken for an MBF by its content alone: its length is exactly what
its header announces and every mine lies on the board (a layout text, made of
`*`, `.` and line ends, practically never fits that).
"""

from __future__ import annotations

import sys

from game.settings import MAX_SIDE
from game.text import Layout, TextFormatError


def looks_like(data: bytes) -> bool:
    r"""Tell whether *data* is an MBF: its header matches its length and its mines fit.

    >>> looks_like(bytes([3, 1, 0, 1, 2, 0]))
    True
    >>> looks_like(b"..*\n*..\n")
    False
    """
    if len(data) < 4:
        return False
    width, height, count = data[0], data[1], int.from_bytes(data[2:4], "big")
    cells = data[4:]
    return (
        0 < width <= MAX_SIDE
        and 0 < height <= MAX_SIDE
        and len(cells) == 2 * count
        and all(x < width for x in cells[0::2])
        and all(y < height for y in cells[1::2])
    )


def read(data: bytes, name: str) -> Layout:
    """Read an MBF's layout.

    :raises TextFormatError: naming the file, if it is not an MBF or lists a mine twice.
    """
    if not looks_like(data):
        raise TextFormatError(f"{name}: not an MBF board (width, height, mines, then x y each)")
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
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as file:
                data = file.read(1 << 20)
    except OSError as error:
        raise TextFormatError(f"cannot read the layout {path}: {error.strerror}") from None
    if looks_like(data):
        return read(data, path)
    try:
        return Layout.from_text(data.decode("utf-8"))
    except (TextFormatError, UnicodeDecodeError) as error:
        raise TextFormatError(f"{path}: {error}") from None
