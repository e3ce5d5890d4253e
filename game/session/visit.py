"""What a start opens, and what Resume swaps, on the page and in the terminal.

One policy for both front-ends. A start that asks for nothing resumes the
game kept; asking for that same game does too. Asking for another game (or
for a new board of the same kind) starts it, and sets the unfinished kept
game aside to resume, so opening a link or giving options never loses a
game in progress. "Unfinished" is `Session.is_unfinished`, the one test of
a game worth keeping.

The front-ends differ only where their documents say so, by the parameters:
the page resumes what an address it could read asks for, and shows a kept
game again even if it is over; the terminal takes `--seed` as asking for a
new board, and deals a new game of the same kind after a finished one.

Resume is one swap for both (`swap`): the game set aside comes back, and the
game in play takes its place aside if it is unfinished; the front-ends only
keep what it returns, each in its own storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.session import Session
from game.session.query import GameRequest


@dataclass(frozen=True, slots=True)
class Visit:
    """The game a start shows, and what happens to the game kept."""

    session: Session
    """The game to show."""
    set_aside: Session | None = None
    """The unfinished kept game to keep aside for *Resume*, if the start asked for another."""
    restored: bool = False
    """Whether the kept game, with its moves, was brought back."""


def visit(
    request: GameRequest,
    kept: Session | None,
    *,
    asked: bool,
    same_resumes: bool,
    finished_shown: bool,
    seed: int,
    now: float,
) -> Visit:
    """Return what a start opens.

    *request* is the game the start asks for, *kept* the game kept by the last
    one. *asked* tells whether the start asks for a game at all (an address
    with a query, options on the command line); *same_resumes* whether asking
    for the kept game's own request resumes it (the page: an address it could
    read; the terminal: no `--seed`, which asks for a new board); and
    *finished_shown* whether a kept game that is not unfinished (over, or
    without a move) comes back as it is (the page) rather than giving way to
    a new game of its kind (the terminal). *seed* deals a new game; *now*
    restarts the clock of a game resumed in play.
    """
    if kept is not None and (not asked or (same_resumes and kept.request == request)):
        if finished_shown or kept.is_unfinished():
            return Visit(kept.resume(now), restored=bool(len(kept.history)))
        return Visit(Session.begin(request if asked else kept.request, seed))
    aside = kept if kept is not None and kept.is_unfinished() else None
    return Visit(Session.begin(request, seed), set_aside=aside)


@dataclass(frozen=True, slots=True)
class Swap:
    """What Resume does: the game brought back, and the game in play set aside in its place."""

    session: Session
    """The game set aside, brought back with its clock running if it is in play."""
    set_aside: Session | None
    """The game in play, paused, to keep aside in its place; None when it is not unfinished,
    and nothing waits aside any more."""


def swap(current: Session, waiting: Session, now: float) -> Swap:
    """Return *waiting*, the game set aside, brought back at *now* in place of *current*.

    *current* goes aside, paused at *now*, only if it is unfinished
    (`Session.is_unfinished`, the one test of a game worth keeping).
    """
    aside = current.pause(now) if current.is_unfinished() else None
    return Swap(waiting.resume(now), aside)
