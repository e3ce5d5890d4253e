"""The figures of a replay as they stand at each moment (`game.community.live`).

The oracle is ms_toollib (a test dependency only): its video analysers give the
figures at any `current_time`. At the time of every move of every fixture ours
must agree with its own, within the community's tolerances (the time within 10 ms,
ratios within 3%), and at the end with `python -m game.stats replay`'s.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from pathlib import Path
from typing import Any

import pytest

from game.community.live import Moment, Tally
from game.community.read import Replay, read_replay
from game.community.replay_stats import replay_figures
from game.rules.board import Board, Revealed
from game.rules.figures import openings

DATA = Path(__file__).parent / "data" / "replays"
ANALYSERS = {".avf": "AvfVideo", ".evf": "EvfVideo", ".mvf": "MvfVideo", ".rmv": "RmvVideo"}
FIXTURES = sorted(
    p.name
    for p in DATA.iterdir()
    if p.suffix in ANALYSERS and not p.name.startswith(("expert-2006", "expert-2007"))
)  # ms_toollib reads Clone 0.97 alone (docs/community.md)
CLICKS = ("left", "right", "double", "cl", "ce")
RATIOS = ("bbbv_s", "ioe")


def analysed(name: str) -> Any:
    toollib = pytest.importorskip("ms_toollib")
    video = getattr(toollib, ANALYSERS[Path(name).suffix])(file_name=str(DATA / name))
    video.parse()
    video.analyse()
    return video


def partly_open(replay: Replay) -> list[int]:
    """Count, after each step, the openings with some zeros revealed and some not (a flag on
    one stopped the flood): ours count them as cleared, ms_toollib only once a zero is
    opened while none of the opening's zeros is flagged (docs/community.md, Statistics)."""
    recording = replay.recording
    whole = Board.from_mines(recording.width, recording.height, recording.mines)
    zeros = [[p for p in region if whole.cells[p].count == 0] for region in openings(whole)]
    return [
        sum(
            {type(game.board.cells[p]) is Revealed for p in region} == {True, False}
            for region in zeros
        )
        for game in replay.played.history.states()
    ]


def agree(ours: Moment, theirs: Any, partly: int) -> None:
    mine = ours.keyed()
    assert abs(mine["time_ms"] - theirs.time * 1000) <= 10
    assert mine["bbbv"] == theirs.bbbv and mine["zini"] == theirs.zini
    assert mine["bbbv_solved"] - theirs.bbbv_solved == partly
    for key in CLICKS:
        assert math.isclose(mine[key], getattr(theirs, key), rel_tol=0.03), key
    if partly:
        return  # the ratios divide different 3BVs, said above
    for key in RATIOS:
        their = getattr(theirs, key)
        if mine[key] is None:  # no click yet, or at time 0 (theirs half a millisecond on)
            assert mine["cl"] == 0 if key == "ioe" else mine["time_ms"] == 0
            continue
        assert math.isclose(mine[key], their, rel_tol=0.03), key


@pytest.mark.parametrize("name", FIXTURES)
def test_the_figures_at_every_move_agree_with_ms_toollib(name: str) -> None:
    """At each move's time (half a millisecond after it, so the float clock of ms_toollib
    reads it as made) the time, 3BV, clicks, IOE and 3BV/s are ms_toollib's."""
    replay = read_replay((DATA / name).read_bytes(), name)
    tally, video, partly = Tally.of(replay), analysed(name), partly_open(replay)
    times = replay.played.times
    for ms in sorted(set(times)):
        video.current_time = (ms + 0.5) / 1000
        agree(tally.at(ms), video, partly[bisect_right(times, ms)])


@pytest.mark.parametrize("name", FIXTURES)
def test_the_last_moment_is_the_finished_figures(name: str) -> None:
    """The figures at the end are those of `python -m game.stats replay`, key for key."""
    replay = read_replay((DATA / name).read_bytes(), name)
    end = Tally.of(replay).at_end().keyed()
    figures = replay_figures(replay)
    assert end == {key: figures[key] for key in end}
    assert end["time_ms"] == replay.played.time_ms


def test_before_the_first_reveal_nothing_counts_and_after_the_end_nothing_changes() -> None:
    """A moment before the game's clock starts has time 0; one long after the end reads the
    end's figures."""
    name = "beginner-v4-slow.evf"
    replay = read_replay((DATA / name).read_bytes(), name)
    tally = Tally.of(replay)
    early = tally.at(-50)
    assert (early.time_ms, early.bbbv_solved, early.clicks.all, early.bbbv_s) == (0, 0, 0, None)
    assert tally.at(replay.played.time_ms + 60_000) == tally.at_end()


def test_between_two_moves_the_time_runs_and_the_3bv_waits() -> None:
    """Halfway between two moves the clock has moved on and 3BV/s falls, as a watcher sees."""
    name = "beginner-8x8.avf"
    replay = read_replay((DATA / name).read_bytes(), name)
    tally = Tally.of(replay)
    times = replay.played.times
    first, second = times[3], next(t for t in times if t > times[3])
    at, halfway = tally.at(first), tally.at((first + second) // 2)
    assert halfway.time_ms == (first + second) // 2 > at.time_ms
    assert halfway.bbbv_solved == at.bbbv_solved
    assert halfway.bbbv_s is not None and at.bbbv_s is not None and halfway.bbbv_s < at.bbbv_s
