"""The game kept and shared: saving it, a game set aside to resume, links, replay files."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.community.recording import MAX_FILE_BYTES
from game.names import plural
from game.page.asks import Ask, Redraw, Replace, Stored
from game.page.channel import address, now
from game.page.commands import Copy, Download
from game.page.dom import say
from game.page.heard import JsEvent, Listen, chosen_bytes, clicks, has_clipboard, reported
from game.page.storage import Change, Store
from game.page.tree import Node, h
from game.page.watching import Watched
from game.session import Session, saved
from game.session.visit import swap
from game.words import KEPT_TO_RESUME

if TYPE_CHECKING:
    from game.community.read import Replay

SAVE_KEY: Final = "pyminesweeper.game"
"""Where the current game is kept."""
SUSPENDED_KEY: Final = "pyminesweeper.game.suspended"
"""Where an unfinished game waits while a link or a replay file is played instead."""


class Files:
    """Where the game goes when it leaves the page, and how it comes back."""

    def __init__(self, store: Store, session: Session) -> None:
        self.store = store
        self.session = session
        """The session on the page, as last rendered."""
        self.opened: Replay | None = None
        """The replay file last opened: its own clicks, while its game is on the page."""
        self.watched: Watched | None = None
        """The replay file last opened, ready to show at any move (`watching`)."""
        self.resume_offered = False
        """Whether Resume is offered: a game was set aside in this visit, and is still there."""
        self.link = ""
        """The link last copied (for tests to read: `#copy-link[data-url]`)."""

    def watching(self, session: Session) -> Watched | None:
        """Return the replay file opened, while *session* is its game; None otherwise."""
        opened = self.opened
        if opened is None or opened.played.history is not session.history:
            return None
        if self.watched is None or self.watched.replay is not opened:
            self.watched = Watched.of(opened)
        return self.watched

    def listens(self) -> tuple[Listen, ...]:
        """Return what the files hear: the links, the replay saved or opened, Resume."""
        return (
            clicks("copy-link", self.copy_link),
            clicks("copy-layout", lambda: self.copy_link(layout=True)),
            clicks("download", self.download),
            clicks("resume", self.resume),
            Listen("#open-file", "change", self.on_open),
        )

    def load(self, told: Callable[[str], object]) -> Session | None:
        """Return the game kept by the last visit, or None (*told* hears why, see `Store.load`)."""
        return self.store.load(SAVE_KEY, saved.from_json, "saved game", told)

    def save(self) -> None:
        """Keep the game, paused at this moment, so a reload resumes it."""
        text = saved.to_json(self.session.pause(now()))
        refused = "This browser would not store the game; it will not survive a reload."
        self.store.write(SAVE_KEY, text, refused)

    def render(self, session: Session, old: Session) -> None:
        """Hold *session*; save it if it differs from *old* in what a save holds.

        Moving through time or stepping a replay changes nothing kept.
        """
        self.session = session
        if session.history is not old.history or kept(session) != kept(old):
            self.save()

    def suspend(self, session: Session, done: Callable[[bool], Ask]) -> Ask:
        """Ask to keep an unfinished *session* aside, to resume later, if worth resuming.

        *done* hears whether it was kept, once the page has said so, and asks
        what follows; an earlier game set aside gives way to it.
        """
        if not session.is_unfinished():
            return done(False)

        def answered(made: bool) -> Ask:
            if made:
                self.resume_offered = True
            return done(made)

        return Stored([(SUSPENDED_KEY, saved.to_json(session.pause(now())))], answered)

    def resume(self) -> Stored | Redraw:
        """Bring back the game set aside; the one in play takes its place if unfinished.

        The swap is the session's (`game.session.visit.swap`), as in the terminal.
        One commit swaps them in storage, the game brought back kept as the game in
        play: if the page cannot make it, nothing changes.
        """
        if self.store.read(SUSPENDED_KEY) is None:
            self.resume_offered = False
            say("There is no unfinished game to resume.")
            return Redraw()
        waiting = self.store.load(SUSPENDED_KEY, saved.from_json, "unfinished game", say)
        if waiting is None:
            self.resume_offered = False
            return Redraw()
        swapped = swap(self.session, waiting, now())
        back, aside = swapped.session, swapped.set_aside
        keep = aside is not None
        changes: list[Change] = []
        if SAVE_KEY not in self.store.held:  # else both stay: the game kept there is not lost
            set_aside = None if aside is None else saved.to_json(aside)
            changes = [(SUSPENDED_KEY, set_aside), (SAVE_KEY, saved.to_json(back.pause(now())))]
        elif aside is not None:
            changes = [(SUSPENDED_KEY, saved.to_json(aside))]

        def answered(made: bool) -> Replace | None:
            if not made:
                say("Not resumed: there is no room to set the game in play aside. It goes on.")
                return None
            self.resume_offered = keep
            moves = plural(len(waiting.history), "move")
            return Replace(back, f"Resumed your unfinished game ({moves}).")

        return Stored(changes, answered)

    def copy_link(self, layout: bool = False) -> Redraw:
        """Copy a link to this board: the same mines and start cell, nothing given away."""
        session = self.session
        request = session.exact_board() if layout else None
        query = (request or session.challenge()).to_query()
        location = address()
        url = f"{location['origin']}{location['pathname']}?{query}"
        if location["search"].startswith("?position="):  # the analysis board: its address
            url = location["href"]
        self.link = url
        if not has_clipboard():
            say(f"Copy this link: {url}")
            return Redraw()
        what = "this exact board" if layout else "this board (the same mines, nothing shown)"
        say(f"Copied a link to {what}.")
        return Redraw(then=(Copy(url),))

    def download(self) -> Redraw | None:
        """Save the game as a replay file, in the format chosen beside the button."""
        session = self.session
        settings = session.start.settings
        name = f"minesweeper-{settings.width}x{settings.height}-{session.start.seed}"
        if str(reported("replay-format")) == "rawvf":
            from game.community.watch import rawvf_text

            try:
                text = rawvf_text(session, self.opened)
            except ValueError as error:
                say(f"Not saved: {error}.")
                return None
            say(f"Replay saved as {name}.rawvf (RAWVF, for the community's players).")
            return Redraw(then=(Download(f"{name}.rawvf", text, "text/plain"),))
        say(f"Replay saved as {name}.json.")
        return Redraw(then=(Download(f"{name}.json", saved.to_json(session.pause(now()))),))

    async def on_open(self, event: JsEvent) -> Ask:
        """Open a replay file to watch; the game in play is kept to resume, a bad file refused.

        The game's own JSON or any of the community's formats, told apart by content.
        """
        from game.community.watch import open_replay

        unchanged = "Your game is unchanged."
        chosen = await chosen_bytes(
            event, MAX_FILE_BYTES, "{size:,} bytes is more than any replay holds"
        )
        if not isinstance(chosen, tuple):
            if chosen:
                say(f"{chosen} {unchanged}")
            return None
        name, data = chosen
        try:
            read = open_replay(data, name)
        except ValueError as error:  # a ReplayError names the file
            say(f"Could not open {error}. {unchanged}")
            return None
        watched = read.session
        current = self.session

        def opened(suspended: bool) -> Replace | None:
            if current.is_unfinished() and not suspended and self.store.available:
                say(f"Not opened: there is no room to set your unfinished game aside. {unchanged}")
                return None
            # Someone's replay is watched, not scored: its end never enters the records.
            self.opened = read.replay
            moves = plural(len(watched.history), "move")
            resume = f" {KEPT_TO_RESUME}" if suspended else ""
            words = f"Opened {name}: press Replay or drag the slider to watch its {moves}.{resume}"
            return Replace(watched, words)

        return self.suspend(current, opened)


def kept(session: Session) -> tuple[object, ...]:
    """Return what a save of *session* holds, but its history and its clock.

    The history is compared by identity (cheap on long games), and the clock
    is saved as the page goes away.
    """
    return (
        session.request,
        session.aids,
        session.odds_on,
        session.counted,
        session.watched,
        session.explosions,
    )


def view_files(resume_offered: bool, link: str) -> tuple[Node, ...]:
    """Return Resume, while a game set aside waits, and the link last copied."""
    return (
        h("button", "#resume", props={"hidden": not resume_offered}),
        h("button", "#copy-link", attrs={"data-url": link or None}),
    )
