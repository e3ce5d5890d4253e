"""Comfort on every screen (issue 18): the result in view, zoom, dialogs, keys, the theme.

The page keys' and counters' effects, and the notes' words, are checked under
CPython in tests/test_view_page.py; here what only a browser shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, FloatRect, Page, Route, expect

from pagehelpers import READY_MS, cell, game_context

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
SIZES = [(1280, 800), (1366, 768), (390, 844)]
LOSE_FAST = """async () => {
  const board = document.querySelector('#board');
  for (let clicks = 0; clicks < 10000 && board.dataset.status === 'playing'; clicks++) {
    const button = board.querySelector('button[data-state=hidden]');
    if (!button) break;
    button.click();
    await window.pythonSettled();
  }
}"""
"""Click the first hidden cell until the game ends: a loss, almost always, within a second.

Each click waits for Python's answer (it runs in a worker), so the next hidden
cell is one the game still has hidden.
"""


def phone_or_desktop(browser: Browser, width: int, height: int) -> Page:
    phone = width < 600
    context = game_context(
        browser, viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    return context.new_page()


PRESET_CELLS = {"beginner": 81, "intermediate": 256, "expert": 480, "expert-portrait": 480}


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_result_is_in_view_without_scrolling(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    """A win or a loss shows where the eyes are, at every size and on every preset, and
    its card covers no cell of the board (issue 46, defect 3: it hid the mine that was
    hit on expert; on a phone it hid expert portrait's last rows)."""
    page = phone_or_desktop(browser, width, height)
    page.goto(base_url)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    for preset, cells in PRESET_CELLS.items():
        page.select_option("#difficulty", preset)
        page.wait_for_function(
            """n => document.querySelectorAll('#board button').length === n
                && document.querySelector('#board').dataset.status === 'ready'""",
            arg=cells,
        )
        page.click("#board button >> nth=40")  # the first click is always safe
        page.evaluate(LOSE_FAST)
        expect(page.locator("#board")).to_have_attribute("data-status", re.compile("won|lost"))
        card = page.locator("#result")
        expect(card).to_be_visible()
        box = card.bounding_box()
        assert box is not None, preset
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, preset
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, preset
        board = page.locator(".board-scroll").bounding_box()
        assert board is not None and apart(box, board), (preset, box, board)
        expect(page.locator("#result-figures")).to_contain_text(" s")
        page.click("#result-close")
        expect(card).to_be_hidden()
    page.context.close()


def apart(one: FloatRect, other: FloatRect) -> bool:
    """Whether the boxes *one* and *other* share no point (touching edges are apart)."""
    return (
        one["x"] >= other["x"] + other["width"]
        or one["y"] >= other["y"] + other["height"]
        or one["x"] + one["width"] <= other["x"]
        or one["y"] + one["height"] <= other["y"]
    )


class TestZoom:
    def test_cells_grow_and_the_size_is_remembered(self, open_game: Open, page: Page) -> None:
        """+ makes cells larger; the size holds after a reload; Fit gives the fitted size back."""
        open_game("preset=beginner")
        before = page.locator(cell(page, 0, 0)).bounding_box()
        page.click("#zoom-in")
        page.click("#zoom-in")
        after = page.locator(cell(page, 0, 0)).bounding_box()
        assert before is not None and after is not None
        assert after["width"] >= before["width"] + 6
        page.reload()
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        again = page.locator(cell(page, 0, 0)).bounding_box()
        assert again is not None and abs(again["width"] - after["width"]) < 1
        page.click("#zoom-fit")
        fitted = page.locator(cell(page, 0, 0)).bounding_box()
        assert fitted is not None and abs(fitted["width"] - before["width"]) < 1

    def test_a_phone_shows_expert_across_its_width(self, browser: Browser, base_url: str) -> None:
        """On a 390 px phone all 30 columns of expert fit the screen at first."""
        page = phone_or_desktop(browser, 390, 844)
        page.goto(base_url + "?preset=expert")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        last = page.locator(cell(page, 29, 0)).bounding_box()
        assert last is not None and last["x"] + last["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth") <= 391
        expect(page.locator("#portrait-offer")).to_be_visible()
        page.context.close()


@pytest.mark.parametrize(
    "query",
    ["preset=beginner&seed=5", "daily=2026-01-01", "preset=expert-portrait&daily=2026-01-01"],
)
def test_the_start_cell_note_is_in_view_on_a_phone(
    browser: Browser, base_url: str, query: str
) -> None:
    """At 390x844, a first tap away from a shared board's start cell opens the start cell
    and says why; that note is on the screen above the thumb bar, not under it."""
    page = phone_or_desktop(browser, 390, 844)
    page.goto(base_url + "?" + query)
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.tap("#board button:not([data-start]) >> nth=0")
    note = page.locator("#message")
    expect(note).to_contain_text("starts at its marked cell")
    box, bar = note.bounding_box(), page.locator("#hint").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (box, bar)
    page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_the_daily_board_says_its_start_first_and_stays_named(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    """Issue 46, defect 10: a first click opened the marked start cell, explained only
    afterwards, and then nothing said it was the daily board. Before the first click the
    row between the counters and the board says so, on the screen; the size menu names the
    day's board through the first click; and nothing moves."""
    page = phone_or_desktop(browser, width, height)
    page.add_init_script(SHIFTS)
    page.goto(f"{base_url}?preset=expert-portrait&daily=2026-01-01")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    tag = page.locator("#start-tag")
    expect(tag).to_have_text("Starts at the marked cell")
    box = tag.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    named = "document.querySelector('#difficulty').selectedOptions[0].textContent"
    assert page.evaluate(named) == "Daily expert portrait, 2026-01-01"
    away = cell(page, 0, 0)
    assert page.get_attribute(away, "data-start") is None
    (page.tap if width < 600 else page.click)(away)
    expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")
    expect(tag).to_have_class(re.compile(r"\bspent\b"))
    expect(page.locator("#difficulty")).to_have_value("daily")
    assert page.evaluate(named) == "Daily expert portrait, 2026-01-01"
    shifts = page.evaluate("window.__shifts")
    assert sum(value for _, value in shifts) == 0, shifts
    page.context.close()


def test_the_daily_board_is_named_before_python_runs(page: Page, base_url: str) -> None:
    """The size menu names the day's board from the first paint, as Python will."""
    page.route("**/pyodide.asm.wasm", lambda route: None)  # hold the runtime back
    page.goto(f"{base_url}?preset=intermediate&daily=2026-01-01")
    expect(page.locator("#difficulty")).to_have_value("daily")
    named = "document.querySelector('#difficulty').selectedOptions[0].textContent"
    assert page.evaluate(named) == "Daily intermediate, 2026-01-01"


class TestDialogs:
    @pytest.mark.parametrize(
        ("opener", "dialog"), [("#stats-open", "#stats"), ("#help-open", "#help")]
    )
    def test_escape_closes_and_focus_returns(
        self, open_game: Open, opener: str, dialog: str
    ) -> None:
        """Panels open over the board without moving it; Escape closes them; focus goes back."""
        page = open_game("preset=beginner")
        board = page.locator("#board").bounding_box()
        page.click(opener)
        expect(page.locator(dialog)).to_be_visible()
        assert page.locator("#board").bounding_box() == board
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
        assert page.evaluate("document.activeElement.id") == opener.lstrip("#")

    @pytest.mark.parametrize("key", [False, True])
    def test_help_opens_at_its_top_on_a_phone(
        self, browser: Browser, base_url: str, key: bool
    ) -> None:
        """Issue 46, defect 6: at 390x844 Help opened scrolled to its foot, focus on Close,
        the title and the first rules out of sight. Focus goes to its title, at the top,
        inside the dialog (by the button or the ? key); Escape still gives it back."""
        page = phone_or_desktop(browser, 390, 844)
        page.goto(base_url + "?preset=beginner")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        if key:
            page.keyboard.press("?")
        else:
            page.tap("#help-open")
        expect(page.locator("#help")).to_be_visible()
        assert page.evaluate("document.activeElement.id") == "help-title"
        assert page.evaluate("document.getElementById('help').scrollTop") == 0
        title = page.locator("#help-title").bounding_box()
        rule = page.locator("#help li >> nth=0").bounding_box()
        assert title is not None and rule is not None
        assert title["y"] >= 0 and rule["y"] + rule["height"] <= 844, (title, rule)
        page.keyboard.press("Escape")
        expect(page.locator("#help")).to_be_hidden()
        if not key:
            assert page.evaluate("document.activeElement.id") == "help-open"
        page.context.close()

    def test_the_custom_form_is_a_dialog_and_cancel_keeps_the_game(self, open_game: Open) -> None:
        """Choosing Custom opens the form; Escape leaves the game and the selector as they were."""
        page = open_game("preset=intermediate")
        page.select_option("#difficulty", "custom")
        expect(page.locator("#custom")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#custom")).to_be_hidden()
        expect(page.locator("#difficulty")).to_have_value("intermediate")
        expect(page.locator("#board button")).to_have_count(256)


class TestKeys:
    def test_question_mark_opens_the_help(self, open_game: Open, page: Page) -> None:
        """? opens the help, which lists the keys."""
        open_game("preset=beginner")
        page.keyboard.press("?")
        expect(page.locator("#help")).to_be_visible()
        expect(page.locator("#help")).to_contain_text("F2")


class TestLook:
    def test_the_theme_switch_turns_the_page_dark_and_is_kept(
        self, open_game: Open, page: Page
    ) -> None:
        """The switch makes the page dark, and the choice holds after a reload."""
        open_game("preset=beginner")
        light = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        page.click("#theme")
        dark = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        assert dark != light
        page.reload()
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"

    def test_the_dark_theme_darkens_the_board_and_the_card_hides_it(
        self, browser: Browser, base_url: str
    ) -> None:
        """In the dark theme the board is dark too, the result card is opaque, and Flag
        mode's black flag stands on a light chip (issue 46, defect 1).

        A card the board showed through put the board's digits among its words; the flag
        barely showed on the dark button.
        """
        viewport = {"width": 1366, "height": 768}
        context = game_context(browser, viewport=viewport, color_scheme="dark")
        page = context.new_page()
        page.goto(base_url + "?layout=*../.../...")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
        page.click(cell(page, 0, 0))
        look = page.evaluate(
            """() => {
                const rgb = (e) =>
                    getComputedStyle(e).backgroundColor.match(/[\\d.]+/g).map(Number);
                return {
                    cell: rgb(document.querySelector('#board button[data-y="2"]')),
                    frame: rgb(document.querySelector('.frame')),
                    card: rgb(document.getElementById('result')),
                    chip: rgb(document.querySelector('#flag-mode .flag-icon')),
                    button: rgb(document.getElementById('flag-mode')),
                };
            }"""
        )
        context.close()
        assert max(look["cell"][:3]) < 110 and max(look["frame"][:3]) < 110, look
        assert len(look["card"]) == 3 or look["card"][3] == 1, look
        assert min(look["chip"][:3]) > 200 and max(look["button"][:3]) < 110, look

    def test_odds_show_their_value_on_every_hidden_cell(self, open_game: Open, page: Page) -> None:
        """The overlay colours every hidden cell and writes its chance on it, hover or not: a
        touch screen has no hover (issue 46, defect 11; the percentages once showed only
        under the mouse)."""
        open_game("preset=beginner&seed=2")
        page.click("[data-start='true']")
        page.click("#overlay")
        shown = page.eval_on_selector_all(
            "#board button[data-probability]",
            "found => found.map(b => [b.dataset.p, getComputedStyle(b, '::after').content])",
        )
        assert shown
        for label, content in shown:
            assert label and content == f'"{label}"', (label, content)


def while_python_loads(page: Page, url: str) -> Callable[[], None]:
    """Open *url* with the runtime's download held: the board is drawn, Python not started.

    Return what lets the runtime through and waits until the game is ready.
    """
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(url)
    page.wait_for_selector(cell(page, 1, 0))

    def release() -> None:
        assert page.get_attribute("body", "data-ready") is None
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")
        page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)

    return release


class TestLoading:
    def test_clicks_while_python_loads_are_kept_and_played(self, page: Page, base_url: str) -> None:
        """The board drawn before Python takes clicks, shows them pending, and plays them."""
        release = while_python_loads(page, base_url + "?layout=*.../..../...*")
        page.click(cell(page, 1, 0))
        page.click(cell(page, 0, 0), button="right")
        expect(page.locator(cell(page, 1, 0))).to_have_attribute("data-pending", "open")
        expect(page.locator(cell(page, 0, 0))).to_have_attribute("data-pending", "flag")
        release()
        expect(page.locator(cell(page, 1, 0))).to_have_attribute("data-state", "revealed")
        expect(page.locator(cell(page, 0, 0))).to_have_attribute("data-state", "flagged")

    def test_keys_while_python_loads_are_kept_and_played(self, page: Page, base_url: str) -> None:
        """The board drawn before Python takes the keyboard: arrows move, Space opens, F flags."""
        release = while_python_loads(page, base_url + "?layout=*.../..../...*")
        page.focus(cell(page, 0, 0))
        page.keyboard.press("f")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Space")
        expect(page.locator(cell(page, 0, 0))).to_have_attribute("data-pending", "flag")
        expect(page.locator(cell(page, 1, 1))).to_have_attribute("data-pending", "open")
        focused = "[document.activeElement.dataset.x, document.activeElement.dataset.y]"
        assert page.evaluate(focused) == ["1", "1"]
        release()
        expect(page.locator(cell(page, 0, 0))).to_have_attribute("data-state", "flagged")
        expect(page.locator(cell(page, 1, 1))).to_have_attribute("data-state", "revealed")
        assert page.evaluate(focused) == ["1", "1"]  # the board Python draws keeps the focus


SHIFTS = """window.__shifts = [];
window.__ready = Infinity;
new PerformanceObserver((list) => {
  for (const shift of list.getEntries()) window.__shifts.push([shift.startTime, shift.value]);
}).observe({ type: "layout-shift", buffered: true });
new MutationObserver(() => {
  if (document.body.dataset.ready !== "true") return;
  window.__ready = Math.min(window.__ready, performance.now());
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });"""
"""Installed before any script of a page: records each layout shift's time and score, and
when Python said the game is ready."""


@pytest.mark.parametrize(("width", "height"), [(1350, 940), (412, 823)])
def test_a_link_to_a_larger_board_draws_it_in_place(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    """The board a link asks for takes its size before the page is first painted.

    js/loading.js sizes it from the address; painted before that, the page had the
    default board's size and then jumped (a layout shift of 0.15 on a desktop).
    """
    page = phone_or_desktop(browser, width, height)
    page.add_init_script(SHIFTS)
    page.goto(base_url + "?preset=expert&seed=1")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    ready, shifts = page.evaluate("[window.__ready, window.__shifts]")
    assert sum(value for time, value in shifts if time < ready) < 0.01, shifts
    page.context.close()


BOARD_IN_FIRST_FRAME = """() => new Promise((drawn) => {
  setTimeout(() => drawn(null), 10000);
  requestAnimationFrame(() => {
    const box = document.getElementById('board').getBoundingClientRect();
    drawn({width: box.width, height: box.height,
           cells: document.querySelectorAll('#board .cell').length,
           modules: performance.getEntriesByType('resource')
             .filter((entry) => /\\.m?js$/.test(entry.name)).length});
  });
})"""
"""The board's size in the next frame drawn, the cells it has then, and how many script
files have arrived by then; null if no frame is drawn within 10 s."""


@pytest.mark.parametrize(("width", "height"), [(1350, 940), (412, 823)])
def test_the_first_paint_sizes_the_board_before_any_module_runs(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    """The board's frame has its final size in the first frame drawn while every module
    script is still on its way: the page's inline script (js/first-paint.js) sized it, so
    the first paint waits for no module (docs/decisions/first-paint.md)."""
    page = phone_or_desktop(browser, width, height)
    held: list[Route] = []
    holding = True

    def hold(route: Route) -> None:
        if holding:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"\.m?js$"), hold)
    page.goto(base_url + "?preset=expert&seed=1", wait_until="commit")
    page.wait_for_selector("#board", state="attached")
    first = page.evaluate(BOARD_IN_FIRST_FRAME)
    assert first is not None, "no frame was drawn while the module scripts were held"
    assert first["modules"] == 0 and first["cells"] == 0, first
    holding = False
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    final = page.locator("#board").bounding_box()
    assert final is not None
    for side in ("width", "height"):
        assert abs(first[side] - final[side]) < 0.5, (side, first, final)
    page.context.close()


def in_view(page: Page, selector: str, width: int, height: int) -> bool:
    """Whether the element of *selector* lies wholly within a viewport of *width* x *height*."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


@pytest.mark.parametrize("preset", list(PRESET_CELLS))
def test_the_tools_stand_beside_the_board_at_1366x768(
    browser: Browser, base_url: str, preset: str
) -> None:
    """At 1366x768 the board, its counters, New game, Undo, the slider and Hint are all in
    view without scrolling, on every preset (issue 46: on expert Undo sat at y 776, Hint at
    824), and no line of the tools is cut in two ("Open replay…" wrapped)."""
    page = phone_or_desktop(browser, 1366, 768)
    page.goto(f"{base_url}?preset={preset}&seed=1")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    for selector in ("#board", ".panel", "#reset", "#undo", "#history", "#hint"):
        assert in_view(page, selector, 1366, 768), (preset, selector)
    assert page.evaluate("document.documentElement.scrollHeight") <= 768, preset
    label = page.locator(".share label.file-tool").bounding_box()
    undo = page.locator("#undo").bounding_box()
    assert label is not None and undo is not None
    assert label["height"] <= undo["height"] + 1, label
    page.context.close()


def test_the_result_card_leaves_the_board_uncovered(browser: Browser, base_url: str) -> None:
    """After a loss the card stands beside the board: the mine that was hit stays in sight
    (issue 46: it hid the hit mine on expert, rows 2 to 4 on beginner)."""
    page = phone_or_desktop(browser, 1366, 768)
    page.goto(f"{base_url}?layout=*.*/.../...")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click(cell(page, 0, 0))
    expect(page.locator("#result")).to_be_visible()
    card = page.locator("#result").bounding_box()
    board = page.locator("#board").bounding_box()
    assert card is not None and board is not None
    assert apart(card, board), (card, board)
    page.context.close()


def cruel_guess(query: str, first: tuple[int, int]) -> tuple[int, int]:
    """Return the least risky guess after *first* opens the board of *query* in cruel mode:
    a guess while a cell is certainly safe, which loses (the core, under CPython, says)."""
    from game.rules.events import CellOpened
    from game.rules.seen import Seen
    from game.session import Session
    from game.session.query import request_from_query
    from game.solver.counting import count

    session = Session.begin(request_from_query(query)[0], 0)
    counted = count(Seen.from_game(session.make(CellOpened(first), 0).session.live))
    weights = counted.mine_weights()
    assert any(weight == 0 for weight in weights.values()), "no cell is certainly safe"
    risky = [pos for pos, weight in weights.items() if 0 < weight < counted.total]
    return min(risky, key=weights.__getitem__)


@pytest.mark.parametrize("preset", list(PRESET_CELLS))
def test_a_cruel_loss_on_a_phone_leaves_the_mine_hit_in_sight(
    browser: Browser, base_url: str, preset: str
) -> None:
    """At 390x844 a cruel loss's card, taller than another loss's for its reason, covers
    neither the board nor the mine that was hit, which stays on the screen (issue 46,
    defect 3, in the mode whose card says most)."""
    query = f"preset={preset}&mode=cruel&seed=1"
    guess = cruel_guess(query, (8, 8))
    page = phone_or_desktop(browser, 390, 844)
    page.goto(f"{base_url}?{query}")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click(cell(page, 8, 8))
    page.click(cell(page, *guess))
    expect(page.locator("#board")).to_have_attribute("data-status", "lost")
    expect(page.locator("#result-why")).to_contain_text("certainly safe")
    card = page.locator("#result").bounding_box()
    hit = page.locator("#board [data-mine=exploded]").bounding_box()
    board = page.locator(".board-scroll").bounding_box()
    assert card is not None and hit is not None and board is not None
    assert in_view(page, "#result", 390, 844), card
    assert in_view(page, "#board [data-mine=exploded]", 390, 844), hit
    assert apart(card, board) and apart(card, hit), (card, board, hit)
    page.context.close()


@pytest.mark.parametrize(
    ("width", "height", "preset"),
    [
        *((1366, 768, preset) for preset in PRESET_CELLS),
        *((390, 844, preset) for preset in PRESET_CELLS),
    ],
)
def test_nothing_moves_from_the_first_paint_to_the_first_move(
    browser: Browser, base_url: str, width: int, height: int, preset: str
) -> None:
    """Layout shift is 0 while Python loads, when it is ready, and at the first move that
    makes the game assisted (issue 46: the loading line's going moved the board up 30 px,
    the ASSISTED badge's coming moved it down 22 px)."""
    page = phone_or_desktop(browser, width, height)
    page.add_init_script(SHIFTS)
    page.goto(f"{base_url}?preset={preset}&seed=1")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click("#hint")
    expect(page.locator("#assist-badge")).to_be_visible()
    page.click(cell(page, 3, 3))  # the first move
    expect(page.locator("#board")).not_to_have_attribute("data-status", "ready")
    shifts = page.evaluate("window.__shifts")
    assert sum(value for _, value in shifts) == 0, shifts
    page.context.close()


@pytest.mark.parametrize("preset", list(PRESET_CELLS))
def test_a_phone_has_the_board_and_a_thumb_bar_on_its_screen(
    browser: Browser, base_url: str, preset: str
) -> None:
    """At 390x844 the board and a bar at the screen's foot with the open/flag switch, Hint
    and Undo are all on the screen at once, the board wholly above the bar, on every
    preset (issue 46; expert portrait's foot once lay under the bar)."""
    page = phone_or_desktop(browser, 390, 844)
    page.goto(f"{base_url}?preset={preset}")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    for selector in ("#board", "#flag-mode", "#hint", "#undo"):
        assert in_view(page, selector, 390, 844), (preset, selector)
    tops = {page.locator(s).bounding_box()["y"] for s in ("#flag-mode", "#hint", "#undo")}  # type: ignore[index]
    assert len(tops) == 1 and min(tops) > 844 - 80, tops
    board = page.locator(".board-scroll").bounding_box()
    assert board is not None and board["y"] + board["height"] <= min(tops), (preset, board)
    page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_resume_is_in_view_in_a_puzzle(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    """Puzzles pressed in an unfinished game set it aside: Resume, which brings it back,
    is on the screen beside the puzzle's words (issue 46: on a phone it was a scroll
    away, under the puzzle's controls and the zoom row)."""
    page = phone_or_desktop(browser, width, height)
    page.goto(f"{base_url}?preset=beginner&seed=3")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click(cell(page, 0, 0))
    expect(page.locator("#board")).to_have_attribute("data-status", "playing")
    page.click("#puzzles")
    expect(page.locator("#board")).to_have_attribute("data-puzzle", "unsolved")
    expect(page.locator("#resume")).to_be_visible()
    assert in_view(page, "#resume", width, height), page.locator("#resume").bounding_box()
    page.context.close()


def test_a_hint_on_a_phone_says_why_above_the_thumb_bar(browser: Browser, base_url: str) -> None:
    """At 390x844 on intermediate, the hint's reason stands under the board, on the screen
    above the thumb bar, without scrolling (issue 46: it was below the tools, out of sight)."""
    page = phone_or_desktop(browser, 390, 844)
    page.goto(f"{base_url}?preset=intermediate&seed=3")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.click(cell(page, 2, 2))
    page.click("#hint")
    expect(page.locator("#message")).to_contain_text("column")
    words = page.locator("#message").bounding_box()
    bar = page.locator("#hint").bounding_box()
    assert words is not None and bar is not None
    assert words["y"] >= 0 and words["y"] + words["height"] <= bar["y"], (words, bar)
    page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
@pytest.mark.parametrize("query", ["w=2&h=2&m=1", "w=5&h=5&m=3"])
def test_a_board_narrower_than_its_counters_has_no_grey_strip(
    browser: Browser, base_url: str, query: str, width: int, height: int
) -> None:
    """A board narrower than the counters above it (2x2, 5x5) stood at the left of its
    sunken box, beside an empty grey strip. The box is as wide as the board, centred
    under the counters."""
    page = phone_or_desktop(browser, width, height)
    page.goto(f"{base_url}?{query}")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    look = page.evaluate(
        """() => {
            const box = document.querySelector('.board-scroll');
            const board = document.getElementById('board').getBoundingClientRect();
            const frame = document.querySelector('.frame').getBoundingClientRect();
            return {inner: box.clientWidth, board: board.width,
                    left: board.left - frame.left, right: frame.right - board.right};
        }"""
    )
    assert abs(look["inner"] - look["board"]) < 1, look
    assert abs(look["left"] - look["right"]) < 1, look
    page.context.close()


@pytest.mark.parametrize(
    "query",
    [
        *(f"preset={preset}&daily=2026-01-01" for preset in PRESET_CELLS),
        "preset=expert-portrait&seed=5",
    ],
)
def test_a_shared_boards_start_is_said_above_the_thumb_bar(
    browser: Browser, base_url: str, query: str
) -> None:
    """At 390x844 the row that says a daily or seeded board starts at its marked cell is
    on the screen above the thumb bar, never under it, on every preset."""
    page = phone_or_desktop(browser, 390, 844)
    page.goto(f"{base_url}?{query}")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    tag = page.locator("#start-tag")
    expect(tag).to_have_text("Starts at the marked cell")
    box, bar = tag.bounding_box(), page.locator("#hint").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] - 8, (box, bar)
    page.context.close()


TEN_LANGUAGES = """names => {
  const menu = document.getElementById('language');
  for (const [tag, name] of Object.entries(names)) {
    if (menu.querySelector(`option[value="${tag}"]`)) continue;
    menu.add(Object.assign(new Option(name, tag), {lang: tag}));
  }
}"""
"""Give the language menu every language the game will speak, each named in itself."""

HEADER = """() => {
  const board = document.querySelector('.board-scroll').getBoundingClientRect().top;
  const tops = [...document.querySelectorAll('.options > *')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).position !== 'fixed')
    .map(e => Math.round(e.getBoundingClientRect().top));
  return {board, rows: new Set(tops).size, wide: document.documentElement.scrollWidth};
}"""
"""The board's top, the rows the menus and buttons above it take, and the page's width."""


@pytest.mark.parametrize("lang", ["en", "en-XA"])
@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_the_language_menu_takes_no_row_of_its_own(
    browser: Browser, base_url: str, lang: str, width: int, height: int
) -> None:
    """The language menu, holding all ten languages, moves nothing down: the board's top is
    where it is with the menu gone, left to right and right to left (at 390x844 it was a
    fourth row, 44 px). At 1366x768 the menus and buttons stand in one row, in English and
    in words 40% longer (en-XA wrapped Help and Dark). The menu is on the screen, named,
    and nothing is wider than the screen (en-XA's size menu was 433 px at 390)."""
    from game.language import LANGUAGES

    page = phone_or_desktop(browser, width, height)
    page.goto(f"{base_url}?lang={lang}")
    page.wait_for_selector("body[data-ready='true']", timeout=READY_MS)
    page.evaluate(TEN_LANGUAGES, LANGUAGES)
    menu = page.locator("#language")
    name = "Language" if lang == "en" else re.compile(r"^\[\S.*\]$")
    expect(menu).to_have_accessible_name(name)
    for direction in ("ltr", "rtl"):
        page.evaluate("dir => { document.documentElement.dir = dir; }", direction)
        header = page.evaluate(HEADER)
        assert in_view(page, "#language", width, height), (direction, menu.bounding_box())
        assert header["wide"] <= width, (direction, header)
        if width > 1000:
            assert header["rows"] == 1, (direction, header)
        page.evaluate("document.querySelector('#language').closest('label').style.display = 'none'")
        without = page.evaluate(HEADER)
        page.evaluate("document.querySelector('#language').closest('label').style.display = ''")
        assert abs(header["board"] - without["board"]) < 0.5, (direction, header, without)
    page.context.close()
