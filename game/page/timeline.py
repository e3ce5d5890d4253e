"""The timeline under the board: the history slider, undo, replay, and where in time we are."""

from __future__ import annotations

from game.page.asks import Said, Show
from game.page.channel import now
from game.page.dom import body, by_id, set_pressed
from game.page.heard import listen, on_click
from game.session import Running, Session


class Timeline:
    """The slider and its buttons; each asks for the session moved through time."""

    def __init__(self, session: Session) -> None:
        self.session = session
        """The session last rendered: what the buttons act on."""
        slider = by_id("history")
        listen(slider, "input", lambda _e: Show(int(slider.value)))
        on_click("undo", self.undo)
        on_click("replay", self.toggle_replay)

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

    def render(self, session: Session) -> None:
        """Show the move shown, how many there are, and whether this is the past."""
        self.session = session
        moves = len(session.history)
        step = session.step
        slider = by_id("history")
        slider.max = str(moves)
        slider.value = str(step)
        slider.setAttribute("aria-valuetext", f"move {step} of {moves}")
        by_id("step").textContent = f"{step} / {moves}"
        past = step < moves
        body().classList.toggle("past", past)
        band = by_id("past-band")
        band.hidden = not past or session.running is Running.REPLAY
        if past:
            band.textContent = (
                f"Viewing move {step} of {moves}: a move made here continues the game from"
                f" this point and drops the {moves - step} after it."
            )
        set_pressed("replay", session.running is Running.REPLAY)
