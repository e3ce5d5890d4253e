"""The board as HTML text, and which cells differ between two states.

This module decides what every cell looks like (classes, data attributes,
ARIA label) but touches no DOM, so it runs and is tested under CPython;
`game.view` only moves its strings into the page. All text here is made
from numbers and fixed words, never from user input, so it is safe to
insert as HTML.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from functools import cache
from itertools import compress, count
from operator import is_not
from typing import Final, NamedTuple

from game.board import Board, Cell, Flagged, Hidden, Position
from game.state import Game, Status


def is_shown_over(game: Game) -> bool:
    """Tell whether *game* is finished, so its mines and wrong flags are on show."""
    return game.status in (Status.WON, Status.LOST)


def _describe(cell: Cell, over: bool, exploded: bool) -> str:
    """Return what a screen reader says of a cell's state (its label, before its place)."""
    if type(cell) is Hidden:
        return "mine" if over and cell.mine else "hidden"
    if type(cell) is Flagged:
        return "flagged" if not over or cell.mine else "wrong flag, no mine"
    if cell.mine:
        return "exploded mine" if exploded else "mine"
    if cell.count == 0:
        return "empty, no mines nearby"
    return f"{cell.count} mine{'s' if cell.count > 1 else ''} nearby"


def render_cell(
    cell: Cell, pos: Position, board: Board, *, over: bool, focused: bool, start: bool = False
) -> str:
    r"""Return the `<button>` of one cell, with the page hooks of the public interface.

    >>> from game.board import Revealed
    >>> b = Board.from_mines(2, 1, [(0, 0)])
    >>> html = render_cell(Revealed(False, 1), (1, 0), b, over=False, focused=True)
    >>> print(html.replace('" ', '"\n'))
    <button type="button"
    class="cell revealed n1"
    data-x="1"
    data-y="0"
    data-state="revealed"
    data-count="1"
    tabindex="0"
    aria-label="1 mine nearby, row 1, column 2">1</button>
    """
    x, y = pos
    head, middle, label, tail = _cell_parts(cell, over, pos == board.exploded)
    tab = "0" if focused else "-1"
    where = f"row {y + 1}, column {x + 1}"
    if start:  # the start cell of a shared board: every player opens it first
        return (
            f'{head}{x}" data-y="{y}" data-start="true{middle}{tab}"'
            f' aria-label="{label}, start here, {where}{tail}'
        )
    return f'{head}{x}" data-y="{y}{middle}{tab}" aria-label="{label}, {where}{tail}'


class Look(NamedTuple):
    """How a cell's button looks, wherever it is: what its HTML and a patch both write."""

    classes: str
    attributes: dict[str, str]
    """`data-state` first, then those of the PATCHED attributes this look has."""
    text: str
    label: str
    """What a screen reader says of it, before its place."""


PATCHED: Final = ("data-state", "data-count", "aria-disabled", "data-mine", "data-wrong")
"""The attributes a look may have; a patch sets each one it has and removes the others."""


@cache
def _look(cell: Cell, over: bool, exploded: bool) -> Look:
    """Return the look of *cell* (there are few distinct ones: each is built once)."""
    state = "hidden" if type(cell) is Hidden else "flagged" if type(cell) is Flagged else "revealed"
    classes = ["cell", state]
    attributes = {"data-state": state}
    text = ""
    if state == "revealed" and not cell.mine:
        classes.append(f"n{cell.count}")
        attributes["data-count"] = str(cell.count)
        if cell.count:
            text = str(cell.count)
        else:
            attributes["aria-disabled"] = "true"
    if over and cell.mine:
        classes.append("mine exploded" if exploded else "mine")
        attributes["data-mine"] = "exploded" if exploded else "shown"
    elif over and state == "flagged":
        classes.append("wrong")
        attributes["data-wrong"] = "true"
    return Look(" ".join(classes), attributes, text, _describe(cell, over, exploded))


@cache
def _cell_parts(cell: Cell, over: bool, exploded: bool) -> tuple[str, str, str, str]:
    """Return the fixed pieces of a cell's HTML around its coordinates and tab stop.

    So a whole 100x100 board renders with one cache hit and one short f-string per cell.
    """
    look = _look(cell, over, exploded)
    attributes = "".join(f' {name}="{value}"' for name, value in look.attributes.items())
    return (
        f'<button type="button" class="{look.classes}" data-x="',
        f'"{attributes} tabindex="',
        look.label,
        f'">{look.text}</button>',
    )


def start_cell(game: Game) -> Position | None:
    """Return the cell to mark as the start of a shared board, until its mines are laid."""
    return None if game.board.mines_laid else game.start.start_cell


def render_board(game: Game, focus: Position) -> str:
    """Return the inner HTML of `#board`: one ARIA row per board row, one gridcell per cell."""
    board = game.board
    over = is_shown_over(game)
    cells = board.cells
    begin = start_cell(game)
    rows = []
    for y in range(board.height):
        buttons = "".join(
            '<div role="gridcell">'
            + render_cell(
                cells[(x, y)],
                (x, y),
                board,
                over=over,
                focused=(x, y) == focus,
                start=(x, y) == begin,
            )
            + "</div>"
            for x in range(board.width)
        )
        rows.append(f'<div role="row">{buttons}</div>')
    return "".join(rows)


def changed_cells(old: Game, new: Game) -> list[int]:
    """Return the indices, row by row, of the cells whose rendering differs from *old* to *new*.

    The two games have the same size. Unchanged cells are the same interned
    objects, so identity finds them, and a board's cells are kept in row
    order, so the whole board is compared without a Python step per cell.
    When the game ends, or un-ends as the player travels back in time, the
    mines and flags change their look without changing their cells.
    """
    before = list(old.board.cells.values())
    after = list(new.board.cells.values())
    if is_shown_over(old) != is_shown_over(new):
        return [
            index
            for index, (was, cell) in enumerate(zip(before, after, strict=True))
            if was is not cell or cell.mine or type(cell) is Flagged
        ]
    return list(compress(count(), map(is_not, before, after)))


def cell_patch(old: Game, new: Game) -> str:
    """Return the buttons that change from *old* to *new* (same size), as JSON for js/cells.js.

    One string crosses into JavaScript per move, however many cells change
    (a call per cell costs more than the change itself on a big opening):
    `looks` lists each look once, with its PATCHED values in order (null:
    removed) and whether it is the start cell's; `cells` holds the changed
    cells' indices (row by row) and `kinds` each one's look. Positions and
    tab stops never change, so they are not in it; a label ends with the
    cell's place, as `game.names.where` writes it.
    """
    board = new.board
    over = is_shown_over(new)
    changed = changed_cells(old, new)
    shown = list(map(list(board.cells.values()).__getitem__, changed))
    # A look is keyed by its interned cell's id (an int hashes in C, a dataclass in
    # Python), but the exploded mine and the start cell look unlike others of their kind.
    keys: list[object] = list(map(id, shown))
    width = board.width
    for pos, boom, start in ((board.exploded, True, False), (start_cell(new), False, True)):
        index = -1 if pos is None else pos[1] * width + pos[0]
        where = bisect_left(changed, index)
        if where < len(changed) and changed[where] == index:
            keys[where] = (keys[where], boom, start)
    numbers = {key: number for number, key in enumerate(dict.fromkeys(keys))}
    cell_of = dict(zip(keys, shown, strict=True))
    looks = []
    for key in numbers:
        boom, start = key[1:] if isinstance(key, tuple) else (False, False)
        looks.append(_patch_look(_look(cell_of[key], over, boom), start))
    return json.dumps(
        {
            "width": width,
            "names": PATCHED,
            "looks": looks,
            "cells": changed,
            "kinds": list(map(numbers.__getitem__, keys)),
        },
        separators=(",", ":"),
    )


def _patch_look(look: Look, start: bool) -> dict[str, object]:
    """Return *look* as js/cells.js reads it; *start*: the start cell's look."""
    return {
        "classes": look.classes,
        "values": [look.attributes.get(name) for name in PATCHED],
        "text": look.text,
        "label": f"{look.label}, start here" if start else look.label,
        "start": start,
    }
