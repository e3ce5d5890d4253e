"""The browser's storage, guarded: keeping games and records never stops the game.

Storage may be missing (site data blocked, a sandboxed frame: merely reading
`localStorage` throws), full (a write throws), or hold data this version
cannot read. The page then plays on and says so once; nothing the player had
is removed unless a copy of it was written first.

A write is done when the page says it is. Python runs in a worker: a change
is sent to the page, which makes it (js/host.js, all of a commit's changes or
none) and answers in its next message. What depends on a write (removing what
was copied, replacing what was backed up, saying a game is kept) waits for
that answer. A refused write is said in `#storage-note`, once, and stays said
until a later write of the same key succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from game.page.channel import Storage, local_storage, moment
from game.page.dom import by_id

T = TypeVar("T")

Change = tuple[str, str | None]
"""A key and the text to keep under it, or None to remove it."""
Done = Callable[[bool], object]
"""Called with whether the page made a commit's changes."""

KEEP_SET_ASIDE: Final = 3
"""Unreadable values kept per key, each under its own time, newest first."""


def nothing(_made: bool) -> None:
    """Do nothing once the page answers: what a write that nothing depends on does."""


class Store:
    """`localStorage`, or nothing if the browser refuses it."""

    def __init__(self) -> None:
        self.storage: Storage | None = local_storage()  # None: site data blocked, or sandboxed
        self.held: set[str] = set()
        """Keys never written over: an unreadable value not (yet) set aside, a game kept."""
        self.pending = 0
        """Commits sent to the page, that something waits on, not answered yet."""
        self.waiting: list[Callable[[], object]] = []
        """What runs once those are answered (`settled`)."""
        self.refusals: dict[str, str] = {}
        """What the player was told of each key the page refused to keep, by key."""

    @property
    def available(self) -> bool:
        """Whether the browser lets the page keep anything."""
        return self.storage is not None

    def read(self, key: str) -> str | None:
        """Return the text kept under *key* (as the page last said it is), or None."""
        if self.storage is None:
            return None
        return self.storage.getItem(key)

    def keys(self) -> list[str]:
        """Return every key kept."""
        return [] if self.storage is None else self.storage.keys()

    def commit(self, changes: Sequence[Change], done: Done, refused: str = "") -> None:
        """Have the page make all *changes*, in order, or none; then call *done* with which.

        Nothing is sent, and *done* hears False at once, if storage is missing or a
        change touches a held key. If the page refuses and *refused* is given, those
        words are said in the storage note until a write of the same key succeeds.
        """
        if self.storage is None or any(key in self.held for key, _ in changes):
            done(False)
            return
        waited = done is not nothing
        self.pending += waited

        def answered(made: bool) -> None:
            self.pending -= waited
            written = [key for key, text in changes if text is not None]
            before = dict(self.refusals)
            if made:
                for key in written:
                    self.refusals.pop(key, None)
            elif refused and written:
                self.refusals[written[0]] = refused
            if self.refusals != before:
                self.tell()
            done(made)
            if waited and not self.pending:
                actions, self.waiting = self.waiting, []
                for action in actions:
                    action()

        self.storage.commit(list(changes), answered)

    def write(self, key: str, text: str, refused: str, done: Done = nothing) -> None:
        """Keep *text* under *key*; if the page refuses, say *refused* (see `commit`)."""
        self.commit([(key, text)], done, refused)

    def settled(self, action: Callable[[], object]) -> None:
        """Run *action* once every commit something waits on is answered (now if none).

        Plain writes (`write` with nothing to do after) are not waited for.
        """
        if self.pending:
            self.waiting.append(action)
        else:
            action()

    def refuse(self, key: str, words: str) -> None:
        """Say *words* in the storage note, about *key*, until a write of *key* succeeds."""
        self.refusals[key] = words
        self.tell()

    def tell(self) -> None:
        """Show what storage refused, each once, in `#storage-note` (a polite live region)."""
        by_id("storage-note").textContent = " ".join(self.refusals.values())

    def load(
        self, key: str, parse: Callable[[str], T], what: str, told: Callable[[str], object]
    ) -> T | None:
        """Return what *parse* makes of the text under *key*, or None.

        Text that does not parse is set aside under `KEY.unreadable.TIME` (the
        newest few are kept) and then removed, in one commit; *key* is held until
        the page answers, and *told* hears how it went once it has. If the page
        could not keep the copy, the text stays where it was, *key* stays held so
        this visit never writes over it, and the storage note says so.
        """
        text = self.read(key)
        if text is None:
            return None
        try:
            return parse(text)
        except ValueError as error:
            reason = str(error)
        prefix = f"{key}.unreadable."
        kept = sorted(k for k in self.keys() if k.startswith(prefix))
        oldest = kept[: max(0, len(kept) + 1 - KEEP_SET_ASIDE)]
        changes: list[Change] = [(old, None) for old in oldest]
        changes += [(prefix + moment(), text), (key, None)]

        def answered(made: bool) -> None:
            if made:
                self.held.discard(key)
                told(f"Your {what} could not be read ({reason}); a copy was set aside.")
            else:
                self.refuse(
                    key,
                    f"Your {what} could not be read ({reason}), and there is no room to set it"
                    " aside: it is left as it was, and nothing new is kept in its place.",
                )

        self.commit(changes, answered)
        self.held.add(key)  # from now until the page answers, and for good if it refuses
        return None
