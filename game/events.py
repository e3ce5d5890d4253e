"""Events: the facts a game is made of, named in the past tense.

A game's log is one `GameStarted` followed by moves. The mines of a random
board are not an event of their own: they follow from the seed in
`GameStarted` and the position of the first `CellOpened`, so the log stays as
short as the player's own actions and replays the same on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from game.board import Position
from game.settings import Settings


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A new game began with these settings and either a seed or a fixed layout."""

    settings: Settings
    """Size, mine count and first-click rule."""
    seed: int
    """Seeds the mine placement at the first reveal (unused when *layout* is set)."""
    layout: frozenset[Position] | None = None
    """The exact mine positions, for a game played on a given layout."""


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

MOVE_CODES: dict[type[Move], str] = {
    CellOpened: "r",
    FlagToggled: "f",
    NeighboursOpened: "c",
}
"""The one-letter command for each kind of move, shared by the terminal and saved logs."""

MOVES_BY_CODE: dict[str, type[Move]] = {code: kind for kind, code in MOVE_CODES.items()}
"""The kind of move for each one-letter command."""
