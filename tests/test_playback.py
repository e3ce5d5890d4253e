"""A replay's pace and steps (`game.community.playback`), as pure values of a fake clock.

The clock is a number handed to each call: no test waits, and every moment shown
is exact.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.community.playback import PAUSE_MS, SPEEDS, Playback, Speed
from game.community.read import read_replay

DATA = Path(__file__).parent / "data" / "replays"
MOVES = (0, 0, 400, 400, 1000, 7000)
"""A first reveal at 0 with a flag placed before it, two moves at 400 ms, a long pause."""
EVENTS = (-200, -50, 0, 100, 200, 400, 700, 1000, 1500, 6900, 7000, 7200)
CLICKS = (-200, -50, 0, 400, 1000, 7000)


def playback() -> Playback:
    return Playback.of(MOVES, EVENTS, CLICKS, 7000)


def test_it_starts_paused_before_anything_happened() -> None:
    start = playback()
    assert (start.start_ms, start.end_ms, start.paused) == (-201, 7200, True)
    assert start.at(0) == start.at(10_000) == -201
    assert start.step(10_000) == 0 and start.wait_ms(0) is None


@pytest.mark.parametrize(("speed", "after"), [(Speed.QUARTER, 250), (Speed.HALF, 500),
                                              (Speed.ONE, 1000), (Speed.TWO, 2000),
                                              (Speed.FOUR, 4000)])  # fmt: skip
def test_each_speed_runs_that_many_replay_milliseconds_a_clock_millisecond(
    speed: Speed, after: int
) -> None:
    running = playback().at_speed(speed, 0).play(5000)
    assert running.at(5000) == -201
    assert running.at(6000) == -201 + after
    assert running.at(10**9) == 7200  # and it stops at the end
    assert running.is_over(10**9) and not running.is_over(6000)


def test_a_change_of_speed_or_a_pause_keeps_the_moment_shown() -> None:
    running = playback().play(0)
    assert running.at(1201) == 1000
    faster = running.faster(1201)
    assert faster.speed is Speed.TWO and faster.at(1201) == 1000 and faster.at(1301) == 1200
    paused = faster.pause(1301)
    assert paused.paused and paused.at(1301) == paused.at(99_999) == 1200
    again = paused.toggled(50_000)
    assert not again.paused and again.at(50_100) == 1400


def test_faster_and_slower_step_through_the_speeds_and_stop_at_the_ends() -> None:
    shown = playback()
    seen = [shown.speed]
    for _ in SPEEDS:
        shown = shown.faster(0)
        seen.append(shown.speed)
    assert seen == [
        Speed.ONE,
        Speed.TWO,
        Speed.FOUR,
        Speed.SKIP,
        Speed.SKIP,
        Speed.SKIP,
        Speed.SKIP,
    ]
    for _ in SPEEDS:
        shown = shown.slower(0)
    assert shown.speed is Speed.QUARTER


def test_skipping_the_pauses_cuts_each_long_pause_between_clicks_short() -> None:
    """At the player's pace between clicks, except that the 6-second pause from 1000 to 7000
    takes PAUSE_MS of the clock, its pointer moves shown faster."""
    running = playback().seek(1000, 0).at_speed(Speed.SKIP, 0).play(0)
    assert running.at(PAUSE_MS // 2) == 4000  # halfway through the long pause
    assert running.at(PAUSE_MS) == 7000
    assert running.at(PAUSE_MS + 100) == 7100  # after it: the player's own pace
    short = playback().seek(0, 0).at_speed(Speed.SKIP, 0).play(0)
    assert short.at(300) == 300  # 0 to 400: shorter than PAUSE_MS, played as it was
    assert short.wait_ms(300) == 100


def test_stepping_by_move_pauses_on_each_moment_a_move_was_made() -> None:
    """Moves made at the same millisecond are one step; a step back shows the board as it was
    before the last moment's moves."""
    shown = playback().play(0)
    steps = []
    for _ in range(5):
        shown = shown.next_move(0)
        steps.append((shown.at(0), shown.step(0), shown.paused))
    assert steps == [(0, 2, True), (400, 4, True), (1000, 5, True), (7000, 6, True),
                     (7200, 6, True)]  # fmt: skip
    back = []
    for _ in range(5):
        shown = shown.previous_move(0)
        back.append(shown.step(0))
    assert back == [5, 4, 2, 0, 0]


def test_stepping_by_mouse_event_visits_each_event() -> None:
    shown = playback()
    forward = []
    for _ in EVENTS:
        shown = shown.next_event(0)
        forward.append(shown.at(0))
    assert forward == list(EVENTS)
    assert shown.next_event(0).at(0) == 7200
    assert shown.previous_event(0).at(0) == 7000
    assert playback().previous_event(0).at(0) == -201


def test_playing_at_the_end_starts_again() -> None:
    ended = playback().seek(7200, 0)
    assert ended.is_over(0)
    again = ended.toggled(100)
    assert again.at(100) == -201 and not again.paused


def test_a_replay_plays_to_its_last_move() -> None:
    name = "beginner-8x8.avf"
    replay = read_replay((DATA / name).read_bytes(), name)
    shown = Playback.of_replay(replay)
    assert shown.step(0) == 0
    end = shown.play(0)
    assert end.step(10**9) == len(replay.played.history)
    assert end.at(10**9) == max(replay.played.time_ms, end.end_ms)


@pytest.mark.parametrize("speed", SPEEDS)
def test_the_knots_the_page_draws_from_give_the_moments_at_every_speed(speed: Speed) -> None:
    """js/cursor.js draws the pointer from `knots()` alone: they must say what `at` says."""
    from game.community.playback import along

    running = playback().at_speed(speed, 300.0).play(300.0)
    knots = running.knots()
    assert knots[0] == (300.0, -201) and knots[-1][1] == 7200
    for now in range(0, 40_000, 37):
        assert along(knots, now + 0.5) == running.at(now + 0.5)
    assert running.pause(1000.0).knots() == ((1000.0, running.at(1000.0)),)


@pytest.mark.parametrize("speed", SPEEDS)
def test_clock_at_is_when_a_move_comes_so_the_page_steps_then(speed: Speed) -> None:
    """The page's runner waits until `clock_at(move)`: the move is shown then, not before."""
    running = playback().at_speed(speed, 0.0).play(0.0)
    for move in (0, 400, 1000, 7000):
        when = running.clock_at(move)
        assert when is not None
        assert running.at(when) >= move > running.at(when - 1)
    assert running.clock_at(10**6) is None and running.clock_at(-500) == 0.0
    assert running.pause(50.0).clock_at(7000) is None
