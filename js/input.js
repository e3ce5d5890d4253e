// @ts-check
// The board's input: gestures turned into the player's intents, which reach Python as
// plain data: [INTENT.open, x, y] (a cell's primary action: open it, chord a number, or
// flag it in flag mode; Python decides which), [INTENT.flag, x, y] (flag or unflag),
// [INTENT.chord, x, y] (chord), each letter Python's (vendor/shared.mjs).
// What only shows a gesture stays here and never waits for Python: the tab stop and
// keyboard focus, the pressed look of a held number's neighbours and of the face, a
// touch held long enough to flag. What must be cancelled at once (the context menu, the
// keys the board uses) is cancelled here. Intents go through js/intents.js: to Python once
// the game is ready; before that, a new game's clicks and flags wait there, each shown on
// its cell.
import { submit } from "./intents.js";
import { INTENT } from "../vendor/shared.mjs";
import { gameKey } from "./keys.js";

const LONG_PRESS_MS = 450;  // a resting finger flags its cell after this long
const SLOP_PX = 8;  // a finger drifting further is panning or zooming, and flags nothing
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
  let longPressed = false;
  /** @type {{timer: number, x: number, y: number, cell: HTMLElement} | null} */
  let press = null;  // a resting touch
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
    if (longPressed) { longPressed = false; return; }
    setTabStop(cell);  // not every browser focuses a clicked button
    send(INTENT.open, cell);
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
    if (cell && lastPointer !== "touch") send(INTENT.flag, cell);
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
    if (!cell || event.button !== 0 || !ready() || over()) return;
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

  // A touch held still on a closed cell flags it.
  function cancelPress() {
    if (press) {
      clearTimeout(press.timer);
      press.cell.classList.remove("holding");
      press = null;
    }
  }
  grid.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType;
    const cell = cellOf(event.target);
    if (event.pointerType !== "touch" || !cell || cell.dataset.state === "revealed") return;
    cancelPress();
    cell.classList.add("holding");
    const held = {x: event.clientX, y: event.clientY, cell: cell, timer: 0};
    held.timer = window.setTimeout(function () {
      cell.classList.remove("holding");
      press = null;
      longPressed = true;
      send(INTENT.flag, cell);
      if (navigator.vibrate) navigator.vibrate(30);
    }, LONG_PRESS_MS);
    press = held;
  });
  grid.addEventListener("pointermove", function (event) {
    if (press && (Math.abs(event.clientX - press.x) > SLOP_PX ||
        Math.abs(event.clientY - press.y) > SLOP_PX)) cancelPress();
  });
  ["pointerup", "pointercancel", "pointerleave"].forEach(function (type) {
    grid.addEventListener(type, cancelPress);
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
