"""Presses on the board: the pressed look under the mouse, and a touch held to flag.

A resting finger flags its cell after `LONG_PRESS_MS`; one that drifts more
than `SLOP_PX` is panning or zooming, and flags nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from game.board import Hidden, Revealed
from game.events import FlagToggled
from game.view.dom import JsEvent, by_id, listen

if TYPE_CHECKING:  # the board view owns its presses; only its type is needed here
    from game.view.board import BoardView

LONG_PRESS_MS: Final = 450
"""How long a touch must rest on a cell to flag it."""

SLOP_PX: Final = 8
"""How far a resting finger may drift before the touch is a pan, not a long press."""


class Presses:
    """The mouse's pressed look and the touch long press, for one board."""

    def __init__(self, board: BoardView) -> None:
        self.board = board
        self.pressed: list[Any] = []
        self.press: tuple[Any, float, float] | None = None  # timer, x, y of a resting touch
        self.long_pressed = False
        """A long press just flagged: the click that ends it must not also reveal."""
        self.last_pointer = "mouse"
        element = board.element
        listen(element, "mousedown", self.on_mouse_down)
        listen(element, "pointerdown", self.on_pointer_down)
        listen(element, "pointermove", self.on_pointer_move)
        for event in ("pointerup", "pointercancel", "pointerleave"):
            listen(element, event, lambda _e: self.cancel_press())
        listen(document, "mouseup", self.on_mouse_up)

    def on_mouse_down(self, event: JsEvent) -> None:
        """Show the press: the cell itself through CSS, a number's hidden neighbours here."""
        pos = self.board.cell_of(event)
        game = self.board.shown
        if pos is None or event.button != 0 or game is None or game.is_over():
            return
        by_id("reset").setAttribute("data-face", "pressed")
        board = game.board
        if type(board.cells[pos]) is Revealed:
            for n in board.neighbours(pos):
                if type(board.cells[n]) is Hidden:
                    button = self.board.button_at(n)
                    button.classList.add("pressed")
                    self.pressed.append(button)

    def on_mouse_up(self, _event: JsEvent) -> None:
        """Release the pressed look."""
        for button in self.pressed:
            button.classList.remove("pressed")
        self.pressed.clear()
        face = by_id("reset")
        if face.getAttribute("data-face") == "pressed":
            face.setAttribute("data-face", "smile")

    def on_pointer_down(self, event: JsEvent) -> None:
        """Start the long-press timer for touch flags."""
        self.last_pointer = str(event.pointerType)
        pos = self.board.cell_of(event)
        if event.pointerType != "touch" or pos is None or self.board.shown is None:
            return
        if type(self.board.shown.board.cells[pos]) is Revealed:
            return
        self.cancel_press()
        button = self.board.button_at(pos)
        button.classList.add("holding")

        def flag() -> None:
            button.classList.remove("holding")
            self.press = None
            self.long_pressed = True
            self.board.act(FlagToggled(pos))
            if window.navigator.vibrate:
                window.navigator.vibrate(30)

        timer = window.setTimeout(create_once_callable(flag), LONG_PRESS_MS)
        self.press = (timer, float(event.clientX), float(event.clientY))

    def on_pointer_move(self, event: JsEvent) -> None:
        """Cancel the long press of a finger that drifts: it is panning, not flagging."""
        if self.press is None:
            return
        _, x, y = self.press
        if abs(float(event.clientX) - x) > SLOP_PX or abs(float(event.clientY) - y) > SLOP_PX:
            self.cancel_press()

    def cancel_press(self) -> None:
        """Stop a pending long press and its visual feedback."""
        if self.press is not None:
            window.clearTimeout(self.press[0])
            self.press = None
        for held in self.board.element.querySelectorAll(".holding"):
            held.classList.remove("holding")
