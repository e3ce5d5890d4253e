"""The command layer of the deal: the mines a first reveal lays, recorded as `MinesLaid`.

The rules (`game.rules.state`) never deal: folding a log must give the same game
without random numbers or the no-guess generator. Dealing happens here, once,
when a reveal arrives on a board whose mines are not laid, and its result is
an event like any other.

A board shared by link (a daily board, a `seed` link) has a start cell: the
mines are laid around it, whatever cell the player clicks first, so every
player of the link gets the same mines. Other games lay them around the
first cell revealed.

How the mines are drawn is a strategy passed in (`Lay`): by default the one
the settings ask for (`strategy`: plain, or no-guess). A page that searched
for a no-guess board in steps, to show progress, passes the board it found
(`dealt`), so nothing but the arguments carries a deal from one call to the next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from game.deal.fair import Decision, decide
from game.rules.board import Hidden, Position
from game.rules.events import CellOpened, Event, FlagToggled, GameStarted, MinesLaid, Move
from game.rules.mines import lay_mines
from game.rules.settings import Settings
from game.rules.state import Game, IllegalMoveError, apply, problem

Lay: TypeAlias = Callable[[Settings, int, Position], frozenset[Position]]
"""A mine-laying strategy: the mines of a board of these settings, from a seed, around a cell.

The same arguments must give the same mines, on every machine: a shared seed
deals every player the same board.
"""


def strategy(settings: Settings) -> Lay:
    """Return the strategy *settings* ask for: no-guess boards, or plain random ones."""
    if settings.no_guess:  # imported here: it brings the solver, which most games never use
        from game.deal.noguess import lay_solvable_mines

        return lay_solvable_mines
    return lay_mines


def dealt(mines: frozenset[Position]) -> Lay:
    """Return the strategy that lays *mines*: a board searched for beforehand, for this game.

    The page searches for a no-guess board a step at a time (`game.deal.noguess.deal_steps`)
    and hands what it found to the session's first reveal this way.
    """

    def lay(_settings: Settings, _seed: int, _around: Position) -> frozenset[Position]:
        return mines

    return lay


def deal(start: GameStarted, first: Position, lay: Lay | None = None) -> MinesLaid:
    """Return the mines of *start*'s board for a first reveal at *first*, drawn by *lay*.

    Laid around the start cell when the game has one, else around *first*;
    *lay* defaults to the strategy the settings ask for.
    """
    around = start.start_cell if start.start_cell is not None else first
    draw = strategy(start.settings) if lay is None else lay
    return MinesLaid(draw(start.settings, start.seed, around))


def deals(game: Game, move: Move) -> bool:
    """Tell whether *move* deals the mines of *game*: a reveal of a hidden cell before the deal.

    The one test of "the first reveal deals", for the session and the page.

    >>> from game.rules.settings import Settings
    >>> from game.rules.state import start_game
    >>> game = start_game(GameStarted(Settings(3, 3, 1), 7))
    >>> deals(game, CellOpened((1, 1))), deals(game, FlagToggled((1, 1)))
    (True, False)
    """
    board = game.board
    return (
        type(move) is CellOpened
        and not board.mines_laid
        and type(board.cells.get(move.pos)) is Hidden
    )


def decision(game: Game, move: Move, lay: Lay | None = None) -> Decision:
    """Return the events *move* makes in *game*, and how a fair mode judged its reveal.

    The deal first (by *lay*) on the first reveal; on a board with a start
    cell, the first reveal opens the start cell (the same first move for
    every player), whatever cell was clicked. After the deal, a kind or
    cruel game's reveals follow `game.deal.fair.decide`.
    """
    if not deals(game, move):
        if game.settings.mode.is_fair() and game.board.mines_laid and not game.is_over():
            return decide(game, move)
        return Decision((move,), None)
    laid = deal(game.start, move.pos, lay)
    cell = game.start.start_cell
    return Decision((laid, move if cell is None else CellOpened(cell)), None)


def events_for(game: Game, move: Move, lay: Lay | None = None) -> tuple[Event, ...]:
    """Return the events *move* makes in *game* (`decision`'s)."""
    return decision(game, move, lay).events


def move_problem(game: Game, move: Move) -> str | None:
    """Return why *move* cannot be made in *game*, or None: the rules, and the start cell.

    A board with a start cell begins there, so that cell cannot be flagged
    while the mines are not laid.
    """
    cell = game.start.start_cell
    if type(move) is FlagToggled and cell == move.pos and not game.board.mines_laid:
        return "the marked start cell opens first: it cannot be flagged"
    return problem(game.board, move)


def advance(game: Game, move: Move) -> Game:
    """Return the game after *move*, dealing the mines if it is the first reveal.

    Total like `apply`: a move the rules do not allow changes nothing.
    """
    for event in events_for(game, move):
        game = apply(game, event)
    return game


def play(game: Game, move: Move) -> Game:
    """Return the game after *move*, checking the rules and dealing the mines if it is time.

    :raises IllegalMoveError: if the move is not allowed; the message says why.
    """
    reason = move_problem(game, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return advance(game, move)
