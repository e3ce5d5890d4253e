r"""The solver: exact mine probabilities and the next move, from what a player sees.

>>> a = analyse("3x1x1\n1HH\n")
>>> a.probabilities[(1, 0)], a.probabilities[(2, 0)], a.best
(1.0, 0.0, (2, 0))
"""

from __future__ import annotations

from game.rules.seen import Seen
from game.solver.counting import Analysis, ImpossiblePositionError
from game.solver.explain import study
from game.solver.groups import TooComplexError

__all__ = ["Analysis", "ImpossiblePositionError", "Seen", "TooComplexError", "analyse"]


def analyse(position: str | Seen, *, budget: int | None = None) -> Analysis:
    """Return the exact probabilities of a position and the cell to reveal next.

    One part of what the solver's one door, `game.solver.explain.study`, reads.

    *position* is position text, or the `Seen` view of a game
    (`Seen.from_game`), which spares printing and parsing the text.

    *budget* caps the steps of the exact counts, the look-ahead's included
    (None: no cap; the page sets one).

    :raises ValueError: for text that does not parse or a position no arrangement fits
        (`TooComplexError`, a ValueError, when the count would exceed *budget*).
    """
    return study(position, budget=budget).analysis
