"""The browser's storage, guarded: keeping games and records never stops the game.

Storage may be missing (site data blocked, a sandboxed frame: merely reading
`localStorage` throws), full (every write throws), or hold data this version
cannot read. The page then plays on and says so once; nothing the player had
is removed unless a copy of it was written first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from game.view.dom import Storage, StorageRefusedError, local_storage, moment

T = TypeVar("T")

KEEP_SET_ASIDE: Final = 3
"""Unreadable values kept per key, each under its own time, newest first."""


class Store:
    """`localStorage`, or nothing if the browser refuses it."""

    def __init__(self) -> None:
        self.storage: Storage | None = None
        self.held: set[str] = set()
        """Keys whose unreadable value could not be set aside: never written over."""
        self.storage = local_storage()  # None: site data blocked, or a sandboxed frame

    @property
    def available(self) -> bool:
        """Whether the browser lets the page keep anything."""
        return self.storage is not None

    def read(self, key: str) -> str | None:
        """Return the text kept under *key*, or None."""
        if self.storage is None:
            return None
        return self.storage.getItem(key)

    def write(self, key: str, text: str) -> bool:
        """Keep *text* under *key*; return False if the browser refuses or the key is held."""
        if self.storage is None or key in self.held:
            return False
        try:
            self.storage.setItem(key, text)
        except StorageRefusedError:  # full, or disabled: playing matters more than saving
            return False
        return True

    def remove(self, key: str) -> None:
        """Forget *key* (held keys stay)."""
        if self.storage is not None and key not in self.held:
            self.storage.removeItem(key)

    def load(self, key: str, parse: Callable[[str], T], what: str) -> tuple[T | None, str]:
        """Return what *parse* makes of the text under *key*, or None and a notice.

        Text that does not parse is set aside under `KEY.unreadable.TIME`
        (the newest few are kept). If even that copy cannot be written, the
        text stays where it was and *key* is held, so this visit never writes
        over it.
        """
        text = self.read(key)
        if text is None:
            return None, ""
        try:
            return parse(text), ""
        except ValueError as error:
            reason = str(error)
        if self._set_aside(key, text):
            self.remove(key)
            return None, f"Your {what} could not be read ({reason}); a copy was set aside."
        self.held.add(key)
        return None, (
            f"Your {what} could not be read ({reason}), and there is no room to set it"
            " aside: it is left as it was, and nothing new is kept in its place."
        )

    def _set_aside(self, key: str, text: str) -> bool:
        stamp = moment()
        prefix = f"{key}.unreadable."
        if not self.write(prefix + stamp, text):
            return False
        kept = sorted(k for k in self.keys() if k.startswith(prefix))
        for old in kept[:-KEEP_SET_ASIDE]:
            self.remove(old)
        return True

    def keys(self) -> list[str]:
        """Return every key kept."""
        return [] if self.storage is None else self.storage.keys()
