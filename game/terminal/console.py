"""The full-screen terminal game as a value: the session, the cursor, hint marks and a message.

The hint and its marks (`Mark`) are the session's (`game.session.hints`), and so
are a kind or cruel game's notes (`game.words.fair_said`: a forced reveal, a cruel loss's
certainly safe cells and why the nearest was safe).

Every key the player presses becomes one pure transition here, so what the
keys do is tested under CPython without a terminal; `tui` only reads
keys and draws (through `screen`). The rules, undo, the clock and the
aids are the session's (`game.session`), the same model the page uses, and
the sentences are the page's (`game.words`).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from game.community.watch import replay_of
from game.names import plural, where
from game.rules.board import Position, Revealed
from game.rules.events import FlagToggled, Move
from game.rules.press import Refusal, Refused, press
from game.rules.state import Status
from game.session import Session
from game.session.hints import Mark, hint
from game.session.visit import Swap
from game.solver import ImpossiblePositionError
from game.solver.explain import Action
from game.words import fair_said, impossible, no_chord, result_line, summary_items

HINT_BUDGET: Final = 200_000
"""Steps the solver may take for one hint: five times the page's budget, as CPython runs
it several times faster than Pyodide, so a hint still answers in well under a second."""

AFTER_LOSS: Final = "U takes it back; N starts a new game."
"""The terminal's keys after a loss, in the page's result sentence."""


class Key(enum.Enum):
    """What a key asks for (a move of the cursor, or a command)."""

    LEFT = (-1, 0)
    RIGHT = (1, 0)
    UP = (0, -1)
    DOWN = (0, 1)
    OPEN = "open"
    FLAG = "flag"
    UNDO = "undo"
    HINT = "hint"
    NEW = "new"
    RESUME = "resume"
    QUIT = "quit"


KEYS: Final[Mapping[str, Key]] = {
    "h": Key.LEFT,
    "l": Key.RIGHT,
    "k": Key.UP,
    "j": Key.DOWN,
    " ": Key.OPEN,
    "\n": Key.OPEN,
    "\r": Key.OPEN,
    "f": Key.FLAG,
    "F": Key.FLAG,
    "u": Key.UNDO,
    "U": Key.UNDO,
    "H": Key.HINT,
    "?": Key.HINT,
    "n": Key.NEW,
    "N": Key.NEW,
    "r": Key.RESUME,
    "R": Key.RESUME,
    "q": Key.QUIT,
    "Q": Key.QUIT,
}
"""The keys typed as characters (the arrows and Enter come as curses key codes too)."""

KEYS_HELP: Final = (
    ("arrows/hjkl", "move"),
    ("Space", "open"),
    ("F", "flag"),
    ("U", "undo"),
    ("H/?", "hint"),
    ("N", "new"),
    ("Q", "quit"),
)
"""The one-line help: each key and what it does, shortened to fit narrow terminals."""
RESUME_KEY: Final = ("R", "resume")


def help_line(columns: int, can_resume: bool = False) -> str:
    """Return the keys and what they do, in the longest form that fits *columns*."""
    keys = (*KEYS_HELP[:-1], RESUME_KEY, KEYS_HELP[-1]) if can_resume else KEYS_HELP
    return fitted(keys, columns)


def fitted(keys: tuple[tuple[str, str], ...], columns: int) -> str:
    """Return *keys* and what they do in the longest form that fits *columns*, or the keys."""
    for text in (
        "  ".join(f"{key} {does}" for key, does in keys),
        " ".join(f"{key}:{does}" for key, does in keys),
        " ".join(key for key, _ in keys),
    ):
        if len(text) < columns:
            break
    return text


@dataclass(frozen=True)
class Console:
    """What the full-screen game shows besides the terminal's size."""

    session: Session
    """The game, its history, clock and aids."""
    cursor: Position = (0, 0)
    """The cell the keys act on."""
    marks: Mapping[Position, Mark] = field(default_factory=dict)
    """The last hint's marks, until the next move."""
    message: str = ""
    """The last thing said to the player."""

    def moved(self, dx: int, dy: int) -> Console:
        """Return the console with the cursor moved by (*dx*, *dy*), stopping at the edges."""
        settings = self.session.start.settings
        x = min(max(self.cursor[0] + dx, 0), settings.width - 1)
        y = min(max(self.cursor[1] + dy, 0), settings.height - 1)
        return dataclasses.replace(self, cursor=(x, y))

    def said(self, message: str) -> Console:
        """Return the console saying *message*."""
        return dataclasses.replace(self, message=message)

    def press(self, now: float) -> Console:
        """Open the cell under the cursor: reveal it, or chord on it, as the page does."""
        pressed = press(self.session.live.board, self.cursor)
        if not isinstance(pressed, Refused):
            return self.made(pressed, now)
        if pressed.reason is Refusal.OVER:
            return self.over()
        if pressed.reason is Refusal.FLAGGED:
            return self.said(f"{where(self.cursor)} is flagged: F takes the flag off.")
        if pressed.reason is Refusal.FLAGS_DIFFER:
            return self.said(no_chord(self.cursor, pressed.shows, pressed.flags))
        return self.said(f"Nothing to open at {where(self.cursor)}.")

    def flag(self, now: float) -> Console:
        """Put a flag on the cell under the cursor, or take it off."""
        if self.session.live.is_over():
            return self.over()
        if type(self.session.live.board.cells[self.cursor]) is Revealed:
            return self.said(f"{where(self.cursor)} is open: only hidden cells take a flag.")
        problem = self.session.problem(FlagToggled(self.cursor))
        if problem is not None:
            return self.said(problem[0].upper() + problem[1:] + ".")
        return self.made(FlagToggled(self.cursor), now)

    def over(self) -> Console:
        """Say that the game is over, and which keys go on from there."""
        if self.session.live.status is Status.WON:
            return self.said("The game is won: N starts a new one.")
        return self.said(f"The game is lost. {AFTER_LOSS}")

    def made(self, move: Move, now: float) -> Console:
        """Return the console after *move*; at the end of the game, say how it went."""
        made = self.session.make(move, now)
        session = made.session
        said, marks = fair_said(made, budget=HINT_BUDGET)
        message = said
        if session.live.is_over():
            message = f"{said} {result_line(session, after_loss=AFTER_LOSS)}".strip()
            if session.live.status is Status.WON:
                message += " N starts a new game."
            numbers = session.figures
            if numbers is not None:
                clicks = replay_of(session).played.clicks
                items = summary_items(numbers, clicks)
                message += " " + ", ".join(f"{k} {v}" for k, v in items) + "."
        return dataclasses.replace(self, session=session, marks=marks, message=message)

    def undo(self, now: float) -> Console:
        """Take back the last move (the game is then assisted)."""
        if not len(self.session.history):
            return self.said("Nothing to undo.")
        session = self.session.undo(now)
        blown = session.explosions
        note = f" Mines hit and undone: {blown}." if blown else ""
        return dataclasses.replace(self, session=session, marks={}, message=f"Move undone.{note}")

    def hint(self) -> Console:
        """Mark the solver's next move and why, and put the cursor on the move if it opens.

        A mine stays where the cursor is not: Space out of habit must not open it. The
        hint is the session's (`game.session.hints.hint`), as on the page.
        """
        hinted = hint(self.session, budget=HINT_BUDGET)
        reading = hinted.reading
        if reading is None:
            return self.said("The game is over: there is nothing to hint.")
        explanation = reading.explanation
        if explanation is None:
            assert reading.problem is not None
            problem = reading.problem
            why = impossible(problem) if isinstance(problem, ImpossiblePositionError) else problem
            return dataclasses.replace(self, marks=reading.marks, message=f"No hint: {why}.")
        flags = explanation.action is Action.FLAG
        action = f"F flags it at {where(explanation.move)}" if flags else "Space opens it"
        return dataclasses.replace(
            self,
            session=hinted.session,
            cursor=self.cursor if flags else explanation.move,
            marks=reading.marks,
            message=f"{explanation.words} (+ safe, x mine, ? a guess; {action}.)",
        )

    def new_game(self, seed: int) -> Console:
        """Start a new game of the same kind; the cursor stays where it was, if on the board."""
        request = self.session.request
        session = self.session.new_game(request, seed)
        settings = session.start.settings
        fresh = Console(session).moved(*self.cursor)
        return fresh.said(
            f"New game: {settings.width}x{settings.height}, {plural(settings.mines, 'mine')}."
        )

    def resumed(self, swapped: Swap | None) -> Console:
        """Return the console on the game Resume brought back (`game.session.visit.swap`)."""
        if swapped is None:
            return self.said("There is no game set aside to resume.")
        left = " The game you left is set aside: R brings it back."
        kept = left if swapped.set_aside is not None else ""
        message = f"Resumed the game set aside.{kept}"
        return Console(swapped.session, message=message).moved(*self.cursor)
