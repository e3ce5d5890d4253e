"""The page as the view sees it from the worker: elements whose writes go in one batch a task.

Python runs in a worker (js/host.js), which cannot touch the page. An
`Element` stands for a page element by reference; what the view writes to it
becomes an operation, and every operation of one task goes to the page in one
message, applied there in order. What the view reads back is what it wrote
or what the page said last: every message from the page carries its form
controls' values and its clock. Events the view listens to arrive as
`PageEvent`s, plain data; timers run in the page, so the game's time is the
page's.

Startup path: imported by every view module, so it imports only the runtime.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
from collections.abc import Callable
from typing import Any, Final

from polyscript import xworker  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from game.words import counter_digits

js: Any = importlib.import_module("js")
"""The worker's JavaScript globals (Pyodide's `js`; a PyPI package has that name too)."""

Handler = Callable[["PageEvent"], object]
Intent = Callable[[str, int, int], object]


class Page:
    """The operations waiting to go to the page, and what Python knows of the page."""

    def __init__(self) -> None:
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
        self.reading: set[asyncio.Future[Any]] = set()
        """Handlers still reading a file: held until done, so none is collected midway."""
        self.stored: dict[str, str] | None = None
        """The page's storage as it last said it is (None: it refuses to be read)."""
        self.commits: dict[int, tuple[list[tuple[str, str | None]], Callable[[bool], None]]] = {}
        """The changes to storage sent to the page and what waits for its answer, by token."""
        self.answered = 0
        """How many commits the page has answered."""

    def op(self, *operation: Any) -> None:
        """Queue *operation*; the first of a task asks for the batch to be sent after it."""
        if not self.ops:
            js.queueMicrotask(create_once_callable(self.flush))
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
            xworker.postMessage(self.take())

    def remember(self, ref: str, name: str, value: Any) -> None:
        """Note that *ref*'s *name* now holds *value*."""
        self.known.setdefault(ref, {})[name] = value

    def recall(self, ref: str, name: str) -> Any:
        """Return what *ref*'s *name* holds, as last written or reported."""
        return self.known.get(ref, {}).get(name)

    def hear(self, message: dict[str, Any]) -> None:
        """Take in what every message of the page carries: its clock and its controls."""
        self.clock = (float(message["now"]), float(js.performance.now()))
        for name, values in message.get("controls", {}).items():
            for key, value in values.items():
                self.remember("#" + name, key, value)

    def begin(self, facts: dict[str, Any]) -> None:
        """Hold what the page said of itself at the start."""
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
        """Run the handler, timer or intent that *message* names."""
        self.hear(message)
        kind = message["kind"]
        if kind == "event":
            done = self.handlers[message["id"]](PageEvent(message, files))
            if inspect.iscoroutine(done):  # reading a file: what it shows comes when read
                task = asyncio.ensure_future(done)
                self.reading.add(task)
                task.add_done_callback(self.reading.discard)
        elif kind == "timer":
            action, repeats = self.timers.get(message["token"], (None, False))
            if not repeats:
                self.timers.pop(message["token"], None)
            if action is not None:
                action()
        elif kind == "input" and self.intent is not None:
            self.intent(*message["intent"])
        elif kind == "stored" and message["token"] in self.commits:
            self.stored_answer(message["token"], bool(message["ok"]))

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


class ClassList:
    """An element's classes: each change an operation."""

    def __init__(self, ref: str) -> None:
        self.ref = ref

    def add(self, *names: str) -> None:
        page.op("class", self.ref, "add", *names)

    def remove(self, *names: str) -> None:
        page.op("class", self.ref, "remove", *names)

    def toggle(self, name: str, on: bool) -> None:
        page.op("class", self.ref, "toggle", name, on)


class Style:
    """An element's inline style properties: each change an operation."""

    def __init__(self, ref: str) -> None:
        self.ref = ref

    def setProperty(self, name: str, value: str) -> None:  # noqa: N802 (the DOM's name)
        page.op("style", self.ref, "setProperty", name, value)

    def removeProperty(self, name: str) -> None:  # noqa: N802
        page.op("style", self.ref, "removeProperty", name)


class Element:
    """A page element, by reference: "#id", "?selector", "@x,y" (a board cell), "$n" (made here).

    Setting a property (`hidden`, `textContent`, `value`...) is an operation and
    is remembered; reading one returns what was set, or what the page reported.
    """

    __slots__ = ("ref",)

    def __init__(self, ref: str) -> None:
        object.__setattr__(self, "ref", ref)

    def __setattr__(self, name: str, value: Any) -> None:
        page.op("set", self.ref, name, value)
        page.remember(self.ref, name, value)

    def __getattr__(self, name: str) -> Any:
        return page.recall(self.ref, name)

    @property
    def classList(self) -> ClassList:  # noqa: N802
        return ClassList(self.ref)

    @property
    def style(self) -> Style:
        return Style(self.ref)

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        page.op("attr", self.ref, name, value)
        page.remember(self.ref, "@" + name, value)

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        page.op("attr", self.ref, name, None)
        page.remember(self.ref, "@" + name, None)

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        value: str | None = page.recall(self.ref, "@" + name)
        return value

    def toggleAttribute(self, name: str, on: bool) -> None:  # noqa: N802
        page.op("toggle", self.ref, name, on)

    def focus(self) -> None:
        page.op("call", self.ref, "focus")

    def showModal(self) -> None:  # noqa: N802
        page.op("call", self.ref, "showModal")
        page.remember(self.ref, "open", True)

    def close(self) -> None:
        page.op("call", self.ref, "close")
        page.remember(self.ref, "open", False)

    def scrollIntoView(self, options: dict[str, str]) -> None:  # noqa: N802
        page.op("call", self.ref, "scrollIntoView", options)

    def replaceChildren(self) -> None:  # noqa: N802
        page.op("empty", self.ref)

    def append(self, child: Element) -> None:
        page.op("append", self.ref, child.ref)


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


JsEvent = PageEvent
"""What a listener is called with."""


def by_id(name: str) -> Element:
    """Return the element with id *name*."""
    return Element("#" + name)


def select(selector: str) -> Element:
    """Return the first element *selector* matches (when the page applies the operation)."""
    return Element("?" + selector)


def cell(x: int, y: int) -> Element:
    """Return the board's button at (x, y)."""
    return Element(f"@{x},{y}")


def body() -> Element:
    """Return the page's body."""
    return Element("body")


def create(tag: str) -> Element:
    """Make a new element of *tag*, to append somewhere."""
    page.created += 1
    element = Element(f"${page.created}")
    page.op("create", element.ref, tag)
    return element


def each(selector: str, method: str, *args: Any) -> None:
    """Call *method* with *args* on every element *selector* matches."""
    page.op("each", selector, method, *args)


def listen(element: Element | str, event: str, handler: Handler, *, prevent: str = "") -> None:
    """Call *handler* on every *event* of *element* (or of "document").

    *prevent* names what the page cancels at once: "always", or "page-keys" (the
    page's own keys, js/host.js).
    """
    number = len(page.handlers) + 1
    page.handlers[number] = handler
    ref = element if isinstance(element, str) else element.ref
    page.op("listen", ref, event, number, prevent or None)


def on_click(name: str, action: Callable[[], object]) -> None:
    """Call *action* when the element *name* is clicked."""
    listen(by_id(name), "click", lambda _event: action())


def on_intent(action: Intent) -> None:
    """Call *action* with each intent of the board: ("r" | "f" | "c", x, y)."""
    page.intent = action


def later(action: Callable[[], object], ms: float, *, repeat: bool = False) -> int:
    """Call *action* after *ms* of the page's time (every *ms*, with *repeat*); return its token."""
    page.timer_count += 1  # never reused: a cancelled timer's message may still come
    token = page.timer_count
    page.timers[token] = (action, repeat)
    page.op("interval" if repeat else "timeout", token, ms)
    return token


def cancel(token: int) -> None:
    """Stop the timer *token*."""
    if page.timers.pop(token, None) is not None:
        page.op("clear", token)


def show_now() -> None:
    """Send what the view has written so far ahead of the rest of this task's work.

    The board after a move goes first, so the player sees it while the
    worker still works out the figures of the game it ended.
    """
    page.flush()


def soon(action: Callable[[], object]) -> None:
    """Call *action* in a task of its own, once what the worker is doing now is done."""
    js.setTimeout(create_once_callable(action), 0)


def interpreter_start() -> str:
    """Return how this worker's Python started (js/pyodide.mjs): "snapshot" or "fresh"."""
    return str(getattr(js, "pyodideStart", "fresh"))


def now() -> float:
    """Return the page's monotonic clock, in milliseconds: the session's time."""
    page_ms, worker_ms = page.clock
    return page_ms + float(js.performance.now()) - worker_ms


def today() -> str:
    """Return the player's local date as YYYY-MM-DD: the day of the daily board."""
    date = js.Date.new()
    return f"{int(date.getFullYear()):04d}-{int(date.getMonth()) + 1:02d}-{int(date.getDate()):02d}"


def moment() -> str:
    """Return the date and time now, as ISO 8601 text in UTC."""
    return str(js.Date.new().toISOString())


def address() -> dict[str, str]:
    """Return the page's address: its href, origin, pathname and search, at the start."""
    return {k: page.facts[k] for k in ("href", "origin", "pathname", "search")}


def replace_address(query: str) -> None:
    """Make the page's address end in *query* (no new history entry)."""
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


def copy_text(text: str) -> bool:
    """Put *text* on the clipboard; return False if the browser has none for the page."""
    if not page.facts.get("clipboard"):
        return False
    page.op("clipboard", text)
    return True


def patch_cells(patch: str) -> None:
    """Apply a board patch made by `game.render.cell_patch` (js/cells.js)."""
    page.op("cells", patch)


def say(text: str, *, in_view: bool = False) -> None:
    """Show *text* in `#message` (a polite live region).

    With *in_view*, the page scrolls as little as it takes to show it: words the player
    must read to understand a move (on a phone the message is below the board's tools).
    """
    message = by_id("message")
    message.textContent = text
    if in_view:
        message.scrollIntoView({"block": "nearest"})


def set_pressed(name: str, on: bool) -> None:
    """Show the toggle button *name* as pressed or not."""
    by_id(name).setAttribute("aria-pressed", "true" if on else "false")


def save_file(name: str, text: str, kind: str = "application/json") -> None:
    """Offer *text* to the player as a file called *name*, of the media type *kind*."""
    page.op("download", name, text, kind)


async def chosen_file(event: PageEvent, limit: int) -> tuple[str, str] | str | None:
    """Return the name and text of the file picked in a file input, a refusal, or None."""
    if not event.files:
        return None
    file = event.files[0]
    name = str(file.name)
    if file.size > limit:
        return f"Could not open {name}: the file is too large."
    return name, str(await file.text())


async def chosen_bytes(event: PageEvent, limit: int) -> tuple[str, bytes] | str | None:
    """Return the name and bytes of the file picked in a file input, a refusal, or None.

    A file larger than *limit* bytes is refused before it is read.
    """
    if not event.files:
        return None
    file = event.files[0]
    name = str(file.name)
    if file.size > limit:
        return f"Could not open {name}: {int(file.size):,} bytes is more than any replay holds."
    return name, bytes((await file.arrayBuffer()).to_bytes())


def show_counter(name: str, number: int) -> None:
    """Write *number* as the counter *name*'s text, and draw its classic three digits."""
    by_id(name).textContent = str(number)
    select(f'[data-for="{name}"]').textContent = counter_digits(number)


class Storage:
    """`localStorage` as the page last said it is; changes go to the page as commits."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
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
