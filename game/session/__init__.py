"""A game session: everything the page (or the terminal) holds besides the board.

The history and the move shown, the clock and each move's time, which aids
were used and why the game counts as assisted, whether its result is in the
records, and what is running (a replay, the solver playing on). A session
is a value: every transition returns a new one, so the rules of the page are
tested under CPython like the core, and the view only renders them.

Time enters as data: transitions that need it take *now*, in milliseconds
on any clock that only moves forward (the page passes `performance.now()`).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from functools import cached_property

from game.deal.dealer import Lay, deals, decision, move_problem
from game.deal.fair import Judgement
from game.rules.board import Position
from game.rules.events import FlagToggled, GameStarted, MinesLaid, Move
from game.rules.figures import Figures, game_figures
from game.rules.history import History
from game.rules.layout import Layout
from game.rules.state import Game, IllegalMoveError, Status
from game.session.query import GameRequest
from game.session.records import Result, mode_key


class Aid(enum.Enum):
    """Help that makes a game assisted: it still counts as played, never for a best."""

    HINT = "hint"
    ODDS = "mine odds"
    SOLVER_MOVE = "solver move"
    SOLVER_PLAY = "solver play"
    UNDO = "undo"
    REWIND = "a move from an earlier point"
    KNOWN_LAYOUT = "a board known in advance"
    EARLIER = "help recorded by an earlier version"
    """A game saved before aids were named: it was assisted, for reasons not kept."""


class Running(enum.Enum):
    """What the page repeats on its own, step after step."""

    NOTHING = "nothing"
    REPLAY = "replay"
    """The game is played back from the start, one move a step."""
    SOLVER = "solver"
    """The solver plays on, one move a step, until the game ends."""


@dataclass(frozen=True, slots=True)
class Clock:
    """Time played: it runs from the first reveal and stops when the game ends."""

    played_ms: int = 0
    """Time played up to the moment the clock last started (all of it while stopped)."""
    since: float | None = None
    """When the clock last started, on the caller's clock; None while it is stopped."""

    def read(self, now: float) -> int:
        """Return the milliseconds played at *now*."""
        if self.since is None:
            return self.played_ms
        return self.played_ms + max(0, round(now - self.since))

    def run(self, now: float) -> Clock:
        """Return the clock running from *now* (unchanged if it runs already)."""
        return self if self.since is not None else Clock(self.played_ms, now)

    def stop(self, now: float) -> Clock:
        """Return the clock stopped at *now* (unchanged if it is stopped already)."""
        return self if self.since is None else Clock(self.read(now))


@dataclass(frozen=True, slots=True)
class Made:
    """What a move did to the session."""

    session: Session
    """The session after the move."""
    discarded: int = 0
    """Later moves dropped because the move was made from an earlier point."""
    judgement: Judgement | None = None
    """In kind and cruel, how the fair rule judged the move's reveal (`game.deal.fair`)."""


@dataclass(frozen=True)
class Session:
    """One game as the page holds it; every change is a method that returns a new session."""

    request: GameRequest
    """What the player asked for: a new game starts another of these."""
    history: History
    """The game's start and events."""
    step: int = -1
    """The move shown: `len(history)` while live, less while looking back (-1: the last)."""
    times: tuple[int, ...] = ()
    """When each move was made, in milliseconds of play."""
    clock: Clock = Clock()
    """Time played."""
    aids: frozenset[Aid] = frozenset()
    """The help used in this game."""
    odds_on: bool = False
    """Whether the mine odds are shown: they stay on into the next game, which they assist."""
    counted: bool = False
    """Whether this game's end is in the records (a game counts once)."""
    watched: bool = False
    """A replay file opened to watch: its end never enters the records."""
    running: Running = Running.NOTHING
    """What repeats on its own."""
    explosions: int = 0
    """Times a mine was hit and the move undone."""

    def __post_init__(self) -> None:
        if self.step == -1:
            object.__setattr__(self, "step", len(self.history))
        if not 0 <= self.step <= len(self.history):
            raise ValueError(f"step {self.step} is out of range: 0 to {len(self.history)}")
        if len(self.times) != len(self.history):
            raise ValueError(f"{len(self.times)} move times for {len(self.history)} moves")

    @cached_property
    def shown(self) -> Game:
        """The game at the move shown."""
        return self.history.state_at(self.step)

    @cached_property
    def figures(self) -> Figures | None:
        """The finished game's figures, computed once; None while it runs.

        The summary, the result line and the records all read these, so they
        agree to the millisecond.
        """
        if not self.live.is_over():
            return None
        return game_figures(self.history, self.clock.played_ms)

    @classmethod
    def begin(
        cls, request: GameRequest, seed: int, *, odds_on: bool = False, watched: bool = False
    ) -> Session:
        """Return a new session on a fresh game of *request*, dealt from *seed* if not fixed."""
        return cls.from_start(request, request.start(seed), odds_on=odds_on, watched=watched)

    @classmethod
    def from_start(
        cls,
        request: GameRequest,
        start: GameStarted,
        *,
        odds_on: bool = False,
        watched: bool = False,
    ) -> Session:
        """Return a new session on the game *start* begins, one of *request*'s."""
        aids = {Aid.KNOWN_LAYOUT} if start.layout is not None else set()
        if odds_on:
            aids.add(Aid.ODDS)
        return cls(request, History(start), aids=frozenset(aids), odds_on=odds_on, watched=watched)

    def new_game(self, request: GameRequest, seed: int) -> Session:
        """Return a session on a new game of *request*; the mine odds stay as they were."""
        return Session.begin(request, seed, odds_on=self.odds_on)

    def resume(self, now: float) -> Session:
        """Return the session with its clock running if the live game is in play (after a load)."""
        return self._replace(clock=self._clock_for(self.history.current, self.clock, now))

    # -- what it shows -------------------------------------------------------------------

    @property
    def start(self) -> GameStarted:
        """The event that began the game."""
        return self.history.start

    @property
    def live(self) -> Game:
        """The game after its last move."""
        return self.history.current

    def is_live(self) -> bool:
        """Tell whether the move shown is the last one (the slider is not back in time)."""
        return self.step == len(self.history)

    def is_assisted(self) -> bool:
        """Tell whether any aid was used in this game."""
        return bool(self.aids)

    def is_unfinished(self) -> bool:
        """Tell whether this is a game to come back to, set aside to resume.

        That is the player's own game (not a replay file watched), with moves made,
        and not over: the page and the terminal both keep aside only such a game.
        """
        return bool(len(self.history)) and not self.live.is_over() and not self.watched

    @property
    def mode(self) -> str:
        """The records mode of this game."""
        return mode_key(self.start.settings, daily=self.request.daily is not None)

    def elapsed(self, now: float) -> int:
        """Return the milliseconds played at *now*."""
        return self.clock.read(now)

    def time_shown(self, now: float) -> int:
        """Return the milliseconds played at the moment shown, as the timer shows them.

        The clock's at *now* while the last move is shown; looking back or replaying, the
        time the move shown was made (0 before the first), whatever the clock says since.
        """
        if self.is_live():
            return self.clock.read(now)
        return self.times[self.step - 1] if self.step else 0

    # -- moves ---------------------------------------------------------------------------

    def problem(self, move: Move) -> str | None:
        """Return why *move* cannot be made on the game shown, or None."""
        return move_problem(self.shown, move)

    def deals(self, move: Move) -> bool:
        """Tell whether *move* on the game shown deals the mines (`game.deal.dealer.deals`)."""
        return deals(self.shown, move)

    def make(
        self, move: Move, now: float, *, aid: Aid | None = None, lay: Lay | None = None
    ) -> Made:
        """Make *move* on the game shown, at *now*; *aid* names the help that made it.

        A first reveal deals the mines by *lay* (`game.deal.dealer.Lay`), by default the
        strategy the settings ask for; they enter the history as a `MinesLaid` event.

        Made while looking back, the move continues the game from there: the
        later moves are dropped (`Made.discarded` says how many) and the game
        is assisted. A move of the player's own stops whatever was running;
        the solver's moves keep it playing until the game ends.

        :raises IllegalMoveError: if the rules do not allow the move.
        """
        reason = self.problem(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        history, times, aids = self.history, self.times, set(self.aids)
        discarded = len(history) - self.step
        if discarded:
            history, times = history.upto(self.step), times[: self.step]
            aids.add(Aid.REWIND)
        if aid is not None:
            aids.add(aid)
        decided = decision(history.current, move, lay)
        history = history.then(*decided.events)
        clock = self._clock_for(history.current, self.clock, now)
        times = (*times, clock.read(now))
        running = self.running if aid is Aid.SOLVER_PLAY else Running.NOTHING
        if history.current.is_over():
            running = Running.NOTHING
        session = self._replace(
            history=history,
            step=len(history),
            times=times,
            clock=clock,
            aids=frozenset(aids),
            running=running,
        )
        return Made(session, discarded, decided.judgement)

    def undo(self, now: float) -> Session:
        """Take back the last move, even a fatal one (which counts an explosion)."""
        if not len(self.history):
            return self
        lost = self.live.status is Status.LOST
        history = self.history.upto(len(self.history) - 1)
        return self._replace(
            history=history,
            step=len(history),
            times=self.times[:-1],
            clock=self._clock_for(history.current, self.clock, now),
            aids=self.aids | {Aid.UNDO},
            running=Running.NOTHING,
            explosions=self.explosions + lost,
        )

    @staticmethod
    def _clock_for(game: Game, clock: Clock, now: float) -> Clock:
        """Return *clock* running while *game* is in play and stopped otherwise."""
        if game.status is Status.PLAYING:
            return clock.run(now)
        return clock.stop(now)

    # -- looking back and playing on -----------------------------------------------------

    def show(self, step: int) -> Session:
        """Show the game after *step* moves; whatever was running stops, nothing is dropped."""
        return self._replace(step=step, running=Running.NOTHING)

    def start_replay(self) -> Session:
        """Play the game back from the start (or from the move shown, when looking back)."""
        if not len(self.history):
            return self.stop()
        step = 0 if self.is_live() else self.step
        return self._replace(step=step, running=Running.REPLAY)

    def replay_step(self) -> Session:
        """Show one more move of the replay; it stops at the last one."""
        step = min(self.step + 1, len(self.history))
        done = step == len(self.history)
        return self._replace(step=step, running=Running.NOTHING if done else self.running)

    def start_solver(self) -> Session:
        """Let the solver play on from the move shown (its moves are `Aid.SOLVER_PLAY`)."""
        if self.shown.is_over():
            return self
        return self._replace(running=Running.SOLVER)

    def stop(self) -> Session:
        """Stop whatever is running."""
        return self._replace(running=Running.NOTHING)

    # -- aids ----------------------------------------------------------------------------

    def use(self, aid: Aid) -> Session:
        """Return the session with *aid* used (a hint shown, a solver move asked for)."""
        if aid in self.aids:
            return self
        return self._replace(aids=self.aids | {aid})

    def set_odds(self, on: bool) -> Session:
        """Show or hide the mine odds; showing them assists the game."""
        session = self._replace(odds_on=on)
        return session.use(Aid.ODDS) if on else session

    # -- sharing -------------------------------------------------------------------------

    def challenge(self) -> GameRequest:
        """Return a request for this board that gives nothing away: settings, seed, start cell.

        Whoever opens it gets the same mines (laid around the same start cell)
        without seeing where they are. A layout game can only be shared as itself.
        """
        request = self.request
        start = self.start
        if start.layout is not None:
            return request
        cell = start.start_cell or _first_reveal(self.history)
        if request.daily is not None:
            return request
        return GameRequest(start.settings, seed=start.seed, start_cell=cell)

    def exact_board(self) -> GameRequest | None:
        """Return a request for the exact layout played, once the game is over; else None."""
        board = self.live.board
        if not self.live.is_over():
            return None
        return GameRequest(self.start.settings, layout=Layout.from_board(board))

    # -- records -------------------------------------------------------------------------

    def result(self, day: str) -> tuple[Session, Result | None]:
        """Return the session marked counted and the result to record, once per game.

        None (and the session unchanged) while the game runs, after it was
        counted, or for a replay file being watched. *day* is today's date.
        """
        numbers = self.figures
        if numbers is None or self.counted or self.watched:
            return self, None
        won = self.live.status is Status.WON
        result = Result(
            won,
            numbers.ms,
            numbers.solved_three_bv,
            numbers.clicks,
            numbers.useful,
            self.is_assisted(),
            day,
            nf=not any(type(move) is FlagToggled for move in self.history.moves),
        )
        return self._replace(counted=True), result

    def pause(self, now: float) -> Session:
        """Return the session with its clock stopped at *now*: what a save keeps."""
        return self._replace(clock=self.clock.stop(now))

    def _replace(self, **changes: object) -> Session:
        session: Session = dataclasses.replace(self, **changes)  # type: ignore[arg-type]
        if session.history is self.history and session.clock == self.clock:
            # The same game at the same time: its figures are the same, so keep them.
            known = self.__dict__.get("figures")
            if known is not None:
                session.__dict__["figures"] = known
        return session


def _first_reveal(history: History) -> Position | None:
    """Return the cell the mines were laid around: the reveal right after the deal."""
    events = history.events
    for index, event in enumerate(events[:-1]):
        if isinstance(event, MinesLaid):
            return events[index + 1].pos  # type: ignore[union-attr]
    return None
