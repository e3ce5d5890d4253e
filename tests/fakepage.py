"""A fake page for the view under CPython: a bridge, a page's storage, and a small DOM.

The view reaches the page through a bridge (game/page/bridge.py) that the
worker's script connects; here `FakeBridge` stands in for it, with a fixed
clock and date. `FakePage` plays the page's side of the storage protocol
(js/host.js): it takes the operations the view queued, keeps what the store
operations write in a storage with a quota, all of a commit or none, and
answers each commit in a message of its own, as the page does.

`GamePage` is the whole page for tests of what Python decides: it starts the view
as the worker does (`game.page.app.start`), sends it the messages js/host.js sends
(`dispatch`: an element's event, a board intent, a timer, a commit's answer), and
applies the operations answered to a `Dom` built from index.html, so a test reads
the page hooks of INTERFACES.md as a browser test reads them. What only a browser
shows (layout, gestures, the worker and its bridge, loading, offline) stays in
tests/browser/.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Final

from game.names import where
from game.page import app, channel
from game.page.bridge import Detached
from game.page.render import LOOK_CHARS

PAGE_NOW = 1_000.0
"""The page's clock in every message (tests here never wait on time)."""


class FakeBridge:
    """The worker's runtime for the view (`bridge.Bridge`): a fixed clock and a fixed day."""

    def __init__(self) -> None:
        self.posted: list[str] = []
        """Batches the view sent of its own accord (`show_now`), not as an answer."""
        self.moments = 0

    def post(self, text: str) -> None:
        self.posted.append(text)

    def after_task(self, action: Callable[[], object]) -> None:
        """Nothing: the fake page takes what the view queued when its task is done."""

    def next_task(self, action: Callable[[], object]) -> None:
        """Nothing: what the view defers (imports ahead of need) changes nothing it shows."""

    def clock(self) -> float:
        return PAGE_NOW

    def local_date(self) -> tuple[int, int, int]:
        return 2026, 1, 1

    def utc_moment(self) -> str:
        """A new moment each call, in the order they are asked."""
        self.moments += 1
        return f"2026-01-01T00:00:{self.moments % 60:02d}.{self.moments % 1000:03d}Z"

    def start_kind(self) -> str:
        return "fresh"


ROOT: Final = Path(__file__).resolve().parents[1]
if isinstance(channel.page.bridge, Detached):
    channel.connect(FakeBridge())
POSTED: Final[list[str]] = channel.page.bridge.posted  # type: ignore[attr-defined]
"""The batches the view sent as messages of its own, not as an answer: the connected bridge's,
so that this module imported twice (pytest's doctest collection imports it under another
name) still hears them."""


def committed(items: dict[str, str], changes: list[list[Any]], quota: int) -> dict[str, str] | None:
    """Return *items* with *changes* made (a None text removes its key), or None if the
    result would pass *quota* characters, keys and values: all of a commit or none."""
    after = dict(items)
    for key, text in changes:
        if text is None:
            after.pop(key, None)
        else:
            after[key] = text
            if sum(len(k) + len(v) for k, v in after.items()) > quota:
                return None
    return after


class FakePage:
    """The page: its storage (at most *quota* characters, keys and values), and its answers."""

    def __init__(self, items: dict[str, str] | None = None, quota: int = 5_242_880) -> None:
        self.items = dict(items or {})
        self.quota = quota
        self.text: dict[str, dict[str, Any]] = {}
        """What the view wrote to each element, by reference."""
        self.said: list[tuple[str, Any]] = []
        """Every text the view wrote, in order: the element's reference and the text."""
        channel.page.begin(
            {
                "href": "http://localhost/",
                "search": "",
                "origin": "http://localhost",
                "pathname": "/",
                "now": PAGE_NOW,
                "width": 1100,
                "height": 850,
                "elements": {},
                "storage": {"items": dict(self.items)},
                "pending": [],
                "tabStop": None,
                "clipboard": False,
            }
        )

    def used(self) -> int:
        return sum(len(key) + len(value) for key, value in self.items.items())

    def leave(self, room: int) -> None:
        """Make the quota what is used now and *room* more."""
        self.quota = self.used() + room

    def store(self, changes: list[list[Any]]) -> bool:
        """Make *changes* all or none, as js/host.js does; return whether it made them."""
        after = committed(self.items, changes, self.quota)
        if after is None:
            return False
        self.items = after
        return True

    def run(self) -> None:
        """Apply what the view queued, then answer its commits, until it queues nothing more."""
        while True:
            batch = json.loads(channel.page.take())[1:]
            if not batch:
                return
            answers = []
            for op in batch:
                kind, ref = op[0], op[1]
                if kind == "set":
                    self.text.setdefault(ref, {})[op[2]] = op[3]
                    if op[2] == "textContent":
                        self.said.append((ref, op[3]))
                elif kind == "store":
                    answers.append({"kind": "stored", "token": ref, "ok": self.store(op[2])})
            for answer in answers:
                channel.page.answer({**answer, "now": PAGE_NOW, "controls": {}}, None)

    def shown(self, ref: str, name: str = "textContent") -> Any:
        """Return what the view last wrote to *ref*'s *name*."""
        return self.text.get(ref, {}).get(name)


# -- the page as a player sees it: a small DOM that applies the view's operations ------------

VOID: Final = frozenset(
    ("area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr")
)
"""Elements that have no end tag (and so no children)."""


class Node:
    """An element of the fake page: its tag, attributes, children and form state."""

    def __init__(self, tag: str, attrs: dict[str, str] | None = None) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = dict(attrs or {})
        self.children: list[Node | str] = []
        self.parent: Node | None = None
        self.props: dict[str, Any] = {}
        """What the page holds but no attribute shows: a control's value, a dialog's `open`."""
        self.style: dict[str, str] = {}

    def add(self, child: Node | str) -> None:
        if isinstance(child, Node):
            if child.parent is not None:
                child.parent.children.remove(child)
            child.parent = self
        self.children.append(child)

    def elements(self) -> Iterator[Node]:
        """This node's descendants, in document order."""
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.elements()

    @property
    def text(self) -> str:
        """`textContent`."""
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def set_classes(self, names: list[str]) -> None:
        self.attrs["class"] = " ".join(dict.fromkeys(names))

    @property
    def value(self) -> str:
        """A control's value: what was set or typed, else what its HTML says."""
        if "value" in self.props:
            return str(self.props["value"])
        if self.tag == "select":
            options = [n for n in self.elements() if n.tag == "option"]
            chosen = [n for n in options if "selected" in n.attrs] or options
            return chosen[0].attrs.get("value", chosen[0].text) if chosen else ""
        return self.attrs.get("value", "")

    @property
    def checked(self) -> bool:
        return bool(self.props.get("checked", "checked" in self.attrs))

    @property
    def is_open(self) -> bool:
        return bool(self.props.get("open", "open" in self.attrs))

    def replace_html(self, html: str) -> None:
        for child in self.children:
            if isinstance(child, Node):
                child.parent = None
        self.children = []
        _Builder(self).feed(html)


class _Builder(HTMLParser):
    """Parse HTML into *root*'s children."""

    def __init__(self, root: Node) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].add(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].add(Node(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].add(data)


_COMPOUND = re.compile(
    r"""([a-zA-Z*][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=["']?([^"'\]]*)["']?)?\]"""
)


def _matches(node: Node, compound: str) -> bool:
    """Tell whether *node* matches one compound selector (tag, #id, .class, [attr], [attr=v])."""
    for tag, ident, name, attr, value in _COMPOUND.findall(compound):
        if tag and tag != "*" and node.tag != tag:
            return False
        if ident and node.attrs.get("id") != ident:
            return False
        if name and name not in node.classes:
            return False
        if attr and (attr not in node.attrs or (value and node.attrs[attr] != value)):
            return False
    return True


def _match_path(node: Node, parts: list[str]) -> bool:
    """Tell whether *node* matches *parts* (compounds and ">" combinators), read right to left."""
    if not _matches(node, parts[-1]):
        return False
    rest = parts[:-1]
    if not rest:
        return True
    if rest[-1] == ">":
        return node.parent is not None and _match_path(node.parent, rest[:-1])
    ancestor = node.parent
    while ancestor is not None:
        if _match_path(ancestor, rest):
            return True
        ancestor = ancestor.parent
    return False


class Dom:
    """The page's elements, built from index.html, changed only by the view's operations.

    It applies each operation as js/host.js does (and a board patch as js/cells.js
    does), and answers the selectors the tests and the view use: tags, `#id`,
    `.class`, `[attr]`, `[attr=value]`, and the descendant and `>` combinators.
    """

    def __init__(self) -> None:
        self.root = Node("#document")
        html = (ROOT / "index.html").read_text(encoding="utf-8")
        self.root.replace_html(html)
        self.created: dict[str, Node] = {}
        self.focused: Node | None = None
        self.listeners: list[tuple[Node | None, str, int]] = []
        """(element or None for the document, event type, handler number), in order."""
        self.scrolled: list[Node] = []
        """Elements Python asked to scroll into view, in order."""
        self.closed: list[Node] = []
        """Dialogs closed by an operation: each fires "close" once the batch is applied."""
        self.tracks: list[dict[str, Any] | None] = []
        """The replay pointers sent to js/cursor.js (`track`), in order."""
        self.runs: list[list[list[float]]] = []
        """The moments as lines of the page's clock sent to js/cursor.js (`track-run`)."""

    @property
    def body(self) -> Node:
        return self.one("body")

    def all(self, selector: str) -> list[Node]:
        """Every element *selector* matches, in document order."""
        found: list[Node] = []
        for alternative in selector.split(","):
            parts = re.findall(r">|(?:[^\s>\[]|\[[^\]]*\])+", alternative)
            found += [n for n in self.root.elements() if _match_path(n, parts) and n not in found]
        return found

    def first(self, selector: str) -> Node | None:
        found = self.all(selector)
        return found[0] if found else None

    def one(self, selector: str) -> Node:
        node = self.first(selector)
        assert node is not None, f"no element matches {selector!r}"
        return node

    def buttons(self) -> list[Node]:
        """The board's cell buttons, in row order."""
        return [n for n in self.one("#board").elements() if n.tag == "button"]

    def element(self, ref: str) -> Node | None:
        """The element an operation names (js/host.js `element`)."""
        if ref[0] == "#":
            return self.first(f"[id={ref[1:]}]")
        if ref[0] == "?":
            return self.first(ref[1:])
        if ref[0] == "$":
            return self.created.get(ref)
        if ref[0] == "@":
            x, y = (int(n) for n in ref[1:].split(","))
            width = int(self.one("#board").attrs.get("aria-colcount", "0"))
            cells = self.buttons()
            return cells[y * width + x] if y * width + x < len(cells) else None
        return self.body if ref == "body" else None

    def apply(self, op: list[Any]) -> None:
        """Apply one operation of the view's (those the page itself answers are not here)."""
        kind, ref = op[0], op[1]
        if kind == "create":
            self.created[ref] = Node(op[2])
            return
        if kind == "each":  # setAttribute(name, value) or removeAttribute(name) on each match
            for node in self.all(ref):
                self.apply(["attr", node, *op[3:5]])
            return
        if kind == "cells":
            self.patch(json.loads(ref))
            return
        if kind in ("track", "track-run"):  # js/cursor.js draws them
            (self.tracks if kind == "track" else self.runs).append(ref)
            return
        node = ref if isinstance(ref, Node) else self.element(ref)
        if kind == "listen":
            self.listeners.append((node, op[2], op[3]))
        if node is None:
            return
        if kind == "set":
            self.set(node, op[2], op[3])
        elif kind == "attr":
            if len(op) < 4 or op[3] is None:
                node.attrs.pop(op[2], None)
            else:
                node.attrs[op[2]] = str(op[3])
        elif kind == "toggle":
            self.apply(["attr", node, op[2], "" if op[3] else None])
        elif kind == "class":
            names = node.classes
            if op[2] == "add":
                names += op[3:]
            elif op[2] == "remove":
                names = [n for n in names if n not in op[3:]]
            elif op[3] not in names and op[4]:
                names.append(op[3])
            elif not op[4]:
                names = [n for n in names if n != op[3]]
            node.set_classes(names)
        elif kind == "style":
            if op[2] == "setProperty":
                node.style[op[3]] = op[4]
            else:
                node.style.pop(op[3], None)
        elif kind == "append":
            child = self.element(op[2])
            if child is not None:
                node.add(child)
        elif kind == "empty":
            node.replace_html("")
        elif kind == "call":
            self.call(node, op[2])

    def set(self, node: Node, name: str, value: Any) -> None:
        """Set a property, as the DOM does: some reflect an attribute."""
        if name == "textContent":
            node.replace_html("")
            node.add(str(value))
        elif name == "innerHTML":
            node.replace_html(str(value))
        elif name in ("hidden", "disabled"):
            if value:
                node.attrs[name] = ""
            else:
                node.attrs.pop(name, None)
        elif name == "className":
            node.attrs["class"] = str(value)
        elif name in ("max", "min"):
            node.attrs[name] = str(value)
        else:
            node.props[name] = value

    def call(self, node: Node, method: str) -> None:
        if method == "focus":
            self.focused = node
        elif method == "scrollIntoView":
            self.scrolled.append(node)
        elif method == "showModal":
            node.props["open"] = True
        elif method == "remove" and node.parent is not None:
            node.parent.children.remove(node)
            node.parent = None
        elif method == "close" and node.is_open:
            node.props["open"] = False
            self.closed.append(node)

    def patch(self, patch: dict[str, Any]) -> None:
        """Apply a move's patch to the board's buttons (js/cells.js `patchCells`)."""
        buttons, width = self.buttons(), patch["width"]
        for i, (was, now) in enumerate(zip(patch["was"], patch["now"], strict=True)):
            before = patch["before"][str(ord(was) - LOOK_CHARS)]
            after = patch["after"][str(ord(now) - LOOK_CHARS)]
            if before == after:
                continue
            button = buttons[i]
            for name, _ in before["attributes"]:
                button.attrs.pop(name, None)
            button.attrs.update(dict(after["attributes"]))
            button.replace_html("")
            if after["text"]:
                button.add(after["text"])
            button.attrs["aria-label"] = after["label"] + where((i % width, i // width))

    def hidden(self, node: Node) -> bool:
        """Tell whether *node* is out of sight: it or an ancestor is hidden, or a closed dialog."""
        here: Node | None = node
        while here is not None:
            if "hidden" in here.attrs or (here.tag == "dialog" and not here.is_open):
                return True
            here = here.parent
        return False

    def controls(self) -> dict[str, dict[str, Any]]:
        """Every message's form values and dialogs (js/host.js `controls`)."""
        values: dict[str, dict[str, Any]] = {}
        for node in self.all("input[id], select[id]"):
            values[node.attrs["id"]] = {"value": node.value, "checked": node.checked}
        for node in self.all("dialog[id]"):
            values[node.attrs["id"]] = {"open": node.is_open}
        return values

    def snapshot_elements(self) -> dict[str, dict[str, Any]]:
        """What the start hears of every element with an id (js/host.js `snapshot`)."""
        elements = {
            node.attrs["id"]: {"hidden": "hidden" in node.attrs, "open": node.is_open}
            for node in self.all("[id]")
        }
        return {**elements, **self.controls()}


class File:
    """A file the player picked, as the page hands it to the worker (a `File`)."""

    def __init__(self, name: str, content: str | bytes, size: int | None = None) -> None:
        self.name = name
        self._data = content.encode() if isinstance(content, str) else content
        self.size = len(self._data) if size is None else size

    async def text(self) -> str:
        return self._data.decode()

    async def arrayBuffer(self) -> Buffer:  # noqa: N802 (the DOM's name)
        assert self.size == len(self._data), "a file too large is never read"
        return Buffer(self._data)


class Buffer:
    """An `ArrayBuffer` as Pyodide hands it to Python."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


_WORKER: Final = ThreadPoolExecutor(1, thread_name_prefix="fake-worker")
"""The worker's thread: the view's tasks (a file read, a no-guess search, a review) run on an
event loop of the page's own there, apart from any loop of this thread (Playwright's)."""


class GamePage:
    """The game in a fake page: the view started as js/host.js starts it, and driven as a player.

    What a test does goes to Python as the message the page would send (an event of
    an element Python listens to, a board intent, a timer), with the page's clock
    and form values; the operations Python answers are applied to a `Dom`, commits
    to a storage with a quota (all or none), and the page's answers sent back, until
    Python has nothing more to say. Reads are of the page, as a browser test reads.
    Only one page runs at a time: the view's state is the worker's.
    """

    def __init__(
        self,
        query: str = "",
        *,
        items: dict[str, str] | None = None,
        blocked: bool = False,
        quota: int = 5_242_880,
        width: int = 1100,
        height: int = 850,
        clipboard: bool = True,
        pending: Iterable[tuple[str, int, int]] = (),
    ) -> None:
        self.items: dict[str, str] | None = None if blocked else dict(items or {})
        """The page's storage (None: the browser refuses it)."""
        self.quota = quota
        self.clock = PAGE_NOW
        self.timers: dict[int, tuple[float, float | None]] = {}
        """Each timer of Python's: when it fires next, and its interval if it repeats."""
        self.downloads: list[tuple[str, str]] = []
        """Each file offered to save: its name and text."""
        self.download_kinds: list[str] = []
        """The media type of each file offered, in the same order."""
        self.clipboard: str | None = None
        self.has_clipboard = clipboard
        self.dom = Dom()
        self.search = "" if not query else "?" + query.lstrip("?")
        self.width, self.height = width, height
        self.loop = asyncio.new_event_loop()
        global _live
        if _live is not None:
            _live.close()
        _live = self
        facts = {
            "href": "http://localhost/" + self.search,
            "search": self.search,
            "origin": "http://localhost",
            "pathname": "/",
            "now": self.clock,
            "width": width,
            "height": height,
            "elements": self.dom.snapshot_elements(),
            "storage": {"items": None if self.items is None else dict(self.items)},
            "pending": [list(intent) for intent in pending],
            "tabStop": None,
            "clipboard": clipboard,
        }

        def begin() -> str:
            return app.start(json.dumps(facts))

        self.run(begin)

    # -- what the page sends --------------------------------------------------------------

    def run(self, call: Callable[[], str], *, settle: bool = True) -> None:
        """Run *call* in the worker, apply what it answers, and answer the page's part."""
        assert _live is self, "another page was opened since: this one's worker is gone"
        POSTED.clear()
        batches = _WORKER.submit(self.loop.run_until_complete, self._worker(call, settle))
        for batch in sorted(batches.result(), key=lambda text: json.loads(text)[0]):
            for op in json.loads(batch)[1:]:
                self.apply(op)
        for dialog in self.dom.closed[:]:
            self.dom.closed.remove(dialog)
            self.fire(dialog, "close")

    async def _worker(self, call: Callable[[], str], settle: bool) -> list[str]:
        asyncio.set_event_loop(self.loop)
        batches = [call()]
        turns = idle = 0
        while settle and idle < 2:  # what the view started (a file read, a search) ends
            turns += 1
            assert turns < 100_000, "the view's tasks never end"
            # A task done hands on what it asked in a callback of the loop's next pass.
            idle = 0 if self.tasks() else idle + 1
            await asyncio.sleep(0)
        if channel.page.ops:  # what a task queued goes as the page's microtask would send it
            batches.append(channel.page.take())
        return [*POSTED, *batches]

    @staticmethod
    def tasks() -> list[asyncio.Task[Any]]:
        """The view's tasks still running on the worker's loop (from within it)."""
        return [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]

    def close(self) -> None:
        """Stop this page's worker: what it still runs is cancelled, its loop closed."""

        async def cancel() -> None:
            tasks = self.tasks()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        _WORKER.submit(self.loop.run_until_complete, cancel()).result()
        self.loop.close()

    def send(self, message: dict[str, Any], files: Any = None, *, settle: bool = True) -> None:
        """Send Python *message* with the page's clock and form values (js/host.js `send`)."""
        message = {**message, "now": self.clock, "controls": self.dom.controls()}
        self.run(lambda: app.dispatch(json.dumps(message), files), settle=settle)

    def apply(self, op: list[Any]) -> None:
        """Apply one operation: the page's own (storage, timers, files) here, others to the DOM."""
        kind, ref = op[0], op[1]
        if kind == "store":
            self.send({"kind": "stored", "token": ref, "ok": self.store(op[2])})
        elif kind == "timeout" or kind == "interval":
            self.timers[ref] = (self.clock + op[2], op[2] if kind == "interval" else None)
        elif kind == "clear":
            self.timers.pop(ref, None)
        elif kind == "download":
            self.downloads.append((op[1], op[2]))
            self.download_kinds.append(op[3] if len(op) > 3 else "application/json")
        elif kind == "clipboard":
            self.clipboard = ref
        elif kind == "address":
            self.search = ref
        else:
            self.dom.apply(op)

    def store(self, changes: list[list[Any]]) -> bool:
        """Make *changes* all or none, as js/host.js does; return whether it made them."""
        after = None if self.items is None else committed(self.items, changes, self.quota)
        if after is None:
            return False
        self.items = after
        return True

    def leave(self, room: int) -> None:
        """Make the quota what is used now and *room* more (another app filled the rest)."""
        assert self.items is not None
        self.quota = sum(len(k) + len(v) for k, v in self.items.items()) + room

    def fire(self, node: Node | None, kind: str, files: Any = None, **fields: Any) -> None:
        """Send Python the event *kind* on *node* (None: the document), to each of its listeners
        on the node, its ancestors and the document, as the page sends them."""
        path: list[Node | None] = []
        here = node
        while here is not None:
            path.append(here)
            here = here.parent
        path.append(None)
        target = node or self.dom.body
        item = next((n for n in path if n is not None and "data-move" in n.attrs), None)
        described = {
            "id": target.attrs.get("id", ""),
            "tagName": target.tag.upper(),
            "type": target.attrs.get("type", ""),
            "move": None if item is None else item.attrs["data-move"],
        }
        event = {"key": "", "ctrlKey": False, "metaKey": False, "altKey": False, "button": 0}
        event.update(fields)
        for element in path:
            for number in [n for on, k, n in self.dom.listeners if on is element and k == kind]:
                self.send(
                    {"kind": "event", "id": number, "type": kind, **event, "target": described},
                    files,
                )

    # -- what a player does -----------------------------------------------------------------

    def control(self, selector: str) -> Node:
        node = self.dom.one(selector)
        assert "disabled" not in node.attrs, f"{selector} is disabled"
        return node

    def click(self, selector: str) -> None:
        """Click the control *selector* (it must be enabled, as for a player)."""
        self.fire(self.control(selector), "click")

    def reveal(self, x: int, y: int, *, settle: bool = True) -> None:
        """A click (or Enter) on the cell at (x, y): js/input.js's "r" intent.

        Without *settle*, what the move starts (a no-guess search) is left midway.
        """
        self.send({"kind": "input", "intent": ["r", x, y]}, settle=settle)

    def flag(self, x: int, y: int) -> None:
        """A right click (or F, or a long press) on the cell: the "f" intent."""
        self.send({"kind": "input", "intent": ["f", x, y]})

    def chord(self, x: int, y: int) -> None:
        """A middle click (or Space) on the cell: the "c" intent."""
        self.send({"kind": "input", "intent": ["c", x, y]})

    def where(self, selector: str) -> tuple[int, int]:
        """The position of the first board cell *selector* matches (a button of `#board`)."""
        button = self.dom.one(selector)
        return int(button.attrs["data-x"]), int(button.attrs["data-y"])

    def click_cell(self, selector: str) -> None:
        """A click on the first board cell *selector* matches."""
        self.reveal(*self.where(selector))

    def key(self, key: str, *, ctrl: bool = False, meta: bool = False, alt: bool = False) -> None:
        """Press *key* with the focus on the page (not in a text field)."""
        self.fire(None, "keydown", key=key, ctrlKey=ctrl, metaKey=meta, altKey=alt)

    def fill(self, selector: str, value: str) -> None:
        """Type *value* into a field (no event: Python reads it with the next message)."""
        self.control(selector).props["value"] = value

    def choose(self, selector: str, value: str) -> None:
        """Choose *value* in a menu (or set a field) and send its change."""
        node = self.control(selector)
        node.props["value"] = value
        self.fire(node, "change")

    def check(self, selector: str, on: bool = True) -> None:
        node = self.control(selector)
        node.props["checked"] = on
        self.fire(node, "change")

    def slide(self, step: int, selector: str = "#history") -> None:
        """Move a slider to *step*: its input event."""
        node = self.control(selector)
        node.props["value"] = str(step)
        self.fire(node, "input")

    def escape(self, selector: str) -> None:
        """Close the open dialog *selector* as Escape does: the page closes it, then tells."""
        node = self.dom.one(selector)
        assert node.is_open, f"{selector} is not open"
        node.props["open"] = False
        self.fire(node, "close")

    def submit(self, selector: str) -> None:
        self.fire(self.control(selector), "submit")

    def pick_file(
        self, selector: str, name: str, content: str | bytes, size: int | None = None
    ) -> None:
        """Choose a file *name* holding *content* (of *size* bytes, if given) in a file input."""
        self.fire(self.control(selector), "change", files=[File(name, content, size)])

    def advance(self, ms: float, *, settle: bool = True) -> None:
        """Let *ms* of the page's time pass: each timer due fires, in order, as in the page."""
        end = self.clock + ms
        while True:
            due = [(at, token) for token, (at, _) in self.timers.items() if at <= end]
            if not due:
                break
            at, token = min(due)
            _, every = self.timers.pop(token)
            if every is not None:
                self.timers[token] = (at + max(every, 1), every)
            self.clock = at
            self.send({"kind": "timer", "token": token}, settle=settle)
        self.clock = end

    def reopen(self, query: str | None = None, **options: Any) -> GamePage:
        """Open the game again in this browser (its storage kept): a reload, or another link."""
        search = self.search if query is None else query
        items = None if self.items is None else dict(self.items)
        return GamePage(
            search, items=items, blocked=self.items is None, quota=self.quota, **options
        )

    # -- what a test reads ------------------------------------------------------------------

    def attr(self, selector: str, name: str) -> str | None:
        return self.dom.one(selector).attrs.get(name)

    def text(self, selector: str) -> str:
        return self.dom.one(selector).text.strip()

    def count(self, selector: str) -> int:
        return len(self.dom.all(selector))

    def hidden(self, selector: str) -> bool:
        return self.dom.hidden(self.dom.one(selector))

    def disabled(self, selector: str) -> bool:
        return "disabled" in self.dom.one(selector).attrs

    def value(self, selector: str) -> str:
        return self.dom.one(selector).value

    def checked(self, selector: str) -> bool:
        return self.dom.one(selector).checked

    def cell(self, x: int, y: int, name: str) -> str | None:
        """Return the attribute *name* of the cell at (x, y)."""
        node = self.dom.element(f"@{x},{y}")
        assert node is not None, f"no cell at ({x}, {y})"
        return node.attrs.get(name)

    def focused(self) -> str | None:
        """The id of the element Python last focused."""
        return None if self.dom.focused is None else self.dom.focused.attrs.get("id")

    def scrolled(self, selector: str) -> bool:
        """Tell whether Python asked the page to scroll *selector* into view."""
        return self.dom.one(selector) in self.dom.scrolled

    def states(self) -> list[str]:
        """The board as rows of position-text characters (pagehelpers.states)."""
        rows: dict[int, str] = {}
        for b in self.dom.buttons():
            a = b.attrs
            state, mine = a.get("data-state"), a.get("data-mine")
            char = (
                ("*" if mine else "H") if state == "hidden"
                else ("X" if a.get("data-wrong") else "F") if state == "flagged"
                else "!" if mine == "exploded" else "*" if mine else a.get("data-count", "?")
            )  # fmt: skip
            y = int(a["data-y"])
            rows[y] = rows.get(y, "") + char
        return [rows[y] for y in sorted(rows)]

    def position(self, mines: int) -> str:
        """The board as position text with *mines* in all."""
        rows = self.states()
        return f"{len(rows[0])}x{len(rows)}x{mines}\n" + "".join(row + "\n" for row in rows)

    def marked(self, name: str) -> set[tuple[int, int]]:
        """The cells carrying the class (or, for "proof", the mark) *name*."""
        selector = "[data-proof=true]" if name == "proof" else f".{name}"
        return {
            (int(b.attrs["data-x"]), int(b.attrs["data-y"]))
            for b in self.dom.all(f"#board button{selector}")
        }

    def stored(self, key: str) -> Any:
        """The JSON kept under *key* in the page's storage, read."""
        assert self.items is not None
        return json.loads(self.items[key])


_live: GamePage | None = None
"""The page whose worker runs now."""
