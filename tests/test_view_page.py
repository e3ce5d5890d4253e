"""The page's game under CPython: the view driven through the worker's messages (tests/fakepage.py).

Ported from the browser tests of tests/browser/test_page.py that check what
Python decides: the board's hooks after each move, the counters, the URL's
parameters and their messages, the forms. What only a browser shows (input
gestures, loading, the page's patching of cells) stays there.
"""

from __future__ import annotations

import pytest

from fakepage import GamePage
from game.page.board_view import PEEK_MS

LAYOUT = "layout=*.../..../...*"
"""Mines at (0, 0) and (3, 2) on a 4x3 board."""


class TestLoad:
    def test_default_game_is_ready(self) -> None:
        """The default game is a hidden beginner board with all hooks in place."""
        page = GamePage()
        assert page.count("#board button") == 81
        assert page.count("#board button[data-state=hidden]") == 81
        assert page.attr("#board", "data-status") == "ready"
        assert page.text("#mines-left") == "10"
        assert page.text("#timer") == "0"
        assert page.attr("#board", "role") == "grid"
        assert page.count("#board [role=row]") == 9
        assert page.count("#board [role=gridcell] > button") == 81
        assert page.cell(0, 0, "aria-label") == "hidden, row 1, column 1"
        assert page.text("#message") == ""
        assert page.attr("body", "data-ready") == "true"
        assert not page.disabled("#hint") and not page.disabled("#reset")


class TestMouse:
    def test_reveal_flood_and_counts(self) -> None:
        """A reveal on a zero opens its region; counters start."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        assert page.states() == ["H100", "H111", "HHHH"]
        assert page.attr("#board", "data-status") == "playing"
        assert page.cell(1, 0, "data-count") == "1"
        assert page.cell(2, 0, "data-count") == "0"

    def test_a_flag_toggles_and_counts(self) -> None:
        """A flag intent toggles a flag and the mines left follow."""
        page = GamePage(LAYOUT)
        page.flag(0, 0)
        assert page.cell(0, 0, "data-state") == "flagged"
        assert page.text("#mines-left") == "1"
        page.flag(0, 0)
        assert page.cell(0, 0, "data-state") == "hidden"
        assert page.text("#mines-left") == "2"

    def test_a_press_on_a_number_whose_flags_differ_shows_its_neighbours(self) -> None:
        """A press (tap, click, Enter) on a number whose flags do not match it opens nothing:
        its hidden, unflagged neighbours are shown for a moment, and a screen reader hears
        why; once its flags match, the same press chords and shows nothing."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        page.reveal(1, 0)  # shows 1, and has no flag: (0, 0) and (0, 1) stay hidden
        assert page.states() == ["H100", "H111", "HHHH"]
        assert page.marked("peek") == {(0, 0), (0, 1)}
        said = "No chord: row 1, column 2 shows 1 and has 0 flags around it."
        assert page.text("#announce") == said
        page.advance(PEEK_MS - 1)
        assert page.marked("peek") == {(0, 0), (0, 1)}
        page.advance(1)
        assert page.marked("peek") == set()
        page.reveal(1, 0)
        page.flag(0, 0)  # a move ends the peek at once
        assert page.marked("peek") == set()
        page.reveal(1, 0)
        assert page.states() == ["F100", "1111", "HHHH"]
        assert page.marked("peek") == set()

    def test_mines_left_goes_negative(self) -> None:
        """Three flags on a two-mine board show -1."""
        page = GamePage(LAYOUT)
        for x in range(3):
            page.flag(x, 2)
        assert page.text("#mines-left") == "-1"

    def test_chord_by_click_and_middle_click(self) -> None:
        """A press on a satisfied number opens its neighbours; so does a chord intent."""
        page = GamePage("layout=*.../..../..*.")
        page.reveal(1, 1)
        page.flag(0, 0)
        page.reveal(1, 1)
        assert page.states()[0] == "FHHH"
        page.flag(2, 2)
        page.reveal(1, 1)
        assert page.states() == ["F100", "1211", "01FH"]
        page.chord(3, 1)
        assert page.attr("#board", "data-status") == "won"

    def test_loss_shows_mines_and_wrong_flags(self) -> None:
        """Revealing a mine loses: exploded and shown mines, wrong flags, sad face."""
        page = GamePage(LAYOUT)
        page.reveal(1, 0)
        page.flag(2, 2)
        page.reveal(0, 0)
        assert page.attr("#board", "data-status") == "lost"
        assert page.cell(0, 0, "data-mine") == "exploded"
        assert page.cell(3, 2, "data-mine") == "shown"
        assert page.cell(2, 2, "data-wrong") == "true"
        assert page.attr("#reset", "data-face") == "lost"
        assert page.focused() == "reset"
        assert page.attr("#board", "aria-disabled") == "true"
        page.reveal(2, 0)
        assert page.cell(2, 0, "data-state") == "hidden"

    def test_win_flags_the_mines(self) -> None:
        """Opening every safe cell wins; mines show flagged; the face wears sunglasses."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        page.reveal(0, 2)
        assert page.attr("#board", "data-status") == "won"
        assert page.states() == ["F100", "1111", "001F"]
        assert page.cell(0, 0, "data-mine") == "shown"
        assert page.text("#mines-left") == "0"
        assert page.attr("#reset", "data-face") == "won"

    def test_reset_starts_the_same_settings_again(self) -> None:
        """The face starts a fresh game with the same layout."""
        page = GamePage(LAYOUT)
        page.reveal(0, 0)
        page.click("#reset")
        assert page.attr("#board", "data-status") == "ready"
        assert page.states() == ["HHHH"] * 3
        assert page.text("#timer") == "0"

    def test_timer_runs_from_first_reveal_and_stops_at_end(self) -> None:
        """The timer waits for the first reveal, counts seconds, and freezes at the end."""
        page = GamePage("preset=beginner&seed=3")
        page.advance(1200)
        assert page.text("#timer") == "0"
        page.reveal(4, 4)
        page.advance(1300)  # one second, and the 250 ms tick that shows it
        assert page.text("#timer") == "1"
        page.click("#reset")
        page = page.reopen(LAYOUT)
        page.reveal(1, 0)
        page.advance(1300)
        assert page.text("#timer") == "1"
        page.reveal(0, 0)
        stopped = page.text("#timer")
        page.advance(5000)
        assert page.text("#timer") == stopped


class TestFlagMode:
    def test_flag_mode_toggle(self) -> None:
        """In flag mode a press flags; the switch is announced."""
        page = GamePage(LAYOUT)
        page.click("#flag-mode")
        assert page.attr("#flag-mode", "aria-pressed") == "true"
        assert "Flag mode" in page.text("#message")
        page.reveal(1, 0)
        assert page.cell(1, 0, "data-state") == "flagged"
        page.click("#flag-mode")
        page.reveal(2, 0)
        assert page.cell(2, 0, "data-state") == "revealed"

    def test_a_touch_style_whose_tap_flags_turns_flag_mode_off(self) -> None:
        """Choosing a touch style whose tap already flags (its Flag mode button hidden) turns
        Flag mode off, so that its hold or double tap, the page's "open" intent, opens; one
        that keeps the button keeps Flag mode as it was."""
        page = GamePage(LAYOUT)
        page.click("#flag-mode")
        page.choose("#touch-style", "toggle")
        assert page.attr("#flag-mode", "aria-pressed") == "true"
        page.choose("#touch-style", "tap-flag")
        assert page.attr("#flag-mode", "aria-pressed") == "false"
        page.reveal(1, 0)
        assert page.cell(1, 0, "data-state") == "revealed"


class TestSettings:
    @pytest.mark.parametrize(
        ("query", "cells", "mines"),
        [
            ("preset=intermediate", 256, "40"),
            ("preset=expert", 480, "99"),
            ("preset=expert-portrait", 480, "99"),
            ("w=12&h=7&m=20", 84, "20"),
            ("layout=..*/.../*..", 9, "2"),
        ],
    )
    def test_url_parameters_choose_the_game(self, query: str, cells: int, mines: str) -> None:
        """Presets, custom sizes and layouts come from the URL."""
        page = GamePage(query)
        assert page.count("#board button") == cells
        assert page.text("#mines-left") == mines
        assert page.text("#message") == ""

    @pytest.mark.parametrize(
        ("query", "complaint"),
        [
            ("preset=huge", "unknown preset"),
            ("w=0&h=5&m=1", "width 0 is out of range"),
            ("m=500", "mines 500 is out of range"),
            ("seed=abc", "not a whole number"),
            ("first=lucky", "unknown first-click rule"),
            ("layout=**/x.", "line 2, column 1"),
        ],
    )
    def test_bad_url_shows_message_and_default_game(self, query: str, complaint: str) -> None:
        """Invalid parameters never break the page: a message and a beginner game."""
        page = GamePage(query)
        assert complaint in page.text("#message")
        assert page.count("#board button") == 81
        page.reveal(4, 4)
        assert page.attr("#board", "data-status") in ("playing", "won")

    def test_seed_reproduces_the_board(self) -> None:
        """The same seed and first click give the same board, for another player too."""
        page = GamePage("preset=expert&seed=12")
        page.reveal(3, 3)
        first = page.states()
        other = GamePage("preset=expert&seed=12")  # a browser of its own: no storage
        other.reveal(3, 3)
        assert other.states() == first
        assert any("H" in row for row in first)

    def test_reopening_a_seed_url_resumes_and_reset_keeps_the_seed(self) -> None:
        """Reopening the same URL resumes the game; the face then deals the same board again."""
        page = GamePage("preset=expert&seed=12")
        page.reveal(3, 3)
        first = page.states()
        page = page.reopen("preset=expert&seed=12")
        assert page.states() == first
        page.click("#reset")
        page.reveal(3, 3)
        assert page.states() == first

    def test_first_click_safe_opens_one_cell_on_dense_board(self) -> None:
        """With first=safe on a board of 8 mines in 9 cells, the click still survives."""
        page = GamePage("w=3&h=3&m=8&first=safe")
        page.reveal(1, 1)
        assert page.attr("#board", "data-status") == "won"

    def test_difficulty_selector(self) -> None:
        """Choosing a preset starts that game."""
        page = GamePage()
        page.choose("#difficulty", "expert")
        assert page.count("#board button") == 480
        assert page.text("#mines-left") == "99"

    def test_custom_form_refuses_bad_values_and_keeps_the_game(self) -> None:
        """An invalid custom size gets an inline message and the game in play stays."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        before = page.states()
        page.choose("#difficulty", "custom")
        assert not page.hidden("#custom")
        page.fill("#custom-width", "5")
        page.fill("#custom-height", "5")
        page.fill("#custom-mines", "25")
        page.submit("#custom")
        assert "mines 25 is out of range" in page.text("#custom-error")
        assert page.states() == before
        page.fill("#custom-mines", "3")
        page.submit("#custom")
        assert page.count("#board button") == 25
        assert page.text("#custom-error") == ""
        assert page.hidden("#custom")


class TestKeys:
    def test_f2_and_n_start_a_new_game(self) -> None:
        """F2 or N starts a new game of the same settings; Ctrl+N does not."""
        page = GamePage("preset=beginner")
        page.reveal(4, 4)
        assert page.attr("#board", "data-status") != "ready"
        page.key("F2")
        assert page.attr("#board", "data-status") == "ready"
        page.reveal(4, 4)
        page.key("n", ctrl=True)
        assert page.attr("#board", "data-status") != "ready"
        page.key("n")
        assert page.attr("#board", "data-status") == "ready"


class TestLook:
    def test_counters_draw_three_digits_and_keep_the_integer(self) -> None:
        """Too many flags read -04 on the display, and -4 as the counter's text."""
        page = GamePage("layout=*.../..../....")
        for x in range(4):
            page.flag(x, 1)
        page.flag(0, 2)
        assert page.text("#mines-left") == "-4"
        assert page.text("[data-for=mines-left]") == "-04"

    def test_the_first_aid_says_the_game_is_now_assisted(self) -> None:
        """The first hint tells, once, that the game now counts as assisted; Never is kept."""
        page = GamePage("preset=beginner&seed=2")
        page.reveal(*start_cell(page))
        assert page.hidden("#aid-note") and page.hidden("#assist-badge")
        page.click("#hint")
        assert "counts as assisted" in page.text("#aid-note")
        assert not page.hidden("#aid-note") and not page.hidden("#assist-badge")
        page.click("#aid-note-never")
        assert page.hidden("#aid-note")
        page.click("#reset")
        page.reveal(*start_cell(page))
        page.click("#hint")
        assert page.hidden("#aid-note")
        page = page.reopen()
        page.click("#reset")
        page.reveal(*start_cell(page))
        page.click("#hint")
        assert page.hidden("#aid-note")  # the choice was kept in this browser

    @pytest.mark.parametrize("query", ["preset=beginner&seed=5", "daily=2026-01-01"])
    def test_a_first_tap_away_from_the_start_cell_says_why(self, query: str) -> None:
        """A first press away from a shared board's start cell opens the start cell, says
        why, and asks the page to bring the note into view."""
        page = GamePage(query, width=390, height=844)
        start = start_cell(page)
        away = next(
            (int(b.attrs["data-x"]), int(b.attrs["data-y"]))
            for b in page.dom.all("#board button")
            if "data-start" not in b.attrs
        )
        page.reveal(*away)
        assert "starts at its marked cell" in page.text("#message")
        assert page.cell(*start, "data-state") == "revealed"
        assert page.scrolled("#message")


class TestSharedBoards:
    @pytest.mark.parametrize(
        ("query", "named"),
        [("daily=2026-01-01", "Daily beginner board of 2026-01-01"), ("seed=5", "shared board")],
    )
    def test_the_start_cell_is_said_before_the_first_click(self, query: str, named: str) -> None:
        """Issue 46, defect 10: a first click at (0, 0) opened the marked start cell, which
        was explained only afterwards. The board says so before, in the message (naming the
        cell) and in the status row between the counters and the board."""
        page = GamePage(query)
        x, y = start_cell(page)
        message = page.text("#message")
        assert named in message
        assert f"first click opens its marked cell, at row {y + 1}, column {x + 1}" in message
        assert not page.hidden("#start-tag")  # and beside the board, where the eyes are
        assert page.text("#start-tag") == "Starts at the marked cell"
        assert "spent" not in page.dom.one("#start-tag").classes
        page.reveal(x, y)
        assert "spent" in page.dom.one("#start-tag").classes  # said: its space stays

    def test_the_daily_board_stays_named_after_the_first_click(self) -> None:
        """Issue 46, defect 10: after the first click nothing said it was the daily board (the
        message gone, the size menu reading Beginner). The menu names the day's board; a
        preset chosen from it starts a game of that preset."""
        page = GamePage("daily=2026-01-01")
        page.reveal(0, 0)
        assert page.attr("#board", "data-status") in ("playing", "won")
        assert page.value("#difficulty") == "daily"
        assert page.text("#difficulty option[value=daily]") == "Daily beginner, 2026-01-01"
        page.choose("#difficulty", "beginner")
        assert page.value("#difficulty") == "beginner"
        assert page.attr("#board", "data-status") == "ready"
        assert "Daily" not in page.text("#message")
        assert page.count("#board button[data-start]") == 0

    def test_a_game_resumed_says_nothing_of_a_first_click(self) -> None:
        """A daily game kept with its moves is named again, not as if unplayed."""
        page = GamePage("daily=2026-01-01")
        page.reveal(*start_cell(page))
        page = page.reopen("")
        assert "Daily beginner board of 2026-01-01" in page.text("#message")
        assert "first click" not in page.text("#message")


class TestDialogs:
    def test_closing_the_custom_form_keeps_the_game(self) -> None:
        """Choosing Custom opens the form; closing it leaves the game and the selector as
        they were."""
        page = GamePage("preset=intermediate")
        page.choose("#difficulty", "custom")
        assert not page.hidden("#custom-dialog")
        assert page.focused() == "custom-width"
        page.escape("#custom-dialog")
        assert page.hidden("#custom-dialog")
        assert page.value("#difficulty") == "intermediate"
        assert page.count("#board button") == 256

    def test_the_stats_panel_gives_the_focus_back(self) -> None:
        """The statistics panel opens as a dialog on its menu; closed, the focus goes back."""
        page = GamePage("preset=beginner")
        page.click("#stats-open")
        assert not page.hidden("#stats") and page.focused() == "stats-mode"
        page.escape("#stats")
        assert page.hidden("#stats") and page.focused() == "stats-open"


def start_cell(page: GamePage) -> tuple[int, int]:
    """The start cell of a shared board on *page*."""
    button = page.dom.one("#board button[data-start=true]")
    return int(button.attrs["data-x"]), int(button.attrs["data-y"])
