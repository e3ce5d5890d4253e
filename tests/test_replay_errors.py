"""Damaged replay files: each kind is refused with a message naming the file and the problem.

Truncated files, random bytes, headers that lie about the board and huge files
are refused; events out of time order and clicks named beyond the board are left
out, and the replay plays the rest and lists them. Nothing but `ReplayError`
(a ValueError) ever comes out of reading, whatever the bytes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.community.mbf import read_layout_file
from game.community.rawvf import write
from game.community.read import read_replay
from game.community.recording import ReplayError, Skip
from game.community.replay_stats import replay_figures
from game.rules.layout import TextFormatError
from helpers import run_module

DATA = Path(__file__).parent / "data" / "replays"
FORMATS = {
    "AVF": "beginner-8x8.avf",
    "RMV 1": "expert.rmv",
    "RMV 2": "beginner-rmv2.rmv",
    "MVF 0.97": "expert.mvf",
    "MVF 2007": "expert-2007.mvf",
    "EVF 0": "expert-v0.evf",
    "EVF 2": "expert-v2.evf",
    "EVF 3": "beginner-v3.evf",
    "EVF 4": "beginner-v4-slow.evf",
}
"""A file of each binary format and version whose reader takes its own path (EVF 1 reads
as EVF 0, MVF 2006 as 2007)."""
BINARY = [*FORMATS.values(), "custom-8x11.avf", "expert-2006.mvf", "expert-v1.evf"]
TEXT = ["custom-8x11.rawvf", "expert-2007-mvf.rawvf"]


def refused(data: bytes, name: str = "bad.file") -> str:
    """Return the message reading *data* is refused with."""
    with pytest.raises(ReplayError) as caught:
        read_replay(data, name)
    message = str(caught.value)
    assert message.startswith(f"{name}: ")
    return message


def rawvf_of(name: str) -> str:
    replay = read_replay((DATA / name).read_bytes(), name)
    return write(replay.recording, replay.played.time_ms)


@pytest.mark.parametrize("name", BINARY)
def test_a_file_cut_in_its_events_is_cut_short(name: str) -> None:
    """Cut short, or (MVF, whose header counts its events) holding fewer than it says."""
    data = (DATA / name).read_bytes()
    message = refused(data[: len(data) * 2 // 3], name)
    assert "cut short" in message or "events, more than the file holds" in message


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BINARY + TEXT), st.data())
def test_any_truncation_is_refused_or_read_never_a_crash(name: str, data: st.DataObject) -> None:
    whole = (DATA / name).read_bytes()
    cut = data.draw(st.integers(0, len(whole) - 1))
    try:
        read_replay(whole[:cut], name)
    except ReplayError as error:
        assert str(error).startswith(f"{name}: ")


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(  # the start of each format, and none
        [
            b"",
            b"*rmv\x00\x01",
            b"*rmv\x00\x02",
            b"\x11\x4d",
            b"\x03",
            b"\x04",
            b"\x34\x00\x00\x00\x00\x06",
            b"RawVF_Version: 6\n",
            b"{",
        ]
    ),
    st.binary(max_size=600),
)
def test_random_bytes_are_refused_never_a_crash(head: bytes, tail: bytes) -> None:
    try:
        read_replay(head + tail, "random.bin")
    except ReplayError as error:
        assert str(error).startswith("random.bin: ")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BINARY + TEXT), st.data(), st.binary(max_size=400))
def test_random_bytes_after_a_real_start_are_refused_or_read(
    name: str, data: st.DataObject, tail: bytes
) -> None:
    """A real file of each format cut anywhere and followed by random bytes."""
    whole = (DATA / name).read_bytes()
    cut = data.draw(st.integers(0, len(whole)))
    try:
        replay_figures(read_replay(whole[:cut] + tail, name))
    except ReplayError as error:
        assert str(error).startswith(f"{name}: ")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BINARY + TEXT), st.data())
def test_damaged_bytes_are_refused_or_read_never_a_crash(name: str, data: st.DataObject) -> None:
    """A few bytes changed anywhere: the file is refused, or read and its figures computed."""
    damaged = bytearray((DATA / name).read_bytes())
    for _ in range(data.draw(st.integers(1, 6))):
        damaged[data.draw(st.integers(0, len(damaged) - 1))] = data.draw(st.integers(0, 255))
    try:
        replay_figures(read_replay(bytes(damaged), name))
    except ReplayError as error:
        assert str(error).startswith(f"{name}: ")


def test_bytes_of_no_known_format_say_so() -> None:
    assert "not a replay this game reads" in refused(b"\xff\xfe hello " * 10)


def test_a_header_that_lies_about_the_board_is_refused() -> None:
    """An Arbiter custom header made narrower than its mines; an EVF with no rows."""
    avf = bytearray((DATA / "custom-8x11.avf").read_bytes())
    avf[6] = 2  # the width, less one: 3 columns, but mines lie beyond
    assert "off the 3x11 board" in refused(bytes(avf))
    evf = bytearray((DATA / "beginner-v3.evf").read_bytes())
    evf[6] = 20  # the mine count's low byte: 20 mines, the board lists 10
    assert "the header says 20 mines but the board lists 10" in refused(bytes(evf))
    text = rawvf_of("custom-8x11.avf").replace("Width: 8", "Width: 9")
    assert "do not match" in refused(text.encode())
    rmv = bytearray((DATA / "expert.rmv").read_bytes())
    start = rmv.index(bytes([30, 16, 0, 99]))
    rmv[start] = 130
    assert "130x16" in refused(bytes(rmv))


BOARD_SIZE = {  # where each format keeps the board's width: (marker, offset from it)
    "RMV 1": (bytes([30, 16, 0, 99]), 0),
    "RMV 2": (bytes([8, 8, 0, 10]), 0),
    "MVF 0.97": (bytes([30, 16, 0, 99]), 0),
    "MVF 2007": (bytes([30, 16, 0, 99]), 0),
    "EVF 0": (b"", 3),
    "EVF 2": (b"", 3),
    "EVF 3": (b"", 4),
    "EVF 4": (b"", 4),
}


@pytest.mark.parametrize("kind", list(FORMATS))
def test_a_header_that_lies_about_the_board_size_is_refused_in_every_format(kind: str) -> None:
    """A board wider than the game plays, or narrower than the mines that follow."""
    name = FORMATS[kind]
    data = bytearray((DATA / name).read_bytes())
    if kind == "AVF":  # the level byte: 6 (custom) comes with width - 1, height - 1, mines
        data[5 : 5 + 5] = bytes([6, 199, 7, 0, 10])
        assert "the board is 200x8: 1 to 100 a side" in refused(bytes(data), name)
        return
    marker, offset = BOARD_SIZE[kind]
    at = data.index(marker) + offset
    data[at] = 200
    assert "the header says the board is 200x" in refused(bytes(data), name)
    data[at] = 2
    message = refused(bytes(data), name)
    assert "board lists" in message or "is off the 2x" in message


@pytest.mark.parametrize("kind", list(FORMATS))
def test_events_out_of_time_order_are_skipped_and_said_in_every_format(kind: str) -> None:
    """A time byte of one of the last events zeroed: that event now comes before the one it
    follows, and the replay plays the others. (EVF 4 and RMV 2's short moves store steps of
    time, never negative.)"""
    name = FORMATS[kind]
    whole = (DATA / name).read_bytes()
    events = read_replay(whole, name).recording.events
    for at in range(len(whole) - 1, max(0, len(whole) - 512), -1):
        damaged = bytearray(whole)
        damaged[at] = 0
        try:
            recording = read_replay(bytes(damaged), name).recording
        except ReplayError:
            continue
        if recording.skipped:  # one event, or those of one MVF record (one time)
            assert {(s.why, s.mouse.ms) for s in recording.skipped} == {
                (Skip.BACK_IN_TIME, recording.skipped[0].mouse.ms)
            }
            assert all(s.mouse.ms < s.after_ms for s in recording.skipped)
            numbers = {s.number for s in recording.skipped}
            kept = tuple(e for n, e in enumerate(events, 1) if n not in numbers)
            assert recording.events == kept
            return
    assert kind == "EVF 4", "no damage to the last events put them out of time order"


@pytest.mark.parametrize("kind", ["EVF 0", "EVF 2", "EVF 3"])
def test_a_click_off_the_board_in_a_binary_file_opens_nothing(kind: str) -> None:
    """The binary formats record the pointer anywhere in the window: a click off the board is
    read, and changes nothing (the first reveal's release moved off the board)."""
    name = FORMATS[kind]
    data = (DATA / name).read_bytes()
    before = read_replay(data, name)
    events = before.recording.events
    first = before.played.history.moves[0]
    release = next(
        e for e in events if e.kind == "lr" and before.recording.cell_at(e.x, e.y) == first.pos
    )
    packed = bytes([3]) + release.ms.to_bytes(3, "big")  # the code of a left release
    packed += release.x.to_bytes(2, "big") + release.y.to_bytes(2, "big")
    at = data.index(packed)
    moved = data[: at + 4] + (60000).to_bytes(2, "big") + data[at + 6 :]
    after = read_replay(moved, name)
    assert after.played.history.moves[0] != first
    assert len(after.recording.events) == len(events)


@pytest.mark.parametrize(
    "head", [b"*rmv\x00\x02", b"\x11\x4d", b"\x00\x00", b"\x04", b"RawVF_Version: 6\n", b"{"]
)
def test_a_huge_file_of_any_format_is_refused_before_it_is_parsed(head: bytes) -> None:
    assert "more than any replay holds" in refused(head + bytes(50 * 1024 * 1024))


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    huge = b"*rmv" + bytes(50 * 1024 * 1024)
    assert "more than any replay holds" in refused(huge)
    path = tmp_path / "huge.rmv"
    path.write_bytes(huge)
    result = run_module("game.stats", "replay", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {path}: ") and len(result.stderr.splitlines()) == 1


def test_a_click_off_the_board_is_skipped_and_said() -> None:
    """A RAWVF click named by a cell beyond the board and its margin plays nothing, and the
    replay lists it with its place among the events."""
    lines = rawvf_of("custom-8x11.avf").splitlines()
    at = next(i for i, line in enumerate(lines) if " lc " in line)
    time = lines[at].split()[0]
    lines[at] = f"{time} lc 12 3 (184 40)"
    number = at - lines.index("Events:")  # the lines after it are all mouse events
    replay = read_replay("\n".join(lines).encode(), "far.rawvf")
    assert [(s.number, s.mouse.kind, s.why) for s in replay.recording.skipped] == [
        (number, "lc", Skip.OFF_THE_BOARD)
    ]


def test_events_out_of_time_order_are_skipped() -> None:
    lines = rawvf_of("beginner-v3.evf").splitlines()
    at = max(i for i, line in enumerate(lines) if " lr " in line)  # the last, at 3.879 s
    lines[at] = "0.001" + lines[at][lines[at].index(" ") :]
    skipped = read_replay("\n".join(lines).encode(), "back.rawvf").recording.skipped
    before = round(float(lines[at - 1].split()[0]) * 1000)  # the event it follows
    assert [(s.mouse.ms, s.mouse.kind, s.after_ms) for s in skipped] == [(1, "lr", before)]
    evf = bytearray((DATA / "beginner-v3.evf").read_bytes())
    last = len(evf) - 32 - 1 - 8  # the last event (code, 3 bytes of time, x, y), the end, 32
    evf[last + 1 : last + 4] = bytes(3)
    replay = read_replay(bytes(evf), "back.evf")
    assert [s.why for s in replay.recording.skipped] == [Skip.BACK_IN_TIME]
    whole = read_replay((DATA / "beginner-v3.evf").read_bytes(), "beginner-v3.evf")
    assert replay.played.history.moves == whole.played.history.moves[:-1]  # its last release


def test_the_command_names_the_file_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "cut.avf"
    data = (DATA / "expert.rmv").read_bytes()[:500]
    path.write_bytes(data)
    for command in ("replay", "rawvf"):
        result = run_module("game.stats", command, str(path))
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr.startswith(f"error: {path}: the file is cut short")
    assert path.read_bytes() == data


MBF = bytes([4, 3, 0, 3, 2, 0, 0, 1, 3, 2])
"""A 4x3 board with mines at (2, 0), (0, 1) and (3, 2), as Minesweeper X writes it."""


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (MBF[:-1], "its header says 3 mines (10 bytes) but it holds 9"),
        (MBF[:3], "3 bytes, shorter than its 4-byte header"),
        (MBF[:3] + bytes([5]) + MBF[4:], "its header says 5 mines (14 bytes) but it holds 10"),
        (bytes([2]) + MBF[1:], "mine 1 at column 3, row 1 is off the 2x3 board"),
        (MBF + bytes(50 * 1024 * 1024), "over 1,048,576 bytes: more than any board holds"),
        (
            bytes([0x8F, 0xE7, 0x01, 0x00]) * 10,
            "its header says the board is 143x231: 1 to 100 a side",
        ),
    ],
    ids=["truncated", "too-short", "count-lies", "size-lies", "huge", "random"],
)
def test_a_damaged_mbf_is_refused_naming_the_file_and_the_problem(
    data: bytes, problem: str, tmp_path: Path
) -> None:
    """What `python -m game --layout` says of a board file that is not one."""
    path = tmp_path / "board.mbf"
    path.write_bytes(data)
    with pytest.raises(TextFormatError) as caught:
        read_layout_file(str(path))
    assert str(caught.value) == f"{path}: not an MBF board ({problem}) nor layout text"


@pytest.mark.parametrize("name", ["beginner-rmv2.rmv", "expert-rmv1-utf8.rmv"])
def test_an_rmv_name_that_is_not_the_utf8_it_must_be_is_refused(name: str) -> None:
    """RMV 2, and RMV 1 whose properties say UTF-8: the specification has readers verify
    that text is UTF-8 and reject a file whose text is not (ms_toollib refuses it too)."""
    data = (DATA / name).read_bytes()
    damaged = data.replace(b"\x0cThomas Kolar", b"\x0cThomas Kol\xe4r", 1)  # the name field
    assert damaged != data
    assert "the player's name is not UTF-8" in refused(damaged, name)
