"""The solver's tools on the page: a hint, one solver move, the solver playing on, the mine odds.

The solver is imported where it is first used, not with the page: the first
screen does not need it (`game.page.app.DEFERRED` imports it just after).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.page.asks import Play
from game.page.board_view import BoardView
from game.page.dom import by_id, say, set_pressed
from game.page.heard import on_click
from game.page.storage import Store
from game.rules.board import Position
from game.rules.events import CellOpened
from game.rules.state import Game
from game.session import Aid, Running, Session
from game.words import aid_notice, impossible

if TYPE_CHECKING:
    from game.solver import Analysis

QUIET_KEY: Final = "pyminesweeper.quiet-aids"
"""Set when the player asked not to be told again that help makes a game assisted."""

ANALYSIS_BUDGET: Final = 40_000
"""Steps the solver may take on one position in the page: about three times the hardest
expert position met in 30 solver games (16,700 steps, 48 ms in CPython), so the page
answers within a few hundred milliseconds in Pyodide or says the position is too large."""


class Tools:
    """The solver's buttons; each asks for a session changed, or a move (`Play`)."""

    def __init__(self, board: BoardView, store: Store, session: Session) -> None:
        self.board = board
        self.store = store
        self.quiet = store.read(QUIET_KEY) == "1"
        """The player asked not to be told when a game becomes assisted."""
        self.odds_of: Game | None = None
        """The game whose odds the board shows, so they are counted once per position."""
        self.session = session
        """The session last rendered: what the buttons act on."""
        on_click("hint", self.hint)
        on_click("autoplay", self.solver_move)
        on_click("autoplay-run", self.toggle_solver)
        on_click("overlay", lambda: self.session.set_odds(not self.session.odds_on))
        on_click("aid-note-never", self.never_tell)

    def analyse(self, game: Game, what: str) -> Analysis | None:
        """Return the solver's analysis of *game*, or None after saying why there is none."""
        from game.rules.seen import Seen
        from game.solver import ImpossiblePositionError, analyse

        try:
            return analyse(Seen.from_game(game), budget=ANALYSIS_BUDGET)
        except ImpossiblePositionError as error:
            self.board.mark(dict.fromkeys(error.cells, "contradiction"))
            say(f"{what}: {impossible(error)}.")
        except ValueError as error:  # too large to count in a moment
            say(f"{what}: {error}.")
        return None

    def hint(self) -> Session | None:
        """Mark the next move and why; the game is then assisted."""
        session = self.session
        if not session.shown.is_over() and self.show_hint(session.shown):
            return session.use(Aid.HINT)
        return None

    def solver_move(self) -> Play | None:
        """Ask for the solver's move."""
        shown = self.session.shown
        best = None if shown.is_over() else self.best_move(shown)
        return None if best is None else Play(CellOpened(best), Aid.SOLVER_MOVE)

    def toggle_solver(self) -> Session:
        """Let the solver play on until the game ends, or stop it."""
        session = self.session
        running = session.running is Running.SOLVER
        return session.stop() if running else session.start_solver()

    def show_hint(self, game: Game) -> bool:
        """Mark the next move and the cells of its proof, and say why; return whether it could.

        The words and the proof come from one function of the solver (`explain`).
        """
        from game.rules.seen import Seen
        from game.solver import ImpossiblePositionError
        from game.solver.explain import Action, explain

        try:
            explanation = explain(Seen.from_game(game), budget=ANALYSIS_BUDGET)
        except ImpossiblePositionError as error:
            self.board.mark(dict.fromkeys(error.cells, "contradiction"))
            say(f"No hint: {impossible(error)}.")
            return False
        except ValueError as error:  # too large to count in a moment
            say(f"No hint: {error}.")
            return False
        marks = dict.fromkeys(explanation.proof, "proof")
        marks.update(dict.fromkeys(explanation.mines, "hint-mine"))
        marks.update(dict.fromkeys(explanation.safe, "hint-safe"))
        kind = {Action.REVEAL: "hint-safe", Action.FLAG: "hint-mine", Action.GUESS: "hint-guess"}
        marks[explanation.move] = kind[explanation.action]
        self.board.mark(marks)
        say(explanation.words)
        return True

    def best_move(self, game: Game) -> Position | None:
        """Return the solver's choice of cell to reveal, or None (after saying why)."""
        analysis = self.analyse(game, "The solver cannot move")
        return None if analysis is None else analysis.best

    def render(self, session: Session, old: Session) -> None:
        """Show the odds while they are on, what runs, and whether the game is assisted."""
        self.session = session
        game = session.shown
        set_pressed("overlay", session.odds_on)
        set_pressed("autoplay-run", session.running is Running.SOLVER)
        by_id("assist-badge").hidden = not session.is_assisted()
        self.tell_assisted(session, old)
        if not session.odds_on or game.is_over():
            if self.odds_of is not None:
                self.board.show_odds(None)
                self.odds_of = None
            return
        if self.odds_of is game:
            return
        self.odds_of = game
        analysis = self.analyse(game, "No odds")
        self.board.show_odds(None if analysis is None else analysis.exact)

    def tell_assisted(self, session: Session, old: Session) -> None:
        """Say once, when help is first used in a game, that the game now counts as assisted."""
        note = by_id("aid-note")
        if session.history.start is not old.history.start:
            note.hidden = True
        chosen = session.aids - {Aid.KNOWN_LAYOUT, Aid.EARLIER}
        if session.start is old.start:
            first = bool(chosen) and not (old.aids - {Aid.KNOWN_LAYOUT, Aid.EARLIER})
        else:  # a new game: only the mine odds, still on, assist it from the start
            first = session.odds_on and not len(session.history)
        if first and not self.quiet:
            by_id("aid-note-text").textContent = aid_notice(next(a for a in Aid if a in chosen))
            note.hidden = False

    def never_tell(self) -> None:
        """Stop the notice for good (kept in this browser when it allows)."""
        self.quiet = True
        self.store.write(QUIET_KEY, "1", "This browser would not keep that choice past this visit.")
        by_id("aid-note").hidden = True
