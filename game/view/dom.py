"""Small DOM helpers shared by the view modules: elements, listeners, time, files.

Startup path: imported by every view module, so it imports only the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from game.words import counter_digits

JsEvent = Any
"""A DOM event proxy; the FFI gives no static types."""

Handler = Callable[[JsEvent], object]

_proxies: list[Any] = []
"""Listener proxies live as long as the page: destroying one would silence its element."""


def by_id(name: str) -> Any:
    """Return the element with id *name*."""
    return document.getElementById(name)


def listen(element: Any, event: str, handler: Handler) -> None:
    """Call *handler* on every *event* of *element*, for the life of the page."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


def on_click(name: str, action: Callable[[], object]) -> None:
    """Call *action* when the element *name* is clicked."""
    listen(by_id(name), "click", lambda _event: action())


def soon(action: Callable[[], object]) -> None:
    """Call *action* in a task of its own, once what the page is doing now is done."""
    window.setTimeout(create_once_callable(action), 0)


def now() -> float:
    """Return the page's monotonic clock, in milliseconds: the session's time."""
    return float(window.performance.now())


def today() -> str:
    """Return the player's local date as YYYY-MM-DD: the day of the daily board."""
    date = window.Date.new()
    return f"{int(date.getFullYear()):04d}-{int(date.getMonth()) + 1:02d}-{int(date.getDate()):02d}"


def say(text: str) -> None:
    """Show *text* in `#message` (a polite live region)."""
    by_id("message").textContent = text


def set_pressed(name: str, on: bool) -> None:
    """Show the toggle button *name* as pressed or not."""
    by_id(name).setAttribute("aria-pressed", "true" if on else "false")


def save_file(name: str, text: str) -> None:
    """Offer *text* to the player as a JSON file called *name*."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.click()
    window.URL.revokeObjectURL(url)


async def chosen_file(event: JsEvent, limit: int) -> tuple[str, str] | str | None:
    """Return the name and text of the file picked in a file input, a refusal, or None."""
    chooser = event.target
    if not chooser.files.length:
        return None
    file = chooser.files.item(0)
    name = str(file.name)
    chooser.value = ""
    if file.size > limit:
        return f"Could not open {name}: the file is too large."
    return name, str(await file.text())


def show_counter(name: str, number: int) -> None:
    """Write *number* as the counter *name*'s text, and draw its classic three digits."""
    by_id(name).textContent = str(number)
    document.querySelector(f'[data-for="{name}"]').textContent = counter_digits(number)
