"""The daily board: one board per preset and day, the same for every player.

A day's seed is drawn from the day and the preset alone, and a seed implies
the start cell (`game.rules.mines.implied_start_cell`), so everyone who opens that
day's board gets the same mines wherever they click first.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from game.rules.echo import shorten


def is_day(text: Any) -> bool:
    """Tell whether *text* is a real date written YYYY-MM-DD."""
    if not isinstance(text, str) or len(text) != 10:
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def parse_day(text: str) -> str:
    """Return *text* if it is a YYYY-MM-DD date.

    :raises ValueError: naming the value otherwise.
    """
    if not is_day(text):
        raise ValueError(f"daily={shorten(text)!r} is not a date: write it as YYYY-MM-DD")
    return text


def daily_seed(day: str, preset: str) -> int:
    """Return the seed of *preset*'s daily board on *day*: the same for everyone, everywhere.

    >>> daily_seed("2026-11-22", "expert") == daily_seed("2026-11-22", "expert")
    True
    >>> daily_seed("2026-11-22", "expert") != daily_seed("2026-11-23", "expert")
    True
    """
    import hashlib  # here, not at the top: only daily boards need it, not the page's start

    digest = hashlib.sha256(f"pyminesweeper daily {day} {preset}".encode()).digest()
    return int.from_bytes(digest[:6], "big")
