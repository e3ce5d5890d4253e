"""What a replay file holds, before the rules read it: the board and the mouse's events.

The community's recording programs store the pointer's position in pixels
and each button's press and release; `game.community.clicks` turns those into
the game's moves by the community's click rules. Every reader of a binary or
text format returns a `Recording`; a file it cannot read raises a
`ReplayError` naming the file and what is wrong.
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, NamedTuple

from game.rules.board import Position
from game.rules.settings import Mode

MAX_FILE_BYTES: Final = 8 * 1024 * 1024
"""The largest replay file read: twenty times the largest real one we know (a 60x36
board played for 20 minutes, 341 KB of EVF), so a huge file is refused before it is parsed."""
MAX_MOUSE_EVENTS: Final = 1_000_000
"""More mouse events than any recording holds (that 20-minute game has 56,659)."""

BUTTONS: Final = frozenset({"lc", "lr", "rc", "rr", "mc", "mr", "sc", "cc", "l", "r", "m", "pf"})
"""Mouse events that press or release a button (`sc`: a left press with Shift, a chord;
`cc`: a second button pressed, which one unknown; `l`, `r`, `m`: a press or a release;
`pf`: a flag placed before the game, by a program that keeps no clicks for it)."""
KINDS: Final = BUTTONS | {"mv"}
"""Every mouse event a recording may hold (`mv`: the pointer moved)."""


def plain_events(kind: str, held: set[str]) -> list[str]:
    """Return the presses and releases that the mouse event *kind* stands for.

    They are `lc`, `lr`, `rc`, `rr`, `mc`, `mr` and `sc`, given the buttons
    *held* (`l`, `r`, `m`), which it updates. A toggle (`l`, `r`, `m`) presses
    a button that is up and releases one that is down; `cc` presses the
    buttons of a chord not yet held; `pf` is none.

    >>> held = {"l"}
    >>> plain_events("cc", held), plain_events("l", held), sorted(held)
    (['rc'], ['lr'], ['r'])
    """
    if kind == "pf":
        return []
    if kind in ("l", "r", "m"):
        kind += "r" if kind in held else "c"
    kinds = [b + "c" for b in "lr" if b not in held] if kind == "cc" else [kind]
    for each in kinds:
        if each[1] == "c" or each == "sc":
            held.add("l" if each == "sc" else each[0])
        elif each[1] == "r":
            held.discard(each[0])
    return kinds


class ReplayError(ValueError):
    """A replay file that cannot be read; the message names the file and the problem."""


class Mouse(NamedTuple):
    """One mouse event of a recording (a named tuple: a long recording holds 50,000)."""

    ms: int
    """When, in milliseconds on the recording's clock (0 near the first click)."""
    kind: str
    """What happened: one of `KINDS`."""
    x: int
    """The pointer's distance from the board's left edge, in pixels (may lie off the board)."""
    y: int
    """The pointer's distance from the board's top edge, in pixels."""


class Skip(enum.Enum):
    """Why a mouse event of a file is left out of its replay."""

    BACK_IN_TIME = "back in time"
    """Timed before an event it follows: a replay plays forward, so it cannot take place."""
    OFF_THE_BOARD = "off the board"
    """A click named by a cell beyond the board and the margin around it (RAWVF)."""


class Skipped(NamedTuple):
    """A mouse event of a file that its replay leaves out, and why."""

    number: int
    """Its place among the file's mouse events, from 1."""
    mouse: Mouse
    """The event as the file has it."""
    why: Skip
    """Why it is left out."""
    after_ms: int = 0
    """For an event back in time: the time of the latest event before it."""


@dataclass(frozen=True, slots=True)
class Recording:
    """A replay file's content: who played what board, and every mouse event."""

    program: str
    """The program that recorded it, as the file names it."""
    player: str
    """The player's name, decoded as the program wrote it."""
    width: int
    """Columns of the board."""
    height: int
    """Rows of the board."""
    mines: frozenset[Position]
    """Where the mines are, as (column, row) from 0."""
    events: tuple[Mouse, ...]
    """The mouse events, in time order (those the file has out of it are in `skipped`)."""
    cell: int = 16
    """Pixels per cell: what maps a pointer position to a cell."""
    marks: bool = False
    """Whether a right click on a flag left a question mark (which hides nothing)."""
    mode: Mode = Mode.CLASSIC
    """How the mines were decided. In kind and cruel, *mines* are the last arrangement,
    which fits every number shown, so the clicks played on it give the same game."""
    skipped: tuple[Skipped, ...] = ()
    """The file's mouse events left out of the replay, in the file's order."""
    version: str = ""
    """The program's version, where the file writes it apart from *program* (RMV, RAWVF)."""
    date: str = ""
    """When the game was played, `YYYY-MM-DD HH:MM:SS`, as the file writes it (UTC in EVF
    and RMV, the player's clock in AVF, MVF and RAWVF); "" when it writes none."""
    file_mode: int | None = None
    """The game mode the file names, numbered as EVF numbers them (0 standard, 1 UPK,
    2 cheat, 3 density...: `game.community.details.FILE_MODES`); None when it names none."""

    def cell_at(self, x: int, y: int) -> Position | None:
        """Return the cell under the pointer at (*x*, *y*) pixels, or None off the board."""
        column, row = x // self.cell, y // self.cell
        if x >= 0 and y >= 0 and column < self.width and row < self.height:
            return (column, row)
        return None


def check_board(name: str, width: int, height: int, mines: frozenset[Position], count: int) -> None:
    """Refuse a board whose header does not match its mines.

    :raises ReplayError: if the size is out of range, a mine is off the board or twice
        on the same cell, or no cell is safe.
    """
    if not (1 <= width <= 100 and 1 <= height <= 100):
        raise ReplayError(f"{name}: the header says the board is {width}x{height}: 1 to 100 a side")
    if len(mines) != count:
        raise ReplayError(
            f"{name}: the header says {count} mines but the board lists {len(mines)} distinct ones"
        )
    off = [p for p in mines if not (0 <= p[0] < width and 0 <= p[1] < height)]
    if off:
        x, y = off[0]
        raise ReplayError(
            f"{name}: a mine at column {x + 1}, row {y + 1} is off the {width}x{height} board"
        )
    if count >= width * height:
        raise ReplayError(f"{name}: {count} mines leave no safe cell on a {width}x{height} board")


def check_events(
    name: str, events: list[Mouse], off_board: Collection[int] = ()
) -> tuple[tuple[Mouse, ...], tuple[Skipped, ...]]:
    """Return the *events* a replay plays, in time order, and those it leaves out.

    An event timed before one it follows is left out, and so is each event
    whose index is in *off_board* (a click beyond the board): the replay
    plays what it can, and says what it skipped. (A file whose clock jumps
    forward once leaves out what follows the jump.)

    :raises ReplayError: naming the file (*name*) if there are too many.
    """
    if len(events) > MAX_MOUSE_EVENTS:
        raise ReplayError(f"{name}: more than {MAX_MOUSE_EVENTS:,} mouse events")
    kept: list[Mouse] = []
    skipped: list[Skipped] = []
    latest = 0
    for number, mouse in enumerate(events, 1):
        if number - 1 in off_board:
            skipped.append(Skipped(number, mouse, Skip.OFF_THE_BOARD))
        elif kept and mouse.ms < latest:
            skipped.append(Skipped(number, mouse, Skip.BACK_IN_TIME, latest))
        else:
            kept.append(mouse)
            latest = mouse.ms
    return tuple(kept), tuple(skipped)
