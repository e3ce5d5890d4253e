"""A replay file played back on the page (`game.page.player`), under CPython.

The view runs against the fake page of tests/fakepage.py, which keeps what
js/cursor.js is sent: the file's pointer once (`track`), and the moments shown
as lines of the page's clock (`track-run`). The pointer js/cursor.js draws at a
moment is the point of the track at the moment the line gives: these tests hold
those to the file's own events (`game.community.pointer.Track`).
"""

from __future__ import annotations

import base64
from array import array
from pathlib import Path
from typing import Any

import pytest

from fakepage import GamePage
from game.community.live import Tally
from game.community.playback import PAUSE_MS, along
from game.community.pointer import Track
from game.community.read import Replay, read_replay
from game.page import app
from game.rules.board import Hidden
from game.session import Running, Session, saved

DATA = Path(__file__).parent / "data" / "replays"
BEGINNER = "preset=beginner&seed=7"


def session() -> Session:
    assert app.app is not None
    return app.app.session


def opened(name: str) -> tuple[GamePage, Replay]:
    """Open the fixture *name* on a fresh page; return the page and the replay read alone."""
    page = GamePage(BEGINNER)
    data = (DATA / name).read_bytes()
    page.pick_file("#open-file", name, data)
    return page, read_replay(data, name)


def unpack(data: dict[str, Any]) -> list[tuple[int, int, int, str]]:
    """Read the track as js/cursor.js does: (ms, x, y, buttons) per point."""
    arrays = {}
    for name, kind in (("ms", "i"), ("x", "h"), ("y", "h"), ("buttons", "B")):
        arrays[name] = array(kind, base64.b64decode(data[name]))
    names = data["names"]
    return [
        (ms, x, y, names[b])
        for ms, x, y, b in zip(
            arrays["ms"], arrays["x"], arrays["y"], arrays["buttons"], strict=True
        )
    ]


def drawn(page: GamePage, track: list[tuple[int, int, int, str]]) -> tuple[int, str] | None:
    """The moment js/cursor.js shows at the page's clock now, and the buttons it draws."""
    moment = along(tuple((c, m) for c, m in page.dom.runs[-1]), page.clock)
    before = [p for p in track if p[0] <= moment]
    return None if not before else (moment, before[-1][3])


@pytest.mark.parametrize("name", ["expert.rmv", "beginner-v4-slow.evf", "custom-8x11.rawvf"])
def test_the_pointer_goes_to_the_page_once_as_the_files_points(name: str) -> None:
    """Opened, the file's pointer is sent once, as its points; playing it to the end sends
    no other, and only a few lines of the clock (at each change of pace, never per event)."""
    page, replay = opened(name)
    assert len(page.dom.tracks) == 1 and page.dom.tracks[0] is not None
    assert unpack(page.dom.tracks[0]) == Track.of(replay).page_points()
    assert page.dom.tracks[0]["cell"] == replay.recording.cell
    page.click("#replay")
    page.advance(replay.played.time_ms * 2 + 10_000)
    assert session().step == len(replay.played.history)
    assert len(page.dom.tracks) == 1
    assert len(page.dom.runs) <= 4 < len(replay.recording.events)


def test_playing_the_pointer_is_where_the_file_says_at_its_pace() -> None:
    """At 1x, the moment drawn runs with the page's clock from the first event: at each
    moment chosen, the pointer drawn is the file's (the track's point then), and the board
    shows the moves made by then; the timer shows the file's seconds."""
    page, replay = opened("expert.rmv")
    track = unpack(page.dom.tracks[0])
    page.choose("#speed", "1")
    page.click("#replay")
    start = page.clock
    first = Track.of(replay).points[0].ms
    for after in (500, 2_000, 7_300, 20_000):
        page.advance(start + after - page.clock)
        shown = drawn(page, track)
        assert shown is not None
        moment, buttons = shown
        assert moment == first - 1 + after
        pointer = Track.of(replay).at(moment)
        assert pointer is not None and buttons == pointer.buttons.value
        moves = sum(1 for t in replay.played.times if t <= moment)
        assert abs(session().step - moves) <= 1
        assert page.text("#timer") == str(max(0, moment) // 1000)


def test_paused_the_pointer_stands_where_it_was_at_the_move_shown() -> None:
    """The slider on move 40: the pointer is drawn where it was when that move was made."""
    page, replay = opened("expert.rmv")
    page.slide(40)
    assert len(page.dom.runs[-1]) == 1
    assert page.dom.runs[-1][0][1] == replay.played.times[39]


def test_a_faster_speed_chosen_while_playing_keeps_the_moment_and_runs_faster() -> None:
    """4x chosen while it plays: the line goes on from the moment shown, four times faster."""
    page, _ = opened("expert.rmv")
    page.choose("#speed", "1")
    page.click("#replay")
    page.advance(3_000)
    before = along(tuple((c, m) for c, m in page.dom.runs[-1]), page.clock)
    page.choose("#speed", "4")
    line = tuple((c, m) for c, m in page.dom.runs[-1])
    assert along(line, page.clock) == before
    assert along(line, page.clock + 1000) == before + 4000


def test_skipping_the_pauses_cuts_each_long_wait_between_clicks() -> None:
    """ "Skip the pauses": no wait between two moves is longer than the clicks between them
    allow at half a second each; the replay still ends with every move made."""
    page, replay = opened("beginner-v4-slow.evf")
    page.choose("#speed", "skip")
    page.click("#replay")
    waits = []
    while session().running is Running.REPLAY:
        wait = min(at for at, every in page.timers.values() if every is None) - page.clock
        waits.append(wait)
        page.advance(wait)
    assert session().step == len(replay.played.history)
    gaps = [b - a for a, b in zip(replay.played.times, replay.played.times[1:], strict=False)]
    assert max(gaps) > 2 * PAUSE_MS, gaps  # the file has long pauses
    clicks = sum(1 for m in replay.recording.events if m.kind != "mv")
    assert sum(waits) <= clicks * PAUSE_MS + 1 < sum(gaps)


def test_steps_by_mouse_event_move_the_moment_and_the_move_shown() -> None:
    """Mouse event › pauses on the file's next mouse event, ‹ on the one before: the moment
    drawn is that event's time, and the board shows the moves made by then."""
    page, replay = opened("expert.rmv")
    start = replay.played.start_ms
    times = sorted({m.ms - start for m in replay.recording.events})
    page.slide(10)
    at = replay.played.times[9]
    page.click("#event-next")
    nxt = min(t for t in times if t > at)
    assert page.dom.runs[-1] == [[page.clock, nxt]]
    assert session().step == sum(1 for t in replay.played.times if t <= nxt)
    page.click("#event-back")
    page.click("#event-back")
    back = max(t for t in times if t < at)
    assert page.dom.runs[-1][0][1] == back
    assert session().step == sum(1 for t in replay.played.times if t <= back)


def test_space_on_the_slider_plays_and_pauses() -> None:
    """Space with the focus on the slider starts the replay, and again pauses it."""
    page, _ = opened("expert.rmv")
    slider = page.dom.one("#history")
    page.fire(slider, "keydown", key=" ")
    assert session().running is Running.REPLAY
    page.advance(1_500)
    page.fire(slider, "keydown", key=" ")
    assert session().running is Running.NOTHING
    assert len(page.dom.runs[-1]) == 1  # the pointer stands


def test_a_game_not_from_a_file_sends_no_pointer() -> None:
    """The player's own game has no file's pointer: nothing is sent, the cursor stays hidden."""
    page = GamePage(BEGINNER)
    page.reveal(0, 0)
    assert page.dom.tracks == [] and page.hidden("#replay-cursor")


def test_a_damaged_replay_says_what_it_skipped() -> None:
    """A file with an event back in time plays without it, and the page says which."""
    page = GamePage(BEGINNER)
    evf = bytearray((DATA / "beginner-v3.evf").read_bytes())
    last = len(evf) - 32 - 1 - 8  # the last event's 3 bytes of time, zeroed
    evf[last + 1 : last + 4] = bytes(3)
    page.pick_file("#open-file", "back.evf", bytes(evf))
    assert not page.hidden("#replay-skipped")
    assert "skipped" in page.text("#replay-skipped")
    assert "before the event it follows" in page.text("#replay-skipped")
    whole = GamePage(BEGINNER)
    whole.pick_file("#open-file", "v3.evf", (DATA / "beginner-v3.evf").read_bytes())
    assert whole.hidden("#replay-skipped")


def test_the_slider_of_a_replay_file_says_the_time_of_the_move_shown() -> None:
    """On a replay file's game the slider's position says its time too, and `#step` shows
    it: move 40 of expert.rmv was made at its 40th time."""
    page, replay = opened("expert.rmv")
    page.slide(40)
    at = replay.played.times[39] / 1000
    moves = len(replay.played.history)
    assert page.attr("#history", "aria-valuetext") == f"move 40 of {moves}, at {at:.1f} s"
    assert page.text("#step") == f"40 / {moves} · {at:.1f} s"


def test_the_games_own_json_replay_shows_the_pointer_on_each_moves_cell() -> None:
    """A JSON replay of the game's own has no pointer path: the pointer stands on the cell
    of each move from the time it was made, as its slider shows it."""
    page = GamePage(BEGINNER)
    page.reveal(0, 0)
    page.advance(1_200)
    x, y = next(p for p, c in session().shown.board.cells.items() if type(c) is Hidden)
    page.flag(x, y)
    own = session().pause(page.clock)
    text, cells = saved.to_json(own), [move.pos for move in own.history.moves]
    played = GamePage(BEGINNER)
    played.pick_file("#open-file", "mine.json", text.encode())
    track = unpack(played.dom.tracks[-1])
    cell = played.dom.tracks[-1]["cell"]
    assert {(px // cell, py // cell) for _, px, py, _ in track} == set(cells)
    assert cells[-1] == (x, y)
    played.slide(2)
    moment = played.dom.runs[-1][0][1]
    assert moment == session().times[1]
    standing = [p for p in track if p[0] <= moment][-1]
    assert (standing[1] // cell, standing[2] // cell) == (x, y)


def test_a_puzzle_opened_over_a_replay_file_hides_its_pointer() -> None:
    """The pointer belongs to the file's game: a puzzle on the board hides its layer."""
    page, _ = opened("expert.rmv")
    page.slide(40)
    assert not page.hidden("#cursor-layer")
    page.click("#puzzles")
    assert page.hidden("#cursor-layer")


def live_figures(page: GamePage) -> tuple[int, int]:
    """The time and the clicks `#live` shows."""
    return int(page.attr("#live", "data-time-ms")), int(page.attr("#live", "data-cl"))


def test_live_figures_run_with_the_moment_while_it_plays() -> None:
    """Issue 48: `#live` stood at the last move's time while the replay played, and jumped
    only at moves. Playing at 1x, between two moves, it stands at the moment shown as the
    clock last ticked (each 250 ms): its time runs with the clock, and its clicks are those
    made by then (`Tally.at`)."""
    page, replay = opened("expert.rmv")
    tally = Tally.of(replay)
    times = replay.played.times
    gap = max(range(20, 60), key=lambda i: times[i + 1] - times[i])  # a long pause
    page.slide(gap + 1)
    page.choose("#speed", "1")
    page.click("#replay")
    start = page.clock
    half = (times[gap + 1] - times[gap]) // 2
    page.advance(half)
    moment = along(tuple((c, m) for c, m in page.dom.runs[-1]), page.clock)
    assert session().step == gap + 1 and moment > times[gap]
    time_ms, clicks = live_figures(page)
    assert times[gap] < moment - 250 <= time_ms <= moment
    assert clicks == tally.at(time_ms).clicks.all and page.clock > start


def test_live_figures_stand_at_a_mouse_event_stepped_to() -> None:
    """Mouse event › pauses between two moves: `#live` gives the figures at that event's
    moment (its clicks counted), not at the move before it."""
    page, replay = opened("expert.rmv")
    tally = Tally.of(replay)
    page.slide(10)
    for _ in range(3):
        page.click("#event-next")
    moment = page.dom.runs[-1][0][1]
    expected = tally.at(moment)
    assert live_figures(page) == (expected.time_ms, expected.clicks.all)
