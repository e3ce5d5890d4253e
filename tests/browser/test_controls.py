"""The controls in a real browser: each touch style with a finger, the settings kept, keys
on every keyboard layout.

What a gesture asks, threshold by threshold, is tests/test_gestures.py's (js/gestures.js
in Node), and what the keys mean tests/test_keys_js.py's; here a finger (Chromium's touch
input, through the DevTools protocol) and keys reach the game through the page's own
listeners, on a 390x844 phone with the page's clock installed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from pagehelpers import READY_MS, cell, game_context, run_clock, states

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
Phone = Callable[..., Page]
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


BLOCKED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});"""
"""Site data blocked: merely reading localStorage throws."""

WATCH = """() => {
  window.menus = [];
  document.addEventListener('contextmenu', e => window.menus.push(e.defaultPrevented));
}"""
"""Note, for each context menu the page was asked for, whether it was refused."""

MENU = """cell => cell.dispatchEvent(new PointerEvent('contextmenu',
    {bubbles: true, cancelable: true, pointerType: 'touch'}))"""
"""The context menu a phone's browser asks for after a long press on *cell*."""


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """Open the game on a 390x844 touch phone, its clock installed; *blocked*: no storage."""
    contexts = []

    def open_(query: str, *, blocked: bool = False) -> Page:
        context = game_context(
            browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
        )
        contexts.append(context)
        if blocked:
            context.add_init_script(BLOCKED)
        page = context.new_page()
        page.clock.install()
        page.goto(f"{base_url}?{query}")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        page.evaluate(WATCH)
        return page

    yield open_
    for context in contexts:
        context.close()


class Finger:
    """One finger on the page's touch screen (Chromium's own touch input, so its pointer
    events, its click after a tap and its gestures are the browser's)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.x = self.y = 0.0

    def down(self, x: int, y: int) -> None:
        box = self.page.locator(cell(self.page, x, y)).bounding_box()
        assert box is not None
        self.x, self.y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.touch("touchStart", [{"x": self.x, "y": self.y}])

    def move(self, dx: float) -> None:
        self.x += dx
        self.touch("touchMove", [{"x": self.x, "y": self.y}])

    def up(self) -> None:
        self.touch("touchEnd", [])

    def touch(self, kind: str, points: list[dict[str, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, x: int, y: int) -> None:
        self.down(x, y)
        self.up()

    def hold(self, x: int, y: int, ms: int) -> None:
        self.down(x, y)
        run_clock(self.page, ms)


def look(page: Page, x: int, y: int) -> str | None:
    return page.get_attribute(cell(page, x, y), "data-state")


def choose(page: Page, style: str, hold_ms: int | None = None) -> None:
    """Choose *style* (and the hold's length) in the controls, as a player does."""
    page.tap("#controls")
    expect(page.locator("#controls-dialog")).to_be_visible()
    page.select_option("#touch-style", style)
    if hold_ms is not None:
        page.eval_on_selector(
            "#long-press-ms",
            """(range, ms) => { range.value = String(ms);
                range.dispatchEvent(new Event('input', {bubbles: true})); }""",
            hold_ms,
        )
    page.tap("#controls-close")
    expect(page.locator("#controls-dialog")).to_be_hidden()


def assert_no_menu_and_no_selection(page: Page) -> None:
    """The context menus the holds asked for were all refused, and no text is selected."""
    menus = page.evaluate("window.menus")
    assert menus and all(menus), menus
    assert page.evaluate("getSelection().toString()") == ""


def test_the_default_tap_opens_and_a_hold_flags_with_a_filling_ring(phone: Phone) -> None:
    """tap-reveal: a tap opens; a finger resting on a hidden cell shows a ring that fills
    (its animation lasts the long press) and flags the cell at 450 ms, before it lifts;
    the context menu the browser asks for then is refused and flags nothing more, and the
    lifting opens nothing. The Flag mode button is there."""
    page = phone(LAYOUT)
    finger = Finger(page)
    expect(page.locator("#flag-mode")).to_be_visible()
    finger.tap(1, 0)
    assert look(page, 1, 0) == "revealed"
    finger.hold(2, 2, 200)
    held = page.locator(cell(page, 2, 2))
    expect(held).to_have_class(re.compile("holding"))
    ring = held.evaluate("b => getComputedStyle(b, '::before').animationDuration")
    assert ring.startswith("0.45s"), ring
    assert look(page, 2, 2) == "hidden"
    run_clock(page, 300)
    assert look(page, 2, 2) == "flagged"
    expect(held).not_to_have_class(re.compile("holding"))
    held.evaluate(MENU)  # what a phone's browser sends for a long press; headless sends none
    finger.up()
    run_clock(page, 500)
    assert look(page, 2, 2) == "flagged"
    assert_no_menu_and_no_selection(page)


def test_a_tap_on_a_number_whose_flags_differ_shows_its_neighbours(phone: Phone) -> None:
    """A tap on a number with too few flags opens nothing: its hidden neighbours light up
    (pressed, outlined) for a moment, then look as before."""
    page = phone(LAYOUT)
    finger = Finger(page)
    finger.tap(3, 0)
    finger.tap(1, 0)
    peeked = page.locator("#board .peek")
    expect(peeked).to_have_count(2)
    outline = peeked.first.evaluate("b => getComputedStyle(b).boxShadow")
    assert outline != "none", outline
    assert states(page) == ["H100", "H111", "HHHH"]
    run_clock(page, 800)
    expect(peeked).to_have_count(0)


def test_a_finger_that_pans_asks_nothing(phone: Phone) -> None:
    """A finger that rests, then moves 30 px, is panning: no flag, no opening."""
    page = phone(LAYOUT)
    finger = Finger(page)
    finger.hold(2, 2, 200)
    finger.move(30)
    run_clock(page, 1000)
    finger.up()
    run_clock(page, 500)
    assert states(page) == ["HHHH", "HHHH", "HHHH"]


def test_tap_flag_flags_and_a_hold_of_the_chosen_length_opens(phone: Phone) -> None:
    """tap-flag with a 300 ms hold: a tap flags and a second unflags, with no Flag mode
    button; a hold opens the cell at 300 ms, the ring lasting that long."""
    page = phone(LAYOUT)
    choose(page, "tap-flag", 300)
    expect(page.locator("#flag-mode")).to_be_hidden()
    finger = Finger(page)
    finger.tap(2, 2)
    assert look(page, 2, 2) == "flagged"
    finger.tap(2, 2)
    assert look(page, 2, 2) == "hidden"
    finger.hold(1, 0, 100)
    ring = page.locator(cell(page, 1, 0)).evaluate(
        "b => getComputedStyle(b, '::before').animationDuration"
    )
    assert ring.startswith("0.3s"), ring
    run_clock(page, 250)
    assert look(page, 1, 0) == "revealed"
    page.locator(cell(page, 1, 0)).evaluate(MENU)
    finger.up()
    assert_no_menu_and_no_selection(page)


def test_double_tap_flags_after_the_window_and_opens_on_a_double_tap(phone: Phone) -> None:
    """double-tap: a single tap flags once the 300 ms window has passed; two taps 100 ms
    apart open the cell, flagging nothing."""
    page = phone(LAYOUT)
    choose(page, "double-tap")
    finger = Finger(page)
    finger.tap(2, 2)
    run_clock(page, 100)
    assert look(page, 2, 2) == "hidden"
    run_clock(page, 300)
    assert look(page, 2, 2) == "flagged"
    finger.tap(1, 0)
    run_clock(page, 100)
    finger.tap(1, 0)
    run_clock(page, 500)
    assert look(page, 1, 0) == "revealed"
    assert states(page)[2] == "HHFH"


def test_toggle_taps_as_flag_mode_says_and_a_hold_is_a_tap(phone: Phone) -> None:
    """toggle: a tap opens; with Flag mode on, a tap flags; a finger held a whole second
    shows no ring and is a tap when it lifts."""
    page = phone(LAYOUT)
    choose(page, "toggle")
    finger = Finger(page)
    finger.tap(1, 0)
    assert look(page, 1, 0) == "revealed"
    page.tap("#flag-mode")
    finger.hold(2, 2, 1000)
    expect(page.locator(cell(page, 2, 2))).not_to_have_class(re.compile("holding"))
    assert look(page, 2, 2) == "hidden"
    page.locator(cell(page, 2, 2)).evaluate(MENU)
    finger.up()
    assert look(page, 2, 2) == "flagged"
    assert_no_menu_and_no_selection(page)


def test_the_board_never_selects_zooms_or_opens_a_callout() -> None:
    """The board's styles: no text selection, panning only (no double-tap or pinch zoom of
    the browser's; the pinch is the game's), and no iOS callout, which Chromium does not
    parse: read from the style sheet."""
    css = (Path(__file__).resolve().parents[2] / "css" / "minesweeper.css").read_text()
    board = re.search(r"\n#board \{([^}]*)\}", css)
    assert board is not None
    assert "-webkit-touch-callout: none;" in board.group(1)


def test_the_boards_computed_touch_styles(phone: Phone) -> None:
    page = phone(LAYOUT)
    styles = page.eval_on_selector(
        "#board", "b => [getComputedStyle(b).userSelect, getComputedStyle(b).touchAction]"
    )
    assert styles == ["none", "pan-x pan-y"]


def test_the_controls_are_kept_on_this_device(phone: Phone) -> None:
    """The style and the hold chosen come back after a reload; the dialog shows them."""
    page = phone(LAYOUT)
    choose(page, "tap-flag", 700)
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    assert page.input_value("#touch-style") == "tap-flag"
    assert page.input_value("#long-press-ms") == "700"
    expect(page.locator("#long-press-value")).to_have_text("700 ms")
    expect(page.locator("#flag-mode")).to_be_hidden()


def test_with_storage_blocked_the_controls_last_the_visit(phone: Phone) -> None:
    """Site data blocked: the dialog works and its choice holds for the visit."""
    page = phone(LAYOUT, blocked=True)
    choose(page, "tap-flag")
    Finger(page).tap(2, 2)
    assert look(page, 2, 2) == "flagged"


def test_swapped_buttons_open_with_the_right_and_flag_with_the_left(
    open_game: Open, page: Page
) -> None:
    """With the mouse's buttons swapped on the board, a right click opens (its context menu
    refused), and on a number chords; held, it shows the number's hidden neighbours; a left
    click flags. The choice is kept across a reload."""
    open_game(LAYOUT)
    page.evaluate(WATCH)
    page.click("#controls")
    page.check("#swap-buttons")
    page.click("#controls-close")
    page.click(cell(page, 1, 1), button="right")
    assert look(page, 1, 1) == "revealed"
    page.hover(cell(page, 1, 1))
    page.mouse.down(button="right")
    expect(page.locator("#board .pressed")).to_have_count(8)
    page.mouse.up(button="right")
    expect(page.locator("#board .pressed")).to_have_count(0)
    page.click(cell(page, 0, 0))
    assert look(page, 0, 0) == "flagged"
    page.click(cell(page, 1, 1), button="right")
    assert states(page)[0] == "F100"
    assert page.evaluate("window.menus") == [True, True, True]
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    assert page.is_checked("#swap-buttons")
    page.click("#reset")
    page.click(cell(page, 1, 1), button="right")
    assert look(page, 1, 1) == "revealed"


def test_the_live_figures_are_asked_for_in_the_controls_and_kept(
    open_game: Open, page: Page
) -> None:
    """Issue 48: a game had no live figures. Off by default; checked in the controls, `#live`
    shows the game's figures as it goes (its one click), and the choice is kept across a
    reload, the game resumed with them."""
    open_game(LAYOUT)
    expect(page.locator("#live")).to_be_hidden()
    page.click("#controls")
    page.check("#live-figures")
    page.click("#controls-close")
    page.click(cell(page, 1, 1))
    expect(page.locator("#live")).to_be_visible()
    expect(page.locator("#live")).to_have_attribute("data-cl", "1")
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    assert page.is_checked("#live-figures")
    expect(page.locator("#live")).to_have_attribute("data-cl", "1")
