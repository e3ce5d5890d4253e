"""Layout text (where the mines are), and the rules of the rows both text formats share.

Position text, what a player sees, is read and written with the typed view
it stands for, in `game.rules.seen`; it checks its rows with `check_rows` here.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Final

from game.rules.board import Board, Position
from game.rules.settings import MAX_SIDE, Settings

MINE: Final = "*"
NO_MINE: Final = "."


class TextFormatError(ValueError):
    """A layout or position text that does not parse; the message names the line and column."""


def text_lines(text: str) -> list[str]:
    """Split *text* into rows, accepting CRLF line ends and trailing blank lines."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def check_rows(rows: list[str], first_line: int, allowed: str, what: str) -> None:
    """Check that *rows* (starting at line *first_line*) form a rectangle of *allowed* chars."""
    if not rows:
        raise TextFormatError(f"the {what} has no rows")
    width = len(rows[0])
    if width == 0:
        raise TextFormatError(f"line {first_line}, column 1: the row is empty")
    for number, row in enumerate(rows, first_line):
        for column, char in enumerate(row, 1):
            if char not in allowed:
                raise TextFormatError(
                    f"line {number}, column {column}: unexpected {char!r} in the {what}"
                    f" (allowed: {' '.join(sorted(allowed))})"
                )
        if len(row) != width:
            raise TextFormatError(
                f"line {number}, column {min(len(row), width) + 1}: the row has {len(row)}"
                f" cells but line {first_line} has {width}"
            )
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        raise TextFormatError(
            f"the {what} is {width}x{len(rows)}: width and height must be 1 to {MAX_SIDE}"
        )


@dataclass(frozen=True, slots=True)
class Layout:
    """A board's size and the exact positions of its mines."""

    width: int
    """Number of columns."""
    height: int
    """Number of rows."""
    mines: frozenset[Position]
    """Where the mines are."""

    @classmethod
    def from_text(cls, text: str) -> Layout:
        r"""Parse a layout text: one row per line, `*` a mine, `.` no mine.

        :raises TextFormatError: naming the line and column of the first problem.

        >>> Layout.from_text("..*\n*..\n")
        Layout(width=3, height=2, mines=frozenset({(0, 1), (2, 0)}))
        """
        rows = text_lines(text)
        check_rows(rows, 1, MINE + NO_MINE, "layout")
        mines = frozenset(
            (x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == MINE
        )
        layout = cls(len(rows[0]), len(rows), mines)
        if len(mines) == layout.width * layout.height:
            raise TextFormatError("every cell of the layout is a mine: leave at least one safe")
        return layout

    @classmethod
    def from_file(cls, path: str) -> Layout:
        """Read a layout text from the file at *path*, or from standard input if it is `-`.

        :raises TextFormatError: naming the file, and the line and column of a bad layout.
        """
        try:
            if path == "-":
                return cls.from_text(sys.stdin.read())
            with open(path, encoding="utf-8") as file:
                return cls.from_text(file.read())
        except OSError as error:
            raise TextFormatError(f"cannot read the layout {path}: {error.strerror}") from None
        except (TextFormatError, UnicodeDecodeError) as error:
            raise TextFormatError(f"{path}: {error}") from None

    @classmethod
    def from_board(cls, board: Board) -> Layout:
        """Return the layout of *board*'s laid mines."""
        return cls(board.width, board.height, board.mines())

    def to_text(self) -> str:
        """Print the layout text, one line per row, each ending in a newline."""
        return "".join(
            "".join(MINE if (x, y) in self.mines else NO_MINE for x in range(self.width)) + "\n"
            for y in range(self.height)
        )

    def settings(self) -> Settings:
        """Return settings of this size and mine count."""
        return Settings(self.width, self.height, len(self.mines))
