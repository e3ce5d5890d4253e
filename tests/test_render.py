"""The HTML each cell gets, and which cells a move changes."""

from __future__ import annotations

import json
import re

import pytest

from game.events import GameStarted
from game.render import cell_patch, changed_cells, render_board, render_cell
from game.settings import FirstClick, Settings
from game.state import Game, start_game
from helpers import layout_game, layout_start, play_all, random_start


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


def buttons(game: Game) -> list[dict[str, str]]:
    """Return each button of *game*'s board (row by row) as its attributes and its text."""
    found = re.findall(r"<button ([^>]*)>([^<]*)</button>", render_board(game, (0, 0)))
    return [{**attributes(head), "text": text} for head, text in found]


def patched(old: Game, new: Game) -> list[dict[str, str]]:
    """Return *old*'s buttons after *new*'s patch, applied as js/cells.js applies it."""
    shown = buttons(old)
    patch = json.loads(cell_patch(old, new))
    width = patch["width"]
    for index, was, now in zip(patch["cells"], patch["was"], patch["now"], strict=True):
        before, after = patch["before"][str(was)], patch["after"][str(now)]
        button, place = shown[index], f"{index // width + 1}, column {index % width + 1}"
        for name, _ in before["attributes"]:
            del button[name]
        button.update(after["attributes"])
        if after["label"] != before["label"]:
            button["aria-label"] = after["label"] + place
        if after["text"] != before["text"]:
            button["text"] = after["text"]
    return shown


def without_tab_stops(shown: list[dict[str, str]]) -> list[dict[str, str]]:
    return [{name: value for name, value in b.items() if name != "tabindex"} for b in shown]


class TestPatch:
    @pytest.mark.parametrize(
        ("start", "moves", "more"),
        [
            (layout_start("*..", "..*", "..."), ("f 1 2",), ("r 0 0",)),  # a loss
            (layout_start("*...", "....", "...*"), ("f 1 2",), ("r 3 0", "r 0 2")),  # a win
            (layout_start("*...", "....", "...*"), ("f 1 1", "f 0 0"), ("f 0 0", "r 3 0")),
            (random_start(9, 9, 10, seed=4), (), ("r 4 4",)),
            (
                GameStarted(Settings(9, 9, 10, FirstClick.OPENING), 7, start_cell=(3, 5)),
                (),
                ("r 3 5",),
            ),
        ],
    )
    def test_a_patch_makes_the_buttons_of_the_new_game_both_ways(
        self, start: GameStarted, moves: tuple[str, ...], more: tuple[str, ...]
    ) -> None:
        """Applied to the buttons of one game, the patch gives those the other game renders,
        attributes, label and text, forwards and back in time (the slider)."""
        old = play_all(start_game(start), *moves)
        new = play_all(old, *more)
        for was, now in ((old, new), (new, old)):
            assert without_tab_stops(patched(was, now)) == without_tab_stops(buttons(now))

    def test_a_patch_lists_each_changed_cell_once_and_few_looks(self) -> None:
        """A fresh board to a loss: nearly every cell changes (the mines are laid under
        them), each once, by index, with its look before and after among a few."""
        old = start_game(random_start(9, 9, 10, seed=4))
        new = play_all(old, "r 4 4", "r 0 0")
        patch = json.loads(cell_patch(old, new))
        cells = patch["cells"]
        assert cells == sorted(set(cells)) == changed_cells(old, new) and len(cells) > 60
        assert len(patch["was"]) == len(patch["now"]) == len(cells)
        assert set(map(str, patch["was"])) == set(patch["before"])
        assert set(map(str, patch["now"])) == set(patch["after"])
        assert len(patch["before"]) + len(patch["after"]) < 20  # a look per kind of cell
