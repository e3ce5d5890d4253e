"""`#live`: the community's figures as they stand at the moment shown, as their players show them.

While a replay file's game is on the page, the figures at the moment its playback
shows (`Player.moment_ms`), between two moves too: the time and 3BV/s run with the
clock, the clicks count as the file's mouse events come. They are written with the
timer (`App.show_time`), after each draw and at each tick of the clock, and only what
changed goes to the page. One computation gives them, `game.community.live.Tally`,
whose figures at a game's end are the summary's (`replay_stats.replay_figures`).

In the player's own game they show when `#live-figures` asks for them (off by default;
js/controls.js keeps the choice on the device), as Arbiter's counters: the figures of its
moves so far (computed once a move), with the time of its clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.page.asks import Redraw
from game.page.heard import Listen, reported
from game.page.model import NO_GAME
from game.page.player import Player
from game.page.tree import Node, h
from game.rules.history import History
from game.session import Session
from game.words.replays import live_line

if TYPE_CHECKING:  # the community's modules come after the first screen (app.DEFERRED)
    from game.community.live import Moment, Tally


class LiveFigures:
    """What `#live` shows: the figures of the moment shown, when there are figures to show."""

    def __init__(self, player: Player) -> None:
        self.player = player
        """The replay file's playback: the moment it shows."""
        self.own: tuple[History, Tally] | None = None
        """The player's own game last shown with its figures, and their `Tally`."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the panel hears: the live figures asked for, or put away."""
        return (Listen("#live-figures", "change", lambda _e: Redraw()),)

    def moment(self, session: Session, clock: float) -> Moment | None:
        """Return the figures at the moment *session* shows at *clock*, if it has them."""
        watched = self.player.watched
        if watched is not None and session is self.player.session:
            return watched.tally.shown(session.step, self.player.moment_ms(session, clock))
        if session.watched or session is NO_GAME or not reported("live-figures", "checked"):
            return None
        over = session.live.is_over()
        return self.tally(session).shown(session.step, session.time_shown(clock), over=over)

    def tally(self, session: Session) -> Tally:
        """Return the `Tally` of the player's own game *session*, computed once a move."""
        if self.own is None or self.own[0] is not session.history:
            from game.community.live import Tally
            from game.community.watch import replay_of

            before = None if self.own is None else self.own[1]  # its ZiNi, if the same board
            self.own = (session.history, Tally.of(replay_of(session), before=before))
        return self.own[1]

    def view(self, session: Session, clock: float) -> tuple[Node, ...]:
        """Return `#live` at the moment *session* shows at *clock* (hidden when it has none)."""
        return view_live(self.moment(session, clock))


def view_live(moment: Moment | None) -> tuple[Node, ...]:
    """Return `#live` with the figures of *moment* in words and as `data-*` attributes."""
    if moment is None:
        return (h("p", "#live", props={"hidden": True}),)
    clicks = moment.clicks
    return (
        h(
            "p",
            "#live",
            props={"hidden": False},
            text=live_line(moment),
            attrs={
                "data-time-ms": str(moment.time_ms),
                "data-bbbv-solved": str(moment.bbbv_solved),
                "data-cl": str(clicks.all),
                "data-ce": str(clicks.effective),
            },
        ),
    )
