"""What the page and the terminal say of a community replay file: its details, what it skipped.

Part of `game.words`: the same language as the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.names import plural
from game.words import MODE_NAMES, seconds

if TYPE_CHECKING:
    from game.community.details import Details


LEVEL_NAMES: Final = {
    "beginner": "Beginner",
    "intermediate": "Intermediate",
    "expert": "Expert",
    "custom": "Custom",
}
"""How a replay's details name its level (`game.community.details.LEVELS`)."""
FILE_MODE_NAMES: Final = {
    "standard": "Standard",
    "upk": "UPK (a board played again)",
    "cheat": "Cheat",
    "density": "Density",
    "win7": "Windows 7",
    "no-guess-race": "No guessing (race)",
    "strong-no-guess": "No guessing (strong)",
    "weak-no-guess": "No guessing (weak)",
    "fair-no-guess": "No guessing (fair)",
    "strong-guess": "Guesses spared (strong)",
    "weak-guess": "Guesses spared (weak)",
    "chord-recursive": "Recursive chords",
    "flag-recursive": "Recursive flags",
    "chord-flag-recursive": "Recursive chords and flags",
    **{mode.value: name for mode, name in MODE_NAMES.items()},
}
"""How a replay's details name the mode its file names (`game.community.details`)."""


def replay_details(details: Details) -> list[tuple[str, str]]:
    """Return a replay's details as (name, value) pairs: player, program, date, board, 3BV.

    The date and the mode only when the file names them.
    """
    program = f"{details.program} {details.version}".strip() or "unknown"
    board = f"{details.width}x{details.height}, {plural(details.mines, 'mine')}"
    items = [
        ("player", details.player or "unnamed"),
        ("program", program),
        *([("date", details.date)] if details.date else []),
        ("level", f"{LEVEL_NAMES[details.level]} ({board})"),
        *([("mode", FILE_MODE_NAMES.get(details.mode, details.mode))] if details.mode else []),
        ("3BV", str(details.bbbv)),
    ]
    return items


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
