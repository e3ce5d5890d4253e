"""The community's replays: read, turned into the game's moves, counted, written again.

The oracle is ms_toollib (a test dependency only): on every fixture our figures must
agree with its own (3BV, openings, islands, status and board exactly; the time within
10 ms; clicks and ratios within 3%).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.community import mbf
from game.community.clicks import play
from game.community.rawvf import write
from game.community.read import read_replay, recording_of
from game.community.replay_stats import replay_figures
from game.community.zini import zini
from game.deal.dealer import play as play_move
from game.rules.board import Board
from game.rules.events import CellOpened, FlagToggled, GameStarted, NeighboursOpened
from game.rules.figures import three_bv
from game.rules.layout import Layout
from game.rules.settings import Settings
from game.rules.state import Status, problem, start_game
from game.session.saved import from_json
from helpers import run_module

DATA = Path(__file__).parent / "data" / "replays"
FIXTURES = {
    "beginner-8x8.avf": ("AvfVideo", "Wang Jianing G15208"),
    "custom-8x11.avf": ("AvfVideo", "王嘉宁"),
    "expert.mvf": ("MvfVideo", "Zhang Shen Jia(China)"),
    "expert.rmv": ("RmvVideo", "王嘉宁"),
    "expert-rmv1-utf8.rmv": ("RmvVideo", "Thomas Kolar"),
    "beginner-rmv2.rmv": ("RmvVideo", "Thomas Kolar"),
    "beginner-rmv2-utf8-name.rmv": ("RmvVideo", "aaȑaa Kolar"),
    "beginner-rmv2-24px.rmv": ("RmvVideo", "Thomas Kolar"),
    "beginner-rmv2-preflags.rmv": ("RmvVideo", "Thomas Kolar"),
    "beginner-rmv2-24px-preflags.rmv": ("RmvVideo", "Thomas Kolar"),
    "beginner-v3.evf": ("EvfVideo", "王嘉宁"),
    "beginner-v4-slow.evf": ("EvfVideo", "匿"),
    "custom-60x36.evf": ("EvfVideo", "Pu Tian Yi(Hu Bei)"),
    "expert-v0.evf": ("EvfVideo", "Zhang Shen Jia(China)"),
    "expert-v1.evf": ("EvfVideo", "Zhang Shen Jia(China)"),
    "expert-v2.evf": ("EvfVideo", "Zhang Shen Jia(China)"),
    "expert-v4-translated.evf": ("EvfVideo", "Zhang Shen Jia(China)"),
}
WRITTEN_EVF = {
    "expert-v0.evf": 0,
    "expert-v1.evf": 0,
    "expert-v2.evf": 2,
    "expert-v4-translated.evf": 4,
}
"""EVFs that ms_toollib writes from `expert.mvf` (no program writes versions 0 to 2 today),
by the writer of each: version 1 is version 0's layout under another version byte."""
CLICKS = ("left", "right", "double", "cl", "ce")
RATIOS = ("ioe", "corr", "thrp", "bbbv_s", "rqp")


def ours(name: str) -> dict[str, Any]:
    return replay_figures(read_replay((DATA / name).read_bytes(), name))


def oracle(name: str) -> Any:
    """Return ms_toollib's video of the fixture *name*, analysed, at its end."""
    toollib = pytest.importorskip("ms_toollib")
    video = getattr(toollib, FIXTURES[name][0])(file_name=str(DATA / name))
    video.parse()
    video.analyse()
    video.current_time = 999999.0  # its figures read 0 until the time is set
    return video


@pytest.mark.parametrize("name", list(FIXTURES))
def test_figures_agree_with_ms_toollib(name: str) -> None:
    mine, theirs = ours(name), oracle(name)
    assert (mine["width"], mine["height"], mine["mines"]) == (
        theirs.column,
        theirs.row,
        theirs.mine_num,
    )
    assert (mine["bbbv"], mine["openings"], mine["islands"]) == (
        theirs.bbbv,
        theirs.op,
        theirs.isl,
    )
    assert mine["status"] == ("won" if theirs.is_completed else "lost")
    assert mine["player"] == theirs.player_identifier
    assert abs(mine["time_ms"] - theirs.rtime_ms) <= 10
    their_clicks = (theirs.left, theirs.right, theirs.double, theirs.cl, theirs.ce)
    for key, their in zip(CLICKS, their_clicks, strict=True):
        assert math.isclose(mine[key], their, rel_tol=0.03), key
    their_ratios = (theirs.ioe, theirs.corr, theirs.thrp, theirs.bbbv_s, theirs.rqp)
    for key, their in zip(RATIOS, their_ratios, strict=True):
        assert math.isclose(mine[key], their, rel_tol=0.03), key
    if mine["stnb"] is not None:
        assert math.isclose(mine["stnb"], theirs.stnb, rel_tol=0.03)
    else:
        assert theirs.stnb == 0  # ms_toollib's STNB of an unofficial board


@pytest.mark.parametrize("name", list(FIXTURES))
def test_the_board_is_the_one_ms_toollib_reads(name: str) -> None:
    replay = read_replay((DATA / name).read_bytes(), name)
    rows = oracle(name).board
    theirs = {(x, y) for y, row in enumerate(rows) for x, value in enumerate(row) if value == -1}
    assert replay.recording.mines == theirs
    assert replay.played.history.current.board.mines() == theirs


@pytest.mark.parametrize(("name", "writer"), list(WRITTEN_EVF.items()))
def test_the_written_evfs_are_what_ms_toollib_writes(name: str, writer: int) -> None:
    """Made again from `expert.mvf`; the version byte is the file's own (ms_toollib 1.5.20's
    writer of version 2 leaves it 0, though its layout and its reader are version 2's)."""
    toollib = pytest.importorskip("ms_toollib")
    video = toollib.MvfVideo(file_name=str(DATA / "expert.mvf"))
    video.parse()
    video.analyse()
    video.current_time = 999999.0  # else the NF flag is written from a right-click count of 0
    getattr(video, f"generate_evf_v{writer}_raw_data")()
    written = bytes(video.raw_data)
    data = (DATA / name).read_bytes()
    assert data[1:] == written[1:] and data[0] == int(name[len("expert-v")])


def test_an_arbiter_name_is_gbk_and_the_format_is_told_by_content(tmp_path: Path) -> None:
    """The Chinese name of an Arbiter replay decodes as GBK, whatever the file is called."""
    path = tmp_path / "misnamed.json"
    path.write_bytes((DATA / "custom-8x11.avf").read_bytes())
    result = run_module("game.stats", "replay", str(path))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["player"] == "王嘉宁"
    assert data["software"].startswith("Minesweeper Arbiter")


@pytest.mark.parametrize("name", list(FIXTURES))
def test_zini_clicks_clear_the_board_in_at_most_its_3bv(name: str) -> None:
    data = ours(name)
    replay = read_replay((DATA / name).read_bytes(), name)
    mines = replay.recording.mines
    assert data["zini"] == len(data["zini_clicks"]) <= data["bbbv"]
    game = start_game(GameStarted(Settings(data["width"], data["height"], len(mines)), 0, mines))
    kinds = {"left": CellOpened, "right": FlagToggled, "chord": NeighboursOpened}
    for kind, x, y in data["zini_clicks"]:
        move = kinds[kind]((x, y))
        assert problem(game.board, move) is None, (kind, x, y)
        game = play_move(game, move)
    assert game.status is Status.WON


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.data())
def test_zini_clears_any_board_in_at_most_its_3bv(width: int, height: int, data: Any) -> None:
    cells = [(x, y) for x in range(width) for y in range(height)]
    mines = data.draw(st.sets(st.sampled_from(cells), max_size=width * height - 1))
    board = Board.from_mines(width, height, mines)
    clicks = zini(board)
    assert len(clicks) <= three_bv(board)
    game = start_game(GameStarted(Settings(width, height, len(mines)), 0, frozenset(mines)))
    kinds = {"left": CellOpened, "right": FlagToggled, "chord": NeighboursOpened}
    for kind, x, y in clicks:
        move = kinds[kind]((x, y))
        assert problem(game.board, move) is None
        game = play_move(game, move)
    assert game.status is Status.WON


@pytest.mark.parametrize("name", list(FIXTURES))
def test_rawvf_written_from_a_replay_reads_back_to_the_same_game(name: str) -> None:
    replay = read_replay((DATA / name).read_bytes(), name)
    text = write(replay.recording, replay.played.time_ms)
    assert text.startswith("RawVF_Version: Rev6.2\n")
    again = read_replay(text.encode(), "written.txt")
    assert again.played.history == replay.played.history
    assert again.played.times == replay.played.times
    assert replay_figures(again) == replay_figures(replay)


@pytest.mark.parametrize(
    ("text", "binary"),
    [
        ("custom-8x11.rawvf", "custom-8x11.avf"),
        ("expert-mvf.rawvf", "expert.mvf"),
        ("expert-2006-mvf.rawvf", "expert-2006.mvf"),
        ("expert-2007-mvf.rawvf", "expert-2007.mvf"),
    ],
)
def test_rawvf_from_the_communitys_converters_reads_as_the_binary(text: str, binary: str) -> None:
    """RAWVF that parser_avf and parser_mvf wrote gives the binary's game and figures.

    The only oracle for Clone 2006 and 2007: ms_toollib reads Clone 0.97 alone.
    """
    from_text = read_replay((DATA / text).read_bytes(), text)
    from_binary = read_replay((DATA / binary).read_bytes(), binary)
    assert from_text.played.history == from_binary.played.history
    assert from_text.played.times == from_binary.played.times
    assert {**replay_figures(from_text), "software": ""} == {
        **replay_figures(from_binary),
        "software": "",
    }


@pytest.mark.parametrize(
    ("name", "software", "player", "time_ms"),
    [
        ("expert-2006.mvf", "Minesweeper Clone 2006 release 2", "Gabriel de Tarragon", 44869),
        ("expert-2007.mvf", "Minesweeper Clone 2007 release 2", "Kamil Murañski", 31133),
        ("expert-2007-mvf.rawvf", "Minesweeper Clone", "Kamil Murañski", 31133),
    ],
)
def test_clone_2006_and_2007_name_their_version_and_player(
    name: str, software: str, player: str, time_ms: int
) -> None:
    """Clone writes names in Windows-1252, in its files and in RAWVF converted from them;
    the time is the one parser_mvf wrote in the RAWVF's header."""
    data = ours(name)
    assert (data["software"], data["player"], data["time_ms"]) == (software, player, time_ms)


@pytest.mark.parametrize("name", ["beginner-v3.evf", "expert.rmv"])
def test_rawvf_written_agrees_with_ms_toollib_too(name: str, tmp_path: Path) -> None:
    """What ms_toollib reads from the binary, our RAWVF of it gives back."""
    result = run_module("game.stats", "rawvf", str(DATA / name))
    assert result.returncode == 0, result.stderr
    path = tmp_path / "written.rawvf"
    path.write_text(result.stdout)
    data = json.loads(run_module("game.stats", "replay", str(path)).stdout)
    theirs = oracle(name)
    assert (data["bbbv"], data["cl"], data["ce"]) == (theirs.bbbv, theirs.cl, theirs.ce)
    assert abs(data["time_ms"] - theirs.rtime_ms) <= 10


@pytest.mark.parametrize("name", ["saved-v1-expert.json", "saved-v1-layout.json"])
def test_the_games_own_replays_keep_their_moves_through_the_click_rules(name: str) -> None:
    """The mouse events written for the game's own moves give those moves back."""
    text = (DATA.parent / name).read_text()
    session = from_json(text)
    replay = read_replay(text.encode(), name)
    assert replay.own and replay.played.history == session.history
    again = play(recording_of(session.history, session.times))
    assert again.history.moves == session.history.moves
    assert again.history.current.board == session.history.current.board
    assert again.times == session.times
    again = read_replay(write(replay.recording, replay.played.time_ms).encode(), "x.rawvf").played
    assert again.history.moves == session.history.moves
    assert again.times == session.times


def test_the_replay_command_prints_every_key_of_interfaces() -> None:
    result = run_module("game.stats", "replay", str(DATA / "expert.rmv"))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    keys = [
        "software",
        "player",
        "width",
        "height",
        "mines",
        "status",
        "time_ms",
        "bbbv",
        "bbbv_solved",
        "openings",
        "islands",
        "left",
        "right",
        "double",
        "cl",
        "ce",
        "ioe",
        "corr",
        "thrp",
        "bbbv_s",
        "rqp",
        "stnb",
        "zini",
        "zini_clicks",
        "nf",
    ]
    assert set(keys) <= data.keys()
    assert data["ioe"] == pytest.approx(data["bbbv_solved"] / data["cl"], rel=1e-5)
    assert data["nf"] is False and data["software"] == "Viennasweeper"


def test_a_game_without_flags_is_nf() -> None:
    assert ours("beginner-v3.evf")["nf"] is True
    assert ours("beginner-8x8.avf")["nf"] is False


def test_stnb_is_null_off_the_official_boards() -> None:
    assert ours("custom-8x11.avf")["stnb"] is None
    assert ours("expert.mvf")["stnb"] == pytest.approx(110.387, rel=1e-4)


class TestMbf:
    def test_an_mbf_round_trips_a_layout(self) -> None:
        layout = Layout.from_text("..*.\n*...\n...*\n")
        data = mbf.write(layout)
        assert data[:4] == bytes([4, 3, 0, 3]) and mbf.looks_like(data)
        assert mbf.read(data, "board.mbf") == layout

    def test_the_game_plays_an_mbf_layout(self, tmp_path: Path) -> None:
        path = tmp_path / "board.txt"  # the name says text; the content says MBF
        path.write_bytes(mbf.write(Layout.from_text("..*\n...\n*..\n")))
        result = run_module("game", "--plain", "--layout", str(path), stdin="r 2 2\nr 0 0\n")
        assert "won" in result.stdout.lower(), result.stdout + result.stderr

    def test_layout_text_is_still_read_as_text(self) -> None:
        assert not mbf.looks_like(b"..*\n*..\n...\n")


def test_a_game_of_its_own_not_yet_dealt_has_no_board_figures() -> None:
    """Before the first reveal the game's own replay has no mines: its board's figures are 0,
    and its mine count is the settings'."""
    data = json.loads((DATA.parent / "saved-v1-expert.json").read_text())
    data["moves"], data["elapsed_ms"] = [], 0
    result = replay_figures(read_replay(json.dumps(data).encode(), "empty.json"))
    assert (result["mines"], result["bbbv"], result["zini"], result["openings"]) == (99, 0, 0, 0)
    assert result["status"] == "unfinished" and result["ioe"] is None


def test_an_evf_of_version_0_is_not_taken_for_a_hacked_mvf() -> None:
    """Version 0 and an unfinished game's flags (0) start the file 0x00 0x00."""
    head = bytes([0, 0, 2, 2, 0, 1, 16, 0, 0, 0, 1, 0, 0, 0])  # 2x2, 1 mine, 16-pixel cells
    strings = b"\0".join([b"Metasweeper", "一个很长的名字".encode() * 3, b"", b"", b"", b"", b""])
    board = bytes([0b1000_0000])  # the mine at the top left
    events = bytes([2, 0, 0, 0, 0, 24, 0, 24, 3, 0, 0, 90, 0, 24, 0, 24, 0]) + bytes(32)
    replay = read_replay(head + strings + b"\0" + board + events, "old.evf")
    assert replay.recording.mines == {(0, 0)} and replay.recording.player.startswith("一个")
    assert replay.played.history.moves == (CellOpened((1, 1)),)


def test_an_evf4_state_event_is_passed_over_and_its_time_step_kept() -> None:
    """Codes 81 to 99 (replay, won, lost, error) carry a time step and no position; no
    recorded file holds one, so one is put before a last mouse move (7 ms, then 3 ms)."""
    data = (DATA / "beginner-v4-slow.evf").read_bytes()
    end = next(  # the events' end: a 0, then the checksum's length, then the checksum
        at
        for at in range(len(data) - 3, 0, -1)
        if data[at] == 0 and int.from_bytes(data[at + 1 : at + 3], "big") == len(data) - at - 3
    )
    before = read_replay(data, "slow.evf").recording.events
    state_then_move = bytes([82, 7]) + bytes([1, 3, 0, 0, 0, 0])
    after = read_replay(data[:end] + state_then_move + data[end:], "slow.evf").recording.events
    last = before[-1]
    assert after == (*before, last._replace(ms=last.ms + 10, kind="mv"))
