"""The channel to the page: the worker's bridge, the operations queued, the page's messages.

Python runs in a worker (js/host.js), which cannot touch the page. What the view
writes becomes an operation, and every operation of one task goes to the page in
one message, applied there in order. What the view reads back is what it wrote
or what the page said last: every message from the page carries its form
controls' values and its clock. Events the view listens to arrive as
`PageEvent`s, plain data; timers run in the page, so the game's time is the
page's.

The worker's runtime is not imported here: the worker's script hands `connect`
a bridge to it (game/page/bridge.py), and tests hand it one of their own.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable, Coroutine
from typing import Any, Final

from game.page.bridge import Bridge, Detached
from game.session.query import game_query


class Target:
    """The element an event happened on, as the page described it."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.id: str = data["id"]
        self.tagName: str = data["tagName"]
        self.type: str = data["type"]
        self.move: str | None = data["move"]
        """The move number of the review item it is in, if any."""


class PageEvent:
    """An event the view listens to, as plain data (the page cancelled what had to be)."""

    def __init__(self, message: dict[str, Any], files: Any) -> None:
        self.type: str = message["type"]
        self.key: str = message["key"]
        self.ctrlKey: bool = message["ctrlKey"]
        self.metaKey: bool = message["metaKey"]
        self.altKey: bool = message["altKey"]
        self.button: int = message["button"]
        self.target = Target(message["target"])
        self.files = files
        """The files chosen, if the event is a file input's."""


Handler = Callable[[PageEvent], object]
Intent = Callable[[str, int, int], object]


class Page:
    """The operations waiting to go to the page, and what Python knows of the page."""

    def __init__(self) -> None:
        self.bridge: Bridge = Detached()
        self.forget()

    def forget(self) -> None:
        """Know nothing of the page: nothing queued, listened to, timed or stored."""
        self.ops: list[list[Any]] = []
        self.known: dict[str, dict[str, Any]] = {}
        """What each element holds that the view may read back, by reference."""
        self.handlers: dict[int, Handler] = {}
        self.timers: dict[int, tuple[Callable[[], object], bool]] = {}
        self.intent: Intent | None = None
        self.created = 0
        self.timer_count = 0
        self.batches = 0
        """How many batches went to the page: each is numbered, and the page applies them in
        that order, whether it gets one as an answer or as a message of the worker's own."""
        self.clock = (0.0, 0.0)
        """The page's clock at its last message, and the worker's at its arrival."""
        self.facts: dict[str, Any] = {}
        """What the page said of itself at the start: its address, size, storage, pending moves."""
        self.tasks: set[asyncio.Future[Any]] = set()
        """Tasks still running (a file read, a review, a deal): held until done, so none is
        collected midway."""
        self.respond: Callable[[Any], object] | None = None
        """What hears what each handler, timer, intent and task returns: the app's `answer`."""
        self.settle: Callable[[], object] | None = None
        """What runs once a message or a task is handled: the app's `draw`, as Elm draws the
        view after every update."""
        self.stored: dict[str, str] | None = None
        """The page's storage as it last said it is (None: it refuses to be read)."""
        self.commits: dict[int, tuple[list[tuple[str, str | None]], Callable[[bool], None]]] = {}
        """The changes to storage sent to the page and what waits for its answer, by token."""
        self.answered = 0
        """How many commits the page has answered."""

    def op(self, *operation: Any) -> None:
        """Queue *operation*; the first of a task asks for the batch to be sent after it."""
        if not self.ops:
            self.bridge.after_task(self.flush)
        self.ops.append(list(operation))

    def take(self) -> str:
        """Return the queued operations as one numbered JSON batch, and forget them."""
        self.batches += 1
        text = json.dumps([self.batches, *self.ops], separators=(",", ":"))
        self.ops = []
        return text

    def flush(self) -> None:
        """Send the queued operations to the page now, in one message of their own."""
        if self.ops:
            self.bridge.post(self.take())

    def remember(self, ref: str, name: str, value: Any) -> None:
        """Note that *ref*'s *name* now holds *value*."""
        self.known.setdefault(ref, {})[name] = value

    def knows(self, ref: str, name: str) -> bool:
        """Tell whether *ref*'s *name* was written or reported (it may hold None)."""
        return name in self.known.get(ref, {})

    def recall(self, ref: str, name: str) -> Any:
        """Return what *ref*'s *name* holds, as last written or reported."""
        return self.known.get(ref, {}).get(name)

    def hear(self, message: dict[str, Any]) -> None:
        """Take in what every message of the page carries: its clock and its controls."""
        self.clock = (float(message["now"]), self.bridge.clock())
        for name, values in message.get("controls", {}).items():
            for key, value in values.items():
                self.remember("#" + name, key, value)

    def begin(self, facts: dict[str, Any]) -> None:
        """Hold what the page said of itself at the start (what an earlier start held goes)."""
        self.forget()
        self.facts = facts
        self.hear({"now": facts["now"], "controls": facts["elements"]})
        self.stored = facts["storage"]["items"]

    def dispatch(self, message: dict[str, Any], files: Any) -> str:
        """Run what a message of the page asks (an event's handler, a timer, an intent).

        Return the operations it made, which the page applies as the answer to its message.
        """
        self.answer(message, files)
        return self.take()

    def answer(self, message: dict[str, Any], files: Any) -> None:
        """Run the handler, timer or intent that *message* names; hand on what it returns."""
        self.hear(message)
        kind = message["kind"]
        asked: object = None
        if kind == "event":
            asked = self.handlers[message["id"]](PageEvent(message, files))
        elif kind == "timer":
            action, repeats = self.timers.get(message["token"], (None, False))
            if not repeats:
                self.timers.pop(message["token"], None)
            if action is not None:
                asked = action()
        elif kind == "input" and self.intent is not None:
            asked = self.intent(*message["intent"])
        elif kind == "stored" and message["token"] in self.commits:
            self.stored_answer(message["token"], bool(message["ok"]))
        if inspect.iscoroutine(asked):  # reading a file: what it asks comes when read
            self.spawn(asked)
        elif asked is not None and self.respond is not None:
            self.respond(asked)
        if self.settle is not None:
            self.settle()

    def spawn(self, work: Coroutine[Any, Any, object]) -> asyncio.Future[object]:
        """Run *work* as a task; hand on what it returns when done (unless cancelled)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)

        def done(task: asyncio.Future[object]) -> None:
            self.tasks.discard(task)
            if task.cancelled():
                return
            asked = task.result()  # a task that failed raises here, and is reported
            if asked is not None and self.respond is not None:
                self.respond(asked)
            if self.settle is not None:
                self.settle()

        task.add_done_callback(done)
        return task

    def stored_answer(self, token: int, made: bool) -> None:
        """Take in the page's answer to the commit *token*: made (all its changes) or not."""
        changes, done = self.commits.pop(token)
        self.answered += 1
        if made and self.stored is not None:
            for key, text in changes:
                if text is None:
                    self.stored.pop(key, None)
                else:
                    self.stored[key] = text
        done(made)


page: Final = Page()


def connect(bridge: Bridge) -> None:
    """Have the view reach the page through *bridge* (the worker's script, or a test's)."""
    page.bridge = bridge


def now() -> float:
    """Return the page's monotonic clock, in milliseconds: the session's time."""
    page_ms, worker_ms = page.clock
    return page_ms + page.bridge.clock() - worker_ms


def today() -> str:
    """Return the player's local date as YYYY-MM-DD: the day of the daily board."""
    year, month, day = page.bridge.local_date()
    return f"{year:04d}-{month:02d}-{day:02d}"


def moment() -> str:
    """Return the date and time now, as ISO 8601 text in UTC."""
    return page.bridge.utc_moment()


def interpreter_start() -> str:
    """Return how this worker's Python started (js/pyodide.mjs): "snapshot" or "fresh"."""
    return page.bridge.start_kind()


def address() -> dict[str, str]:
    """Return the page's address: its href, origin, pathname and search, at the start.

    The search leaves out the language (`?lang=`), which chooses no game: a link copied
    from here opens in its reader's own language.
    """
    facts = {k: page.facts[k] for k in ("href", "origin", "pathname", "search")}
    return facts | {"search": game_query(facts["search"])}


def replace_address(query: str) -> None:
    """Make the page's address end in *query* (no new history entry), its language kept."""
    language = [f for f in page.facts["search"].removeprefix("?").split("&") if f[:5] == "lang="]
    if language:
        query = (f"{query}&" if query else "?") + language[-1]
    page.facts["search"] = query
    page.facts["href"] = page.facts["origin"] + page.facts["pathname"] + query
    page.op("address", query)


def portrait() -> bool:
    """Tell whether the page was taller than wide at the start."""
    return float(page.facts["height"]) > float(page.facts["width"])


def pending_moves() -> list[list[Any]]:
    """Return the board's intents made while Python loaded, in order."""
    moves: list[list[Any]] = page.facts.get("pending", [])
    return moves


def tab_stop() -> tuple[int, int] | None:
    """Return the cell in the board's tab order at the start, if any."""
    stop = page.facts.get("tabStop")
    return None if stop is None else (int(stop[0]), int(stop[1]))


class Storage:
    """`localStorage` as the page last said it is; changes go to the page as commits."""

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's name)
        return (page.stored or {}).get(key)

    def keys(self) -> list[str]:
        return list(page.stored or ())

    def commit(self, changes: list[tuple[str, str | None]], done: Callable[[bool], None]) -> None:
        """Have the page make *changes* (text, or None to remove), all or none (js/host.js).

        The page answers in its next message; *done* then hears whether it made them.
        """
        token = len(page.commits) + page.answered + 1  # each sent is waiting or answered
        page.commits[token] = (changes, done)
        page.op("store", token, [list(change) for change in changes])


def local_storage() -> Storage | None:
    """Return the page's storage, or None if the browser refuses it (site data blocked)."""
    return None if page.stored is None else Storage()
