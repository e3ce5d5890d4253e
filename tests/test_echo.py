"""Echoing input back in messages."""

from __future__ import annotations

from game.rules.echo import ECHO_LIMIT, shorten


def test_short_text_is_kept_whole() -> None:
    """Up to the limit, the text is repeated exactly."""
    assert shorten("x" * ECHO_LIMIT) == "x" * ECHO_LIMIT


def test_long_text_is_cut_to_the_limit_with_an_ellipsis() -> None:
    """10 MB of input come back as their first characters and `…`, never longer than the limit."""
    cut = shorten("ab" * 5_000_000)
    assert len(cut) == ECHO_LIMIT and cut.endswith("…") and cut.startswith("abab")
    assert shorten("abcdef", limit=4) == "abc…"
