"""Damaged replay files: each kind is refused with a message naming the file and the problem.

Truncated files, random bytes, headers that lie about the board, huge files,
clicks off the board and events out of time order. Nothing but `ReplayError`
(a ValueError) ever comes out of reading, whatever the bytes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.replays.model import ReplayError
from game.replays.rawvf import write
from game.replays.read import read_replay
from game.stats.community import figures
from helpers import run_module

DATA = Path(__file__).parent / "data" / "replays"
BINARY = ["beginner-8x8.avf", "custom-8x11.avf", "expert.mvf", "expert.rmv", "beginner-v3.evf",
          "beginner-v4-slow.evf"]  # fmt: skip


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
@given(st.sampled_from(BINARY), st.data())
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
@given(st.sampled_from(BINARY), st.data())
def test_damaged_bytes_are_refused_or_read_never_a_crash(name: str, data: st.DataObject) -> None:
    """A few bytes changed anywhere: the file is refused, or read and its figures computed."""
    damaged = bytearray((DATA / name).read_bytes())
    for _ in range(data.draw(st.integers(1, 6))):
        damaged[data.draw(st.integers(0, len(damaged) - 1))] = data.draw(st.integers(0, 255))
    try:
        figures(read_replay(bytes(damaged), name))
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


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    huge = b"*rmv" + bytes(50 * 1024 * 1024)
    assert "more than any replay holds" in refused(huge)
    path = tmp_path / "huge.rmv"
    path.write_bytes(huge)
    result = run_module("game.stats", "replay", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {path}: ") and len(result.stderr.splitlines()) == 1


def test_a_click_off_the_board_is_refused_with_its_line() -> None:
    lines = rawvf_of("custom-8x11.avf").splitlines()
    at = next(i for i, line in enumerate(lines) if " lc " in line)
    time = lines[at].split()[0]
    lines[at] = f"{time} lc 12 3 (184 40)"
    message = refused("\n".join(lines).encode())
    assert f"line {at + 1}" in message and "off the 8x11 board" in message


def test_events_out_of_time_order_are_refused() -> None:
    lines = rawvf_of("beginner-v3.evf").splitlines()
    at = max(i for i, line in enumerate(lines) if " lr " in line)  # the last, at 3.879 s
    lines[at] = "0.001" + lines[at][lines[at].index(" ") :]
    assert "comes before the one it follows" in refused("\n".join(lines).encode())
    evf = bytearray((DATA / "beginner-v3.evf").read_bytes())
    last = len(evf) - 32 - 1 - 8  # the last event (code, 3 bytes of time, x, y), the end, 32
    evf[last + 1 : last + 4] = bytes(3)
    assert "comes before" in refused(bytes(evf))


def test_the_command_names_the_file_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "cut.avf"
    data = (DATA / "expert.rmv").read_bytes()[:500]
    path.write_bytes(data)
    for command in ("replay", "rawvf"):
        result = run_module("game.stats", command, str(path))
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr.startswith(f"error: {path}: the file is cut short")
    assert path.read_bytes() == data
