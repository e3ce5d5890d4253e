"""`python -m game --replay FILE`: any replay played in the terminal.

`--plain` is held to the line mode itself: the replay's moves typed as commands
(`r`, `f`, `c`) into `python -m game --plain --layout` on the file's mines print
the same bytes. The full-screen replay is tested as a value (`Watching`: the keys
and the frame, with a fake clock) and once in a real pseudo-terminal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.commands.teacher import command
from game.community.read import read_replay
from game.rules.layout import Layout
from game.terminal.replay_view import KEYS, Do, Watching
from game.terminal.screen import Viewport
from helpers import run_module
from ptyscreen import RIGHT, Pty

DATA = Path(__file__).parent / "data" / "replays"
PLAIN = ["beginner-v3.evf", "beginner-rmv2-preflags.rmv", "custom-8x11.avf", "expert.mvf"]
"""A reveal only, flags before the first reveal, Arbiter's clicks, chords by the hundred."""


@pytest.mark.parametrize("name", PLAIN)
def test_plain_prints_what_the_line_mode_prints_for_the_same_moves(
    name: str, tmp_path: Path
) -> None:
    """At the start and after each move: the position text, the status line, an empty line."""
    replay = read_replay((DATA / name).read_bytes(), name)
    recording = replay.recording
    layout = tmp_path / "layout.txt"
    layout.write_text(Layout(recording.width, recording.height, recording.mines).to_text())
    commands = "".join(command(move) + "\n" for move in replay.played.history.moves)
    line_mode = run_module("game", "--plain", "--layout", str(layout), stdin=commands)
    assert line_mode.returncode == 0 and "error" not in line_mode.stdout
    played = run_module("game", "--replay", str(DATA / name), "--plain")
    assert (played.returncode, played.stderr) == (0, "")
    assert played.stdout == line_mode.stdout
    blocks = played.stdout.split("\n\n")
    assert len(blocks) == len(replay.played.history) + 2  # the start, each move, the end
    assert blocks[-2].endswith(
        f"status: {replay.played.history.current.status.value} mines-left: 0"
    )


def test_without_a_terminal_the_details_come_first() -> None:
    played = run_module("game", "--replay", str(DATA / "expert.rmv"))
    assert played.returncode == 0
    assert played.stdout.startswith("player: 王嘉宁\nprogram: Viennasweeper 3.0.2H\n")
    assert "\n\n30x16x99\n" in played.stdout


@pytest.mark.parametrize(
    ("data", "problem"), [(None, "cannot read"), (b"\x00\x01 nothing", "not a replay")]
)
def test_a_file_it_cannot_play_is_one_error_line(
    data: bytes | None, problem: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.evf"
    if data is not None:
        path.write_bytes(data)
    played = run_module("game", "--replay", str(path), "--plain")
    assert (played.returncode, played.stdout) == (2, "")
    assert played.stderr.startswith("error: ") and problem in played.stderr
    assert len(played.stderr.splitlines()) == 1


def watching(name: str = "beginner-v3.evf") -> Watching:
    return Watching.of(read_replay((DATA / name).read_bytes(), name))


def test_before_it_starts_the_screen_shows_the_details_and_the_keys() -> None:
    frame = watching().frame((80, 24), 0, Viewport()).text()
    assert frame[0] == " Replay 0.000 s of 3.796 s · 1x · paused"
    shown = "\n".join(frame)
    assert " player: 王嘉宁" in shown and " mode: No guessing (race)" in shown
    assert "Pointer not on the board." in shown
    assert (
        frame[-1] == "Space:play ←/→:move ,/.:event -/+:speed S:no pauses Home/End:start/end Q:quit"
    )


def test_the_keys_play_pause_and_step_with_the_clock_given() -> None:
    """Space plays at the recording's pace; l steps to the next move, paused; the frame then
    shows the board after it, the pointer's cell as the cursor and the figures."""
    shown = watching()
    playing = shown.pressed(KEYS[" "], 0)
    assert not playing.playback.paused
    assert playing.playback.at(1000) == playing.playback.start_ms + 1000
    stepped = shown.pressed(KEYS["l"], 0)
    assert stepped.playback.paused and stepped.playback.step(0) == 1
    frame = stepped.frame((80, 24), 0, Viewport()).text()
    first = stepped.replay.played.history.moves[0].pos
    row = frame[2 + first[1]]
    assert row[2 * first[0] + 1] == "[" and row[2 * first[0] + 3] == "]"  # the pointer's cell
    shown_text = "\n".join(frame)
    assert "3BV 1/3 · 3BV/s – · cl 1 (1 left, 0 right, 0 double) · ce 1" in shown_text
    assert "Pointer on row " in shown_text
    faster = stepped.pressed(Do.FASTER, 0).pressed(Do.FASTER, 0)
    assert faster.frame((80, 24), 0, Viewport()).text()[0].endswith("· 4x · paused")
    assert faster.pressed(KEYS["q"], 0) is faster


def test_the_full_screen_replay_plays_in_a_terminal() -> None:
    """Started in a pseudo-terminal: the details, then a move at the arrow key, Q quits."""
    played = Pty("--replay", str(DATA / "beginner-v3.evf"))
    try:
        played.wait_for("player: 王嘉宁")
        played.type(RIGHT)
        played.wait_for("3BV 1/3")
        played.type("q")
        assert played.wait() == 0
    finally:
        played.close()
