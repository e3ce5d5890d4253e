"""Reading the JSON files a player can load: saved games, replays and records.

They share one entry check, so every bad file is refused the same clear way
before its fields are read: size, nesting depth, and every number (NaN and
infinities are refused, and nothing beyond 2**53). The range helpers then
check each field against what a real game can produce.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any, Final

from game.rules.echo import shorten

MAX_BYTES: Final = 2_000_000
"""The largest file accepted: far above any real one (a 100x100 game of 30,000 moves)."""
MAX_DEPTH: Final = 20
"""The deepest nesting of arrays and objects accepted; real files use at most 4 levels."""
MAX_NUMBER: Final = 2**53
"""The largest number (either sign) a file may hold: JavaScript's exact integers, far
beyond any field's own range, and short enough to convert at once."""
MAX_MS: Final = 7 * 24 * 60 * 60 * 1000
"""The longest time a game counts, in milliseconds: a week, beyond any real game."""

# The scans below work on the UTF-8 bytes, where every character that matters (quotes,
# backslashes, brackets, digits) is one byte that no other character's bytes contain,
# and bytes.translate deletes or maps all the others at C speed: Pyodide runs Python
# loops slowly, and the largest accepted file has half a million brackets.
_ESCAPE: Final = re.compile(rb"\\.", re.DOTALL)
_NOT_QUOTE_OR_BRACKET: Final = bytes(b for b in range(256) if b not in b'"[]{}')
_STEP: Final = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_DIGITS_AS_ZEROS: Final = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
# Only for texts with a long run of digits: a string, possibly unterminated so that a
# match never fails (possessive, hence linear), and a long whole number outside one.
_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.?)*+"?', re.DOTALL)
_LONG_INTEGER: Final = re.compile(rf"(?<![0-9.eE+-])-?[0-9]{{{len(str(MAX_NUMBER))},}}")
"""A whole number with as many digits as 2**53 or more: the only ones that may exceed it."""


def nesting_depth(text: str) -> int:
    """Return how deeply arrays and objects nest in the JSON *text*.

    Brackets inside strings do not count. No recursion, so any depth is
    measured safely: the brackets outside strings are kept, then their
    running count gives the depth, all at C speed.

    >>> nesting_depth('{"moves": [["r", 1, 2, 0]], "note": "[[["}')
    3
    """
    data = _ESCAPE.sub(b"", text.encode("utf-8", "surrogatepass"))
    # Between the quotes left once the escapes are gone: strings, every other piece.
    brackets = b"".join(data.translate(None, _NOT_QUOTE_OR_BRACKET).split(b'"')[::2])
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _has_long_digit_runs(text: str) -> bool:
    """Tell whether *text* has a run of digits as long as `MAX_NUMBER`'s, at C speed."""
    zeros = text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZEROS)
    return b"0" * len(str(MAX_NUMBER)) in zeros


def read_versioned(
    text: str, format_: str, version: int | tuple[int, ...], what: str, error: type[ValueError]
) -> dict[str, Any]:
    """Parse *text* as a JSON object of *format_* and *version*, or raise *error* saying why.

    Shared by every file the player can load, so they all fail the same clear way.
    *version* is the one version read, or all of them (the newest last).
    Depth is checked before parsing: deep nesting overflows the parser's stack in
    Pyodide before Python can raise `RecursionError`.
    """
    if len(text) > MAX_BYTES:
        raise error(f"the file is too large ({len(text):,} bytes; at most {MAX_BYTES:,})")
    if nesting_depth(text) > MAX_DEPTH:
        raise error(f"this is not a {what}: it is nested more than {MAX_DEPTH} levels deep")
    # Found before parsing: int() of 10**400 is slow, and past 4,300 digits it raises
    # a bare ValueError that no reader would expect. Looked for only where a screen at
    # C speed finds a long run of digits: the search costs more than the parse.
    if _has_long_digit_runs(text):
        for long_integer in _LONG_INTEGER.finditer(_STRING.sub("", text)):
            literal = long_integer.group()
            if len(literal.lstrip("-")) > len(str(MAX_NUMBER)) or abs(int(literal)) > MAX_NUMBER:
                raise _out_of_range(what, error, literal)
    try:
        data = json.loads(
            text,
            parse_constant=_refuse_constant(what, error),
            parse_float=_bounded_float(what, error),
        )
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


def _refuse_constant(what: str, error: type[ValueError]) -> Callable[[str], Any]:
    def refuse(word: str) -> Any:
        raise error(f"this is not a {what}: {word} is not a number a file may hold")

    return refuse


def _out_of_range(what: str, error: type[ValueError], literal: str) -> ValueError:
    return error(
        f"this is not a {what}: the number {shorten(literal)} is out of range"
        f" (at most 2**53 = {MAX_NUMBER:,} either way)"
    )


def _bounded_float(what: str, error: type[ValueError]) -> Callable[[str], float]:
    def read(literal: str) -> float:
        value = float(literal)  # 1e400 reads as inf, which the range refuses too
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise _out_of_range(what, error, literal)
        return value

    return read


def int_in_range(value: object, name: str, low: int, high: int, error: type[ValueError]) -> int:
    """Return *value* if it is a whole number from *low* to *high* (a bool is not a number).

    :raises error: saying that *name* must be a whole number in that range, with
        the value found (shortened).

    >>> int_in_range(7, "'width'", 1, 100, ValueError)
    7
    """
    if type(value) is not int or not low <= value <= high:
        raise error(
            f"{name} must be a whole number from {low:,} to {high:,}, got {shorten(repr(value))}"
        )
    return value


def float_in_range(
    value: object, name: str, low: float, high: float, error: type[ValueError]
) -> float:
    """Return *value* as a float if it is a number (int or float, not a bool) in *low*..*high*.

    NaN fails every comparison, so it is always refused.

    :raises error: saying that *name* must be a number in that range, with the
        value found (shortened).
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise error(f"{name} must be a number from {low:,} to {high:,}, got {shorten(repr(value))}")
    return float(value)
