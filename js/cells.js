// @ts-check
// Applies a move to the board's buttons in one call from Python: the patch is
// game/page/render.py's cell_patch (each cell's look before and after, one character per
// cell), so a whole-board opening costs one crossing between Python and JavaScript,
// not one per cell, and the buttons stay (no parse, no new elements, focus kept). The
// CSS draws a cell from its data attributes alone, so each button gets only the writes
// that take it from its old look to its new one, worked out once per pair of looks; a
// cell whose look did not change (a hidden cell under which the mines were laid) is
// left alone.
//
// Each attribute written costs about a microsecond, whatever it is, so a 100x100
// opening's writes take tens of milliseconds. What is drawn (the data attributes and
// the text) is written at once; what only a screen reader reads (the ARIA attributes
// and the label) just after the next frame is painted, so the board shows the move
// without waiting for them. The next patch writes any still waiting first, and
// js/host.js's pythonSettled writes them before it holds: nothing is read stale.
import { FIRST_LOOK as FIRST, PLACE } from "../vendor/shared.mjs";
import { say } from "./say.js";

/** @type {string[] | null} */
let placeParts = null;
/**
 * Name the place of the cell at (*x*, *y*) as Python does (game/names.py `where`): PLACE,
 * in the page's language, cut once around its two fields, {row} and {column} (the labels
 * of a whole board are named after each move), in either order.
 * @param {number} x
 * @param {number} y
 */
export function place(x, y) {
  placeParts ??= say(PLACE).split(/(\{row\}|\{column\})/);
  let name = "";
  for (const part of placeParts) {
    name += part === "{row}" ? String(y + 1) : part === "{column}" ? String(x + 1) : part;
  }
  return name;
}

/**
 * A cell's look, as game/page/render.py writes it: its data attributes, text and label.
 * @typedef {{attributes: [string, string][], text: string, label: string}} Look
 */
/** @typedef {[string, string | null][]} Writes [name, value] to set, value null to remove */
/** @typedef {{drawn: Writes, text: string | null, heard: Writes, label: string | null}} Change */
/**
 * A move's patch: each cell's look before and after, a character per cell.
 * @typedef {{width: number, was: string, now: string, before: Look[], after: Look[],
 *   changes: Map<number, Change | null>}} Patch
 */

/**
 * The writes that take a button of look *was* to look *now*, or null if it looks the same.
 * @param {Look} was
 * @param {Look} now
 * @returns {Change | null}
 */
function writes(was, now) {
  const before = new Map(was.attributes);
  const after = new Map(now.attributes);
  /** @type {Writes} */
  const drawn = [];
  /** @type {Writes} */
  const heard = [];
  after.forEach(function (value, name) {
    if (before.get(name) !== value) (name.startsWith("aria-") ? heard : drawn).push([name, value]);
  });
  before.forEach(function (value, name) {
    if (!after.has(name)) (name.startsWith("aria-") ? heard : drawn).push([name, null]);
  });
  const text = now.text === was.text ? null : now.text;
  const label = now.label === was.label ? null : now.label;
  if (!drawn.length && !heard.length && text === null && label === null) return null;
  return {drawn: drawn, text: text, heard: heard, label: label};
}

/**
 * @param {Element} button
 * @param {Writes} attributes
 */
function write(button, attributes) {
  for (let a = 0; a < attributes.length; a++) {
    const value = attributes[a][1];
    if (value === null) button.removeAttribute(attributes[a][0]);
    else button.setAttribute(attributes[a][0], value);
  }
}

/**
 * The last patch and its board, while what a screen reader reads waits.
 * @type {{patch: Patch, buttons: HTMLCollectionOf<HTMLButtonElement>, grid: Element,
 *   first: Element | null} | null}
 */
let waiting = null;

/**
 * Pass each cell's change from look `was` to look `now` to *each*, with the cell's
 * index; pairs of looks are worked out once.
 * @param {Patch} patch
 * @param {(i: number, change: Change) => void} each
 */
function walk(patch, each) {
  const was = patch.was, now = patch.now, changes = patch.changes;
  let last = -1;
  /** @type {Change | null | undefined} */
  let change = null;
  for (let i = 0; i < was.length; i++) {
    const pair = was.charCodeAt(i) * 256 + now.charCodeAt(i);
    if (pair !== last) {  // runs of the same pair are common: an opening is one
      last = pair;
      change = changes.get(pair);
      if (change === undefined) {
        change = writes(patch.before[was.charCodeAt(i) - FIRST], patch.after[now.charCodeAt(i) - FIRST]);
        changes.set(pair, change);
      }
    }
    if (change !== null) each(i, change);
  }
}

/** Write what a screen reader reads of the last patch, if it still waits. */
export function writeCellLabels() {
  if (waiting === null) return;
  const patch = waiting.patch, buttons = waiting.buttons, width = patch.width;
  const replaced = waiting.grid.firstElementChild !== waiting.first;  // a board of a new size
  waiting = null;
  if (replaced) return;  // its own HTML has its labels
  walk(patch, function (i, change) {
    const button = buttons[i];
    write(button, change.heard);
    if (change.label !== null) {
      const x = i % width;
      button.setAttribute("aria-label", change.label + place(x, (i - x) / width));
    }
  });
}

/**
 * Apply a move's patch (JSON *text*) to the buttons of *grid*.
 * @param {HTMLElement} grid
 * @param {string} text
 */
export function patchCells(grid, text) {
  writeCellLabels();
  const patch = JSON.parse(text);
  patch.changes = new Map();  // by pair of looks
  // In row order, as the cells are numbered; a live list, read in order, costs no walk.
  const buttons = grid.getElementsByTagName("button");
  let heard = false;
  walk(patch, function (i, change) {
    const button = buttons[i];
    write(button, change.drawn);
    if (change.text !== null) button.textContent = change.text;
    heard = heard || change.heard.length > 0 || change.label !== null;
  });
  if (heard) {
    waiting = {patch: patch, buttons: buttons, grid: grid, first: grid.firstElementChild};
    // After the frame that shows the move; a hidden page paints no frames.
    requestAnimationFrame(function () { setTimeout(writeCellLabels, 0); });
    setTimeout(writeCellLabels, 250);
  }
}
