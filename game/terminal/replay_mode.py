"""`python -m game --replay FILE`: a replay of any format, played in the terminal.

With `--plain` it prints the position text and the status line at the start
and after each move, as the line mode does, with no waiting; without a terminal
it prints the same after the replay's details. In a terminal it is full-screen:
the board move by move at the recording's pace, the player's pointer as the
cursor, the details at the start, then the figures as they stand
(`game.community.live`); the keys pause, change the speed (0.25x to 4x, or the
pauses skipped) and step by move or by mouse event. What a key does and what the
screen shows are pure (`replay_view.Watching`), tested without a terminal;
`replay_tui` reads the keys and draws.
"""

from __future__ import annotations

import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

from game.community.details import details
from game.community.read import Replay, read_replay
from game.community.recording import MAX_FILE_BYTES, ReplayError
from game.rules.seen import format_position
from game.rules.state import Game
from game.words.replays import details_text


def plain_text(replay: Replay, status: Callable[[Game], str]) -> Iterator[str]:
    """Yield what `--plain` prints, as the line mode does.

    The position text, the *status* line and an empty line, at the start and after
    each move.
    """
    for game in replay.played.history.states():
        yield format_position(game.board) + status(game) + "\n\n"


def read(path: str) -> Replay:
    """Read the replay file at *path*, in any format.

    :raises ReplayError: naming the file and what is wrong, or why it cannot be read.
    """
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ReplayError(f"cannot read {path}: {error.strerror}") from None
    return read_replay(data, path)


def play(
    path: str, out: TextIO, *, plain: bool, full_screen: bool, status: Callable[[Game], str]
) -> None:
    """Play the replay file at *path*: full-screen, or printed to *out*.

    Printed, it is `plain_text`, after the replay's details unless *plain* (for scripts).

    :raises ReplayError: naming the file and what is wrong.
    """
    replay = read(path)
    if full_screen and not plain:
        from game.terminal.replay_tui import watch
        from game.terminal.replay_view import Watching

        watch(Watching.of(replay))
        return
    if not plain:
        out.write(details_text(details(replay)) + "\n\n")
    for text in plain_text(replay, status):
        out.write(text)
    out.flush()


def main(path: str, *, plain: bool, screen: bool, status: Callable[[Game], str]) -> int:
    """Play the replay file at *path* (`python -m game --replay`); return the exit status.

    *screen*: full-screen, unless *plain*; *status* is the line mode's status line. A
    file that cannot be read gets one `error:` line and status 2; a reader of the output
    that goes away (`| head`) ends it quietly, as the line mode.
    """
    out = sys.stdout
    if isinstance(out, io.TextIOWrapper):
        out.reconfigure(errors="replace")  # a name the terminal cannot show is written as ?
    try:
        play(path, out, plain=plain, full_screen=screen, status=status)
    except ReplayError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # Python would flush stdout again at exit: point it at devnull
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        return 128 + signal.SIGPIPE
    return 0
