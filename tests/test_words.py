"""What the game says: one coordinate language, times with units, aids named for what they were."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.community.clicks import Clicks
from game.rules.events import CellOpened
from game.rules.layout import Layout
from game.rules.settings import PRESETS
from game.session import Aid, Session
from game.session.query import GameRequest
from game.solver import ImpossiblePositionError, analyse
from game.teacher.review import Kind, MoveReview, Verdict
from game.words import (
    card_verdict,
    discarded,
    impossible,
    result_figures,
    result_line,
    summary_items,
    verdict,
)
from game.words.teaching import review_summary


def won_session(*aids: Aid, ms: int = 500) -> Session:
    """A 1x2 board won in *ms* milliseconds with *aids* used."""
    layout = Layout.from_text("*.\n")
    session = Session.begin(GameRequest(layout.settings(), layout=layout), 0)
    session = session.make(CellOpened((1, 0)), 0).session
    assert session.live.is_over()
    session = Session(
        GameRequest(PRESETS["beginner"]), session.history, times=(0,), clock=session.clock
    )
    session = session.pause(ms)
    for aid in aids:
        session = session.use(aid)
    return session


class TestResult:
    def test_a_half_second_win_is_not_zero_seconds(self) -> None:
        """Defect 13.7: a win in 0.5 s says 0.500 s, not "0 seconds" or "1 seconds"."""
        line = result_line(won_session(ms=0))
        assert "You won in 0.000 s!" in line
        assert "seconds" not in line

    def test_the_result_names_the_aids_actually_used(self) -> None:
        """Defect 13.7: a win by the solver says the solver, never "undo or rewind"."""
        line = result_line(won_session(Aid.SOLVER_PLAY))
        assert line.endswith("Assisted: solver play.")
        assert "undo" not in line

    def test_an_unaided_win_says_nothing_of_help(self) -> None:
        """No aid: no parenthesis."""
        assert "assisted" not in result_line(won_session())

    def test_the_verdict_marks_assistance(self) -> None:
        """The summary's headline says when the game was assisted."""
        assert verdict(won_session(Aid.HINT)) == "Won (assisted)"
        assert verdict(won_session()) == "Won"

    def test_the_result_card_marks_assistance_too(self) -> None:
        """The card over the board agrees with the summary under it: an aided win says so."""
        assert card_verdict(won_session(Aid.SOLVER_MOVE)) == "You won (assisted)."
        assert card_verdict(won_session()) == "You won!"

    def test_summary_items_show_solved_of_total_after_a_loss(self) -> None:
        """After a loss the 3BV reads "solved of total"."""
        from game.rules.figures import Figures

        items = dict(summary_items(Figures(16, 2, 3, 3, 1000), Clicks(3, 1, 0, 2, 0, 0)))
        assert items["3BV"] == "2 of 16"
        assert items["3BV/s"] == "2.00"
        assert items["cl / ce"] == "4 / 2"
        assert items["IOE"] == "0.500"

    def test_clicks_are_named_once_as_the_community_names_them(self) -> None:
        """Issue 46, defect 7: "efficiency" was the community's Thrp (3BV over the clicks
        that did something), beside "useful / wasted" counted apart from cl and ce. The
        summary and the card name IOE, 3BV over every click, from the one count."""
        from game.rules.figures import Figures

        numbers, clicks = Figures(10, 10, 5, 5, 2000), Clicks(6, 2, 0, 4, 1, 0)
        names = [name for name, _ in summary_items(numbers, clicks)]
        assert names == ["time", "3BV", "3BV/s", "cl / ce", "IOE"]
        assert result_figures(numbers, clicks) == "2.000 s · 3BV/s 5.00 · IOE 1.250"
        assert result_figures(numbers, Clicks(0, 0, 0, 0, 0, 0)).endswith("IOE –")

    @pytest.mark.parametrize(("count", "text"), [(0, ""), (1, "the later move was"), (3, "3")])
    def test_dropped_moves_are_counted(self, count: int, text: str) -> None:
        """A move from the past says how many later moves it dropped."""
        assert text in discarded(count)


class TestSolverWords:
    def test_a_contradiction_is_named_in_the_same_language(self) -> None:
        """Defect 13.9: solver errors speak of rows and columns, and carry the cells."""
        with pytest.raises(ImpossiblePositionError) as caught:
            analyse("2x2x3\n1F\nFH\n")
        error = caught.value
        assert error.number == (0, 0)
        assert set(error.cells) == {(0, 0), (1, 0), (0, 1)}
        words = impossible(error)
        assert "row 1, column 1" in words
        assert "(0, 0)" not in words

    def test_too_many_flags_highlight_the_flags(self) -> None:
        """More flags than mines: every flag is among the cells to highlight."""
        with pytest.raises(ImpossiblePositionError) as caught:
            analyse("3x1x1\nFF1\n")
        assert set(caught.value.cells) >= {(0, 0), (1, 0)}
        assert "more flags than mines" in impossible(caught.value)


def reviewed(number: int, verdict: Verdict, *, exploded: bool = False) -> MoveReview:
    """A reveal of (number, 0) judged *verdict*: risky ones took 1/2 where 1/4 was safest."""
    risk = {Verdict.CERTAIN: Fraction(0), Verdict.GUESS: Fraction(1, 4)}.get(verdict)
    return MoveReview(
        number,
        CellOpened((number, 0)),
        Kind.REVEAL,
        Fraction(1, 2) if risk is None else risk,
        Fraction(0) if verdict is Verdict.AVOIDABLE else Fraction(1, 4),
        verdict,
        exploded=exploded,
    )


class TestReviewSummary:
    def test_counts_take_their_plural_from_the_count(self) -> None:
        """Issue 46, defect 9: one guess is "1 guess", never "1 guesses"; one move, "1 move"."""
        words = review_summary([reviewed(1, Verdict.GUESS)])
        assert words.startswith("1 move: 0 certain, 1 guess as safe as the safest,")
        assert "guesses" not in words
        two = review_summary([reviewed(1, Verdict.GUESS), reviewed(2, Verdict.GUESS)])
        assert two.startswith("2 moves: 0 certain, 2 guesses as safe as the safest,")

    def test_a_risky_guess_that_worked_is_not_said_to_have_gone_wrong(self) -> None:
        """Issue 46, defect 9: a won game whose move 2 was only risky names it as the first
        risky guess, not "the first move that went wrong", and says no mine was hit."""
        moves = [reviewed(1, Verdict.CERTAIN), reviewed(2, Verdict.RISKY)]
        words = review_summary(moves)
        assert "went wrong" not in words
        assert "The first guess riskier than the safest: move 2." in words
        assert "hit a mine" not in words

    def test_an_avoidable_risk_and_the_mine_hit_are_each_named(self) -> None:
        """A risk taken beside a safe cell is named as such; the move that hit a mine too."""
        moves = [
            reviewed(1, Verdict.CERTAIN),
            reviewed(2, Verdict.AVOIDABLE),
            reviewed(3, Verdict.RISKY, exploded=True),
        ]
        words = review_summary(moves)
        assert "The first risk taken while a cell was certainly safe: move 2." in words
        assert words.endswith("Move 3 hit a mine.")
