"""What runs on its own: the replay, the solver playing on, the search for a no-guess board.

Each goes a step at a time, so the page stays free between steps. The
solver and the no-guess search are imported where first used, not with the
page (`game.page.app.DEFERRED`).
"""

from __future__ import annotations

import asyncio
from typing import Final

from game.page.asks import Dealt, Play
from game.page.channel import now
from game.page.dom import say
from game.page.heard import cancel, later, reported, spawn
from game.page.player import Player
from game.page.tools import ANALYSIS_BUDGET
from game.rules.board import Position
from game.rules.events import CellOpened, GameStarted
from game.session import Aid, Running, Session

STEP_MS: Final = 450
"""Pace of the replay and of the solver playing on at 1x: slow enough to follow each move."""
REAL_PACE_MS: Final = (60, 3_000)
"""The shortest and longest wait between moves replayed at the game's own pace."""


class Runner:
    """Steps what the session says is running, and deals no-guess boards without freezing."""

    def __init__(self, session: Session, player: Player) -> None:
        self.session = session
        """The session last run: what a step steps."""
        self.player = player
        """The replay file's playback, whose pace a file's replay follows."""
        self.stepper: int | None = None
        self.timed: object = None
        """The playback's moments the step waiting was timed by (another pace times anew)."""
        self.search: asyncio.Future[object] | None = None
        self.searched_for: GameStarted | None = None
        """The game the no-guess search deals for: another game on the page drops it."""

    @property
    def dealing(self) -> bool:
        """Whether a no-guess board is being searched for: moves wait until it is dealt."""
        return self.search is not None

    def run(self, session: Session) -> None:
        """Step the replay or the solver at the chosen pace while *session* says so.

        A no-guess search for a game *session* no longer holds (a new game, a
        file opened, a game resumed) stops: its move belongs to that game.
        """
        self.session = session
        if self.search is not None and session.start is not self.searched_for:
            self.search.cancel()
            self.search = None
        running = session.running
        if running is Running.NOTHING and self.stepper is not None:
            cancel(self.stepper)
            self.stepper = None
        elif running is not Running.NOTHING and (
            self.stepper is None or self.timed is not self.player.sent
        ):
            if self.stepper is not None:
                cancel(self.stepper)
            self.timed = self.player.sent
            self.stepper = later(self.step, self.pause())

    def pause(self) -> float:
        """Return the wait before the next step: the game's own pace, or 450 ms over a speed.

        A replay file's game comes at the file's pace, at the speed chosen (`Player`).
        """
        speed = str(reported("speed"))
        session = self.session
        wait = self.player.wait_ms(session, now()) if session.running is Running.REPLAY else None
        if wait is not None:
            return wait
        if speed == "skip":
            speed = "real"
        if speed != "real":
            return STEP_MS / float(speed)
        step = session.step
        if session.running is Running.REPLAY and 0 < step < len(session.times):
            shortest, longest = REAL_PACE_MS
            return min(longest, max(shortest, session.times[step] - session.times[step - 1]))
        return STEP_MS

    def step(self) -> Session | Play:
        """Ask for one step of what runs: the next move of the replay, or the solver's next move.

        The app answers it and runs what the session it computed says runs (`run`).
        """
        self.stepper = None
        session = self.session
        if session.running is Running.REPLAY:
            return session.replay_step()
        from game.rules.seen import Seen
        from game.solver import analyse

        try:
            best = analyse(Seen.from_game(session.shown), budget=ANALYSIS_BUDGET).best
        except ValueError as error:
            say(f"The solver stopped: {error}.")
            best = None
        return session.stop() if best is None else Play(CellOpened(best), Aid.SOLVER_PLAY)

    def deal_then(self, move: CellOpened, aid: Aid | None) -> None:
        """Search for a board that logic alone clears, showing progress, then ask for *move*."""
        start = self.searched_for = self.session.start
        self.search = spawn(self._deal_then(start, move, aid))

    async def _deal_then(
        self, start: GameStarted, move: CellOpened, aid: Aid | None
    ) -> Dealt | None:
        from game.deal.noguess import NoGuessError, deal_steps

        steps = deal_steps(start.settings, start.seed, start.start_cell or move.pos)
        shown = now()
        try:
            while True:
                share = next(steps)
                if now() - shown > 100:
                    say(f"Dealing a board that logic alone clears… {share:.0%} of the search")
                    shown = now()
                await asyncio.sleep(0)  # back to the browser: input and painting go on
        except StopIteration as done:
            self.search = None
            mines: frozenset[Position] = done.value
            return Dealt(move, mines, aid)
        except NoGuessError as error:
            self.search = None
            say(f"{error}.")
        return None
