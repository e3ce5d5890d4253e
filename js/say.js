// @ts-check
// The page's scripts' sentences, in the page's language: the first paint's words
// (vendor/words/TAG.js, written by tools/catalogs.py from game/locale/TAG.po), which
// js/first-paint.js loads before the page is drawn. English is the source: with no words
// loaded (English chosen, or the file missing), a sentence is said as written.
// tools/catalogs.py extracts every `say("...")` literal into the catalogs.

/**
 * Say *message* in the page's language.
 * @param {string} message
 * @returns {string}
 */
export function say(message) {
  const words = /** @type {{pageWords?: Record<string, string>}} */ (globalThis).pageWords;
  return (words && words[message]) || message;
}

/**
 * The page's language, as `<html lang>` holds it (js/first-paint.js chose it).
 * @returns {string}
 */
export function language() {
  return document.documentElement.lang || "en";
}
