// @ts-check
// Loading and failure states, before Python runs. This is the first of the page's
// modules after js/unwatched.js, so its listeners are attached before the PyScript module
// can fail.
// Python sets body[data-ready] when the game accepts input; until then the
// board shows a spinner, and if the runtime cannot load, a readable error.
import { keepWhileLoading } from "./intents.js";
import { place } from "./cells.js";
import { board, sane } from "./first-paint.js";
import { HIDDEN_CELL, HIDDEN_LABEL, ROW } from "../vendor/shared.mjs";
import { say } from "./say.js";

const LIMIT_MS = 120000;

// Whether the game accepts input (Python set body[data-ready]).
function ready() { return Boolean(document.body) && document.body.dataset.ready === "true"; }
// Whether loading is over: the game is ready or could not start.
function settled() { return ready() || Boolean(document.documentElement.dataset.failed); }

/** @param {string} reason why the game could not start */
function fail(reason) {
  if (ready()) return;
  const root = document.documentElement;
  if (root.dataset.failed) return;
  root.dataset.failed = "true";
  const text = document.getElementById("loading-text");
  if (text) {
    text.textContent = say("The game could not start: {reason}. Reload the page to try again;" +
      " if it keeps failing, your browser may lack WebAssembly support.").replace("{reason}", reason);
  }
  const message = document.getElementById("message");
  if (message) message.textContent = say("Python could not be loaded ({reason}).").replace("{reason}", reason);
}

// HIDDEN_CELL cut once around its slots: text, a slot's name, text, ..., text.
const CELL_PARTS = HIDDEN_CELL.split(/\{(\w+)\}/);
/** @type {string} */
let hiddenLabel = HIDDEN_LABEL;  // in the page's language once its words are in

/**
 * A new game's hidden cell at (*x*, *y*), as Python draws it (game/page/render.py).
 * @param {number} x
 * @param {number} y
 */
function hiddenCell(x, y) {
  /** @type {Record<string, string | number>} */
  const slots = { x: x, y: y, tabindex: x || y ? -1 : 0, label: hiddenLabel, place: place(x, y) };
  let html = CELL_PARTS[0];
  for (let i = 1; i < CELL_PARTS.length; i += 2) html += slots[CELL_PARTS[i]] + CELL_PARTS[i + 1];
  return html;
}

// Show the board to come while Python loads (js/first-paint.js sized it before the first
// paint): its difficulty, its mine count and, for a new game, its cells.
function showExpected() {
  if (ready()) return;
  hiddenLabel = say(HIDDEN_LABEL);
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("difficulty"));
  const known = board.name && select && select.querySelector('option[value="' + board.name + '"]');
  if (known && board.daily) known.textContent = say(board.daily).replace("{day}", board.day ?? "");
  if (known && select && board.name) select.value = board.name;
  const left = document.querySelector('[data-for="mines-left"]');
  const count = document.getElementById("mines-left");
  if (left && count && board.mines >= 0 && board.mines <= 9999 && board.mines === Math.floor(board.mines)) {
    count.textContent = String(board.mines);
    left.textContent = String(Math.min(board.mines, 999)).padStart(3, "0");
  }
  if (board.fresh && sane(board.cols) && sane(board.rows)) drawWaiting(board);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showExpected);
else showExpected();

// A new game's board is drawn at once, and takes clicks and keys while Python loads:
// js/intents.js keeps them, in order, and the game plays them as soon as it is ready.
// A resumed game keeps the spinner: its cells are not known before Python reads them.
/** @param {import("./first-paint.js").Expected} size */
function drawWaiting(size) {
  const grid = /** @type {HTMLElement} */ (document.getElementById("board"));
  const loading = grid.querySelector(".loading");
  const rows = [];
  for (let y = 0; y < size.rows; y++) {
    /** @type {string[]} */
    const cells = [];
    for (let x = 0; x < size.cols; x++) cells.push(hiddenCell(x, y));
    rows.push(ROW.replace("{cells}", () => cells.join("")));
  }
  grid.innerHTML = rows.join("");
  grid.setAttribute("aria-colcount", String(size.cols));
  grid.setAttribute("aria-rowcount", String(size.rows));
  const frame = grid.parentElement;
  if (loading && frame && frame.parentElement) {
    loading.classList.add("loading-line");
    frame.parentElement.insertBefore(loading, frame);
  }
  keepWhileLoading();
}

const core = document.querySelector('script[src$="pyscript/core.js"]');
if (core) core.addEventListener("error", function () { fail("the PyScript runtime was not found"); });
window.addEventListener("error", function (event) {
  const target = event.target;
  if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) {
    fail("a runtime file failed to download");
  }
}, true);
window.addEventListener("unhandledrejection", function (event) {
  const reason = event.reason && (event.reason.message || String(event.reason));
  fail(reason || "an unknown error");
});
window.addEventListener("py:error", function () { fail("Python reported an error"); });
setTimeout(function () { fail("loading took more than two minutes"); }, LIMIT_MS);

// The spinner turns an eighth of a turn four times a second, driven from here rather
// than by an endless CSS animation, which has the browser draw 60 frames a second for
// the whole load: without a GPU, the threads that draw them take the CPU that Python's
// start needs. Each step is still a frame, so it turns on a layer of its own, and as
// seldom as still reads as moving (docs/decisions/loading-spinner.md).
// It stops once the game is ready or could not start, and stays still for a player who
// asks for reduced motion.
const TURN_MS = 250;
function turnSpinner() {
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (reduced) return;
  let step = 0;
  const timer = setInterval(function () {
    if (settled()) {
      clearInterval(timer);
      return;
    }
    /** @type {HTMLElement | null} */
    const spinner = document.querySelector(".spinner");
    if (!spinner) return;  // the page is still arriving
    step = (step + 1) % 8;
    spinner.style.transform = "rotate(" + step * 45 + "deg)";
  }, TURN_MS);
}
turnSpinner();

// Offline: the service worker (sw.js, written by `make vendor`) keeps every
// file of the game. A new version waits until the player chooses to update;
// the game in progress is saved, so reloading loses nothing.
/** @param {ServiceWorker} worker a new version, installed */
function offer(worker) {
  const banner = document.getElementById("update");
  const now = document.getElementById("update-now");
  if (!banner || !now || !navigator.serviceWorker.controller) return;
  banner.hidden = false;
  now.addEventListener("click", function () {
    worker.postMessage("skip-waiting");
  });
}
// The worker is registered once the game is ready (or could not start): its install
// then finds the runtime the page has just downloaded in the HTTP cache. Registered
// earlier, it downloads the 14 MB again, alongside the page.
/** @param {() => void} callback */
function whenSettled(callback) {
  const root = document.documentElement;
  if (settled()) { callback(); return; }
  const observer = new MutationObserver(function () {
    if (!settled()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, {subtree: true, attributes: true, attributeFilter: ["data-ready", "data-failed"]});
}
// Once the offline copy is kept, a worker of its own keeps a snapshot of a fresh Python
// for the next visits' start (js/snapshot.mjs, js/pyodide.mjs); html[data-snapshot]
// says how that went ("kept", or why not). Taking it keeps a core busy, which slows a
// move made meanwhile, so it waits until the player has left the game alone for a few
// seconds since it became playable.
const QUIET_MS = 3000;
let lastInput = 0;  // the player's last input, or when the game became playable if later
["pointerdown", "keydown", "wheel", "touchstart"].forEach(function (type) {
  window.addEventListener(type, function () { lastInput = performance.now(); },
    {capture: true, passive: true});
});
/** @param {() => void} callback */
function whenQuiet(callback) {
  const wait = lastInput + QUIET_MS - performance.now();
  if (wait <= 0) callback(); else setTimeout(function () { whenQuiet(callback); }, wait);
}
function keepSnapshot() {
  const root = document.documentElement;
  /** @type {Worker} */
  let maker;
  try {
    maker = new Worker("./js/snapshot.mjs", {type: "module"});
  } catch (error) {
    root.dataset.snapshot = "unavailable";
    return;
  }
  maker.onmessage = function (event) { root.dataset.snapshot = event.data; maker.terminate(); };
  maker.onerror = function () { root.dataset.snapshot = "failed"; maker.terminate(); };
}
function keepOffline() {
  lastInput = performance.now();  // the game has just become playable
  navigator.serviceWorker.ready.then(function () { whenQuiet(keepSnapshot); });
  navigator.serviceWorker.register("./sw.js").then(function (registration) {
    /** @param {ServiceWorker} worker */
    function watch(worker) {
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") offer(worker);
      });
    }
    // The browser may have found the new version before the page asked: it is then
    // already waiting, or still installing (no "updatefound" will come for it).
    if (registration.waiting) offer(registration.waiting);
    else if (registration.installing) watch(registration.installing);
    registration.addEventListener("updatefound", function () {
      if (registration.installing) watch(registration.installing);
    });
  }).catch(function () { /* no service worker: the game still works online */ });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    const banner = document.getElementById("update");
    if (reloading || !banner || banner.hidden) return;
    reloading = true;
    location.reload();
  });
}
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", function () { whenSettled(keepOffline); });
}
