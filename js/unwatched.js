// @ts-check
// Evaluated just before PyScript's core (index.html runs it first, js/host.js puts the
// real class back): the document watcher core.js builds as it is evaluated never watches
// this document. That watcher looks for what would start Python on the page itself (py-*
// event attributes, <script type="py"> added later), and this page runs Python only in its
// worker; yet it would receive a record of every attribute the game writes (a whole
// 100x100 opening is 50,000 of them), which costs the page time after every move. Observers made after host.js puts the real class back, and those of other
// elements, are untouched.
const Real = window.MutationObserver;

class Unwatching extends Real {
  /**
   * @param {Node} target
   * @param {MutationObserverInit} [options]
   */
  observe(target, options) {
    if (target !== document) super.observe(target, options);
  }
}

window.MutationObserver = Unwatching;

export function restoreObserver() {
  window.MutationObserver = Real;
}
