"""Events: the facts a game is made of, named in the past tense.

A game's log is one `GameStarted` followed by events: the player's moves,
and `MinesLaid`, which the first reveal of a random board records just before
itself. The deal is drawn once, by the command layer (`game.deal.dealer`), and
folding the log never deals again: replaying it needs no random numbers and
no solver, and gives the same game on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from game.rules.board import Position
from game.rules.settings import Settings


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A new game began with these settings and either a seed or a fixed layout."""

    settings: Settings
    """Size, mine count and first-click rule."""
    seed: int
    """Seeds the mine placement at the first reveal (unused when *layout* is set)."""
    layout: frozenset[Position] | None = None
    """The exact mine positions, for a game played on a given layout."""
    start_cell: Position | None = None
    """The cell every player of a shared board opens first (a daily board, a seed link):
    the mines are laid around it whatever the first click, so all of them get the same
    board. None: the mines are laid around the first cell the player reveals."""


@dataclass(frozen=True, slots=True)
class MinesLaid:
    """The mines of a random board were laid, at its first reveal."""

    mines: frozenset[Position]
    """Where the mines are."""


@dataclass(frozen=True, slots=True)
class CellOpened:
    """The player revealed the cell at *pos*."""

    pos: Position
    """The revealed cell."""


@dataclass(frozen=True, slots=True)
class FlagToggled:
    """The player put a flag on, or took it off, the cell at *pos*."""

    pos: Position
    """The flagged or unflagged cell."""


@dataclass(frozen=True, slots=True)
class NeighboursOpened:
    """The player chorded on the number at *pos*: its unflagged neighbours were revealed."""

    pos: Position
    """The revealed number whose neighbours were opened."""


Move: TypeAlias = CellOpened | FlagToggled | NeighboursOpened
"""Something the player did during a game."""

Event: TypeAlias = MinesLaid | Move
"""Anything a game's log holds after its `GameStarted`."""

MOVE_CODES: dict[type[Move], str] = {
    CellOpened: "r",
    FlagToggled: "f",
    NeighboursOpened: "c",
}
"""The one-letter command for each kind of move, shared by the terminal, saved logs and the
page's board intents (js/input.js reads them from vendor/shared.mjs, tools/shared.py)."""

MOVES_BY_CODE: dict[str, type[Move]] = {code: kind for kind, code in MOVE_CODES.items()}
"""The kind of move for each one-letter command."""
