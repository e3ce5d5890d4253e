"""A replay watched full-screen, as a value: what each key does and what the screen shows.

`Watching` holds the replay, what every moment shares (its details, figures and
pointer) and its playback (`game.community.playback`); `pressed` is what a key
does, given the clock, and `frame` what the terminal shows then, so both are
tested without a terminal. `replay_tui` reads the keys and draws the frames.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from game.community.details import Details, details
from game.community.live import Tally
from game.community.playback import Playback, Speed
from game.community.pointer import Track
from game.community.read import Replay
from game.session import Session
from game.session.query import GameRequest
from game.terminal.console import Console, fitted
from game.terminal.screen import Frame, Line, Span, Style, Viewport, draw
from game.words.replays import (
    live_line,
    pointer_words,
    replay_details,
    replay_state,
    skipped_note,
)


class Do(enum.Enum):
    """What a key asks of a replay."""

    PLAY = "play or pause"
    NEXT_MOVE = "next move"
    PREVIOUS_MOVE = "previous move"
    NEXT_EVENT = "next mouse event"
    PREVIOUS_EVENT = "previous mouse event"
    FASTER = "faster"
    SLOWER = "slower"
    SKIP = "skip the pauses"
    START = "back to the start"
    END = "to the end"
    QUIT = "quit"


KEYS: Final[Mapping[str, Do]] = {
    " ": Do.PLAY,
    "p": Do.PLAY,
    "l": Do.NEXT_MOVE,
    "h": Do.PREVIOUS_MOVE,
    ".": Do.NEXT_EVENT,
    ",": Do.PREVIOUS_EVENT,
    "+": Do.FASTER,
    "=": Do.FASTER,
    "-": Do.SLOWER,
    "s": Do.SKIP,
    "S": Do.SKIP,
    "0": Do.START,
    "$": Do.END,
    "q": Do.QUIT,
    "Q": Do.QUIT,
}
"""The keys typed as characters (the arrows, Home and End come as curses codes)."""
KEYS_HELP: Final = (
    ("Space", "play"),
    ("←/→", "move"),
    (",/.", "event"),
    ("-/+", "speed"),
    ("S", "no pauses"),
    ("Home/End", "start/end"),
    ("Q", "quit"),
)
"""The one-line help, shortened to fit narrow terminals."""


@dataclass(frozen=True, slots=True)
class Watching:
    """A replay being watched: the file's game, what every moment shares, the playback."""

    replay: Replay
    """The replay read from the file."""
    details: Details
    """What the file says of its game."""
    tally: Tally
    """Its figures at any moment."""
    track: Track
    """Its pointer at any moment."""
    playback: Playback
    """Where it stands and how it runs."""

    @classmethod
    def of(cls, replay: Replay) -> Watching:
        """Return *replay* ready to watch, paused before its first event."""
        return cls(
            replay, details(replay), Tally.of(replay), Track.of(replay), Playback.of_replay(replay)
        )

    def pressed(self, do: Do, now: float) -> Watching:
        """Return the replay after the key asking *do* at *now* (QUIT changes nothing)."""
        playback = self.playback
        actions: dict[Do, Callable[[float], Playback]] = {
            Do.PLAY: playback.toggled,
            Do.NEXT_MOVE: playback.next_move,
            Do.PREVIOUS_MOVE: playback.previous_move,
            Do.NEXT_EVENT: playback.next_event,
            Do.PREVIOUS_EVENT: playback.previous_event,
            Do.FASTER: playback.faster,
            Do.SLOWER: playback.slower,
            Do.SKIP: lambda at: playback.at_speed(Speed.SKIP, at),
            Do.START: lambda at: playback.seek(playback.start_ms, at),
            Do.END: lambda at: playback.seek(playback.end_ms, at),
        }
        changed = actions.get(do)
        return self if changed is None else dataclasses.replace(self, playback=changed(now))

    def about(self) -> str:
        """Return the replay's details in a paragraph, then what the replay skipped."""
        about = " · ".join(f"{name}: {value}" for name, value in replay_details(self.details))
        return "\n".join(filter(None, (about, skipped_note(self.details))))

    def game(self, now: float) -> Session:
        """Return the game as it stands at *now*: the moves made by then."""
        played = self.replay.played
        step = self.playback.step(now)
        shown = played.history.upto(step)
        return Session(GameRequest(shown.start.settings), shown, times=played.times[:step])

    def frame(
        self, size: tuple[int, int], now: float, viewport: Viewport, *, unicode: bool = True
    ) -> Frame:
        """Return what the terminal shows at *now*.

        The board with the pointer as the cursor, the replay's state, and the
        details before it starts or the figures once it runs.
        """
        playback = self.playback
        moment = playback.at(now)
        pointer = self.track.at(moment)
        cell = pointer.cell if pointer is not None else None
        before = moment <= playback.start_ms and playback.paused
        figures = self.tally.at(moment)
        said = self.about() if before else live_line(figures)
        buttons = pointer.buttons.value if pointer is not None else "none"
        message = f"{said}\n{pointer_words(cell, buttons)}"  # a paragraph each
        console = Console(self.game(now), cursor=cell or (0, 0), message=message)
        state = replay_state(figures.time_ms, self.tally.at_end().time_ms, playback.speed.value,
                             playback.paused)  # fmt: skip
        header: Line = (Span(f" {state}", Style.TITLE),)
        columns = size[0]
        return draw(
            console,
            size,
            now,
            viewport,
            unicode=unicode,
            header=header,
            help_text=fitted(KEYS_HELP, columns),
        )
