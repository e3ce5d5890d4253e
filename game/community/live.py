"""The community's figures as they stand at a moment of a replay, as its programs show them.

A watcher of a replay sees the figures tick: the time, the 3BV cleared of the
board's, 3BV/s, the clicks (left, right, double: the community's `cl` split)
and the effective ones, IOE, against the board's ZiNi. `Tally.of(replay)`
does the work that is the same at every moment once (the board's 3BV and
ZiNi); `tally.at(ms)` gives the figures at *ms* on the game's clock (from its
first reveal, as the moves' times), from the moves made and the mouse events
read by then. `replay_stats.replay_figures` takes them at the replay's end, so
the figures of a finished replay are those of its last moment.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from game.community.clicks import Clicks
from game.community.read import Replay
from game.community.zini import Click, zini
from game.rules.board import Board
from game.rules.figures import Units

_NONE = Clicks(0, 0, 0, 0, 0, 0)


def ratio(top: float, bottom: float) -> float | None:
    """Return *top* / *bottom* to 6 decimals, or None when *bottom* is 0.

    >>> ratio(2, 3), ratio(1, 0)
    (0.666667, None)
    """
    return round(top / bottom, 6) if bottom else None


@dataclass(frozen=True, slots=True)
class Moment:
    """The figures of a replay at one moment, named as `python -m game.stats replay` names them."""

    time_ms: int
    """The game's time then: from its first reveal, 0 before it, the game's time after its end."""
    bbbv: int
    """The board's 3BV (0 when the replay never laid its mines)."""
    bbbv_solved: int
    """The 3BV the moves made by then cleared."""
    clicks: Clicks
    """The clicks made by then, as the community counts them."""
    zini: int
    """The board's ZiNi: the fewest clicks the greedy finds that clear it, to set `cl` against."""

    @property
    def bbbv_s(self) -> float | None:
        """3BV cleared per second, or None at time 0."""
        return ratio(self.bbbv_solved, self.time_ms / 1000)

    @property
    def ioe(self) -> float | None:
        """3BV cleared per click, or None before the first click."""
        return ratio(self.bbbv_solved, self.clicks.all)

    def keyed(self) -> dict[str, Any]:
        """Return the figures keyed as INTERFACES names them (a part of `replay_figures`)."""
        clicks = self.clicks
        return {
            "time_ms": self.time_ms,
            "bbbv": self.bbbv,
            "bbbv_solved": self.bbbv_solved,
            "bbbv_s": self.bbbv_s,
            "left": clicks.left,
            "right": clicks.right,
            "double": clicks.double,
            "cl": clicks.all,
            "ce": clicks.effective,
            "ioe": self.ioe,
            "corr": ratio(clicks.effective, clicks.all),
            "thrp": ratio(self.bbbv_solved, clicks.effective),
            "zini": self.zini,
        }


@dataclass(frozen=True, slots=True)
class Tally:
    """A replay ready to give its figures at any moment: what does not change, computed once."""

    replay: Replay
    """The replay."""
    board: Board | None
    """The whole board, its mines laid; None when the replay never laid them."""
    bbbv: int
    """The board's 3BV."""
    zini_clicks: tuple[Click, ...]
    """The board's ZiNi clicks, in order."""
    solved: tuple[int, ...]
    """The 3BV cleared after each step of the game, from step 0."""

    @classmethod
    def of(cls, replay: Replay, *, before: Tally | None = None) -> Tally:
        """Prepare *replay*'s figures: its board, 3BV and ZiNi, and the 3BV each step cleared.

        *before*: the tally of an earlier moment of the same game, whose board's ZiNi
        is kept (a game in play is tallied again at each move).
        """
        recording, history = replay.recording, replay.played.history
        steps = len(history) + 1
        if len(recording.mines) != history.start.settings.mines:  # ended before its reveal
            return cls(replay, None, 0, (), (0,) * steps)
        board = Board.from_mines(recording.width, recording.height, recording.mines)
        units = Units.of(board)
        solved = tuple(units.solved(g.board) if g.board.mines_laid else 0 for g in history.states())
        same = before is not None and before.board is not None and before.board == board
        clicks = before.zini_clicks if same and before is not None else tuple(zini(board))
        return cls(replay, board, units.total, clicks, solved)

    def at(self, ms: int) -> Moment:
        """Return the figures at *ms* on the game's clock.

        The moves timed up to *ms* are made and the mouse events up to then are
        counted; a moment before the first reveal has time 0.
        """
        played = self.replay.played
        solved = self.solved[bisect_right(played.times, ms)]
        counted = bisect_right(played.tallies, played.start_ms + ms, key=lambda tally: tally[0])
        clicks = played.tallies[counted - 1][1] if counted else _NONE
        time_ms = min(max(ms, 0), played.time_ms)
        return Moment(time_ms, self.bbbv, solved, clicks, len(self.zini_clicks))

    def shown(self, step: int, ms: int | None = None, *, over: bool = True) -> Moment:
        """Return the figures with the first *step* moves on the board, at *ms* on its clock.

        The moment is held between the move *step* and the next, so that the figures
        never run ahead of the board or lag behind it; without *ms* it is the move's own
        time (before the first move, a moment before anything). With every move made:
        the replay's end (`at_end`), or, while the game goes on (not *over*), its figures
        with the time at *ms* as its clock runs.
        """
        played = self.replay.played
        times = played.times
        if step >= len(played.history):
            end = self.at_end()
            return end if over or ms is None else dataclasses.replace(end, time_ms=max(ms, 0))
        low = times[step - 1] if step else min(times[:1] or [0]) - 1
        return self.at(low if ms is None else max(low, min(ms, times[step] - 1)))

    def at_end(self) -> Moment:
        """Return the figures at the replay's end: every move made, every click counted."""
        played = self.replay.played
        last = played.tallies[-1][0] - played.start_ms if played.tallies else 0
        return self.at(max(played.time_ms, last, *played.times[-1:]))
