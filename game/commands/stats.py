"""The statistics on the command line: `python -m game.stats 3bv|replay|rawvf FILE`.

`3bv FILE|-` prints the 3BV of a layout text; `replay FILE` prints the
community's statistics of a replay in any format the game reads, as one JSON
object; `rawvf FILE` writes that replay as RAWVF text. A file that cannot be
read gives one `error:` line naming it, and exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from game.community.rawvf import write
from game.community.read import read_replay
from game.community.recording import ReplayError
from game.community.replay_stats import figures
from game.rules.board import Board
from game.rules.figures import three_bv
from game.rules.layout import Layout, TextFormatError

USAGE = "usage: python -m game.stats 3bv FILE|-  |  replay FILE  |  rawvf FILE"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command *argv* names; return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] not in ("3bv", "replay", "rawvf"):
        print(USAGE, file=sys.stderr)
        return 2
    command, path = args
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
        print(json.dumps(figures(replay), ensure_ascii=False))
    else:
        sys.stdout.write(write(replay.recording, replay.played.time_ms))
    return 0


def _bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(64 * 1024 * 1024)
    except OSError as error:
        raise ReplayError(f"cannot read {path}: {error.strerror}") from None
