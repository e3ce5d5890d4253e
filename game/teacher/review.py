"""Game review: what the solver saw just before each move, and a verdict on the move.

For every move of a game's history, `review_moves` gives the exact chance
that it went wrong (the risk), the lowest risk a move of its sort had, the
solver's choice, and a verdict; `summarise` adds up the game.

What the review counts, and why:

- **Only the numbers and the mine total are information.** Flags are the
  player's notes, not facts: a wrong flag must not make a later chord look
  safe. Risks are counted over every arrangement of the mines that fits the
  revealed numbers and the total, flags or not.
- **Risk.** A reveal: the chance the cell held a mine. A chord: the chance
  that any cell it opens held one. A flag: the chance the cell held no mine.
  Taking a flag off risks nothing (0). The first reveal of a random board
  risks nothing (0): the mines are dealt after it, around it; before that
  deal every reveal is safe, so a flag placed then had a safe alternative.
  A move that changed nothing (a history built by hand can hold moves the
  rules refused, or moves after the end; saved games and sessions never do)
  risks nothing.
- **Safest.** The lowest risk a move of the same sort had: the safest
  reveal for a reveal or a chord, the surest flag for a flag.
- **Verdict.** `certain`: risk 0 (a cell proven safe, a flag proven a
  mine, a chord that opens proven-safe cells only, an unflag, the first
  reveal). `avoidable`: a risk taken while some cell was proven safe.
  `guess`: otherwise, within half a point (`TOLERANCE`) of the safest.
  `risky`: otherwise.
- **The solver's choice** (for moves that were not certain): the cell the
  solver would reveal in that position. Late in a game, when no cell is
  proven safe and few arrangements are left, the endgame search's move,
  the one with the best chance of winning (it may be riskier than the
  safest). Otherwise the safest cell, then the one with the fewest hidden
  neighbours, then the top-left one: the look-ahead the solver uses
  earlier, which may prefer a slightly riskier cell, is left out, as it
  costs more than the rest of a review (the hint, `game.solver.explain`,
  shows it for any one position).

Speed: a position is counted at most once, and only for a move that the
deductions made so far do not settle. Most moves reveal a cell already
proven safe, or flag a cell already proven a mine, by the rules a player
uses applied where the numbers changed, or by an earlier count: one
`game.solver.deduce.Deducer` follows the game, and the facts it proves only
ever grow as numbers are revealed.
Each count's budget (`REVIEW_BUDGET`) keeps any one position from taking
long; a position past it is left unjudged (None).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final

from game.rules.board import Board, Flagged, Hidden, Position, Revealed
from game.rules.events import CellOpened, FlagToggled, Move
from game.rules.history import History
from game.rules.seen import FLAGGED, Seen
from game.rules.state import Game, Status
from game.solver.choice import tie_break
from game.solver.counting import Count, count
from game.solver.deduce import Deducer
from game.solver.endgame import solve_endgame
from game.solver.groups import Budget, TooComplexError

TOLERANCE: Final = Fraction(1, 200)
"""How much riskier than the safest a guess may be and still be a `guess`: half a point."""
REVIEW_BUDGET: Final = 40_000
"""Steps one position's count may take, as the page allows one analysis: past it (a few
hundred milliseconds of CPython) the move is left unjudged. The hardest positions met
in the benchmark's expert games took about 11,000."""


class Verdict(enum.Enum):
    """What the review says of a move (the page's `data-verdict`)."""

    CERTAIN = "certain"
    """It took no risk: a cell proven safe, a flag proven a mine."""
    GUESS = "guess"
    """Nothing was certain, and it was as safe as the safest move, within half a point."""
    RISKY = "risky"
    """Nothing was certain, and it was clearly riskier than the safest move."""
    AVOIDABLE = "avoidable"
    """It took a risk while some cell was proven safe."""


class Kind(enum.Enum):
    """What a move did."""

    REVEAL = "reveal"
    """Revealed a hidden cell."""
    CHORD = "chord"
    """Revealed the unflagged neighbours of a number."""
    FLAG = "flag"
    """Put a flag on a hidden cell."""
    UNFLAG = "unflag"
    """Took a flag off."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move, as the solver saw the position just before it."""

    number: int
    """The move's number, from 1 (the page's `data-move`)."""
    move: Move
    """The move itself."""
    kind: Kind
    """What it did."""
    risk: Fraction | None
    """The exact chance it went wrong (the page's `data-risk`); None if unjudged."""
    safest: Fraction | None
    """The lowest risk a move of the same sort had (reveals and chords: the safest
    reveal; flags: the surest flag); None if unjudged."""
    verdict: Verdict | None
    """The verdict; None only if the position was too large to count within the budget."""
    solver: Position | None = None
    """The cell the solver would have revealed instead; None for a certain move."""
    solver_risk: Fraction | None = None
    """The chance the solver's cell held a mine; None when *solver* is."""
    exploded: bool = False
    """Whether this move revealed a mine and lost the game."""


@dataclass(frozen=True, slots=True)
class Summary:
    """A reviewed game in figures."""

    moves: int
    """Moves made."""
    certain: int
    """Moves that took no risk."""
    guesses: int
    """Guesses as safe as the safest (verdict `guess`)."""
    risky: int
    """Guesses clearly riskier than the safest."""
    avoidable: int
    """Risks taken while a proven-safe cell existed."""
    unjudged: int
    """Moves left unjudged: positions too large to count within the budget."""
    survival: Fraction
    """The chance of surviving every risky reveal and chord the player made: the product
    of one minus their risks (flags cannot lose a game, so they are left out)."""
    solver_survival: Fraction
    """The same for the solver's choices in those positions."""
    first_mistake: int | None
    """The number of the first `risky` or `avoidable` move, or None."""
    lost_at: int | None
    """The number of the move that revealed a mine, or None."""


@dataclass(frozen=True, slots=True)
class Review:
    """Every move of a game reviewed, and the summary."""

    moves: tuple[MoveReview, ...]
    """One review per move, in order."""
    summary: Summary
    """The game in figures."""


def review(history: History, *, budget: int = REVIEW_BUDGET) -> Review:
    """Review every move of *history*; see `review_moves`."""
    moves = tuple(review_moves(history, budget=budget))
    return Review(moves, summarise(moves))


def review_moves(history: History, *, budget: int = REVIEW_BUDGET) -> Iterator[MoveReview]:
    """Yield the review of each move of *history*, in order, as it is made.

    A generator, so a page can review a long game a few moves at a time and
    show its progress between them. *budget* caps the steps of each
    position's count (a move whose count would exceed it is unjudged).
    """
    states = history.states()
    before = next(states)
    board = before.board
    facts = Deducer(board.width, board.height, board.mine_count)
    facts.reveal(_opened(Board.empty(board.width, board.height, 0), board))
    facts.settle()
    odds: _Odds | None = None
    for number, (move, after) in enumerate(zip(history.moves, states, strict=True), 1):
        judged, odds = _judge(number, move, before, after, facts, odds, budget)
        yield judged
        if after.board.revealed_safe != before.board.revealed_safe:
            facts.reveal(_opened(before.board, after.board))
            facts.settle()
            odds = None
        before = after


def summarise(moves: Sequence[MoveReview]) -> Summary:
    """Add up reviewed moves."""
    verdicts = [m.verdict for m in moves]
    survival = solver_survival = Fraction(1)
    for m in moves:
        if m.kind in (Kind.REVEAL, Kind.CHORD) and m.risk:
            survival *= 1 - m.risk
            solver_survival *= 1 - (m.solver_risk or 0)
    wrong = [m.number for m in moves if m.verdict in (Verdict.RISKY, Verdict.AVOIDABLE)]
    lost = [m.number for m in moves if m.exploded]
    return Summary(
        moves=len(moves),
        certain=verdicts.count(Verdict.CERTAIN),
        guesses=verdicts.count(Verdict.GUESS),
        risky=verdicts.count(Verdict.RISKY),
        avoidable=verdicts.count(Verdict.AVOIDABLE),
        unjudged=verdicts.count(None),
        survival=survival,
        solver_survival=solver_survival,
        first_mistake=wrong[0] if wrong else None,
        lost_at=lost[0] if lost else None,
    )


def verdict_of(risk: Fraction, safest: Fraction, *, safe_exists: bool) -> Verdict:
    """Return the verdict on a move of *risk* when the safest move of its sort had *safest*.

    >>> verdict_of(Fraction(0), Fraction(0), safe_exists=True).value
    'certain'
    >>> verdict_of(Fraction(1, 4), Fraction(0), safe_exists=True).value
    'avoidable'
    >>> verdict_of(Fraction(1, 4), Fraction(249, 1000), safe_exists=False).value
    'guess'
    >>> verdict_of(Fraction(1, 4), Fraction(1, 5), safe_exists=False).value
    'risky'
    """
    if risk == 0:
        return Verdict.CERTAIN
    if safe_exists:
        return Verdict.AVOIDABLE
    return Verdict.GUESS if risk <= safest + TOLERANCE else Verdict.RISKY


def _kind(move: Move, board: Board) -> Kind:
    if type(move) is CellOpened:
        return Kind.REVEAL
    if type(move) is FlagToggled:
        return Kind.UNFLAG if type(board.cells.get(move.pos)) is Flagged else Kind.FLAG
    return Kind.CHORD


def _judge(
    number: int,
    move: Move,
    before: Game,
    after: Game,
    facts: Deducer,
    odds: _Odds | None,
    budget: int,
) -> tuple[MoveReview, _Odds | None]:
    """Review one move, and return the review with the position's odds, if counted.

    A move is settled by the facts when they suffice, else by the *odds* of
    the position (counted now unless given).
    """
    board = before.board
    kind = _kind(move, board)
    exploded = after.status is Status.LOST and before.status is not Status.LOST
    certain = MoveReview(number, move, kind, Fraction(0), Fraction(0), Verdict.CERTAIN)
    if after.board is board or after.board.cells is board.cells or kind is Kind.UNFLAG:
        return certain, odds  # changed nothing, or took a flag off: no risk
    if not board.mines_laid:
        if kind is Kind.REVEAL:
            return certain, odds  # the deal spares the first reveal
        risk = 1 - Fraction(board.mine_count, len(board.cells))  # every cell alike
        return MoveReview(number, move, kind, risk, risk, Verdict.AVOIDABLE), odds
    opens = _opens(move, kind, board)
    if kind is Kind.FLAG and move.pos in facts.mines:
        return certain, odds
    if kind is not Kind.FLAG and all(p in facts.safe for p in opens):
        return certain, odds
    try:
        if odds is None:
            odds = _Odds(facts.count(Budget(budget)), budget)
            facts.settle()
        if kind is Kind.FLAG:
            risk = 1 - odds.chance(move.pos)
            safest = odds.surest_flag
        else:
            risk = odds.risk_of_opening(opens, board.neighbours(move.pos), budget)
            safest = odds.safest
    except TooComplexError:
        return MoveReview(number, move, kind, None, None, None, exploded=exploded), odds
    judged = verdict_of(risk, safest, safe_exists=odds.safe_exists)
    solver = odds.solver_choice if judged is not Verdict.CERTAIN else None
    solver_risk = None if solver is None else odds.chance(solver)
    return MoveReview(number, move, kind, risk, safest, judged, solver, solver_risk, exploded), odds


def _opens(move: Move, kind: Kind, board: Board) -> list[Position]:
    """Return the cells *move* reveals directly (a chord: the number's unflagged neighbours)."""
    if kind is Kind.REVEAL:
        return [move.pos]
    if kind is Kind.CHORD:
        return [n for n in board.neighbours(move.pos) if type(board.cells[n]) is Hidden]
    return []


def _opened(before: Board, after: Board) -> dict[Position, int]:
    """Return the cells *after* shows revealed that *before* did not, with their numbers."""
    old = before.cells
    return {
        p: c.count
        for p, c in after.cells.items()
        if c is not old[p] and type(c) is Revealed and not c.mine
    }


class _Odds:
    """The review's figures for one counted position.

    Worked out once, whatever number of moves see the position (flags do not
    change what is counted, so a run of flags shares one position).
    """

    def __init__(self, counted: Count, budget: int) -> None:
        self.counted = counted
        self.view = counted.seen
        """The numbers, with the cells proven mines marked as such (flags are ignored)."""
        self.total = counted.total
        self.exact: Mapping[Position, Fraction] = counted.probabilities()
        """Each undecided covered cell's chance of a mine (proven mines are not in it)."""
        self.budget = budget
        """Steps the endgame search behind the solver's choice may take."""

    def chance(self, pos: Position) -> Fraction:
        """Return the chance that covered cell *pos* holds a mine."""
        return self.exact.get(pos, Fraction(1))

    @cached_property
    def safest(self) -> Fraction:
        """The lowest chance of a mine among the covered cells."""
        return min(self.exact.values(), default=Fraction(1))

    @cached_property
    def surest_flag(self) -> Fraction:
        """The lowest chance of no mine among the covered cells."""
        if any(c is FLAGGED for c in self.view.cells.values()):
            return Fraction(0)  # a cell proven a mine
        return 1 - max(self.exact.values(), default=Fraction(0))

    @cached_property
    def safe_exists(self) -> bool:
        """Whether some covered cell is proven safe."""
        return self.safest == 0

    @cached_property
    def solver_choice(self) -> Position | None:
        """The cell the solver would reveal (`choose`'s, without its look-ahead).

        With no cell proven safe, the endgame search's move when it searches
        the position to the end within the budget (`game.solver.endgame`).
        Otherwise the safest cell, then the one with the fewest hidden
        neighbours, then the top-left.
        """
        if not self.safe_exists:
            try:
                found = solve_endgame(self.counted, Budget(self.budget))
            except TooComplexError:
                found = None
            if found is not None:
                return found.move
        safest = self.safest
        cells = (p for p, v in self.exact.items() if v == safest)
        return min(cells, key=tie_break(self.view), default=None)

    def risk_of_opening(
        self, opens: Sequence[Position], around: Iterable[Position], budget: int
    ) -> Fraction:
        """Return the chance that any of *opens* holds a mine.

        One cell (a reveal): its chance. A chord's cells: all of them are safe exactly when
        the number's flagged neighbours hold all its mines (the chord needs as
        many flags as the number says), which is a position of its own to count:
        the same view with those cells marked as mines.
        """
        if len(opens) == 1:
            return self.chance(opens[0])
        chances = [self.chance(p) for p in opens]
        if all(c == 0 for c in chances):
            return Fraction(0)
        if any(c == 1 for c in chances):
            return Fraction(1)
        cells = dict(self.view.cells)
        for p in around:
            if p not in opens and not isinstance(cells[p], int):
                cells[p] = FLAGGED  # the flagged neighbours: all mines, or the chord hits one
        marked = Seen(self.view.width, self.view.height, self.view.mines, cells)
        try:
            fits = count(marked, Budget(budget)).total
        except TooComplexError:
            raise
        except ValueError:  # no arrangement has them all mines
            return Fraction(1)
        return 1 - Fraction(fits, self.total)
