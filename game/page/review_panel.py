"""The game review on the page: every move with its verdict, stepped through with the slider.

The review is computed in Python a few moves at a time, with the page free
between them and a progress line, since a long game of guesses can take a
second or two in Pyodide. The review's module is imported when a review is
first computed, not with the page (`game.page.app.DEFERRED`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from game.names import decimal
from game.page.asks import Show
from game.page.board_view import BoardView
from game.page.channel import now
from game.page.dom import by_id, create, each, select
from game.page.heard import listen, on_click, spawn
from game.rules.history import History
from game.session import Session
from game.words import review_line, review_summary

if TYPE_CHECKING:
    from game.teacher.review import MoveReview


class ReviewPanel:
    """`#review` opens it; `#review-list` holds one item per move; the slider steps through."""

    def __init__(self, board: BoardView, session: Session) -> None:
        self.board = board
        self.session = session
        """The session last rendered: the game "Review" reviews."""
        self.reviewed: History | None = None
        self.moves: list[MoveReview] = []
        self.task: Any = None
        on_click("review", self.open)
        on_click("review-close", self.close)
        listen(by_id("review-list"), "click", self.on_pick)

    def can_review(self, session: Session) -> bool:
        """Tell whether the game can be reviewed: it is over, or a replay file watched."""
        return bool(len(session.history)) and (session.live.is_over() or session.watched)

    def open(self) -> Show | None:
        """Review the game (once per game) and show the panel at its first move."""
        session = self.session
        if not self.can_review(session):
            return None
        by_id("review-panel").hidden = False
        if self.reviewed is not session.history:
            self.reviewed = session.history
            self.moves = []
            by_id("review-list").replaceChildren()
            by_id("review-summary").textContent = ""
            self.task = spawn(self.compute(session.history))
            return None
        return Show(0)

    def close(self) -> None:
        """Hide the panel (the review is kept for this game)."""
        by_id("review-panel").hidden = True
        self.board.mark({})

    async def compute(self, history: History) -> Show | None:
        """Review *history* move by move, drawing each item as it comes."""
        from game.teacher.review import review_moves

        items = by_id("review-list")
        progress = by_id("review-progress")
        last = now()
        for reviewed in review_moves(history):
            if self.reviewed is not history:
                return None  # another game took its place
            self.moves.append(reviewed)
            items.append(self.item(reviewed))
            if now() - last > 50:  # give the page a turn, and say how far it is
                progress.textContent = f"Reviewing… move {reviewed.number} of {len(history)}"
                await asyncio.sleep(0)
                last = now()
        progress.textContent = ""
        by_id("review-summary").textContent = review_summary(self.moves)
        return Show(0)

    @staticmethod
    def item(reviewed: MoveReview) -> Any:
        """Return the list item of one reviewed move, with the page's contract attributes."""
        item = create("li")
        item.setAttribute("data-move", str(reviewed.number))
        verdict = "unjudged" if reviewed.verdict is None else reviewed.verdict.value
        item.setAttribute("data-verdict", verdict)
        if reviewed.risk is not None:
            item.setAttribute("data-risk", decimal(reviewed.risk, 12))
        item.setAttribute("tabindex", "-1")
        item.className = f"review-move {verdict}"
        item.textContent = review_line(reviewed)
        return item

    def on_pick(self, event: Any) -> Show | None:
        """Clicking a move shows the position just before it."""
        return None if event.target.move is None else Show(int(event.target.move) - 1)

    def render(self, session: Session) -> None:
        """Mark the move about to be made at the step shown, and the solver's choice there."""
        self.session = session
        by_id("review").toggleAttribute("disabled", not self.can_review(session))
        if by_id("review-panel").hidden or self.reviewed is not session.history:
            return
        each("#review-list [aria-current]", "removeAttribute", "aria-current")
        if session.step >= len(self.moves):
            return
        reviewed = self.moves[session.step]
        marks = {reviewed.move.pos: "review-player"}
        if reviewed.solver is not None and reviewed.solver != reviewed.move.pos:
            marks[reviewed.solver] = "review-solver"
        self.board.mark(marks)
        item = select(f'#review-list [data-move="{reviewed.number}"]')
        item.setAttribute("aria-current", "step")
        item.scrollIntoView({"block": "nearest"})
