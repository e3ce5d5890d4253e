"""The page's replays under CPython: any replay file opened, watched and summed up; RAWVF saved.

The view runs as in the worker, through `game.page.app.start` and
`dispatch`, against the fake page of tests/fakepage.py: every community
format opens from its bytes as a game to watch, with the file's own clicks
in the summary; a damaged file is refused with a message naming it, and the
game on the page, its save and the records stay as they were; *Save replay*
writes RAWVF when the player chooses it, for the game's own games too.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

from fakepage import GamePage
from game.community.live import Tally
from game.community.rawvf import write
from game.community.read import read_replay
from game.community.replay_stats import replay_figures
from game.page import app
from game.page.files import SAVE_KEY, SUSPENDED_KEY
from game.page.statistics import RECORDS_KEY
from game.rules.board import Hidden
from game.session import Session, saved

DATA = Path(__file__).parent / "data" / "replays"
FIXTURES = sorted(
    p.name for p in DATA.iterdir() if p.suffix in (".avf", ".evf", ".mvf", ".rmv", ".rawvf")
)
MS_TOOLLIB = {  # (3BV, cl, ce) as ms_toollib computes them (tests/data/replays/README.md)
    "beginner-8x8.avf": (24, 42, 28),
    "custom-8x11.avf": (8, 15, 10),
    "expert.mvf": (122, 212, 146),
    "expert.rmv": (134, 240, 193),
    "beginner-v3.evf": (3, 4, 4),
    "beginner-v4-slow.evf": (10, 10, 10),
    "custom-60x36.evf": (1021, 1466, 1284),
}
BEGINNER = "preset=beginner&seed=7"
LIVE = ("time_ms", "bbbv_solved", "cl", "ce")
"""The figures `#live` holds as `data-*` attributes (INTERFACES, Watching replays)."""


def session() -> Session:
    """The game the page shows (the oracle's side compares whole histories)."""
    assert app.app is not None
    return app.app.session


def open_file(page: GamePage, name: str, data: bytes, size: int | None = None) -> None:
    page.pick_file("#open-file", name, data, size)


def in_play(page: GamePage) -> Session:
    """Make one reveal on the page's beginner board, leaving a game to resume; return it."""
    page.reveal(0, 0)
    shown = session()
    assert shown.is_unfinished(), "the first reveal of this beginner board does not win it"
    return shown


@pytest.mark.parametrize("name", FIXTURES)
def test_every_community_replay_opens_from_its_bytes_and_plays_back(name: str) -> None:
    """Opened, the file's game is watched from move 0 on the slider; at its end the summary
    shows the file's own clicks (ms_toollib's count, the oracle) and the game in play is
    kept to resume."""
    page = GamePage(BEGINNER)
    game = in_play(page)
    open_file(page, name, (DATA / name).read_bytes())
    expected = read_replay((DATA / name).read_bytes(), name).played.history
    watched = session()
    assert watched.watched and watched.history == expected and watched.step == 0
    assert page.attr("#history", "max") == str(len(expected))
    assert page.text("#message").startswith(f"Opened {name}")
    assert saved.from_json((page.items or {})[SUSPENDED_KEY]).history == game.history
    page.slide(len(expected))
    assert page.attr("#summary", "data-nf") in ("true", "false")
    summary = page.text("#summary")
    if name in MS_TOOLLIB:  # the binary files, whose clicks the oracle counted
        bbbv, cl, ce = MS_TOOLLIB[name]
        assert page.attr("#summary", "data-3bv") == str(bbbv)
        assert f"{cl} / {ce}cl / ce" in summary
    assert "IOE" in summary and "ZiNi" in summary


def figures_named(page: GamePage, selector: str) -> dict[str, list[str]]:
    """Every figure under *selector* (value over name), by name: each name shown and its values."""
    found: dict[str, list[str]] = {}
    for node in page.dom.all(f"{selector} .figure"):
        value, name = (c if isinstance(c, str) else c.text for c in node.children[:2])
        found.setdefault(name, []).append(value)
    return found


def test_the_summary_counts_clicks_once_as_the_community_names_them() -> None:
    """Issue 46, defect 7: expert.rmv's summary said "clicks 193, useful/wasted 193/0,
    efficiency 69%" above the community's cl/ce 240/193 and IOE 0.558: two counts of the
    clicks, and the community's Thrp named efficiency. The summary and the card now show
    the clicks once, as the community counts them (ms_toollib's 240 and 193, the oracle),
    and the card's IOE is the summary's."""
    page = GamePage(BEGINNER)
    name = "expert.rmv"
    open_file(page, name, (DATA / name).read_bytes())
    page.slide(len(session().history))
    shown = figures_named(page, "#summary")
    assert shown["cl / ce"] == ["240 / 193"], shown
    assert shown["IOE"] == ["0.558"], shown
    for gone in ("clicks", "useful / wasted", "efficiency"):
        assert gone not in shown, shown
    assert "IOE 0.558" in page.text("#result-figures")
    assert "efficiency" not in page.text("#result-figures")


DAMAGED = {
    "random.bin": lambda: b"\xff\xfe hello " * 10,
    "cut.evf": lambda: (DATA / "custom-60x36.evf").read_bytes()[:200_000],
    "lying.avf": lambda: _patched("custom-8x11.avf", 6, 2),
    "off-board.rawvf": lambda: _off_board(),
    "backwards.rawvf": lambda: _backwards(),
}


def _patched(name: str, at: int, value: int) -> bytes:
    data = bytearray((DATA / name).read_bytes())
    data[at] = value
    return bytes(data)


def _rawvf_lines(name: str) -> list[str]:
    replay = read_replay((DATA / name).read_bytes(), name)
    return write(replay.recording, replay.played.time_ms).splitlines()


def _off_board() -> bytes:
    lines = _rawvf_lines("custom-8x11.avf")
    at = next(i for i, line in enumerate(lines) if " lc " in line)
    lines[at] = f"{lines[at].split()[0]} lc 12 3 (184 40)"
    return "\n".join(lines).encode()


def _backwards() -> bytes:
    lines = _rawvf_lines("beginner-v3.evf")
    at = max(i for i, line in enumerate(lines) if " lr " in line)
    lines[at] = "0.001" + lines[at][lines[at].index(" ") :]
    return "\n".join(lines).encode()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("random.bin", "not a replay this game reads"),
        ("cut.evf", "cut short"),
        ("lying.avf", "off the 3x11 board"),
        ("huge.rmv", "more than any replay holds"),
    ],
)
def test_a_damaged_replay_is_refused_and_nothing_the_player_had_changes(
    name: str, problem: str
) -> None:
    """The message names the file and the problem; the game on the page, its save and
    the records are untouched, and the game goes on."""
    page = GamePage(BEGINNER)
    game = in_play(page)
    before = dict(page.items or {})
    assert SAVE_KEY in before
    if name == "huge.rmv":  # 50 MB: refused by its size, never read
        open_file(page, name, b"*rmv", size=50 * 1024 * 1024)
    else:
        open_file(page, name, DAMAGED[name]())
    message = page.text("#message")
    assert message.startswith(f"Could not open {name}: ") and problem in message
    assert message.endswith("Your game is unchanged.")
    assert session() is game and page.items == before
    x, y = next(p for p, c in game.live.board.cells.items() if type(c) is Hidden)
    page.flag(x, y)  # the page still plays
    assert len(session().history) == len(game.history) + 1


@pytest.mark.parametrize("name", ["off-board.rawvf", "backwards.rawvf"])
def test_a_replay_with_events_it_cannot_play_opens_with_the_rest(name: str) -> None:
    """A click named beyond the board, or an event timed before the one it follows, is left
    out (`Recording.skipped`): the file opens and its other events play."""
    page = GamePage(BEGINNER)
    in_play(page)
    data = DAMAGED[name]()
    open_file(page, name, data)
    assert page.text("#message").startswith(f"Opened {name}")
    replay = read_replay(data, name)
    assert len(replay.recording.skipped) == 1
    assert session().watched and session().history == replay.played.history


def win(page: GamePage, flag: bool) -> None:
    """Clear the page's board from a first reveal, flagging one mine first if *flag*."""
    page.reveal(0, 0)
    board = session().live.board
    mines = sorted(p for p, c in board.cells.items() if c.mine)
    if flag:
        page.flag(*mines[0])
    for p, c in board.cells.items():
        if not c.mine and type(c) is Hidden and type(session().live.board.cells[p]) is Hidden:
            page.reveal(*p)
    assert page.attr("#board", "data-status") == "won"


@pytest.mark.parametrize("flag", [False, True])
def test_the_summary_shows_the_communitys_figures_and_says_nf(flag: bool) -> None:
    """A game won without a flag is NF, in the summary's attribute and in words, and in
    the records: its NF best is kept beside the best."""
    page = GamePage(BEGINNER)
    win(page, flag)
    assert page.attr("#summary", "data-nf") == ("false" if flag else "true")
    summary = page.text("#summary")
    assert ("no flags (NF)" in summary) is not flag
    assert "ZiNi" in summary and "IOE" in summary
    beginner = json.loads((page.items or {})[RECORDS_KEY])["modes"]["beginner"]
    assert beginner["results"][-1][7] == (0 if flag else 1)
    assert (beginner["best_nf_ms"] is None) is flag and beginner["best_ms"] is not None


def saved_as(page: GamePage, kind: str) -> tuple[str, str, str]:
    """Save the replay as *kind* (the menu beside the button); return the file offered."""
    page.choose("#replay-format", kind)
    page.click("#download")
    (name, text), media = page.downloads[-1], page.download_kinds[-1]
    return name, text, media


def test_save_replay_writes_rawvf_when_chosen_for_any_game() -> None:
    """The game's own game reads back from its RAWVF to the same moves; a community file
    opened keeps its own clicks; before the first reveal there is no board to write."""
    page = GamePage(BEGINNER)
    page.choose("#replay-format", "rawvf")
    page.click("#download")
    assert page.downloads == [] and page.text("#message").startswith("Not saved: ")
    win(page, flag=True)
    name, text, media = saved_as(page, "rawvf")
    assert name.endswith(".rawvf") and media == "text/plain"
    back = read_replay(text.encode(), name).played.history
    assert back.moves == session().history.moves
    name, text, _ = saved_as(page, "json")
    assert name.endswith(".json") and saved.from_json(text).history == session().history
    open_file(page, "expert.rmv", (DATA / "expert.rmv").read_bytes())
    name, text, _ = saved_as(page, "rawvf")
    assert replay_figures(read_replay(text.encode(), name))["cl"] == MS_TOOLLIB["expert.rmv"][1]


def next_wait(page: GamePage) -> float:
    """Let the page's next timeout fire (the replay's next step); return how long it waited.

    Repeating timers (the clock's) fire on the way, as in the page.
    """
    wait = min(at for at, every in page.timers.values() if every is None) - page.clock
    page.advance(wait)
    return wait


@pytest.mark.parametrize(("speed", "factor"), [("real", 1), ("1", 1), ("0.25", 0.25),
                                               ("0.5", 0.5), ("2", 2), ("4", 4)])  # fmt: skip
def test_replay_plays_a_file_at_its_own_times_at_each_speed(speed: str, factor: float) -> None:
    """A replay file's moves come at the file's own pace over the speed: each step waits
    the time between the file's moves (to the millisecond), four times longer at 0.25x."""
    page = GamePage(BEGINNER)
    name = "expert.rmv"
    open_file(page, name, (DATA / name).read_bytes())
    options = {n.attrs.get("value") for n in page.dom.all("#speed option")}
    assert {"0.25", "0.5", "1", "2", "4", "skip"} <= options
    times = read_replay((DATA / name).read_bytes(), name).played.times
    page.choose("#speed", speed)
    page.click("#replay")
    next_wait(page)  # the first move
    waits = [next_wait(page) for _ in range(8)]
    expected = [(b - a) / factor for a, b in pairwise(times[:9])]
    assert all(abs(w - e) <= 1 for w, e in zip(waits, expected, strict=True)), (waits, expected)
    assert len(set(waits)) > 1 and session().step == 9


@pytest.mark.parametrize("name", ["expert.rmv", "beginner-rmv2-preflags.rmv", "custom-8x11.rawvf"])
def test_live_shows_the_figures_at_the_move_shown_and_the_finished_ones_at_the_end(
    name: str,
) -> None:
    """`#live` holds the time, 3BV cleared, cl and ce as they stand at the move the slider
    shows (`game.community.live` at that move's time); at the last move, those of
    `python -m game.stats replay`. `#replay-details` names the player and the program."""
    page = GamePage(BEGINNER)
    data = (DATA / name).read_bytes()
    open_file(page, name, data)
    replay = read_replay(data, name)
    assert not page.hidden("#watching")
    assert page.attr("#live", "data-cl") == "0"
    figures = replay_figures(replay)
    details = page.text("#replay-details")
    assert f"player: {figures['player']}" in details and "program: " in details
    tally = Tally.of(replay)
    moves = len(replay.played.history)
    for step in (1, moves // 2, moves - 1):
        page.slide(step)
        moment = tally.at(replay.played.times[step - 1])
        assert page.attr("#live", "data-time-ms") == str(moment.time_ms)
        assert page.attr("#live", "data-cl") == str(moment.clicks.all)
    page.slide(moves)
    shown = {key: page.attr("#live", f"data-{key.replace('_', '-')}") for key in LIVE}
    assert shown == {key: str(figures[key]) for key in LIVE}
    assert f"cl {figures['cl']} (" in page.text("#live")


def test_a_game_not_opened_from_a_file_shows_no_live_figures() -> None:
    """The player's own game, and a file's game continued by a move of the player's."""
    page = GamePage(BEGINNER)
    in_play(page)
    assert page.hidden("#watching")
    name = "beginner-v3.evf"
    open_file(page, name, (DATA / name).read_bytes())
    assert not page.hidden("#watching")
    page.slide(1)
    x, y = next(p for p, c in session().shown.board.cells.items() if type(c) is Hidden)
    page.flag(x, y)
    assert page.hidden("#watching")
