"""The layout and position text formats: parsing, printing, and their error messages."""

from __future__ import annotations

import pytest

from game.rules.layout import Layout, TextFormatError
from game.rules.seen import Seen, cell_char, format_position
from helpers import layout_game, play_all


class TestLayout:
    def test_parses_mines_and_size(self) -> None:
        """`*` marks a mine at (column, row)."""
        layout = Layout.from_text("..*..\n.....\n*...*\n")
        assert (layout.width, layout.height) == (5, 3)
        assert layout.mines == {(2, 0), (0, 2), (4, 2)}

    def test_accepts_crlf_and_trailing_blank_lines(self) -> None:
        """Windows line ends and blank lines at the end are fine."""
        assert Layout.from_text("*.\r\n..\r\n\r\n\n") == Layout.from_text("*.\n..")

    def test_round_trip(self) -> None:
        """Printing then parsing gives the same layout."""
        text = "..*..\n.....\n*...*\n"
        assert Layout.from_text(text).to_text() == text

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("..*\n.x.\n", "line 2, column 2: unexpected 'x'"),
            ("...\n..\n", "line 2, column 3: the row has 2 cells but line 1 has 3"),
            ("...\n....\n", "line 2, column 4: the row has 4 cells but line 1 has 3"),
            ("", "has no rows"),
            ("\n..\n", "line 1, column 1: the row is empty"),
            ("**\n**\n", "every cell of the layout is a mine"),
            ("." * 101, "width and height must be 1 to 100"),
        ],
    )
    def test_errors_name_line_and_column(self, text: str, message: str) -> None:
        """Every malformed layout gets a message that points at the problem."""
        with pytest.raises(TextFormatError, match=message):
            Layout.from_text(text)


class TestPosition:
    def test_format_of_a_game_in_play(self) -> None:
        """The header gives size and total mines; cells are H, F and digits."""
        game = play_all(layout_game("*..", "...", "..*"), "r 2 0", "f 0 0")
        assert format_position(game.board) == "3x3x2\nF10\nH21\nHHH\n"

    def test_format_of_a_lost_game(self) -> None:
        """After a loss: '!' for the exploded mine, '*' for others, 'X' for wrong flags."""
        game = play_all(layout_game("*..", "...", "..*"), "r 2 0", "f 1 2", "r 2 2")
        assert format_position(game.board) == "3x3x2\n*10\nH21\nHX!\n"

    def test_round_trip(self) -> None:
        """Parsing then printing gives the same text; a finished game's marks parse, and are
        refused as a game over (there is nothing hidden to analyse), not as malformed."""
        text = "4x2x3\nHF12\n0H38\n"
        assert Seen.from_text(text).to_text() == text
        with pytest.raises(ValueError, match="the game is over") as error:
            Seen.from_text("4x2x3\nHF12\n0*!X\n")
        assert not isinstance(error.value, TextFormatError)

    def test_one_module_reads_and_writes_position_text(self) -> None:
        """The typed view, its parser and the writer of a board's position text live together."""
        homes = {f.__module__ for f in (Seen, Seen.from_text, format_position, cell_char)}
        assert homes == {"game.rules.seen"}

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "the position is empty"),
            ("3x3\nHHH\n", "line 1: expected WIDTHxHEIGHTxMINES"),
            ("2x2x1\nHH\n", "the header says 2 rows but 1 follow"),
            ("2x2x1\nHH\nHQ\n", "line 3, column 2: unexpected 'Q'"),
            ("3x1x1\nHH\n", "line 2: the header says 3 columns"),
            ("2x1x5\nHH\n", "5 mines do not fit on 2 cells"),
            ("３x1x0\nHHH\n", "line 1: expected WIDTHxHEIGHTxMINES"),
            ("2²x1x1\nHH\n", "line 1: expected WIDTHxHEIGHTxMINES"),
            (
                "9" * 5000 + "x1x1\nH\n",
                "line 1: expected WIDTHxHEIGHTxMINES such as 30x16x99, got '999",
            ),
        ],
    )
    def test_errors(self, text: str, message: str) -> None:
        """Malformed position text is refused with a precise message: the header takes ASCII
        digits only (`isdigit` also passes full-width digits and `²`, which `int` then
        refuses with a bare ValueError), and a long one is quoted by its start."""
        with pytest.raises(TextFormatError, match=message) as error:
            Seen.from_text(text)
        assert len(str(error.value)) < 200
