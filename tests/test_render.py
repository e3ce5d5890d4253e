"""The HTML each cell gets, and which cells a move changes."""

from __future__ import annotations

import json
import re

import pytest

from game.names import PLACE
from game.page.render import LOOK_CHARS, cell_patch, render_board, render_cell
from game.rules.board import Revealed
from game.rules.events import GameStarted
from game.rules.settings import FirstClick, Settings
from game.rules.state import Game, start_game
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


def buttons(game: Game) -> list[dict[str, str]]:
    """Return each button of *game*'s board (row by row) as its attributes and its text."""
    found = re.findall(r"<button ([^>]*)>([^<]*)</button>", render_board(game, (0, 0)))
    return [{**attributes(head), "text": text} for head, text in found]


def apply_patch(shown: list[dict[str, str]], old: Game, new: Game) -> list[int]:
    """Apply *new*'s patch to *shown* (*old*'s buttons) as js/cells.js does; return the
    indices of the buttons it wrote to."""
    patch = json.loads(cell_patch(old, new))
    width, written = patch["width"], []
    for index, (was, now) in enumerate(zip(patch["was"], patch["now"], strict=True)):
        before = patch["before"][str(ord(was) - LOOK_CHARS)]
        after = patch["after"][str(ord(now) - LOOK_CHARS)]
        if before == after:
            continue
        row, column = index // width + 1, index % width + 1
        button, place = shown[index], PLACE.format(row=row, column=column)
        for name, _ in before["attributes"]:
            del button[name]
        button.update(after["attributes"])
        if after["label"] != before["label"]:
            button["aria-label"] = after["label"] + place
        if after["text"] != before["text"]:
            button["text"] = after["text"]
        written.append(index)
    return written


def touched(old: Game, new: Game) -> list[int]:
    """Return the indices of the buttons *new*'s patch writes to."""
    return apply_patch(buttons(old), old, new)


def patched(old: Game, new: Game) -> list[dict[str, str]]:
    """Return *old*'s buttons after *new*'s patch."""
    shown = buttons(old)
    apply_patch(shown, old, new)
    return shown


class TestChanges:
    def test_a_move_changes_only_what_it_opens(self) -> None:
        """A flag changes one cell; a reveal changes exactly the revealed cells."""
        game = layout_game("*...", "....", "...*")
        flagged = play_all(game, "f 0 0")
        assert touched(game, flagged) == [0]
        opened = play_all(flagged, "r 3 0")
        assert touched(flagged, opened) == [1, 2, 3, 5, 6, 7]

    def test_game_end_also_changes_mines_and_flags(self) -> None:
        """When the game ends, every mine and flag is redrawn even if its cell did not change."""
        game = play_all(layout_game("*...", "....", "...*"), "f 1 2", "r 3 0")
        lost = play_all(game, "r 0 0")
        assert touched(game, lost) == [0, 9, 11]
        assert touched(lost, game) == [0, 9, 11]

    def test_laying_the_mines_touches_only_the_cells_opened(self) -> None:
        """The first reveal lays the mines, which changes the count under most hidden
        cells; their buttons look the same, so only the opened cells are written."""
        old = start_game(random_start(9, 9, 10, seed=4))
        new = play_all(old, "r 4 4")
        board = new.board
        opened = [y * 9 + x for (x, y), cell in board.cells.items() if type(cell) is Revealed]
        assert touched(old, new) == sorted(opened)
        assert 1 < len(opened) < 81 - board.mine_count


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

    def test_a_patch_gives_every_cell_one_look_among_a_few(self) -> None:
        """A fresh board to a loss: every cell has one character before and after, each
        a look number the patch describes, and the looks are few (one per kind of cell)."""
        old = start_game(random_start(9, 9, 10, seed=4))
        new = play_all(old, "r 4 4", "r 0 0")
        patch = json.loads(cell_patch(old, new))
        assert len(patch["was"]) == len(patch["now"]) == 81
        assert {str(ord(c) - LOOK_CHARS) for c in patch["was"]} <= set(patch["before"])
        assert {str(ord(c) - LOOK_CHARS) for c in patch["now"]} <= set(patch["after"])
        assert len(patch["before"]) + len(patch["after"]) < 20
        assert "\\" not in cell_patch(old, new)  # nothing escaped: the characters go as they are
