"""3BV against boards counted by hand, its bounds, and the `python -m game.stats` command."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.deal.dealer import advance
from game.rules.board import Board, positions
from game.rules.events import CellOpened, FlagToggled, GameStarted, Move, NeighboursOpened
from game.rules.figures import game_figures, solved_three_bv, three_bv
from game.rules.history import History
from game.rules.layout import Layout
from game.rules.settings import Settings
from game.rules.state import Status, start_game
from helpers import run_module


def board(*rows: str) -> Board:
    layout = Layout.from_text("\n".join(rows))
    return Board.from_mines(layout.width, layout.height, layout.mines)


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (("*.*", ".*."), 3),  # no opening: each of the 3 safe cells is a number
        (("*..*", "....", "*..*"), 8),  # no zero at all: 8 lone numbers
        (("*...", "....", "...."), 1),  # one opening clears the board
        (("..*..", "..*..", "..*.."), 2),  # two openings split by a wall of mines
        (("..*", "...", "*.."), 2),  # two openings that touch: they share the 2 in the middle
        (("...*...", ".......", "...*..."), 3),  # two openings and the lone 2 between them
    ],
)
def test_three_bv_of_hand_counted_boards(rows: tuple[str, ...], expected: int) -> None:
    """3BV of small boards counted by hand."""
    assert three_bv(board(*rows)) == expected


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    mines = draw(st.integers(0, width * height - 1))
    start = GameStarted(Settings(width, height, mines), draw(st.integers(0, 9999)))
    game = advance(start_game(start), CellOpened((0, 0)))
    return Board.from_mines(width, height, game.board.mines())


@given(boards())
def test_three_bv_lies_between_one_and_the_safe_cells(b: Board) -> None:
    """At least one click is needed, and never more than one per safe cell."""
    assert 1 <= three_bv(b) <= b.safe_count


@given(boards())
def test_clicking_each_opening_then_each_lone_cell_wins_in_three_bv(b: Board) -> None:
    """Clicking every still-hidden zero, then every still-hidden safe cell, takes exactly 3BV."""
    game = start_game(GameStarted(Settings(b.width, b.height, b.mine_count), 0, b.mines()))
    clicks = 0
    for want_zero in (True, False):
        for pos, cell in b.cells.items():
            if cell.mine or (want_zero and cell.count):
                continue
            if game.status is Status.PLAYING or game.status is Status.READY:
                after = advance(game, CellOpened(pos))
                clicks += after is not game
                game = after
    assert game.status is Status.WON
    assert clicks == three_bv(b)


def layout_history(rows: str, moves: list[Move]) -> History:
    layout = Layout.from_text(rows)
    history = History(GameStarted(layout.settings(), 0, layout.mines))
    for move in moves:
        history = history.then(move)
    return history


class TestFigures:
    def test_efficiency_and_useful_clicks_of_a_game_counted_by_hand(self) -> None:
        """On `*..` / `...`: a kept flag on the mine and two reveals are useful; flag-unflag not."""
        history = layout_history(
            "*..\n...\n",
            [
                FlagToggled((2, 0)),  # wrong flag ...
                FlagToggled((2, 0)),  # ... taken back: both wasted
                FlagToggled((0, 0)),  # kept on the mine: useful
                CellOpened((0, 1)),  # a lone 1: useful
                CellOpened((2, 1)),  # the opening that clears the rest: useful
            ],
        )
        assert history.current.status is Status.WON
        numbers = game_figures(history, 2000)
        assert (numbers.three_bv, numbers.clicks, numbers.useful, numbers.wasted) == (2, 5, 3, 2)
        assert numbers.efficiency == pytest.approx(0.4)
        assert numbers.three_bv_per_second == pytest.approx(1.0)

    def test_a_chord_is_useful_and_a_flag_on_a_safe_cell_is_wasted(self) -> None:
        """A chord opens cells; a flag left on a safe cell never helped."""
        history = layout_history(
            "*.\n..\n.*\n",
            [
                CellOpened((1, 0)),
                FlagToggled((0, 0)),
                NeighboursOpened((1, 0)),  # opens (0, 1) and (1, 1)
                FlagToggled((0, 2)),  # a safe cell: wasted, though still flagged
            ],
        )
        numbers = game_figures(history, 0)
        assert (numbers.clicks, numbers.useful) == (4, 3)
        assert numbers.three_bv_per_second == 0.0


class TestLostGames:
    """Defect 13.4: after a loss, rates come from the 3BV the player cleared."""

    def test_a_loss_after_two_clicks_counts_only_what_was_cleared(self) -> None:
        """Two clicks on a big board, then a mine: 3BV/s and efficiency stay earthly."""
        rows = "*.*.*\n.....\n*.*.*\n.....\n*.*.*\n"  # 16 lone numbers: a 3BV of 16
        history = layout_history(rows, [CellOpened((1, 0)), CellOpened((1, 1)), CellOpened((0, 0))])
        assert history.current.status is Status.LOST
        numbers = game_figures(history, 1000)
        assert (numbers.three_bv, numbers.solved_three_bv) == (16, 2)
        assert numbers.three_bv_per_second == pytest.approx(2.0)
        assert numbers.efficiency == pytest.approx(2 / 3)

    def test_a_lone_number_counts_once_revealed(self) -> None:
        """A safe cell outside every opening is one 3BV, cleared when revealed."""
        history = layout_history("*..\n.*.\n...\n", [CellOpened((2, 0))])
        board = history.current.board
        assert solved_three_bv(board) == 1
        assert three_bv(board) > 1

    @given(st.integers(0, 10**6))
    def test_a_won_game_has_cleared_all_of_its_3bv(self, seed: int) -> None:
        """Solved 3BV equals 3BV exactly when every safe cell is revealed."""
        board = Board.from_mines(8, 8, random.Random(seed).sample(list(positions(8, 8)), 10))
        from game.rules.board import Draft

        draft = Draft(board)
        draft.open([p for p, c in board.cells.items() if not c.mine])
        assert solved_three_bv(draft.freeze()) == three_bv(board)
        assert solved_three_bv(board) == 0


class TestCommand:
    def run(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return run_module("game.stats", *args, stdin=stdin)

    def test_prints_bare_integer_from_file_and_stdin(self, tmp_path: Path) -> None:
        """`3bv FILE` and `3bv -` print the 3BV alone."""
        path = tmp_path / "layout.txt"
        path.write_text("..*\n...\n*..\n")
        assert self.run("3bv", str(path)).stdout == "2\n"
        assert self.run("3bv", "-", stdin="*.*\n.*.\n").stdout == "3\n"

    def test_bad_input_is_an_error(self) -> None:
        """A malformed layout names the line and column and exits non-zero."""
        result = self.run("3bv", "-", stdin="*.\n.x\n")
        assert result.returncode == 2
        assert "line 2, column 2" in result.stderr
