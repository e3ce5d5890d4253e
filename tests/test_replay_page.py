"""The page's replays under CPython: any replay file opened, watched and summed up; RAWVF saved.

The view runs as in the worker, through `game.view.app.start` and
`dispatch`, against the fake page of tests/fakepage.py: every community
format opens from its bytes as a game to watch, with the file's own clicks
in the summary; a damaged file is refused with a message naming it, and the
game on the page, its save and the records stay as they were; *Save replay*
writes RAWVF when the player chooses it, for the game's own games too.
"""

from __future__ import annotations

import asyncio
import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from test_storage_protocol import run_apart

from fakepage import PAGE_NOW, FakePage, File, dom
from game import saved
from game.board import Hidden
from game.replays.rawvf import write
from game.replays.read import read_replay
from game.session import Session
from game.stats.community import figures
from game.view import app
from game.view.files import SAVE_KEY, SUSPENDED_KEY
from game.view.running import REAL_PACE_MS
from game.view.statistics import RECORDS_KEY

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


class Page(FakePage):
    """The fake page running the whole view: what it listens to, shows and offers to save."""

    def __init__(self, patch: pytest.MonkeyPatch, items: dict[str, str] | None = None) -> None:
        super().__init__(items)
        self.ops: list[tuple[Any, ...]] = []
        queue = dom.page.op
        patch.setattr(dom.page, "op", lambda *op: (self.ops.append(op), queue(*op)))
        patch.setattr(app, "page", dom.page)  # app imported the first one
        patch.setattr(app, "fresh_seed", lambda: 7)  # the same boards every run
        patch.setattr(app, "app", app.App())
        assert app.app is not None
        app.app.start()
        self.run()

    @property
    def session(self) -> Session:
        assert app.app is not None
        return app.app.session

    def attribute(self, ref: str, name: str) -> Any:
        """Return what the view last set as *ref*'s attribute *name*."""
        found = [op[3] for op in self.ops if op[:3] == ("attr", ref, name)]
        return found[-1] if found else None

    async def send(
        self, ref: str, kind: str, files: list[File] | None = None, **controls: Any
    ) -> None:
        """Send *ref*'s event *kind*, with the form values *controls*, as js/host.js does."""
        number = next(op[3] for op in self.ops if op[:3] == ("listen", ref, kind))
        message = {
            "kind": "event", "id": number, "type": kind, "key": "", "ctrlKey": False,
            "metaKey": False, "altKey": False, "button": 0,
            "target": {"id": ref[1:], "tagName": "INPUT", "type": "", "move": None},
            "now": PAGE_NOW, "controls": controls,
        }  # fmt: skip
        answer = json.loads(app.dispatch(json.dumps(message), files))[1:]
        dom.page.ops[:0] = answer  # the page applies the answer first, as js/host.js does
        while dom.page.reading:  # a file being read, then its answers
            await asyncio.gather(*dom.page.reading)
        self.run()

    def step(self) -> float:
        """Fire the page's last timeout (the replay's next step); return its wait in ms."""
        _, token, ms = next(op for op in reversed(self.ops) if op[0] == "timeout")
        message = {"kind": "timer", "token": token, "now": PAGE_NOW, "controls": {}}
        dom.page.ops[:0] = json.loads(app.dispatch(json.dumps(message), None))[1:]
        self.run()
        return float(ms)

    async def open(self, name: str, data: bytes, size: int | None = None) -> None:
        await self.send("#open-file", "change", [File(name, data, size)])

    async def slide(self, step: int) -> None:
        await self.send("#history", "input", history={"value": str(step)})


def play(page: Page, moves: list[tuple[str, int, int]]) -> None:
    """Make *moves* on the page's board, as its intents ("r" reveal, "f" flag, "c" chord)."""
    assert dom.page.intent is not None
    for move in moves:
        dom.page.intent(*move)
    page.run()


def in_play(page: Page) -> Session:
    """Make one reveal on the page's beginner board, leaving a game to resume; return it."""
    play(page, [("r", 0, 0)])
    session = page.session
    assert session.is_unfinished(), "the first reveal of a beginner board rarely wins it"
    return session


@pytest.mark.parametrize("name", FIXTURES)
def test_every_community_replay_opens_from_its_bytes_and_plays_back(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened, the file's game is watched from move 0 on the slider; at its end the summary
    shows the file's own clicks (ms_toollib's count, the oracle) and the game in play is
    kept to resume."""

    async def check() -> None:
        page = Page(monkeypatch)
        game = in_play(page)
        await page.open(name, (DATA / name).read_bytes())
        expected = read_replay((DATA / name).read_bytes(), name).played.history
        watched = page.session
        assert watched.watched and watched.history == expected and watched.step == 0
        assert page.shown("#history", "max") == str(len(expected))
        assert page.shown("#message").startswith(f"Opened {name}")
        assert saved.from_json(page.items[SUSPENDED_KEY]).history == game.history
        await page.slide(len(expected))
        assert page.attribute("#summary", "data-nf") in ("true", "false")
        summary = page.shown("#summary", "innerHTML")
        if name in MS_TOOLLIB:  # the binary files, whose clicks the oracle counted
            bbbv, cl, ce = MS_TOOLLIB[name]
            assert page.attribute("#summary", "data-3bv") == str(bbbv)
            assert f"<b>{cl} / {ce}</b><span>cl / ce</span>" in summary
        assert "<span>IOE</span>" in summary and "<span>ZiNi</span>" in summary

    run_apart(check())


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
        ("off-board.rawvf", "off the 8x11 board"),
        ("backwards.rawvf", "comes before the one it follows"),
        ("huge.rmv", "more than any replay holds"),
    ],
)
def test_a_damaged_replay_is_refused_and_nothing_the_player_had_changes(
    name: str, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The message names the file and the problem; the game on the page, its save and
    the records are untouched, and the game goes on."""

    async def check() -> None:
        page = Page(monkeypatch)
        game = in_play(page)
        before = dict(page.items)
        assert SAVE_KEY in before
        if name == "huge.rmv":  # 50 MB: refused by its size, never read
            await page.open(name, b"*rmv", size=50 * 1024 * 1024)
        else:
            await page.open(name, DAMAGED[name]())
        message = page.shown("#message")
        assert message.startswith(f"Could not open {name}: ") and problem in message
        assert message.endswith("Your game is unchanged.")
        assert page.session is game and page.items == before
        assert RECORDS_KEY not in page.items or page.items[RECORDS_KEY] == before[RECORDS_KEY]
        x, y = next(p for p, c in game.live.board.cells.items() if type(c) is Hidden)
        play(page, [("f", x, y)])  # the page still plays
        assert len(page.session.history) == len(game.history) + 1

    run_apart(check())


def win(page: Page, flag: bool) -> None:
    """Clear the page's board from a first reveal, flagging one mine first if *flag*."""
    play(page, [("r", 0, 0)])
    board = page.session.live.board
    mines = sorted(p for p, c in board.cells.items() if c.mine)
    if flag:
        play(page, [("f", *mines[0])])
    play(page, [("r", *p) for p, c in board.cells.items() if not c.mine and type(c) is Hidden])
    assert page.session.live.status.value == "won"


@pytest.mark.parametrize("flag", [False, True])
def test_the_summary_shows_the_communitys_figures_and_says_nf(
    flag: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game won without a flag is NF, in the summary's attribute and in words, and in
    the records: its NF best is kept beside the best."""
    page = Page(monkeypatch)
    win(page, flag)
    assert page.attribute("#summary", "data-nf") == ("false" if flag else "true")
    summary = page.shown("#summary", "innerHTML")
    assert ("no flags (NF)" in summary) is not flag
    assert "<span>ZiNi</span>" in summary and "<span>IOE</span>" in summary
    beginner = json.loads(page.items[RECORDS_KEY])["modes"]["beginner"]
    assert beginner["results"][-1][7] == (0 if flag else 1)
    assert (beginner["best_nf_ms"] is None) is flag and beginner["best_ms"] is not None


def downloads(page: Page) -> list[tuple[Any, ...]]:
    return [op[1:] for op in page.ops if op[0] == "download"]


def test_save_replay_writes_rawvf_when_chosen_for_any_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game's own game reads back from its RAWVF to the same moves; a community file
    opened keeps its own clicks; before the first reveal there is no board to write."""

    async def check() -> None:
        page = Page(monkeypatch)
        rawvf = {"replay-format": {"value": "rawvf"}}
        await page.send("#download", "click", **rawvf)
        assert downloads(page) == [] and page.shown("#message").startswith("Not saved: ")
        win(page, flag=True)
        await page.send("#download", "click", **rawvf)
        name, text, kind = downloads(page)[-1]
        assert name.endswith(".rawvf") and kind == "text/plain"
        back = read_replay(text.encode(), name).played.history
        assert back.moves == page.session.history.moves
        await page.send("#download", "click", **{"replay-format": {"value": "json"}})
        name, text, kind = downloads(page)[-1]
        assert name.endswith(".json") and saved.from_json(text).history == page.session.history
        await page.open("expert.rmv", (DATA / "expert.rmv").read_bytes())
        await page.send("#download", "click", **rawvf)
        name, text, _ = downloads(page)[-1]
        assert figures(read_replay(text.encode(), name))["cl"] == MS_TOOLLIB["expert.rmv"][1]

    run_apart(check())


def test_replay_plays_a_file_at_its_own_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the real pace, each step waits the time between the file's moves (within the
    page's shortest and longest waits)."""

    async def check() -> None:
        page = Page(monkeypatch)
        name = "expert.rmv"
        await page.open(name, (DATA / name).read_bytes())
        times = read_replay((DATA / name).read_bytes(), name).played.times
        await page.send("#replay", "click", speed={"value": "real"})
        page.step()  # the first move: shown at once
        waits = [page.step() for _ in range(8)]
        shortest, longest = REAL_PACE_MS
        expected = [min(longest, max(shortest, b - a)) for a, b in pairwise(times[:9])]
        assert waits == expected and len(set(waits)) > 1
        assert page.session.step == 9

    run_apart(check())
