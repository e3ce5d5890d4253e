"""The finished game: its summary with every figure, and the result card where the eyes are."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.page.asks import NewGame, Redraw
from game.page.commands import Copy
from game.page.dom import say
from game.page.heard import Listen, clicks, has_clipboard, spawn
from game.page.tree import Node, h
from game.rules.figures import no_flags
from game.rules.history import History
from game.rules.state import Status
from game.session import Session
from game.words import (
    COMMUNITY_TITLE,
    card_verdict,
    community_items,
    daily_share,
    no_flags_mark,
    result_figures,
    summary_items,
    verdict,
)

if TYPE_CHECKING:
    from game.community.clicks import Clicks
    from game.community.read import Replay


class Summary:
    """`#summary` under the board and the `#result` card at the bottom of the screen."""

    def __init__(self, session: Session) -> None:
        self.session = session
        """The session last shown: "New game" asks for another of its kind."""
        self.card_for: History | None = None
        """The finished game whose card was put up: it shows once per end, until hidden."""
        self.card_open = False
        """Whether the card is up (the player may close it)."""
        self.community: tuple[History, dict[str, Any]] | None = None
        """The community's figures of the last finished game shown, computed once."""
        self.clicks: tuple[History, Clicks] | None = None
        """The clicks of the last finished game shown, as the community counts them."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the card hears: a new game, its close, and the daily result to share."""
        return (
            clicks("result-new", lambda: NewGame(self.session.request)),
            clicks("result-close", self.hide),
            clicks("share-result", self.copy_share),
        )

    def hide(self) -> Redraw:
        """Hide the card until the next game ends."""
        self.card_open = False
        return Redraw()

    def take(self, session: Session, opened: Replay | None = None) -> None:
        """Take in *session*: put the card up for a new end, and have its figures computed.

        The community's figures of that end are computed in a task of their own, unless
        known; *opened* is the replay file last opened, whose own clicks count while its
        game is shown.
        """
        self.session = session
        if session.figures is None or not session.is_live():
            return
        if self.card_for is not session.history:  # a new end: the card goes up once
            self.card_for = session.history
            self.card_open = True
        if self.clicks_known(session) is None:
            from game.community.watch import replay_of

            self.clicks = (session.history, replay_of(session, opened).played.clicks)
        if self.known(session) is None:
            spawn(self.show_community(session, opened))

    def clicks_known(self, session: Session) -> Clicks | None:
        """Return the clicks of *session*'s end, as the community counts them, if counted."""
        if self.clicks is None or self.clicks[0] is not session.history:
            return None
        return self.clicks[1]

    def known(self, session: Session) -> dict[str, Any] | None:
        """Return the community's figures of *session*'s end, if computed, else None."""
        if self.community is None or self.community[0] is not session.history:
            return None
        return self.community[1]

    async def show_community(self, session: Session, opened: Replay | None) -> Redraw | None:
        """Compute the community's figures of *session*'s end once the end itself shows.

        Computing them (ZiNi's search above all) takes longer than drawing the last move,
        so they come in a task of their own, unless the page has moved on by then; the
        page is then drawn again with them.
        """
        await asyncio.sleep(0)  # the board and the summary go to the page first
        if self.session is not session:
            return None
        self.community_figures(session, opened)
        return Redraw()

    def community_figures(self, session: Session, opened: Replay | None) -> dict[str, Any]:
        """Return the community's figures of *session*'s finished game, computed once a game.

        The replay file *opened* counts its own clicks while its game is on the page.
        """
        if self.community is None or self.community[0] is not session.history:
            from game.community.replay_stats import replay_figures
            from game.community.watch import replay_of

            self.community = (session.history, replay_figures(replay_of(session, opened)))
        return self.community[1]

    def copy_share(self) -> Redraw:
        """Copy the daily result, a line with no spoilers, to share (or show it to copy)."""
        share = daily_share(self.session)
        if not has_clipboard():
            say(share)
            return Redraw()
        say(f"Copied: {share}")
        return Redraw(then=(Copy(share),))


def view_summary(
    session: Session,
    best_note: str,
    *,
    card_open: bool,
    community: Mapping[str, Any] | None,
    clicks: Clicks | None = None,
    why: str = "",
) -> tuple[Node, ...]:
    """Return the summary and the result card as *session* shows them (hidden while playing).

    *best_note* says a new best, *card_open* whether the card is up, *community* holds
    the community's figures of the game, once computed, *clicks* its clicks as the
    community counts them (counted from its moves when not given), and *why* why a fair
    game lost.
    """
    numbers = session.figures
    if numbers is None or not session.is_live():
        return (
            h("section", "#summary", props={"hidden": True}),
            h("div", "#result", props={"hidden": True}),
            h("p", "#result-why", text="", props={"hidden": True}),
        )
    if clicks is None:
        from game.community.watch import replay_of

        clicks = replay_of(session).played.clicks
    nf = no_flags(session.history)
    share = daily_share(session)
    summary = h(
        "section",
        "#summary",
        props={"hidden": False},
        attrs={
            "data-3bv": str(numbers.three_bv),
            "data-3bv-solved": str(numbers.solved_three_bv),
            "data-time-ms": str(numbers.ms),
            "data-assisted": "true" if session.is_assisted() else "false",
            "data-nf": "true" if nf else "false",
        },
        children=[
            h("p", attrs={"class": "verdict"}, text=verdict(session) + no_flags_mark(nf)),
            *(figure(name, value) for name, value in summary_items(numbers, clicks)),
            *([h("p", attrs={"class": "best"}, text=best_note)] if best_note else []),
            h(
                "details",
                attrs={"class": "community", "open": ""},
                children=[
                    h("summary", text=COMMUNITY_TITLE),
                    h(
                        "div",
                        attrs={"class": "community-figures", "id": "community-figures"},
                        children=[
                            figure(name, value, named=True)
                            for name, value in community_items(community)
                        ]
                        if community is not None
                        else [],
                    ),
                ],
            ),
        ],
    )
    verdict_line = card_verdict(session) + (f" {best_note}" if best_note else "")
    return (
        summary,
        h(
            "div",
            "#result",
            props={"hidden": not card_open},
            attrs={"data-status": "won" if session.live.status is Status.WON else "lost"},
        ),
        h("p", "#result-verdict", text=verdict_line),
        h("p", "#result-figures", text=result_figures(numbers, clicks)),
        h("p", "#result-why", text=why, props={"hidden": not why}),
        h("button", "#share-result", props={"hidden": not share}),
    )


def figure(name: str, value: str, *, named: bool = False) -> Node:
    """Return one figure of the summary: its value over its name (*named*: for tests to find)."""
    attrs = {"class": "figure", **({"data-name": name} if named else {})}
    return h("p", attrs=attrs, children=[h("b", text=value), h("span", text=name)])
