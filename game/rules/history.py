"""A game's history: its log of events and the state after any number of moves.

The log holds the player's moves and the `MinesLaid` event the first reveal
records; a step counts moves only, so the deal belongs to the move that
caused it. The state after step *n* is, by definition, the fold of the log
up to the *n*-th move. To answer that in bounded time for long games (the
time-travel slider asks at every step), the history keeps a packed board
(`Board.pack`: a byte per cell) every so many events and folds at most that
many from the nearest one.

Building a history from a long log (a saved game, a replay file) folds every
event into one `Draft`, so loading 100,000 moves costs about as much as
playing them once, not one copy of the board per move.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import Final

from game.rules.board import Board, Draft, ReadableBoard
from game.rules.events import Event, GameStarted, MinesLaid, Move
from game.rules.state import Game, apply, fold_into, start_game

MIN_CHECKPOINT_EVERY: Final = 16
"""Fewest events between kept boards (small boards: a fold of 16 events is nothing)."""


def checkpoint_every(cells: int) -> int:
    """Return how many events a history folds between kept boards, for boards of *cells*.

    Rebuilding a step unpacks one board (about *cells* steps of work) and
    folds up to this many events; tying it to the size keeps both halves
    alike, and keeps the longest game a file may hold (20,000 moves) on a
    100x100 board to a score of kept boards of 10 kB each.
    """
    return max(MIN_CHECKPOINT_EVERY, cells // 8)


class HistoryBuilder:
    """A history being built event by event, in place: how long logs load quickly."""

    def __init__(self, start: GameStarted) -> None:
        self.start = start
        self.draft = Draft(start_game(start).board)
        self.events: list[Event] = []
        self.ends = [0]
        self.checkpoints = [(0, self.draft.pack())]
        self.every = checkpoint_every(start.settings.width * start.settings.height)

    @property
    def board(self) -> ReadableBoard:
        """The board after the events added so far (read it, do not keep it)."""
        return self.draft

    def add(self, event: Event) -> None:
        """Fold *event* into the history."""
        fold_into(self.draft, event)
        self.events.append(event)
        if type(event) is not MinesLaid:
            self.ends.append(len(self.events))
        if len(self.events) - self.checkpoints[-1][0] >= self.every:
            self.checkpoints.append((len(self.events), self.draft.pack()))

    def build(self) -> History:
        """Return the history of every event added."""
        current = Game(self.start, self.draft.freeze())
        return History._build(
            self.start,
            tuple(self.events),
            tuple(self.ends),
            tuple(self.checkpoints),
            current,
        )


class History:
    """The start of a game, its events, and kept boards that make any step cheap to rebuild.

    Histories are values: `then` and `upto` return new ones.
    """

    __slots__ = ("_checkpoints", "_ends", "current", "events", "start")

    start: GameStarted
    """The event that began the game."""
    events: tuple[Event, ...]
    """Every event after the start, in order: the moves and the deal."""
    current: Game
    """The state after all the events."""
    _ends: tuple[int, ...]
    """How many events the first k moves take, for k from 0 to the number of moves."""
    _checkpoints: tuple[tuple[int, bytes], ...]
    """Kept boards: how many events were folded, and the board then, packed."""

    def __init__(self, start: GameStarted, events: Iterable[Event] = ()) -> None:
        builder = HistoryBuilder(start)
        for event in events:
            builder.add(event)
        built = builder.build()
        for name in History.__slots__:
            object.__setattr__(self, name, getattr(built, name))

    @classmethod
    def _build(
        cls,
        start: GameStarted,
        events: tuple[Event, ...],
        ends: tuple[int, ...],
        checkpoints: tuple[tuple[int, bytes], ...],
        current: Game,
    ) -> History:
        history = object.__new__(cls)
        history.start = start
        history.events = events
        history._ends = ends
        history._checkpoints = checkpoints
        history.current = current
        return history

    def __len__(self) -> int:
        """Return the number of moves made."""
        return len(self._ends) - 1

    def __eq__(self, other: object) -> bool:
        """Histories are equal when they start alike and hold the same events."""
        if not isinstance(other, History):
            return NotImplemented
        return self.start == other.start and self.events == other.events

    def __hash__(self) -> int:
        """Hash the start and the events, as equality compares them."""
        return hash((self.start, self.events))

    def __repr__(self) -> str:
        """Rebuild the history: `History(start, events)`."""
        return f"History({self.start!r}, {self.events!r})"

    @property
    def moves(self) -> tuple[Move, ...]:
        """The player's moves, in order (the events without the deal)."""
        return tuple(e for e in self.events if not isinstance(e, MinesLaid))

    def state_at(self, step: int) -> Game:
        """Return the game as it was after the first *step* moves.

        :raises IndexError: if *step* is not 0 to `len(self)`.
        """
        if not 0 <= step <= len(self):
            raise IndexError(f"step {step} is out of range: 0 to {len(self)}")
        if step == len(self):
            return self.current
        return Game(self.start, self._draft_at(self._ends[step]).freeze())

    def states(self) -> Iterator[Game]:
        """Yield the game after each step, from 0 to `len(self)`, folding the log once."""
        draft = Draft(start_game(self.start).board)
        done = 0
        yield Game(self.start, draft.freeze())
        for end in self._ends[1:]:
            for event in self.events[done:end]:
                fold_into(draft, event)
            done = end
            yield Game(self.start, draft.freeze())

    def _draft_at(self, cut: int) -> Draft:
        """Return a draft of the board after the first *cut* events."""
        index = bisect_right(self._checkpoints, cut, key=lambda c: c[0]) - 1
        done, packed = self._checkpoints[index]
        draft = Draft(Board.unpack(packed))
        for event in self.events[done:cut]:
            fold_into(draft, event)
        return draft

    def then(self, *events: Event) -> History:
        """Return this history with *events* made after its last one."""
        history = self
        for event in events:
            history = history._then(event)
        return history

    def _then(self, event: Event) -> History:
        state = apply(self.current, event)
        events = (*self.events, event)
        ends = self._ends if type(event) is MinesLaid else (*self._ends, len(events))
        checkpoints = self._checkpoints
        every = checkpoint_every(len(state.board.cells))
        if len(events) - checkpoints[-1][0] >= every:
            checkpoints = (*checkpoints, (len(events), state.board.pack()))
        return History._build(self.start, events, ends, checkpoints, state)

    def upto(self, step: int) -> History:
        """Return the history of the first *step* moves, discarding the later ones.

        :raises IndexError: if *step* is not 0 to `len(self)`.
        """
        state = self.state_at(step)
        cut = self._ends[step]
        kept = tuple(c for c in self._checkpoints if c[0] <= cut)
        return History._build(self.start, self.events[:cut], self._ends[: step + 1], kept, state)
