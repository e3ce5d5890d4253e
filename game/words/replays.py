"""What the page and the terminal say of a community replay file, and of its playback.

Its details, what it skipped, its figures at a moment, where it stands and
where its pointer is. Part of `game.words`: the same language as the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.names import BOARD_LEVELS, SPEED_NAMES, file_mode_name, plural, where
from game.rules.board import Position
from game.words import MODE_NAMES, seconds

if TYPE_CHECKING:
    from game.community.details import Details
    from game.community.live import Moment


def mode_name(mode: str) -> str:
    """Name a replay's mode: the game's own (`classic`...), or one its file names."""
    own = {m.value: name for m, name in MODE_NAMES.items()}
    return own.get(mode) or file_mode_name(mode)


def replay_details(details: Details) -> list[tuple[str, str]]:
    """Return a replay's details as (name, value) pairs: player, program, date, board, 3BV.

    The date and the mode only when the file names them.
    """
    program = f"{details.program} {details.version}".strip() or "unknown"
    board = f"{details.width}x{details.height}, {plural(details.mines, 'mine')}"
    return [
        ("player", details.player or "unnamed"),
        ("program", program),
        *([("date", details.date)] if details.date else []),
        ("level", f"{BOARD_LEVELS[details.level]} ({board})"),
        *([("mode", mode_name(details.mode))] if details.mode else []),
        ("3BV", str(details.bbbv)),
    ]


def skipped_note(details: Details) -> str:
    """Say which of the file's mouse events the replay left out, or "" when it played all."""
    from game.community.recording import Skip

    if not details.skipped:
        return ""
    first = details.skipped[0]
    kind, at = first.mouse.kind, seconds(first.mouse.ms)
    if first.why is Skip.BACK_IN_TIME:
        why = f"timed {at}, before the event it follows ({seconds(first.after_ms)})"
    else:
        why = f"at {at}, names a cell beyond the board"
    said = f"event {first.number} ({kind}) {why}"
    if len(details.skipped) == 1:
        return f"One mouse event of the file was skipped: {said}."
    return f"{len(details.skipped)} mouse events of the file were skipped; the first, {said}."


def details_text(details: Details) -> str:
    """Write a replay's details for the terminal: a line each, then what was skipped."""
    lines = [f"{name}: {value}" for name, value in replay_details(details)]
    note = skipped_note(details)
    return "\n".join([*lines, *([note] if note else [])])


def live_line(moment: Moment) -> str:
    """Say a replay's figures at a moment in one line (`game.community.live`)."""
    clicks, rate, ioe = moment.clicks, moment.bbbv_s, moment.ioe
    return (
        f"3BV {moment.bbbv_solved}/{moment.bbbv} · 3BV/s {'–' if rate is None else f'{rate:.2f}'}"
        f" · cl {clicks.all} ({clicks.left} left, {clicks.right} right, {clicks.double} double)"
        f" · ce {clicks.effective} · IOE {'–' if ioe is None else f'{ioe:.3f}'}"
        f" · ZiNi {moment.zini}"
    )


def replay_state(shown_ms: int, end_ms: int, speed: str, paused: bool) -> str:
    """Say where a replay stands: its time of the whole, its speed, paused or playing."""
    return f"Replay {seconds(max(shown_ms, 0))} of {seconds(end_ms)} · {SPEED_NAMES[speed]}" + (
        " · paused" if paused else ""
    )


def pointer_words(cell: Position | None, buttons: str) -> str:
    """Say where a replay's pointer is and which buttons it holds (`none` ... `both`)."""
    held = {"none": "", "both": ", both buttons held"}.get(buttons, f", {buttons} button held")
    return f"Pointer on {where(cell)}{held}." if cell is not None else "Pointer not on the board."
