"""Leaving the game for a puzzle or a position and coming back to it: nothing is lost.

The puzzles take the board; an unfinished game is set aside first, as a link or a
replay file sets it aside, so that Resume brings it back, moves and clock as they
were, and a new game chosen from the puzzle does not replace it (issue 46). A
`puzzle` or `position` address does the same to the game kept by the last visit.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Protocol

from game.deal.seed import fresh_seed
from game.page.asks import Ask
from game.page.channel import replace_address
from game.page.dom import by_id, say
from game.session import Running
from game.session.query import GameRequest, Param, query_fields
from game.words import KEPT_TO_RESUME

if TYPE_CHECKING:
    from game.page.analysis_board import AnalysisBoard
    from game.page.board_view import BoardView
    from game.page.files import Files
    from game.page.puzzle_board import Puzzles
    from game.session import Session


class App(Protocol):
    """What of the page's app (`game.page.app.App`) the puzzles' comings and goings use."""

    session: Session
    board: BoardView
    files: Files
    puzzles: Puzzles
    analysis: AnalysisBoard | None

    def update(self, session: Session) -> None:
        """Show *session*: the one place the session changes."""

    def leave_analysis(self) -> None:
        """Put away the analysis board, if it is shown."""

    def ready(self) -> None:
        """Have the page answer, its controls on as the view says."""


def open_puzzles(app: App) -> Ask:
    """Show a new puzzle of the level last chosen instead of *app*'s game.

    An unfinished game is set aside first, to resume; the page then holds a new
    game of its kind, which the puzzle's leaving shows.
    """
    app.leave_analysis()
    if app.session.running is not Running.NOTHING:  # its next step would draw over it
        app.update(app.session.stop())
    return app.files.suspend(app.session, functools.partial(_show_puzzle, app))


def _show_puzzle(app: App, kept: bool) -> None:
    if kept:  # aside: the game on the page must not be it, or Resume would keep it twice
        app.update(app.session.new_game(app.session.request, fresh_seed()))
    app.puzzles.open(app.puzzles.level(), fresh_seed(), note=KEPT_TO_RESUME if kept else "")
    app.ready()


def leave_studies(app: App, request: GameRequest) -> None:
    """Put away *app*'s analysis board or puzzle, if one is shown, for a game of *request*."""
    if app.analysis is not None or app.puzzles.active:
        app.leave_analysis()
        app.puzzles.close()
        replace_address("?" + request.to_query())
        app.ready()


def show_study(app: App, search: str) -> tuple[bool, str | None]:
    """Show the puzzle or the position the address's *search* asks for, if it asks for one.

    Return whether it asks for one, and why what it asks for could not be shown (None
    when it was, or when it asks for none).
    """
    fields = query_fields(search)
    puzzle = [text for text in fields.get(Param.PUZZLE, []) if text]
    position = [text for text in fields.get(Param.POSITION, []) if text]
    problem = None
    if puzzle:
        try:
            app.puzzles.open_link(puzzle[-1])
        except ValueError as error:
            problem = f"{error} (a default game started)"
        else:
            return True, None
    if position:
        from game.page.analysis_board import AnalysisBoard

        try:
            app.analysis = AnalysisBoard.from_query(app.board, position[-1])
        except ValueError as error:
            problem = f"{error} (a default game started)"
        else:
            app.analysis.show()
            return True, None
    return bool(puzzle or position), problem


def studied(app: App, told: list[str]) -> None:
    """Add what *told* says of the game kept to the words of what a link showed; be ready.

    Runs once the page has answered what the start wrote (the game kept, set aside):
    the game waiting behind the puzzle or position is then kept in its place.
    """
    if told:
        shown = str(by_id("message").textContent or "")  # the puzzle's or position's words
        say(" ".join(words for words in (shown, *told) if words))
        app.files.save()
    app.ready()
