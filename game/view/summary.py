"""The finished game's summary: its figures, and whether it was assisted."""

from __future__ import annotations

from game.session import Session
from game.view.dom import by_id
from game.words import summary_items, verdict


def render_summary(session: Session, best_note: str) -> None:
    """Show the live game's figures in `#summary` once it is over; hide it otherwise.

    Only numbers and fixed words go into its HTML (the best note is built
    from validated mode names), so it is safe to insert as HTML.
    """
    summary = by_id("summary")
    numbers = session.figures
    if numbers is None or not session.is_live():
        summary.hidden = True
        return
    best = f'<p class="best">{best_note}</p>' if best_note else ""
    summary.innerHTML = (
        f'<p class="verdict">{verdict(session)}</p>'
        + "".join(
            f'<p class="figure"><b>{value}</b><span>{name}</span></p>'
            for name, value in summary_items(numbers)
        )
        + best
    )
    for name, value in (
        ("data-3bv", numbers.three_bv),
        ("data-3bv-solved", numbers.solved_three_bv),
        ("data-time-ms", numbers.ms),
        ("data-assisted", "true" if session.is_assisted() else "false"),
    ):
        summary.setAttribute(name, str(value))
    summary.hidden = False
