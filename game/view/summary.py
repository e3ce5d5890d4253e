"""The finished game: its summary with every figure, and the result card where the eyes are."""

from __future__ import annotations

from collections.abc import Callable

from game.history import History
from game.session import Session
from game.state import Status
from game.view.dom import by_id, copy_text, on_click, say
from game.words import card_verdict, daily_share, result_figures, summary_items, verdict


class Summary:
    """`#summary` under the board and the `#result` card at the bottom of the screen."""

    def __init__(self, new_game: Callable[[], None]) -> None:
        self.shown_for: History | None = None
        """The finished game whose card was shown: it shows once per end, until hidden."""
        self.share = ""
        on_click("result-new", new_game)
        on_click("result-close", self.hide)
        on_click("share-result", self.copy_share)

    def hide(self) -> None:
        """Hide the card until the next game ends."""
        by_id("result").hidden = True

    def render(self, session: Session, best_note: str) -> None:
        """Show the live game's figures once it is over; hide them otherwise.

        Only numbers and fixed words go into the summary's HTML (the best note
        is built from validated mode names), so it is safe to insert as HTML.
        """
        summary = by_id("summary")
        card = by_id("result")
        numbers = session.figures
        if numbers is None or not session.is_live():
            summary.hidden = True
            card.hidden = True
            return
        best = f'<p class="best">{best_note}</p>' if best_note else ""
        summary.innerHTML = (
            f'<p class="verdict">{verdict(session)}</p>'
            + "".join(
                f'<p class="figure"><b>{value}</b><span>{name}</span></p>'
                for name, value in summary_items(numbers)
            )
            + best
        )
        for name, value in (
            ("data-3bv", numbers.three_bv),
            ("data-3bv-solved", numbers.solved_three_bv),
            ("data-time-ms", numbers.ms),
            ("data-assisted", "true" if session.is_assisted() else "false"),
        ):
            summary.setAttribute(name, str(value))
        summary.hidden = False
        won = session.live.status is Status.WON
        by_id("result-verdict").textContent = card_verdict(session) + (
            f" {best_note}" if best_note else ""
        )
        by_id("result-figures").textContent = result_figures(numbers)
        card.setAttribute("data-status", "won" if won else "lost")
        self.share = daily_share(session)
        by_id("share-result").hidden = not self.share
        if self.shown_for is not session.history:  # a new end: show the card once
            card.hidden = False
            self.shown_for = session.history

    def copy_share(self) -> None:
        """Copy the daily result, a line with no spoilers, to share."""
        if copy_text(self.share):
            say(f"Copied: {self.share}")
        else:
            say(self.share)
