"""The one flood fill of the project: what revealing some cells opens.

The rules, the no-guess player and 3BV all use it. It works on cell indices,
row by row, and reads what a reveal does to each cell from bytes, so it knows
nothing of the cells' types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import compress
from typing import Final

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
