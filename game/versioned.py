"""Reading the JSON files a player can load: saved games, replays and records.

They share one entry check, so every bad file is refused the same clear way
before its fields are read.
"""

from __future__ import annotations

import json
from typing import Any, Final

MAX_BYTES: Final = 2_000_000
"""The largest file accepted: far above any real one (a 100x100 game of 30,000 moves)."""


def read_versioned(
    text: str, format_: str, version: int | tuple[int, ...], what: str, error: type[ValueError]
) -> dict[str, Any]:
    """Parse *text* as a JSON object of *format_* and *version*, or raise *error* saying why.

    Shared by every file the player can load, so they all fail the same clear way.
    *version* is the one version read, or all of them (the newest last).
    """
    if len(text) > MAX_BYTES:
        raise error(f"the file is too large ({len(text):,} bytes; at most {MAX_BYTES:,})")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as problem_:
        raise error(f"this is not JSON ({problem_})") from None
    if not isinstance(data, dict):
        raise error(f"this is not a {what}: expected a JSON object")
    if data.get("format") != format_:
        raise error(f"this is not a {what}: its format is not {format_!r}")
    versions = version if isinstance(version, tuple) else (version,)
    found = data.get("version")
    if type(found) is not int or found not in versions:
        raise error(f"{what} version {found!r} is not supported (expected {versions[-1]})")
    return data
