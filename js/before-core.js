// Evaluated just before PyScript's core (js/host.js imports this module first), to change
// two things core.js takes from the page as it is evaluated:
// - The document watcher it builds never watches this document. That watcher looks for
//   what would start Python on the page itself (py-* event attributes, <script type="py">
//   added later), and this page runs Python only in its worker; yet it would receive a
//   record of every attribute the game writes: a whole 100x100 opening is 50,000 of them,
//   about 50 ms of the page's time, and slower writes besides.
// - The workers it starts are announced (`onWorker`), so the page can answer what its
//   worker asks before PyScript says it is ready (js/pyodide.mjs).
// Observers and workers made after host.js puts the real classes back are untouched.
const RealObserver = window.MutationObserver;
const RealWorker = window.Worker;
const listeners = [];

class Unwatching extends RealObserver {
  observe(target, options) {
    if (target !== document) super.observe(target, options);
  }
}

class Announced extends RealWorker {
  constructor(...args) {
    super(...args);
    for (const listener of listeners) listener(this);
  }
}

window.MutationObserver = Unwatching;
window.Worker = Announced;

export function restoreClasses() {
  window.MutationObserver = RealObserver;
  window.Worker = RealWorker;
}

export function onWorker(listener) {
  listeners.push(listener);
}
