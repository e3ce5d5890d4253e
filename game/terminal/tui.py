"""The full-screen terminal game, drawn with the standard library's curses.

This module only reads keys and copies frames to the terminal: what a key
does is `console`'s, what the screen shows is `screen`'s, and the saved
games are `keep`'s, all tested without a terminal; the colours are `palette`'s.
"""

from __future__ import annotations

import contextlib
import curses
import locale
import os
import signal
import time
from collections.abc import Iterator, Mapping
from types import FrameType
from typing import Final

from game.deal.seed import fresh_seed
from game.session.query import GameRequest
from game.terminal.console import KEYS, Console, Key
from game.terminal.keep import SUSPENDED, Keeper, opening_game, swap
from game.terminal.palette import attributes
from game.terminal.screen import Frame, Line, Style, Viewport, draw

TICK_MS: Final = 200
"""How long a key is waited for before the timer is drawn again."""

CURSES_KEYS: Final[Mapping[int, Key]] = {
    curses.KEY_LEFT: Key.LEFT,
    curses.KEY_RIGHT: Key.RIGHT,
    curses.KEY_UP: Key.UP,
    curses.KEY_DOWN: Key.DOWN,
    curses.KEY_ENTER: Key.OPEN,
}


class _StopError(Exception):
    """The terminal went away or the game was told to end (SIGHUP, SIGTERM)."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _StopError(signal.Signals(signum).name)


def _now() -> float:
    """Return the session's clock: milliseconds that only move forward."""
    return time.monotonic() * 1000


class FullScreen:
    """One run of the full-screen game: the console, the terminal, the saved games."""

    def __init__(self, window: curses.window, keeper: Keeper, console: Console) -> None:
        self.window = window
        self.keeper = keeper
        self.console = console
        self.viewport = Viewport()
        self.unicode = locale.getpreferredencoding(False).lower().replace("-", "") == "utf8"
        self.attributes: dict[Style, int] = {}
        self.playable = True
        """Whether the terminal was large enough to play in, at the last drawing."""

    def start(self) -> None:
        """Set the terminal up: keys as codes, colours if wanted, no blinking cursor."""
        self.window.keypad(True)
        self.window.timeout(TICK_MS)
        self.attributes = attributes()
        with contextlib.suppress(curses.error):  # a terminal that cannot hide it still plays
            curses.curs_set(0)

    def run(self) -> None:
        """Play until Q, saving the game after every change and at the end."""
        try:
            while True:
                self.show()
                for action in self.keys():
                    if action is Key.QUIT:
                        return
                    if action is not None and self.playable:
                        self.act(action)
        finally:
            self.keeper.save(self.console.session, _now())

    def keys(self) -> Iterator[Key | None]:
        """Yield the actions of the keys typed: the first within a tick, then those waiting.

        Keys typed ahead (a held arrow key) are all carried out before the
        next drawing, so the screen never lags behind the keyboard.
        """
        self.window.timeout(TICK_MS)
        while True:
            try:
                key = self.window.get_wch()
            except curses.error:  # no key (left)
                return
            self.window.timeout(0)
            if isinstance(key, str):
                yield KEYS.get(key)
                continue
            if key == curses.KEY_RESIZE:
                self.window.clear()  # redraw everything at the new size
            yield CURSES_KEYS.get(key)

    def act(self, action: Key) -> None:
        """Carry out *action*; save the game if it changed."""
        before = self.console.session
        console, now = self.console, _now()
        if isinstance(action.value, tuple):
            console = console.moved(*action.value)
        elif action is Key.OPEN:
            console = console.press(now)
        elif action is Key.FLAG:
            console = console.flag(now)
        elif action is Key.UNDO:
            console = console.undo(now)
        elif action is Key.HINT:
            console = console.said("Thinking…")
            self.console = console
            self.show()
            console = console.hint()
        elif action is Key.NEW:
            console = console.new_game(fresh_seed())
        elif action is Key.RESUME:
            console = console.resumed(swap(self.keeper, console.session, now))
        self.console = console
        if console.session is not before:
            self.keeper.save(console.session, now)
        notices = self.keeper.take_notices()
        if notices:
            self.console = self.console.said(f"{self.console.message} {notices}".strip())

    def frame(self) -> Frame:
        """Return the frame for the terminal's current size."""
        lines, columns = self.window.getmaxyx()
        return draw(
            self.console,
            (columns, lines),
            _now(),
            self.viewport,
            unicode=self.unicode,
            can_resume=self.keeper.has(SUSPENDED),
        )

    def show(self) -> None:
        """Draw the frame; curses sends the terminal only what changed."""
        frame = self.frame()
        self.viewport, self.playable = frame.viewport, frame.playable
        paint(self.window, frame, self.attributes)


def paint(window: curses.window, frame: Frame, attributes: Mapping[Style, int]) -> None:
    """Copy *frame* to *window*; curses sends the terminal only what changed."""
    lines, columns = window.getmaxyx()
    window.erase()
    for y, line in enumerate(frame.lines[:lines]):
        x = 0
        for text, attribute in runs(line, attributes):
            text = text[: max(0, columns - x)]
            # The bottom-right cell is written, but curses reports that the cursor cannot move.
            with contextlib.suppress(curses.error):
                window.addstr(y, x, text, attribute)
            x += len(text)
    window.noutrefresh()
    curses.doupdate()


def runs(line: Line, attributes: Mapping[Style, int]) -> Iterator[tuple[str, int]]:
    """Yield the text of *line* in runs of one attribute: fewer calls into curses."""
    text, attribute = "", 0
    for span in line:
        this = attributes.get(span.style, 0) | (curses.A_REVERSE if span.cursor else 0)
        if this != attribute and text:
            yield text, attribute
            text = ""
        text, attribute = text + span.text, this
    if text:
        yield text, attribute


def run_game(request: GameRequest, seed: int | None, *, chosen: bool, keeper: Keeper) -> str:
    """Run the full-screen game on *request* (or the saved game); return what to print after.

    *chosen*: the options chose the game; *seed*: the seed they gave, if any.
    """
    locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")
    session, notice = opening_game(
        keeper,
        request,
        fresh_seed() if seed is None else seed,
        chosen=chosen,
        seeded=seed is not None,
        now=_now(),
    )
    notices = " ".join(n for n in (keeper.take_notices(), notice) if n)
    console = Console(session, message=notices)
    for signum in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(signum, _stop)
    game = FullScreen(curses.initscr(), keeper, console)
    # Not curses.wrapper: it starts colours, which NO_COLOR asks to leave alone.
    try:
        curses.noecho()
        curses.cbreak()
        game.start()
        game.run()
    except (_StopError, KeyboardInterrupt):  # the game was saved on the way out
        pass
    finally:
        with contextlib.suppress(curses.error):  # a terminal that hung up cannot be reset
            curses.nocbreak()
            curses.echo()
            curses.endwin()
    last = game.console.session
    saved = keeper.take_notices() or f"The game is saved in {keeper.folder}."
    return saved + (" Run `python -m game` to resume it." if last.is_unfinished() else "")
