"""A game's history: its log of moves and the state after any number of them.

The state after step *n* is, by definition, `replay(start, moves[:n])`. To
answer that in bounded time for long games (the time-travel slider asks at
every step), the history keeps the state after every `CHECKPOINT_EVERY`-th
move and folds at most that many moves from the nearest one. States are
immutable values, so keeping them is safe.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from typing import Final

from game.events import GameStarted, Move
from game.state import Game, apply, start_game

CHECKPOINT_EVERY: Final = 16
"""Moves between kept states: fewer means more memory, more means slower look-ups."""


@dataclass(frozen=True)
class History:
    """The start of a game, its moves, and checkpoints that make any step cheap to rebuild."""

    start: GameStarted
    """The event that began the game."""
    moves: tuple[Move, ...] = ()
    """Every move made, in order."""
    current: Game = field(init=False, compare=False, repr=False)
    """The state after all the moves."""
    _checkpoints: tuple[Game, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        checkpoints = [start_game(self.start)]
        state = checkpoints[0]
        for number, move in enumerate(self.moves, 1):
            state = apply(state, move)
            if number % CHECKPOINT_EVERY == 0:
                checkpoints.append(state)
        object.__setattr__(self, "current", state)
        object.__setattr__(self, "_checkpoints", tuple(checkpoints))

    @classmethod
    def _build(
        cls,
        start: GameStarted,
        moves: tuple[Move, ...],
        checkpoints: tuple[Game, ...],
        current: Game,
    ) -> History:
        history = object.__new__(cls)
        object.__setattr__(history, "start", start)
        object.__setattr__(history, "moves", moves)
        object.__setattr__(history, "current", current)
        object.__setattr__(history, "_checkpoints", checkpoints)
        return history

    def __len__(self) -> int:
        """Return the number of moves made."""
        return len(self.moves)

    def state_at(self, step: int) -> Game:
        """Return the game as it was after the first *step* moves.

        :raises IndexError: if *step* is not 0 to `len(self)`.
        """
        if not 0 <= step <= len(self.moves):
            raise IndexError(f"step {step} is out of range: 0 to {len(self.moves)}")
        if step == len(self.moves):
            return self.current
        base = step // CHECKPOINT_EVERY
        start = base * CHECKPOINT_EVERY
        return reduce(apply, self.moves[start:step], self._checkpoints[base])

    def then(self, move: Move) -> History:
        """Return this history with *move* made after its last move."""
        state = apply(self.current, move)
        moves = (*self.moves, move)
        checkpoints = self._checkpoints
        if len(moves) % CHECKPOINT_EVERY == 0:
            checkpoints = (*checkpoints, state)
        return History._build(self.start, moves, checkpoints, state)

    def upto(self, step: int) -> History:
        """Return the history of the first *step* moves, discarding the later ones.

        :raises IndexError: if *step* is not 0 to `len(self)`.
        """
        state = self.state_at(step)
        kept = self._checkpoints[: step // CHECKPOINT_EVERY + 1]
        return History._build(self.start, self.moves[:step], kept, state)
