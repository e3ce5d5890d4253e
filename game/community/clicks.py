"""The community's click rules: a recording's mouse events become the game's moves.

A left press and release on a hidden cell reveals it; a right press flags or
unflags a hidden cell; both buttons down, then either released on a number
whose flags match it, opens its other neighbours (a chord), as does a middle
click or a Shift + left click. The game starts at the first left release that
reveals a cell (flags placed before it stay) and its time runs from there to
the move that ends it. Clicks are counted as Minesweeper Arbiter and
ms_toollib count them: every left release, every right press (but not the one
that begins a chord on a number), every chord; a click is effective when it
opens cells, or flags a mine never flagged before.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from game.community.recording import Mouse, Recording
from game.rules.board import Flagged, Hidden, Position, Revealed
from game.rules.events import (
    CellOpened,
    FlagToggled,
    GameStarted,
    MinesLaid,
    Move,
    NeighboursOpened,
)
from game.rules.history import History, HistoryBuilder
from game.rules.settings import Settings


class _Phase(enum.Enum):
    READY = "ready"
    PREFLAG = "preflag"
    PLAYING = "playing"
    OVER = "over"


class _Hand(enum.Enum):
    """Which buttons are down, as the rules need to know it."""

    UP = "up"
    LEFT = "left"
    RIGHT = "right"
    RIGHT_NO_FLAG = "right, on a revealed cell or off the board"
    BOTH = "both"
    BOTH_NO_FLAG = "both, the right first on a revealed cell"
    LEFT_AFTER_CHORD = "left, the right released after a chord"
    SHIFT = "left with Shift"


_PRESSED = {
    "l": (_Hand.LEFT, _Hand.BOTH, _Hand.BOTH_NO_FLAG, _Hand.LEFT_AFTER_CHORD, _Hand.SHIFT),
    "r": (_Hand.RIGHT, _Hand.RIGHT_NO_FLAG, _Hand.BOTH, _Hand.BOTH_NO_FLAG),
}


@dataclass(frozen=True, slots=True)
class Clicks:
    """A game's clicks as the community counts them."""

    left: int
    """Left clicks: left releases outside a chord, on the board or off it."""
    right: int
    """Right clicks: right presses that did not begin a chord on a number."""
    double: int
    """Chords: both buttons, a middle click or a Shift + left click."""
    left_effective: int
    """Left clicks that revealed a safe cell."""
    right_effective: int
    """Right clicks that flagged a mine not flagged before."""
    double_effective: int
    """Chords that opened at least one cell."""

    @property
    def all(self) -> int:
        """All clicks (the community's `cl`)."""
        return self.left + self.right + self.double

    @property
    def effective(self) -> int:
        """Effective clicks (the community's `ce`)."""
        return self.left_effective + self.right_effective + self.double_effective


@dataclass(frozen=True, slots=True)
class Played:
    """What a recording's mouse events did: the game's moves, their times, the clicks."""

    history: History
    """The game: its start, the mines laid at the first reveal, and the moves."""
    times: tuple[int, ...]
    """Each move's time in milliseconds from the first reveal (0 for flags before it)."""
    time_ms: int
    """The game's time: from the first reveal to the move that ended it (or the last event)."""
    clicks: Clicks
    """The clicks as the community counts them."""
    start_ms: int = 0
    """When the game's clock starts, on the recording's clock: the first reveal (or the last
    event, in a game never started). A move's time is its event's less this."""
    tallies: tuple[tuple[int, Clicks], ...] = ()
    """The clicks as they stood after each event that changed them, with its time on the
    recording's clock, in order: what `game.community.live` reads a moment's clicks from."""


@dataclass
class _Rules:
    """The click rules' state while the events are read."""

    recording: Recording
    builder: HistoryBuilder
    phase: _Phase = _Phase.READY
    hand: _Hand = _Hand.UP
    counts: list[int] = field(default_factory=lambda: [0] * 6)
    ever_flagged: set[Position] = field(default_factory=set)
    marked: set[Position] = field(default_factory=set)
    pre_flags: int = 0
    middle: bool = False
    now: int = 0
    start_ms: int | None = None
    end_ms: int | None = None
    times: list[int] = field(default_factory=list)

    # The moves, and what they open.

    def move(self, move: Move) -> None:
        board = self.builder.board
        if type(move) is CellOpened and not board.mines_laid:
            self.builder.add(MinesLaid(self.recording.mines))
            self.start_ms = self.now
        self.builder.add(move)
        self.times.append(0 if self.start_ms is None else self.now - self.start_ms)
        if self.builder.board.is_over() and self.phase is not _Phase.OVER:
            self.phase = _Phase.OVER
            self.end_ms = self.now

    def left_click(self, pos: Position | None) -> None:
        self.counts[0] += 1
        if pos is None or type(self.builder.board.cells[pos]) is not Hidden:
            return
        self.marked.discard(pos)
        if pos not in self.recording.mines:
            self.counts[3] += 1
        self.move(CellOpened(pos))

    def right_click(self, pos: Position) -> None:
        self.counts[1] += 1
        cell = type(self.builder.board.cells[pos])
        if cell is Revealed:
            return
        if cell is Flagged:
            if self.recording.marks:
                self.marked.add(pos)
            self.move(FlagToggled(pos))
        elif pos in self.marked:
            self.marked.discard(pos)
        else:
            if pos in self.recording.mines and pos not in self.ever_flagged:
                self.counts[4] += 1
            self.ever_flagged.add(pos)
            self.move(FlagToggled(pos))

    def chord(self, pos: Position | None) -> None:
        if pos is None:
            return
        self.counts[2] += 1
        board = self.builder.board
        if board.mines_laid and board.can_chord(pos):
            self.counts[5] += 1
            self.marked.difference_update(board.neighbours(pos))
            self.move(NeighboursOpened(pos))

    def clear(self) -> None:
        """Forget the clicks of a start undone (its flags all taken off again)."""
        self.counts[0] = self.counts[1] = self.counts[2] = 0
        self.ever_flagged.clear()

    # The events.

    def event(self, mouse: Mouse) -> None:
        kind = mouse.kind
        if kind == "mv" or self.phase is _Phase.OVER:
            return
        self.now = mouse.ms
        if kind in ("l", "r"):
            kind += "r" if self.hand in _PRESSED[kind] else "c"
        elif kind == "m":
            kind = "mr" if self.middle else "mc"
        pos = self.recording.cell_at(mouse.x, mouse.y)
        if self.phase is _Phase.READY:
            self.ready(kind, pos)
        elif self.phase is _Phase.PREFLAG:
            if self.preflag(kind, pos):
                self.playing(kind, pos)
        else:
            self.playing(kind, pos)

    def ready(self, kind: str, pos: Position | None) -> None:
        hand = self.hand
        if kind == "lc":
            if hand is _Hand.UP:
                self.hand = _Hand.LEFT
                if pos is not None:
                    self.phase = _Phase.PREFLAG
            else:
                self.hand = {_Hand.RIGHT: _Hand.BOTH, _Hand.RIGHT_NO_FLAG: _Hand.BOTH_NO_FLAG}.get(
                    hand, hand
                )
        elif kind == "pf" and pos is not None:
            self.pre_flags += 1
            self.phase = _Phase.PREFLAG
            self.right_click(pos)
        elif kind == "rc":
            if hand is _Hand.UP:
                self.hand = _Hand.RIGHT
                if pos is not None:
                    self.pre_flags = 1
                    self.phase = _Phase.PREFLAG
                    self.right_click(pos)
            elif hand is _Hand.LEFT_AFTER_CHORD:
                self.hand = _Hand.BOTH
        elif kind == "lr":
            if hand in (_Hand.BOTH, _Hand.BOTH_NO_FLAG):
                self.hand = _Hand.RIGHT
            elif hand in (_Hand.LEFT_AFTER_CHORD, _Hand.LEFT, _Hand.UP, _Hand.SHIFT):
                self.hand = _Hand.UP
        elif kind == "rr":
            if hand is _Hand.RIGHT:
                self.hand = _Hand.UP
            elif hand is _Hand.BOTH:
                self.hand = _Hand.LEFT_AFTER_CHORD
        elif kind == "cc":
            self.second_button()

    def preflag(self, kind: str, pos: Position | None) -> bool:
        """Apply *kind* before the first reveal; return whether the playing rules apply too."""
        hand = self.hand
        if kind == "lr" and hand is _Hand.LEFT:
            if pos is None:
                self.hand = _Hand.UP
                if self.pre_flags == 0:
                    self.phase = _Phase.READY
                    self.clear()
                else:
                    self.counts[0] += 1
            elif type(self.builder.board.cells[pos]) is Hidden:
                self.phase = _Phase.PLAYING
                self.hand = _Hand.UP
                self.left_click(pos)
            else:
                self.counts[0] += 1
            return False
        if kind == "pf" and pos is not None:
            self.pre_flags += 1
            self.right_click(pos)
            return False
        if kind == "rc":
            self.preflag_right(hand, pos)
            return False
        if kind == "cc":
            if hand is _Hand.LEFT and pos is not None and self.pre_flags == 0:
                self.phase = _Phase.READY
            self.second_button()
            return False
        return kind in ("lc", "rr", "lr", "mc", "mr", "sc")

    def preflag_right(self, hand: _Hand, pos: Position | None) -> None:
        if hand is _Hand.UP:
            if pos is None:
                self.hand = _Hand.RIGHT_NO_FLAG
                self.counts[1] += 1
                return
            self.hand = _Hand.RIGHT
            if type(self.builder.board.cells[pos]) is Flagged:
                self.pre_flags -= 1
                if self.pre_flags == 0:
                    self.phase = _Phase.READY
                    self.clear()
                    self.move(FlagToggled(pos))
                    return
            else:
                self.pre_flags += 1
            self.right_click(pos)
        elif hand is _Hand.LEFT:
            self.hand = _Hand.BOTH
            if pos is not None and self.pre_flags == 0:
                self.phase = _Phase.READY
        elif hand is _Hand.LEFT_AFTER_CHORD:
            self.hand = _Hand.BOTH

    def second_button(self) -> None:
        """Press a second button, which one the file does not say (`cc`)."""
        if self.hand is _Hand.RIGHT_NO_FLAG:
            self.hand = _Hand.BOTH_NO_FLAG
        elif self.hand in (_Hand.LEFT, _Hand.LEFT_AFTER_CHORD, _Hand.RIGHT, _Hand.UP):
            self.hand = _Hand.BOTH

    def playing(self, kind: str, pos: Position | None) -> None:
        hand = self.hand
        if kind == "lc":
            self.hand = {
                _Hand.UP: _Hand.LEFT,
                _Hand.RIGHT: _Hand.BOTH,
                _Hand.RIGHT_NO_FLAG: _Hand.BOTH_NO_FLAG,
            }.get(hand, hand)
        elif kind == "sc":
            if hand is _Hand.UP:
                self.hand = _Hand.SHIFT
        elif kind == "lr":
            self.left_release(hand, pos)
        elif kind == "rc":
            if hand is _Hand.UP:
                on_number = pos is None or type(self.builder.board.cells[pos]) is Revealed
                self.hand = _Hand.RIGHT_NO_FLAG if on_number else _Hand.RIGHT
                if pos is None:
                    self.counts[1] += 1
                else:
                    self.right_click(pos)
            elif hand in (_Hand.LEFT, _Hand.LEFT_AFTER_CHORD):
                self.hand = _Hand.BOTH
        elif kind == "rr":
            if hand in (_Hand.RIGHT, _Hand.RIGHT_NO_FLAG):
                self.hand = _Hand.UP
            elif hand in (_Hand.BOTH, _Hand.BOTH_NO_FLAG):
                self.hand = _Hand.LEFT_AFTER_CHORD
                if hand is _Hand.BOTH_NO_FLAG:
                    self.counts[1] -= 1
                self.chord(pos)
        elif kind == "mc":
            self.middle = True
        elif kind == "mr":
            self.middle = False
            self.chord(pos)
        elif kind == "cc":
            self.second_button()

    def left_release(self, hand: _Hand, pos: Position | None) -> None:
        if hand is _Hand.LEFT:
            self.hand = _Hand.UP
            self.left_click(pos)
        elif hand in (_Hand.BOTH, _Hand.BOTH_NO_FLAG):
            self.hand = _Hand.RIGHT
            if hand is _Hand.BOTH_NO_FLAG:
                self.counts[1] -= 1
            self.chord(pos)
        elif hand is _Hand.SHIFT:
            self.hand = _Hand.UP
            self.chord(pos)
        elif hand is _Hand.LEFT_AFTER_CHORD:
            self.hand = _Hand.UP


def play(recording: Recording) -> Played:
    """Apply the click rules to *recording*'s events: the game, its times and its clicks."""
    settings = Settings(recording.width, recording.height, len(recording.mines))
    rules = _Rules(recording, HistoryBuilder(GameStarted(settings, 0)))
    tallies: list[tuple[int, Clicks]] = []
    counted = [0] * 6
    for mouse in recording.events:
        rules.event(mouse)
        if rules.counts != counted:
            counted = rules.counts.copy()
            tallies.append((mouse.ms, Clicks(*counted)))
    last = recording.events[-1].ms if recording.events else 0
    start = rules.start_ms if rules.start_ms is not None else last
    end = rules.end_ms if rules.end_ms is not None else last
    history = rules.builder.build()
    times = tuple(rules.times)
    clicks = Clicks(*rules.counts)
    return Played(history, times, max(0, end - start), clicks, start, tuple(tallies))
