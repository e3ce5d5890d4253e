"""The HTML each cell gets, and which cells a move changes."""

from __future__ import annotations

import json
import re

from game.render import PATCHED, cell_patch, changed_cells, render_board, render_cell
from helpers import layout_game, play_all


def attributes(html: str) -> dict[str, str]:
    return dict(re.findall(r'([\w-]+)="([^"]*)"', html))


class TestCells:
    def test_hidden_cell_hooks(self) -> None:
        """A hidden cell carries its position, state and a label, and no count."""
        game = layout_game("*..", "...")
        html = render_cell(game.board.cells[(2, 1)], (2, 1), game.board, over=False, focused=False)
        attrs = attributes(html)
        assert attrs["data-x"] == "2" and attrs["data-y"] == "1"
        assert attrs["data-state"] == "hidden"
        assert "data-count" not in attrs and "data-mine" not in attrs
        assert attrs["tabindex"] == "-1"
        assert attrs["aria-label"] == "hidden, row 2, column 3"

    def test_lost_game_marks_mines_and_wrong_flags(self) -> None:
        """After a loss: the exploded mine, the other mines, and wrong flags."""
        game = play_all(layout_game("*.*", "..."), "f 1 1", "r 0 0")
        board = game.board
        rendered = {
            pos: attributes(render_cell(c, pos, board, over=True, focused=False))
            for pos, c in board.cells.items()
        }
        assert rendered[(0, 0)]["data-mine"] == "exploded"
        assert rendered[(0, 0)]["data-state"] == "revealed"
        assert rendered[(2, 0)]["data-mine"] == "shown"
        assert rendered[(1, 1)]["data-wrong"] == "true"
        assert rendered[(1, 1)]["aria-label"].startswith("wrong flag")
        assert "data-mine" not in rendered[(1, 0)]

    def test_board_has_rows_of_gridcells(self) -> None:
        """The board is ARIA rows of gridcells, each holding one button."""
        html = render_board(layout_game("*..", "..."), (1, 0))
        assert html.count('role="row"') == 2
        assert html.count('role="gridcell"') == 6
        assert html.count("<button") == 6
        assert html.count('tabindex="0"') == 1


class TestChanges:
    def test_a_move_changes_only_what_it_opens(self) -> None:
        """A flag changes one cell; a reveal changes exactly the revealed cells."""
        game = layout_game("*...", "....", "...*")
        flagged = play_all(game, "f 0 0")
        assert changed_cells(game, flagged) == [0]
        opened = play_all(flagged, "r 3 0")
        assert changed_cells(flagged, opened) == [1, 2, 3, 5, 6, 7]

    def test_game_end_also_changes_mines_and_flags(self) -> None:
        """When the game ends, every mine and flag is redrawn even if its cell did not change."""
        game = play_all(layout_game("*...", "....", "...*"), "f 1 2", "r 3 0")
        lost = play_all(game, "r 0 0")
        assert changed_cells(game, lost) == [0, 9, 11]
        assert changed_cells(lost, game) == [0, 9, 11]


class TestPatch:
    def test_a_patch_names_each_changed_cell_once_with_its_look(self) -> None:
        """The patch of a loss: every changed cell once, by index, each look listed once and
        carrying what the cell's own HTML carries."""
        before = play_all(layout_game("*..", "..*", "..."), "f 1 2")
        after = play_all(before, "r 0 0")
        patch = json.loads(cell_patch(before, after))
        assert patch["width"] == 3 and patch["names"] == list(PATCHED)
        indices = patch["cells"]
        assert indices == changed_cells(before, after) and len(set(indices)) == len(indices) == 3
        looks = patch["looks"]
        assert len({json.dumps(look) for look in looks}) == len(looks)
        for index, number in zip(indices, patch["kinds"], strict=True):
            pos = (index % 3, index // 3)
            html = attributes(
                render_cell(after.board.cells[pos], pos, after.board, over=True, focused=False)
            )
            look = looks[number]
            assert look["classes"] == html["class"]
            assert {n: v for n, v in zip(PATCHED, look["values"], strict=True) if v} == {
                n: html[n] for n in PATCHED if n in html
            }
            assert html["aria-label"].startswith(look["label"] + ", row ")
