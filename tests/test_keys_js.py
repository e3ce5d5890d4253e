"""The page's keys on every keyboard layout (defect 12): js/keys.js, asked under Node.

The page read letters from `event.key`, so F, N and ? did nothing on a Cyrillic or
Greek layout; the browser test of the same is tests/browser/test_controls.py's.
"""

from __future__ import annotations

import json

import pytest

from helpers import run_js


def game_keys(*events: dict[str, object]) -> list[str]:
    return run_js("keys.js", f"{json.dumps(events)}.map(m.gameKey)")  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("layout", "f", "n", "z"),
    [
        ("Russian", "а", "т", "я"),
        ("Ukrainian", "а", "т", "я"),
        ("Greek", "φ", "ν", "ζ"),
        ("Hebrew", "כ", "מ", "ז"),
    ],
)
def test_a_letter_of_another_script_is_read_from_the_keys_place(
    layout: str, f: str, n: str, z: str
) -> None:
    """On a layout of another script, the keys where a US keyboard has F, N and Z are f, n, z,
    in either case (Shift held)."""
    events = [
        {"key": f, "code": "KeyF"},
        {"key": n, "code": "KeyN"},
        {"key": z, "code": "KeyZ"},
        {"key": f.upper(), "code": "KeyF", "shiftKey": True},
    ]
    assert game_keys(*events) == ["f", "n", "z", "f"], layout


def test_a_latin_letter_is_the_one_the_layout_prints() -> None:
    """AZERTY and Dvorak keep their own letters: Dvorak's F is where QWERTY has Y, and the
    key where QWERTY has N gives Dvorak's B, which must not start a new game."""
    assert game_keys(
        {"key": "f", "code": "KeyY"}, {"key": "b", "code": "KeyN"}, {"key": "F", "code": "KeyF"}
    ) == ["f", "b", "f"]


def test_names_and_question_marks() -> None:
    """Keys with names stay as they are; "?" is itself, and Shift with the key a US keyboard
    has it on (a comma on a Russian layout) is "?" too; other characters are themselves."""
    assert game_keys(
        {"key": "Enter", "code": "Enter"},
        {"key": " ", "code": "Space"},
        {"key": "ArrowUp", "code": "ArrowUp"},
        {"key": "F2", "code": "F2"},
        {"key": "?", "code": "Digit7", "shiftKey": True},
        {"key": ",", "code": "Slash", "shiftKey": True},
        {"key": ".", "code": "Slash"},
        {"key": "é", "code": "Digit2"},
        {},
    ) == ["Enter", " ", "ArrowUp", "F2", "?", "?", ".", "é", ""]
