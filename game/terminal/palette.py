"""The full-screen game's colours: the classic number colours, and a monochrome fallback.

Colours where the terminal has them and `NO_COLOR` is unset; elsewhere bold,
underline and reverse video, with the glyphs themselves, tell every cell
apart (the cursor's brackets, `+` `?` `x` for a hint, `!` and `X` at a loss).
"""

from __future__ import annotations

import curses
import os
from collections.abc import Mapping
from typing import Final

from game.terminal.screen import Style

_COLOURS: Final[Mapping[Style, tuple[int, int, int]]] = {
    # style: (foreground, background, extra attributes); -1 is the terminal's own colour.
    Style.N1: (curses.COLOR_BLUE, -1, 0),
    Style.N2: (curses.COLOR_GREEN, -1, 0),
    Style.N3: (curses.COLOR_RED, -1, 0),
    Style.N4: (curses.COLOR_MAGENTA, -1, 0),
    Style.N5: (curses.COLOR_YELLOW, -1, 0),
    Style.N6: (curses.COLOR_CYAN, -1, 0),
    Style.N7: (curses.COLOR_BLACK, -1, curses.A_BOLD),
    Style.N8: (curses.COLOR_WHITE, -1, curses.A_BOLD),
    Style.FLAG: (curses.COLOR_RED, -1, curses.A_BOLD),
    Style.EXPLODED: (curses.COLOR_WHITE, curses.COLOR_RED, curses.A_BOLD),
    Style.WRONG_FLAG: (curses.COLOR_WHITE, curses.COLOR_RED, 0),
    Style.SAFE: (curses.COLOR_BLACK, curses.COLOR_GREEN, curses.A_BOLD),
    Style.GUESS: (curses.COLOR_BLACK, curses.COLOR_YELLOW, curses.A_BOLD),
    Style.CERTAIN_MINE: (curses.COLOR_WHITE, curses.COLOR_RED, curses.A_BOLD),
    Style.CONTRADICTION: (curses.COLOR_WHITE, curses.COLOR_MAGENTA, curses.A_BOLD),
    Style.WON: (curses.COLOR_GREEN, -1, curses.A_BOLD),
    Style.LOST: (curses.COLOR_RED, -1, curses.A_BOLD),
}
_MONOCHROME: Final[Mapping[Style, int]] = {
    Style.TITLE: curses.A_BOLD,
    Style.FLAG: curses.A_BOLD,
    Style.MINE: curses.A_BOLD,
    Style.EXPLODED: curses.A_BOLD | curses.A_REVERSE,
    Style.WRONG_FLAG: curses.A_BOLD | curses.A_UNDERLINE,
    Style.SAFE: curses.A_BOLD,
    Style.GUESS: curses.A_BOLD,
    Style.CERTAIN_MINE: curses.A_BOLD,
    Style.CONTRADICTION: curses.A_BOLD | curses.A_UNDERLINE,
    Style.WON: curses.A_BOLD,
    Style.LOST: curses.A_BOLD,
}


def attributes() -> dict[Style, int]:
    """Return the curses attributes of every style: colours if the terminal has them.

    Call it after `curses.initscr()`.
    """
    if "NO_COLOR" in os.environ or not curses.has_colors():
        return dict(_MONOCHROME)
    curses.start_color()
    if curses.COLORS < 8 or len(_COLOURS) >= curses.COLOR_PAIRS:
        return dict(_MONOCHROME)
    try:
        curses.use_default_colors()
        own = (-1, -1)
    except curses.error:  # the terminal's own colours cannot be named: draw on black
        own = (curses.COLOR_WHITE, curses.COLOR_BLACK)
    attributes = dict(_MONOCHROME)
    for number, (style, (fg, bg, extra)) in enumerate(_COLOURS.items(), 1):
        curses.init_pair(number, own[0] if fg < 0 else fg, own[1] if bg < 0 else bg)
        attributes[style] = curses.color_pair(number) | extra
    return attributes
