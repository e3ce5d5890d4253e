r"""The solver: exact mine probabilities and the next move, from position text.

>>> a = analyse("3x1x1\n1HH\n")
>>> a.probabilities[(1, 0)], a.probabilities[(2, 0)], a.best
(1.0, 0.0, (2, 0))
"""

from __future__ import annotations

from game.solver.analysis import Analysis, ImpossiblePositionError, TooComplexError, weigh
from game.solver.choice import choose
from game.text import Snapshot, TextFormatError

__all__ = ["Analysis", "ImpossiblePositionError", "TooComplexError", "analyse"]


def analyse(position_text: str, *, budget: int | None = None) -> Analysis:
    """Return the exact probabilities of a position and the cell to reveal next.

    *budget* caps the steps of the exact counts, the look-ahead's included
    (None: no cap; the page sets one).

    :raises ValueError: for text that does not parse or a position no arrangement fits
        (`TooComplexError`, a ValueError, when the count would exceed *budget*).
    """
    try:
        snapshot = Snapshot.from_text(position_text)
    except TextFormatError as error:
        raise ValueError(str(error)) from None
    steps = None if budget is None else [budget]
    total, exact = weigh(snapshot, steps)
    choice = choose(snapshot, exact, total, steps)
    return Analysis(
        probabilities={cell: float(p) for cell, p in exact.items()},
        best=choice.move,
        exact=exact,
        win_chance=choice.win_chance,
    )
