"""What belongs to the moment the page shows: the time played then.

The slider, Undo, Replay and the review show the game as it was after some move. The
timer shows the time played when that move was made (`Session.time_shown`), not the
clock's now. It is written alone, one element's text, each second it changes: never the
whole view.
"""

from __future__ import annotations

from game.page.tree import Node
from game.page.view import view_counter
from game.session import Session


class Moment:
    """`#timer` as the moment shown has it."""

    def __init__(self) -> None:
        self.seconds = -1
        """The whole seconds `#timer` shows (-1: none written yet)."""
        self.played = -1
        """The whole seconds the clock had run when last asked (`second_passed`)."""

    def timer(self, session: Session, now: float) -> tuple[Node, ...]:
        """Return `#timer` at the moment *session* shows, or nothing if those seconds show."""
        seconds = min(999, session.time_shown(now) // 1000)
        if seconds == self.seconds:
            return ()
        self.seconds = seconds
        return view_counter("timer", seconds)

    def second_passed(self, session: Session, now: float) -> bool:
        """Tell whether *session*'s clock runs and has come to another second since last asked."""
        played = session.elapsed(now) // 1000
        passed = played != self.played
        self.played = played
        return passed and session.clock.since is not None
