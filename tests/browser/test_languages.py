"""The page in the player's language, from the first paint (INTERFACES.md, "Languages").

Run in the pseudo-locale (tools/catalogs.py's `en-XA`: every message accented, bracketed
and 40% longer), a word that did not come from a catalog shows at once: it has no
brackets around it.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import Browser, Page

from pagehelpers import READY_MS, game_context

pytestmark = pytest.mark.browser

# Texts a player sees or hears, each with the element that shows it: the whole text of each
# outermost element with a text of its own (a message's markup splits its text), and every
# title and accessible name.
SEEN = """() => {
  const found = [];
  const shown = new Set();
  const visible = (el) => {
    for (let e = el; e; e = e.parentElement) {
      if (e.hidden || e.getAttribute("aria-hidden") === "true") return false;
      if (e instanceof HTMLDialogElement && !e.open) return false;
      if (getComputedStyle(e).display === "none") return false;
    }
    return true;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, svg, [translate=no], py-config, mpy-config")) continue;
    if (!visible(el) || !/\\p{L}/u.test(node.textContent)) continue;
    shown.add(el);
  }
  for (const el of shown) {
    let outer = true;
    for (let up = el.parentElement; up; up = up.parentElement) if (shown.has(up)) outer = false;
    if (outer) found.push([el.id || el.tagName, el.textContent.replace(/\\s+/g, " ").trim()]);
  }
  for (const el of document.querySelectorAll("[title], [aria-label]")) {
    if (el.closest("#board, [translate=no]") || !visible(el)) continue;
    for (const name of ["title", "aria-label"]) {
      const value = el.getAttribute(name);
      if (value && /\\p{L}/u.test(value)) found.push([el.id || el.tagName, value]);
    }
  }
  return found;
}"""


def unbracketed(texts: list[list[str]]) -> list[list[str]]:
    """Return the texts not inside a pseudo-locale message's brackets (none are English).

    A message may hold another ("[Daily board ([expert ~]) ~~]"): the innermost go first.
    """
    innermost = re.compile(r"\[[^\[\]]*\]")

    def outside(text: str) -> str:
        while (shorter := innermost.sub("", text)) != text:
            text = shorter
        return text

    return [[where, text] for where, text in texts if re.search(r"[^\W\d_]", outside(text))]


def open_in(browser: Browser, url: str, **options: object) -> Page:
    context = game_context(browser, viewport={"width": 1100, "height": 850}, **options)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=READY_MS)
    return page


def test_the_first_paint_is_in_the_language_before_python_runs(
    browser: Browser, base_url: str
) -> None:
    """The page's own words are translated before it is drawn: the first frame the browser
    paints already holds the pseudo-locale's title, and no module was needed for it."""
    context = game_context(browser, viewport={"width": 1100, "height": 850})
    page = context.new_page()
    page.add_init_script(
        """new PerformanceObserver((list) => {
             if (list.getEntriesByName("first-paint").length)
               window.firstPaintTitle = document.querySelector("h1").textContent;
           }).observe({type: "paint", buffered: true});"""
    )
    page.route("**/vendor/pyscript/core.js", lambda route: route.abort())  # no Python at all
    page.goto(base_url + "?lang=en-XA")
    page.wait_for_function("window.firstPaintTitle !== undefined")
    assert page.evaluate("window.firstPaintTitle").startswith("[Mîñéšŵééþéŕ")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        "en-XA",
        "ltr",
    ]
    context.close()


def test_every_word_of_the_first_screen_comes_from_a_catalog(
    browser: Browser, base_url: str
) -> None:
    page = open_in(browser, base_url + "?lang=en-XA")
    assert unbracketed(page.evaluate(SEEN)) == []
    page.context.close()


def test_the_browser_s_language_chooses_the_page_s(browser: Browser, base_url: str) -> None:
    page = open_in(browser, base_url, locale="en-XA")
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    page.context.close()
    page = open_in(browser, base_url, locale="xx-YY")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.context.close()


def test_an_unknown_lang_shows_english_and_says_so(browser: Browser, base_url: str) -> None:
    page = open_in(browser, base_url + "?lang=tlh")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "tlh" in page.inner_text("#message")
    page.context.close()


def test_a_missing_catalog_leaves_english_and_a_message(browser: Browser, base_url: str) -> None:
    context = game_context(browser, viewport={"width": 1100, "height": 850})
    page = context.new_page()
    page.route("**/vendor/words/**", lambda route: route.abort())
    page.route("**/vendor/locale/**", lambda route: route.fulfill(status=404, body=""))
    page.goto(base_url + "?lang=en-XA")
    page.wait_for_selector("body[data-ready=true]", timeout=READY_MS)
    assert page.inner_text("h1").startswith("Minesweeper")
    assert "English" in page.inner_text("#message")
    context.close()


def test_the_language_link_keeps_the_game_of_a_bare_address(page: Page, base_url: str) -> None:
    """`?lang=` asks for no game: the game kept comes back, as at a bare address."""
    page.goto(base_url)
    page.wait_for_selector("body[data-ready=true]", timeout=READY_MS)
    page.click('#board button[data-x="4"][data-y="4"]')
    page.wait_for_function("document.querySelectorAll('#board [data-state=revealed]').length")
    before = page.evaluate("document.querySelectorAll('#board [data-state=revealed]').length")
    page.goto(base_url + "?lang=en-XA")
    page.wait_for_selector("body[data-ready=true]", timeout=READY_MS)
    after = page.evaluate("document.querySelectorAll('#board [data-state=revealed]').length")
    assert after == before


def test_the_thumb_bar_fits_a_phone_in_a_longer_language(browser: Browser, base_url: str) -> None:
    """In the pseudo-locale, 40% longer, the phone's thumb bar (Flag mode, Hint, Undo) keeps
    its three buttons apart and on the screen: a language's longer words never overlap."""
    context = game_context(
        browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(base_url + "?lang=en-XA")
    page.wait_for_selector("body[data-ready=true]", timeout=READY_MS)
    boxes = [page.locator(f"#{name}").bounding_box() for name in ("flag-mode", "hint", "undo")]
    assert all(box is not None for box in boxes), boxes
    spans = sorted((box["x"], box["x"] + box["width"]) for box in boxes if box is not None)
    assert spans[0][0] >= 0 and spans[-1][1] <= 390, spans
    assert all(left[1] <= right[0] for left, right in pairwise(spans)), spans
    context.close()
