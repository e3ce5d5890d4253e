"""Time travel under CPython: slider, replay, undo, resume after reload, share links, replay files.

Ported from tests/browser/test_history.py: the view driven through the worker's
messages (tests/fakepage.py), the page's storage kept between visits as a browser's.
"""

from __future__ import annotations

import json

import pytest

from fakepage import GamePage

LAYOUT = "layout=*.../..../..*."
"""Mines at (0, 0) and (2, 2) on a 4x3 board."""


def slider(page: GamePage) -> tuple[str, str]:
    return page.attr("#history", "max") or "", page.value("#history")


def played() -> GamePage:
    """A layout game after three moves: a flood, a flag, a number."""
    page = GamePage(LAYOUT)
    page.reveal(3, 0)
    page.flag(0, 0)
    page.reveal(0, 1)
    return page


class TestSlider:
    def test_slider_shows_each_past_state(self) -> None:
        """max counts the moves; moving the slider shows the board after that many."""
        page = played()
        assert slider(page) == ("3", "3")
        latest = page.states()
        page.slide(1)
        assert page.states() == ["H100", "H211", "HHHH"]
        assert not page.hidden("#past-band")
        page.slide(0)
        assert page.states() == ["HHHH"] * 3
        assert page.attr("#board", "data-status") == "ready"
        page.slide(3)
        assert page.states() == latest
        assert page.hidden("#past-band")

    def test_the_timer_shows_the_time_of_the_move_shown(self) -> None:
        """Issue 46, defect 8: during playback the timer showed the final time (504 at move 4
        of 10). Looking back or replaying, it shows the time when the move shown was made."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        page.advance(2_000)
        page.flag(0, 0)
        page.advance(5_000)
        page.reveal(0, 1)
        page.advance(3_000)
        assert page.text("#timer") == "10"
        page.slide(2)
        assert page.text("#timer") == "2"
        page.slide(0)
        assert page.text("#timer") == "0"
        page.advance(3_000)  # the clock runs on, behind the moment shown
        assert page.text("#timer") == "0"
        page.slide(3)
        assert page.text("#timer") == "13"
        page.click("#replay")
        assert page.text("#timer") == "0"

    def test_the_game_is_kept_each_second_its_clock_runs_not_sooner(self) -> None:
        """A move is kept as it is made; the clock's ticks keep it again only once a second
        has passed (the first tick after a first click wrote it again at 134 ms)."""
        page = GamePage(LAYOUT)
        page.reveal(3, 0)
        kept = page.stored("pyminesweeper.game")
        page.advance(300)
        assert page.stored("pyminesweeper.game") == kept
        page.slide(0)  # looking back, the clock runs on and is kept
        page.advance(1000)
        assert page.stored("pyminesweeper.game")["elapsed_ms"] >= 1000

    def test_move_in_the_past_discards_later_moves(self) -> None:
        """Playing from step 1 continues from there; the later moves are gone."""
        page = played()
        page.slide(1)
        page.reveal(3, 2)
        assert slider(page) == ("2", "2")
        assert page.states() == ["H100", "H211", "HHH1"]

    def test_replay_plays_to_the_end(self) -> None:
        """The replay button steps from the start to the last move."""
        page = played()
        page.click("#replay")
        assert page.attr("#replay", "aria-pressed") == "true"
        assert page.value("#history") == "0"
        page.advance(5000)
        assert page.value("#history") == "3"
        assert page.attr("#replay", "aria-pressed") == "false"
        assert page.states()[0] == "F100"


class TestMessages:
    def test_a_win_s_message_belongs_to_the_last_move(self) -> None:
        """Issue 46, defect 8: "You won in 5.332 s!" stayed up while the replay showed move 3.
        A message belongs to the moment it was said at: it goes while another move is shown
        and comes back with its moment, at the replay's end."""
        page = played()
        for x, y in ((0, 2), (1, 2), (3, 2)):
            page.reveal(x, y)
        assert page.text("#message").startswith("You won in ")
        won = page.text("#message")
        page.click("#replay")
        assert page.text("#message") == ""
        page.advance(900)
        assert page.value("#history") == "2" and page.text("#message") == ""
        page.advance(5000)
        assert slider(page)[1] == slider(page)[0] and page.text("#message") == won

    def test_welcome_back_is_not_said_of_an_earlier_move(self) -> None:
        """Issue 46, defect 8: "Welcome back" stayed up while an earlier move was shown."""
        page = played().reopen()
        assert "restored" in page.text("#message")
        page.slide(1)
        assert page.text("#message") == ""
        page.slide(3)
        assert "restored" in page.text("#message")
        page.reveal(3, 2)  # a move: the game moves on, and its words with it
        assert "restored" not in page.text("#message")


class TestUndo:
    def test_undo_after_a_loss_continues_and_counts(self) -> None:
        """Ctrl+Z takes back the fatal move; the win is then marked assisted."""
        page = played()
        page.reveal(2, 2)
        assert page.attr("#board", "data-status") == "lost"
        page.key("z", ctrl=True)
        assert page.attr("#board", "data-status") == "playing"
        assert "Explosions so far: 1" in page.text("#message")
        for x, y in ((0, 2), (1, 2), (3, 2)):
            page.reveal(x, y)
        assert page.attr("#board", "data-status") == "won"
        assert "Assisted: undo" in page.text("#message")
        assert "Mines hit and undone: 1" in page.text("#message")

    def test_undo_button(self) -> None:
        """The Undo button removes the last move from the history."""
        page = played()
        page.click("#undo")
        assert slider(page) == ("2", "2")
        assert page.states()[1][0] == "H"


class TestResume:
    def test_reload_restores_board_move_and_timer(self) -> None:
        """After a reload the same game is back, at the same move, with its time."""
        page = played()
        page.advance(1300)  # one second, and the 250 ms tick that shows and keeps it
        before = page.states()
        page = page.reopen()
        assert page.states() == before
        assert slider(page) == ("3", "3")
        assert int(page.text("#timer")) >= 1
        assert "restored" in page.text("#message")

    def test_bare_url_resumes_too(self) -> None:
        """Opening the page without parameters brings back the saved game."""
        page = played().reopen("")
        assert page.count("#board button") == 12
        assert slider(page) == ("3", "3")

    @pytest.mark.parametrize(
        ("saved", "complaint"),
        [
            ("{not json", "this is not JSON"),
            ('{"format": "pyminesweeper-game", "version": 99}', "version 99 is not supported"),
            ("TAMPER", "does not fit the game"),
        ],
    )
    def test_unreadable_save_is_set_aside(self, saved: str, complaint: str) -> None:
        """Corrupt, old or tampered saves give a notice and a fresh game; the data is kept."""
        page = played()
        assert page.items is not None
        if saved == "TAMPER":
            data = page.stored("pyminesweeper.game")
            data["events"][2][1] = 3
            data["events"][2][2] = 0
            saved = json.dumps(data)
        page.items["pyminesweeper.game"] = saved
        page = page.reopen("")
        assert complaint in page.text("#message")
        assert page.count("#board button") == 81
        assert page.items is not None
        kept = [v for k, v in page.items.items() if k.startswith("pyminesweeper.game.unreadable.")]
        assert kept == [saved]


class TestSharing:
    def test_copy_link_opens_the_same_board_unplayed(self) -> None:
        """The copied link deals this board again, unplayed and unshown, wherever one clicks."""
        page = GamePage("preset=beginner")
        page.reveal(4, 4)
        first = page.states()
        page.click("#copy-link")
        url = page.attr("#copy-link", "data-url") or ""
        assert url.startswith("http://localhost/?") and "seed=" in url and "layout=" not in url
        assert page.clipboard == url
        assert "Copied a link" in page.text("#message")
        other = page.reopen(url.split("?", 1)[1])
        assert other.count("#board button[data-state=hidden]") == 81
        other.reveal(0, 8)
        assert other.states() == first

    def test_replay_file_round_trip(self) -> None:
        """A downloaded replay opens again and is watched from move 0."""
        page = played()
        page.click("#download")
        name, text = page.downloads[-1]
        assert name.endswith(".json") and json.loads(text)["version"] == 2
        page.click("#reset")
        page.pick_file("#open-file", name, text)
        assert "press Replay" in page.text("#message")
        assert slider(page) == ("3", "0")
        page.slide(3)
        assert page.states()[0] == "F100"

    @pytest.mark.parametrize(
        ("content", "complaint"),
        [
            ("hello", "not a replay this game reads"),
            ('{"format": "pyminesweeper-game", "version": 1}', "'settings' must be dict"),
            ("[" + " " * 2_100_000 + "]", "too large"),
        ],
    )
    def test_bad_replay_files_keep_the_game(self, content: str, complaint: str) -> None:
        """Invalid files are refused with a reason, and the current game stays."""
        page = played()
        before = page.states()
        page.pick_file("#open-file", "bad.json", content)
        assert complaint in page.text("#message")
        assert "Your game is unchanged" in page.text("#message")
        assert page.states() == before
        assert slider(page) == ("3", "3")
