"""A write is done when the page says it is: the view's storage against a page that refuses.

Python runs in a worker; a write is a commit sent to the page (js/host.js),
which makes all of its changes or none and answers in its next message. These
tests play the page (tests/fakepage.py) with storage filled to within a few
characters, a few hundred and a few thousand of each write's size, and check
that nothing is deleted, replaced or said on the strength of a write that did
not happen (issue 31, items 1 to 3).
"""

from __future__ import annotations

import asyncio
import json
import types
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from fakepage import FakePage
from game.page.asks import Replace, Stored
from game.page.channel import moment, now
from game.page.dom import say
from game.page.files import SAVE_KEY, SUSPENDED_KEY, Files, view_files
from game.page.statistics import BACKUP_KEY, RECORDS_KEY, Statistics
from game.page.storage import Store
from game.page.tree import find
from game.rules.events import CellOpened
from game.session import Session, saved
from game.session.query import DEFAULT
from game.session.records import Records, Result

ROOMS = (-3000, -300, -3, 3, 300, 3000)
"""How far the room left is from a write's size: short of it, then enough."""
UNREADABLE = json.dumps({"format": "pyminesweeper-game", "version": 99, "pad": "x" * 20_000})
ASIDE = SAVE_KEY + ".unreadable."


def run_apart(work: Coroutine[Any, Any, object]) -> object:
    """Run *work* to its end on an event loop of its own, in a thread of its own: in a
    whole run, the browser tests' Playwright keeps a loop running in this thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


def answer(asked: object, store: Store, shown: list[Session]) -> None:
    """Do what the app does with what a handler asked (`App.answer`): a commit, then what
    its answer asks; another game on the page, and its words."""
    if isinstance(asked, Stored):
        then = asked.then
        store.commit(asked.changes, lambda made: answer(then(made), store, shown), asked.refused)
    elif isinstance(asked, Replace):
        shown.append(asked.session)
        say(asked.words)


def aside_size() -> int:
    """The room a set-aside of the unreadable save takes: its key (with the time) and text."""
    stamp = moment()
    return len(ASIDE) + len(stamp) + len(UNREADABLE)


@pytest.mark.parametrize("room", ROOMS)
def test_an_unreadable_save_is_set_aside_then_removed_only_if_the_page_kept_the_copy(
    room: int,
) -> None:
    """Item 1: the copy and the removal are one commit; what is said waits for the answer."""
    page = FakePage({SAVE_KEY: UNREADABLE})
    page.leave(aside_size() + room)
    store = Store()
    told: list[str] = []
    assert store.load(SAVE_KEY, _refuse, "saved game", told.append) is None
    assert told == [] and SAVE_KEY in store.held  # nothing said, nothing written over yet
    store.write(SAVE_KEY, "a new game", "not stored")
    page.run()
    aside = [key for key in page.items if key.startswith(ASIDE)]
    if room >= 0:
        assert [page.items[key] for key in aside] == [UNREADABLE]
        assert SAVE_KEY not in page.items and SAVE_KEY not in store.held
        assert told == ["Your saved game could not be read (too new); a copy was set aside."]
    else:
        assert aside == [] and page.items[SAVE_KEY] == UNREADABLE
        assert told == [] and SAVE_KEY in store.held
        assert "no room to set it aside" in page.shown("#storage-note")
        store.write(SAVE_KEY, "a new game", "not stored")
        page.run()
        assert page.items[SAVE_KEY] == UNREADABLE


def _refuse(text: str) -> Any:
    raise ValueError("too new")


def records_of(games: int) -> Records:
    """Records of *games* beginner games, every third won."""
    records = Records()
    for number in range(games):
        won = number % 3 == 0
        result = Result(won, 20_000 + number, 10, 12, 10, False, "2026-01-01")
        records, _ = records.count("beginner", result, None)
    return records


class File:
    """A file the player picked, as the page hands it to Python."""

    def __init__(self, name: str, text: str) -> None:
        self.name, self.size, self._text = name, len(text), text

    async def text(self) -> str:
        return self._text

    async def arrayBuffer(self) -> Any:  # noqa: N802 (the DOM's name)
        return types.SimpleNamespace(to_bytes=self._text.encode)


class Event:
    """The file input's change event."""

    def __init__(self, file: File) -> None:
        self.files = [file]


@pytest.mark.parametrize("room", ROOMS)
def test_an_import_replaces_the_records_only_once_their_backup_is_kept(room: int) -> None:
    """Item 2: the backup and the replacement are one commit; the message follows the answer."""
    old = records_of(1000).to_json()
    page = FakePage({RECORDS_KEY: old})
    store = Store()
    stats = Statistics(store, "beginner")
    page.run()
    page.leave(len(BACKUP_KEY) + len(old) + room)
    small = records_of(1).to_json()
    asked = run_apart(stats.on_import(Event(File("r.json", small))))  # type: ignore[arg-type]
    answer(asked, store, [])
    page.run()
    message = page.shown("#message")
    if room >= 0:
        assert page.items[BACKUP_KEY] == old and page.items[RECORDS_KEY] == small
        assert "kept in this browser as a backup" in message
        assert stats.records.to_json() == small
    else:
        assert BACKUP_KEY not in page.items and page.items[RECORDS_KEY] == old
        assert message.startswith("Not imported") and "backup" in message
        assert stats.records.to_json() == old


@pytest.mark.parametrize("room", (0, 3, 300))
def test_a_refused_write_is_said_once_and_stays_said_until_a_write_succeeds(room: int) -> None:
    """Item 3: the refusal is in the storage note, which no later message blanks; a later
    write of the same key that succeeds takes it back."""
    page = FakePage({SAVE_KEY: "the game before"})
    store = Store()
    page.run()
    game = "g" * 1000
    page.leave(room)
    store.write(SAVE_KEY, game, "This browser would not store the game.")
    say("")  # a move's own message, empty
    page.run()
    assert page.items[SAVE_KEY] == "the game before"
    assert page.shown("#storage-note") == "This browser would not store the game."
    store.write(SAVE_KEY, game, "This browser would not store the game.")
    page.run()
    assert [ref for ref, _ in page.said].count("#storage-note") == 1  # said once
    page.leave(2000)
    store.write(SAVE_KEY, game, "This browser would not store the game.")
    page.run()
    assert page.items[SAVE_KEY] == game
    assert page.shown("#storage-note") == ""


def game_in_play() -> Session:
    """An unfinished beginner game with a move: worth keeping to resume."""
    session = Session.begin(DEFAULT, 7).make(CellOpened((4, 4)), 0.0).session
    assert len(session.history) and not session.live.is_over()
    return session


@pytest.mark.parametrize("room", ROOMS)
def test_a_replay_file_opens_only_once_the_game_in_play_is_kept_aside(room: int) -> None:
    """The game in play is said to be kept (and a replay takes its place) only once the
    page has kept it; with no room for it, the replay is not opened and the game goes on."""
    page = FakePage()
    shown = [game_in_play()]
    store = Store()
    files = Files(store, shown[0])
    page.run()
    aside = saved.to_json(shown[0].pause(now()))
    page.leave(len(SUSPENDED_KEY) + len(aside) + room)
    replay = saved.to_json(Session.begin(DEFAULT, 8))
    asked = run_apart(files.on_open(Event(File("r.json", replay))))  # type: ignore[arg-type]
    answer(asked, store, shown)
    assert len(shown) == 1 and page.shown("#message") is None  # nothing before the answer
    page.run()
    message = page.shown("#message")
    if room >= 0:
        assert page.items[SUSPENDED_KEY] == aside and len(shown) == 2
        assert "Your unfinished game was kept" in message
        assert files.resume_offered  # the view then shows Resume
        assert find(view_files(files.resume_offered, files.link), "#resume").prop("hidden") is False
    else:
        assert SUSPENDED_KEY not in page.items and len(shown) == 1
        assert message.startswith("Not opened") and "unchanged" in message
