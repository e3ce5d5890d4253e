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

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.deal.dealer import decision
from game.deal.fair import Judgement
from game.rules.board import Position
from game.rules.seen import Seen
from game.rules.state import Status
from game.session import Aid, Session
from game.solver.counting import Analysis, ImpossiblePositionError
from game.solver.explain import Action, Explanation, Study, why_safe
from game.solver.groups import TooComplexError
from game.solver.sample import unflagged


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


@dataclass(frozen=True, slots=True)
class FairNote:
    """What a fair mode says of a reveal: forced, or a cruel loss and the safe cells it missed."""

    judgement: Judgement
    """How the fair rule judged the reveal (`game.deal.fair.judge`)."""
    lost: bool
    """Whether the reveal hit a mine."""
    nearest: Position | None = None
    """Of the certainly safe cells then, the nearest to the cell revealed (a loss only)."""
    explanation: Explanation | None = None
    """The one deducer's proof that *nearest* was safe (None past the budget)."""
    marks: Mapping[Position, Mark] = dataclasses.field(default_factory=dict)
    """The certainly safe cells that existed (a loss only), the proof of the nearest."""


def fair_note(judgement: Judgement, lost: bool, *, budget: int | None) -> FairNote:
    """Return what to say of the reveal *judgement* judged; *lost*: it hit a mine.

    A reveal lost while certainly safe cells existed names them all, and
    explains the nearest to the cell revealed (by distance, then row by row).
    """
    before = judgement.before
    if not lost or not judgement.safe or before is None:
        return FairNote(judgement, lost)
    x, y = judgement.cell
    nearest = min(judgement.safe, key=lambda p: ((p[0] - x) ** 2 + (p[1] - y) ** 2, p[1], p[0]))
    marks = dict.fromkeys(judgement.safe, Mark.SAFE)
    try:
        explanation = why_safe(Study(unflagged(Seen.from_game(before)), budget), nearest)
    except TooComplexError:
        return FairNote(judgement, lost, nearest, None, marks)
    marks.update(dict.fromkeys(explanation.proof, Mark.PROOF))
    return FairNote(judgement, lost, nearest, explanation, marks)


def last_fair_note(session: Session, *, budget: int | None) -> FairNote | None:
    """Return the fair mode's note on the last move shown, or None (classic, or no reveal).

    Worked out again from the game before that move (the log holds only its
    outcome, and the mines a move moved belong to it, so that game is the one
    judged): for a game resumed or a move shown again.
    """
    step = session.step
    if not session.start.settings.mode.is_fair() or step == 0:
        return None
    before = session.history.state_at(step - 1)
    move = session.history.moves[step - 1]
    if not before.board.mines_laid:
        return None
    judgement = decision(before, move).judgement
    if judgement is None:
        return None
    return fair_note(judgement, session.shown.status is Status.LOST, budget=budget)
