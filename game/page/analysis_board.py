"""The analysis board (`?position=`): a position to study, with its odds, best move and reason.

The board shows a position text, whose rows the link joins with `/`; every
hidden cell shows its exact chance of holding a mine, and the hint's move
and proof are marked. The player can edit it (a cell hidden, flagged or a
number; the mine total) and share it: the address always holds the position.
"""

from __future__ import annotations

from game.names import where
from game.page.board_view import BoardView
from game.page.channel import replace_address
from game.page.dom import announce, by_id, say
from game.page.heard import listen
from game.page.tools import ANALYSIS_BUDGET, show_reading
from game.rules.board import Position
from game.rules.events import FlagToggled, GameStarted, Move
from game.rules.layout import TextFormatError
from game.rules.seen import FLAGGED, HIDDEN, Seen, SeenCell
from game.rules.settings import Settings, SettingsError
from game.rules.state import Game
from game.session.hints import read_position
from game.session.query import quote
from game.solver import ImpossiblePositionError


class AnalysisBoard:
    """A position on the board instead of a game, while the page's address asks for one."""

    def __init__(self, board: BoardView, seen: Seen) -> None:
        self.board = board
        self.seen = seen
        board.editing = True
        listen(by_id("analysis-mines"), "change", lambda _e: self.on_mines())

    @classmethod
    def from_query(cls, board: BoardView, value: str) -> AnalysisBoard:
        """Return the analysis board of the `position` parameter *value*.

        :raises ValueError: saying what is wrong with the position text.
        """
        try:
            seen = Seen.from_text(value.replace("/", "\n"))
            Settings(seen.width, seen.height, seen.mines)  # a mine total the board can hold
        except (TextFormatError, SettingsError, ValueError) as error:
            raise ValueError(f"position: {error}") from None
        return cls(board, seen)

    def show(self) -> None:
        """Draw the position, its odds, its best move and the reason, and keep the address."""
        by_id("analysis-mines").value = str(self.seen.mines)
        settings = Settings(self.seen.width, self.seen.height, self.seen.mines)
        game = Game(GameStarted(settings, 0), self.seen.to_board())
        self.board.render(game)
        self.board.mark({})
        text = self.seen.to_text().strip().replace("\n", "/")
        replace_address(f"?position={quote(text, safe='/')}")
        reading = read_position(self.seen, budget=ANALYSIS_BUDGET, odds=True)
        self.board.show_odds(reading.odds)
        refused = "No analysis"
        if isinstance(reading.problem, ImpossiblePositionError):
            refused = "This position cannot happen"
        show_reading(self.board, reading, refused)

    def edit(self, move: Move) -> None:
        """Change the cell a move points at: a right click flags, a click sets the chosen kind."""
        pos = move.pos
        if pos not in self.seen.cells:
            return
        current = self.seen.cells[pos]
        chosen: SeenCell
        if type(move) is FlagToggled:
            chosen = HIDDEN if current is FLAGGED else FLAGGED
        else:
            chosen = self.paint()
        self.seen = self.seen.changed(pos, chosen)
        self.show()
        self.board.move_focus(pos)
        say_edit(pos, chosen)

    @staticmethod
    def paint() -> SeenCell:
        """Return what the paint selector puts in a clicked cell."""
        value = str(by_id("analysis-paint").value)
        if value == "H":
            return HIDDEN
        if value == "F":
            return FLAGGED
        return int(value)

    def on_mines(self) -> None:
        """Use the mine total typed in, if the board can hold it."""
        text = str(by_id("analysis-mines").value).strip()
        cells = self.seen.width * self.seen.height
        if not (text.isascii() and text.isdigit()) or not 0 <= int(text) < cells:
            say(f"The mine total must be a whole number from 0 to {cells - 1}.")
            by_id("analysis-mines").value = str(self.seen.mines)
            return
        self.seen = self.seen.with_mines(int(text))
        self.show()


def say_edit(pos: Position, cell: SeenCell) -> None:
    """Say, for screen readers, what an edit made of a cell (the analysis follows)."""
    name = "hidden" if cell is HIDDEN else "flagged" if cell is FLAGGED else f"a {cell}"
    announce(f"{where(pos)} is now {name}.")
