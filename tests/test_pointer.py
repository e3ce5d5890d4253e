"""A replay's pointer at any moment (`game.community.pointer`): its cell, pixels and buttons.

Two oracles: the file's own mouse events (the position of the last event at or
before a moment, the buttons its presses and releases leave held), and
ms_toollib (a test dependency only), whose video analysers show the pointer
(`x_y`) and the state of the buttons (`mouse_state`) at any `current_time`.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from game.community.clicks import play
from game.community.pointer import Buttons, Track
from game.community.read import Replay, read_replay
from game.community.recording import Mouse, Recording

DATA = Path(__file__).parent / "data" / "replays"
ANALYSERS = {".avf": "AvfVideo", ".evf": "EvfVideo", ".mvf": "MvfVideo", ".rmv": "RmvVideo"}
READ_BY_MS_TOOLLIB = sorted(
    p.name
    for p in DATA.iterdir()
    if p.suffix in ANALYSERS and not p.name.startswith(("expert-2006", "expert-2007"))
)  # ms_toollib reads Clone 0.97 alone (docs/community.md)
EVERY_FIXTURE = sorted(p.name for p in DATA.iterdir() if p.suffix in (*ANALYSERS, ".rawvf"))
MOUSE_STATES = {
    Buttons.NONE: {1},  # ms_toollib's MouseState: UpUp
    Buttons.LEFT: {4, 7},  # DownUp, DownUpAfterChording
    Buttons.RIGHT: {2, 3},  # UpDown, UpDownNotFlag
    Buttons.BOTH: {5, 6},  # Chording, ChordingNotFlag
}


def replay_of(name: str) -> Replay:
    return read_replay((DATA / name).read_bytes(), name)


def analysed(name: str) -> Any:
    toollib = pytest.importorskip("ms_toollib")
    video = getattr(toollib, ANALYSERS[Path(name).suffix])(file_name=str(DATA / name))
    video.parse()
    video.analyse()
    return video


@pytest.mark.parametrize("name", READ_BY_MS_TOOLLIB)
def test_at_every_event_the_pointer_is_where_ms_toollib_shows_it(name: str) -> None:
    """At the time of every mouse event after the first reveal (half a millisecond on, for
    ms_toollib's float clock), the pixels and the buttons held are ms_toollib's."""
    replay, video = replay_of(name), analysed(name)
    track, start = Track.of(replay), replay.played.start_ms
    times = sorted({mouse.ms - start for mouse in replay.recording.events if mouse.ms >= start})
    for ms in times:
        video.current_time = (ms + 0.5) / 1000
        pointer = track.at(ms)
        assert pointer is not None
        assert (pointer.x, pointer.y) == tuple(video.x_y), ms
        assert video.mouse_state in MOUSE_STATES[pointer.buttons], ms


@pytest.mark.parametrize("name", EVERY_FIXTURE)
def test_at_chosen_times_the_pointer_is_the_files_last_event(name: str) -> None:
    """Before, at and between button events (and before the first reveal), the pointer is
    at the last event on the board then, over its cell, holding what the file pressed."""
    replay = replay_of(name)
    recording, start = replay.recording, replay.played.start_ms
    track = Track.of(replay)
    presses = [m for m in recording.events if m.kind not in ("mv", "pf")]
    chosen = {presses[0].ms, presses[len(presses) // 2].ms - 1, presses[-1].ms}
    chosen |= {(a.ms + b.ms) // 2 for a, b in zip(presses[::7], presses[1::7], strict=False)}
    events = iter(recording.events)
    upcoming = next(events)
    last: Mouse | None = None
    held: set[str] = set()  # read straight from the presses and releases
    toggles = False  # a button the file does not name (`cc`) or toggles: see ms_toollib's test
    for at in sorted(chosen):
        while upcoming is not None and upcoming.ms <= at:
            if recording.cell_at(upcoming.x, upcoming.y) is not None:
                last = upcoming
            if upcoming.kind in ("lc", "rc", "mc", "sc"):
                held.add("l" if upcoming.kind == "sc" else upcoming.kind[0])
            elif upcoming.kind in ("lr", "rr", "mr"):
                held.discard(upcoming.kind[0])
            toggles |= upcoming.kind in ("cc", "l", "r", "m")
            upcoming = next(events, None)
        pointer = track.at(at - start)
        assert pointer is not None and last is not None
        assert (pointer.x, pointer.y) == (last.x, last.y)
        assert pointer.cell == recording.cell_at(last.x, last.y)
        assert toggles or pointer.buttons is Buttons.of(held)


def recording_of(*events: Mouse) -> Replay:
    recording = Recording("test", "", 3, 3, frozenset({(2, 2)}), events)
    return Replay(recording, play(recording))


def test_a_pointer_that_leaves_the_board_stays_where_it_was_and_is_counted() -> None:
    """As ms_toollib shows it: off the board, the pointer keeps its last place on it, the
    buttons still change, and each position skipped is counted."""
    replay = recording_of(
        Mouse(0, "mv", 5, 5),
        Mouse(10, "lc", 5, 5),
        Mouse(20, "lr", 5, 5),  # the first reveal: the game's clock starts
        Mouse(30, "mv", 60, 5),  # off the board, to the right
        Mouse(40, "rc", 60, 40),
        Mouse(50, "mv", 20, 30),
    )
    track = Track.of(replay)
    assert track.off_board == 2
    off = track.at(15)
    assert off is not None and (off.cell, off.x, off.y, off.buttons) == ((0, 0), 5, 5, Buttons.NONE)
    held = track.at(20)
    assert held is not None and (held.cell, held.buttons) == ((0, 0), Buttons.RIGHT)
    back = track.at(30)
    assert back is not None and (back.cell, back.x, back.y) == ((1, 1), 20, 30)


def test_before_the_pointer_reaches_the_board_there_is_none() -> None:
    replay = recording_of(Mouse(0, "mv", 90, 5), Mouse(10, "mv", 5, 5), Mouse(20, "lc", 5, 5))
    track = Track.of(replay)
    assert track.at(-1000) is None
    assert track.at(-25) is None  # the clock starts at the last event: none revealed
    assert track.at(-10) is not None


def test_the_page_points_are_in_time_order_and_each_changes_something() -> None:
    """What the page receives once: one point per change, never two alike in a row."""
    replay = replay_of("expert.rmv")
    points = Track.of(replay).page_points()
    assert len(points) < len(replay.recording.events)
    assert all(a[0] < b[0] and a[1:] != b[1:] for a, b in pairwise(points))
    assert {p[3] for p in points} == {"none", "left", "right", "both"}
