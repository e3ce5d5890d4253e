"""A replay file played back on the page: its clock, and its pointer drawn by the page.

While a replay file's game is on the page (`Files.watching`), `Player` keeps its
`Playback` (game.community.playback): Replay runs it from the move shown at the
speed chosen, at the file's own pace; the slider, a step by move or by mouse
event, or the end of the replay, pause it on a moment. The file's pointer
(`game.community.pointer.Track`) goes to the page once, as one list, when the
file opens (`track_data`); then each change of pace sends the moments as a line
of the page's clock (`Playback.knots`), and js/cursor.js draws `#replay-cursor`
from the two at every frame: no message per mouse event. The timer shows the
file's time at the moment shown (`time_ms`), and the runner waits for each move
until the playback comes to it (`wait_ms`).
"""

from __future__ import annotations

import base64
import sys
from array import array
from typing import TYPE_CHECKING, Any

from game.community.playback import Playback, Speed
from game.community.pointer import Buttons, Track
from game.page.asks import Show
from game.page.channel import now, page
from game.page.heard import JsEvent, Listen, clicks, reported
from game.session import Running, Session

if TYPE_CHECKING:
    from game.community.read import Replay
    from game.page.watching import Watched

BUTTONS = tuple(Buttons)
"""The buttons held, by the number the page receives for them."""


def speed_chosen(value: object) -> Speed:
    """Return the speed `#speed` says (its "real" pace is the file's own: 1x)."""
    try:
        return Speed(str(value))
    except ValueError:
        return Speed.ONE


def _packed(values: list[int], kind: str) -> str:
    """Return *values* as base64 of little-endian numbers of the `array` *kind*."""
    numbers = array(kind, values)
    if sys.byteorder != "little":
        numbers.byteswap()
    return base64.b64encode(numbers.tobytes()).decode("ascii")


def track_data(track: Track) -> dict[str, Any]:
    """Return *track* as js/cursor.js takes it, once: its points as packed arrays.

    The times (32 bits), the pixels (16 bits) and the buttons (8 bits, numbers
    into `buttons`) each as base64: a 341 KB file's 50,000 points parse in a few
    milliseconds, where a JSON list of them took the page's main thread longer
    than a frame.
    """
    points = track.points
    return {
        "cell": track.cell,
        "count": len(points),
        "ms": _packed([p.ms for p in points], "i"),
        "x": _packed([p.x for p in points], "h"),
        "y": _packed([p.y for p in points], "h"),
        "buttons": _packed([BUTTONS.index(p.buttons) for p in points], "B"),
        "names": [b.value for b in BUTTONS],
    }


class Player:
    """The playback of the replay file on the page, and the pointer the page draws from it."""

    def __init__(self) -> None:
        self.session: Session | None = None
        """The session last taken: what the steps act on."""
        self.replay: Replay | None = None
        """The replay file whose game is on the page, if one is."""
        self.watched: Watched | None = None
        """Its details and figures, while it is on the page."""
        self.playback: Playback | None = None
        """Its playback, while it is on the page."""
        self.sent: object = None
        """The knots last sent to the page."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the player hears: a speed chosen, the steps by event, Space on the slider."""
        return (
            Listen("#speed", "change", lambda _e: self.respeed()),
            clicks("event-back", lambda: self.to_event(forward=False)),
            clicks("event-next", lambda: self.to_event(forward=True)),
            Listen("#history", "keydown", self.on_slider_key),
        )

    def moment_of(self, playback: Playback, step: int) -> int:
        """Return the moment the move *step* was made (before anything, for step 0)."""
        return playback.moves[step - 1] if step else playback.start_ms

    def take(self, session: Session, watched: Watched | None) -> None:
        """Follow *session*: play the file while it replays, else stand on the moment shown."""
        self.session, self.watched = session, watched
        replay = None if watched is None else watched.replay
        if replay is not self.replay:
            self.replay, self.sent = replay, None
            self.playback = None if replay is None else Playback.of_replay(replay)
            page.op("track", None if replay is None else track_data(Track.of(replay)))
        playback = self.playback
        if playback is None:
            return
        clock, step = now(), session.step
        if session.running is Running.REPLAY:
            if playback.paused:
                playback = playback.seek(self.moment_of(playback, step), clock)
                playback = playback.at_speed(speed_chosen(reported("speed")), clock).play(clock)
        elif playback.step(clock) != step or not (playback.paused or step == len(playback.moves)):
            playback = playback.seek(self.moment_of(playback, step), clock)
        self.show(playback)

    def show(self, playback: Playback) -> None:
        """Hold *playback*, and send the page its moments if they changed."""
        self.playback = playback
        knots = playback.knots()
        if knots != self.sent:
            self.sent = knots
            page.op("track-run", [list(knot) for knot in knots])

    def wait_ms(self, session: Session, clock: float) -> float | None:
        """Return the wait until the replay's next move comes at the file's pace, if it plays."""
        playback = self.playback
        if playback is None or playback.paused or session.step >= len(playback.moves):
            return None
        when = playback.clock_at(playback.moves[session.step])
        return None if when is None else max(0.0, when - clock)

    def time_ms(self, session: Session, clock: float) -> int | None:
        """Return the file's time at the moment shown, while *session* is its game on the page."""
        moment = self.moment_ms(session, clock)
        return None if moment is None else max(0, moment)

    def moment_ms(self, session: Session, clock: float) -> int | None:
        """Return the moment shown on the game's clock, while *session* is the file's game.

        Before 0: flags placed before the first reveal.
        """
        playback = self.playback
        if playback is None or session is not self.session:
            return None
        return playback.at(clock)

    def respeed(self) -> Session | None:
        """Run on at the speed just chosen, from the moment shown (the runner waits anew)."""
        if self.playback is None or self.playback.paused:
            return None
        self.show(self.playback.at_speed(speed_chosen(reported("speed")), now()))
        return self.session

    def to_event(self, *, forward: bool) -> Show | None:
        """Pause on the next mouse event of the file (or the one before), and show its move."""
        playback = self.playback
        if playback is None:
            return None
        clock = now()
        moved = playback.next_event(clock) if forward else playback.previous_event(clock)
        self.show(moved)
        return Show(moved.step(clock))

    def on_slider_key(self, event: JsEvent) -> Session | None:
        """Play or pause the replay on Space, while the slider has the focus."""
        session = self.session
        if session is None or event.key != " ":
            return None
        return session.stop() if session.running is Running.REPLAY else session.start_replay()
