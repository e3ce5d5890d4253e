"""What belongs to the moment the page shows: the time played then, and what was said then.

The slider, Undo, Replay and the review show the game as it was after some move. The
timer shows the time played when that move was made (`Session.time_shown`), not the
clock's now, and a message said at another moment (a win's time, "Welcome back") goes
while another moment is shown and comes back with its own. The timer is written alone,
one element's text, each second it changes: never the whole view.
"""

from __future__ import annotations

from game.page.dom import by_id, say
from game.page.tree import Node
from game.page.view import view_counter
from game.rules.history import History
from game.session import Session


class Moment:
    """`#timer` and `#message` as the moment shown has them."""

    def __init__(self) -> None:
        self.seconds = -1
        """The whole seconds `#timer` shows (-1: none written yet)."""
        self.played: tuple[History, int] | None = None
        """The game and the whole seconds its clock had run when last asked (`second_passed`)."""
        self.left: tuple[str, History, int] | None = None
        """The last message left behind, with the game and the move shown when it was said."""

    def timer(self, session: Session, now: float, file_ms: int | None = None) -> tuple[Node, ...]:
        """Return `#timer` at the moment *session* shows, or nothing if those seconds show.

        *file_ms*: the time of the replay file played back, at the moment it shows.
        """
        shown = session.time_shown(now) if file_ms is None else file_ms
        seconds = min(999, shown // 1000)
        if seconds == self.seconds:
            return ()
        self.seconds = seconds
        return view_counter("timer", seconds)

    def second_passed(self, session: Session, now: float) -> bool:
        """Tell whether *session*'s clock runs and has come to another second since last asked.

        Not after a move or another game (a move is saved as it is made): only a second of
        the same game passing, so that a save keeps its time.
        """
        seconds = session.elapsed(now) // 1000
        last, self.played = self.played, (session.history, seconds)
        if last is None or last[0] is not session.history:
            return False
        return last[1] != seconds and session.clock.since is not None

    def moved(self, session: Session, old: Session) -> None:
        """Have `#message` follow the moment shown, from *old*'s to *session*'s.

        What was said stays with the moment it was said at (the game, and the move shown),
        and showing that moment again brings it back; what is said after the change (a
        move's note) is written over it.
        """
        if session.history is old.history and session.step == old.step:
            return
        said = str(by_id("message").textContent or "")
        if said:
            self.left = (said, old.history, old.step)
        left = self.left
        back = left[0] if left and left[1] is session.history and left[2] == session.step else ""
        if back != said:
            say(back)
