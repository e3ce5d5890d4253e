"""Echoing what the player typed or sent back in a message, cut to a readable length."""

from __future__ import annotations

from typing import Final

ECHO_LIMIT: Final = 60
"""Characters of the player's input a message repeats: enough to recognise it."""


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """Return *text* if it has at most *limit* characters, else its start and an ellipsis.

    The result never has more than *limit* characters, so a message that
    quotes a 10 MB line or a 5,000-digit URL value stays one readable line.

    >>> shorten("r 1 2")
    'r 1 2'
    >>> shorten("1234567890", limit=6)
    '12345…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"
