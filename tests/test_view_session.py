"""The page's session rules under CPython: aids, shared boards, summaries, time travel, messages.

Ported from tests/browser/test_session_page.py (defects of issue 13, found by
playing as a new player); the page's timers run on tests/fakepage.py's clock.
"""

from __future__ import annotations

from fakepage import GamePage

LAYOUT = "layout=*.../..../...*"
"""Mines at (0, 0) and (3, 2) on a 4x3 board."""
SMALL = "w=5&h=4&m=2&seed=11"
"""A board the solver clears in a few moves."""


def hidden_safe_cells(page: GamePage) -> list[tuple[int, int]]:
    """Return the hidden cells the mine odds show as certainly safe."""
    return [
        (int(b.attrs["data-x"]), int(b.attrs["data-y"]))
        for b in page.dom.all("#board button[data-probability]")
        if float(b.attrs["data-probability"]) == 0
    ]


def play_until_over(page: GamePage, step_ms: int = 500, steps: int = 60) -> str:
    """Let the page's time run until the game ends; return its status."""
    for _ in range(steps):
        if page.attr("#board", "data-status") in ("won", "lost"):
            break
        page.advance(step_ms)
    return page.attr("#board", "data-status") or ""


class TestAids:
    def test_odds_left_on_make_the_next_game_assisted(self) -> None:
        """Defect 13.1: odds on, then the face: the odds stay on and the win is assisted."""
        page = GamePage(SMALL)
        page.click("#overlay")
        page.click("#reset")
        assert page.attr("#overlay", "aria-pressed") == "true"
        page.click_cell("[data-start=true]")
        for _ in range(20):
            if page.attr("#board", "data-status") != "playing":
                break
            safe = hidden_safe_cells(page)
            assert safe, "a board this small is cleared by certain moves"
            page.reveal(*safe[0])
        assert page.attr("#board", "data-status") == "won"
        assert page.attr("#summary", "data-assisted") == "true"
        assert page.stored("pyminesweeper.records")["modes"]["5x4-2"]["best_ms"] is None

    def test_the_result_names_the_solver(self) -> None:
        """Defect 13.7: a win by Solver plays names the solver, and says the time in seconds."""
        page = GamePage(SMALL)
        page.click("#autoplay-run")
        assert play_until_over(page) in ("won", "lost")
        message = page.text("#message")
        assert "solver play" in message
        assert "undo" not in message and "seconds" not in message


class TestSharedBoards:
    def test_a_daily_board_is_the_same_for_every_first_click(self) -> None:
        """Defect 13.2: two players clicking different first cells see the same board."""
        seen = []
        for first in ((0, 0), (29, 15)):
            page = GamePage("preset=expert&daily=2026-11-22")
            assert page.count("#board [data-start=true]") == 1
            page.reveal(*first)
            assert page.attr("#board", "data-status") != "ready"
            seen.append(page.states())
        assert seen[0] == seen[1]

    def test_copy_link_in_play_shares_a_challenge(self) -> None:
        """Defect 13.3: the link shares seed and start cell, never the mines."""
        page = GamePage("preset=beginner")
        page.reveal(4, 4)
        page.click("#copy-link")
        url = page.attr("#copy-link", "data-url") or ""
        assert "layout=" not in url and "seed=" in url and "start=4,4" in url
        assert page.hidden("#copy-layout")

    def test_without_a_clipboard_the_link_is_printed(self) -> None:
        """Defect 13.3: where the browser gives no clipboard, the message prints the link."""
        page = GamePage("w=100&h=3&m=5", width=390, height=844, clipboard=False)
        page.click("#copy-link")
        url = page.attr("#copy-link", "data-url")
        assert page.text("#message") == f"Copy this link: {url}"
        assert page.clipboard is None


class TestSummary:
    def test_a_loss_counts_only_the_3bv_cleared(self) -> None:
        """Defect 13.4: after a loss, solved 3BV and rates are of what was cleared."""
        page = GamePage(LAYOUT)
        page.reveal(1, 0)
        page.reveal(0, 0)
        assert not page.hidden("#summary")
        solved = int(page.attr("#summary", "data-3bv-solved") or -1)
        assert 0 <= solved < int(page.attr("#summary", "data-3bv") or 0)
        assert page.attr("#summary", "data-assisted") == "true"  # a board from a layout link
        assert "of" in page.text("#summary")

    def test_summary_and_records_agree_to_the_millisecond(self) -> None:
        """Defect 13.8: the time shown is the time recorded, computed once."""
        page = GamePage(SMALL)
        page.click("#autoplay-run")
        play_until_over(page, step_ms=317)
        assert not page.hidden("#summary")
        shown = int(page.attr("#summary", "data-time-ms") or -1)
        assert shown > 0
        mode = page.stored("pyminesweeper.records")["modes"]["5x4-2"]
        assert mode["results"][-1][1] == shown


class TestTimeTravel:
    def test_the_slider_stops_solver_play_and_keeps_every_move(self) -> None:
        """Defect 13.5: dragging back while the solver plays stops it; no move is dropped."""
        page = GamePage("preset=expert&seed=8")
        page.click_cell("[data-start=true]")
        page.click("#autoplay-run")
        page.advance(2_000)
        moves = int(page.attr("#history", "max") or 0)
        assert moves >= 3
        page.slide(1)
        page.advance(3_000)
        assert page.attr("#history", "max") == str(moves)
        assert page.attr("#autoplay-run", "aria-pressed") == "false"
        assert f"move 1 of {moves}" in page.text("#past-band")

    def test_replay_while_the_solver_plays_replays_this_game(self) -> None:
        """Defect 13.5: Replay during solver play stops the solver and keeps the game."""
        page = GamePage("preset=expert&seed=8")
        page.click_cell("[data-start=true]")
        page.click("#autoplay-run")
        page.advance(2_000)
        moves = page.attr("#history", "max")
        page.click("#replay")
        assert page.attr("#history", "max") == moves
        assert page.attr("#autoplay-run", "aria-pressed") == "false"
        assert page.attr("#replay", "aria-pressed") == "true"


class TestMessages:
    def test_a_contradiction_is_named_by_row_and_column(self) -> None:
        """Defect 13.9: the hint's complaint counts from 1 and highlights the cells."""
        page = GamePage(LAYOUT)
        page.reveal(1, 0)
        page.flag(0, 0)
        page.flag(2, 0)
        page.click("#hint")
        message = page.text("#message")
        assert "row 1, column 2" in message and "(1, 0)" not in message
        assert page.count("#board .contradiction") == 3

    def test_a_link_with_other_settings_keeps_the_unfinished_game(self) -> None:
        """Defect 13.11: opening another game's link keeps the game in play to resume."""
        page = GamePage("preset=beginner&seed=5")
        page.click_cell("[data-start=true]")
        before = page.states()
        page = page.reopen("preset=expert")
        assert "Resume" in page.text("#message")
        assert page.count("#board button") == 480
        page.click("#resume")
        assert page.states() == before
