"""Where a replay's pointer was and which buttons it held: what a watcher sees move.

The recording programs store the pointer in pixels and each press and release;
`Track.of(replay)` reads them once into points on the game's clock (from the
first reveal, as the moves' times), and `track.at(ms)` gives the pointer at a
moment: the cell under it, its pixels and the buttons held. As the community's
players (Metasweeper, ms_toollib) show it, a pointer that leaves the board stays
where it last was on it, with the buttons as they are held: those positions are
skipped, and counted (`Track.off_board`). `Track.page_points()` is the list the
page receives once and plays by itself.
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from dataclasses import dataclass
from typing import NamedTuple

from game.community.read import Replay
from game.community.recording import plain_events
from game.rules.board import Position


class Buttons(enum.Enum):
    """Which buttons are held, as a watcher sees them (a middle button chords, as both)."""

    NONE = "none"
    LEFT = "left"
    RIGHT = "right"
    BOTH = "both"

    @classmethod
    def of(cls, held: set[str]) -> Buttons:
        """Return what the buttons *held* (`l`, `r`, `m`) show.

        >>> Buttons.of({"l", "r"}), Buttons.of({"m"}), Buttons.of(set())
        (<Buttons.BOTH: 'both'>, <Buttons.BOTH: 'both'>, <Buttons.NONE: 'none'>)
        """
        if "m" in held or {"l", "r"} <= held:
            return cls.BOTH
        if "l" in held:
            return cls.LEFT
        return cls.RIGHT if "r" in held else cls.NONE


class Point(NamedTuple):
    """The pointer from one moment on, until the next point."""

    ms: int
    """When, on the game's clock (negative before the first reveal)."""
    x: int
    """Pixels from the board's left edge, at the file's scale (`Track.cell` to a cell)."""
    y: int
    """Pixels from the board's top edge."""
    buttons: Buttons
    """The buttons held."""


@dataclass(frozen=True, slots=True)
class Pointer:
    """The pointer at a moment of a replay."""

    cell: Position
    """The cell under it, (column, row) from 0."""
    x: int
    """Its pixels from the board's left edge, at the file's scale."""
    y: int
    """Its pixels from the board's top edge."""
    buttons: Buttons
    """The buttons held."""


@dataclass(frozen=True, slots=True)
class Track:
    """A replay's pointer, moment by moment."""

    cell: int
    """Pixels per cell in the file."""
    points: tuple[Point, ...]
    """The pointer after each mouse event that moved it on the board or changed its buttons,
    in time order."""
    off_board: int
    """The mouse events whose position was off the board (the pointer stayed where it was)."""

    @classmethod
    def of(cls, replay: Replay) -> Track:
        """Read *replay*'s mouse events into the pointer's points."""
        recording, start = replay.recording, replay.played.start_ms
        size = recording.cell
        points: list[Point] = []
        held: set[str] = set()
        x = y = -1
        off = 0
        for mouse in recording.events:
            plain_events(mouse.kind, held)
            if recording.cell_at(mouse.x, mouse.y) is None:
                off += 1
            else:
                x, y = mouse.x, mouse.y
            if x < 0:
                continue  # no position on the board yet
            point = Point(mouse.ms - start, x, y, Buttons.of(held))
            if points and points[-1].ms == point.ms:  # the last of one moment's events counts
                points.pop()
            if not points or points[-1][1:] != point[1:]:
                points.append(point)
        return cls(size, tuple(points), off)

    def at(self, ms: int) -> Pointer | None:
        """Return the pointer at *ms* on the game's clock, or None before it is on the board."""
        index = bisect_right(self.points, ms, key=lambda p: p.ms)
        if not index:
            return None
        point = self.points[index - 1]
        return Pointer(
            (point.x // self.cell, point.y // self.cell), point.x, point.y, point.buttons
        )

    def page_points(self) -> list[tuple[int, int, int, str]]:
        """Return the points as the page takes them: `(ms, x, y, buttons)`.

        Pixels at the file's scale: `cell` of them make a cell.
        """
        return [(p.ms, p.x, p.y, p.buttons.value) for p in self.points]
