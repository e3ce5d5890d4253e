"""The history: any step rebuilt from checkpoints equals a fresh fold."""

from __future__ import annotations

import pytest

from game.history import CHECKPOINT_EVERY, History
from game.state import replay
from helpers import history_of, move, random_start


def long_history(moves: int) -> History:
    """Return a history of flag toggles and reveals on an expert board."""
    start = random_start(30, 16, 99, seed=11)
    history = History(start).then(move("r 3 3"))
    x = 0
    while len(history) < moves:
        history = history.then(move(f"f {x % 30} {15 - x // 30 % 16}"))
        x += 1
    return history


class TestHistory:
    def test_every_step_equals_a_fresh_fold(self) -> None:
        """The checkpointed state at each step equals the fold of that prefix."""
        history = long_history(3 * CHECKPOINT_EVERY + 5)
        for step in range(len(history) + 1):
            expected = replay(history.start, history.moves[:step])
            assert history.state_at(step) == expected

    def test_upto_discards_later_moves_and_continues(self) -> None:
        """Going back and playing on gives the same as the shorter game played on."""
        history = long_history(40)
        branch = history.upto(20).then(move("f 29 0"))
        assert len(branch) == 21
        assert branch.current == replay(history.start, (*history.moves[:20], move("f 29 0")))

    def test_upto_then_redo_is_identity(self) -> None:
        """Stepping back and replaying the same moves gives an equal history."""
        history = long_history(35)
        redone = history.upto(10)
        for m in history.moves[10:]:
            redone = redone.then(m)
        assert redone == history
        assert redone.current == history.current

    def test_out_of_range_step(self) -> None:
        """A step outside 0..len is refused with a message."""
        history = history_of(random_start(9, 9, 10), "r 4 4")
        with pytest.raises(IndexError, match="step 2 is out of range: 0 to 1"):
            history.state_at(2)
