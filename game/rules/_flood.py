"""The one flood fill of the project: what revealing some cells opens.

Private to the board (`game.rules.board`): a reveal (`Draft.open`) and
`Uncovering`, the door the no-guess player and 3BV go through, call it, and
nothing else imports it. It works on cell indices, row by row, and reads what
a reveal does to each cell from bytes, so it knows nothing of the cells' types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from itertools import compress
from typing import Final

from game.rules.grid import Position

STAYS: Final = 0
"""A cell a reveal leaves as it is (flagged or open), as `flood` reads a cell."""
OPENS: Final = 1
"""A cell a reveal opens."""
FLOODS: Final = 2
"""A cell a reveal opens, and each of its neighbours in turn: a hidden safe cell with no
mined neighbour."""

FLOODING: Final = bytes((0, 0, 1)).ljust(256, b"\0")
"""A `bytes.translate` table of `flood`'s kinds: 1 for `FLOODS`, else 0."""
_OPENING: Final = bytes((0, 1, 1)).ljust(256, b"\0")
"""A `bytes.translate` table of `flood`'s kinds: 1 for `OPENS` and `FLOODS`, else 0."""
_RUN: Final = re.compile(rb"\x01+")


_NEAR_KIND: Final = bytes((FLOODS, OPENS)).ljust(256, b"\0")
"""A `bytes.translate` table: a cell with no mine on or beside it floods, the rest open."""


@cache
def _inner_columns(width: int, height: int) -> tuple[int, int]:
    """Return masks of every cell but the last column's, and but the first's: a byte each."""
    inner = b"\1" * (width - 1)
    return int.from_bytes((inner + b"\0") * height), int.from_bytes((b"\0" + inner) * height)


def layout_kinds(width: int, height: int, mines: Iterable[Position]) -> bytes:
    """Return what a reveal does to each cell of a layout with every cell hidden, for `flood`.

    A cell with no mine on or beside it floods, every other cell opens. The
    mines spread to their neighbours as whole rows shifted in one integer
    (a byte per cell, each cell's right-hand neighbour one byte lower), so
    the cost is a step per mine, not per neighbour.
    """
    size = width * height
    mined = bytearray(size)
    for x, y in mines:
        mined[x + y * width] = 1
    but_last, but_first = _inner_columns(width, height)
    cells = int.from_bytes(mined)
    rows = cells | (cells << 8) & but_last | (cells >> 8) & but_first
    shift = 8 * width
    near = rows | (rows << shift) & ((1 << 8 * size) - 1) | rows >> shift
    return near.to_bytes(size).translate(_NEAR_KIND)


def flood(
    width: int,
    height: int,
    starts: Iterable[int],
    kinds: Callable[[int, int], bytes],
    done: bytearray | None = None,
) -> list[int]:
    """Return the cells that revealing *starts* opens: the starts that open, then the rest.

    Cells are indices, row by row, on a *width* by *height* board; `kinds(lo, hi)`
    says what a reveal does to the cells `lo` to `hi - 1` of one row, as bytes of
    `STAYS`, `OPENS` and `FLOODS`. *done* marks the cells opened before (a caller's
    earlier floods): they stay, and this call marks the ones it opens.

    A scanline fill: it takes a run of flooding cells of a row at a
    time, with byte and integer operations over the whole run, so a 100x100
    board without mines opens in about a hundred steps rather than a step per
    cell, and a small opening costs only the rows it reaches.
    """
    done = bytearray(width * height) if done is None else done
    rows: dict[int, bytes] = {}

    def row_kinds(y: int) -> bytes:
        kind = rows.get(y)
        if kind is None:
            kind = rows[y] = kinds(y * width, (y + 1) * width)
        return kind

    opened: list[int] = []
    runs: list[tuple[int, int, bool]] = []
    """Runs of flooding cells opened and not yet spread from, as index ranges within a row,
    each with whether it is a whole run of its row (a start alone may not be)."""

    def spread(row: int, lo: int, hi: int) -> None:
        """Open cells `lo` to `hi - 1` of *row*, and the whole runs of flooding cells they touch."""
        base = row * width
        kind = row_kinds(row)
        near = kind[lo:hi]
        was = int.from_bytes(done[base + lo : base + hi])
        if int.from_bytes(near.translate(FLOODING)) & ~was:
            closed = ~int.from_bytes(done[base : base + width])
            carry = (int.from_bytes(kind.translate(FLOODING)) & closed).to_bytes(width)
            for run in _RUN.finditer(carry, carry.rfind(b"\0", 0, lo) + 1):
                a, b = run.span()
                if a >= hi:
                    break
                if b > lo:
                    opened.extend(range(base + a, base + b))
                    done[base + a : base + b] = b"\1" * (b - a)
                    runs.append((base + a, base + b, True))
            was = int.from_bytes(done[base + lo : base + hi])
        fresh = int.from_bytes(near.translate(_OPENING)) & ~was
        if fresh:
            opened.extend(compress(range(base + lo, base + hi), fresh.to_bytes(hi - lo)))
            done[base + lo : base + hi] = (was | fresh).to_bytes(hi - lo)

    for start in starts:
        if not done[start]:
            what = row_kinds(start // width)[start % width]
            if what != STAYS:
                done[start] = 1
                opened.append(start)
                if what == FLOODS:
                    runs.append((start, start + 1, False))
    while runs:
        first, end, whole = runs.pop()
        y, a = divmod(first, width)
        b = a + end - first
        lo, hi = max(a - 1, 0), min(b + 1, width)
        if y:
            spread(y - 1, lo, hi)
        if y + 1 < height:
            spread(y + 1, lo, hi)
        if whole:  # in its own row only the cells at its ends are left, neither flooding
            base, kind = y * width, row_kinds(y)
            for x in (a - 1, b):
                if 0 <= x < width and not done[base + x] and kind[x]:
                    done[base + x] = 1
                    opened.append(base + x)
        else:
            spread(y, lo, hi)
    return opened
