"""Hints that say why: each kind of reason where it comes first, and every proof sound."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from game.deal.dealer import advance
from game.rules.board import Position, neighbour_table
from game.rules.events import FlagToggled
from game.rules.seen import FLAGGED, HIDDEN, Seen, format_position
from game.rules.state import Status
from game.solver import ImpossiblePositionError, TooComplexError, analyse
from game.solver.explain import NOTHING_LEFT, Action, Reason, explain
from helpers import arrangements, chances, opened_game

# Each position's reason is the first of the order that applies to it.
CASES = [
    # A 1 with its flag: its other hidden neighbours are safe.
    ("4x2x2\nF1HH\nHHHH\n", Reason.FOUND, Action.REVEAL, (2, 0), ((1, 0), (0, 0))),
    # A 0 next to hidden cells (a flag stopped the opening there, then went).
    ("3x2x1\n0HH\nHHH\n", Reason.FOUND, Action.REVEAL, (1, 0), ((0, 0),)),
    # A 1 with one hidden neighbour.
    ("3x1x1\n1HH\n", Reason.FULL, Action.FLAG, (1, 0), ((0, 0),)),
    # 1-2 on an edge: the 2 has one mine more than the 1 beside it; 2-1: the 1 is satisfied.
    ("4x2x2\nHHHH\n1211\n", Reason.OVERLAP, Action.REVEAL, (3, 0), ((2, 1), (1, 1))),
    ("3x2x2\nHHH\n121\n", Reason.OVERLAP, Action.FLAG, (2, 0), ((1, 1), (0, 1))),
    # Every mine flagged; as many mines left as hidden cells; numbers that need every mine left.
    ("3x3x1\nFHH\nHHH\nHHH\n", Reason.TOTAL, Action.REVEAL, (1, 0), ((0, 0),)),
    ("2x1x2\nHH\n", Reason.TOTAL, Action.FLAG, (0, 0), ()),
    ("3x3x1\n1HH\nHHH\nHHH\n", Reason.TOTAL, Action.REVEAL, (2, 0), ((0, 0),)),
    ("3x3x2\nH10\nH21\nHHH\n", Reason.TOTAL, Action.REVEAL, (0, 2), ((1, 0), (2, 1))),
    # Three numbers at once: the 2 holds the two 1s' mines, so its corner is safe.
    ("4x3x3\nHHHH\nHH21\nHH10\n", Reason.COUNTING, Action.REVEAL, (1, 0), ((2, 1), (3, 1), (2, 2))),
    ("4x2x3\nHH10\nHH10\n", Reason.COUNTING, Action.FLAG, (0, 0), ((2, 0), (2, 1))),
    # Nothing certain.
    ("2x2x1\nHH\nHH\n", Reason.GUESS, Action.GUESS, (0, 0), ()),
]


@pytest.mark.parametrize(("text", "reason", "action", "move", "proof"), CASES)
def test_each_reason_where_it_is_the_first_that_applies(
    text: str, reason: Reason, action: Action, move: Position, proof: tuple[Position, ...]
) -> None:
    """The hint gives the simplest reason, its move, and the cells its proof reads."""
    e = explain(text)
    assert (e.reason, e.action, e.move, e.proof) == (reason, action, move, proof)
    if action is not Action.GUESS:
        assert e.words.startswith(f"Row {move[1] + 1}, column {move[0] + 1} is")


def test_a_number_whose_mines_are_found_says_so() -> None:
    """The words name the number, its flags and every safe cell."""
    e = explain("4x2x2\nF1HH\nHHHH\n")
    assert e.words == (
        "Row 1, column 3 is safe: the 1 at row 1, column 2 has all its mines flagged (1 flag),"
        " so its other hidden neighbours are safe (row 1, column 3, row 2, column 1,"
        " row 2, column 2 and row 2, column 3)."
    )
    assert e.safe == ((2, 0), (0, 1), (1, 1), (2, 1))
    assert e.risk == 0


def test_the_overlap_rule_names_both_numbers() -> None:
    """Two numbers' reasons name both, and what each needs."""
    mines = explain("3x2x2\nHHH\n121\n")
    assert mines.words == (
        "Row 1, column 3 is a mine: the 1 at row 2, column 1 needs 1 mine, so the hidden"
        " neighbours it shares with the 2 at row 2, column 2 hold at most 1 mine; the 2 at"
        " row 2, column 2 needs 2 mines, so its other hidden neighbours are all mines"
        " (row 1, column 3)."
    )
    safe = explain("4x2x2\nHHHH\n1211\n")
    assert "the 2 at row 2, column 2" in safe.words
    assert "the 1 at row 2, column 3" in safe.words


def test_counting_gives_the_count() -> None:
    """The last certain reason says how many arrangements were counted."""
    text = "4x3x3\nHHHH\nHH21\nHH10\n"
    e = explain(text)
    assert e.arrangements == 12 == len(arrangements(Seen.from_text(text)))
    assert "of the arrangements of the mines that fit the numbers and the total (12 of them)" in (
        e.words
    )


def test_a_guess_gives_its_risk_and_the_chance_of_winning() -> None:
    """On a 2x2 board with one mine and nothing revealed, every cell is a 1-in-4 risk."""
    e = explain("2x2x1\nHH\nHH\n")
    assert (e.risk, e.win_chance, e.safe, e.mines) == (Fraction(1, 4), Fraction(1, 4), (), ())
    assert e.words == (
        "No cell is certain. Best guess: row 1, column 1, a mine in 25.0% of the arrangements"
        " that fit (4 of them). With best play from here the game is won 25.0% of the time."
    )


def test_a_guess_that_is_not_the_safest_says_why() -> None:
    """When the look-ahead prefers a riskier cell, the words name the safer one too."""
    text = "16x16x40\n1H1" + "H" * 13 + "\nHH22" + "H" * 12 + "\n" + ("H" * 16 + "\n") * 14
    e = explain(text)
    assert e.move == analyse(text).best
    assert "is a little safer" in e.words
    assert "more often leaves a safe move after it" in e.words


class TestRefusals:
    def test_an_impossible_position_names_its_cells(self) -> None:
        """A number its flags overfill is refused before any rule is applied."""
        with pytest.raises(ImpossiblePositionError) as caught:
            explain("4x1x2\nF1FH\n")
        assert caught.value.number == (1, 0)

    def test_nothing_hidden_means_nothing_to_explain(self) -> None:
        """A position with every cell revealed or flagged has no hint."""
        with pytest.raises(ValueError, match=NOTHING_LEFT):
            explain("2x1x1\n1F\n")

    def test_bad_text_is_a_value_error(self) -> None:
        """Text that does not parse says where."""
        with pytest.raises(ValueError, match="line"):
            explain("2x1x1\n1Q\n")

    def test_a_simple_reason_needs_no_count(self) -> None:
        """Past the budget, a rule that needs no count still explains; the count is None."""
        e = explain("4x2x2\nF1HH\nHHHH\n", budget=0)
        assert (e.reason, e.arrangements) == (Reason.FOUND, None)

    def test_counting_past_the_budget_is_refused(self) -> None:
        """When only counting would do, a budget too small for it raises TooComplexError."""
        with pytest.raises(TooComplexError):
            explain("4x3x3\nHHHH\nHH21\nHH10\n", budget=0)


@st.composite
def positions(draw: st.DrawFn) -> str:
    """A small position from a real game, with a few flags that may be wrong."""
    game, cells = opened_game(draw)
    assume(game.status is Status.PLAYING)
    for pos in draw(st.lists(st.sampled_from(cells), max_size=3)):
        game = advance(game, FlagToggled(pos))
    return format_position(game.board)


@given(positions())
def test_every_proof_is_sound(text: str) -> None:
    """What a hint calls safe is safe, and what it calls a mine is one, in every arrangement."""
    seen = Seen.from_text(text)
    fitting = arrangements(seen)
    assume(fitting and seen.hidden())  # a wrong flag can make a position impossible
    exact = chances(seen)
    e = explain(seen)
    assert all(exact[p] == 0 for p in e.safe)
    assert all(exact[p] == 1 for p in e.mines)
    assert e.arrangements == len(fitting)
    if e.action is Action.GUESS:
        assert all(0 < p < 1 for p in exact.values())
        assert e.risk == exact[e.move]
    else:
        assert e.move in (e.safe if e.action is Action.REVEAL else e.mines)
        assert e.risk == 0


@given(positions())
def test_the_simplest_rules_come_first(text: str) -> None:
    """A number with its flags all placed comes first; then one that needs every hidden cell."""
    seen = Seen.from_text(text)
    assume(arrangements(seen) and seen.hidden())
    table = neighbour_table(seen.width, seen.height)
    found = full = False
    for pos, shown in seen.cells.items():
        if isinstance(shown, int):
            hidden = sum(seen.cells[n] is HIDDEN for n in table[pos])
            flags = sum(seen.cells[n] is FLAGGED for n in table[pos])
            found |= hidden > 0 and flags == shown
            full |= 0 < shown - flags == hidden
    reason = explain(seen).reason
    assert (reason is Reason.FOUND) == found
    assert reason is Reason.FULL if full and not found else reason is not Reason.FULL
