"""A replay file watched on the page: its details, and its figures at the move shown.

`#replay-skipped` says which of the file's mouse events the replay left out (a
damaged file's events that go back in time or leave the board), or hides.

While the game on the page is the replay file's (`Files.opened`), `#replay-details`
names its player, program, date, level, mode and 3BV; its figures at the moment
shown are `#live`'s (game/page/live_figures.py), from the `Tally` computed here once.
The community's modules come after the page's first screen (`app.DEFERRED`): they
are imported where first used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.page.tree import Node, h
from game.words.replays import replay_details, skipped_note

if TYPE_CHECKING:
    from game.community.details import Details
    from game.community.live import Tally
    from game.community.read import Replay


@dataclass(frozen=True, slots=True)
class Watched:
    """A replay file on the page, with what every move shown of it shares, computed once."""

    replay: Replay
    """The replay read from the file."""
    details: Details
    """What the file says of its game."""
    tally: Tally
    """Its figures at any moment."""

    @classmethod
    def of(cls, replay: Replay) -> Watched:
        """Prepare *replay*'s details and figures (its 3BV and ZiNi, once)."""
        from game.community.details import details
        from game.community.live import Tally

        return cls(replay, details(replay), Tally.of(replay))


def view_watching(watched: Watched | None) -> tuple[Node, ...]:
    """Return `#watching`: the replay's details, and what it skipped.

    Hidden when the game on the page is no replay file's, and so is the layer of its
    pointer (js/cursor.js draws it there).
    """
    if watched is None:  # nor its pointer (a puzzle or a position may be on the board)
        return (
            h("section", "#watching", props={"hidden": True}),
            h("div", "#cursor-layer", props={"hidden": True}),
        )
    about = " · ".join(f"{name}: {value}" for name, value in replay_details(watched.details))
    skipped = skipped_note(watched.details)
    return (
        h("section", "#watching", props={"hidden": False}),
        h("div", "#cursor-layer", props={"hidden": False}),
        h("p", "#replay-details", text=about),
        h("p", "#replay-skipped", props={"hidden": not skipped}, text=skipped),
    )
