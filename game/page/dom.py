"""The page's elements as the view sees them from the worker: each write an operation.

An `Element` stands for a page element by reference; what the view writes to
it is queued on the channel (game/page/channel.py), which sends every
operation of one task to the page in one batch, and is remembered, so that
reading it back returns what was written or what the page reported.
"""

from __future__ import annotations

from typing import Any

from game.page.channel import page


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

    def remove(self) -> None:
        page.op("call", self.ref, "remove")


def by_id(name: str) -> Element:
    """Return the element with id *name*."""
    return Element("#" + name)


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


def show_now() -> None:
    """Send what the view has written so far ahead of the rest of this task's work.

    The board after a move goes first, so the player sees it while the
    worker still works out the figures of the game it ended.
    """
    page.flush()


def patch_cells(patch: str) -> None:
    """Apply a board patch made by `game.page.render.cell_patch` (js/cells.js)."""
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


def announce(text: str) -> None:
    """Have screen readers say *text* (`#announce`, a polite live region): what a move did."""
    by_id("announce").textContent = text
