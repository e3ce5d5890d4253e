r"""The hint and the contradiction marks, once for the page and the terminal.

`hint` is what the Hint button and the terminal's H key do to a session:
the solver's next move with the reason that proves it, the cells it marks,
and the aid counted; `read_position` is the same reading of a position
alone (the analysis board's, with its odds). A position no arrangement of
the mines fits gives no hint but marks the cells that contradict
(`contradiction`), as it gives no odds nor solver move (`analysed`). The
front-ends only word and draw what these return.

>>> reading = read_position(Seen.from_text("3x1x1\n1HH\n"), budget=None)
>>> sorted((p, m.value) for p, m in reading.marks.items())
[((0, 0), 'proof'), ((1, 0), 'mine')]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.rules.board import Position
from game.rules.seen import Seen
from game.session import Aid, Session
from game.solver.counting import Analysis, ImpossiblePositionError
from game.solver.explain import Action, Explanation, Study


class Mark(enum.Enum):
    """What a hint (or a contradiction) marks on a cell."""

    PROOF = "proof"
    """A cell the reason reads: a number, or a flag it counts as a mine."""
    SAFE = "safe"
    """Certainly safe (the move, when it reveals)."""
    MINE = "mine"
    """Certainly a mine."""
    GUESS = "guess"
    """The move, the best guess."""
    CONTRADICTION = "contradiction"
    """Part of a position no arrangement of the mines fits."""


_MOVE: dict[Action, Mark] = {
    Action.REVEAL: Mark.SAFE,
    Action.FLAG: Mark.MINE,
    Action.GUESS: Mark.GUESS,
}


@dataclass(frozen=True, slots=True)
class Reading:
    """What the solver says of a position: the hint and its marks, or why there is none."""

    marks: Mapping[Position, Mark]
    """The hint's marks (`hint_marks`), or the contradiction's (`contradiction`)."""
    explanation: Explanation | None = None
    """The next move and why; None when there is no hint (`problem` says why)."""
    odds: Mapping[Position, Fraction] | None = None
    """Every hidden cell's exact chance of a mine, when asked for and counted."""
    analysis: Analysis | None = None
    """The odds and the solver's move, for `analysed`."""
    problem: ValueError | None = None
    """Why there is no hint: an impossible position (an `ImpossiblePositionError`, whose
    cells are marked) or one too large to count in a moment."""


@dataclass(frozen=True, slots=True)
class Hinted:
    """What a hint did: the session (the aid counted when a hint was given) and the reading."""

    session: Session
    """The session, with `Aid.HINT` used if a hint was given."""
    reading: Reading | None
    """The hint, or why there is none; None when the game shown is over."""


def hint_marks(explanation: Explanation) -> dict[Position, Mark]:
    """Return the marks of *explanation*: its proof, the cells it settles, and its move."""
    marks = dict.fromkeys(explanation.proof, Mark.PROOF)
    marks.update(dict.fromkeys(explanation.mines, Mark.MINE))
    marks.update(dict.fromkeys(explanation.safe, Mark.SAFE))
    marks[explanation.move] = _MOVE[explanation.action]
    return marks


def contradiction(error: ImpossiblePositionError) -> dict[Position, Mark]:
    """Return the marks of the cells that make a position impossible."""
    return dict.fromkeys(error.cells, Mark.CONTRADICTION)


def read_position(seen: Seen, *, budget: int | None, odds: bool = False) -> Reading:
    """Return the hint for *seen*, with its odds if *odds*, counted once within *budget*.

    With *odds*, a position too large to count gives neither odds nor hint.
    """
    read = Study(seen, budget)
    try:
        exact = read.odds if odds else None
        explanation = read.explanation
    except ImpossiblePositionError as error:
        return Reading(contradiction(error), problem=error)
    except ValueError as error:  # too large to count in a moment, or nothing hidden
        return Reading({}, problem=error)
    return Reading(hint_marks(explanation), explanation, exact)


def hint(session: Session, *, budget: int | None) -> Hinted:
    """Return the hint for the game *session* shows, and the session with the aid counted."""
    game = session.shown
    if game.is_over():
        return Hinted(session, None)
    reading = read_position(Seen.from_game(game), budget=budget)
    used = session if reading.explanation is None else session.use(Aid.HINT)
    return Hinted(used, reading)


def analysed(seen: Seen, *, budget: int | None) -> Reading:
    """Return the odds and the solver's move for *seen* (`Reading.analysis`), or why not."""
    try:
        analysis = Study(seen, budget).analysis
    except ImpossiblePositionError as error:
        return Reading(contradiction(error), problem=error)
    except ValueError as error:  # too large to count in a moment
        return Reading({}, problem=error)
    return Reading({}, analysis=analysis)
