"""The terminal game: `python -m game`, for people, or for scripts with `--plain`.

In a terminal (standard input and output both), the game is full-screen
(`game.terminal`): a cursor, colours, a timer, undo, hints and saved games.
Otherwise, or with `--line` or `--plain`, it reads one command per line
(`r X Y`, `f X Y`, `c X Y`, `q`): the plain mode prints the position text and
a status line after every command; the line mode draws a numbered, coloured
board and explains itself.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final, TextIO

from game.community.mbf import read_layout_file
from game.deal.seed import fresh_seed
from game.rules.board import Hidden, Position, Revealed
from game.rules.echo import shorten
from game.rules.events import MOVES_BY_CODE, CellOpened, GameStarted, Move
from game.rules.layout import Layout, TextFormatError
from game.rules.press import Refusal, Refused, press
from game.rules.seen import board_rows, format_position
from game.rules.settings import (
    FirstClick,
    Mode,
    Settings,
    SettingsError,
    parse_first_click,
    parse_mode,
    preset,
)
from game.rules.state import Game, IllegalMoveError, Status
from game.session import Session
from game.session.query import GameRequest
from game.terminal.options import UsageError, parser
from game.terminal.screen import HIDDEN_ASCII, HIDDEN_GLYPH
from game.terminal.speech import speak_language
from game.words import fair_said

HELP = """\
Commands (x counts columns from the left, y rows from the top, both from 0):
  r X Y   reveal a cell (on a number whose flags are all placed: chord)
  f X Y   put or remove a flag
  c X Y   chord: open the neighbours of a number whose flags are all placed
  n       new game, same settings  h       this help        q   quit"""

_COLOURS = {"1": "34", "2": "32", "3": "31", "4": "35", "5": "33", "6": "36", "7": "30;1",
            "8": "37;1", "F": "31;1", "X": "41;37", "*": "1", "!": "41;37;1"}  # fmt: skip
_GLYPHS = {"H": HIDDEN_GLYPH, "0": " "}
_ASCII_GLYPHS = {"H": HIDDEN_ASCII, "0": " "}
_WHOLE_NUMBER: Final = re.compile(r"-?[0-9]+")
"""A number as typed: ASCII digits only (`int()` would also take `1_0`, `+3` or `３`)."""
_COORDINATE: Final = re.compile(r"-?[0-9]{1,9}")
"""A number short enough to name a cell; longer ones are off any board."""
PIPE_CLOSED: Final = 141
"""Exit status when the reader of the output has gone: 128 + SIGPIPE, as a Unix tool
killed by the signal reports it, so `set -o pipefail` still sees the output was cut."""


def start_from_options(args: argparse.Namespace) -> GameStarted:
    """Turn parsed options into the event that starts the game.

    :raises UsageError: for contradictory options, bad values or an unreadable layout.
    """
    seed = args.seed if args.seed is not None else fresh_seed()
    first = parse_first_click(args.first_click or FirstClick.OPENING.value)
    if args.layout is not None:
        if args.preset or args.width or args.height or args.mines is not None:
            raise UsageError(
                "--layout sets the board: leave out --preset, --width, --height and --mines"
            )
        try:
            layout = read_layout_file(args.layout)
        except TextFormatError as error:
            raise UsageError(str(error)) from None
        return GameStarted(layout.settings(), seed, layout.mines)
    base = preset(args.preset or "beginner")
    try:
        settings = Settings(
            args.width if args.width is not None else base.width,
            args.height if args.height is not None else base.height,
            args.mines if args.mines is not None else base.mines,
            first,
            parse_mode(args.mode or Mode.CLASSIC.value),
        )
    except SettingsError as error:
        raise UsageError(str(error)) from None
    return GameStarted(settings, seed)


def parse_command(line: str, *, plain: bool = False) -> Move | str:
    """Turn a command line into a move, or into `q`, `n` or `h` for the other commands.

    *plain* names only the commands `--plain` takes in the message for an unknown one.

    :raises ValueError: with a message for the player if the line is not a command.
    """
    words = line.split()
    name = words[0].lower()
    if name in ("q", "quit", "n", "new", "h", "help", "?"):
        if len(words) > 1:
            raise ValueError(f"{words[0]} takes no arguments")
        return name[0] if name != "?" else "h"
    long_names = ("reveal", "flag", "chord")
    kind = MOVES_BY_CODE.get(name[0]) if len(name) == 1 or name in long_names else None
    if kind is None:
        known = "r, f, c or q" if plain else "r, f, c, n or q (h for help)"
        raise ValueError(f"unknown command {shorten(words[0])!r}: use {known}")
    if len(words) != 3:
        raise ValueError(f"{words[0]} needs two numbers, x and y, e.g. '{name} 3 4'")
    x, y = words[1], words[2]
    if not (_WHOLE_NUMBER.fullmatch(x) and _WHOLE_NUMBER.fullmatch(y)):
        raise ValueError(f"x and y must be whole numbers, got {shorten(x)!r} and {shorten(y)!r}")
    if not (_COORDINATE.fullmatch(x) and _COORDINATE.fullmatch(y)):
        raise ValueError(f"({shorten(x)}, {shorten(y)}) is off the board")
    pos: Position = (int(x), int(y))
    return kind(pos)


def as_pressed(game: Game, move: Move) -> Move:
    """Return *move* as the page takes a press: `r` on a revealed cell chords.

    :raises IllegalMoveError: for a reveal on a revealed cell that cannot chord, saying why.
    """
    if type(move) is not CellOpened or type(game.board.cells.get(move.pos)) is not Revealed:
        return move  # the rules say why a move they refuse is refused
    pressed = press(game.board, move.pos)
    if not isinstance(pressed, Refused):
        return pressed
    if pressed.reason is Refusal.OVER:
        return move
    x, y = move.pos
    if pressed.reason is Refusal.FLAGS_DIFFER:
        why = (
            f": it shows {pressed.shows} but has {pressed.flags} flagged neighbours,"
            " so it cannot chord"
        )
    else:
        why = ": it has no hidden neighbours left to open" if pressed.shows else ""
    raise IllegalMoveError(f"({x}, {y}) is already revealed{why}")


def status_line(game: Game) -> str:
    """Return the plain status line: `status: S mines-left: N`."""
    return f"status: {game.status.value} mines-left: {game.mines_left}"


@dataclass
class Terminal:
    """The line mode: the session of the game played, and where to print."""

    session: Session
    out: TextIO
    plain: bool
    colour: bool = False
    unicode: bool = True

    @property
    def game(self) -> Game:
        """The game as it stands after the last move."""
        return self.session.live

    def show(self) -> None:
        """Print the game for the chosen audience."""
        if self.plain:
            self.out.write(format_position(self.game.board) + status_line(self.game) + "\n\n")
        else:
            board = draw_board(self.game, colour=self.colour, unicode=self.unicode)
            self.out.write(board + "\n")
        self.out.flush()

    def error(self, message: str) -> None:
        """Print one `error:` line; the game is unchanged."""
        self.out.write(f"error: {message}\n")
        self.out.flush()

    def run(self, lines: Iterable[str]) -> None:
        """Play commands from *lines* until they end or one says quit."""
        self.show()
        for raw in lines:
            line = raw.strip()
            if not line:
                continue
            try:
                command = parse_command(line, plain=self.plain)
            except ValueError as error:
                self.error(str(error))
                continue
            if command == "q":
                return
            if isinstance(command, str):
                self.other_command(command)
                continue
            try:
                # --plain keeps each command to its one meaning (INTERFACES): r only reveals.
                move = command if self.plain else as_pressed(self.game, command)
                made = self.session.make(move, time.monotonic() * 1000)
            except IllegalMoveError as error:
                self.error(str(error))
                continue
            self.session = made.session
            self.show()
            said = "" if self.plain else fair_said(made, budget=None)[0]  # --plain: the game only
            self.out.write(said and said + "\n")

    def other_command(self, command: str) -> None:
        """Carry out `h` (help) or `n` (new game), which only people use."""
        if self.plain:
            self.error(f"{command} is not available with --plain")
        elif command == "h":
            self.out.write(HELP + "\n")
        else:
            old = self.game.start
            seed = fresh_seed()
            start = GameStarted(old.settings, seed, old.layout)
            self.session = Session.from_start(self.session.request, start)
            self.show()


def draw_board(game: Game, *, colour: bool = False, unicode: bool = True) -> str:
    """Draw *game* for people: column numbers on top, row numbers on the left, a status line.

    Column numbers of two digits are written in two header lines so that
    every cell stays two characters wide however large the board.
    """
    board = game.board
    margin = len(str(board.height - 1)) + 1
    lines = []
    if board.width > 10:
        tens = "".join(f"{x // 10 if x >= 10 else ' '} " for x in range(board.width))
        lines.append(" " * margin + tens.rstrip())
    lines.append(" " * margin + " ".join(str(x % 10) for x in range(board.width)))
    for y, row in enumerate(board_rows(board)):
        cells = " ".join(_paint(char, colour, unicode) for char in row)
        lines.append(f"{y:>{margin - 1}} {cells}")
    lines.append("")
    lines.append(_summary(game))
    return "\n".join(lines)


def _paint(char: str, colour: bool, unicode: bool) -> str:
    glyph = (_GLYPHS if unicode else _ASCII_GLYPHS).get(char, char)
    code = _COLOURS.get(char)
    return f"\x1b[{code}m{glyph}\x1b[0m" if colour and code else glyph


def _summary(game: Game) -> str:
    settings = game.settings
    source = "layout" if game.start.layout is not None else f"seed {game.start.seed}"
    facts = f"{settings.width}x{settings.height}, {settings.mines} mines, {source}"
    state = game.status
    if state is Status.WON:
        return f"You won! Every safe cell is open. ({facts}) n: new game, q: quit"
    if state is Status.LOST:
        return f"Boom! You hit a mine (!). ({facts}) n: new game, q: quit"
    hidden = sum(1 for c in game.board.cells.values() if type(c) is Hidden)
    flags = game.board.flags
    return (
        f"Mines left: {game.mines_left}   Hidden cells: {hidden}   Flags: {flags}"
        f"   ({facts})   h: help"
    )


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    """Run the terminal game; return the exit status (2 for bad options)."""
    note = speak_language(sys.argv[1:] if argv is None else argv)
    if note:
        print(note, file=sys.stderr)
    try:
        args = parser().parse_args(argv)
        start = start_from_options(args)
    except (UsageError, SettingsError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.puzzle is not None:
        return _puzzles(args, stdin)
    if args.replay is not None:
        return _replay(args, stdin)
    if stdin is None and not (args.plain or args.line) and full_screen_possible():
        return _full_screen(args, start)
    source = stdin if stdin is not None else _lenient(sys.stdin)
    _lenient(sys.stdout)
    colour = not args.plain and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    encoding = (sys.stdout.encoding or "ascii").lower().replace("-", "")
    session = Session.from_start(request_of(start), start)
    terminal = Terminal(session, sys.stdout, args.plain, colour, encoding == "utf8")
    try:
        if not args.plain:
            print(HELP + "\n")
        terminal.run(_prompted(source) if not args.plain and source.isatty() else source)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone (`... | head -1`): stop quietly. Python would flush
        # stdout again at exit and print a second error, so point it at devnull.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return PIPE_CLOSED
    return 0


def request_of(start: GameStarted) -> GameRequest:
    """Return what the options asked for: the settings, and the layout if they named one."""
    settings = start.settings
    layout = None if start.layout is None else Layout(settings.width, settings.height, start.layout)
    return GameRequest(settings, layout=layout)


def _puzzles(args: argparse.Namespace, stdin: TextIO | None) -> int:
    """Play puzzles one command per line (`game.terminal.puzzle_mode`)."""
    from game.terminal.puzzle_mode import run

    source = stdin if stdin is not None else _lenient(sys.stdin)
    out = _lenient(sys.stdout)
    colour = out.isatty() and "NO_COLOR" not in os.environ
    unicode = (out.encoding or "ascii").lower().replace("-", "") == "utf8"
    lines = _prompted(source) if source.isatty() else source
    run(args.puzzle, args.seed, lines, out, partial(draw_board, colour=colour, unicode=unicode))
    return 0


def _replay(args: argparse.Namespace, stdin: TextIO | None) -> int:
    """Play the replay file of `--replay` (`game.terminal.replay_mode`)."""
    from game.terminal.replay_mode import main

    screen = stdin is None and not (args.plain or args.line) and full_screen_possible()
    return main(args.replay, plain=args.plain, screen=screen, status=status_line)


def full_screen_possible() -> bool:
    """Tell whether the full-screen game can run: a terminal on both ends, and curses."""
    if os.environ.get("TERM", "dumb") == "dumb" or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import curses  # absent on Windows' CPython
    except ImportError:
        return False
    try:
        curses.setupterm()  # the terminal must be one curses knows
    except curses.error:
        return False
    return True


def _full_screen(args: argparse.Namespace, start: GameStarted) -> int:
    """Play full-screen; print where the game is saved once the terminal is back."""
    from game.terminal.keep import Keeper, state_folder
    from game.terminal.tui import run_game

    chosen = any(
        value is not None
        for value in (args.preset, args.width, args.height, args.mines, args.seed, args.layout)
    )
    chosen = chosen or args.first_click is not None or args.mode is not None
    said = run_game(request_of(start), args.seed, chosen=chosen, keeper=Keeper(state_folder()))
    with contextlib.suppress(OSError):  # the terminal may have gone (SIGHUP)
        print(said)
    return 0


def _lenient(stream: TextIO) -> TextIO:
    """Make *stream* replace what its encoding cannot handle instead of raising.

    Bytes that are not valid in the locale's encoding arrive as U+FFFD, so a bad
    line gets an `error:` line (not a traceback), and characters the terminal
    cannot show are written as `?`.
    """
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")
    return stream


def _prompted(source: TextIO) -> Iterable[str]:
    """Yield lines read with a prompt, for an interactive terminal."""
    while True:
        try:
            yield input("> ")
        except EOFError:
            print()
            return
