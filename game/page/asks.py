"""What the player asks of the page, as the view's components return it to the app.

A component's handler (a click, a key, a board intent, a timer, a file read)
does not call into the app: it returns what the player asked for, and the
channel hands that to the app's one `answer` (game/page/app.py), which
computes the new session and has every component render from it. A handler
returns a `Session` (the game as the player made it: a step shown, a move
undone, the odds on), one of the requests below, or None (nothing more).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.page.commands import Command
from game.page.storage import Change
from game.rules.board import Position
from game.rules.events import Move
from game.session import Aid, Session
from game.session.query import GameRequest


@dataclass(frozen=True)
class Said:
    """Take *session*, then say *words* once it shows."""

    session: Session
    words: str


@dataclass(frozen=True)
class Play:
    """Make *move* if the rules allow it (a no-guess board is dealt first)."""

    move: Move
    aid: Aid | None = None


@dataclass(frozen=True)
class Dealt:
    """Make *move*, allowed, on the no-guess board found for it: the *mines* it lays."""

    move: Move
    mines: frozenset[Position]
    aid: Aid | None = None


@dataclass(frozen=True)
class NewGame:
    """Start a game of *request*, say *note* (if any) after what it says, carry out *then*."""

    request: GameRequest
    note: str = ""
    then: tuple[Command, ...] = ()


@dataclass(frozen=True)
class Show:
    """Show the game after *step* moves (nothing is dropped)."""

    step: int


@dataclass(frozen=True)
class Replace:
    """Put another game on the page (a game resumed, a replay file to watch); say *words*."""

    session: Session
    words: str


@dataclass(frozen=True)
class RecordsChanged:
    """The records changed: the daily board's state is to show it; then carry out *then*."""

    then: tuple[Command, ...] = ()


@dataclass(frozen=True)
class Redraw:
    """Draw the page again (what a component shows changed), then carry out *then*."""

    then: tuple[Command, ...] = ()


@dataclass(frozen=True)
class Stored:
    """Have the page make *changes* (all or none), then answer what *then* asks of that.

    *refused*, if given, is said in the storage note should the page refuse.
    """

    changes: Sequence[Change]
    then: Callable[[bool], Ask]
    refused: str = ""


Ask = (
    Session
    | Said
    | Play
    | Dealt
    | NewGame
    | Show
    | Replace
    | RecordsChanged
    | Redraw
    | Stored
    | None
)
"""What a component's handler returns."""
