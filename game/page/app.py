"""The page's wiring and start-up: one session, rendered by the view modules after every change.

Startup path: the worker's script (game/page/worker.py) hands js/host.js `start`, which
it calls with what the page says of itself, then `dispatch`, with each event.
The components never call into the app: each handler returns what the player asked for
(game/page/asks.py), which the channel hands to `App.answer`. That computes the new
session, and `App.update`, the one place that holds it, counts a finished game, saves,
and has each component render from it.
"""

from __future__ import annotations

import functools
import json
from importlib import import_module
from typing import TYPE_CHECKING, Any, Final, cast

from game.deal.dealer import Lay, dealt
from game.deal.seed import fresh_seed
from game.language import _
from game.page import speech
from game.page.asks import (
    Ask,
    Dealt,
    NewGame,
    Play,
    RecordsChanged,
    Redraw,
    Replace,
    Said,
    Show,
    Stored,
)
from game.page.board_view import GROUPS, BoardView
from game.page.channel import address, interpreter_start, now, page, portrait, today
from game.page.commands import Focus
from game.page.controls import Controls, view_controls
from game.page.dom import announce, say, show_now
from game.page.files import SAVE_KEY, Files
from game.page.heard import JsEvent, later, listen, on_answer, on_click, register, soon
from game.page.keys import PageKey, page_key
from game.page.live_figures import LiveFigures
from game.page.model import NO_GAME, BoardMode, Model
from game.page.moment import Moment
from game.page.patcher import Patcher
from game.page.player import Player
from game.page.puzzle_board import Puzzles
from game.page.review_panel import ReviewPanel
from game.page.running import Runner
from game.page.statistics import Statistics
from game.page.storage import Store
from game.page.studies import leave_studies, open_puzzles, show_study, studied
from game.page.summary import Summary
from game.page.timeline import Timeline
from game.page.tools import Tools
from game.page.view import view
from game.rules.events import CellOpened, Move
from game.rules.state import Status
from game.session import Aid, Session
from game.session.query import DEFAULT, GameRequest, request_from_query
from game.session.records import Result, mode_label
from game.session.visit import visit
from game.words import MODE_NOTES, best_note, discarded, opened, result_line, start_note

if TYPE_CHECKING:
    from game.page.analysis_board import AnalysisBoard

DEFERRED: Final = ("game.solver.explain", "game.teacher.review", "game.deal.noguess",
    "game.page.analysis_board", "game.teacher.puzzles", "game.community.watch",
    "game.community.replay_stats", "game.solver.sample", "game.community.details")  # fmt: skip
"""What the first screen does without: the solver and all that uses it, the slowest of
its imports in Pyodide. Imported one by one just after the page is ready, so that a hint
answers at once; the code that uses them imports them where it does."""


class App:
    """The page: the session, the records, and the modules that show them."""

    def __init__(self) -> None:
        self.store = Store()
        self.patcher = Patcher()
        self.started = ""
        self.language_note = ""
        """How Python started, once the page answers ("" before: the page is loading)."""
        self.drawn = False
        """Whether the page was drawn since the message or task being handled began."""
        self.session = Session.begin(DEFAULT, fresh_seed())
        self.board = BoardView()
        self.controls = Controls(self.board)
        self.timeline = Timeline(self.session)
        self.tools = Tools(self.board, self.store, self.session)
        self.stats = Statistics(self.store, self.session.mode)
        self.files = Files(self.store, self.session)
        self.best_note = ""
        self.summary = Summary(self.session)
        self.analysis: AnalysisBoard | None = None
        """The position studied instead of a game, while the address asks for one."""
        self.review, self.player = ReviewPanel(self.board, self.session), Player()
        parts = (self.controls, self.timeline, self.tools, self.stats, self.files, self.summary)
        self.live = LiveFigures(self.player)
        for part in (*parts, self.review, self.player, self.live):
            register(part.listens())
        self.runner = Runner(self.session, self.player)
        self.puzzles = Puzzles(self.board, self.store)
        on_answer(self.answer, self.settle)
        on_click("puzzles", lambda: open_puzzles(self))
        self.moment = Moment()
        on_click("reset", lambda: NewGame(self.session.request))
        listen("document", "keydown", self.on_page_key, prevent="page-keys")
        # The clock runs between moves too: its time is kept each second it shows, and
        # when the page is hidden (a page going away is gone before Python could answer).
        listen("document", "visibilitychange", lambda _e: self.files.save())
        later(self.tick, 250, repeat=True)

    def answer(self, asked: Ask) -> None:
        """Do what a component's handler asked, then run what the session says runs."""
        if isinstance(asked, Session):
            self.update(asked)
        elif isinstance(asked, Said):
            self.update(asked.session)
            say(asked.words)
        elif isinstance(asked, Play):
            self.on_move(asked.move, asked.aid)
        elif isinstance(asked, Dealt):  # the first reveal lays the board found
            self.make(asked.move, asked.aid, dealt(asked.mines))
        elif isinstance(asked, NewGame):
            self.new_game(asked.request)
            if asked.note:
                say(asked.note)
            self.patcher.run(asked.then)
        elif isinstance(asked, Show):
            self.update(self.session.show(asked.step))
        elif isinstance(asked, Replace):
            self.replace(asked.session)
            say(asked.words)
        elif isinstance(asked, RecordsChanged):
            self.render_controls()
            self.draw()
            self.patcher.run(asked.then)
        elif isinstance(asked, Redraw):
            self.draw()
            self.patcher.run(asked.then)
        elif isinstance(asked, Stored):
            then = asked.then
            self.store.commit(asked.changes, lambda made: self.answer(then(made)), asked.refused)
        self.runner.run(self.session)  # a step asked for and refused: the next one still comes

    def start(self, language_note: str = "") -> None:
        """Read the URL and storage, show the game, and tell tests the page is ready.

        A puzzle or a position the address asks for is shown instead of a game, and the
        game kept is set aside as for a link to another game (`visit`). *language_note*
        says what went wrong with the page's language, with the welcome.
        """
        self.language_note = language_note
        search = address()["search"]
        told: list[str] = []  # what the start says of the game kept, once the page answered
        kept = self.files.load(told.append)
        study, problem = show_study(self, search)
        request, url_problem = request_from_query("" if study else search)
        problem = problem or url_problem
        arrival = visit(
            request,
            kept,
            asked=search not in ("", "?"),
            same_resumes=problem is None and not study,
            finished_shown=True,
            seed=fresh_seed(),
            now=now(),
        )
        if arrival.set_aside is not None:  # the game saved stays there until it is aside
            self.store.held.add(SAVE_KEY)
            self.answer(
                self.files.suspend(arrival.set_aside, functools.partial(self.set_aside, told))
            )
        if study and problem is None:  # the game on the page waits behind what is shown
            self.store.settled(functools.partial(studied, self, told))
            return
        self.update(arrival.session)
        self.render_controls()
        self.store.settled(functools.partial(self.welcome, arrival.restored, problem or "", told))

    def set_aside(self, told: list[str], kept: bool) -> None:
        """Take in whether the unfinished game a link replaced was kept to resume."""
        if kept:
            self.store.held.discard(SAVE_KEY)
            told.append("Your unfinished game was kept: Resume brings it back.")
        else:
            self.store.refuse(
                SAVE_KEY,
                "There is no room to set your unfinished game aside: it stays kept in this"
                " browser, and the game on the page is not kept.",
            )

    def welcome(self, restored: bool, problem: str, told: list[str]) -> None:
        """Say what the start found, play the moves made while loading, and be ready.

        Runs once the page has answered what the start wrote (a game or records set
        aside), so it says only what happened; the new game is then saved, unless the
        game kept before it is still held.
        """
        mode = _(MODE_NOTES[self.session.start.settings.mode])  # a link may name a fair mode
        notes = [_("Welcome back: your game was restored.") if restored else mode, problem]
        notes += [*told, self.stats.notice, self.puzzles.notice, self.language_note]
        if not self.store.available:
            notes.append(_("This browser keeps no site data here: games and records are not kept."))
        notes.append(start_note(self.session, self.stats.records.is_daily_done))
        say(" ".join(note for note in notes if note))
        if told:  # the game kept before is aside: the new one takes its place
            self.files.save()
        for asked in self.board.play_pending():  # each once the one before is answered
            self.answer(asked)
        self.ready()

    def ready(self) -> None:
        """Have the page answer: its controls on (the view says which) and `data-ready` set.

        What the first screen did without is imported now, a module a task.
        """
        self.started = interpreter_start()
        for name in DEFERRED:
            soon(functools.partial(import_module, name))

    # -- the one place the session changes -----------------------------------------------

    def update(self, session: Session) -> None:
        """Hold *session*: count its end once, save it, and render every module."""
        old, self.session = self.session, session
        self.moment.moved(session, old)  # before a component has its say of the new moment
        self.stats.mode = session.mode  # the records panel opens on the game's mode
        if session.shown is not old.shown:
            self.board.mark({})
        self.board.render(session.shown)
        show_now()  # the board first: the rest (a finished game's figures) may take a while
        session, result = session.result(today())
        if result is not None:
            self.session = session
            self.best_note = self.count(result)
        self.timeline.take(session)
        self.summary.take(session, self.files.opened)
        self.review.take(session)
        self.tools.take(session, old)
        if session.live is not old.live and session.live.start is old.live.start:
            before, after = old.shown.board.revealed_safe, session.shown.board.revealed_safe
            announce(opened(before, after))
        self.player.take(session, self.files.watching(session))  # the moment that draw shows
        self.draw()
        self.patcher.run(self.review.follow(session))
        self.runner.run(session)
        self.files.render(session, old)

    def count(self, result: Result) -> str:
        """Add a finished game to the records; return a note if it is a new best."""
        session = self.session
        records, bests = self.stats.records.count(session.mode, result, session.request.daily)
        if records is not self.stats.records:
            self.stats.keep(records)
            self.render_controls()
        return best_note(mode_label(session.mode), bests)

    # -- what the player does ------------------------------------------------------------

    def replace(self, session: Session) -> None:
        """Put another game on the page: a resumed one, or a replay file to watch."""
        leave_studies(self, session.request)
        self.best_note = ""
        self.update(session)
        self.render_controls()

    def new_game(self, request: GameRequest) -> None:
        """Start a new game of *request* (the mine odds stay as they were)."""
        leave_studies(self, request)
        self.best_note = ""
        self.update(self.session.new_game(request, fresh_seed()))
        self.render_controls()
        say(start_note(self.session, self.stats.records.is_daily_done))

    def leave_analysis(self) -> None:
        """Put away the analysis board, if it is shown."""
        if self.analysis is not None:
            self.analysis = None
            self.board.editing = False
            self.board.show_odds(None)

    def on_move(self, move: Move, aid: Aid | None = None) -> None:
        """Make *move* if the rules allow it (a click that does nothing is simply ignored).

        The first reveal of a no-guess board deals first, a step at a time
        between which the page stays free, since the search may take seconds.
        """
        if self.analysis is not None:
            self.analysis.edit(move)
            return
        if self.puzzles.active:
            self.puzzles.on_move(move)
            return
        session = self.session
        problem = session.problem(move)
        if problem is not None or self.runner.dealing:
            if problem is not None and "start cell" in problem:
                say(f"Not flagged: {problem}.")
            return
        if session.start.settings.no_guess and session.deals(move):
            self.runner.deal_then(cast(CellOpened, move), aid)  # only a reveal deals
        else:
            self.make(move, aid)

    def make(self, move: Move, aid: Aid | None, lay: Lay | None = None) -> None:
        """Make an allowed *move* and say what it did; a first reveal deals by *lay*, if given."""
        session = self.session
        made = session.make(move, now(), aid=aid, lay=lay)
        start = session.start.start_cell
        self.update(made.session)
        notes = [discarded(made.discarded)]
        moved = start is not None and session.deals(move) and move.pos != start
        if moved:  # the tap opened another cell than the one tapped: say why, in view
            notes.append("This board starts at its marked cell, the same for every player.")
        after = made.session.live.status
        if after in (Status.WON, Status.LOST):
            notes.append(result_line(made.session))
        notes.append(self.tools.judged(made))  # a kind or cruel game's forced reveal or loss
        say(" ".join(n for n in notes if n), in_view=moved)
        if after is Status.LOST:
            self.patcher.run((Focus("reset"),))

    def on_page_key(self, event: JsEvent) -> None:
        """Do what a key pressed anywhere but in a text field asks (`keys.page_key`)."""
        asked = page_key(event)
        if asked is PageKey.UNDO and not self.puzzles.active:  # a puzzle has no move to undo
            self.answer(self.timeline.undo())
        elif asked is PageKey.NEW_GAME:
            self.new_game(self.session.request)
        elif asked is PageKey.CLOSE and self.summary.card_open:
            self.answer(self.summary.hide())

    # -- small views ---------------------------------------------------------------------

    def board_mode(self) -> BoardMode:
        """Return what the board shows: the game, a position or a puzzle."""
        if self.analysis is not None:
            return BoardMode.POSITION
        return BoardMode.PUZZLE if self.puzzles.active else BoardMode.GAME

    def model(self) -> Model:
        """Return everything the page's views read, as one value."""
        session, summary = self.session, self.summary
        return Model(
            session,
            mode=self.board_mode(),
            on_board=self.board.shown,
            started=self.started,
            best_note=self.best_note,
            flag_mode=self.board.flag_mode,
            aid_note=self.tools.aid_note,
            why_lost=self.tools.why_lost,
            resume_offered=self.files.resume_offered,
            link=self.files.link,
            form_error=self.controls.form_error,
            card_open=summary.card_open,
            community=summary.known(session),
            clicks=summary.clicks_known(session),
            watching=self.files.watching(session),
            review=self.review.shown(),
            records=self.stats.shown_panel(),
        )

    def settle(self) -> None:
        """Draw the page once a message or task is handled, unless its answer just did."""
        if not self.drawn:
            self.draw()
        self.drawn = False

    def draw(self) -> None:
        """Show the page as a view of the model, patched where it changed.

        The board's groups of cells come after its cells: when its buttons were made
        again, they hold none, and the patcher forgets what it had shown on them.
        """
        if self.board.rebuilt:
            for group in GROUPS:
                self.patcher.forget_group(group)
            self.board.rebuilt = False
        self.patcher.show(view(self.model()) + self.board.view())
        self.show_time()
        self.drawn = True

    def render_controls(self) -> None:
        """Show the current game's settings in the controls and the daily board's state."""
        request = self.session.request
        self.controls.take(request)
        self.patcher.show(
            view_controls(request, self.stats.records.is_daily_done, day=today(), tall=portrait())
        )

    def show_time(self) -> None:
        """Write the moment shown into `#timer` (whole seconds) and `#live`, where they changed."""
        clock, game = now(), self.session if self.board_mode() is BoardMode.GAME else NO_GAME
        timer = self.moment.timer(game, clock, self.player.time_ms(game, clock))
        self.patcher.show((*timer, *self.live.view(game, clock)))

    def tick(self) -> None:
        """Show the clock, and keep the game with its time each second the clock runs."""
        self.show_time()
        if self.moment.second_passed(self.session, now()):
            self.files.save()


app: App | None = None


def start(facts: str) -> str:
    """Start the game, given what the page says of itself; return what to show (js/host.js)."""
    global app
    said = json.loads(facts)
    language_note = speech.speak(said)
    page.begin(said)
    app = App()
    app.start(language_note)
    app.draw()
    app.drawn = False  # each message then draws once it is handled, unless its answer did
    return page.take()


def dispatch(message: str, files: Any) -> str:
    """Run what the page sends (an event, a timer, a board intent); return what to show."""
    return page.dispatch(json.loads(message), files)
