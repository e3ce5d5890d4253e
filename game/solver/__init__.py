r"""The solver: exact mine probabilities and the next move, from what a player sees.

>>> a = analyse("3x1x1\n1HH\n")
>>> a.probabilities[(1, 0)], a.probabilities[(2, 0)], a.best
(1.0, 0.0, (2, 0))
"""

from __future__ import annotations

from game.rules.layout import TextFormatError
from game.rules.seen import Seen
from game.solver.choice import choose
from game.solver.counting import Analysis, ImpossiblePositionError, count
from game.solver.groups import Budget, TooComplexError

__all__ = ["Analysis", "ImpossiblePositionError", "Seen", "TooComplexError", "analyse"]


def analyse(position: str | Seen, *, budget: int | None = None) -> Analysis:
    """Return the exact probabilities of a position and the cell to reveal next.

    *position* is position text, or the `Seen` view of a game
    (`Seen.from_game`), which spares printing and parsing the text.

    *budget* caps the steps of the exact counts, the look-ahead's included
    (None: no cap; the page sets one).

    :raises ValueError: for text that does not parse or a position no arrangement fits
        (`TooComplexError`, a ValueError, when the count would exceed *budget*).
    """
    if isinstance(position, str):
        try:
            position = Seen.from_text(position)
        except TextFormatError as error:
            raise ValueError(str(error)) from None
    steps = None if budget is None else Budget(budget)
    counted = count(position, steps)
    exact = counted.probabilities()
    choice = choose(counted, steps)
    return Analysis(
        probabilities={cell: float(p) for cell, p in exact.items()},
        best=choice.move,
        exact=exact,
        win_chance=choice.win_chance,
    )
