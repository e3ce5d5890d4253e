"""The analysis board while Python loads (issue 17): the page names the position at once.

Reviews, hints that say why and analysis boards are checked under CPython in
tests/test_view_teacher.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

ROWS = ("HHHHHHHHH", "HHHH11221", "HH2110000", "HH1000000", "HH1100000", "HHH111100")
POSITION = "/".join(("9x9x10", *ROWS, "HH211H100", "111011100", "000000000"))
"""A beginner position after one opening: its first forced move is a one-number mine."""


class TestAnalysisBoard:
    def test_while_python_loads_the_controls_name_the_position(
        self, page: Page, base_url: str
    ) -> None:
        """Before Python runs, the menu says "Position from the link" with its mine total."""
        page.route("**/pyodide.asm.wasm", lambda route: None)  # hold the runtime back
        page.goto(base_url + "?position=" + POSITION)
        expect(page.locator("#difficulty")).to_have_value("position")
        expect(page.locator("#mines-left")).to_have_text("10")
