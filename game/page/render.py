"""The board as HTML text, and which cells differ between two states.

This module decides what every cell looks like (its data and ARIA
attributes, which the page's CSS draws from, and its text) but touches no
DOM, so it runs and is tested under CPython; `game.page` only moves its
strings into the page. All text here is made from numbers and fixed words,
never from user input, so it is safe to insert as HTML.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Final, NamedTuple

from game.language import N_, _, forget_on_change, ngettext
from game.names import where
from game.rules.board import Board, Cell, Flagged, Hidden, Position, Revealed
from game.rules.cells import make_cell
from game.rules.state import Game, Status


def is_shown_over(game: Game) -> bool:
    """Tell whether *game* is finished, so its mines and wrong flags are on show."""
    return game.status in (Status.WON, Status.LOST)


HIDDEN_LABEL: Final = N_("hidden")
"""What a screen reader says of a hidden cell (js/loading.js draws a new game's with it)."""


def _describe(cell: Cell, over: bool, exploded: bool) -> str:
    """Return what a screen reader says of a cell's state (its label, before its place)."""
    if type(cell) is Hidden:
        return _("mine") if over and cell.mine else _(HIDDEN_LABEL)
    if type(cell) is Flagged:
        return _("flagged") if not over or cell.mine else _("wrong flag, no mine")
    if cell.mine:
        return _("exploded mine") if exploded else _("mine")
    if cell.count == 0:
        return _("empty, no mines nearby")
    return ngettext("{count} mine nearby", "{count} mines nearby", cell.count).format(
        count=cell.count
    )


def render_cell(
    cell: Cell, pos: Position, board: Board, *, over: bool, focused: bool, start: bool = False
) -> str:
    r"""Return the `<button>` of one cell, with the page hooks of the public interface.

    >>> from game.rules.board import Revealed
    >>> b = Board.from_mines(2, 1, [(0, 0)])
    >>> html = render_cell(Revealed(False, 1), (1, 0), b, over=False, focused=True)
    >>> print(html.replace('" ', '"\n'))
    <button type="button"
    class="cell"
    data-x="1"
    data-y="0"
    data-state="revealed"
    data-count="1"
    tabindex="0"
    aria-label="1 mine nearby, row 1, column 2">1</button>
    """
    x, y = pos
    head, middle, label, tail = _cell_parts(cell, over, pos == board.exploded, start)
    tab = "0" if focused else "-1"
    return f'{head}{x}" data-y="{y}{middle}{tab}" aria-label="{label}, {where(pos)}{tail}'


class Look(NamedTuple):
    """How a cell's button looks, wherever it is: what its HTML and a patch both write.

    The page's CSS draws a cell from its data attributes alone, so a move
    changes each button's attributes and nothing else.
    """

    attributes: tuple[tuple[str, str], ...]
    """`data-state` first, then the other data and ARIA attributes this look has."""
    text: str
    label: str
    """What a screen reader says of it, before its place."""


@cache
def _look(cell: Cell, over: bool, exploded: bool, start: bool) -> Look:
    """Return the look of *cell* (there are few distinct ones: each is built once).

    *exploded*: the mine that lost the game; *start*: the start cell of a shared board,
    which every player opens first.
    """
    state = "hidden" if type(cell) is Hidden else "flagged" if type(cell) is Flagged else "revealed"
    attributes = [("data-state", state)]
    text = ""
    if state == "revealed" and not cell.mine:
        attributes.append(("data-count", str(cell.count)))
        if cell.count:
            text = str(cell.count)
        else:
            attributes.append(("aria-disabled", "true"))
    if over and cell.mine:
        attributes.append(("data-mine", "exploded" if exploded else "shown"))
    elif over and state == "flagged":
        attributes.append(("data-wrong", "true"))
    label = _describe(cell, over, exploded)
    if start:
        attributes.append(("data-start", "true"))
        label = _("{state}, start here").format(state=label)
    return Look(tuple(attributes), text, label)


@cache
def _cell_parts(cell: Cell, over: bool, exploded: bool, start: bool) -> tuple[str, str, str, str]:
    """Return the fixed pieces of a cell's HTML around its coordinates and tab stop.

    So a whole 100x100 board renders with one cache hit and one short f-string per cell.
    """
    look = _look(cell, over, exploded, start)
    attributes = "".join(f' {name}="{value}"' for name, value in look.attributes)
    return (
        '<button type="button" class="cell" data-x="',
        f'"{attributes} tabindex="',
        look.label,
        f'">{look.text}</button>',
    )


forget_on_change(_look.cache_clear)
forget_on_change(_cell_parts.cache_clear)


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


def cell_patch(old: Game, new: Game) -> str:
    """Return how every button changes from *old* to *new* (same size), as JSON for js/cells.js.

    One string crosses into JavaScript per move, however many cells change
    (a call per cell costs more than the change itself on a big opening):
    `was` and `now` give each cell's look before and after, row by row, one
    character per cell (its look number from `LOOK_CHARS`), and `before` and
    `after` the looks of those numbers. Comparing two games' cells is then
    two byte strings (`Board.cell_bytes`), without a Python step per cell; the page works out the
    writes a pair of looks needs once per pair, and leaves a button alone
    where its look did not change. Positions and tab stops never change, so
    they are not in it; js/cells.js ends each label with the cell's place, named
    as `names.where` names it.
    """
    before, was = _looks(old)
    after, now = _looks(new)
    return json.dumps(
        {"width": new.board.width, "before": before, "after": after, "was": was, "now": now},
        separators=(",", ":"),
    )


_CELLS: Final = tuple(
    make_cell(kind, mine, count)
    for kind in (Hidden, Flagged, Revealed)
    for mine in (False, True)
    for count in range(9)
)
"""Every distinct cell, at its look number when it is neither the exploded mine nor the start."""
EXPLODED: Final = len(_CELLS)
"""The look number of the exploded mine, after those of the cells."""
START: Final = EXPLODED + 1
"""The look number of the start cell."""
LOOK_CHARS: Final = 35
"""The character of look number 0 (``#``): the numbers travel as printable ASCII that
JSON writes as it is (up to ``Z``: neither a quote nor a backslash)."""


def _char(cell: Cell) -> int:
    """Return the character of *cell*'s look where it is neither the exploded mine nor the start."""
    return LOOK_CHARS + _CELLS.index(cell)


def _looks(game: Game) -> tuple[dict[int, dict[str, object]], str]:
    """Return the looks *game*'s cells have, by number, and each cell's number as a character.

    A cell's look is numbered by its cell (`_CELLS`); the exploded mine and
    the start cell have numbers of their own.
    """
    board = game.board
    over = is_shown_over(game)
    chars = bytearray(board.cell_bytes(_char))
    looks = {
        char - LOOK_CHARS: _look_json(_CELLS[char - LOOK_CHARS], over, False, False)
        for char in set(chars)
    }
    for pos, number in ((board.exploded, EXPLODED), (start_cell(game), START)):
        if pos is not None:
            chars[pos[1] * board.width + pos[0]] = LOOK_CHARS + number
            looks[number] = _look_json(board.cells[pos], over, number == EXPLODED, number == START)
    return looks, chars.decode("ascii")


@cache
def _look_json(cell: Cell, over: bool, exploded: bool, start: bool) -> dict[str, object]:
    """Return the look of *cell* as js/cells.js reads it."""
    look = _look(cell, over, exploded, start)
    return {"attributes": look.attributes, "text": look.text, "label": f"{look.label}, "}


forget_on_change(_look_json.cache_clear)
