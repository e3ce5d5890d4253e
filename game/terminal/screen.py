"""The full-screen game's picture as data: lines of styled text for a terminal of a given size.

`draw` turns the console (session, cursor, marks, message), the time and the
terminal's size into a `Frame`; `tui` only copies it to the screen, so
everything a player sees is tested under CPython without a terminal.

Each cell takes two columns: a gap and its glyph, the position text's
characters (`▪` hidden, `#` without Unicode; blank for 0). The cursor's gaps become `[` and `]`,
so it shows without colour or reverse video. A board larger than the
terminal is seen through a `Viewport` that follows the cursor.
"""

from __future__ import annotations

import enum
import textwrap
from dataclasses import dataclass
from typing import Final, TypeAlias

from game.names import plural, where
from game.rules.board import Position
from game.rules.seen import cell_char
from game.rules.state import Status
from game.session.hints import Mark
from game.terminal.console import Console, help_line

HIDDEN_GLYPH: Final = "▪"
"""A hidden cell: a closed tile, never a dot that reads as empty, and one column wide in
every terminal (East Asian width neutral, unlike ■ or ░)."""
HIDDEN_ASCII: Final = "#"
"""A hidden cell where the terminal has no Unicode."""

GAP: Final = 2
"""Columns each cell takes: a gap, then the glyph."""
MIN_COLUMNS: Final = 40
"""The narrowest terminal the game draws in: the counters and a useful piece of the board."""
CHROME: Final = 7
"""Lines besides the board: counters, a line above and below it, the cursor's cell, two
lines of message (at least) and the help."""
MIN_BOARD_ROWS: Final = 3
"""Fewest board rows worth drawing."""


class Style(enum.Enum):
    """How a piece of text looks; `palette` gives each its colours or monochrome attributes."""

    TEXT = "text"
    TITLE = "title"
    HIDDEN = "hidden"
    OPEN = "open"
    N1 = "n1"
    N2 = "n2"
    N3 = "n3"
    N4 = "n4"
    N5 = "n5"
    N6 = "n6"
    N7 = "n7"
    N8 = "n8"
    FLAG = "flag"
    MINE = "mine"
    EXPLODED = "exploded"
    WRONG_FLAG = "wrong flag"
    SAFE = "hint safe"
    GUESS = "hint guess"
    CERTAIN_MINE = "hint mine"
    CONTRADICTION = "contradiction"
    WON = "won"
    LOST = "lost"
    HELP = "help"


NUMBER_STYLES: Final = (Style.OPEN, *(Style(f"n{count}") for count in range(1, 9)))
"""The style of each count, 0 to 8."""
_CHAR_STYLES: Final = {
    "H": Style.HIDDEN,
    "F": Style.FLAG,
    "*": Style.MINE,
    "!": Style.EXPLODED,
    "X": Style.WRONG_FLAG,
}
_MARKS: Final = {
    Mark.SAFE: ("+", Style.SAFE),
    Mark.GUESS: ("?", Style.GUESS),
    Mark.MINE: ("x", Style.CERTAIN_MINE),
}
_SAYS: Final = {
    "H": "hidden",
    "F": "flagged",
    "0": "open, no mine around",
    "*": "a mine",
    "!": "the mine that was hit",
    "X": "a flag where there is no mine",
}


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of a line drawn in one style."""

    text: str
    style: Style = Style.TEXT
    cursor: bool = False
    """Drawn in reverse video: the cell under the cursor."""


Line: TypeAlias = tuple[Span, ...]


@dataclass(frozen=True, slots=True)
class Viewport:
    """The board's top-left cell shown, for boards larger than the terminal."""

    top: int = 0
    left: int = 0

    def follow(self, cursor: Position, rows: int, columns: int, size: Position) -> Viewport:
        """Return the viewport moved as little as needed to show *cursor* in *rows* x *columns*.

        *size* is the board's (width, height); the view never shows past its edges.
        """
        x, y = cursor
        width, height = size
        left = min(max(self.left, x - columns + 1), x, max(0, width - columns))
        top = min(max(self.top, y - rows + 1), y, max(0, height - rows))
        return Viewport(max(0, top), max(0, left))


@dataclass(frozen=True, slots=True)
class Frame:
    """What to draw: lines from the top of the terminal, and the viewport they show."""

    lines: tuple[Line, ...]
    viewport: Viewport
    playable: bool = True
    """False when the terminal is too small: the lines say how large it must be."""

    def text(self) -> list[str]:
        """Return the lines as plain text (for tests and captured screens)."""
        return ["".join(span.text for span in line) for line in self.lines]


def needed_size(console: Console) -> tuple[Position, Position]:
    """Return the smallest terminal (columns, lines) the game draws in, and the one for it all."""
    settings = console.session.start.settings
    smallest = (MIN_COLUMNS, CHROME + min(MIN_BOARD_ROWS, settings.height))
    whole = (max(MIN_COLUMNS, GAP * settings.width + 3), CHROME + settings.height)
    return smallest, whole


def draw(
    console: Console,
    size: Position,
    now: float,
    viewport: Viewport = Viewport(),
    *,
    unicode: bool = True,
    can_resume: bool = False,
    header: Line | None = None,
    help_text: str | None = None,
) -> Frame:
    """Return the frame for *console* at *now* in a terminal of *size* (columns, lines).

    *header* and *help_text* replace the game's counters and keys (a replay shows its own).
    """
    columns, lines = size
    smallest, whole = needed_size(console)
    if columns < smallest[0] or lines < smallest[1]:
        return Frame(_too_small(size, smallest, whole), viewport, playable=False)
    settings = console.session.start.settings
    rows = min(settings.height, lines - CHROME)
    shown_columns = min(settings.width, (columns - 3) // GAP)
    size_ = (settings.width, settings.height)
    viewport = viewport.follow(console.cursor, rows, shown_columns, size_)
    board = [_board_row(console, viewport, y, shown_columns, unicode) for y in range(rows)]
    above = viewport.top
    below = settings.height - viewport.top - rows
    out: list[Line] = [header if header is not None else _header(console, now, columns)]
    out.append((Span(f" ^ {plural(above, 'more row')} above" if above else ""),))
    out.extend(board)
    out.append((Span(f" v {plural(below, 'more row')} below" if below else ""),))
    out.append(_where(console))
    message_rows = lines - len(out) - 1
    out.extend((Span(text),) for text in _wrapped(console.message, columns, message_rows))
    keys = help_text if help_text is not None else help_line(columns, can_resume)
    out.append((Span(keys, Style.HELP),))
    return Frame(tuple(out), viewport)


def _too_small(size: Position, smallest: Position, whole: Position) -> tuple[Line, ...]:
    columns, lines = size
    words = [
        f"Terminal too small: {columns}x{lines}.",
        f"Make it at least {smallest[0]}x{smallest[1]}",
        f"({whole[0]}x{whole[1]} shows the whole board).",
        "Q quits (the game is saved).",
    ]
    return tuple((Span(text[:columns], Style.LOST),) for text in words[:lines])


def _header(console: Console, now: float, columns: int) -> Line:
    session = console.session
    game = session.live
    seconds = min(999, session.elapsed(now) // 1000)
    state = game.status
    word = {Status.WON: "Won!", Status.LOST: "Lost"}.get(state, state.value.capitalize())
    style = {Status.WON: Style.WON, Status.LOST: Style.LOST}.get(state, Style.TITLE)
    left = [
        Span(f" Mines {game.mines_left:>3}   Time {seconds:>3}   ", Style.TITLE),
        Span(word, style),
        Span(" (assisted)" if session.is_assisted() else "", Style.TITLE),
    ]
    settings = game.settings
    name = settings.preset_name() or ("layout" if game.start.layout is not None else "custom")
    facts = f"{name} {settings.width}x{settings.height}, {plural(settings.mines, 'mine')} "
    used = sum(len(span.text) for span in left)
    if used + len(facts) + 2 <= columns:
        left.append(Span(" " * (columns - used - len(facts)) + facts, Style.TITLE))
    return tuple(left)


def _board_row(console: Console, viewport: Viewport, y: int, shown: int, unicode: bool) -> Line:
    """Draw one board row: a scroll marker, gap and glyph per cell, a gap, a scroll marker."""
    board = console.session.live.board
    row = viewport.top + y
    cursor_x = console.cursor[0] if console.cursor[1] == row else None
    spans = [Span("<" if viewport.left else " ")]
    for x in range(viewport.left, viewport.left + shown):
        spans.append(Span(_gap(x, cursor_x)))
        char = cell_char(board.cells[(x, row)], (x, row), board)
        glyph, style = _glyph(char, console.marks.get((x, row)), unicode)
        spans.append(Span(glyph, style, cursor=x == cursor_x))
    end = viewport.left + shown
    spans.append(Span(_gap(end, cursor_x)))
    spans.append(Span(">" if end < board.width else " "))
    return tuple(spans)


def _gap(x: int, cursor_x: int | None) -> str:
    """Return the gap left of column *x*: the cursor's brackets, or a space."""
    if x == cursor_x:
        return "["
    return "]" if cursor_x is not None and x == cursor_x + 1 else " "


def _glyph(char: str, mark: Mark | None, unicode: bool) -> tuple[str, Style]:
    """Return how a cell of position-text *char* is drawn, with the hint's *mark* if any."""
    if mark is Mark.CONTRADICTION:
        return (" " if char == "0" else char), Style.CONTRADICTION
    if mark in _MARKS and char == "H":  # a proof's cells are numbers and flags: drawn as they are
        return _MARKS[mark]
    if char.isdigit():
        return (" " if char == "0" else char), NUMBER_STYLES[int(char)]
    if char == "H":
        return (HIDDEN_GLYPH if unicode else HIDDEN_ASCII), Style.HIDDEN
    return char, _CHAR_STYLES[char]


def _where(console: Console) -> Line:
    """Name the cursor's cell and what it holds."""
    board = console.session.live.board
    x, y = console.cursor
    char = cell_char(board.cells[(x, y)], (x, y), board)
    says = _SAYS.get(char) or f"{plural(int(char), 'mine')} around"
    return (Span(f" {where(console.cursor)}: {says}"),)


def _wrapped(message: str, columns: int, rows: int) -> list[str]:
    """Wrap *message* into *rows* lines of the terminal's width, cut with … if longer.

    Each line of *message* starts a line of its own.
    """
    lines = [
        line for part in message.split("\n") for line in textwrap.wrap(part, columns - 2) or [""]
    ]
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = lines[-1][: columns - 3] + "…"
    return [" " + line for line in lines] + [""] * (rows - len(lines))
