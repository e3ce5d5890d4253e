"""The page as a function of what the app holds: the parts drawn as one tree of nodes.

`view` draws the page from the one `Model` (game/page/model.py) as a tree of nodes
(game/page/tree.py): the counters, the face, the difficulty selector, flag mode, the
timeline, the summary and its card, the review and the records panels. `App.draw` hands the tree to
the one patcher (game/page/patcher.py), which sends the page what changed.
"""

from __future__ import annotations

from typing import Final

from game.page.controls import view_difficulty
from game.page.files import view_files
from game.page.model import BoardMode, Model, ReviewShown
from game.page.review_panel import view_review
from game.page.statistics import view_statistics
from game.page.summary import view_summary
from game.page.timeline import view_timeline
from game.page.tools import view_tools
from game.page.tree import Node, h
from game.page.watching import view_watching
from game.session import Session
from game.words import START_TAG, counter_digits, start_tag


def view_counter(name: str, number: int) -> tuple[Node, ...]:
    """Return the counter *name*'s number, and its classic three digits drawn beside it."""
    return (
        h("span", "#" + name, text=str(number)),
        h("span", f'?[data-for="{name}"]', text=counter_digits(number)),
    )


def view_start_tag(session: Session) -> Node:
    """Return the status row's words on a shared board's start, said until its first reveal.

    Then they are spent: their space is kept, so the badge beside them never moves.
    """
    shared = session.start.start_cell is not None
    return h(
        "p",
        "#start-tag",
        props={"hidden": not shared},
        classes={"spent": not start_tag(session)},
        text=START_TAG,
    )


def view_face(session: Session) -> Node:
    """Return the face on the new-game button: it smiles until the game shown ends."""
    face = {"won": "won", "lost": "lost"}.get(session.shown.status.value, "smile")
    return h("button", "#reset", attrs={"data-face": face})


CONTROLS: Final = (
    "difficulty", "flag-mode", "reset", "history", "undo", "replay", "copy-link",
    "download", "replay-format", "open-file", "hint", "autoplay", "autoplay-run", "overlay",
    "daily", "stats-open", "mode", "puzzles",
)  # fmt: skip
"""The controls that stay disabled until Python is ready to answer them."""
LEAVE_ANALYSIS: Final = (
    "difficulty", "flag-mode", "reset", "copy-link", "daily", "stats-open", "puzzles",
)  # fmt: skip
"""The controls the analysis board offers: the ways to a game, flag mode and sharing."""
LEAVE_PUZZLES: Final = tuple(name for name in LEAVE_ANALYSIS if name != "copy-link")
"""The controls the puzzles offer (the address names the puzzle: it is the link to share)."""


def view_ready(model: Model) -> tuple[Node, ...]:
    """Return the controls on, once the page answers, and `data-ready` for tests and players.

    On the analysis board and the puzzles the game's own tools stay off: they show their
    answers themselves.
    """
    if not model.started:
        return ()
    mode = model.mode
    offered = {
        BoardMode.GAME: CONTROLS,
        BoardMode.POSITION: LEAVE_ANALYSIS,
        BoardMode.PUZZLE: LEAVE_PUZZLES,
    }[mode]
    return (
        *(
            h("button", "#" + name, attrs={"disabled": None if name in offered else ""})
            for name in CONTROLS
        ),
        h("body", "body", attrs={"data-start": model.started, "data-ready": "true"}),
    )


def view_study(mode: BoardMode) -> Node:
    """Return the difficulty selector naming what the board studies: a position or a puzzle."""
    return h("select", "#difficulty", props={"value": mode.value})


def view_game_mode(model: Model) -> str | None:
    """Return the mode of the game on the board (`#board[data-mode]`); none for a study."""
    return model.session.start.settings.mode.value if model.mode is BoardMode.GAME else None


def view(model: Model) -> tuple[Node, ...]:
    """Return what the page shows of *model*, but the board's cells (their own fast path).

    While the board shows a position or a puzzle, the game's parts show no game (`Model.played`):
    no face of its end, no card, summary, slider, review or notice of it.
    """
    mode = model.mode
    game = mode is BoardMode.GAME
    session = model.played
    on_board = model.on_board or session.shown
    return (
        *view_counter("mines-left", on_board.mines_left),
        view_face(session),
        view_start_tag(session),
        *(view_difficulty(session.request) if game else (view_study(mode),)),
        h("div", "#analysis", props={"hidden": mode is not BoardMode.POSITION}),
        h("div", "#puzzle", props={"hidden": mode is not BoardMode.PUZZLE}),
        h("div", "#board", attrs={"data-mode": view_game_mode(model)}),
        h("button", "#flag-mode", attrs={"aria-pressed": "true" if model.flag_mode else "false"}),
        h(
            "body",
            "body",
            classes={"flag-mode": model.flag_mode, "puzzle": mode is BoardMode.PUZZLE},
        ),
        h("p", "#custom-error", text=model.form_error),
        *view_timeline(session),
        *view_summary(
            session,
            model.best_note,
            card_open=model.card_open and game,
            community=model.community if game else None,
            clicks=model.clicks if game else None,
            why=model.why_lost if game else "",
        ),
        h("button", "#copy-layout", props={"hidden": session.exact_board() is None}),
        *view_tools(session, model.aid_note if game else ""),
        *view_files(model.resume_offered, model.link),
        *view_watching(model.watching if game else None),
        *view_review(session, model.review if game else ReviewShown()),
        *view_statistics(model.records),
        *view_ready(model),
    )
