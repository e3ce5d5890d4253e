"""The fair modes' rule: where the mines are when a reveal of a kind or cruel game lands.

A cell is *certainly safe* when no arrangement of the mines that fits the
numbers shown and the board's mine count puts a mine on it (flags are the
player's notes, not information); a reveal is *forced* when no hidden cell is
certainly safe. The first reveal deals as classic does (`game.deal.dealer`).
After it, each reveal is judged on the position just before it (`judge`):

- `kind`: a forced reveal that would hit a mine moves the mines, drawn
  uniformly among the arrangements that fit everything shown with that cell
  safe (`game.solver.sample.draw`);
- `cruel`: a reveal of a cell that is not certainly safe while some hidden
  cell is certainly safe hits a mine (the mines move to an arrangement that
  mines it, if they must); a forced reveal never loses (the mines move to
  one with the cell safe).

A cell that is certainly a mine stays one: no arrangement makes it safe, and
the mine count never changes. Each move of the mines is a `MinesLaid` event
before the move that caused it, so a replay folds it back without deciding
anything again. A chord reveals its cells one by one under the same rule,
and the log keeps the last arrangement before the chord.

When counting the arrangements would take more than `FAIR_BUDGET` steps, or
one group of numbers is too long for the count's search (`Ruling.TOO_LARGE`),
the reveal plays as in classic, on the mines as they lie: nothing is moved,
and the log says so by holding no `MinesLaid`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from random import Random
from typing import Final

from game.rules.board import Hidden, Position
from game.rules.events import CellOpened, Event, MinesLaid, Move, NeighboursOpened
from game.rules.seen import Seen
from game.rules.settings import Mode
from game.rules.state import Game, apply

# The solver is imported where it is used: the dealer imports this module for every game,
# and most games never count.

FAIR_BUDGET: Final = 200_000
"""Steps one reveal's count (and one draw) may take; past it the reveal plays as classic."""


class Ruling(enum.Enum):
    """What the fair rule found of a reveal, on the position before it."""

    SAFE = "safe"
    """The cell was certainly safe."""
    MINE = "mine"
    """The cell was certainly a mine: no arrangement makes it safe."""
    FORCED = "forced"
    """No hidden cell was certainly safe: the reveal was forced, and never loses."""
    AVOIDABLE = "avoidable"
    """A guess while a certainly safe cell existed: in cruel, it hits a mine."""
    TOO_LARGE = "too large"
    """Counting would have taken too long: the reveal played as in classic."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """The fair rule's reading of one reveal."""

    cell: Position
    """The cell revealed."""
    ruling: Ruling
    """What it was."""
    safe: tuple[Position, ...] = ()
    """The hidden cells that were certainly safe then, row by row; listed only when the
    cell revealed was one the rules prove neither safe nor a mine (`judge`)."""
    before: Game | None = None
    """The game just before the cell was revealed (what the explanation reads)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The events a move makes in a fair game, and how its deciding reveal was judged."""

    events: tuple[Event, ...]
    """The mines moved (if they moved), then the move."""
    judgement: Judgement | None
    """The reveal that lost, else the last one judged; None when nothing was revealed."""


def judge(game: Game, cell: Position, *, budget: int = FAIR_BUDGET) -> Judgement:
    """Return what hidden *cell* of *game* (its mines laid) was, for the fair rule.

    A cell the player's rules prove safe or a mine (`game.solver.deduce`: one
    number, or two) is judged without counting every arrangement, and most
    reveals are of such cells. The rules read the numbers around *cell* first,
    then the whole board; only a cell they leave in doubt is judged by the exact
    count, which shares their budget and lists every certainly safe cell.
    """
    from game.solver.deduce import Deducer
    from game.solver.groups import Budget, TooComplexError
    from game.solver.sample import unflagged

    seen, steps = unflagged(Seen.from_game(game)), Budget(budget)
    try:
        deducer = Deducer.of(seen)
        deducer.settle_around(cell, steps)
        if cell not in deducer.safe and cell not in deducer.mines:
            deducer.settle(steps)
        if cell in deducer.safe:
            return Judgement(cell, Ruling.SAFE, before=game)
        if cell in deducer.mines:
            return Judgement(cell, Ruling.MINE, before=game)
        counted = deducer.count(steps)
    except TooComplexError:
        return Judgement(cell, Ruling.TOO_LARGE, before=game)
    weights = counted.mine_weights()
    safe = tuple(sorted((p for p, w in weights.items() if w == 0), key=lambda p: (p[1], p[0])))
    if weights[cell] == 0:
        return Judgement(cell, Ruling.SAFE, before=game)
    if weights[cell] == counted.total:  # a mine in every arrangement: no safer cell to name
        return Judgement(cell, Ruling.MINE, before=game)
    return Judgement(cell, Ruling.AVOIDABLE if safe else Ruling.FORCED, safe, game)


def _rng(game: Game, cell: Position) -> Random:
    """Return the game's seeded generator for a draw at *cell*: the same game draws the same."""
    return Random(f"fair {game.start.seed} {game.board.revealed_safe} {cell[0]},{cell[1]}")


def _decide(
    game: Game, cell: Position, budget: int
) -> tuple[frozenset[Position] | None, Judgement]:
    """Return the mines a reveal of *cell* moves to (None: they stay) and its judgement."""
    from game.solver.groups import Budget, TooComplexError
    from game.solver.sample import draw, unflagged

    mode = game.settings.mode
    mined = game.board.cells[cell].mine
    judgement = judge(game, cell, budget=budget)
    punish = judgement.ruling is Ruling.AVOIDABLE and mode is Mode.CRUEL and not mined
    if not punish and not (judgement.ruling is Ruling.FORCED and mined):
        return None, judgement
    seen, rng, steps = unflagged(Seen.from_game(game)), _rng(game, cell), Budget(budget)
    try:
        if punish:
            mines = draw(seen, rng, mines=(cell,), budget=steps)
        else:
            mines = draw(seen, rng, safe=(cell,), budget=steps)
    except TooComplexError:
        return None, Judgement(cell, Ruling.TOO_LARGE, judgement.safe, game)
    return mines, judgement


def decide(game: Game, move: Move, *, budget: int = FAIR_BUDGET) -> Decision:
    """Return the events *move* makes in the fair game *game*, its mines laid.

    A reveal, or each cell of a chord in turn, is judged and may move the mines;
    the log holds the last arrangement (as a `MinesLaid`), then *move*.
    """
    board = game.board
    if type(move) is CellOpened:
        cells: tuple[Position, ...] = (move.pos,)
    elif type(move) is NeighboursOpened and board.can_chord(move.pos):
        cells = board.neighbours(move.pos)
    else:
        return Decision((move,), None)
    if type(board.cells.get(move.pos)) is not Hidden and type(move) is CellOpened:
        return Decision((move,), None)
    now, moved, last = game, None, None
    for cell in cells:
        if now.is_over() or type(now.board.cells[cell]) is not Hidden:
            continue
        mines, last = _decide(now, cell, budget)
        if mines is not None:
            moved = mines
            now = apply(now, MinesLaid(mines))
        now = apply(now, CellOpened(cell))
    events: tuple[Event, ...] = (move,) if moved is None else (MinesLaid(moved), move)
    return Decision(events, last)
