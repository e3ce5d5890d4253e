"""The finished game: its summary with every figure, and the result card where the eyes are."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from game.page.asks import NewGame
from game.page.dom import by_id, copy_text, say
from game.page.heard import on_click, spawn
from game.rules.figures import no_flags
from game.rules.history import History
from game.rules.state import Status
from game.session import Session
from game.words import (
    card_verdict,
    community_items,
    daily_share,
    result_figures,
    summary_items,
    verdict,
)

if TYPE_CHECKING:
    from game.community.read import Replay


class Summary:
    """`#summary` under the board and the `#result` card at the bottom of the screen."""

    def __init__(self, session: Session) -> None:
        self.session = session
        """The session last rendered: "New game" asks for another of its kind."""
        self.shown_for: History | None = None
        """The finished game whose card was shown: it shows once per end, until hidden."""
        self.community: tuple[History, dict[str, Any]] | None = None
        """The community's figures of the last finished game shown, computed once."""
        self.share = ""
        on_click("result-new", lambda: NewGame(self.session.request))
        on_click("result-close", self.hide)
        on_click("share-result", self.copy_share)

    def hide(self) -> None:
        """Hide the card until the next game ends."""
        by_id("result").hidden = True

    def render(self, session: Session, best_note: str, opened: Replay | None = None) -> None:
        """Show the live game's figures once it is over; hide them otherwise.

        *opened* is the replay file last opened: its own clicks count while its game is shown.

        Only numbers and fixed words go into the summary's HTML (the best note
        is built from validated mode names), so it is safe to insert as HTML.
        """
        self.session = session
        summary = by_id("summary")
        card = by_id("result")
        numbers = session.figures
        if numbers is None or not session.is_live():
            summary.hidden = True
            card.hidden = True
            return
        best = f'<p class="best">{best_note}</p>' if best_note else ""
        nf = no_flags(session.history)
        summary.innerHTML = (
            f'<p class="verdict">{verdict(session)}{" · no flags (NF)" if nf else ""}</p>'
            + "".join(
                f'<p class="figure"><b>{value}</b><span>{name}</span></p>'
                for name, value in summary_items(numbers)
            )
            + best
            + '<details class="community" open><summary>The community\'s figures</summary>'
            + f'<div class="community-figures" id="community-figures">{self.known(session)}</div>'
            + "</details>"
        )
        for name, value in (
            ("data-3bv", numbers.three_bv),
            ("data-3bv-solved", numbers.solved_three_bv),
            ("data-time-ms", numbers.ms),
            ("data-assisted", "true" if session.is_assisted() else "false"),
            ("data-nf", "true" if nf else "false"),
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
        if not self.known(session):
            spawn(self.show_community(session, opened))

    def known(self, session: Session) -> str:
        """Return the HTML of the community's figures of *session*, if computed, else ""."""
        if self.community is None or self.community[0] is not session.history:
            return ""
        return "".join(
            f'<p class="figure" data-name="{name}"><b>{value}</b><span>{name}</span></p>'
            for name, value in community_items(self.community[1])
        )

    async def show_community(self, session: Session, opened: Replay | None) -> None:
        """Fill in the community's figures of *session*'s end, once the end itself shows.

        Computing them (ZiNi's search above all) takes longer than drawing the last move,
        so they come in a task of their own, unless the page has moved on by then.
        """
        await asyncio.sleep(0)  # the board and the summary go to the page first
        if self.session is not session:
            return
        self.community_figures(session, opened)
        by_id("community-figures").innerHTML = self.known(session)

    def community_figures(self, session: Session, opened: Replay | None) -> dict[str, Any]:
        """Return the community's figures of *session*'s finished game, computed once a game.

        The replay file *opened* counts its own clicks while its game is on the page.
        """
        if self.community is None or self.community[0] is not session.history:
            from game.community.replay_stats import figures
            from game.community.watch import replay_of

            self.community = (session.history, figures(replay_of(session, opened)))
        return self.community[1]

    def copy_share(self) -> None:
        """Copy the daily result, a line with no spoilers, to share."""
        if copy_text(self.share):
            say(f"Copied: {self.share}")
        else:
            say(self.share)
