// @ts-check
// Where the board's intents go: [letter, x, y] (js/input.js makes them), the letter
// Python's for opening, flagging or chording a cell (INTENT, game/rules/events.py).
// Before Python is ready, a new game's intents wait here, in order (js/loading.js starts
// the wait when it draws the waiting board; a resumed game keeps none, since its cells
// are not known yet); js/host.js sends those the start did not take once the game is
// ready, then every intent goes straight to Python.

/** @typedef {typeof import("../vendor/shared.mjs").INTENT} Intents */
/** @typedef {Intents[keyof Intents]} Kind what an intent asks, as its letter */
/** @typedef {[Kind, number, number]} Intent */

/** @type {Intent[] | null} */
let waiting = null;
/** @type {((intent: Intent) => void) | null} */
let deliver = null;

/** Keep the intents made from now until Python is ready. */
export function keepWhileLoading() {
  waiting = [];
}

/**
 * Hand *intent* to Python, or keep it while Python loads.
 * @param {Intent} intent
 * @returns {"sent" | "kept" | "dropped"} what became of it
 */
export function submit(intent) {
  if (deliver) {
    deliver(intent);
    return "sent";
  }
  if (waiting === null) return "dropped";
  waiting.push(intent);
  return "kept";
}

/** @returns {Intent[]} the intents kept so far, in order */
export function kept() {
  return waiting === null ? [] : waiting.slice();
}

/**
 * From now on, hand every intent to *send*: first those kept after the first *taken*
 * (the start took those), then each as it comes.
 * @param {(intent: Intent) => void} send
 * @param {number} taken
 */
export function deliverTo(send, taken) {
  const rest = waiting === null ? [] : waiting.slice(taken);
  waiting = null;
  deliver = send;
  for (const intent of rest) send(intent);
}
