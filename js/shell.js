// @ts-check
// The page's shell: what answers from the first paint and never needs Python.
// The light or dark theme, the help dialog (and its ? key), and the board's zoom:
// the cell-size buttons and slider, and a pinch on the board. Each choice is kept
// in localStorage when the browser allows it, and simply not kept when it does not.
import { gameKey } from "./keys.js";
import { store, stored } from "./stored.js";
import { LANGUAGE_KEY, language } from "./first-paint.js";
import { QUERY } from "../vendor/shared.mjs";

const THEME_KEY = "pyminesweeper.theme";
const CELL_KEY = "pyminesweeper.cell";
const MIN_CELL = 12;
const MAX_CELL = 56;
/**
 * An element the page always has.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
function byId(id) { return /** @type {T} */ (document.getElementById(id)); }

// ---- theme: the system's until the player chooses ----
const root = document.documentElement;
const chosen = stored(THEME_KEY);
if (chosen === "dark" || chosen === "light") root.dataset.theme = chosen;
function isDark() {
  if (root.dataset.theme) return root.dataset.theme === "dark";
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

function ready() {
  // ---- language: js/first-paint.js chose it; a choice here is kept, and the page is
  // loaded again in it (the game in play is kept, as on any visit) ----
  const languages = /** @type {HTMLSelectElement} */ (byId("language"));
  languages.value = language.tag;
  languages.addEventListener("change", function () {
    store(LANGUAGE_KEY, languages.value);
    const address = new URL(location.href);
    if (address.searchParams.has(QUERY.lang)) address.searchParams.set(QUERY.lang, languages.value);
    location.replace(address.href);
  });

  const theme = byId("theme");
  function showTheme() {
    theme.setAttribute("aria-pressed", isDark() ? "true" : "false");
  }
  showTheme();
  theme.addEventListener("click", function () {
    root.dataset.theme = isDark() ? "light" : "dark";
    store(THEME_KEY, root.dataset.theme);
    showTheme();
  });

  // ---- help: a dialog that Escape closes, giving focus back to where it was ----
  // Focus goes to its title (tabindex="-1"), so the dialog opens at its top and a screen
  // reader starts there: on a phone, Close (its only control, at the foot) scrolled the
  // title and the first rules out of sight.
  const help = /** @type {HTMLDialogElement} */ (byId("help"));
  /** @type {Element | null} */
  let opener = null;
  function openHelp() {
    if (help.open) return;
    opener = document.activeElement;
    help.showModal();
    byId("help-title").focus();
    help.scrollTop = 0;
  }
  byId("help-open").addEventListener("click", openHelp);
  byId("help-close").addEventListener("click", function () { help.close(); });
  help.addEventListener("close", function () {
    if (opener instanceof HTMLElement) opener.focus();
  });
  document.addEventListener("keydown", function (event) {
    const target = event.target;
    const typing = target instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) &&
      !(target instanceof HTMLInputElement && target.type === "range");
    if (gameKey(event) === "?" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      openHelp();
    }
  });

  // ---- zoom: a fixed cell size, or the size that fits the screen ----
  const board = byId("board");
  const slider = /** @type {HTMLInputElement} */ (byId("zoom"));
  function fitted() {
    return parseFloat(getComputedStyle(board).getPropertyValue("--cell")) || 34;
  }
  /**
   * @param {number | null} size the cell size in pixels, or null to fit the screen
   * @param {boolean} keep whether to keep the choice
   */
  function setCell(size, keep) {
    if (size === null) {
      board.classList.remove("zoomed");
      board.style.removeProperty("--zoom-cell");
      slider.value = String(Math.round(fitted()));
    } else {
      size = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.round(size)));
      board.style.setProperty("--zoom-cell", size + "px");
      board.classList.add("zoomed");
      slider.value = String(size);
    }
    if (keep) store(CELL_KEY, size === null ? null : String(size));
  }
  const kept = parseFloat(stored(CELL_KEY) ?? "");
  setCell(kept >= MIN_CELL && kept <= MAX_CELL ? kept : null, false);
  slider.addEventListener("input", function () { setCell(+slider.value, true); });
  byId("zoom-in").addEventListener("click", function () { setCell(fitted() + 4, true); });
  byId("zoom-out").addEventListener("click", function () { setCell(fitted() - 4, true); });
  byId("zoom-fit").addEventListener("click", function () { setCell(null, true); });

  // A pinch on the board: two fingers apart or together scale the cells.
  /** @type {Map<number, {x: number, y: number}>} */
  const touches = new Map();
  /** @type {{spread: number, cell: number} | null} */
  let pinch = null;
  function spread() {
    const points = Array.from(touches.values());
    return Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y);
  }
  board.addEventListener("pointerdown", function (event) {
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2) pinch = { spread: spread(), cell: fitted() };
  });
  board.addEventListener("pointermove", function (event) {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && touches.size === 2) setCell(pinch.cell * spread() / pinch.spread, true);
  });
  /** @param {PointerEvent} event */
  function lift(event) {
    touches.delete(event.pointerId);
    if (touches.size < 2) pinch = null;
  }
  for (const name of /** @type {const} */ (["pointerup", "pointercancel", "pointerleave"])) {
    board.addEventListener(name, lift);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
else ready();
