"""The controls in a real browser: keys on every keyboard layout.

What the keys mean is checked under CPython too (tests/test_keys_js.py runs js/keys.js
in Node); here they reach the game through the page's own listeners.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from pagehelpers import cell, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
LAYOUT = "layout=*.../..../...*"
"""Mines at (0, 0) and (3, 2) on a 4x3 board."""


def press(page: Page, selector: str, key: str, code: str, **modifiers: bool) -> None:
    """Dispatch a keydown of *key* on the key *code* at *selector*, as another layout sends it."""
    page.eval_on_selector(
        selector,
        """(target, [key, code, modifiers]) => target.dispatchEvent(new KeyboardEvent(
            'keydown', {key, code, bubbles: true, cancelable: true, ...modifiers}))""",
        [key, code, modifiers],
    )


def test_f_n_z_and_the_question_mark_on_a_cyrillic_layout(open_game: Open) -> None:
    """Defect 12: on a Russian layout the key that prints F gives "а", and flags; Ctrl with
    the Z key ("я") undoes, the N key ("т") starts a new game, and Shift with the key of "?"
    on a US keyboard (a comma there) opens the help. In a text field, N types."""
    page = open_game(LAYOUT)
    page.focus(cell(page, 0, 0))
    press(page, cell(page, 0, 0), "а", "KeyF")
    assert page.get_attribute(cell(page, 0, 0), "data-state") == "flagged"
    page.click(cell(page, 1, 1))
    press(page, "body", "я", "KeyZ", ctrlKey=True)
    assert states(page) == ["FHHH", "HHHH", "HHHH"]
    page.select_option("#difficulty", "custom")
    expect(page.locator("#custom-dialog")).to_be_visible()
    press(page, "#custom-width", "т", "KeyN")
    page.click("#custom-cancel")
    assert states(page) == ["FHHH", "HHHH", "HHHH"]
    press(page, "body", "т", "KeyN")
    assert states(page) == ["HHHH", "HHHH", "HHHH"]
    press(page, "body", ",", "Slash", shiftKey=True)
    expect(page.locator("#help")).to_be_visible()
