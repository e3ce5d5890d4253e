"""A replay watched full-screen with curses: the keys read, the frames drawn, nothing kept.

What a key does and what the screen shows are `replay_view.Watching`'s; this
module only waits for a key or for the next mouse event to show, and copies
frames to the terminal (`tui.paint`).
"""

from __future__ import annotations

import contextlib
import curses
import locale
import os
import signal
import time
from collections.abc import Mapping
from types import FrameType
from typing import Final

from game.terminal.palette import attributes
from game.terminal.replay_view import KEYS, Do, Watching
from game.terminal.screen import Style, Viewport
from game.terminal.tui import TICK_MS, paint

CURSES_KEYS: Final[Mapping[int, Do]] = {
    curses.KEY_LEFT: Do.PREVIOUS_MOVE,
    curses.KEY_RIGHT: Do.NEXT_MOVE,
    curses.KEY_HOME: Do.START,
    curses.KEY_END: Do.END,
}
FASTEST_MS: Final = 15
"""The shortest wait between two frames: about 60 a second, as a screen refreshes."""


def _stop(signum: int, frame: FrameType | None) -> None:
    """End the replay: the terminal went away or it was told to (SIGHUP, SIGTERM)."""
    raise SystemExit(0)


def _now() -> float:
    """Return the clock: milliseconds that only move forward."""
    return time.monotonic() * 1000


def watch(watching: Watching) -> None:
    """Play *watching* full-screen until Q (or the terminal goes away)."""
    locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")
    for signum in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(signum, _stop)
    window = curses.initscr()
    unicode = locale.getpreferredencoding(False).lower().replace("-", "") == "utf8"
    try:
        curses.noecho()
        curses.cbreak()
        window.keypad(True)
        with contextlib.suppress(curses.error):  # a terminal that cannot hide it still plays
            curses.curs_set(0)
        _loop(window, watching, attributes(), unicode)
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        with contextlib.suppress(curses.error):  # a terminal that hung up cannot be reset
            curses.nocbreak()
            curses.echo()
            curses.endwin()


def _loop(
    window: curses.window, watching: Watching, attrs: Mapping[Style, int], unicode: bool
) -> None:
    """Draw a frame, wait for a key or the next event to show, carry the key out; until Q."""
    viewport = Viewport()
    while True:
        now = _now()
        lines, columns = window.getmaxyx()
        frame = watching.frame((columns, lines), now, viewport, unicode=unicode)
        viewport = frame.viewport
        paint(window, frame, attrs)
        wait = watching.playback.wait_ms(now)
        window.timeout(int(min(TICK_MS, max(FASTEST_MS, wait if wait is not None else TICK_MS))))
        try:
            key = window.get_wch()
        except curses.error:  # no key: the next frame
            continue
        if key == curses.KEY_RESIZE:
            window.clear()
            continue
        do = KEYS.get(key) if isinstance(key, str) else CURSES_KEYS.get(key)
        if do is Do.QUIT:
            return
        if do is not None:
            watching = watching.pressed(do, _now())
