"""No-guess boards: the deduction-only player, and boards dealt only when it clears them."""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from dataclasses import replace
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.deal.noguess
from game.deal.dealer import advance, dealt, strategy
from game.deal.noguess import (
    NoGuessError,
    _is_stuck_at_one_number,
    _Layout,
    deal_steps,
    deduce,
    lay_solvable_mines,
)
from game.rules.board import Position, positions
from game.rules.events import CellOpened, GameStarted, MinesLaid
from game.rules.layout import Layout
from game.rules.mines import spared_cells
from game.rules.seen import format_position
from game.rules.settings import PRESETS, FirstClick, Mode, Settings, SettingsError
from game.rules.state import Game, Status, start_game
from game.session import Session, saved
from game.session.query import DEFAULT, GameRequest, request_from_query
from game.solver import analyse
from game.solver.deduce import Deducer
from game.solver.groups import Budget, TooComplexError


def mines_of(rows: str) -> tuple[int, int, frozenset[tuple[int, int]]]:
    layout = Layout.from_text(rows)
    return layout.width, layout.height, frozenset(layout.mines)


def no_pairs(_facts: object, _pos: object) -> tuple[frozenset[object], frozenset[object]]:
    """The two-number rule, settling nothing."""
    return frozenset(), frozenset()


def no_count(_facts: object, _budget: object) -> None:
    """The exact count, left out."""


class TestDeduce:
    def test_the_one_number_rules_clear_a_simple_board(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """`..*..`: from the left, the 1s beside the mine settle it without any other rule."""
        monkeypatch.setattr(Deducer, "_by_two", no_pairs)
        monkeypatch.setattr(game.deal.noguess, "_exact_rules", no_count)
        assert deduce(*mines_of(".....\n.*...\n.*...\n"), (3, 2))

    def test_a_board_that_needs_the_subset_rule(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Found by search: cleared with the two-number rule, stuck without it."""
        board = mines_of(".*..\n....\n...*\n")
        monkeypatch.setattr(game.deal.noguess, "_exact_rules", no_count)
        assert deduce(*board, (1, 2))
        monkeypatch.setattr(Deducer, "_by_two", no_pairs)
        assert not deduce(*board, (1, 2))

    def test_a_board_that_needs_the_exact_count(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Found by search: only counting every arrangement (with the mine total) clears it."""
        board = mines_of("...\n*..\n...\n...\n")
        assert deduce(*board, (1, 0))
        monkeypatch.setattr(game.deal.noguess, "_exact_rules", no_count)
        assert not deduce(*board, (1, 0))

    def test_a_fifty_fifty_is_not_deducible(self) -> None:
        """`*..` / `...`: two cells behind the same 1s, one mine between them."""
        assert not deduce(*mines_of("*..\n...\n"), (2, 1))

    def test_a_mine_under_the_first_click_is_never_cleared(self) -> None:
        assert not deduce(*mines_of("*..\n...\n"), (0, 0))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_a_lone_number_is_stuck_exactly_when_the_exact_count_finds_nothing(
    width: int, height: int, data: st.DataObject
) -> None:
    """The shortcut that spares most safe-first-click layouts the exact count agrees with it
    on every position of one revealed number, edges and tiny boards included."""
    cells = [(x, y) for y in range(height) for x in range(width)]
    first = data.draw(st.sampled_from(cells))
    others = [c for c in cells if c != first]
    mines = (
        frozenset(data.draw(st.lists(st.sampled_from(others), unique=True)))
        if others
        else frozenset()
    )
    layout = _Layout(width, height, mines)
    facts = Deducer(width, height, len(mines))
    facts.reveal(layout.reveal(first))
    if len(facts.numbers) != 1 or layout.safe_total == 1:
        return  # not one number, or nothing left to deduce
    stuck = _is_stuck_at_one_number(facts)
    facts.count()
    assert stuck == (not facts.safe and not facts.mines)


def solve_with_certain_moves_only(game: Game) -> Game:
    """Play on with the exact analyser, opening only cells whose mine probability is 0."""
    while game.status is Status.PLAYING:
        odds = analyse(format_position(game.board)).exact
        safe = [cell for cell, p in odds.items() if p == 0]
        assert safe, "stuck: the board needs a guess\n" + format_position(game.board)
        for cell in safe:
            game = advance(game, CellOpened(cell))
    return game


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["beginner", "intermediate"]),
    st.sampled_from(list(FirstClick)),
    st.integers(0, 2**32),
    st.integers(0, 8),
    st.integers(0, 8),
)
def test_no_guess_boards_are_won_by_certain_moves_alone(
    preset: str, first: FirstClick, seed: int, x: int, y: int
) -> None:
    """Dealt from any seed and first click, the board is cleared without one guess."""
    game_settings = replace(PRESETS[preset], first_click=first, mode=Mode.NO_GUESS)
    game = advance(start_game(GameStarted(game_settings, seed)), CellOpened((x, y)))
    assert solve_with_certain_moves_only(game).status is Status.WON


def test_an_expert_no_guess_board_is_won_by_certain_moves_alone() -> None:
    """The hardest preset too, through the same rules a game goes through."""
    start = GameStarted(replace(PRESETS["expert"], mode=Mode.NO_GUESS), 2026)
    game = advance(start_game(start), CellOpened((3, 3)))
    assert solve_with_certain_moves_only(game).status is Status.WON


def test_the_same_seed_and_first_click_deal_the_same_board() -> None:
    """Reproducible from the seed; another seed gives another board."""
    expert = replace(PRESETS["expert"], mode=Mode.NO_GUESS)
    assert lay_solvable_mines(expert, 7, (3, 3)) == lay_solvable_mines(expert, 7, (3, 3))
    assert lay_solvable_mines(expert, 7, (3, 3)) != lay_solvable_mines(expert, 8, (3, 3))


def test_noguess_url_parameter() -> None:
    """`noguess=1` asks for no-guess boards, round-trips, and refuses other values."""
    request, message = request_from_query("preset=expert&noguess=1")
    assert message is None and request.settings.no_guess
    assert request_from_query(request.to_query()) == (request, None)
    assert not request_from_query("preset=expert&noguess=0")[0].settings.no_guess
    _, complaint = request_from_query("noguess=yes")
    assert complaint is not None and "noguess='yes' must be 1" in complaint
    assert GameRequest(Settings(9, 9, 10, mode=Mode.NO_GUESS)).to_query().endswith("noguess=1")


class TestLimits:
    @pytest.mark.parametrize(
        "query", ["w=9&h=9&m=60&noguess=1&seed=1", "w=30&h=16&m=170&noguess=1&seed=1"]
    )
    def test_a_density_too_high_for_no_guessing_is_refused_at_once(self, query: str) -> None:
        """9x9 with 60 mines froze for 3 s and then dealt a board that needs guessing: no
        search could succeed, so the settings themselves are refused, with the limit."""
        request, message = request_from_query(query)
        assert request == DEFAULT
        assert message is not None and "is too dense for no guessing" in message
        with pytest.raises(SettingsError, match="a 9x9 no-guess board takes 0 to 27"):
            Settings(9, 9, 28, mode=Mode.NO_GUESS)
        assert Settings(9, 9, 27, mode=Mode.NO_GUESS).mines == 27
        assert Settings(9, 9, 60).mines == 60

    def test_the_search_stops_at_its_budget_and_says_why(self) -> None:
        """When the work budget runs out, the player is told the density is too high,
        instead of being dealt a board that needs a guess under the no-guess name."""
        dense = Settings(30, 16, 140, mode=Mode.NO_GUESS)
        with pytest.raises(NoGuessError, match="140 mines on 30x16 is too dense for a no-guess"):
            lay_solvable_mines(dense, 1, (3, 3), budget=50_000)

    def test_the_budget_is_counted_in_work_so_the_outcome_is_the_same_everywhere(self) -> None:
        """The work a deal takes is a fixed number: one unit less than it needs fails, that
        amount succeeds, and a larger budget finds the very same board."""
        expert = replace(PRESETS["expert"], mode=Mode.NO_GUESS)
        needed = work_needed(expert, 11, (3, 3))
        with pytest.raises(NoGuessError):
            lay_solvable_mines(expert, 11, (3, 3), budget=needed - 1)
        board = lay_solvable_mines(expert, 11, (3, 3), budget=needed)
        assert board == lay_solvable_mines(expert, 11, (3, 3), budget=10**12)
        assert deduce(30, 16, board, (3, 3))

    def test_the_default_budget_ends_a_search_that_took_over_20_seconds(self) -> None:
        """`w=50&h=50&m=600&noguess=1&seed=2` searched for over 20 s: the same search now
        ends at `WORK_BUDGET`, with the reason (always the same answer: it counts work)."""
        dense = Settings(50, 50, 600, mode=Mode.NO_GUESS)
        with pytest.raises(NoGuessError, match="too dense for a no-guess board"):
            lay_solvable_mines(dense, 2, (25, 25))

    def test_a_version_one_save_whose_board_cannot_be_dealt_is_refused_with_the_reason(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Version 1 saves deal their board again: a deal past the budget is a settings
        error, which the reader names like any other instead of failing."""
        monkeypatch.setattr(
            game.deal.noguess, "lay_solvable_mines", partial(lay_solvable_mines, budget=20_000)
        )
        settings = {"width": 30, "height": 16, "mines": 140, "first_click": "opening"}
        text = json.dumps(
            {
                "format": "pyminesweeper-game",
                "version": 1,
                "settings": {**settings, "no_guess": True},
                "seed": 1,
                "layout": None,
                "moves": [["r", 3, 3, 0]],
                "elapsed_ms": 0,
                "explosions": 0,
                "assisted": False,
            }
        )
        with pytest.raises(saved.SavedGameError, match="140 mines on 30x16 is too dense"):
            saved.from_json(text)


def work_needed(settings: Settings, seed: int, first: tuple[int, int], cap: int = 10**9) -> int:
    """Return the work the search from *seed* spends to find its board (cap + 1 if more).

    The same draws as `lay_solvable_mines`, with one budget shared by the attempts.
    """
    spared = spared_cells(settings, first)
    candidates = [p for p in positions(settings.width, settings.height) if p not in spared]
    rng = random.Random(seed)
    work = Budget(cap)
    try:
        while not deduce(
            settings.width,
            settings.height,
            frozenset(rng.sample(candidates, settings.mines)),
            first,
            work,
        ):
            pass
    except TooComplexError:
        return cap + 1
    return cap - work.left


def never(*_args: object) -> bool:
    raise AssertionError("the board was searched again")


class TestDealSteps:
    def test_progress_rises_and_the_board_is_the_one_a_deal_lays(self) -> None:
        """Each layout that needs a guess reports the share of the budget spent; the board
        found is the one `lay_solvable_mines` deals from the same seed and first click."""
        settings = replace(PRESETS["expert"], first_click=FirstClick.SAFE, mode=Mode.NO_GUESS)
        steps = deal_steps(settings, 5, (0, 0))
        progress = []
        try:
            while True:
                progress.append(next(steps))
        except StopIteration as done:
            board = done.value
        assert progress == sorted(progress) and all(0 < p < 1 for p in progress)
        assert lay_solvable_mines(settings, 5, (0, 0)) == board

    def test_a_board_searched_in_steps_is_handed_to_the_session_explicitly(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The page's search hands its board to the first reveal (`dealt`): it becomes the
        `MinesLaid` event without a second search, and nothing is remembered for later
        calls (a deal without the board searches again)."""
        request, _ = request_from_query("preset=beginner&noguess=1&seed=4")
        session = Session.begin(request, 0)
        steps = deal_steps(request.settings, 4, session.start.start_cell or (0, 0))
        board = run_steps(steps)
        monkeypatch.setattr(game.deal.noguess, "deduce", never)
        made = session.make(CellOpened((0, 0)), 0, lay=dealt(board)).session
        assert made.history.events[0] == MinesLaid(board)
        with pytest.raises(AssertionError, match="searched again"):
            session.make(CellOpened((0, 0)), 0)


def run_steps(steps: Generator[float, None, frozenset[tuple[int, int]]]) -> frozenset[Position]:
    """Run a step-by-step deal to its end, as the page does; return the board it found."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        board: frozenset[Position] = done.value
        return board


SAME_AS_BEFORE = {
    "preset=beginner&noguess=1&seed=4": (
        "..*.....*/..*.*..../.*.....*./...*...../..*....../........*/........./.......*./........./"
    ),
    "preset=intermediate&noguess=1&seed=123&first=safe": (
        ".............***/.*.........*...*/............*.*./.*............../...*.......**.../"
        "..*....*......*./**.*......*...../.......*......../.*............../*..*...*...*..../"
        "................/.....*........../.*..*..........*/*.**.*..*...*.../.............*../"
        "..***....*....../"
    ),
}
"""The boards these links dealt before the deal became a strategy passed in: a shared link
must keep dealing every player the same mines, release after release."""


@pytest.mark.parametrize("query", sorted(SAME_AS_BEFORE))
def test_a_seed_link_with_no_guessing_deals_the_same_board_on_every_path(query: str) -> None:
    """The terminal's path (the settings' strategy), the page's (a search in steps handed
    over) and the rules' own deal give the board the link always gave."""
    request, problem = request_from_query(query)
    assert problem is None
    session = Session.begin(request, 0)
    cell = session.start.start_cell
    assert cell is not None
    searched = dealt(run_steps(deal_steps(request.settings, session.start.seed, cell)))
    for lay in (None, searched, strategy(request.settings)):
        made = session.make(CellOpened((0, 0)), 0, lay=lay).session
        text = Layout.from_board(made.live.board).to_text().replace("\n", "/")
        assert text == SAME_AS_BEFORE[query]
