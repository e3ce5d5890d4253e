"""The live figures in the player's own game (`#live`, `#live-figures`), under CPython.

Off by default; asked for in the controls (js/controls.js keeps the choice on the
device), `#live` shows the community's figures as the game goes, as Arbiter's counters
do: the same names and figures as a replay file's, from the one `Tally`, and at the
game's end the summary's.
"""

from __future__ import annotations

from fakepage import GamePage
from game.community.live import Tally
from game.community.replay_stats import replay_figures
from game.community.watch import replay_of
from game.page import app
from game.session import Session

LAYOUT = "layout=*..../...../...../...../....*"
"""Two mines in opposite corners: the first reveal in the middle opens all but a few."""


def session() -> Session:
    assert app.app is not None
    return app.app.session


def test_the_live_figures_are_off_by_default() -> None:
    """A game played with the box unchecked shows no `#live`."""
    page = GamePage("preset=beginner&seed=7")
    page.reveal(0, 0)
    assert not page.checked("#live-figures")
    assert page.hidden("#live")


def test_asked_for_the_live_figures_run_with_the_game() -> None:
    """Issue 48: a live game had no counters. With `#live-figures` checked, `#live` shows the
    figures as they stand: the clicks made, and the time running with the clock between
    moves; unchecked, it hides again."""
    page = GamePage("preset=beginner&seed=7")
    page.check("#live-figures")
    page.reveal(0, 0)
    assert not page.hidden("#live")
    assert page.attr("#live", "data-cl") == "1"
    assert "3BV/s" in page.text("#live") and "IOE" in page.text("#live")
    page.advance(3_000)
    assert int(page.attr("#live", "data-time-ms")) >= 2_750
    page.check("#live-figures", on=False)
    assert page.hidden("#live")


def test_at_the_end_the_live_figures_are_the_summarys() -> None:
    """Won, the panel's 3BV cleared, cl and ce are those of the finished game's figures."""
    page = GamePage(LAYOUT)
    page.check("#live-figures")
    page.reveal(2, 2)
    page.advance(1_500)
    for x, y in ((0, 1), (1, 0), (1, 1), (3, 4), (4, 3), (3, 3)):
        if session().live.status.value == "playing":
            page.reveal(x, y)
    assert session().live.is_over()
    figures = replay_figures(replay_of(session()))
    shown = {key: page.attr("#live", f"data-{key.replace('_', '-')}") for key in LIVE}
    assert shown == {key: str(figures[key]) for key in LIVE}
    assert Tally.of(replay_of(session())).at_end().clicks.all == figures["cl"]


LIVE = ("time_ms", "bbbv_solved", "cl", "ce")
