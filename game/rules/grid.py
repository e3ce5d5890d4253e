"""The board's geometry: places, their order, and each place's neighbours."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import TypeAlias

Position: TypeAlias = tuple[int, int]
"""A cell's place as `(x, y)`: x grows to the right, y grows downwards, both from 0."""


@cache
def neighbour_table(width: int, height: int) -> Mapping[Position, tuple[Position, ...]]:
    """Return, for every position of a *width* by *height* board, its on-board neighbours.

    Computed once per board size: the flood fill and the solver look up
    neighbours far more often than boards change size. The first reveal of a
    board size builds it, so it is built from one tuple per position, shared
    by every entry that names it, and a row's inner cells are zipped from
    shifted copies of the rows around it, without a Python step per cell.
    Each cell lists the row above, then its left and right, then the row
    below, left to right.
    """
    rows = [tuple([(x, y) for x in range(width)]) for y in range(height)]
    table: dict[Position, tuple[Position, ...]] = {}
    for y, row in enumerate(rows):
        near = rows[max(0, y - 1) : y + 2]
        # Cell x's neighbours are item x - 1 of each shifted copy: its row's skips x itself.
        shifted = [
            copy
            for line in near
            for copy in ((line, line[2:]) if line is row else (line, line[1:], line[2:]))
        ]
        table[row[0]] = _edge_neighbours(near, row[0])
        table.update(zip(row[1:-1], zip(*shifted, strict=False), strict=True))
        if width > 1:
            table[row[-1]] = _edge_neighbours(near, row[-1])
    return table


def _edge_neighbours(near: list[tuple[Position, ...]], here: Position) -> tuple[Position, ...]:
    """Return the neighbours of *here*, a cell at an end of the middle row of *near*."""
    x, start = here[0], max(0, here[0] - 1)
    return tuple([p for line in near for p in line[start : x + 2] if p is not here])


@cache
def row_order(width: int, height: int) -> tuple[Position, ...]:
    """Return every position of a *width* by *height* board, row by row: each index's place."""
    return tuple(positions(width, height))


def positions(width: int, height: int) -> Iterator[Position]:
    """Yield every position of a *width* by *height* board, row by row from the top."""
    for y in range(height):
        for x in range(width):
            yield (x, y)
