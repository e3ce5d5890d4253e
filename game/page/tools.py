"""The solver's tools on the page: a hint, one solver move, the solver playing on, the mine odds.

The solver is imported where it is first used, not with the page: the first
screen does not need it (`game.page.app.DEFERRED` imports it just after).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from game.page.asks import Play, Redraw
from game.page.board_view import BoardView
from game.page.dom import say
from game.page.heard import Listen, clicks
from game.page.storage import Store
from game.page.tree import Node, h
from game.rules.board import Position
from game.rules.events import CellOpened
from game.rules.state import Game, Status
from game.session import Aid, Made, Running, Session
from game.words import aid_notice, fair_said, impossible

if TYPE_CHECKING:
    from game.session.hints import Mark, Reading
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
        """The session last taken in: what the buttons act on."""
        self.aid_note = ""
        """The notice that the game now counts as assisted, while it is up ("" when not)."""
        self.why_lost = ""
        """Why a kind or cruel game's last reveal lost, for its result card ("" when not)."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the tools hear: Hint, one solver move, the solver playing, the odds."""
        return (
            clicks("hint", self.hint),
            clicks("autoplay", self.solver_move),
            clicks("autoplay-run", self.toggle_solver),
            clicks("overlay", lambda: self.session.set_odds(not self.session.odds_on)),
            clicks("aid-note-never", self.never_tell),
        )

    def analyse(self, game: Game, what: str) -> Analysis | None:
        """Return the solver's analysis of *game*, or None after saying why there is none."""
        from game.rules.seen import Seen
        from game.session.hints import analysed

        reading = analysed(Seen.from_game(game), budget=ANALYSIS_BUDGET)
        if reading.problem is not None:
            self.board.mark(page_marks(reading.marks))
            say(f"{what}: {no_answer(reading.problem)}.")
        return reading.analysis

    def hint(self) -> Session | None:
        """Mark the next move and why; the game is then assisted (`game.session.hints.hint`)."""
        from game.session.hints import hint

        hinted = hint(self.session, budget=ANALYSIS_BUDGET)
        if hinted.reading is None:  # the game shown is over
            return None
        show_reading(self.board, hinted.reading, "No hint")
        return hinted.session if hinted.reading.explanation is not None else None

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

    def best_move(self, game: Game) -> Position | None:
        """Return the solver's choice of cell to reveal, or None (after saying why)."""
        analysis = self.analyse(game, "The solver cannot move")
        return None if analysis is None else analysis.best

    def judged(self, made: Made) -> str:
        """Mark what a kind or cruel game's rule made of *made*'s reveal; return what to say.

        A cruel loss marks the certainly safe cells there were and the proof of the
        nearest; nothing is said of a classic game's move (`game.words.fair_said`).
        """
        said, marks = fair_said(made, budget=ANALYSIS_BUDGET)
        if marks:
            self.board.mark(page_marks(marks))
        self.why_lost = said if made.session.live.status is Status.LOST else ""
        return said

    def take(self, session: Session, old: Session) -> None:
        """Take in *session*: the odds while they are on, and the assisted notice, once."""
        self.session = session
        game = session.shown
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
        if session.history.start is not old.history.start:
            self.aid_note = self.why_lost = ""
        chosen = session.aids - {Aid.KNOWN_LAYOUT, Aid.EARLIER}
        if session.start is old.start:
            first = bool(chosen) and not (old.aids - {Aid.KNOWN_LAYOUT, Aid.EARLIER})
        else:  # a new game: only the mine odds, still on, assist it from the start
            first = session.odds_on and not len(session.history)
        if first and not self.quiet:
            self.aid_note = aid_notice(next(a for a in Aid if a in chosen))

    def never_tell(self) -> Redraw:
        """Stop the notice for good (kept in this browser when it allows)."""
        self.quiet = True
        self.aid_note = ""
        self.store.write(QUIET_KEY, "1", "This browser would not keep that choice past this visit.")
        return Redraw()


def view_tools(session: Session, aid_note: str) -> tuple[Node, ...]:
    """Return the tools' pressed states, the assisted badge, and the assisted notice."""
    return (
        h("button", "#overlay", attrs={"aria-pressed": "true" if session.odds_on else "false"}),
        h(
            "button",
            "#autoplay-run",
            attrs={"aria-pressed": "true" if session.running is Running.SOLVER else "false"},
        ),
        h("div", "#assist-badge", props={"hidden": not session.is_assisted()}),
        h("p", "#aid-note", props={"hidden": not aid_note}),
        h("span", "#aid-note-text", text=aid_note),
    )


PAGE_MARKS: Final = {
    "proof": "proof",
    "safe": "hint-safe",
    "mine": "hint-mine",
    "guess": "hint-guess",
    "contradiction": "contradiction",
}
"""The board's mark for each of the hint's marks (`game.session.hints.Mark`, by value)."""


def page_marks(marks: Mapping[Position, Mark]) -> dict[Position, str]:
    """Return the board's marks for the hint's (or a contradiction's) *marks*."""
    return {pos: PAGE_MARKS[mark.value] for pos, mark in marks.items()}


def no_answer(problem: ValueError) -> str:
    """Say why the solver has no answer: the cells that contradict, or the position's size."""
    from game.solver import ImpossiblePositionError

    return impossible(problem) if isinstance(problem, ImpossiblePositionError) else str(problem)


def show_reading(board: BoardView, reading: Reading, refused: str) -> None:
    """Mark the hint's cells and say it, or say *refused* and why (`game.session.hints`)."""
    board.mark(page_marks(reading.marks))
    if reading.explanation is None:
        assert reading.problem is not None
        say(f"{refused}: {no_answer(reading.problem)}.")
    else:
        say(reading.explanation.words)
