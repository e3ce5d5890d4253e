"""What the view asks the page to do besides showing: commands as plain data.

As Elm's `Cmd`, a handler returns these (with `asks.Redraw` or `asks.RecordsChanged`)
instead of doing them; `game.page.patcher.Patcher.run` carries them out once the page
shows the new tree, so the element they act on is there.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Focus:
    """Move the keyboard's focus to the element with id *id*."""

    id: str


@dataclass(frozen=True)
class OpenDialog:
    """Open the dialog with id *id* as a modal one."""

    id: str


@dataclass(frozen=True)
class CloseDialog:
    """Close the dialog with id *id* (its `close` event follows)."""

    id: str


@dataclass(frozen=True)
class ScrollTo:
    """Scroll the page as little as it takes to show the element *ref* names."""

    ref: str


@dataclass(frozen=True)
class Copy:
    """Put *text* on the clipboard (the page has one: see `heard.has_clipboard`)."""

    text: str


@dataclass(frozen=True)
class Download:
    """Offer *text* to the player as a file called *name*, of the media type *kind*."""

    name: str
    text: str
    kind: str = "application/json"


Command = Focus | OpenDialog | CloseDialog | ScrollTo | Copy | Download
"""What the page is asked to do."""
