"""The page as a function of what the app holds: the parts drawn as one tree of nodes.

`view_page` gathers the parts that are already views (game/page/tree.py): the
counters, the face, the difficulty selector, the timeline, the summary and its
card, and the buttons that depend on the game alone. `App.draw` hands the tree to
the one patcher (game/page/patcher.py), which sends the page what changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.page.controls import view_difficulty
from game.page.summary import view_summary
from game.page.timeline import view_timeline
from game.page.tree import Node, h
from game.session import Session
from game.words import counter_digits


def view_counter(name: str, number: int) -> tuple[Node, ...]:
    """Return the counter *name*'s number, and its classic three digits drawn beside it."""
    return (
        h("span", "#" + name, text=str(number)),
        h("span", f'?[data-for="{name}"]', text=counter_digits(number)),
    )


def view_face(session: Session) -> Node:
    """Return the face on the new-game button: it smiles until the game shown ends."""
    face = {"won": "won", "lost": "lost"}.get(session.shown.status.value, "smile")
    return h("button", "#reset", attrs={"data-face": face})


def view_page(
    session: Session,
    best_note: str,
    *,
    card_open: bool,
    community: Mapping[str, Any] | None,
) -> tuple[Node, ...]:
    """Return what the page shows of *session*: the summary's arguments as `view_summary`'s."""
    return (
        *view_counter("mines-left", session.shown.mines_left),
        view_face(session),
        view_difficulty(session.request),
        *view_timeline(session),
        *view_summary(session, best_note, card_open=card_open, community=community),
        h("button", "#copy-layout", props={"hidden": session.exact_board() is None}),
    )
