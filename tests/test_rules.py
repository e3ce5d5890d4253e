"""The rules of play: revealing, flooding, flags, chords, winning and losing."""

from __future__ import annotations

import pytest

from game.deal.dealer import play
from game.rules.board import Flagged, Hidden, Revealed
from game.rules.events import CellOpened, FlagToggled, NeighboursOpened
from game.rules.state import IllegalMoveError, Status, apply, start_game
from helpers import layout_game, move, play_all, random_start, rows


class TestReveal:
    def test_number_reveals_only_itself(self) -> None:
        """A cell next to a mine shows its count and opens nothing else."""
        game = play_all(layout_game("*..", "...", "..."), "r 1 0")
        assert rows(game) == ["H1H", "HHH", "HHH"]
        assert game.status is Status.PLAYING

    def test_zero_floods_to_its_closure(self) -> None:
        """A zero opens its neighbours, and every zero among them keeps going."""
        game = play_all(layout_game("*....", ".....", "..*.."), "r 4 0")
        assert rows(game) == ["H1000", "H2110", "HHH10"]

    def test_flood_leaves_flags_hidden(self) -> None:
        """Flagged cells stay flagged when an opening reaches them."""
        game = play_all(layout_game("*...", "....", "...."), "f 3 2", "r 3 0")
        assert rows(game) == ["H100", "1100", "000F"]

    def test_revealing_a_mine_loses(self) -> None:
        """The revealed mine is marked '!' and every other mine '*'."""
        game = play_all(layout_game("*.*", "...", "..."), "r 1 1", "r 0 0")
        assert game.status is Status.LOST
        assert rows(game) == ["!H*", "H2H", "HHH"]

    def test_whole_empty_board_opens_in_one_click(self) -> None:
        """A 100x100 board without mines opens at once, with no recursion limit."""
        game = play(start_game(random_start(100, 100, 0)), CellOpened((50, 50)))
        assert game.status is Status.WON
        assert game.board.revealed_safe == 10_000

    def test_reveal_on_revealed_cell_is_refused(self) -> None:
        """`play` explains; `apply` leaves the game as it was."""
        game = play_all(layout_game("*..", "..."), "r 2 1")
        with pytest.raises(IllegalMoveError, match="already revealed"):
            play(game, CellOpened((2, 1)))
        assert apply(game, CellOpened((2, 1))) is game

    def test_reveal_on_flag_is_refused(self) -> None:
        """A flag protects its cell from a reveal."""
        game = play_all(layout_game("*..", "..."), "f 0 0")
        with pytest.raises(IllegalMoveError, match="flagged"):
            play(game, CellOpened((0, 0)))
        assert apply(game, CellOpened((0, 0))) is game


class TestOffBoard:
    @pytest.mark.parametrize("pos", [(-1, 0), (0, -1), (3, 0), (0, 2), (99, 99)])
    def test_every_move_off_the_board_is_refused(self, pos: tuple[int, int]) -> None:
        """Off-board positions are refused by `play` and ignored by `apply`."""
        game = layout_game("*..", "...")
        for kind in (CellOpened, FlagToggled, NeighboursOpened):
            with pytest.raises(IllegalMoveError, match="off the board"):
                play(game, kind(pos))
            assert apply(game, kind(pos)) is game


class TestFlags:
    def test_flag_toggles_and_counts_down(self) -> None:
        """Mines left falls with each flag and rises when one is removed."""
        game = play_all(layout_game("*..", "..."), "f 0 0")
        assert game.mines_left == 0
        assert type(game.board.cells[(0, 0)]) is Flagged
        game = play_all(game, "f 0 0")
        assert game.mines_left == 1
        assert type(game.board.cells[(0, 0)]) is Hidden

    def test_mines_left_can_go_negative(self) -> None:
        """More flags than mines shows a negative count."""
        game = play_all(layout_game("*..", "..."), "f 0 0", "f 1 0", "f 2 0")
        assert game.mines_left == -2

    def test_flag_on_revealed_cell_is_refused(self) -> None:
        """A revealed cell cannot carry a flag."""
        game = play_all(layout_game("*..", "..."), "r 1 1")
        with pytest.raises(IllegalMoveError, match="cannot be flagged"):
            play(game, FlagToggled((1, 1)))
        assert apply(game, FlagToggled((1, 1))) is game

    def test_flags_before_the_first_reveal_survive_mine_laying(self) -> None:
        """A random board keeps flags placed before the first click."""
        game = start_game(random_start(9, 9, 10, seed=4))
        game = play_all(game, "f 8 8", "r 0 0")
        assert type(game.board.cells[(8, 8)]) is Flagged
        assert game.status is not Status.READY


class TestChord:
    def test_chord_opens_unflagged_neighbours(self) -> None:
        """With the right flag placed, a chord opens the rest, flooding zeros."""
        game = play_all(layout_game("*...", "....", "...."), "r 1 1", "f 0 0", "c 1 1")
        assert rows(game) == ["F100", "1100", "0000"]
        assert game.status is Status.WON

    def test_chord_with_too_few_flags_is_refused(self) -> None:
        """A number with fewer flags than its count does not chord."""
        game = play_all(layout_game("*.*", "...", "..."), "r 1 1", "f 0 0")
        with pytest.raises(IllegalMoveError, match="shows 2 but has 1 flagged"):
            play(game, NeighboursOpened((1, 1)))
        assert apply(game, NeighboursOpened((1, 1))) is game

    def test_chord_with_a_wrong_flag_loses(self) -> None:
        """A flag on a safe cell lets the chord open the real mine."""
        game = play_all(layout_game("*..", "...", "..."), "r 1 1", "f 2 2", "c 1 1")
        assert game.status is Status.LOST
        assert rows(game) == ["!10", "110", "00X"]

    def test_chord_on_a_hidden_cell_is_refused(self) -> None:
        """Only revealed cells chord."""
        game = play_all(layout_game("*...", "....", "...*"), "r 2 0")
        with pytest.raises(IllegalMoveError, match="not revealed"):
            play(game, NeighboursOpened((0, 0)))

    def test_chord_on_a_zero_opens_a_neighbour_left_hidden(self) -> None:
        """A cell flagged before the flood reached it, then unflagged, opens by a chord on
        the 0 beside it (INTERFACES, rules), as in the classic game."""
        game = play_all(layout_game("*...", "....", "...."), "f 3 2", "r 3 0", "f 3 2")
        assert rows(game) == ["H100", "1100", "000H"]
        game = play_all(game, "c 2 2")
        assert rows(game) == ["F100", "1100", "0000"]
        assert game.status is Status.WON

    def test_chord_on_a_zero_with_a_flag_beside_it_is_refused(self) -> None:
        """A 0 has no mine around it: a flag beside it is wrong, so it does not chord."""
        game = play_all(layout_game("*...", "....", "...."), "f 3 2", "r 3 0")
        with pytest.raises(IllegalMoveError, match="shows 0 but has 1 flagged"):
            play(game, NeighboursOpened((2, 2)))
        zero = play_all(layout_game("*...", "....", "...*"), "r 2 0")
        with pytest.raises(IllegalMoveError, match="no hidden neighbours"):
            play(zero, NeighboursOpened((2, 0)))

    def test_chord_with_nothing_left_to_open_is_refused(self) -> None:
        """A satisfied number with no hidden neighbour has nothing to chord."""
        game = play_all(layout_game("*...", "....", "...*"), "r 2 0", "r 0 1", "f 0 0")
        with pytest.raises(IllegalMoveError, match="no hidden neighbours"):
            play(game, NeighboursOpened((1, 0)))


class TestWinAndAfter:
    def test_win_flags_the_remaining_mines(self) -> None:
        """Clearing every safe cell wins and shows all mines flagged."""
        game = play_all(layout_game("*.", ".."), "r 1 0", "r 0 1", "r 1 1")
        assert game.status is Status.WON
        assert rows(game) == ["F1", "11"]
        assert game.mines_left == 0

    def test_finished_game_refuses_every_move(self) -> None:
        """After a win or a loss nothing changes any more."""
        won = play_all(layout_game("*.", ".."), "r 1 0", "r 0 1", "r 1 1")
        lost = play_all(layout_game("*.", ".."), "r 0 0")
        for game in (won, lost):
            for text in ("r 1 1", "f 1 1", "f 0 0", "c 1 1", "r 0 0"):
                with pytest.raises(IllegalMoveError, match="game is over"):
                    play(game, move(text))
                assert apply(game, move(text)) is game


class TestEdges:
    def test_one_by_one_board_wins_at_once(self) -> None:
        """A single safe cell is a won game after one click."""
        game = play(start_game(random_start(1, 1, 0)), CellOpened((0, 0)))
        assert game.status is Status.WON
        assert rows(game) == ["0"]

    def test_cells_minus_one_mines_falls_back_to_safe(self) -> None:
        """On a board too dense for an opening, the first cell is still safe."""
        game = play(start_game(random_start(4, 4, 15)), CellOpened((1, 1)))
        assert game.status is Status.WON
        assert game.board.cells[(1, 1)] == Revealed(False, 8)

    def test_corner_counts_only_on_board_neighbours(self) -> None:
        """Corner and border cells count the mines of their on-board neighbours only."""
        game = layout_game("*.*", "*.*", "***")
        assert game.board.cells[(1, 0)].count == 4
        assert game.board.cells[(0, 0)].count == 1
        assert game.board.cells[(1, 1)].count == 7

    def test_ready_until_first_reveal(self) -> None:
        """Flags alone do not start the game."""
        game = play_all(layout_game("*..", "..."), "f 2 1")
        assert game.status is Status.READY
