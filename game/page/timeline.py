"""The timeline under the board: the history slider, undo, replay, and where in time we are.

`Timeline` hears the slider and the buttons; `view_timeline` shows where in time the
game is, as nodes (game/page/tree.py).
"""

from __future__ import annotations

from game.page.asks import Said, Show
from game.page.channel import now
from game.page.heard import Listen, clicks, reported
from game.page.tree import Node, h
from game.session import Running, Session
from game.words import past_note, slider_position, step_shown


class Timeline:
    """The slider and its buttons; each asks for the session moved through time."""

    def __init__(self, session: Session) -> None:
        self.session = session
        """The session last rendered: what the buttons act on."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the timeline hears: the slider moved, Undo and Replay."""
        return (
            Listen("#history", "input", lambda _e: Show(int(reported("history")))),
            clicks("undo", self.undo),
            clicks("replay", self.toggle_replay),
        )

    def undo(self) -> Said | None:
        """Take back the last move, even a fatal one."""
        session = self.session
        if not len(session.history):
            return None
        session = session.undo(now())
        blown = session.explosions
        return Said(session, f"Move undone.{f' Explosions so far: {blown}.' if blown else ''}")

    def toggle_replay(self) -> Session:
        """Play the game back at the chosen pace, or stop."""
        session = self.session
        return session.stop() if session.running is Running.REPLAY else session.start_replay()

    def take(self, session: Session) -> None:
        """Take in *session*: what the buttons act on."""
        self.session = session


def view_timeline(session: Session) -> tuple[Node, ...]:
    """Return the slider at the move shown, the step, and whether this is the past.

    Of a replay file's game, the slider and the step say the time of the move shown too.
    """
    moves = len(session.history)
    step = session.step
    past = step < moves
    replaying = session.running is Running.REPLAY
    time_ms = (session.times[step - 1] if step else 0) if session.watched else None
    return (
        h(
            "input",
            "#history",
            props={"max": str(moves), "value": str(step)},
            attrs={"aria-valuetext": slider_position(step, moves, time_ms)},
        ),
        h("output", "#step", text=step_shown(step, moves, time_ms)),
        h("body", "body", classes={"past": past}),
        h(
            "p",
            "#past-band",
            props={
                "hidden": not past or replaying,
                **(
                    {"textContent": past_note(step, moves, watched=session.watched)} if past else {}
                ),
            },
        ),
        h("button", "#replay", attrs={"aria-pressed": "true" if replaying else "false"}),
    )
