"""A replay played back at a chosen pace: the moment shown, as a pure value of a clock.

`Playback` holds where a replay stands and how it runs: paused or playing, at
0.25x to 4x its own pace or with its pauses skipped. Every change (play, pause,
a speed, a step by move or by mouse event, a jump) is a pure transition given
the clock's reading *now* (milliseconds that only move forward), and `at(now)`
is the moment shown then, on the game's clock. The terminal's `--replay` reads
the clock and draws that moment; the page hands `knots()`, the same moments as a
line of its clock, to js/cursor.js, which draws the pointer from them each frame;
tests hand it a fake clock.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Final

from game.community.read import Replay


class Speed(enum.Enum):
    """How fast a replay plays: a multiple of its own pace, or with its pauses cut short."""

    QUARTER = "0.25"
    HALF = "0.5"
    ONE = "1"
    TWO = "2"
    FOUR = "4"
    SKIP = "skip"
    """The player's own pace, each pause between two clicks cut to `PAUSE_MS`."""

    @property
    def factor(self) -> float:
        """Replay milliseconds per millisecond of the clock (1 when skipping pauses)."""
        return 1.0 if self is Speed.SKIP else float(self.value)


SPEEDS: Final = tuple(Speed)
"""The speeds from slowest to the pauses skipped: what faster and slower step through."""
PAUSE_MS: Final = 500
"""The longest pause between two clicks when the pauses are skipped."""


@dataclass(frozen=True, slots=True)
class Playback:
    """Where a replay stands, and how it runs.

    *moves* and *events* are the times (on the game's clock, in order) of the
    moves and of the mouse events; *clicks*, those of the presses and releases,
    between which a pause is cut short when skipping. The replay runs from
    *start_ms* (the first event, before the first reveal for flags placed
    first) to *end_ms*.
    """

    moves: tuple[int, ...]
    """When each move was made."""
    events: tuple[int, ...]
    """When each mouse event happened."""
    clicks: tuple[int, ...]
    """When each button was pressed or released."""
    start_ms: int
    """The first moment."""
    end_ms: int
    """The last moment."""
    position: int = 0
    """The moment shown when the clock read *since* (the moment shown while paused)."""
    since: float = 0.0
    """The clock's reading at *position*."""
    speed: Speed = Speed.ONE
    """How fast it runs."""
    paused: bool = True
    """Whether it stands still."""

    @classmethod
    def of(
        cls, moves: tuple[int, ...], events: tuple[int, ...], clicks: tuple[int, ...], end_ms: int
    ) -> Playback:
        """Return a playback paused before anything happened.

        Its first moment is a millisecond before the first event and the first move.
        """
        start = min((*events[:1], *moves[:1], 0)) - 1
        end = max(end_ms, *events[-1:], *moves[-1:], start)
        return cls(moves, events, clicks, start, end, position=start)

    @classmethod
    def of_replay(cls, replay: Replay) -> Playback:
        """Return *replay*'s playback, paused before its first event."""
        played, events = replay.played, replay.recording.events
        start = played.start_ms
        clicks = tuple(m.ms - start for m in events if m.kind != "mv")
        times = tuple(m.ms - start for m in events)
        return cls.of(played.times, times, clicks, played.time_ms)

    # What is shown.

    def at(self, now: float) -> int:
        """Return the moment shown at *now*, on the game's clock."""
        return along(self.knots(), now)

    def knots(self) -> tuple[tuple[float, int], ...]:
        """Return the moments shown as a line through these points: (clock reading, moment).

        Between two points the moment runs evenly; before the first and after the
        last it stands. Paused, or at the end, there is one point. Skipping the
        pauses, each pause between two presses or releases takes at most `PAUSE_MS`.
        """
        start = (self.since, self.position)
        if self.paused or self.position >= self.end_ms:
            return (start,)
        if self.speed is not Speed.SKIP:
            span = (self.end_ms - self.position) / self.speed.factor
            return (start, (self.since + span, self.end_ms))
        points = [start]
        clock, position = self.since, self.position
        for moment in (*self.clicks[bisect_right(self.clicks, position) :], self.end_ms):
            if moment > position:
                clock += min(moment - position, PAUSE_MS)
                position = moment
                points.append((clock, position))
        return tuple(points)

    def clock_at(self, moment: int) -> float | None:
        """Return the clock's first reading at which *moment* is shown, at the latest.

        The reading now kept (`since`) if it is shown already; None if it never is
        (paused before it, or it is past the end).
        """
        knots = self.knots()
        if moment <= knots[0][1]:
            return knots[0][0]
        for (clock, shown), (after, then) in itertools.pairwise(knots):
            if shown < moment <= then:
                return clock + math.ceil((moment - shown) * (after - clock) / (then - shown))
        return None

    def step(self, now: float) -> int:
        """Return how many moves are made at *now*: the game's step shown."""
        return bisect_right(self.moves, self.at(now))

    def is_over(self, now: float) -> bool:
        """Tell whether the last moment is shown."""
        return self.at(now) >= self.end_ms

    def wait_ms(self, now: float) -> float | None:
        """Return the clock's milliseconds until the next mouse event shows, at most.

        None when nothing moves: paused, or at the end.
        """
        if self.paused or self.is_over(now):
            return None
        shown = self.at(now)
        later = (nxt - shown for nxt in self.events[bisect_right(self.events, shown) :][:1])
        gap = next(later, self.end_ms - shown)
        if self.speed is Speed.SKIP:
            return min(gap, PAUSE_MS)  # within a long pause the moments run faster
        return gap / self.speed.factor

    # Transitions.

    def _to(
        self, now: float, *, paused: bool | None = None, speed: Speed | None = None
    ) -> Playback:
        """Return the playback re-anchored at *now* (the moment shown then kept), changed."""
        return dataclasses.replace(
            self,
            position=self.at(now),
            since=now,
            paused=self.paused if paused is None else paused,
            speed=self.speed if speed is None else speed,
        )

    def play(self, now: float) -> Playback:
        """Run from the moment shown (from the start again, at the end)."""
        again = self.start_ms if self.is_over(now) else self.at(now)
        return dataclasses.replace(self, position=again, since=now, paused=False)

    def pause(self, now: float) -> Playback:
        """Stand still at the moment shown."""
        return self._to(now, paused=True)

    def toggled(self, now: float) -> Playback:
        """Pause a replay that runs, run one that stands still."""
        return self.play(now) if self.paused else self.pause(now)

    def at_speed(self, speed: Speed, now: float) -> Playback:
        """Run (or stand) at *speed* from the moment shown."""
        return self._to(now, speed=speed)

    def faster(self, now: float) -> Playback:
        """Go a speed up: after 4x, the pauses skipped."""
        index = SPEEDS.index(self.speed)
        return self.at_speed(SPEEDS[min(index + 1, len(SPEEDS) - 1)], now)

    def slower(self, now: float) -> Playback:
        """Go a speed down."""
        return self.at_speed(SPEEDS[max(SPEEDS.index(self.speed) - 1, 0)], now)

    def seek(self, moment: int, now: float) -> Playback:
        """Show *moment* (kept within the replay), paused."""
        moment = min(max(moment, self.start_ms), self.end_ms)
        return dataclasses.replace(self, position=moment, since=now, paused=True)

    def next_move(self, now: float) -> Playback:
        """Pause on the next move (the moment it was made)."""
        return self.seek(_after(self.moves, self.at(now), self.end_ms), now)

    def previous_move(self, now: float) -> Playback:
        """Pause on the move before the last one made: the board as it was before that one."""
        made = bisect_right(self.moves, self.at(now))
        first = bisect_left(self.moves, self.moves[made - 1]) if made else 0
        return self.seek(self.moves[first - 1] if first else self.start_ms, now)

    def next_event(self, now: float) -> Playback:
        """Pause on the next mouse event."""
        return self.seek(_after(self.events, self.at(now), self.end_ms), now)

    def previous_event(self, now: float) -> Playback:
        """Pause on the mouse event before the moment shown."""
        index = bisect_left(self.events, self.at(now))
        return self.seek(self.events[index - 1] if index else self.start_ms, now)


def along(knots: tuple[tuple[float, int], ...], now: float) -> int:
    """Return the moment shown at *now* on the line through *knots* (see `Playback.knots`).

    >>> along(((0.0, 10), (100.0, 60)), 50.0), along(((0.0, 10),), 50.0)
    (35, 10)
    """
    index = bisect_right(knots, now, key=lambda knot: knot[0])
    if not index:
        return knots[0][1]
    if index == len(knots):
        return knots[-1][1]
    (clock, shown), (after, then) = knots[index - 1], knots[index]
    return shown + int((now - clock) * (then - shown) / (after - clock))


def _after(times: tuple[int, ...], moment: int, end: int) -> int:
    """Return the first of *times* after *moment*, or *end*."""
    index = bisect_right(times, moment)
    return times[index] if index < len(times) else end
