"""What the page's views read, as one value: the session and what the page shows beside it.

`App.model` gathers it after every change, and `game.page.view.view` draws the page from
it alone, so a test can build a `Model` and assert on the tree with no page at all.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from game.rules.history import History
from game.rules.state import Game
from game.session import Session
from game.session.query import DEFAULT
from game.session.records import Records

if TYPE_CHECKING:  # the review's module comes after the first screen (app.DEFERRED)
    from game.community.clicks import Clicks
    from game.page.watching import Watched
    from game.teacher.review import MoveReview


class BoardMode(enum.Enum):
    """What the board shows: the game, a position to study, or a puzzle."""

    GAME = "game"
    """The session's game (played, or a replay watched)."""
    POSITION = "position"
    """The analysis board of a position (`?position=`)."""
    PUZZLE = "puzzle"
    """A puzzle (`?puzzle=`, or the Puzzles button)."""


NO_GAME: Final = Session.begin(DEFAULT, 0)
"""What the game's parts (the face, the clock, the slider, the card, the summary, the review)
show while the board shows a position or a puzzle: a game not begun. The game itself waits in
the model, unchanged, for the player's way back to it."""


@dataclass(frozen=True)
class ReviewShown:
    """The review panel: whether it is open, the game reviewed and its moves so far."""

    open: bool = False
    """Whether the panel is shown."""
    reviewed: History | None = None
    """The game reviewed, or being reviewed."""
    moves: tuple[MoveReview, ...] = ()
    """Its moves reviewed so far, in order."""
    progress: str = ""
    """How far the review has come, while it is computed ("" once done)."""


@dataclass(frozen=True)
class RecordsShown:
    """The records panel, while it is open: the mode shown and a reset waiting for a yes."""

    records: Records
    """The player's records."""
    mode: str
    """The mode whose records are shown."""
    confirming: str | None = None
    """The mode whose reset waits for the player's yes."""


@dataclass(frozen=True)
class Model:
    """Everything the page's views read."""

    session: Session
    """The game, its history and the move shown, the clock, the aids, what runs."""
    started: str = ""
    """How Python started (`data-start`), once the page answers; "" while it loads."""
    mode: BoardMode = BoardMode.GAME
    """What the board shows."""
    on_board: Game | None = None
    """The game the board's cells show (the session's, a position's or a puzzle's)."""
    best_note: str = ""
    """What the finished game's summary says of a new best."""
    flag_mode: bool = False
    """Whether taps place flags."""
    resume_offered: bool = False
    """Whether Resume is offered: a game was set aside in this visit and waits."""
    link: str = ""
    """The link to this board last copied."""
    aid_note: str = ""
    """The notice that the game now counts as assisted, while it is up."""
    form_error: str = ""
    """Why the custom form's size was not started, while the player mends it."""
    why_lost: str = ""
    """Why a kind or cruel game's last reveal lost: the safe cells there were, and a proof."""
    card_open: bool = False
    """Whether the result card is up (once per end, until the player closes it)."""
    community: Mapping[str, Any] | None = None
    """The community's figures of the finished game shown, once computed."""
    clicks: Clicks | None = None
    """The finished game's clicks as the community counts them (the file's own, for a file)."""
    watching: Watched | None = None
    """The replay file whose game is on the page, if it is one's (`#live`, `#replay-details`)."""
    review: ReviewShown = ReviewShown()
    """The review panel."""
    records: RecordsShown | None = None
    """The records panel, while it is open."""

    @property
    def played(self) -> Session:
        """The session the game's parts show: the game's while the board shows it, else none.

        A position or a puzzle has no clock, history or result of its own: `NO_GAME`.
        """
        return self.session if self.mode is BoardMode.GAME else NO_GAME
