// @ts-check
// The board's input: gestures turned into the player's intents, which reach Python as
// plain data: [INTENT.open, x, y] (a cell's primary action: open it, chord a number, or
// flag it in flag mode; Python decides which), [INTENT.flag, x, y] (flag or unflag),
// [INTENT.chord, x, y] (chord), each letter Python's (vendor/shared.mjs).
// What only shows a gesture stays here and never waits for Python: the tab stop and
// keyboard focus, the pressed look of a held number's neighbours and of the face, the ring
// of a held cell. A finger's gestures are js/gestures.js's, in the touch style of the
// player's controls (js/controls.js). What must be cancelled at once (the context menu,
// the keys the board uses) is cancelled here. Intents go through js/intents.js: to Python
// once the game is ready; before that, a new game's clicks and flags wait there, each
// shown on its cell.
import { submit } from "./intents.js";
import { INTENT } from "../vendor/shared.mjs";
import { gameKey } from "./keys.js";
import { IDLE, step } from "./gestures.js";
import { controlSettings } from "./controls.js";

const CLICK_AFTER_TOUCH_MS = 800;  // the click a browser makes of a tap comes within this
const BUZZ_MS = 30;
/** @type {Record<string, [number, number]>} */
const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

function ready() { return document.body.dataset.ready === "true"; }

/**
 * The board's cell that *target* is in, if any.
 * @param {EventTarget | null} target
 * @returns {HTMLButtonElement | null}
 */
function cellOf(target) {
  return target instanceof Element ? target.closest("#board button[data-x]") : null;
}

/**
 * Send the intent *kind* on *cell*; one kept while Python loads shows on its cell.
 * @param {import("./intents.js").Kind} kind
 * @param {HTMLElement} cell
 */
function send(kind, cell) {
  if (submit([kind, +(cell.dataset.x ?? 0), +(cell.dataset.y ?? 0)]) === "kept") {
    // What waits is the page's own word (the CSS draws it), not the intent's letter.
    const flag = kind === INTENT.flag && cell.dataset.pending !== "flag";
    cell.dataset.pending = flag ? "flag" : "open";
  }
}

function start() {
  const grid = /** @type {HTMLElement} */ (document.getElementById("board"));
  const face = /** @type {HTMLElement} */ (document.getElementById("reset"));
  let lastPointer = "mouse";
  let touchEnded = -Infinity;  // when the last finger left the board
  /** @type {HTMLElement[]} */
  let pressed = [];

  function size() {
    return [Number(grid.getAttribute("aria-colcount")), Number(grid.getAttribute("aria-rowcount"))];
  }
  /**
   * @param {number} x
   * @param {number} y
   * @returns {HTMLButtonElement | null}
   */
  function button(x, y) {
    return grid.querySelector('button[data-x="' + x + '"][data-y="' + y + '"]');
  }
  /** @returns {HTMLButtonElement | null} */
  function tabStop() { return grid.querySelector('button[tabindex="0"]'); }
  /** @param {HTMLElement} cell */
  function setTabStop(cell) {
    const old = tabStop();
    if (old === cell) return;
    if (old) old.setAttribute("tabindex", "-1");
    cell.setAttribute("tabindex", "0");
  }
  /**
   * @param {number} x
   * @param {number} y
   */
  function moveFocus(x, y) {
    const cell = button(x, y);
    if (!cell) return;
    setTabStop(cell);
    cell.focus();
  }
  function over() { return grid.getAttribute("aria-disabled") === "true"; }

  grid.addEventListener("click", function (event) {
    const cell = cellOf(event.target);
    if (!cell) return;
    // A finger's tap was taken at its lifting (below); the click the browser makes of it
    // is not a second one. A click of a screen reader's, with no finger, is. Where a click
    // does not say its pointer (Safari), one that follows a finger closely is its tap's.
    const kind = /** @type {any} */ (event).pointerType;
    const tapped = typeof kind === "string" ? kind === "touch"
      : lastPointer === "touch" && performance.now() - touchEnded < CLICK_AFTER_TOUCH_MS;
    if (tapped) return;
    setTabStop(cell);  // not every browser focuses a clicked button
    send(controlSettings().swapButtons ? INTENT.flag : INTENT.open, cell);
  });
  grid.addEventListener("auxclick", function (event) {
    const cell = cellOf(event.target);
    if (!cell || event.button !== 1) return;
    event.preventDefault();
    if (ready()) send(INTENT.chord, cell);
  });
  grid.addEventListener("contextmenu", function (event) {
    event.preventDefault();
    const cell = cellOf(event.target);
    if (!cell || lastPointer === "touch") return;
    send(controlSettings().swapButtons ? INTENT.open : INTENT.flag, cell);
  });
  grid.addEventListener("focusin", function (event) {
    const cell = cellOf(event.target);
    if (cell) setTabStop(cell);
  });
  grid.addEventListener("keydown", function (event) {
    const focused = tabStop();
    if (!focused || event.altKey) return;
    const key = gameKey(event);  // F on any layout (js/keys.js)
    const wh = size();
    const x = +(focused.dataset.x ?? 0);
    const y = +(focused.dataset.y ?? 0);
    if (event.ctrlKey || event.metaKey) {  // Ctrl+F stays the browser's; Ctrl+Home/End are ours
      if (key !== "Home" && key !== "End") return;
      if (key === "Home") moveFocus(0, 0); else moveFocus(wh[0] - 1, wh[1] - 1);
    } else if (ARROWS[key]) {
      moveFocus(Math.min(wh[0] - 1, Math.max(0, x + ARROWS[key][0])),
        Math.min(wh[1] - 1, Math.max(0, y + ARROWS[key][1])));
    } else if (key === "Home" || key === "End") {
      moveFocus(key === "Home" ? 0 : wh[0] - 1, y);
    } else if (key === " " || key === "Enter") {
      send(INTENT.open, focused);
    } else if (key === "f") {
      send(INTENT.flag, focused);
    } else {
      return;
    }
    event.preventDefault();
  });

  // A held number shows which hidden neighbours a chord would open; the face gasps.
  grid.addEventListener("mousedown", function (event) {
    const cell = cellOf(event.target);
    const opening = controlSettings().swapButtons ? 2 : 0;  // the button that opens
    if (!cell || event.button !== opening || !ready() || over()) return;
    face.setAttribute("data-face", "pressed");
    if (cell.dataset.state !== "revealed") return;
    const cx = +(cell.dataset.x ?? 0);
    const cy = +(cell.dataset.y ?? 0);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = (dx || dy) ? button(cx + dx, cy + dy) : null;
        if (n && n.dataset.state === "hidden") {
          n.classList.add("pressed");
          pressed.push(n);
        }
      }
    }
  });
  document.addEventListener("mouseup", function () {
    pressed.forEach(function (n) { n.classList.remove("pressed"); });
    pressed = [];
    if (face.getAttribute("data-face") === "pressed") face.setAttribute("data-face", "smile");
  });

  // A finger on the board: js/gestures.js says what its events ask, and when to wake it.
  let gesture = IDLE;
  /** @type {HTMLElement | null} */
  let ringing = null;  // the held cell whose ring fills
  let wakeTimer = 0;
  /** @param {import("./gestures.js").GestureEvent} event */
  function feed(event) {
    const settings = controlSettings();
    const answer = step(gesture, event, { style: settings.touchStyle, longPressMs: settings.longPressMs });
    gesture = answer.gesture;
    const ring = answer.ring ? button(answer.ring[0], answer.ring[1]) : null;
    if (ring !== ringing) {
      ringing?.classList.remove("holding");
      ring?.classList.add("holding");
      ringing = ring;
    }
    clearTimeout(wakeTimer);
    if (answer.wake !== null) {
      wakeTimer = window.setTimeout(function () { feed({ type: "wake", t: performance.now() }); },
        Math.max(0, answer.wake - performance.now()));
    }
    // Never the only sign that a hold acted: the ring is full and the cell changes too.
    if (answer.buzz && settings.vibrate && navigator.vibrate) navigator.vibrate(BUZZ_MS);
    for (const [action, [x, y]] of answer.intents) {
      const cell = button(x, y);
      if (cell) send(action === "flag" ? INTENT.flag : INTENT.open, cell);
    }
  }
  grid.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType;
    if (event.pointerType !== "touch") return;
    const cell = cellOf(event.target);
    const t = performance.now();
    if (!cell || over()) { feed({ type: "cancel", t }); return; }
    setTabStop(cell);
    const look = cell.dataset.state === "revealed" || cell.dataset.state === "flagged"
      ? cell.dataset.state : "hidden";
    feed({ type: "down", t, id: event.pointerId, px: event.clientX, py: event.clientY,
      cell: [+(cell.dataset.x ?? 0), +(cell.dataset.y ?? 0)], look });
  });
  grid.addEventListener("pointermove", function (event) {
    if (event.pointerType !== "touch") return;
    feed({ type: "move", t: performance.now(), id: event.pointerId,
      px: event.clientX, py: event.clientY });
  });
  grid.addEventListener("pointerup", function (event) {
    if (event.pointerType !== "touch") return;
    touchEnded = performance.now();
    feed({ type: "up", t: touchEnded, id: event.pointerId });
  });
  grid.addEventListener("pointercancel", function (event) {
    if (event.pointerType !== "touch") return;
    touchEnded = performance.now();
    feed({ type: "cancel", t: touchEnded });
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
