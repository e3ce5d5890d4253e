"""The statistics on the command line: `python -m game.stats 3bv FILE|-`.

`3bv FILE|-` prints the 3BV of a layout text. A file that cannot be read gives
one `error:` line naming it, and exit status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.board import Board
from game.stats import three_bv
from game.text import Layout, TextFormatError


def main(argv: Sequence[str] | None = None) -> int:
    """Print the 3BV of a layout text file (or `-` for standard input)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "3bv":
        print("usage: python -m game.stats 3bv FILE|-", file=sys.stderr)
        return 2
    try:
        layout = Layout.from_file(args[1])
    except TextFormatError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(three_bv(Board.from_mines(layout.width, layout.height, layout.mines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
