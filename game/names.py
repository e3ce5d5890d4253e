"""How the game names cells, counts and chances in words: the vocabulary below every sentence.

Kept apart from `game.words` (which reads sessions and figures) so that the
solver can explain itself in the same language without importing anything
above it: cells are named by row and column counted from 1, as players count.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Final

from game.language import N_, _, forget_on_change
from game.rules.board import Position

if TYPE_CHECKING:  # chances are Fractions, but the page's first screen never imports fractions
    from fractions import Fraction


PLACE: Final = N_("row {row}, column {column}")
"""How a cell is named, rows and columns counted from 1 (the page's scripts name cells
the same way: tools/vendor.py hands them this template)."""


@cache
def where(pos: Position) -> str:
    """Name a cell as players count: `row 1, column 3` for (2, 0).

    Remembered (until the language changes): the board's HTML names every cell (10,000
    on the largest board) each time it is drawn, and a board has at most `MAX_SIDE`
    squared places.

    >>> where((2, 0))
    'row 1, column 3'
    """
    x, y = pos
    return _(PLACE).format(row=y + 1, column=x + 1)


forget_on_change(where.cache_clear)


def cells_named(cells: Iterable[Position]) -> str:
    """Name a few cells, joined with commas and "and".

    >>> cells_named([(0, 0), (1, 0)])
    'row 1, column 1 and row 1, column 2'
    """
    names = [where(p) for p in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """Write *count* *noun*s with the right ending; *nouns* is the plural where it is not *noun*-s.

    >>> plural(1, "move"), plural(3, "move"), plural(1, "guess", "guesses")
    ('1 move', '3 moves', '1 guess')
    >>> plural(0, "guess", "guesses")
    '0 guesses'
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun + 's' if nouns is None else nouns}"


def percent(chance: Fraction) -> str:
    """Write a chance as a percentage with one decimal, never rounding to a false 0 or 100.

    >>> from fractions import Fraction
    >>> percent(Fraction(1, 3)), percent(Fraction(1, 10**6)), percent(Fraction(1))
    ('33.3%', 'under 0.1%', '100.0%')
    """
    tenths = round(chance * 1000)
    if tenths == 0 and chance > 0:
        return "under 0.1%"
    if tenths == 1000 and chance < 1:
        return "over 99.9%"
    return f"{tenths / 10:.1f}%"


def cell_percent(chance: Fraction) -> str:
    """Write a chance as the whole percent a cell can show, without its sign.

    Never a false 0 or 100: only a certainly safe cell shows 0, only a certain mine 100.

    >>> from fractions import Fraction
    >>> [cell_percent(Fraction(n, d)) for n, d in [(0, 1), (1, 300), (1, 3), (299, 300), (1, 1)]]
    ['0', '<1', '33', '>99', '100']
    """
    whole = round(chance * 100)
    if whole == 0 and chance > 0:
        return "<1"
    if whole == 100 and chance < 1:
        return ">99"
    return str(whole)


def decimal(value: Fraction, places: int = 12) -> str:
    """Write *value* (0 to 1) exactly rounded to *places* digits after the point.

    What the page's `data-risk` and `data-probability` attributes hold:
    floats would do, but an exact fraction deserves its exact digits.

    >>> from fractions import Fraction
    >>> decimal(Fraction(1, 3)), decimal(Fraction(0), 9), decimal(Fraction(2, 3), 9)
    ('0.333333333333', '0.000000000', '0.666666667')
    """
    scaled = round(value * 10**places)
    whole, rest = divmod(scaled, 10**places)
    return f"{whole}.{rest:0{places}d}"


def how_many(count: int) -> str:
    """Write a count of arrangements: exactly while short, else to three figures.

    >>> how_many(1), how_many(1234567), how_many(123456789012)
    ('1', '1,234,567', 'about 1.23 × 10^11')
    """
    if count < 10**9:
        return f"{count:,}"
    digits = len(str(count)) - 1
    return f"about {count / 10**digits:.2f} × 10^{digits}"


BOARD_LEVELS: Final = {n: n.capitalize() for n in ("beginner", "intermediate", "expert", "custom")}
"""How a replay's details name its level (`game.community.details.LEVELS`)."""
FILE_MODE_NAMES: Final = {
    "standard": "Standard", "upk": "UPK (a board played again)", "cheat": "Cheat",
    "density": "Density", "win7": "Windows 7", "no-guess-race": "No guessing (race)",
    "strong-no-guess": "No guessing (strong)", "weak-no-guess": "No guessing (weak)",
    "fair-no-guess": "No guessing (fair)", "strong-guess": "Guesses spared (strong)",
    "weak-guess": "Guesses spared (weak)", "chord-recursive": "Recursive chords",
    "flag-recursive": "Recursive flags", "chord-flag-recursive": "Recursive chords and flags",
}  # fmt: skip
"""How the modes a replay file names are named (`game.community.details.FILE_MODES`)."""
SPEED_NAMES: Final = {**{s: f"{s}x" for s in ("0.25", "0.5", "1", "2", "4")}, "skip": "no pauses"}
"""How a replay's speeds are named (`game.community.playback.Speed`'s values)."""


def file_mode_name(mode: str) -> str:
    """Name a mode a replay file names, or give its key back when it is none we know.

    >>> file_mode_name("upk"), file_mode_name("lunar")
    ('UPK (a board played again)', 'lunar')
    """
    return FILE_MODE_NAMES.get(mode, mode)
