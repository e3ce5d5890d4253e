"""The game review on the page: every move with its verdict, stepped through with the slider.

The review is computed in Python a few moves at a time, with the page free
between them and a progress line, since a long game of guesses can take a
second or two in Pyodide. The review's module is imported when a review is
first computed, not with the page (`game.page.app.DEFERRED`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from game.names import decimal
from game.page.asks import Redraw, Show
from game.page.board_view import BoardView
from game.page.channel import now
from game.page.commands import ScrollTo
from game.page.heard import Listen, clicks, spawn
from game.page.model import ReviewShown
from game.page.tree import Node, h
from game.rules.history import History
from game.session import Session
from game.words.teaching import review_line, review_summary

if TYPE_CHECKING:
    from game.teacher.review import MoveReview


def review_moves(history: History) -> Iterator[MoveReview]:
    """Review *history* move by move (the review's module is imported on first use)."""
    from game.teacher.review import review_moves as moves

    return moves(history)


class ReviewPanel:
    """`#review` opens it; `#review-list` holds one item per move; the slider steps through."""

    def __init__(self, board: BoardView, session: Session) -> None:
        self.board = board
        self.session = session
        """The session last taken in: the game "Review" reviews."""
        self.open = False
        """Whether the panel is shown."""
        self.reviewed: History | None = None
        """The game reviewed, or being reviewed."""
        self.moves: list[MoveReview] = []
        """Its moves reviewed so far, in order."""
        self.progress = ""
        """How far the review has come, while it is computed."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the panel hears: Review, its close, and a move picked in the list."""
        return (
            clicks("review", self.start),
            clicks("review-close", self.close),
            Listen("#review-list", "click", self.on_pick),
        )

    def start(self) -> Show | Redraw | None:
        """Review the game (once per game) and show the panel at its first move."""
        session = self.session
        if not can_review(session):
            return None
        self.open = True
        if self.reviewed is not session.history:
            self.reviewed = session.history
            self.moves = []
            self.progress = ""
            spawn(self.compute(session.history, iter(review_moves(session.history))))
            return Redraw()
        return Show(0)

    def close(self) -> Redraw:
        """Hide the panel (the review is kept for this game)."""
        self.open = False
        self.board.mark({})
        return Redraw()

    async def compute(self, history: History, moves: Iterator[MoveReview]) -> Show | Redraw | None:
        """Review *history*'s moves for about 50 ms, then draw them and go on in a new task.

        The page stays free between the tasks, and says how far the review has come.
        """
        await asyncio.sleep(0)
        began = now()
        for reviewed in moves:
            if self.reviewed is not history:
                return None  # another game took its place
            self.moves.append(reviewed)
            if now() - began > 50:
                self.progress = f"Reviewing… move {reviewed.number} of {len(history)}"
                spawn(self.compute(history, moves))
                return Redraw()
        self.progress = ""
        return Show(0)

    def on_pick(self, event: Any) -> Show | None:
        """Clicking a move shows the position just before it."""
        return None if event.target.move is None else Show(int(event.target.move) - 1)

    def take(self, session: Session) -> None:
        """Take in *session*: another game closes the panel; the board marks the move shown."""
        if session.start is not self.session.start:
            self.open = False
            self.board.mark({})
        self.session = session
        current = self.current(session)
        if current is None:
            return
        marks = {current.move.pos: "review-player"}
        if current.solver is not None and current.solver != current.move.pos:
            marks[current.solver] = "review-solver"
        self.board.mark(marks)

    def follow(self, session: Session) -> tuple[ScrollTo, ...]:
        """Return the scroll that shows the move about to be made at the step shown."""
        current = self.current(session)
        if current is None:
            return ()
        return (ScrollTo(f'?#review-list [data-move="{current.number}"]'),)

    def current(self, session: Session) -> MoveReview | None:
        """Return the move about to be made at the step shown, if the panel reviews it."""
        return current_move(session, self.shown())

    def shown(self) -> ReviewShown:
        """Return what the panel shows, for the page's model."""
        return ReviewShown(self.open, self.reviewed, tuple(self.moves), self.progress)


def current_move(session: Session, review: ReviewShown) -> MoveReview | None:
    """Return the move about to be made at *session*'s step, if *review* shows its game."""
    if not review.open or review.reviewed is not session.history:
        return None
    return review.moves[session.step] if session.step < len(review.moves) else None


def view_review(session: Session, review: ReviewShown) -> tuple[Node, ...]:
    """Return the panel: its list, progress and summary, and the button that opens it."""
    current = current_move(session, review)
    done = review.reviewed is session.history and not review.progress
    return (
        h("button", "#review", attrs={"disabled": None if can_review(session) else ""}),
        h("section", "#review-panel", props={"hidden": not review.open}),
        h("p", "#review-progress", text=review.progress),
        h("p", "#review-summary", text=review_summary(review.moves) if done else ""),
        h(
            "ol",
            "#review-list",
            children=[item(reviewed, reviewed is current) for reviewed in review.moves],
        ),
    )


def can_review(session: Session) -> bool:
    """Tell whether the game can be reviewed: it is over, or a replay file watched."""
    return bool(len(session.history)) and (session.live.is_over() or session.watched)


def item(reviewed: MoveReview, current: bool) -> Node:
    """Return the list item of one reviewed move, with the page's contract attributes."""
    verdict = "unjudged" if reviewed.verdict is None else reviewed.verdict.value
    return h(
        "li",
        attrs={
            "data-move": str(reviewed.number),
            "data-verdict": verdict,
            "data-risk": None if reviewed.risk is None else decimal(reviewed.risk, 12),
            "tabindex": "-1",
            "class": f"review-move {verdict}",
            "aria-current": "step" if current else None,
        },
        text=review_line(reviewed),
    )
