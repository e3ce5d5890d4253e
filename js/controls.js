// @ts-check
// The controls' settings, kept per device: the touch style, the long press's length,
// vibration, the mouse's buttons swapped on the board, the live figures shown in a game
// (game/page/live_figures.py reads the box). Their dialog (#controls opens it) answers from the first paint and never
// needs Python; js/input.js reads them at each gesture. Kept in localStorage when the
// browser allows it (js/stored.js); otherwise they last the visit. What each style does is
// js/gestures.js's; the Flag mode button shows only where it changes what a tap does.
import { FLAG_MODE_STYLES, LONG_PRESS_MS, TOUCH_STYLES } from "./gestures.js";
import { store, stored } from "./stored.js";

const KEY = "pyminesweeper.controls";

/**
 * @typedef {{touchStyle: import("./gestures.js").TouchStyle, longPressMs: number,
 *   vibrate: boolean, swapButtons: boolean, liveFigures: boolean}} Settings
 */

/**
 * The settings kept as *text*, each one that is missing or not understood at its default.
 * @param {string | null} text
 * @returns {Settings}
 */
function fromText(text) {
  /** @type {Record<string, unknown>} */
  let kept = {};
  try {
    const parsed = JSON.parse(text ?? "{}");
    if (parsed && typeof parsed === "object") kept = parsed;
  } catch (error) { /* unreadable: the defaults */ }
  const style = TOUCH_STYLES.find((name) => name === kept.touchStyle) ?? TOUCH_STYLES[0];
  const ms = Number(kept.longPressMs);
  return {
    touchStyle: style,
    longPressMs: ms >= LONG_PRESS_MS.min && ms <= LONG_PRESS_MS.max ? Math.round(ms)
      : LONG_PRESS_MS.standard,
    vibrate: kept.vibrate !== false,
    swapButtons: kept.swapButtons === true,
    liveFigures: kept.liveFigures === true,
  };
}

let settings = fromText(stored(KEY));

/** @returns {Settings} the settings now */
export function controlSettings() { return settings; }

/**
 * An element the page always has.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
function byId(id) { return /** @type {T} */ (document.getElementById(id)); }

/** Show the settings in the dialog and on the board. */
function show() {
  const style = /** @type {HTMLSelectElement} */ (byId("touch-style"));
  const hold = /** @type {HTMLInputElement} */ (byId("long-press-ms"));
  const vibrate = /** @type {HTMLInputElement} */ (byId("vibrate"));
  style.value = settings.touchStyle;
  hold.value = String(settings.longPressMs);
  hold.setAttribute("aria-valuetext", settings.longPressMs + " ms");
  byId("long-press-value").textContent = settings.longPressMs + " ms";
  // The hold's length matters only where a long press acts.
  const holds = settings.touchStyle === "tap-reveal" || settings.touchStyle === "tap-flag";
  hold.disabled = !holds;
  vibrate.checked = settings.vibrate;
  vibrate.disabled = !holds;
  /** @type {HTMLInputElement} */ (byId("swap-buttons")).checked = settings.swapButtons;
  /** @type {HTMLInputElement} */ (byId("live-figures")).checked = settings.liveFigures;
  byId("flag-mode").hidden = !FLAG_MODE_STYLES.some((name) => name === settings.touchStyle);
  byId("board").style.setProperty("--long-press", settings.longPressMs + "ms");
}

function ready() {
  const dialog = /** @type {HTMLDialogElement} */ (byId("controls-dialog"));
  const style = /** @type {HTMLSelectElement} */ (byId("touch-style"));
  const hold = /** @type {HTMLInputElement} */ (byId("long-press-ms"));
  const vibrate = /** @type {HTMLInputElement} */ (byId("vibrate"));
  const swap = /** @type {HTMLInputElement} */ (byId("swap-buttons"));
  const live = /** @type {HTMLInputElement} */ (byId("live-figures"));
  if (!("vibrate" in navigator)) byId("vibrate-choice").hidden = true;
  function change() {
    settings = fromText(JSON.stringify({
      touchStyle: style.value, longPressMs: Number(hold.value), vibrate: vibrate.checked,
      swapButtons: swap.checked, liveFigures: live.checked,
    }));
    store(KEY, JSON.stringify(settings));
    show();
  }
  for (const input of [style, hold, vibrate, swap, live]) input.addEventListener("input", change);
  style.addEventListener("change", change);
  show();

  /** @type {Element | null} */
  let opener = null;
  byId("controls").addEventListener("click", function () {
    if (dialog.open) return;
    opener = document.activeElement;
    dialog.showModal();
    style.focus();
  });
  byId("controls-close").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("close", function () {
    if (opener instanceof HTMLElement) opener.focus();
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
else ready();
