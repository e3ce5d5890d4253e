// @ts-check
// A language's first-paint words: tools/catalogs.py writes vendor/words/TAG.js from this
// template, __WORDS__ replaced by the language's translations of index.html's words and of
// the page's scripts' sentences (js/say.js reads those as globalThis.pageWords).
//
// js/first-paint.js loads it, render-blocking, while the page is still parsed: the page
// is not drawn before it has run, nor before its last element (#help-close, index.html's
// rel=expect) is parsed. It translates the page once that element is in: at once if the
// page is parsed, else when the parser inserts it, in a mutation callback, which runs
// before the next frame can be drawn. So no English is ever painted.
//
// The page is cut into messages as tools/catalogs.py cuts it when it extracts them: an
// element whose children are text and inline markup only is one message (its inner HTML,
// spaces collapsed), elsewhere each text is one; and the attributes a player sees or
// hears. Elements with translate="no" (the languages' own names) are left as they are.
"use strict";
{
const WORDS = /** @type {Record<string, string>} */ (__WORDS__);
/** @type {{pageWords?: Record<string, string>}} */ (globalThis).pageWords = WORDS;
const LAST = "help-close";
const PHRASING = new Set(["A", "ABBR", "B", "BR", "CODE", "EM", "I", "KBD", "SMALL", "SPAN",
  "STRONG", "SUB", "SUP"]);
const SKIPPED = new Set(["SCRIPT", "STYLE", "svg", "TEMPLATE", "PY-CONFIG", "MPY-CONFIG"]);
const SEEN = ["title", "aria-label", "placeholder", "alt"];
const SPACES = /[ \t\n\r\f]+/g;
/** @param {string} text */
const key = (text) => text.replace(SPACES, " ").trim();

/** @param {Element} element */
function isBlock(element) {
  let text = false;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text ||= (child.textContent || "").trim() !== "";
    else if (child instanceof Element && (!PHRASING.has(child.tagName) || child.id)) return false;
  }
  return text;
}

/**
 * @param {Element} element
 * @param {Record<string, string>} words
 */
function translate(element, words) {
  if (SKIPPED.has(element.tagName) || element.getAttribute("translate") === "no") return;
  for (const name of SEEN) {
    const value = element.getAttribute(name);
    if (value && words[key(value)]) element.setAttribute(name, words[key(value)]);
  }
  if (element.tagName === "META" && element.getAttribute("name") === "description") {
    const said = words[key(element.getAttribute("content") || "")];
    if (said) element.setAttribute("content", said);
  }
  if (isBlock(element)) {
    const said = words[key(element.innerHTML)];
    if (said) element.innerHTML = said;
    return;
  }
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      const text = child.textContent || "";
      const said = words[key(text)];
      if (said) child.textContent = text.replace(key(text), said);
    } else if (child instanceof Element) {
      translate(child, words);
    }
  }
}

if (document.getElementById(LAST)) {
  translate(document.documentElement, WORDS);
} else {
  const watch = new MutationObserver(function () {
    if (!document.getElementById(LAST)) return;
    watch.disconnect();
    translate(document.documentElement, WORDS);
  });
  watch.observe(document, { childList: true, subtree: true });
}
}
