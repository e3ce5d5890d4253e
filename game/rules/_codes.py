"""Each cell's code, and the tables that read and change a board's codes in bytes.

Private to the board (`game.rules.board`), the fast path behind its `Draft`:
a board keeps its cells' codes in one byte string beside them, and these
tables let a whole-board step (a reveal, packing, the view's comparison of two
boards, 3BV) read and change them with byte operations instead of a Python step
per cell. Nothing outside the board's module imports this one (a test in
tests/test_layers.py holds it), so the codes can change without a caller
knowing; property tests hold every use to the plain version over the cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from game.rules._flood import FLOODS, OPENS, STAYS
from game.rules.cells import INTERNED, Cell, Cells, Hidden, Revealed, as_kind

CELLS_BY_CODE: Final[tuple[Cell, ...]] = tuple(INTERNED.values())
"""Every distinct cell, each at its code (0 to 53): a cell in one small number."""
CODE_BY_ID: Final[dict[int, int]] = {id(cell): code for code, cell in enumerate(CELLS_BY_CODE)}
"""Each cell's code, keyed by the cell's id (an int hashes in C, a cell in Python)."""


def cell_codes(cells: Cells) -> bytes:
    """Return the code of each of *cells*, in their order (a board's: row by row)."""
    # Cells are kept in row order from Board.empty on (copies and updates keep a
    # dict's order), so their values pack without looking up each position.
    return bytes(map(CODE_BY_ID.__getitem__, map(id, cells.values())))


KIND_BY_CODE: Final = bytes(
    STAYS if type(cell) is not Hidden else OPENS if cell.mine or cell.count else FLOODS
    for cell in CELLS_BY_CODE
).ljust(256, b"\0")
"""What a reveal does to each cell, by its code (a `bytes.translate` table for `flood`)."""
UNCOVERED_KIND: Final = bytes(
    FLOODS if cell.count == 0 and not cell.mine else OPENS for cell in CELLS_BY_CODE
).ljust(256, b"\0")
"""What a reveal does to each cell of a layout uncovered from all hidden, whatever its
state: every cell opens, and each safe zero floods (a `bytes.translate` table)."""
REVEALED_CODE: Final = bytes(
    [*range(64), *(CODE_BY_ID[id(as_kind(cell, Revealed))] for cell in CELLS_BY_CODE)]
).ljust(256, b"\0")
"""Each code as it is (0 to 63), then, from 64 on, each cell's revealed self's code."""
IS_HIDDEN: Final = bytes(type(cell) is Hidden for cell in CELLS_BY_CODE).ljust(256, b"\0")
"""A `bytes.translate` table of codes: 1 for a hidden cell, else 0."""
HIDDEN_CELL: Final = re.compile(rb"\x01")
"""A hidden cell in the bytes `IS_HIDDEN` gives."""


@lru_cache(maxsize=16)
def table_of(key: Callable[[Cell], int]) -> bytes:
    """Return the `bytes.translate` table of codes that gives *key* of each code's cell.

    A memo of a pure function (*key* depends on the cell alone): `Board.cell_bytes`
    asks it on every call, and a table costs 54 calls of *key* to make.
    """
    return bytes(map(key, CELLS_BY_CODE)).ljust(256, b"\0")
