"""A replay's details (`game.community.details`): player, program, date, level, mode, 3BV.

Each fixture's details are written out below; where ms_toollib (a test
dependency only) reads the file, its player, start time, level, mode and 3BV are
a second oracle. The RAWVF files the community's converters wrote carry their own
header (`Version:`, `Timestamp:`, `Mode:`), which says what the binary file says,
but for the mode of `custom-8x11.rawvf`: `parser_avf` calls every custom board of
Arbiter's *Density*.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from game.commands.solver import main
from game.community.details import FILE_MODES, Details, details
from game.community.rawvf import write
from game.community.read import read_replay
from game.community.recording import Mouse, Skip, Skipped
from game.words.replays import details_text, replay_details, skipped_note

DATA = Path(__file__).parent / "data" / "replays"
ANALYSERS = {".avf": "AvfVideo", ".evf": "EvfVideo", ".mvf": "MvfVideo", ".rmv": "RmvVideo"}
ARBITER, CLONE, VIENNA, META = (
    "Minesweeper Arbiter",
    "Minesweeper Clone",
    "Viennasweeper",
    "Metasweeper",
)
EXPECTED = {  # player, program, version, date, level, mode, 3BV
    "beginner-8x8.avf": (
        "Wang Jianing G15208",
        ARBITER,
        "0.52.3",
        "2024-08-24 16:38:59",
        "beginner",
        "standard",
        24,
    ),
    "custom-8x11.avf": (
        "王嘉宁",
        ARBITER,
        "0.52.3",
        "2025-09-03 17:00:08",
        "custom",
        "standard",
        8,
    ),
    "custom-8x11.rawvf": (
        "王嘉宁",
        ARBITER,
        "0.52.3",
        "2025-09-03 17:00:08",
        "custom",
        "density",
        8,
    ),
    "expert.mvf": (
        "Zhang Shen Jia(China)",
        CLONE,
        "0.97",
        "2008-01-26 00:40:32",
        "expert",
        "standard",
        122,
    ),
    "expert-mvf.rawvf": (
        "Zhang Shen Jia(China)",
        CLONE,
        "0.97 beta",
        "2008-01-26 00:40:32",
        "expert",
        "standard",
        122,
    ),
    "expert-2006.mvf": (
        "Gabriel de Tarragon",
        CLONE,
        "2006 release 2",
        "2006-11-08 21:58:40",
        "expert",
        "standard",
        117,
    ),
    "expert-2007.mvf": (
        "Kamil Murañski",
        CLONE,
        "2007 release 2",
        "2010-07-03 19:58:48",
        "expert",
        "standard",
        109,
    ),
    "expert.rmv": ("王嘉宁", VIENNA, "3.0.2H", "2025-01-30 04:04:32", "expert", "standard", 134),
    "expert-rmv1-utf8.rmv": (
        "Thomas Kolar",
        VIENNA,
        "4.0.0",
        "2024-11-14 21:55:52",
        "expert",
        "standard",
        128,
    ),
    "beginner-rmv2.rmv": (
        "Thomas Kolar",
        VIENNA,
        "5.0.0a2",
        "2025-06-19 00:27:01",
        "beginner",
        "standard",
        3,
    ),
    "beginner-rmv2-24px.rmv": (
        "Thomas Kolar",
        VIENNA,
        "5.0.0b4",
        "2026-01-03 15:47:34",
        "beginner",
        "standard",
        5,
    ),
    "beginner-v3.evf": (
        "王嘉宁",
        META,
        "3.1.9",
        "2024-08-10 18:06:28",
        "beginner",
        "no-guess-race",
        3,
    ),
    "beginner-v4-slow.evf": (
        "匿",
        META,
        "3.2.1",
        "2025-02-18 17:13:38",
        "beginner",
        "standard",
        10,
    ),
    "custom-60x36.evf": (
        "Pu Tian Yi(Hu Bei)",
        META,
        "3.3.1",
        "2026-06-29 08:03:34",
        "custom",
        "weak-guess",
        1021,
    ),
    "expert-v0.evf": (
        "Zhang Shen Jia(China)",
        "0.97 beta",  # what ms_toollib writes as the program, translating Clone's file
        "",
        "2008-01-26 00:40:32",
        "expert",
        "standard",
        122,
    ),
}
"""The player as the file decodes it; the program without its version; the date as the
file writes it (EVF and RMV in UTC, the player's clock in AVF and MVF)."""
COMMUNITY = sorted(
    p.name for p in DATA.iterdir() if p.suffix in (".avf", ".evf", ".mvf", ".rmv", ".rawvf")
)
READ_BY_MS_TOOLLIB = [
    name
    for name in COMMUNITY
    if Path(name).suffix in ANALYSERS and not name.startswith(("expert-2006", "expert-2007"))
]
LEVELS = {3: "beginner", 4: "intermediate", 5: "expert", 6: "custom"}


def of(name: str) -> Details:
    return details(read_replay((DATA / name).read_bytes(), name))


def analysed(name: str) -> Any:
    toollib = pytest.importorskip("ms_toollib")
    video = getattr(toollib, ANALYSERS[Path(name).suffix])(file_name=str(DATA / name))
    video.parse()
    video.analyse()
    return video


@pytest.mark.parametrize("name", list(EXPECTED))
def test_the_details_read_from_each_fixture(name: str) -> None:
    found = of(name)
    shown = (found.player, found.program, found.version, found.date, found.level, found.mode)
    assert (*shown, found.bbbv) == EXPECTED[name]
    assert found.skipped == ()


@pytest.mark.parametrize("name", READ_BY_MS_TOOLLIB)
def test_the_details_are_what_ms_toollib_reads(name: str) -> None:
    """The player, the start (microseconds from 1970, UTC, as it reads every format's date),
    the level, the mode (EVF's numbers) and the 3BV. ms_toollib 1.5.20 reads no date from
    EVF 0 to 2, whose start is a text field; ours is the Clone file's they were written from."""
    found, video = of(name), analysed(name)
    assert found.player == video.player_identifier
    if video.start_time:
        start = datetime.fromtimestamp(video.start_time // 1_000_000, UTC)
        assert found.date == start.strftime("%Y-%m-%d %H:%M:%S")
    else:
        assert name in ("expert-v0.evf", "expert-v1.evf", "expert-v2.evf")
        assert found.date == of("expert.mvf").date
    assert found.level == LEVELS[video.level]
    assert found.mode == FILE_MODES[video.mode]
    assert found.bbbv == video.bbbv


@pytest.mark.parametrize("name", COMMUNITY)
def test_a_replay_written_as_rawvf_keeps_its_details(name: str) -> None:
    """The writer puts the version, the date and the mode (the converters' names: UPK,
    Cheat, Density) in the header; a mode of Metasweeper's no-guess kinds is not kept."""
    replay = read_replay((DATA / name).read_bytes(), name)
    text = write(replay.recording, replay.played.time_ms)
    again = details(read_replay(text.encode(), "again.rawvf"))
    before = of(name)
    kept = before.mode if before.mode in FILE_MODES[:4] else "standard"
    assert again == replace(before, mode=kept)


def test_the_details_in_words() -> None:
    items = dict(replay_details(of("beginner-8x8.avf")))
    assert items == {
        "player": "Wang Jianing G15208",
        "program": "Minesweeper Arbiter 0.52.3",
        "date": "2024-08-24 16:38:59",
        "level": "Beginner (8x8, 10 mines)",
        "mode": "Standard",
        "3BV": "24",
    }
    assert "date" not in dict(replay_details(replace(of("expert-v0.evf"), date="")))


def test_what_was_skipped_is_said() -> None:
    """One sentence: how many events, and the first with its number, kind, time and why."""
    found = of("beginner-v3.evf")
    back = Skipped(190, Mouse(1, "lr", 7, 10), Skip.BACK_IN_TIME, 3824)
    far = Skipped(11, Mouse(1200, "lc", 184, 40), Skip.OFF_THE_BOARD)
    assert skipped_note(found) == ""
    one = details_text(replace(found, skipped=(back,)))
    assert one.endswith(
        "One mouse event of the file was skipped:"
        " event 190 (lr) timed 0.001 s, before the event it follows (3.824 s)."
    )
    two = replace(found, skipped=(far, back))
    assert skipped_note(two) == (
        "2 mouse events of the file were skipped; the first, event 11 (lc) at 1.200 s,"
        " names a cell beyond the board."
    )


def test_review_prints_the_details_first(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m game.solver review FILE`: the details, an empty line, then the moves."""
    assert main(["review", str(DATA / "expert.rmv")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:7] == [
        "player: 王嘉宁",
        "program: Viennasweeper 3.0.2H",
        "date: 2025-01-30 04:04:32",
        "level: Expert (30x16, 99 mines)",
        "mode: Standard",
        "3BV: 134",
        "",
    ]
    assert lines[7].split()[0] == "1"
