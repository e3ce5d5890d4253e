"""Reading the JSON files a player can load: saved games, replays and records.

They share one entry check, so every bad file is refused the same clear way
before its fields are read.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

MAX_BYTES: Final = 2_000_000
"""The largest file accepted: far above any real one (a 100x100 game of 30,000 moves)."""
MAX_DEPTH: Final = 20
"""The deepest nesting of arrays and objects accepted; real files use at most 4 levels."""

# A string, possibly unterminated so that a match never fails and no character is
# scanned twice (possessive, hence linear whatever the text); then anything but brackets.
_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.?)*+"?', re.DOTALL)
_NOT_BRACKET: Final = re.compile(r"[^][{}]++")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """Return how deeply arrays and objects nest in the JSON *text*.

    Brackets inside strings do not count. One linear pass and no recursion, so
    any depth is measured safely (and at C speed: regular expressions and
    `itertools.accumulate`, since Pyodide runs Python loops slowly).

    >>> nesting_depth('{"moves": [["r", 1, 2, 0]], "note": "[[["}')
    3
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def read_versioned(
    text: str, format_: str, version: int, what: str, error: type[ValueError]
) -> dict[str, Any]:
    """Parse *text* as a JSON object of *format_* and *version*, or raise *error* saying why.

    Shared by every file the player can load, so they all fail the same clear way.
    Depth is checked before parsing: deep nesting overflows the parser's stack in
    Pyodide before Python can raise `RecursionError`.
    """
    if len(text) > MAX_BYTES:
        raise error(f"the file is too large ({len(text):,} bytes; at most {MAX_BYTES:,})")
    if nesting_depth(text) > MAX_DEPTH:
        raise error(f"this is not a {what}: it is nested more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as problem_:
        raise error(f"this is not JSON ({problem_})") from None
    if not isinstance(data, dict):
        raise error(f"this is not a {what}: expected a JSON object")
    if data.get("format") != format_:
        raise error(f"this is not a {what}: its format is not {format_!r}")
    if data.get("version") != version:
        raise error(f"{what} version {data.get('version')!r} is not supported (expected {version})")
    return data
