"""The game state as a fold of events: `apply` is pure and total, `play` checks the rules.

`apply(game, move)` never raises and never mutates: a move that cannot apply
(off the board, on a finished game, a flag on a revealed cell) returns the
game unchanged. `play(game, move)` is the entry point for user input: it
raises `IllegalMoveError` with a message instead of silently doing nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce

from game.board import (
    REVEALED,
    Board,
    Flagged,
    Hidden,
    Position,
    Revealed,
    as_kind,
    neighbour_table,
)
from game.events import CellOpened, FlagToggled, GameStarted, Move, NeighboursOpened
from game.mines import lay_mines
from game.noguess import lay_solvable_mines
from game.settings import Settings


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


def status(board: Board) -> Status:
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
        return self.status in (Status.WON, Status.LOST)

    def __str__(self) -> str:
        """Draw the game in the position-text format."""
        from game.text import format_position

        return format_position(self)

    def __repr__(self) -> str:
        """Summarise the game; `replay(start, moves)` is what rebuilds one."""
        return f"<Game {self.start!r} {self.status.value} {self.board!r}>"


def start_game(start: GameStarted) -> Game:
    """Return the state right after *start*: nothing revealed, mines laid only for a layout."""
    settings = start.settings
    if start.layout is not None:
        board = Board.from_mines(settings.width, settings.height, start.layout)
    else:
        board = Board.empty(settings.width, settings.height, settings.mines)
    return Game(start, board)


def apply(game: Game, move: Move) -> Game:
    """Return the game after *move*; total and pure.

    .. warning:: `apply` assumes nothing about *move*: anything the rules do
       not allow leaves *game* as it was. Use `play` to be told why.
    """
    if game.is_over():
        return game
    board = game.board
    cell = board.cells.get(move.pos)
    if cell is None:
        return game
    if type(move) is FlagToggled:
        return _toggle_flag(game, move.pos)
    if type(move) is CellOpened:
        if type(cell) is not Hidden:
            return game
        if not board.mines_laid:
            lay = lay_solvable_mines if game.settings.no_guess else lay_mines
            board = board.with_mines(lay(game.settings, game.start.seed, move.pos))
        return Game(game.start, _open(board, (move.pos,)))
    if type(move) is NeighboursOpened and board.can_chord(move.pos):
        return Game(game.start, _open(board, board.neighbours(move.pos)))
    return game


def replay(start: GameStarted, moves: Iterable[Move]) -> Game:
    """Return the state after *start* and then *moves*: the fold that defines a game."""
    return reduce(apply, moves, start_game(start))


def problem(game: Game, move: Move) -> str | None:
    """Return why *move* breaks the rules in *game*, or None if it is allowed and changes it."""
    if game.is_over():
        return f"the game is over ({game.status.value}): start a new one"
    board = game.board
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
    if type(cell) is not Revealed or cell.count == 0:
        return f"({x}, {y}) is not a revealed number, so there is nothing to chord"
    flags = board.flags_around(move.pos)
    if flags != cell.count:
        return f"({x}, {y}) shows {cell.count} but has {flags} flagged neighbours"
    return f"({x}, {y}) has no hidden neighbours left to open"


def play(game: Game, move: Move) -> Game:
    """Return the game after *move*, checking the rules first.

    :raises IllegalMoveError: if the move is not allowed; the message says why.
    """
    reason = problem(game, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return apply(game, move)


def _toggle_flag(game: Game, pos: Position) -> Game:
    board = game.board
    cell = board.cells[pos]
    if type(cell) is Revealed:
        return game
    kind, delta = (Flagged, 1) if type(cell) is Hidden else (Hidden, -1)
    cells = dict(board.cells)
    cells[pos] = as_kind(cell, kind)
    return Game(
        game.start,
        Board(
            board.width,
            board.height,
            board.mine_count,
            cells,
            mines_laid=board.mines_laid,
            revealed_safe=board.revealed_safe,
            flags=board.flags + delta,
        ),
    )


def _open(board: Board, starts: Iterable[Position]) -> Board:
    """Reveal the hidden cells among *starts*, flooding out from every zero.

    A worklist rather than recursion, so a 100x100 board without mines opens
    in one call. If the board is then cleared, its hidden mines are flagged.
    """
    table = neighbour_table(board.width, board.height)
    cells = dict(board.cells)
    revealed = board.revealed_safe
    exploded = board.exploded
    zeros = []
    for pos in starts:
        cell = cells[pos]
        if type(cell) is not Hidden:
            continue
        cells[pos] = as_kind(cell, Revealed)
        if cell.mine:
            exploded = exploded or pos
            continue
        revealed += 1
        if cell.count == 0:
            zeros.append(pos)
    # The hot loop of a big opening. A zero's neighbours hold no mine, so each
    # is revealed as soon as it is seen and pushed only if it is a zero too;
    # local names and the REVEALED table keep that to a few look-ups per cell.
    pop, push = zeros.pop, zeros.append
    while zeros:
        for n in table[pop()]:
            cell = cells[n]
            if cell.__class__ is Hidden:
                cells[n] = REVEALED[False][cell.count]
                revealed += 1
                if cell.count == 0:
                    push(n)
    flags = board.flags
    if exploded is None and revealed == board.safe_count:
        for pos, cell in cells.items():
            if type(cell) is Hidden:
                cells[pos] = as_kind(cell, Flagged)
                flags += 1
    return Board(
        board.width,
        board.height,
        board.mine_count,
        cells,
        mines_laid=True,
        revealed_safe=revealed,
        flags=flags,
        exploded=exploded,
    )
