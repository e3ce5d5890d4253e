"""The statistics on the command line: `python -m game.stats 3bv|replay|rawvf FILE`.

`3bv FILE|-` prints the 3BV of a layout text; `replay FILE` prints the
community's statistics of a replay in any format the game reads, as one JSON
object; `rawvf FILE` writes that replay as RAWVF text. A file that cannot be
read gives one `error:` line naming it, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game import version
from game.community.rawvf import write
from game.community.read import read_replay
from game.community.recording import ReplayError
from game.community.replay_stats import replay_figures
from game.rules.board import Board
from game.rules.figures import three_bv
from game.rules.layout import Layout, TextFormatError


def parser() -> argparse.ArgumentParser:
    """Return the command line's parser: one subcommand per figure asked, each with its help."""
    parsed = argparse.ArgumentParser(
        prog="python -m game.stats",
        description="Minesweeper statistics: a layout's 3BV, a replay's figures, RAWVF.",
    )
    parsed.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parsed.add_subparsers(dest="command", required=True, metavar="COMMAND")
    three = commands.add_parser(
        "3bv", help="print the 3BV of a layout text (FILE, or - for standard input)"
    )
    three.add_argument("file", metavar="FILE|-")
    replay = commands.add_parser(
        "replay", help="print a replay's figures as the community counts them, as JSON"
    )
    replay.add_argument("file", metavar="FILE")
    rawvf = commands.add_parser("rawvf", help="write a replay of any format as RAWVF text")
    rawvf.add_argument("file", metavar="FILE")
    return parsed


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command *argv* names; return the exit status."""
    args = parser().parse_args(argv)
    command, path = args.command, args.file
    try:
        if command == "3bv":
            layout = Layout.from_file(path)
            print(three_bv(Board.from_mines(layout.width, layout.height, layout.mines)))
            return 0
        replay = read_replay(_bytes(path), path)
    except (TextFormatError, ReplayError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if command == "replay":
        print(json.dumps(replay_figures(replay), ensure_ascii=False))
    else:
        sys.stdout.write(write(replay.recording, replay.played.time_ms))
    return 0


def _bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(64 * 1024 * 1024)
    except OSError as error:
        raise ReplayError(f"cannot read {path}: {error.strerror}") from None
