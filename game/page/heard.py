"""What the view hears from the page: the events it listens to, the board's intents, timers.

Each listener, intent and timer is registered with the channel's page
(game/page/channel.py), which runs it when a message of the page names it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, NamedTuple

from game.page.channel import Handler, Intent, PageEvent, page
from game.page.dom import Element

JsEvent = PageEvent
"""What a listener is called with."""


class Listen(NamedTuple):
    """A listener as data: what a component hears, which the app registers (`listen`)."""

    ref: str
    """The element ("#id") or "document"."""
    event: str
    """The event's type: "click", "change", "input", "submit", "close"..."""
    handler: Handler
    """What runs, and returns what the player asked for."""
    prevent: str = ""
    """What the page cancels at once (see `listen`)."""


def clicks(name: str, action: Callable[[], object]) -> Listen:
    """Return a listener that calls *action* when the element *name* is clicked."""
    return Listen("#" + name, "click", lambda _event: action())


def reported(name: str, field: str = "value") -> Any:
    """Return what the page reported of the control *name* with its last message."""
    return page.recall("#" + name, field)


def has_clipboard() -> bool:
    """Tell whether the browser gives the page a clipboard to write to."""
    return bool(page.facts.get("clipboard"))


def listen(element: Element | str, event: str, handler: Handler, *, prevent: str = "") -> None:
    """Call *handler* on every *event* of *element* (or of "document").

    *prevent* names what the page cancels at once: "always", or "page-keys" (the
    page's own keys, js/host.js).
    """
    number = len(page.handlers) + 1
    page.handlers[number] = handler
    ref = element if isinstance(element, str) else element.ref
    page.op("listen", ref, event, number, prevent or None)


def register(listeners: Iterable[Listen]) -> None:
    """Listen as each of *listeners* says (the app registers what its components hear)."""
    for heard in listeners:
        listen(heard.ref, heard.event, heard.handler, prevent=heard.prevent)


def on_click(name: str, action: Callable[[], object]) -> None:
    """Call *action* when the element *name* is clicked."""
    listen(Element("#" + name), "click", lambda _event: action())


def on_intent(action: Intent) -> None:
    """Call *action* with each intent of the board: ("r" | "f" | "c", x, y)."""
    page.intent = action


def on_answer(action: Callable[[Any], object], settle: Callable[[], object]) -> None:
    """Hand *action* what every handler, intent, timer and task returns (the app's `answer`).

    *settle* runs once each is handled (the app's `draw`).
    """
    page.respond = action
    page.settle = settle


def spawn(work: Coroutine[Any, Any, object]) -> asyncio.Future[object]:
    """Run *work* in steps, the page free between them; what it returns goes as a handler's."""
    return page.spawn(work)


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


def soon(action: Callable[[], object]) -> None:
    """Call *action* in a task of its own, once what the worker is doing now is done."""
    page.bridge.next_task(action)


async def chosen_bytes(
    event: PageEvent, limit: int, too_large: str = "the file is too large"
) -> tuple[str, bytes] | str | None:
    """Return the name and bytes of the file picked in a file input, a refusal, or None.

    A file larger than *limit* bytes is refused, unread, saying *too_large* (in which
    `{size}` is the file's size in bytes).
    """
    if not event.files:
        return None
    file = event.files[0]
    name = str(file.name)
    if file.size > limit:
        return f"Could not open {name}: {too_large.format(size=int(file.size))}."
    return name, bytes((await file.arrayBuffer()).to_bytes())


async def chosen_file(event: PageEvent, limit: int) -> tuple[str, str] | str | None:
    """Return the name and text (UTF-8) of the file picked in a file input, a refusal, or None."""
    chosen = await chosen_bytes(event, limit)
    if not isinstance(chosen, tuple):
        return chosen
    name, data = chosen
    return name, data.decode("utf-8", "replace")
