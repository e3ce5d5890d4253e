"""What a visit to the page opens: the game kept from the last visit, or the one the link asks for.

A bare address resumes the game kept; a link to that same game does too. A
link to another game, or one the page could not read, starts that game (or
the default one) and sets the unfinished kept game aside to resume, so
opening a link never loses a game in progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.query import GameRequest
from game.session import Session


@dataclass(frozen=True, slots=True)
class Visit:
    """The game a visit shows, and what happens to the game kept."""

    session: Session
    """The game to show."""
    set_aside: Session | None = None
    """The unfinished kept game to keep aside for *Resume*, if the link asked for another."""
    restored: bool = False
    """Whether the kept game, with its moves, was brought back."""


def visit(
    request: GameRequest,
    kept: Session | None,
    *,
    bare: bool,
    understood: bool,
    seed: int,
    now: float,
) -> Visit:
    """Return what a visit opens.

    *request* is the game the address asks for, *kept* the game kept by the
    last visit; *bare* tells whether the address asks for nothing, and
    *understood* whether the page could read what it asks for. *seed* deals
    a new game; *now* restarts the clock of a game resumed in play.
    """
    if kept is not None and (bare or (understood and kept.request == request)):
        return Visit(kept.resume(now), restored=bool(len(kept.history)))
    aside = kept if kept is not None and kept.is_unfinished() else None
    return Visit(Session.begin(request, seed), set_aside=aside)
