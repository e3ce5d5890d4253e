"""The game state as a fold of events: `apply` is pure and total, `problem` says why not.

`apply(game, event)` never raises and never mutates: an event that cannot
apply (off the board, on a finished game, a flag on a revealed cell, a
reveal before the mines are laid) returns the game unchanged. `problem`
tells user input why a move would not apply; the command layer
(`game.deal.dealer`) deals the mines of a first reveal as a `MinesLaid` event.
In the fair modes (`game.deal.fair`) a later `MinesLaid` moves the hidden mines:
it applies only when it keeps the mine count and every revealed cell as shown
(`relay_problem` says why not).

Every event goes through one in-place rule, `fold_into`, on a `Draft`:
`apply` folds one event into a copy of the board, `fold` folds a whole log
into one draft, which costs one copy of the cells instead of one per event.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from game.rules.board import (
    Board,
    Draft,
    Flagged,
    Hidden,
    Position,
    ReadableBoard,
    Revealed,
    neighbour_table,
)
from game.rules.events import CellOpened, Event, FlagToggled, GameStarted, MinesLaid, Move
from game.rules.seen import format_position
from game.rules.settings import Settings


class IllegalMoveError(ValueError):
    """A move the rules do not allow; the message says why, for the player."""


class Status(enum.Enum):
    """Where a game stands."""

    READY = "ready"
    """No cell revealed yet (flags may already be placed); the clock has not started."""
    PLAYING = "playing"
    """At least one safe cell revealed, and neither won nor lost."""
    WON = "won"
    """Every cell without a mine is revealed."""
    LOST = "lost"
    """A mine was revealed."""


def status(board: ReadableBoard) -> Status:
    """Return where a game on *board* stands.

    Win rule: a game is won when every cell without a mine is revealed; flags
    are not required (`apply` then flags the remaining mines for display).
    A game is lost as soon as a mine is revealed, which takes precedence when
    a chord reveals the last safe cell and a mine together.
    """
    if board.exploded is not None:
        return Status.LOST
    if board.is_cleared():
        return Status.WON
    if board.revealed_safe == 0:
        return Status.READY
    return Status.PLAYING


@dataclass(frozen=True, slots=True)
class Game:
    """One game at one moment: how it started and its board now."""

    start: GameStarted
    """The event that began the game (settings, seed or layout)."""
    board: Board
    """The cells as they are now."""

    @property
    def settings(self) -> Settings:
        """The game's settings."""
        return self.start.settings

    @property
    def status(self) -> Status:
        """Where the game stands (see `status`)."""
        return status(self.board)

    @property
    def mines_left(self) -> int:
        """Mines minus flags; negative when the player has placed too many flags."""
        return self.board.mine_count - self.board.flags

    def is_over(self) -> bool:
        """Tell whether the game is won or lost."""
        return self.board.is_over()

    def __str__(self) -> str:
        """Draw the game in the position-text format."""
        return format_position(self.board)

    def __repr__(self) -> str:
        """Summarise the game; `fold(start, events)` is what rebuilds one."""
        return f"<Game {self.start!r} {self.status.value} {self.board!r}>"


def start_game(start: GameStarted) -> Game:
    """Return the state right after *start*: nothing revealed, mines laid only for a layout."""
    settings = start.settings
    if start.layout is not None:
        board = Board.from_mines(settings.width, settings.height, start.layout)
    else:
        board = Board.empty(settings.width, settings.height, settings.mines)
    return Game(start, board)


def fold_into(draft: Draft, event: Event) -> None:
    """Change *draft* by *event*, in place: the rules, written once.

    Anything the rules do not allow leaves *draft* as it was: a move on a
    finished game or off the board, a flag on a revealed cell, a reveal
    before the mines are laid, mines not as many as expected, or mines laid again
    that change a revealed cell or come after the end.
    """
    if isinstance(event, MinesLaid):
        if not draft.mines_laid:
            cells = draft.cells
            if len(event.mines) == draft.mine_count and all(p in cells for p in event.mines):
                draft.lay(event.mines)
        elif relay_problem(draft, event.mines) is None:
            draft.move_mines(event.mines)
        return
    cell = draft.cells.get(event.pos)
    if cell is None or draft.is_over():
        return
    if type(event) is FlagToggled:
        draft.toggle_flag(event.pos)
    elif type(event) is CellOpened:
        if type(cell) is Hidden and draft.mines_laid:
            draft.open((event.pos,))
    elif draft.can_chord(event.pos):
        draft.open(draft.neighbours(event.pos))


def apply(game: Game, event: Event) -> Game:
    """Return the game after *event*; total and pure.

    .. warning:: `apply` assumes nothing about *event*: anything the rules do
       not allow leaves *game* as it was. Use `problem` to be told why, and
       `game.deal.dealer` to lay the mines before the first reveal.
    """
    draft = Draft(game.board)
    fold_into(draft, event)
    board = draft.freeze()
    return game if board.cells is game.board.cells else Game(game.start, board)


def fold(start: GameStarted, events: Iterable[Event]) -> Game:
    """Return the state after *start* and then *events*: the fold that defines a game."""
    draft = Draft(start_game(start).board)
    for event in events:
        fold_into(draft, event)
    return Game(start, draft.freeze())


def relay_problem(board: ReadableBoard, mines: frozenset[Position]) -> str | None:
    """Return why *mines* cannot replace the laid mines of *board*, or None if they can.

    Mines laid again (a fair mode's re-arrangement) must be as many, on the
    board, before the end, and fit every revealed cell: none on one, and the
    same count shown by each.
    """
    if not board.mines_laid or board.is_over():
        return "mines are moved only during a game whose mines are laid"
    if len(mines) != board.mine_count or not all(p in board.cells for p in mines):
        return f"the mines moved are {len(mines)}, not the board's {board.mine_count}"
    cells = board.cells
    table = neighbour_table(board.width, board.height)
    old = board.mines()
    for pos in {n for p in old ^ mines for n in (p, *table[p])}:
        cell = cells[pos]
        if type(cell) is not Revealed:
            continue
        count = sum(1 for n in table[pos] if n in mines)
        if pos in mines or count != cell.count:
            x, y = pos
            return f"the mines moved do not fit the {cell.count} shown at ({x}, {y})"
    return None


def problem(board: ReadableBoard, move: Move) -> str | None:
    """Return why *move* breaks the rules on *board*, or None if it is allowed and changes it.

    A reveal before the mines are laid is allowed: the command layer deals
    them first.
    """
    if board.is_over():
        return f"the game is over ({status(board).value}): start a new one"
    x, y = move.pos
    cell = board.cells.get(move.pos)
    if cell is None:
        return (
            f"({x}, {y}) is off the board: x must be 0 to {board.width - 1}"
            f" and y 0 to {board.height - 1}"
        )
    if type(move) is FlagToggled:
        if type(cell) is Revealed:
            return f"({x}, {y}) is revealed and cannot be flagged"
        return None
    if type(move) is CellOpened:
        if type(cell) is Flagged:
            return f"({x}, {y}) is flagged: remove the flag before revealing it"
        if type(cell) is Revealed:
            return f"({x}, {y}) is already revealed"
        return None
    if board.can_chord(move.pos):
        return None
    if type(cell) is not Revealed:
        return f"({x}, {y}) is not revealed, so there is nothing to chord"
    flags = board.flags_around(move.pos)
    if flags != cell.count:
        return f"({x}, {y}) shows {cell.count} but has {flags} flagged neighbours"
    return f"({x}, {y}) has no hidden neighbours left to open"
