"""The board on the page: its buttons, patched where the game changed, and the moves asked of it.

A board of a new size is one `innerHTML` assignment; a move patches the
buttons whose rendering changed, in one call to js/cells.js whatever their
number (each crossing of the Python-JS boundary costs time). Gestures
become intents in js/input.js, which also keeps the tab stop and the looks
of a gesture; what an intent does to the game is decided here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import partial
from typing import TYPE_CHECKING, Final

from game.deal.dealer import advance
from game.names import cell_percent
from game.page.asks import Play
from game.page.channel import pending_moves, tab_stop
from game.page.dom import Element, announce, by_id, cell, each, patch_cells
from game.page.heard import cancel, later, on_intent, soon
from game.page.render import cell_patch, render_board, start_cell
from game.page.tree import Node, h
from game.rules.board import Hidden, Position, Revealed, neighbour_table, row_order
from game.rules.events import (
    MOVES_BY_CODE,
    CellOpened,
    FlagToggled,
    GameStarted,
    NeighboursOpened,
)
from game.rules.press import Refusal, Refused, press
from game.rules.settings import FirstClick, Settings
from game.rules.state import Game, start_game
from game.words import no_chord

if TYPE_CHECKING:
    from fractions import Fraction

GROUPS: Final = ("&marks", "&odds", "&peek")
"""The board's groups of cells (`BoardView.view`), which a rebuilt board holds none of."""
PEEK_MS: Final = 700
"""How long a number's hidden neighbours show when a press on it cannot chord."""


def warm_up(width: int, height: int) -> None:
    """Play a whole-board reveal on an empty board of this size, and its patch, and drop them.

    The first reveal on a page ran code the worker had not run yet, in the
    runtime's baseline tier and on a heap still growing, so the first move on
    a board paid for it. Done once per board size, while the player looks at
    the new board.
    """
    empty = start_game(GameStarted(Settings(width, height, 0, FirstClick.SAFE), 0))
    cell_patch(empty, advance(empty, CellOpened((width // 2, height // 2))))


class BoardView:
    """The grid of cell buttons: what it shows, where focus is, what input becomes moves."""

    def __init__(self) -> None:
        self.element = by_id("board")
        self.shown: Game | None = None
        self.flag_mode = False
        self.editing = False
        """Whether the board edits a position (the analysis board): a press paints a cell."""
        self.marks = view_marks({})
        """The marked cells, as the view draws them."""
        self.odds = view_odds({})
        """The cells' mine odds, as the view draws them."""
        self.peek = view_peek(())
        """The hidden neighbours of a number pressed in vain, shown for a moment."""
        self.peek_timer = 0
        self.rebuilt = False
        """Whether the last render made the buttons again (their marks and odds gone)."""
        on_intent(self.on_input)

    # -- rendering -----------------------------------------------------------------------

    def render(self, game: Game) -> None:
        """Bring the buttons up to date with *game*, touching only what changed."""
        board = game.board
        old = self.shown
        self.rebuilt = False
        if old is not None and (old.board.width, old.board.height) == (board.width, board.height):
            patch_cells(cell_patch(old, game))
        else:  # the page keeps the focus in the board if it was there (js/host.js)
            stop = tab_stop() if old is None else None
            if stop is None or stop not in board.cells:
                stop = (0, 0)
            focus = start_cell(game) or stop
            element = self.element
            element.style.setProperty("--cols", str(board.width))
            element.style.setProperty("--rows", str(board.height))
            element.setAttribute("aria-rowcount", str(board.height))
            element.setAttribute("aria-colcount", str(board.width))
            element.innerHTML = render_board(game, focus)
            self.rebuilt = True
            # Done while the player looks at the board, not in the first reveal's time.
            soon(partial(neighbour_table, board.width, board.height))
            soon(partial(row_order, board.width, board.height))
            soon(partial(warm_up, board.width, board.height))
        self.shown = game
        self.end_peek()  # a move ends it: its cells may have changed
        self.element.setAttribute("data-status", game.status.value)
        if game.is_over():
            self.element.setAttribute("aria-disabled", "true")
        else:
            self.element.removeAttribute("aria-disabled")

    @staticmethod
    def button_at(pos: Position) -> Element:
        """Return the button of the cell at *pos*."""
        return cell(*pos)

    def mark(self, cells: Mapping[Position, str]) -> None:
        """Mark *cells* (hints, a proof, the review's move), in place of the marks before."""
        self.marks = view_marks(cells)

    def show_odds(self, odds: Mapping[Position, Fraction] | None) -> None:
        """Show each hidden cell's mine probability, or none (None)."""
        self.odds = view_odds(odds or {})

    def view(self) -> tuple[Node, ...]:
        """Return the board's groups of cells (marks, odds, a press's peek), the odds' legend."""
        return (
            self.marks,
            self.odds,
            self.peek,
            h("div", "#odds-legend", props={"hidden": not self.odds.children}),
        )

    def play_pending(self) -> Iterator[Play | None]:
        """Yield, in order, what the clicks made on the board drawn while Python loaded ask.

        js/input.js keeps them as intents, ["r" | "f", x, y], which js/host.js hands
        over at the start; each asks what the same click would now (a click on a
        number chords), once the one before it is answered.
        """
        for kind, x, y in pending_moves():
            yield self.on_input(kind, x, y)

    # -- focus (a roving tabindex: one cell is in the tab order, kept by js/input.js) -----

    def move_focus(self, pos: Position) -> None:
        """Make *pos* the tab stop and focus it."""
        each('#board button[tabindex="0"]', "setAttribute", "tabindex", "-1")
        button = self.button_at(pos)
        button.setAttribute("tabindex", "0")
        button.focus()

    # -- intents ---------------------------------------------------------------------------

    def on_input(self, kind: str, x: int, y: int) -> Play | None:
        """Return the move an intent of js/input.js asks: its letter is a move's (`MOVE_CODES`).

        A flag's letter flags, a chord's chords, and an opening's is the primary action,
        `game.rules.press`'s: it reveals a hidden cell and chords on a revealed one; in flag
        mode it flags a closed cell.
        """
        pos = (int(x), int(y))
        if self.shown is None or pos not in self.shown.board.cells:
            return None
        asked = MOVES_BY_CODE.get(kind)
        if asked is FlagToggled:
            return Play(FlagToggled(pos))
        if asked is NeighboursOpened:
            return Play(NeighboursOpened(pos))
        if asked is CellOpened and self.editing:  # a paint, or in flag mode a flag on a closed cell
            closed = type(self.shown.board.cells[pos]) is not Revealed
            return Play(FlagToggled(pos) if self.flag_mode and closed else CellOpened(pos))
        if asked is CellOpened:
            pressed = press(self.shown.board, pos, flag_mode=self.flag_mode)
            if not isinstance(pressed, Refused):
                return Play(pressed)
            if pressed.reason is Refusal.FLAGS_DIFFER:
                self.show_peek(pressed)
        return None

    def show_peek(self, refused: Refused) -> None:
        """Show for a moment the hidden neighbours a number would have opened, and say why not."""
        assert self.shown is not None
        board = self.shown.board
        hidden = [p for p in board.neighbours(refused.pos) if type(board.cells[p]) is Hidden]
        self.end_peek()
        self.peek = view_peek(hidden)
        self.peek_timer = later(self.end_peek, PEEK_MS)
        announce(no_chord(refused.pos, refused.shows, refused.flags))

    def end_peek(self) -> None:
        """Stop showing the peek, if one shows."""
        if self.peek_timer:
            cancel(self.peek_timer)
            self.peek_timer = 0
        if self.peek.children:
            self.peek = view_peek(())


def view_marks(cells: Mapping[Position, str]) -> Node:
    """Return the group of marked cells: a class each, or `data-proof` for a proof's cell."""
    return h(
        "group",
        "&marks",
        children=[
            h(
                "button",
                f"@{x},{y}",
                attrs={"data-proof": "true"} if name == "proof" else None,
                classes=None if name == "proof" else {name: True},
            )
            for (x, y), name in cells.items()
        ],
    )


def view_peek(cells: Iterable[Position]) -> Node:
    """Return the group of the cells a press shows for a moment (`.peek`)."""
    return h(
        "group",
        "&peek",
        children=[h("button", f"@{x},{y}", classes={"peek": True}) for x, y in cells],
    )


def view_odds(odds: Mapping[Position, Fraction]) -> Node:
    """Return the group of cells showing their chance of a mine, exact, written, as a tint.

    Exact in `data-probability`, as the whole percent on the cell in `data-p`, and as the
    tint's share `--risk`.
    """
    children = []
    for (x, y), p in odds.items():
        share = float(p)
        children.append(
            h(
                "button",
                f"@{x},{y}",
                attrs={"data-probability": f"{share:.12f}", "data-p": cell_percent(p)},
                styles={"--risk": f"{share:.3f}"},
            )
        )
    return h("group", "&odds", children=children)
