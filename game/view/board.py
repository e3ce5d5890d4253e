"""The board on the page: its buttons, patched where the game changed, and its input.

A board of a new size is one `innerHTML` assignment; a move patches the
buttons whose rendering changed, in one call to js/cells.js whatever their
number (each crossing of the Python-JS boundary costs time). One listener
per kind of event on the grid reads the cell from the event's target.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from pyscript import document, window  # type: ignore[import-not-found]

from game.board import Hidden, Position, Revealed
from game.events import CellOpened, FlagToggled, Move, NeighboursOpened
from game.render import cell_patch, render_board, start_cell
from game.state import Game
from game.view.dom import JsEvent, by_id, listen
from game.view.presses import Presses

if TYPE_CHECKING:
    from fractions import Fraction

MARKS: Final = (
    "hint-safe",
    "hint-guess",
    "hint-mine",
    "contradiction",
    "review-player",
    "review-solver",
)
"""The classes `mark` puts on cells (and takes off again)."""

_ARROWS: Final = {
    "ArrowLeft": (-1, 0),
    "ArrowRight": (1, 0),
    "ArrowUp": (0, -1),
    "ArrowDown": (0, 1),
}


class BoardView:
    """The grid of cell buttons: what it shows, where focus is, what input becomes moves."""

    def __init__(self, act: Callable[[Move], None]) -> None:
        self.element = by_id("board")
        self.act = act
        """Called with each move the player makes on the board."""
        self.shown: Game | None = None
        self.slots: Any = None  # each cell's gridcell, in row order; never replaced
        self.focus: Position = (0, 0)
        self.flag_mode = False
        self.marked: list[Any] = []
        board = self.element
        for event, handler in (
            ("click", self.on_click),
            ("auxclick", self.on_aux_click),
            ("contextmenu", self.on_context_menu),
            ("keydown", self.on_key_down),
            ("focusin", self.on_focus_in),
        ):
            listen(board, event, handler)
        self.presses = Presses(self)

    # -- rendering -----------------------------------------------------------------------

    def render(self, game: Game) -> None:
        """Bring the buttons up to date with *game*, touching only what changed."""
        board = game.board
        old = self.shown
        had_focus = self.element.contains(document.activeElement)
        if old is not None and (old.board.width, old.board.height) == (board.width, board.height):
            window.patchCells(self.element, cell_patch(old, game))
        else:
            self.focus = start_cell(game) or (0, 0)
            element = self.element
            element.style.setProperty("--cols", str(board.width))
            element.style.setProperty("--rows", str(board.height))
            element.setAttribute("aria-rowcount", str(board.height))
            element.setAttribute("aria-colcount", str(board.width))
            element.innerHTML = render_board(game, self.focus)
            # A static list: a live collection would be re-walked after every patch.
            self.slots = element.querySelectorAll('[role="gridcell"]')
            self.marked.clear()
        if had_focus and not self.element.contains(document.activeElement):
            self.button_at(self.focus).focus()
        self.shown = game
        self.element.setAttribute("data-status", game.status.value)
        if game.is_over():
            self.element.setAttribute("aria-disabled", "true")
        else:
            self.element.removeAttribute("aria-disabled")

    def button_at(self, pos: Position) -> Any:
        """Return the button of the cell at *pos*."""
        width = self.shown.board.width if self.shown is not None else 1
        return self.slots.item(pos[1] * width + pos[0]).firstElementChild

    def mark(self, cells: Mapping[Position, str]) -> None:
        """Put each mark class on its cell (hints, a proof), removing the marks before."""
        for button in self.marked:
            button.classList.remove(*MARKS)
            button.removeAttribute("data-proof")
        self.marked.clear()
        for pos, name in cells.items():
            button = self.button_at(pos)
            if name == "proof":
                button.setAttribute("data-proof", "true")
            else:
                button.classList.add(name)
            self.marked.append(button)

    def show_odds(self, odds: Mapping[Position, Fraction] | None) -> None:
        """Write each hidden cell's mine probability on it, or clear them all (None)."""
        for button in self.element.querySelectorAll("[data-probability]"):
            button.removeAttribute("data-probability")
            button.removeAttribute("data-p")
            button.style.removeProperty("--risk")
        for pos, p in (odds or {}).items():
            button = self.button_at(pos)
            share = float(p)
            button.setAttribute("data-probability", f"{share:.12f}")
            button.setAttribute("data-p", f"{share:.0%}")
            button.style.setProperty("--risk", f"{share:.3f}")

    def play_pending(self) -> None:
        """Play, in order, the clicks made on the board drawn while Python loaded.

        js/loading.js keeps them in `window.pendingMoves` as ["r" | "f", x, y];
        each plays as the same click would now (a click on a number chords).
        """
        pending = getattr(window, "pendingMoves", None)
        if not pending:
            return
        window.pendingMoves = None
        for kind, x, y in pending.to_py():
            pos = (int(x), int(y))
            if self.shown is None or pos not in self.shown.board.cells:
                continue
            if kind == "f":
                self.act(FlagToggled(pos))
            else:
                self.primary(pos)

    # -- focus (a roving tabindex: one cell is in the tab order) -------------------------

    def set_tab_stop(self, pos: Position) -> None:
        """Make *pos* the one cell in the tab order."""
        if pos != self.focus:
            self.button_at(self.focus).setAttribute("tabindex", "-1")
            self.focus = pos
            self.button_at(pos).setAttribute("tabindex", "0")

    def move_focus(self, pos: Position) -> None:
        """Make *pos* the tab stop and focus it."""
        self.set_tab_stop(pos)
        self.button_at(pos).focus()

    # -- input ---------------------------------------------------------------------------

    @staticmethod
    def cell_of(event: JsEvent) -> Position | None:
        """Return the position of the cell an event happened on, if any."""
        target = event.target.closest("button[data-x]") if event.target.closest else None
        if target is None:
            return None
        return (int(target.dataset.x), int(target.dataset.y))

    def primary(self, pos: Position) -> None:
        """Reveal a hidden cell, or chord on a revealed number (or flag, in flag mode)."""
        if self.shown is None:
            return
        cell = self.shown.board.cells[pos]
        if self.flag_mode and type(cell) is not Revealed:
            self.act(FlagToggled(pos))
        elif type(cell) is Hidden:
            self.act(CellOpened(pos))
        elif type(cell) is Revealed:
            self.act(NeighboursOpened(pos))

    def on_click(self, event: JsEvent) -> None:
        """Left click (or tap): reveal, chord, or flag in flag mode."""
        pos = self.cell_of(event)
        if pos is None:
            return
        if self.presses.long_pressed:
            self.presses.long_pressed = False
            return
        self.set_tab_stop(pos)  # not every browser focuses a clicked button
        self.primary(pos)

    def on_aux_click(self, event: JsEvent) -> None:
        """Middle click chords."""
        pos = self.cell_of(event)
        if pos is not None and event.button == 1:
            event.preventDefault()
            self.act(NeighboursOpened(pos))

    def on_context_menu(self, event: JsEvent) -> None:
        """Right click flags, and the browser's menu never opens on the board."""
        event.preventDefault()
        pos = self.cell_of(event)
        if pos is not None and self.presses.last_pointer != "touch":
            self.act(FlagToggled(pos))

    def on_focus_in(self, event: JsEvent) -> None:
        """Follow focus that arrives by mouse or by Tab."""
        pos = self.cell_of(event)
        if pos is not None:
            self.set_tab_stop(pos)

    def on_key_down(self, event: JsEvent) -> None:
        """Arrows move, Space and Enter reveal or chord, F flags (Ctrl+F stays the browser's)."""
        key = str(event.key)
        if self.shown is None or event.altKey:
            return
        board = self.shown.board
        x, y = self.focus
        if event.ctrlKey or event.metaKey:  # Ctrl+F stays the browser's; Ctrl+Home/End are ours
            if key not in ("Home", "End"):
                return
            self.move_focus((0, 0) if key == "Home" else (board.width - 1, board.height - 1))
        elif key in _ARROWS:
            dx, dy = _ARROWS[key]
            self.move_focus(
                (min(board.width - 1, max(0, x + dx)), min(board.height - 1, max(0, y + dy)))
            )
        elif key in ("Home", "End"):
            self.move_focus((0 if key == "Home" else board.width - 1, y))
        elif key in (" ", "Enter"):
            self.primary(self.focus)
        elif key in ("f", "F"):
            self.act(FlagToggled(self.focus))
        else:
            return
        event.preventDefault()
