"""The game's controls and forms: difficulty, custom size, flag mode, the mode, daily board."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from game.page.asks import NewGame, Redraw
from game.page.board_view import BoardView
from game.page.channel import today
from game.page.commands import CloseDialog, Focus, OpenDialog
from game.page.dom import say
from game.page.heard import JsEvent, Listen, clicks, reported
from game.page.tree import Node, h
from game.rules.settings import PRESETS, FirstClick, Mode, Settings, SettingsError
from game.session.query import GameRequest
from game.words import MODE_NOTES, daily_choice, daily_label

FLAG_MODE_STYLES: Final = ("tap-reveal", "toggle")
"""The touch styles that show the Flag mode button (js/gestures.js's `FLAG_MODE_STYLES`):
in the others a tap already flags, so Flag mode is off there."""


class Controls:
    """The options above the board; each asks for a new game (`NewGame`)."""

    def __init__(self, board: BoardView) -> None:
        self.board = board
        self.request: GameRequest | None = None
        self.form_error = ""
        """Why the custom form's last size was not started ("" when it was, or not tried)."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the controls hear: the selector, the form, the boxes, the buttons."""
        return (
            Listen("#difficulty", "change", lambda _e: self.on_difficulty()),
            clicks("custom-cancel", lambda: Redraw(then=(CloseDialog("custom-dialog"),))),
            # However the form closes (Start, Cancel, Escape), the selector shows the game again.
            Listen("#custom-dialog", "close", lambda _e: self.show_request()),
            clicks("portrait-offer", lambda: self.start(PRESETS["expert-portrait"])),
            Listen("#custom", "submit", self.on_custom_submit, prevent="always"),
            Listen("#mode", "change", lambda _e: self.on_mode()),
            clicks("flag-mode", lambda: self.set_flag_mode(not self.board.flag_mode)),
            Listen("#touch-style", "change", lambda _e: self.on_touch_style()),
            clicks("daily", self.daily_game),
        )

    def take(self, request: GameRequest) -> None:
        """Take in the game being played: what the form and the boxes start from."""
        self.request = request

    def show_request(self) -> Redraw:
        """Have the difficulty selector name the game being played again (the form closed)."""
        return Redraw()

    def start(self, settings: Settings) -> NewGame:
        """Ask for a game of *settings* in the mode the menu names; classic if too dense for it."""
        try:
            chosen = dataclasses.replace(settings, mode=Mode(str(reported("mode"))))
        except SettingsError as error:  # the menu is drawn back on classic with the game asked
            classic = dataclasses.replace(settings, mode=Mode.CLASSIC)
            return NewGame(GameRequest(classic), f"Classic instead: {error}.")
        return NewGame(GameRequest(chosen), MODE_NOTES[chosen.mode])

    def on_difficulty(self) -> NewGame | Redraw:
        """Ask for a preset game, or open the custom form."""
        value = str(reported("difficulty"))
        if value in PRESETS:
            return self.start(PRESETS[value])
        return Redraw(then=(OpenDialog("custom-dialog"), Focus("custom-width")))

    def on_mode(self) -> NewGame | None:
        """Ask for a game of the same size in the mode the menu now names."""
        return None if self.request is None else self.start(self.request.settings)

    def on_custom_submit(self, _event: JsEvent) -> NewGame | Redraw:
        """Start a custom game and close the form, or say what is wrong and keep the game."""
        try:
            width, height, mines = (
                _whole(str(reported(f"custom-{n}")), n) for n in ("width", "height", "mines")
            )
            first = FirstClick(str(reported("custom-first")))
            settings = Settings(width, height, mines, first)
        except ValueError as problem:  # SettingsError included
            self.form_error = f"Not started: {problem}."
            return Redraw()
        self.form_error = ""
        asked = self.start(settings)
        return dataclasses.replace(asked, then=(CloseDialog("custom-dialog"),))

    def daily_game(self) -> NewGame:
        """Ask for today's board of the current preset (beginner for other games)."""
        request = self.request
        name = request.settings.preset_name() if request and request.layout is None else None
        return NewGame(GameRequest.for_day(name or "beginner", today()))

    def set_flag_mode(self, on: bool) -> Redraw:
        """Switch taps between revealing and flagging, and announce it."""
        self.board.flag_mode = on
        say("Flag mode: taps place flags." if on else "Reveal mode: taps open cells.")
        return Redraw()

    def on_touch_style(self) -> Redraw | None:
        """Turn Flag mode off when the touch style chosen hides it (js/controls.js)."""
        if not self.board.flag_mode or str(reported("touch-style")) in FLAG_MODE_STYLES:
            return None
        self.board.flag_mode = False
        return Redraw()


def _whole(text: str, name: str) -> int:
    """Read a whole number typed in the form (ASCII digits only)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{name} must be a whole number")
    return int(text)


def view_difficulty(request: GameRequest) -> tuple[Node, ...]:
    """Return the difficulty selector naming *request*'s game: a preset, a layout or custom.

    A daily board is a choice of its own, named with its preset and day while it is played.
    """
    name = request.settings.preset_name() if request.layout is None else "layout"
    if request.daily is None or name is None:
        return (h("select", "#difficulty", props={"value": name or "custom"}),)
    return (
        h("option", "?#difficulty option[value=daily]", text=daily_choice(name, request.daily)),
        h("select", "#difficulty", props={"value": "daily"}),
    )


def view_controls(
    request: GameRequest, daily_done: Callable[[str, str], bool], *, day: str, tall: bool
) -> tuple[Node, ...]:
    """Return the selector, the custom form, the boxes and the daily button for *request*.

    *daily_done* tells whether a preset's board of *day* was played; *tall* whether the
    screen is portrait (expert is then offered standing up).
    """
    settings = request.settings
    preset = settings.preset_name() or "beginner"
    done = daily_done(preset, day)
    return (
        *view_difficulty(request),
        h("input", "#custom-width", props={"value": str(settings.width)}),
        h("input", "#custom-height", props={"value": str(settings.height)}),
        h("input", "#custom-mines", props={"value": str(settings.mines)}),
        h("select", "#custom-first", props={"value": settings.first_click.value}),
        h("select", "#mode", props={"value": settings.mode.value}),
        h(
            "button",
            "#portrait-offer",
            props={"hidden": not (tall and settings.preset_name() == "expert")},
        ),
        h(
            "button",
            "#daily",
            attrs={
                "data-done": "true" if done else "false",
                "aria-label": daily_label(preset, done),
            },
        ),
    )
