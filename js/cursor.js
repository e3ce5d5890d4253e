// @ts-check
// The pointer of a replay file, drawn on the board as the file says it moved
// (game/page/player.py). Python sends the file's pointer once, as packed arrays
// (its times, pixels and buttons: "track"), and then, at each change of pace, the
// moments the playback shows as a line of the page's clock ("track-run": [clock,
// moment] knots). Each frame reads the moment from that line, finds the pointer's
// point, moves between two points evenly (the file's pace, smooth), and shows the
// cells a press would open pressed, as the community's players show them: a left
// press its hidden cell, both buttons (a chord) the hidden cells around it too. No
// message comes per mouse event, and a frame's work is a binary search and a few
// writes: `transform` only, and attributes when the cell or the buttons change.

/**
 * The pointer's track, unpacked once.
 * @typedef {{cell: number, ms: Int32Array, x: Int16Array, y: Int16Array,
 *   buttons: Uint8Array, names: string[]}} Track
 */

/** @type {Track | null} */
let track = null;
/** @type {[number, number][]} */
let knots = [[0, 0]];
let frame = 0;
let scale = 1;  // page pixels per pixel of the file
let shownCell = "";
/** @type {HTMLElement[]} */
let pressed = [];

// An <svg>: `hidden` is its attribute only (SVG elements have no such property).
const cursor = () => document.getElementById("replay-cursor");
const board = () => document.getElementById("board");

/**
 * Decode *text*, base64 of little-endian numbers, into an array of *Kind*.
 * @template T
 * @param {string} text
 * @param {new (buffer: ArrayBuffer) => T} Kind
 * @returns {T}
 */
function unpacked(text, Kind) {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return new Kind(bytes.buffer);
}

/**
 * Take the file's pointer (or none: no replay file on the page, the cursor hides).
 * @param {{cell: number, ms: string, x: string, y: string, buttons: string,
 *   names: string[]} | null} data
 */
export function loadTrack(data) {
  track = data && {
    cell: data.cell, names: data.names,
    ms: unpacked(data.ms, Int32Array), x: unpacked(data.x, Int16Array),
    y: unpacked(data.y, Int16Array), buttons: unpacked(data.buttons, Uint8Array),
  };
  knots = [[0, 0]];
  shownCell = "";
  schedule();
}

/**
 * Run the pointer along the moments *line* gives the page's clock.
 * @param {[number, number][]} line
 */
export function runTrack(line) {
  knots = line.length ? line : [[0, 0]];
  schedule();
}

// The board's size, kept by a ResizeObserver: reading it in each frame would make the
// browser lay the page out again in that frame.
let boardWidth = 0;
let boardHeight = 0;
/** @type {HTMLElement | null} */
let watched = null;
/** @param {HTMLElement} grid */
function watch(grid) {
  if (watched === grid) return;
  watched = grid;
  boardWidth = grid.offsetWidth;
  boardHeight = grid.offsetHeight;
  new ResizeObserver(function (entries) {
    const box = entries[entries.length - 1].borderBoxSize[0];
    boardWidth = box.inlineSize;
    boardHeight = box.blockSize;
    schedule();
  }).observe(grid);
}

// The pointer is drawn at its own size on cells of POINTER_CELL pixels, and grows and
// shrinks with the cells (Fit, zoom, a phone), within reason.
const POINTER_CELL = 28;
let pointerScale = 1;

let layerSize = "";
function measure() {
  const grid = board();
  const layer = document.getElementById("cursor-layer");
  if (!track || !grid || !layer) return;
  watch(grid);
  const columns = Number(grid.getAttribute("aria-colcount")) || 1;
  const width = boardWidth;
  const height = boardHeight;
  scale = width / columns / track.cell;
  pointerScale = Math.min(1.6, Math.max(0.5, width / columns / POINTER_CELL));
  const size = `${width},${height}`;
  if (size !== layerSize) {  // the layer covers the board, and clips the pointer to it
    layerSize = size;
    layer.style.width = `${width}px`;
    layer.style.height = `${height}px`;
  }
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(draw);
}

/**
 * The moment shown at the clock's *now*, on the line of the knots.
 * @param {number} now
 */
function moment(now) {
  let i = 0;
  while (i < knots.length && knots[i][0] <= now) i++;
  if (i === 0) return knots[0][1];
  if (i === knots.length) return knots[i - 1][1];
  const [clock, shown] = knots[i - 1];
  const [after, then] = knots[i];
  return shown + (now - clock) * (then - shown) / (after - clock);
}

/**
 * The index of the last point at or before *ms* (-1 if none).
 * @param {Int32Array} times
 * @param {number} ms
 */
function pointAt(times, ms) {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle] <= ms) low = middle + 1; else high = middle;
  }
  return low - 1;
}

/** @param {number} now the page's clock at this frame */
function draw(now) {
  frame = 0;
  const element = cursor();
  if (!element) return;
  if (!track) {
    element.toggleAttribute("hidden", true);
    press(null, 0, 0, "none");
    return;
  }
  measure();  // the board may have been zoomed or made again
  const shown = moment(now);
  const index = pointAt(track.ms, Math.floor(shown));
  if (index < 0) {
    element.toggleAttribute("hidden", true);
    press(null, 0, 0, "none");
  } else {
    let x = track.x[index];
    let y = track.y[index];
    const next = index + 1;
    if (next < track.ms.length && track.buttons[next] === track.buttons[index]) {
      const share = (shown - track.ms[index]) / (track.ms[next] - track.ms[index]);
      x += (track.x[next] - x) * share;
      y += (track.y[next] - y) * share;
    }
    const cellX = Math.floor(track.x[index] / track.cell);
    const cellY = Math.floor(track.y[index] / track.cell);
    const buttons = track.names[track.buttons[index]];
    element.style.transform = `translate(${x * scale}px, ${y * scale}px) scale(${pointerScale})`;
    element.toggleAttribute("hidden", false);
    press(element, cellX, cellY, buttons);
  }
  if (now < knots[knots.length - 1][0]) schedule();
}

/**
 * Show the press of *buttons* on the cell (*x*, *y*): the cells it would open look pressed.
 * @param {HTMLElement | null} element the cursor, or null: no pointer on the board
 * @param {number} x
 * @param {number} y
 * @param {string} buttons
 */
function press(element, x, y, buttons) {
  const key = element ? `${x},${y},${buttons}` : "";
  if (key === shownCell) {  // a cell the press opened is pressed no more
    if (pressed.some((cell) => cell.dataset.state !== "hidden")) {
      for (const cell of pressed) {
        if (cell.dataset.state !== "hidden") cell.classList.remove("pressed");
      }
      pressed = pressed.filter((cell) => cell.dataset.state === "hidden");
    }
    return;
  }
  shownCell = key;
  for (const cell of pressed) cell.classList.remove("pressed");
  pressed = [];
  if (!element) return;
  element.dataset.x = String(x);
  element.dataset.y = String(y);
  element.dataset.buttons = buttons;
  if (buttons !== "left" && buttons !== "both") return;
  const grid = board();
  const width = Number(grid?.getAttribute("aria-colcount"));
  const cells = grid?.getElementsByTagName("button");
  if (!cells) return;
  const reach = buttons === "both" ? 1 : 0;
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const cx = x + dx;
      const cy = y + dy;
      const cell = cx >= 0 && cx < width ? cells[cy * width + cx] : undefined;
      if (cell && cell.dataset.state === "hidden") {
        cell.classList.add("pressed");
        pressed.push(cell);
      }
    }
  }
}

addEventListener("resize", schedule);
