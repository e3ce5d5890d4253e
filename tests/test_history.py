"""The history: any step rebuilt from kept boards equals a fresh fold, and long games load fast."""

from __future__ import annotations

import pytest

from game.rules.events import CellOpened, FlagToggled, GameStarted, MinesLaid
from game.rules.history import History, HistoryBuilder, checkpoint_every
from game.rules.settings import Settings
from game.rules.state import fold
from helpers import history_of, move, played, random_start


def long_history(moves: int) -> History:
    """Return a history of flag toggles and reveals on an expert board."""
    start = random_start(30, 16, 99, seed=11)
    history = played(History(start), move("r 3 3"))
    x = 0
    while len(history) < moves:
        history = history.then(move(f"f {x % 30} {15 - x // 30 % 16}"))
        x += 1
    return history


class TestHistory:
    def test_every_step_equals_a_fresh_fold(self) -> None:
        """The state at each step, from the kept boards, equals the fold of that prefix."""
        history = long_history(3 * checkpoint_every(30 * 16) + 5)
        events = history.events
        for step, state in enumerate(history.states()):
            assert history.state_at(step) == state
        cut = 1 + 40  # the deal, then 40 moves
        assert history.state_at(40) == fold(history.start, events[:cut])

    def test_the_deal_belongs_to_the_first_reveal(self) -> None:
        """Steps count moves: the deal is folded with the reveal that caused it."""
        history = history_of(random_start(9, 9, 10), "f 0 0", "r 4 4")
        assert [type(e) for e in history.events] == [FlagToggled, MinesLaid, CellOpened]
        assert len(history) == 2
        assert not history.state_at(1).board.mines_laid
        assert history.state_at(2).board.mines_laid
        assert history.upto(1).events == history.events[:1]

    def test_upto_discards_later_moves_and_continues(self) -> None:
        """Going back and playing on gives the same as the shorter game played on."""
        history = long_history(40)
        branch = history.upto(20).then(move("f 29 0"))
        assert len(branch) == 21
        expected = (*history.events[:21], move("f 29 0"))  # the deal, then 20 moves
        assert branch.current == fold(history.start, expected)

    def test_upto_then_redo_is_identity(self) -> None:
        """Stepping back and replaying the same events gives an equal history."""
        history = long_history(35)
        redone = history.upto(10)
        for event in history.events[11:]:
            redone = redone.then(event)
        assert redone == history
        assert redone.current == history.current

    def test_out_of_range_step(self) -> None:
        """A step outside 0..len is refused with a message."""
        history = history_of(random_start(9, 9, 10), "r 4 4")
        with pytest.raises(IndexError, match="step 2 is out of range: 0 to 1"):
            history.state_at(2)


class TestLongGames:
    def test_a_huge_game_keeps_few_boards(self) -> None:
        """30,000 flag toggles on 100x100 fold once and keep a bounded number of boards."""
        start = GameStarted(Settings(100, 100, 2000), 3)
        builder = HistoryBuilder(start)
        for number in range(30_000):
            builder.add(FlagToggled((number % 100, number // 100 % 100)))
        history = builder.build()
        assert len(history) == 30_000
        kept = len(history._checkpoints)
        assert kept <= 30_000 // checkpoint_every(10_000) + 1 <= 25
        assert history.state_at(10_001).board.flags == 9_999  # one pass flags all, one unflags
        assert history.current.board.flags == 10_000

    def test_checkpoints_grow_with_the_board(self) -> None:
        """Small boards keep a board every 16 events; a 100x100 one every 1,250."""
        assert checkpoint_every(81) == 16
        assert checkpoint_every(10_000) == 1_250
