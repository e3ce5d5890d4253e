"""Mine placement: exactly the requested number, drawn without replacement from a seed."""

from __future__ import annotations

import random
from itertools import chain, pairwise

from game.rules.board import Position, neighbour_table, row_order
from game.rules.settings import FirstClick, Settings


def spared_cells(settings: Settings, first: Position) -> frozenset[Position]:
    """Return the cells the first reveal at *first* keeps free of mines.

    With `FirstClick.OPENING` that is *first* and its neighbours, unless the
    board is too dense to spare them all, when it falls back to *first* alone.
    """
    if settings.first_click is FirstClick.OPENING:
        block = frozenset((first, *neighbour_table(settings.width, settings.height)[first]))
        if settings.cells - len(block) >= settings.mines:
            return block
    return frozenset((first,))


def lay_mines(settings: Settings, seed: int, first: Position) -> frozenset[Position]:
    """Return the mines of a random board whose first reveal is at *first*.

    The same *settings*, *seed* and *first* give the same mines on every
    machine: the candidates are listed in a fixed order and one
    `random.Random(seed).sample` draws exactly `settings.mines` of them.

    >>> from game.rules.settings import Settings
    >>> sorted(lay_mines(Settings(3, 3, 8, FirstClick.SAFE), 1, (1, 1)))[:3]
    [(0, 0), (0, 1), (0, 2)]
    """
    order = row_order(settings.width, settings.height)
    # Every cell in row order but the spared few: slices between them, without a step per cell.
    cuts = sorted(x + y * settings.width for x, y in spared_cells(settings, first))
    ends = pairwise((-1, *cuts, len(order)))
    candidates = list(chain.from_iterable(order[a + 1 : b] for a, b in ends))
    return frozenset(random.Random(seed).sample(candidates, settings.mines))


def implied_start_cell(settings: Settings, seed: int) -> Position:
    """Return the start cell that a shared *seed* implies on a board of *settings*.

    Drawn from the seed alone (the same on every machine), away from the
    edges when the board is large enough, so the first reveal has room to open.

    >>> from game.rules.settings import PRESETS
    >>> implied_start_cell(PRESETS["expert"], 42) == implied_start_cell(PRESETS["expert"], 42)
    True
    """
    rng = random.Random(f"start cell {seed}")
    margin_x = 1 if settings.width > 4 else 0
    margin_y = 1 if settings.height > 4 else 0
    x = rng.randrange(margin_x, settings.width - margin_x)
    y = rng.randrange(margin_y, settings.height - margin_y)
    return (x, y)
