"""The solver's exact analysis, checked against brute force, and its choices."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.deal.dealer import advance
from game.rules.board import Position, neighbour_table
from game.rules.events import CellOpened, FlagToggled
from game.rules.seen import FLAGGED, Seen, format_position
from game.rules.state import Status, start_game
from game.solver import TooComplexError, analyse, choice, endgame, groups, sample
from game.solver.choice import look_ahead, secondary_safety
from game.solver.counting import Count, count
from game.solver.endgame import MAX_ARRANGEMENTS, solve_endgame
from game.solver.groups import Budget
from helpers import opened_game


def brute_force(text: str) -> dict[Position, Fraction]:
    """Count every placement of the remaining mines on hidden cells that fits the numbers."""
    snap = Seen.from_text(text)
    table = neighbour_table(snap.width, snap.height)
    hidden = snap.hidden()
    flags = {p for p, c in snap.cells.items() if c is FLAGGED}
    numbers = [(p, c) for p, c in snap.cells.items() if isinstance(c, int)]
    counts = dict.fromkeys(hidden, 0)
    total = 0
    for chosen in itertools.combinations(hidden, snap.mines - len(flags)):
        mines = flags | set(chosen)
        if all(sum(n in mines for n in table[p]) == k for p, k in numbers):
            total += 1
            for cell in chosen:
                counts[cell] += 1
    if total == 0:
        raise ValueError("impossible")
    return {cell: Fraction(n, total) for cell, n in counts.items()}


@st.composite
def positions(draw: st.DrawFn) -> str:
    """A position from a real game: a random small board with some cells opened and flagged."""
    game, cells = opened_game(draw)
    if game.status is not Status.PLAYING:
        game = start_game(game.start)
        game = advance(game, CellOpened(draw(st.sampled_from(cells))))
    for pos in draw(st.lists(st.sampled_from(cells), max_size=2)):
        if game.board.cells[pos].mine and game.status is Status.PLAYING:
            game = advance(game, FlagToggled(pos))
    if game.is_over():
        settings = game.start.settings
        return (
            f"{settings.width}x{settings.height}x{settings.mines}\n"
            + ("H" * settings.width + "\n") * settings.height
        )
    return format_position(game.board)


@given(positions())
def test_probabilities_equal_brute_force(text: str) -> None:
    """Exact probabilities match a count of every arrangement, to the fraction."""
    assert analyse(text).exact == brute_force(text)


@given(positions())
def test_certain_cells_are_right(text: str) -> None:
    """A cell called safe is never a mine, and one called a mine always is, in every arrangement."""
    expected = brute_force(text)
    for cell, p in analyse(text).probabilities.items():
        if p in (0.0, 1.0):
            assert expected[cell] == p


def brute_force_secondary_safety(text: str, pos: Position) -> float:
    """Reveal *pos* in every arrangement, then score the next move: count, weigh and sum.

    The next move's safety is 1 if a cell is safe in every arrangement that shows
    the same number, else the two safest cells' safeties blended BLEND to 1.
    """
    snap = Seen.from_text(text)
    table = neighbour_table(snap.width, snap.height)
    hidden = snap.hidden()
    flags = {p for p, c in snap.cells.items() if c is FLAGGED}
    numbers = [(p, c) for p, c in snap.cells.items() if isinstance(c, int)]
    fitting = [
        flags | set(chosen)
        for chosen in itertools.combinations(hidden, snap.mines - len(flags))
        if all(sum(n in flags | set(chosen) for n in table[p]) == k for p, k in numbers)
    ]
    by_shown: dict[int, list[set[Position]]] = {}
    for mines in fitting:
        if pos not in mines:
            by_shown.setdefault(sum(n in mines for n in table[pos]), []).append(mines)
    score = progress = 0.0
    for group in by_shown.values():
        rest = [c for c in hidden if c != pos]
        safe = sorted((sum(c not in m for m in group) / len(group) for c in rest), reverse=True)
        if not safe or safe[0] == 1:
            safety = 1.0
            progress += len(group) / len(fitting)
        else:
            second = safe[1] if len(safe) > 1 else 0.0
            safety = (choice.BLEND * safe[0] + second) / (choice.BLEND + 1)
        score += len(group) / len(fitting) * safety
    return score * (1 + choice.PROGRESS * progress)


@given(positions())
def test_secondary_safety_equals_brute_force(text: str) -> None:
    """The look-ahead's score of a guess, against a count of every arrangement."""
    counted = count(Seen.from_text(text))
    weights = counted.mine_weights()
    for pos in sorted(weights)[:3]:
        if weights[pos] < counted.total:
            score, _ = secondary_safety(counted, pos)
            assert score == pytest.approx(brute_force_secondary_safety(text, pos), abs=1e-12)


@given(positions(), st.floats(min_value=0, max_value=1))
def test_look_ahead_stops_early_only_when_it_cannot_win(text: str, beat: float) -> None:
    """Told the score to beat, the look-ahead is exact whenever it reaches it, below otherwise."""
    counted = count(Seen.from_text(text))
    weights = counted.mine_weights()
    for pos in sorted(weights)[:3]:
        if weights[pos] < counted.total:
            full, _ = secondary_safety(counted, pos)
            cut, _ = secondary_safety(counted, pos, beat=beat)
            assert cut == full if full >= beat else cut < beat


LOOK_AHEAD_POSITION = (
    "16x16x40\n1H1" + "H" * 13 + "\nHH22" + "H" * 12 + "\n" + ("H" * 16 + "\n") * 14
)
"""From a real intermediate game: the safest cells lie by the numbers (10%), but the far
corner (15%) more often leaves a safe next move."""


def test_look_ahead_prefers_a_guess_that_leaves_a_safe_move() -> None:
    """Not always the safest cell: the choice survives this guess and the next one more often."""
    text = LOOK_AHEAD_POSITION
    exact = analyse(text).exact
    best = analyse(text).best
    assert best is not None
    safest = min(exact, key=lambda p: exact[p])
    assert exact[best] > exact[safest]
    counted = count(Seen.from_text(text))
    assert secondary_safety(counted, best)[0] > secondary_safety(counted, safest)[0]


def test_look_ahead_gives_way_to_the_safest_cell_when_the_budget_runs_out() -> None:
    """With just enough steps for the probabilities, the guess is the safest cell, not an error."""
    snap = Seen.from_text(LOOK_AHEAD_POSITION)
    steps = Budget(10**9)
    exact = count(snap, steps).probabilities()
    best = analyse(LOOK_AHEAD_POSITION, budget=10**9 - steps.left).best
    assert best is not None and exact[best] == min(exact.values())


class TestAnalyse:
    def test_floating_cells_share_the_rest_by_binomial_weights(self) -> None:
        """Cells next to no number share the mines the numbers leave."""
        a = analyse("4x1x2\n01HH\n")
        assert a.exact[(2, 0)] == 1
        assert a.exact[(3, 0)] == 1

    def test_best_is_a_safe_cell_when_there_is_one(self) -> None:
        """A certainly safe cell is chosen over any guess."""
        a = analyse("3x3x1\n1HH\nHHH\nHHH\n")
        assert a.best is not None and a.probabilities[a.best] < 0.2
        b = analyse("3x1x1\n1HH\n")
        assert b.best == (2, 0)

    def test_big_board_exact_to_the_fraction(self) -> None:
        """On an expert-size board, the floating share is exact, not rounded."""
        text = "30x16x99\n" + "\n".join(["H" * 30] * 16) + "\n"
        a = analyse(text)
        assert a.exact[(0, 0)] == Fraction(99, 480)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("2x1x1\n2H\n", "the 2 at (0, 0) has 0 flags and 1 hidden neighbours"),
            ("3x1x0\n1HH\n", "no arrangement"),
            ("2x1x0\nFH\n", "1 flags but only 0 mines"),
            ("2x1x1\n!H\n", "the game is over"),
            ("2x2\nHH\n", "expected WIDTHxHEIGHTxMINES"),
        ],
    )
    def test_impossible_positions_raise_value_error(self, text: str, message: str) -> None:
        """Positions no arrangement fits, or that do not parse, raise ValueError with a reason."""
        with pytest.raises(ValueError, match=re.escape(message)):
            analyse(text)

    def test_a_budget_refuses_big_counts_and_keeps_small_ones_exact(self) -> None:
        """A capped count is either the exact answer or TooComplexError, never an approximation."""
        # A long row of 1s over hidden rows: one group whose search grows with its length.
        text = "40x3x30\n" + "1" * 40 + "\n" + "H" * 40 + "\n" + "H" * 40 + "\n"
        with pytest.raises(TooComplexError, match="too large to count exactly"):
            analyse(text, budget=50)
        assert analyse(text, budget=10**6).exact == analyse(text).exact
        small = "3x3x1\n1HH\nHHH\nHHH\n"
        assert analyse(small, budget=100).exact == analyse(small).exact

    def test_a_group_too_long_to_search_is_too_complex_not_a_crash(self) -> None:
        """Rows of numbers between hidden rows: one group of 2,000 classes, deeper than the
        interpreter's recursion limit, is refused as too large, whatever the budget."""
        rows = ["1" * 100 if y % 2 == 0 else "H" * 100 for y in range(40)]
        text = f"100x40x{20 * 25}\n" + "".join(row + "\n" for row in rows)
        with pytest.raises(TooComplexError, match="too large to count exactly"):
            analyse(text)
        with pytest.raises(TooComplexError):
            sample.draw(Seen.from_text(text), random.Random(1))

    def test_deterministic(self) -> None:
        """The same position always gives the same move."""
        text = "5x5x5\n" + "\n".join(["HHHHH"] * 5) + "\n"
        assert len({analyse(text).best for _ in range(5)}) == 1


class TestBenchCommand:
    def test_bench_prints_rate_and_last_line(self) -> None:
        """`python -m game.solver bench` ends with `won W of N` after the rate and interval."""
        import subprocess
        import sys

        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "game.solver",
                "bench",
                "--preset",
                "beginner",
                "--games",
                "12",
                "--seed",
                "5",
                "--first-click",
                "opening",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        lines = result.stdout.strip().splitlines()
        assert re.fullmatch(r"won (\d+) of 12", lines[-1])
        assert "95% CI" in result.stdout and "games per second" in result.stdout
        won = int(lines[-1].split()[1])
        assert won >= 6, "a probability solver wins most beginner games"

    def test_a_logged_run_resumes_and_reports_progress(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Seeds already in the log are not played again; the result is a fresh run's."""
        from game.commands.solver import bench
        from game.rules.settings import FirstClick

        log = tmp_path / "games.log"
        bench("beginner", 3, 7, FirstClick.OPENING, jobs=1, log=log)
        first = log.read_text().splitlines()
        wins = bench("beginner", 5, 7, FirstClick.OPENING, jobs=1, log=log, every=0)
        lines = log.read_text().splitlines()
        assert lines[:3] == first
        assert sorted(int(line.split()[0]) for line in lines) == [7, 8, 9, 10, 11]
        printed = capsys.readouterr()
        assert printed.out.strip().splitlines()[-1] == f"won {wins} of 5"
        assert "2 of 5 games" not in printed.err  # the logged games were not replayed
        assert "5 of 5 games" in printed.err and "min left" in printed.err
        assert bench("beginner", 5, 7, FirstClick.OPENING, jobs=1) == wins

    def test_the_ceiling_is_never_below_what_the_solver_wins(self) -> None:
        """bench/perfect_play.py: 1 for a game that certain moves alone win, else a chance.

        A ceiling of 1 on a game the solver loses would make the bound wrong.
        """
        from dataclasses import replace

        from bench.perfect_play import ceiling
        from game.commands.solver import solver_plays
        from game.rules.settings import PRESETS, FirstClick

        settings = replace(PRESETS["beginner"], first_click=FirstClick.OPENING)
        found = {seed: ceiling((settings, seed, None)) for seed in range(60)}
        guessed = {seed: c for seed, (c, exact) in found.items() if exact and c < 1}
        assert guessed, "some of these games need a guess"
        assert all(0 < c < 1 for c in guessed.values())
        for seed, (chance, _) in found.items():
            if chance == 1.0:
                assert solver_plays(settings, seed), f"seed {seed} needs no guess, so it is won"

    def test_a_game_too_large_to_search_counts_as_won_as_often_as_the_safest_cell(
        self,
    ) -> None:
        """Not as won: every move from its first guess is a guess, none safer than the safest."""
        from dataclasses import replace

        from bench.perfect_play import ceiling
        from game.commands.solver import first_move
        from game.rules.settings import PRESETS, FirstClick

        settings = replace(PRESETS["beginner"], first_click=FirstClick.SAFE)
        unsearched = 0
        for seed in range(20):
            chance, exact = ceiling((settings, seed, None))
            game = first_move(settings, seed)
            if exact or game.status is not Status.PLAYING:
                continue
            unsearched += 1
            odds = analyse(Seen.from_game(game)).exact
            if min(odds.values()) > 0:  # the first click left nothing certain
                assert chance == float(1 - min(odds.values()))
            assert chance < 1
        assert unsearched, "a safe first click on beginner leaves most games too large"

    def test_solver_play_is_deterministic(self) -> None:
        """The same seed gives the same result."""
        from game.commands.solver import solver_plays
        from game.rules.settings import PRESETS

        results = {solver_plays(PRESETS["intermediate"], 9) for _ in range(2)}
        assert len(results) == 1


RISKY_BUT_BETTER = "5x3x4\nHH1HH\n12HHH\n01HHH\n"
"""Found by search: (1, 0), a 30% guess, wins 65% of the time; the 20% cells 60% at best."""


def plain_search(text: str, first: Position | None = None) -> Fraction:
    """The chance of winning with perfect play, trying every hidden cell at every step.

    With *first*, that cell is revealed first. No shortcuts: the arrangements are all
    listed, and a reveal splits them by the number shown (losing those with a mine).
    """
    snap = Seen.from_text(text)
    table = neighbour_table(snap.width, snap.height)
    hidden = snap.hidden()
    flags = {p for p, c in snap.cells.items() if c is FLAGGED}
    numbers = [(p, c) for p, c in snap.cells.items() if isinstance(c, int)]
    fitting = frozenset(
        frozenset(flags | set(chosen))
        for chosen in itertools.combinations(hidden, snap.mines - len(flags))
        if all(sum(n in flags | set(chosen) for n in table[p]) == k for p, k in numbers)
    )

    def reveal(
        layouts: frozenset[frozenset[Position]], cell: Position, shown: frozenset[Position]
    ) -> Fraction:
        by_number: dict[int, set[frozenset[Position]]] = {}
        for mines in layouts:
            if cell not in mines:
                by_number.setdefault(sum(n in mines for n in table[cell]), set()).add(mines)
        return sum(
            (
                Fraction(len(g), len(layouts)) * win(frozenset(g), shown | {cell})
                for g in by_number.values()
            ),
            Fraction(0),
        )

    @cache
    def win(layouts: frozenset[frozenset[Position]], shown: frozenset[Position]) -> Fraction:
        if len(layouts) == 1:
            return Fraction(1)
        return max(reveal(layouts, cell, shown) for cell in hidden if cell not in shown)

    if first is not None:
        return reveal(fitting, first, frozenset())
    return win(fitting, frozenset())


def count_of(text: str) -> Count:
    return count(Seen.from_text(text))


@settings(max_examples=60, deadline=None)
@given(positions())
def test_the_search_wins_as_often_as_perfect_play(text: str) -> None:
    """Its chance is the best any sequence of moves can do, and its move achieves it."""
    counted = count_of(text)
    weights = counted.mine_weights()
    assume(min(weights.values()) > 0 and len(weights) <= 10)
    found = solve_endgame(counted)
    assert found is not None
    assert found.chance == plain_search(text)
    assert plain_search(text, found.move) == found.chance


def test_a_riskier_cell_can_win_more_often() -> None:
    """Not the safest cell: the one after which the rest of the game goes best."""
    counted = count_of(RISKY_BUT_BETTER)
    probabilities = counted.probabilities()
    found = solve_endgame(counted)
    assert found is not None
    assert (
        probabilities[found.move] == Fraction(3, 10) > min(probabilities.values()) == Fraction(1, 5)
    )
    assert found.chance == Fraction(13, 20) == plain_search(RISKY_BUT_BETTER)
    safest = [p for p, v in probabilities.items() if v == Fraction(1, 5)]
    assert max(plain_search(RISKY_BUT_BETTER, p) for p in safest) == Fraction(3, 5)
    analysis = analyse(RISKY_BUT_BETTER)
    assert (analysis.best, analysis.win_chance) == (found.move, Fraction(13, 20))
    assert analyse(LOOK_AHEAD_POSITION).win_chance is None  # too early to search to the end


def test_too_many_arrangements_are_left_to_the_look_ahead() -> None:
    """An empty expert board has far more than the search takes on."""
    counted = count_of("30x16x99\n" + ("H" * 30 + "\n") * 16)
    assert counted.total > MAX_ARRANGEMENTS
    assert solve_endgame(counted) is None


def test_the_search_spends_the_budget_and_says_when_it_runs_out() -> None:
    """The search spends the caller's step budget too; the page's cap stops it with an error."""
    counted = count_of(RISKY_BUT_BETTER)
    steps = Budget(10**6)
    solve_endgame(counted, steps)
    spent = 10**6 - steps.left
    assert spent > 0
    with pytest.raises(TooComplexError):
        solve_endgame(counted, Budget(spent - 1))


def test_past_its_own_step_limit_the_search_gives_way_to_the_look_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Above `ALWAYS_SEARCHED` arrangements the search has steps of its own; past them, no
    error: the guess is then the look-ahead's, with no win chance."""
    monkeypatch.setattr(endgame, "ALWAYS_SEARCHED", 1)
    monkeypatch.setattr(endgame, "SEARCH_STEPS", 1)
    assert solve_endgame(count_of(RISKY_BUT_BETTER)) is None
    analysis = analyse(RISKY_BUT_BETTER)
    assert analysis.win_chance is None
    assert analysis.best is not None and analysis.best != (1, 0)


def look_ahead_without(
    monkeypatch: pytest.MonkeyPatch, text: str, **rules: float
) -> tuple[Position, Position]:
    """The look-ahead's guess in *text*, with the rules as they are and with *rules* changed."""
    counted = count_of(text)
    with_rule = look_ahead(counted)
    for name, value in rules.items():
        monkeypatch.setattr(choice, name, value)
    return with_rule, look_ahead(count_of(text))


INFLUENCE_POSITION = "5x2x2\n01HH1\n01HHH\n"
"""Found by search: every guess is dead (its number is certain) and a third safe, but
(3, 0) breaks up a 50/50 that (4, 1) leaves to form."""


def test_a_guess_where_a_50_50_may_form_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The long-term risk weight changes the guess to one that wins twice as often."""
    chosen, without = look_ahead_without(monkeypatch, INFLUENCE_POSITION, INFLUENCE=0.0)
    assert (chosen, without) == ((3, 0), (4, 1))
    probabilities = count_of(INFLUENCE_POSITION).probabilities()
    assert probabilities[chosen] == probabilities[without] == Fraction(1, 3)
    assert plain_search(INFLUENCE_POSITION, chosen) == Fraction(1, 3)
    assert plain_search(INFLUENCE_POSITION, without) == Fraction(1, 6)
    assert plain_search(INFLUENCE_POSITION) == Fraction(1, 3)


BLEND_POSITION = "5x3x5\nHHHHH\n24H31\nHHH10\n"
"""Found by search: two cells at 50%; after (3, 0) the two safest next moves are both
fairly safe, after (2, 1) only one is, and (3, 0) wins a third more often."""


def test_the_second_safest_next_move_counts_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blending in the second-best next move changes the guess for the better."""
    chosen, without = look_ahead_without(monkeypatch, BLEND_POSITION, BLEND=10**9)
    assert (chosen, without) == ((3, 0), (2, 1))
    probabilities = count_of(BLEND_POSITION).probabilities()
    assert probabilities[chosen] == probabilities[without] == Fraction(1, 2)
    assert plain_search(BLEND_POSITION, chosen) == Fraction(1, 3) == plain_search(BLEND_POSITION)
    assert plain_search(BLEND_POSITION, without) == Fraction(1, 4)


DEAD_POSITION = "4x5x5\nHHHH\n123H\n001H\n012H\n01HH\n"
"""Found by search: (0, 0) and (3, 4) score the same and (0, 0) ranks first (top-left),
but its number is certain, so it tells nothing; (3, 4) wins twice as often."""


def test_a_dead_cell_is_guessed_last() -> None:
    """A guess whose number is already known waits: a living one as safe wins more often."""
    counted = count_of(DEAD_POSITION)
    dead, living = (0, 0), (3, 4)
    assert secondary_safety(counted, dead) == (secondary_safety(counted, living)[0], True)
    assert not secondary_safety(counted, living)[1]
    assert choice.safest(counted) == dead
    assert look_ahead(counted) == living
    assert plain_search(DEAD_POSITION, living) == Fraction(2, 3) == plain_search(DEAD_POSITION)
    assert plain_search(DEAD_POSITION, dead) == Fraction(1, 3)


@given(positions(), st.data())
def test_the_count_after_a_reveal_equals_a_fresh_count(text: str, data: st.DataObject) -> None:
    """Recounting only the touched group gives what counting the new position gives."""
    counted = count_of(text)
    weights = counted.mine_weights()
    cell = data.draw(st.sampled_from(sorted(weights)))
    for shown in range(9):
        after = counted.after(cell, shown)
        try:
            fresh = count(counted.seen.showing(cell, shown))
        except ValueError:
            assert after is None
            continue
        assert after is not None
        assert (after.total, after.probabilities()) == (fresh.total, fresh.probabilities())


@given(positions(), st.data())
def test_forced_cells_are_counted_exactly(text: str, data: st.DataObject) -> None:
    """`Count.given` counts the arrangements that mine and spare the given cells."""
    counted = count_of(text)
    hidden = sorted(counted.mine_weights())
    chosen = data.draw(st.lists(st.sampled_from(hidden), unique=True, max_size=3))
    mined = data.draw(st.sets(st.sampled_from(chosen))) if chosen else set()
    snap = counted.seen
    table = neighbour_table(snap.width, snap.height)
    flags = {p for p, c in snap.cells.items() if c is FLAGGED}
    numbers = [(p, c) for p, c in snap.cells.items() if isinstance(c, int)]
    expected = sum(
        1
        for picked in itertools.combinations(hidden, snap.mines - len(flags))
        if all(sum(n in flags | set(picked) for n in table[p]) == k for p, k in numbers)
        and all((c in picked) == (c in mined) for c in chosen)
    )
    assert counted.given(mined, set(chosen) - mined) == expected


def test_a_remembered_group_costs_the_same_steps() -> None:
    """A group counted before is charged again, so the budget does not depend on history."""
    groups.forget()
    cold, warm = Budget(10**9), Budget(10**9)
    count(Seen.from_text(LOOK_AHEAD_POSITION), cold)
    count(Seen.from_text(LOOK_AHEAD_POSITION), warm)
    assert cold.left == warm.left < 10**9
