"""What a key pressed anywhere on the page means, as a value: undo, a new game, or close.

A pure function of the event, so tests ask it without a page; the app does what it means.
The event's `key` is js/keys.js's name for it: a letter on any keyboard layout (on a
Cyrillic one, the key that prints N is "n"), in lower case.
"""

from __future__ import annotations

import enum

from game.page.channel import PageEvent


class PageKey(enum.Enum):
    """The page's own keys (the board's keys are js/input.js's)."""

    UNDO = "undo"
    """Ctrl+Z (or Cmd+Z): take back the last move."""
    NEW_GAME = "new game"
    """F2, or N without a modifier: a new game of the same kind."""
    CLOSE = "close"
    """Escape: hide the result card (open dialogs close by themselves)."""


def page_key(event: PageEvent) -> PageKey | None:
    """Return what *event*'s key asks, or None; keys typed into a text field ask nothing."""
    target = event.target
    if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA") and target.type != "range":
        return None
    key = str(event.key)
    command = event.ctrlKey or event.metaKey
    if key.lower() == "z" and command:  # the page cancelled these keys' defaults
        return PageKey.UNDO
    if key == "F2" or (key in ("n", "N") and not command and not event.altKey):
        return PageKey.NEW_GAME
    return PageKey.CLOSE if key == "Escape" else None
