"""Game review: every move's risk and verdict against exhaustive counting, and the summary."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.rules.board import Flagged, Hidden, Position, Revealed
from game.rules.events import (
    CellOpened,
    FlagToggled,
    GameStarted,
    MinesLaid,
    Move,
    NeighboursOpened,
)
from game.rules.history import History
from game.rules.seen import HIDDEN, Seen
from game.rules.settings import FirstClick, Settings
from game.rules.state import Game, Status
from game.session import saved
from game.solver.endgame import ALWAYS_SEARCHED, MAX_ARRANGEMENTS
from game.teacher.review import (
    TOLERANCE,
    Kind,
    MoveReview,
    Verdict,
    review,
    review_moves,
    summarise,
    verdict_of,
)
from helpers import (
    PerfectPlay,
    arrangements,
    history_of,
    layout_start,
    played,
    random_start,
)


def numbers_only(game: Game) -> Seen:
    """What the review counts from: the numbers and the total, every covered cell alike."""
    cells = {p: c.count if type(c) is Revealed else HIDDEN for p, c in game.board.cells.items()}
    return Seen(game.board.width, game.board.height, game.board.mine_count, cells)


def expected(game: Game, move: Move) -> tuple[Fraction, Fraction, bool, dict[Position, Fraction]]:
    """Count by brute force: the move's risk, the safest of its sort, whether a safe cell
    existed, and every covered cell's chance of a mine."""
    board = game.board
    fitting = arrangements(numbers_only(game))
    covered = [p for p, c in board.cells.items() if type(c) is not Revealed]
    chance = {p: Fraction(sum(p in m for m in fitting), len(fitting)) for p in covered}
    cell = board.cells[move.pos]
    if type(move) is FlagToggled:
        risk = Fraction(0) if type(cell) is Flagged else 1 - chance[move.pos]
        return risk, min(1 - v for v in chance.values()), 0 in chance.values(), chance
    if type(move) is CellOpened:
        opens = [move.pos]
    else:
        opens = [n for n in board.neighbours(move.pos) if type(board.cells[n]) is Hidden]
    hit = sum(1 for m in fitting if any(p in m for p in opens))
    return Fraction(hit, len(fitting)), min(chance.values()), 0 in chance.values(), chance


def verdict(risk: Fraction, safest: Fraction, safe_exists: bool) -> Verdict:
    """The rules of the issue, written again from its words."""
    if risk == 0:
        return Verdict.CERTAIN
    if safe_exists:
        return Verdict.AVOIDABLE
    return Verdict.GUESS if risk - safest <= Fraction(1, 200) else Verdict.RISKY


@st.composite
def histories(draw: st.DrawFn) -> History:
    """A small game played with any legal moves: reveals, flags on and off, chords."""
    width, height = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    mines = draw(st.integers(1, width * height - 2))
    first = draw(st.sampled_from(["safe", "opening"]))
    start = random_start(width, height, mines, draw(st.integers(0, 10**6)))
    if first == "safe":
        start = GameStarted(Settings(width, height, mines), start.seed)
    history = History(start)
    for _ in range(draw(st.integers(1, 10))):
        board = history.current.board
        if board.is_over():
            break
        covered = [p for p, c in board.cells.items() if type(c) is not Revealed]
        hidden = [p for p in covered if type(board.cells[p]) is Hidden]
        chords = [p for p in board.cells if board.can_chord(p)]
        options: list[Move] = [FlagToggled(p) for p in covered]
        options += [CellOpened(p) for p in hidden] * 2 + [NeighboursOpened(p) for p in chords] * 3
        if not options:
            break
        history = played(history, draw(st.sampled_from(options)))
    return history


SEARCHED_PAST_THE_ALWAYS = History(  # 588 arrangements: searched within its own steps
    GameStarted(Settings(4, 4, 11, FirstClick.OPENING), 0),
    (
        MinesLaid(frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 0), (2, 1), (2, 3)})
                  | frozenset({(3, 0), (3, 1), (3, 3)})),
        CellOpened((1, 2)),
        FlagToggled((0, 0)),
    ),
)  # fmt: skip


@given(histories())
@example(SEARCHED_PAST_THE_ALWAYS)
def test_risks_and_verdicts_equal_exhaustive_counting(history: History) -> None:
    """Each move's risk, safest chance, verdict and the solver's choice, against brute force.

    The solver's choice is a move of perfect play up to `ALWAYS_SEARCHED` arrangements,
    the safest cell above `MAX_ARRANGEMENTS`, and one or the other between (the search
    has steps of its own there).
    """
    states = list(history.states())
    for reviewed, move, before, after in zip(
        review(history).moves, history.moves, states[:-1], states[1:], strict=True
    ):
        assert reviewed.move == move
        assert reviewed.exploded == (after.status is Status.LOST)
        if not before.board.mines_laid:
            continue  # the deal: tested on its own
        risk, safest, safe_exists, chance = expected(before, move)
        assert reviewed.risk == risk
        assert reviewed.verdict is verdict(risk, safest, safe_exists) or (
            reviewed.kind is Kind.UNFLAG and reviewed.verdict is Verdict.CERTAIN
        )
        if reviewed.verdict is Verdict.CERTAIN:
            assert reviewed.solver is None
        else:
            assert reviewed.safest == safest
            assert reviewed.solver is not None
            assert chance[reviewed.solver] == reviewed.solver_risk
            safest_taken = chance[reviewed.solver] == min(chance.values())
            if safe_exists:
                assert safest_taken
                continue
            perfect = PerfectPlay(numbers_only(before))
            if perfect.size > MAX_ARRANGEMENTS:
                assert safest_taken
                continue
            best = perfect.chance(reviewed.solver) == perfect.chance()
            if perfect.size <= ALWAYS_SEARCHED:  # always searched to the end
                assert best
            else:  # searched within its own steps, or the safest cell if they ran out
                assert best or safest_taken


def test_late_in_a_game_the_solvers_choice_is_the_endgame_searchs_move() -> None:
    """Not the safest cell: the move with the best chance of winning, as the solver plays.

    After the 3, the 19 cells away from it each hold a mine 1 time in 19, and
    the corner (0, 0), the safest with fewest hidden neighbours, wins 88.4%
    of the time with perfect play afterwards; the best move wins 90%.
    """
    start = layout_start("....*", ".....", ".....", ".***.", ".....")
    history = history_of(start, "r 2 4", "r 0 0")
    guess = review(history).moves[1]
    assert guess.verdict is Verdict.GUESS
    perfect = PerfectPlay(numbers_only(list(history.states())[1]))
    assert guess.solver is not None and guess.solver != (0, 0)
    assert perfect.chance(guess.solver) == perfect.chance() == Fraction(9, 10)
    assert perfect.chance((0, 0)) < Fraction(9, 10)


class TestRisks:
    def test_the_first_reveal_of_a_random_board_is_certain(self) -> None:
        """The mines are dealt after the first reveal, around it: it risks nothing."""
        [first] = review(history_of(random_start(9, 9, 10), "r 4 4")).moves
        assert (first.risk, first.verdict, first.kind) == (0, Verdict.CERTAIN, Kind.REVEAL)

    def test_the_first_reveal_of_a_known_layout_is_a_guess(self) -> None:
        """On a layout laid in advance, the first reveal risks mines over cells."""
        [first] = review(history_of(layout_start("*..", "...", "..*"), "r 1 1")).moves
        assert (first.risk, first.safest, first.verdict) == (
            Fraction(2, 9),
            Fraction(2, 9),
            Verdict.GUESS,
        )

    def test_a_flag_before_the_deal_had_a_safe_alternative(self) -> None:
        """Before the deal any reveal is safe, so a flag then is avoidable."""
        first = review(history_of(random_start(3, 3, 1), "f 0 0", "r 2 2")).moves[0]
        assert (first.risk, first.safest) == (Fraction(8, 9), Fraction(8, 9))
        assert first.verdict is Verdict.AVOIDABLE

    def test_taking_a_flag_off_risks_nothing(self) -> None:
        """An unflag reveals nothing: risk 0, certain."""
        moves = review(history_of(layout_start("*..", "...", "..."), "f 1 1", "f 1 1")).moves
        assert moves[1].kind is Kind.UNFLAG
        assert (moves[1].risk, moves[1].verdict) == (0, Verdict.CERTAIN)

    def test_a_chord_around_a_wrong_flag_is_counted_as_the_gamble_it_is(self) -> None:
        """Flags are not information: a chord trusting an unproven flag takes a real risk."""
        # The 1 at (0, 1) has two hidden neighbours; the player flags the wrong one and chords.
        start = layout_start("*.", "..", "..", "..")
        history = history_of(start, "r 0 3", "f 1 0", "c 0 1")
        *_, chord = review(history).moves
        assert chord.kind is Kind.CHORD
        assert (chord.risk, chord.exploded) == (Fraction(1, 2), True)
        assert chord.verdict is Verdict.GUESS

    def test_a_flag_on_a_proven_mine_is_certain_and_a_flag_guess_is_not(self) -> None:
        """A flag's risk is the chance that the cell held no mine."""
        start = layout_start("*..", "...", "...")
        history = history_of(start, "r 2 2", "f 0 0")
        assert review(history).moves[1].verdict is Verdict.CERTAIN
        start = layout_start("*.", "..", "..", "..")
        history = history_of(start, "r 0 3", "f 1 0")
        flag = review(history).moves[1]
        assert (flag.risk, flag.safest, flag.verdict) == (
            Fraction(1, 2),
            Fraction(1, 2),
            Verdict.GUESS,
        )

    def test_a_move_that_changes_nothing_risks_nothing(self) -> None:
        """A history built by hand may hold refused moves or moves after the end."""
        start = layout_start("*.", "..")
        history = History(start, [CellOpened((0, 0)), CellOpened((1, 1))])
        assert [m.verdict for m in review(history).moves] == [Verdict.GUESS, Verdict.CERTAIN]
        assert review(history).moves[1].risk == 0


class TestVerdicts:
    def test_a_risk_taken_beside_a_proven_safe_cell_is_avoidable(self) -> None:
        """A 2 that needs both mines left among its neighbours proves the far column safe."""
        start = layout_start(".*..", "....", ".*..")
        second = review(history_of(start, "r 1 1", "r 1 0")).moves[1]
        assert (second.risk, second.safest, second.verdict) == (
            Fraction(1, 4),
            Fraction(0),
            Verdict.AVOIDABLE,
        )
        assert second.solver is not None and second.solver[0] == 3
        assert second.solver_risk == 0

    def test_a_guess_clearly_riskier_than_the_safest_is_risky(self) -> None:
        """Next to a 2 with five hidden neighbours (2 in 5), when other cells are 1 in 3."""
        start = layout_start(".*..", "**..", "...*")
        second = review(history_of(start, "r 1 2", "r 0 2")).moves[1]
        assert (second.risk, second.safest, second.verdict) == (
            Fraction(2, 5),
            Fraction(1, 3),
            Verdict.RISKY,
        )

    def test_half_a_point_is_the_line_between_a_guess_and_a_risky_one(self) -> None:
        """Exactly half a point riskier is still a guess; any more is risky."""
        third = Fraction(1, 3)
        assert verdict_of(third, third - TOLERANCE, safe_exists=False) is Verdict.GUESS
        nudge = Fraction(1, 10**9)
        assert verdict_of(third, third - TOLERANCE - nudge, safe_exists=False) is Verdict.RISKY


class TestSummary:
    def test_the_summary_adds_up_the_moves(self) -> None:
        """Counts by verdict, the chances of surviving, the first mistake and the loss."""
        moves = [
            MoveReview(
                1, CellOpened((0, 0)), Kind.REVEAL, Fraction(0), Fraction(0), Verdict.CERTAIN
            ),
            MoveReview(
                2,
                CellOpened((1, 0)),
                Kind.REVEAL,
                Fraction(1, 4),
                Fraction(1, 4),
                Verdict.GUESS,
                solver=(1, 0),
                solver_risk=Fraction(1, 4),
            ),
            MoveReview(
                3,
                FlagToggled((2, 0)),
                Kind.FLAG,
                Fraction(1, 2),
                Fraction(0),
                Verdict.AVOIDABLE,
                solver=(3, 0),
                solver_risk=Fraction(0),
            ),
            MoveReview(
                4,
                CellOpened((3, 0)),
                Kind.REVEAL,
                Fraction(1, 2),
                Fraction(1, 3),
                Verdict.RISKY,
                solver=(4, 0),
                solver_risk=Fraction(1, 3),
                exploded=True,
            ),
        ]
        summary = summarise(moves)
        assert (summary.moves, summary.certain, summary.guesses) == (4, 1, 1)
        assert (summary.risky, summary.avoidable, summary.unjudged) == (1, 1, 0)
        assert summary.survival == Fraction(3, 4) * Fraction(1, 2)
        assert summary.solver_survival == Fraction(3, 4) * Fraction(2, 3)
        assert (summary.first_mistake, summary.lost_at) == (3, 4)

    def test_a_position_past_the_budget_is_left_unjudged(self) -> None:
        """With no budget for counting, a guess cannot be judged; certain moves still are."""
        start = layout_start("*.", "..", "..", "..")
        history = history_of(start, "r 0 3", "f 0 0", "r 1 0")
        moves = list(review_moves(history, budget=0))
        assert [m.verdict for m in moves] == [Verdict.GUESS, None, None]  # a known layout
        assert (moves[2].risk, moves[2].safest) == (None, None)
        assert summarise(moves).unjudged == 2


def test_a_saved_expert_game_is_reviewed() -> None:
    """A real replay file's moves: its two corner flags were avoidable guesses."""
    text = (Path(__file__).parent / "data" / "saved-v1-expert.json").read_text()
    result = review(saved.from_json(text).history)
    assert len(result.moves) == 25
    assert [m.number for m in result.moves] == list(range(1, 26))
    assert result.summary.first_mistake == 2
    assert result.moves[1].verdict is Verdict.AVOIDABLE


def test_flags_do_not_change_what_the_review_counts() -> None:
    """The same reveals with and without flags get the same risks."""
    start = layout_start("*...", "....", "...*")
    plain = review(history_of(start, "r 1 1", "r 3 0"))
    flagged = review(history_of(start, "r 1 1", "f 0 0", "r 3 0"))
    assert plain.moves[1].risk == flagged.moves[2].risk


@pytest.mark.parametrize("seed", range(3))
def test_a_review_is_the_same_move_by_move(seed: int) -> None:
    """The generator yields exactly what the whole review holds."""
    history = history_of(random_start(6, 6, 8, seed=seed), "r 2 2", "r 0 0", "r 5 5")
    assert tuple(review_moves(history)) == review(history).moves
