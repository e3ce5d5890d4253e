"""What a replay file says of its game: who played it, with what, when, on which board.

`details(replay)` gathers them once for every front-end: the player, the
program and its version, the date when the file has one, the level (named by
the board, as the community names its three official boards), the mode the file
names and the board's 3BV, with the events the replay skipped. The words that
show them are `game.words.replays.replay_details`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from game.community.read import GAME_PROGRAM, Replay
from game.community.recording import Skipped
from game.rules.board import Board
from game.rules.figures import three_bv
from game.rules.settings import Mode

LEVELS: Final = {
    (8, 8, 10): "beginner",
    (9, 9, 10): "beginner",
    (16, 16, 40): "intermediate",
    (30, 16, 99): "expert",
    (16, 30, 99): "expert",
}
"""The community's official boards (Arbiter's beginner is 8x8, the others' 9x9); any
other board is `custom`."""
FILE_MODES: Final = (
    "standard",
    "upk",
    "cheat",
    "density",
    "win7",
    "no-guess-race",
    "strong-no-guess",
    "weak-no-guess",
    "fair-no-guess",
    "strong-guess",
    "weak-guess",
    "chord-recursive",
    "flag-recursive",
    "chord-flag-recursive",
)
"""The game modes a file names, by their number in EVF's specification (Metasweeper's):
0 standard, 1 UPK (a board played again), 2 cheat, 3 density, 4 Windows 7's first click,
5 to 8 no-guess boards, 9 and 10 boards where a guess may be spared, 11 to 13 recursive
chords and flags."""
PROGRAMS: Final = {"元": "Metasweeper"}
"""Programs that write their name as a mark before the version (`元3.1.9`)."""
_VERSIONED: Final = re.compile(r"(.*?)\s*(\d+(?:\.\d+)+\S*(?:\s.*)?|\d{4}\s.*)")
"""A program's name, then its version: digits with dots (`0.52.3`, `3.1.9`), or a year
and what follows (`2007 release 2`)."""


@dataclass(frozen=True, slots=True)
class Details:
    """A replay's details, as its file gives them."""

    player: str
    """The player's name, decoded as the program wrote it ("" when the file names none)."""
    program: str
    """The program that recorded it, without its version."""
    version: str
    """The program's version ("" when the file writes none)."""
    date: str
    """When it was played, `YYYY-MM-DD HH:MM:SS` ("" when the file writes none)."""
    level: str
    """`beginner`, `intermediate`, `expert` or `custom`, named by the board."""
    mode: str
    """The mode: one of `FILE_MODES`, or the game's own (`classic`, `no-guess`, `kind`,
    `cruel`) for its replays; "" when the file names none."""
    width: int
    """Columns."""
    height: int
    """Rows."""
    mines: int
    """Mines on the board."""
    bbbv: int
    """The board's 3BV (0 for a game of the game's own that never laid its mines)."""
    skipped: tuple[Skipped, ...]
    """The file's mouse events the replay left out."""


def program_and_version(program: str, version: str = "") -> tuple[str, str]:
    """Split a program's name from its version, unless *version* is given apart.

    >>> program_and_version("Minesweeper Arbiter 0.52.3")
    ('Minesweeper Arbiter', '0.52.3')
    >>> program_and_version("元3.1.9"), program_and_version("Viennasweeper", "3.0.2H")
    (('Metasweeper', '3.1.9'), ('Viennasweeper', '3.0.2H'))
    >>> program_and_version("Minesweeper Clone 2007 release 2")
    ('Minesweeper Clone', '2007 release 2')
    """
    program = program.strip()
    found = None if version else _VERSIONED.fullmatch(program)
    if found is not None and found.group(1):
        program, version = found.group(1), found.group(2)
    return PROGRAMS.get(program, program), version.strip()


def details(replay: Replay) -> Details:
    """Return what *replay*'s file says of its game."""
    recording = replay.recording
    settings = replay.played.history.start.settings
    size = (recording.width, recording.height, settings.mines)
    program, version = program_and_version(recording.program, recording.version)
    if recording.program == GAME_PROGRAM or recording.mode is not Mode.CLASSIC:
        mode = recording.mode.value
    elif recording.file_mode is not None and recording.file_mode < len(FILE_MODES):
        mode = FILE_MODES[recording.file_mode]
    else:
        mode = ""
    laid = len(recording.mines) == settings.mines
    board = Board.from_mines(recording.width, recording.height, recording.mines)
    return Details(
        recording.player,
        program,
        version,
        recording.date,
        LEVELS.get(size, "custom"),
        mode,
        *size,
        three_bv(board) if laid else 0,
        recording.skipped,
    )
