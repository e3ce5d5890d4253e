"""The terminal game's command-line options: `python -m game --help`.

Made when the game starts, once its language is chosen (game/terminal/speech.py), so
that the help is in that language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn

from game import PACKAGE, version
from game.language import _
from game.rules.settings import PRESETS, FirstClick, Mode

FULL_SCREEN_HELP = """\
In a terminal the game is full-screen: arrows or hjkl move the cursor,
Space or Enter opens a cell (or chords on a number), F flags, U undoes,
H (or ?) shows the solver's hint, N starts a new game, Q quits.
Quitting saves the game in $XDG_STATE_HOME/pyminesweeper (by default
~/.local/state/pyminesweeper); a start without options resumes it. Options
for another game set an unfinished one aside, and R brings it back."""


class UsageError(Exception):
    """Bad command-line options; printed as an `error:` line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """Options' parser whose errors are `UsageError`s."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def command_name() -> str:
    """Return how the player started the game: the installed command, or `python -m game`."""
    name = Path(sys.argv[0]).name
    return name if name == PACKAGE else "python -m game"


def parser() -> argparse.ArgumentParser:
    """Return the parser of the terminal game's options, in the language in use."""
    options = _Parser(
        prog=command_name(),
        description=_("Minesweeper in the terminal."),
        epilog=FULL_SCREEN_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    options.add_argument("--preset", choices=list(PRESETS), help=_("board size (default beginner)"))
    options.add_argument("--width", type=int, metavar="W", help=_("number of columns"))
    options.add_argument("--height", type=int, metavar="H", help=_("number of rows"))
    options.add_argument("--mines", type=int, metavar="M", help=_("number of mines"))
    options.add_argument("--seed", type=int, metavar="S", help=_("makes the game reproducible"))
    options.add_argument(
        "--layout", metavar="FILE", help=_("play the mines of a layout file (layout text or MBF)")
    )
    options.add_argument(
        "--first-click",
        choices=[f.value for f in FirstClick],
        help=_("what the first reveal spares (default opening)"),
    )
    options.add_argument("--mode", choices=[m.value for m in Mode], help=_("default classic"))
    options.add_argument("--plain", action="store_true", help=_("machine-readable output"))
    options.add_argument("--replay", metavar="FILE", help=_("play a replay file of any format"))
    options.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    options.add_argument(
        "--lang",
        metavar="TAG",
        help=_("the game's language, as en, de or zh-Hans (default: the environment's)"),
    )
    options.add_argument(
        "--puzzle",
        type=int,
        choices=range(1, 6),
        metavar="N",
        help=_("solve puzzles of level N (1-5) from real games; --seed picks the first"),
    )
    options.add_argument(
        "--line",
        action="store_true",
        help=_("one command per line, even in a terminal (the default there is full-screen)"),
    )
    return options
