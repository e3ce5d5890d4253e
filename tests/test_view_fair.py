"""The fair modes in the page under CPython: the mode menu, `?mode=`, and what a reveal says.

The solver's exact odds are the oracle for which cells were certainly safe;
tests/test_fair.py checks those odds against an enumeration of every arrangement.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from fakepage import GamePage
from game.rules.board import Position
from game.solver import analyse


def odds(page: GamePage) -> dict[Position, Fraction]:
    """Return each hidden cell's chance of a mine on a beginner board, as shown."""
    return dict(analyse(page.position(10)).exact)


class TestModeMenu:
    @pytest.mark.parametrize("mode", ["classic", "no-guess", "kind", "cruel"])
    def test_a_link_names_the_mode_the_menu_and_the_board_show(self, mode: str) -> None:
        page = GamePage(f"preset=beginner&mode={mode}&seed=3")
        assert page.value("#mode") == mode
        assert page.attr("#board", "data-mode") == mode

    def test_a_fair_mode_says_its_rule_when_a_link_opens_it(self) -> None:
        assert "Cruel: a guess made while" in GamePage("mode=cruel").text("#message")
        assert "Cruel" not in GamePage("mode=classic").text("#message")

    def test_choosing_a_mode_starts_a_game_of_the_same_size_in_it(self) -> None:
        """The menu starts a new game; it is saved in its mode and kept across sizes."""
        page = GamePage("preset=intermediate")
        assert page.attr("#board", "data-mode") == "classic"
        page.choose("#mode", "kind")
        assert page.attr("#board", "data-mode") == "kind"
        assert "Kind: a forced guess never loses" in page.text("#message")
        page.reveal(8, 8)
        assert page.stored("pyminesweeper.game")["settings"]["mode"] == "kind"
        page.choose("#difficulty", "beginner")
        assert page.value("#mode") == "kind" and page.count("#board button") == 81

    def test_a_board_too_dense_for_no_guessing_starts_classic_and_says_why(self) -> None:
        page = GamePage("w=9&h=9&m=70")
        page.choose("#mode", "no-guess")
        assert page.attr("#board", "data-mode") == "classic"
        assert page.value("#mode") == "classic"
        assert "Classic instead" in page.text("#message")


def cruel_after_opening(seed: int) -> tuple[GamePage, dict[Position, Fraction]]:
    page = GamePage(f"preset=beginner&mode=cruel&seed={seed}")
    page.reveal(4, 4)
    return page, odds(page)


class TestCruelReveal:
    def test_a_guess_while_a_cell_is_certainly_safe_loses_and_says_which(self) -> None:
        """The loss marks every certainly safe cell there was and says why the nearest was."""
        page, exact = cruel_after_opening(1)
        safe = {p for p, chance in exact.items() if chance == 0}
        guess = min((p for p, chance in exact.items() if 0 < chance < 1), key=lambda p: exact[p])
        assert safe, "seed 1's opening proves a cell safe"
        page.reveal(*guess)
        assert page.attr("#board", "data-status") == "lost"
        said = page.text("#message")
        assert "was a guess while" in said and "certainly safe" in said and "The nearest" in said
        assert page.marked("hint-safe") == safe
        assert page.marked("proof")
        assert not page.hidden("#result-why")  # on the card the player looks at
        assert page.text("#result-why") in said and "The nearest" in page.text("#result-why")
        page.click("#undo")  # the marks belong to the loss
        assert page.attr("#board", "data-status") == "playing"
        assert not page.marked("hint-safe")
        page.click("#reset")
        assert page.text("#result-why") == ""

    def test_a_forced_reveal_is_safe_and_says_it_was_forced(self) -> None:
        """Certainly safe cells are revealed until none is left: the riskiest reveal then opens."""
        for seed in range(1, 20):
            page = GamePage(f"w=8&h=8&m=16&mode=cruel&seed={seed}")
            page.reveal(4, 4)
            while page.attr("#board", "data-status") == "playing":
                exact = dict(analyse(page.position(16)).exact)
                safe = [p for p, chance in exact.items() if chance == 0]
                if not safe:
                    break
                page.reveal(*safe[0])
            else:
                continue  # won by logic alone: no forced reveal in this game
            riskiest = max((p for p, c in exact.items() if c < 1), key=lambda p: exact[p])
            page.reveal(*riskiest)
            assert page.attr("#board", "data-status") != "lost"
            assert "was forced, and it was safe" in page.text("#message")
            return
        pytest.fail("every game was won without a forced reveal")

    def test_a_certainly_safe_reveal_says_nothing_of_the_rule(self) -> None:
        page, exact = cruel_after_opening(1)
        page.reveal(*next(p for p, chance in exact.items() if chance == 0))
        said = page.text("#message")
        assert "forced" not in said and "guess" not in said


class TestRecordsPerMode:
    def test_a_cruel_loss_is_counted_apart_from_classic_games(self) -> None:
        page, exact = cruel_after_opening(1)
        page.reveal(*max((p for p, c in exact.items() if c < 1), key=lambda p: exact[p]))
        assert page.attr("#board", "data-status") == "lost"
        page.choose("#mode", "classic")
        page.reveal(4, 4)
        page.click("#stats-open")
        modes = {option.value for option in page.dom.all("#stats-mode option")}
        assert "beginner-cruel" in modes
        page.choose("#stats-mode", "beginner-cruel")
        assert page.text("#stats-figures [data-name='played'] dd") == "1"
        assert "Beginner, cruel" in page.text("#stats-mode")


def cruel_file(tamper: str) -> str:
    """A cruel game saved as a file, with its log changed: *tamper* says how."""
    import json

    page, exact = cruel_after_opening(1)
    page.reveal(*next(p for p, chance in exact.items() if chance == 0))
    data = page.stored("pyminesweeper.game")
    events = data["events"]
    laid = events[0][1]
    if tamper == "count":  # mines moved to none at all
        events.insert(2, ["m", [row.replace("*", ".") for row in laid]])
    else:  # mines moved onto the first cell revealed, which shows a number
        rows = [list(row) for row in laid]
        first = next((x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "*")
        rows[first[1]][first[0]], rows[4][4] = ".", "*"
        events.insert(2, ["m", ["".join(row) for row in rows]])
    return json.dumps(data)


class TestHostileFairFiles:
    @pytest.mark.parametrize(
        ("tamper", "complaint"),
        [("count", "size and mine count"), ("number", "does not fit")],
    )
    def test_a_fair_game_that_contradicts_itself_is_refused_and_the_game_stays(
        self, tamper: str, complaint: str
    ) -> None:
        content = cruel_file(tamper)
        page = GamePage("preset=beginner&seed=4")
        page.reveal(4, 4)
        before, saved = page.states(), page.stored("pyminesweeper.game")
        page.pick_file("#open-file", "cruel.json", content)
        said = page.text("#message")
        assert complaint in said and "Your game is unchanged" in said
        assert page.states() == before
        assert page.stored("pyminesweeper.game") == saved
        assert page.attr("#board", "data-mode") == "classic"
