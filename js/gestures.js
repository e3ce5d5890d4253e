// @ts-check
// A finger on the board, as a pure function of events with their times: what it asks (open
// or chord a cell, flag it) in the touch style the player chose (js/controls.js). No page,
// clock or timer here: js/input.js feeds `step` the board's touch events and the wake-ups
// it asks for, and does what it answers; tests/test_gestures.py feeds it made-up times on
// each side of every threshold, under Node.
//
// The styles, after Antimine's controls:
//   tap-reveal  a tap opens (or chords), a long press flags; the default
//   tap-flag    a tap flags, a long press opens
//   double-tap  a tap flags, a double tap opens (a single tap waits for the window to pass)
//   toggle      a tap does what the Flag mode button says; no long press
// In every style a tap on a revealed number chords (Python decides whether its flags
// allow it): there is nothing to flag on it. Only a closed cell is held for long.

/** @typedef {"tap-reveal" | "tap-flag" | "double-tap" | "toggle"} TouchStyle */
/** @typedef {{style: TouchStyle, longPressMs: number}} Touching the settings a gesture reads */
/** @typedef {"hidden" | "flagged" | "revealed"} Look what the cell shows */
/** @typedef {[number, number]} Place a cell's x and y */
/**
 * What a gesture asks: "open", the cell's primary action (open it, chord a number; in Flag
 * mode Python flags instead), or "flag" (flag or unflag it).
 * @typedef {"open" | "flag"} Action
 */
/**
 * @typedef {{type: "down", t: number, id: number, px: number, py: number, cell: Place,
 *     look: Look}
 *   | {type: "move", t: number, id: number, px: number, py: number}
 *   | {type: "up", t: number, id: number}
 *   | {type: "cancel", t: number}
 *   | {type: "wake", t: number}} GestureEvent
 * A finger's event on the board at time *t* (ms), with its pointer *id* and where it is
 * on the screen (px, py); "cancel" ends every press (the browser took the touch, or a
 * finger came down off the cells); "wake" is the time passing, when `step` asked for it.
 */
/**
 * @typedef {{id: number, t: number, px: number, py: number, cell: Place, look: Look,
 *   long: Action | null, fired: boolean}} Press a finger resting on a cell since *t*
 * @typedef {{cell: Place, t: number, again: boolean}} FirstTap a tap ended at *t* that a
 *   second may make a double tap (again: the second finger is down)
 * @typedef {{press: Press | null, first: FirstTap | null}} Gesture
 * @typedef {{gesture: Gesture, intents: [Action, Place][], ring: Place | null, buzz: boolean,
 *   wake: number | null}} Answer what `step` answers: the gesture now, what it asks (in
 *   order), the cell whose ring fills (null: none), whether to vibrate now, and when to
 *   call it again with "wake" (null: no need)
 */

/** The touch styles, the default first. */
export const TOUCH_STYLES = /** @type {const} */ (["tap-reveal", "tap-flag", "double-tap", "toggle"]);
/** The long press's length: its range and its default, in ms. */
export const LONG_PRESS_MS = /** @type {const} */ ({ min: 150, max: 1000, standard: 450 });
/** A finger moving further than this (px) is panning or zooming, and asks nothing. */
export const SLOP_PX = 8;
/** A second tap on the same cell starting less than this (ms) after the first ended. */
export const DOUBLE_TAP_MS = 300;

/** @type {Gesture} */
export const IDLE = Object.freeze({ press: null, first: null });

/**
 * What a tap on a cell showing *look* asks in *style*; "wait" for a possible double tap.
 * @param {TouchStyle} style
 * @param {Look} look
 * @returns {Action | "wait"}
 */
export function tapAction(style, look) {
  if (look === "revealed" || style === "tap-reveal" || style === "toggle") return "open";
  return style === "double-tap" ? "wait" : "flag";
}

/**
 * What a long press on a cell showing *look* asks in *style*, or null: none (a hold is a tap).
 * @param {TouchStyle} style
 * @param {Look} look
 * @returns {Action | null}
 */
export function longAction(style, look) {
  if (style === "tap-reveal" && look !== "revealed") return "flag";
  if (style === "tap-flag" && look === "hidden") return "open";
  return null;
}

/**
 * The styles whose tap on a closed cell is the primary action, which Flag mode turns into a
 * flag: those that show the Flag mode button (in the others a tap already flags).
 */
export const FLAG_MODE_STYLES = TOUCH_STYLES.filter((style) => tapAction(style, "hidden") === "open");

/**
 * @param {Place} a
 * @param {Place} b
 */
function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }

/**
 * Return what *event* does to *gesture*, in the settings *touching*.
 *
 * A long press acts when the finger has rested `longPressMs` (at the "wake" that comes
 * then, or at its lifting if that comes first); one lifted sooner is a tap. A finger
 * that moves more than SLOP_PX from where it came down, a second finger, or a "cancel"
 * end the press, asking nothing. In the double-tap style a tap on a closed cell waits:
 * a second tap on it starting less than DOUBLE_TAP_MS after it ended opens the cell;
 * otherwise it flags once that window has passed, or at once when another cell is
 * touched.
 * @param {Gesture} gesture
 * @param {GestureEvent} event
 * @param {Touching} touching
 * @returns {Answer}
 */
export function step(gesture, event, touching) {
  /** @type {[Action, Place][]} */
  const intents = [];
  let { press, first } = gesture;
  let buzz = false;
  const t = event.t;
  if (first && !first.again && t >= first.t + DOUBLE_TAP_MS) {  // its window has passed
    intents.push(["flag", first.cell]);
    first = null;
  }
  /** @param {Press} held */
  const longDue = (held) => held.long !== null && !held.fired && t >= held.t + touching.longPressMs;
  switch (event.type) {
    case "down":
      if (press) {  // a second finger: a pinch, not a press
        press = null;
        if (first) first = { ...first, again: false };
        break;
      }
      if (first && !same(first.cell, event.cell)) {
        intents.push(["flag", first.cell]);
        first = null;
      }
      if (first) first = { ...first, again: true };
      press = {
        id: event.id, t, px: event.px, py: event.py, cell: event.cell, look: event.look,
        long: first ? null : longAction(touching.style, event.look), fired: false,
      };
      break;
    case "move":
      if (press && event.id === press.id &&
          Math.hypot(event.px - press.px, event.py - press.py) > SLOP_PX) {
        press = null;
        if (first) first = { ...first, again: false };
      }
      break;
    case "up": {
      if (!press || event.id !== press.id) break;
      const held = press;
      press = null;
      if (held.fired) break;
      if (longDue(held) && held.long) {  // lifted before the wake-up came
        intents.push([held.long, held.cell]);
        buzz = true;
        break;
      }
      const action = tapAction(touching.style, held.look);
      if (action !== "wait") {
        intents.push([action, held.cell]);
      } else if (first && first.again) {
        intents.push(["open", held.cell]);
        first = null;
      } else {
        first = { cell: held.cell, t, again: false };
      }
      break;
    }
    case "cancel":
      press = null;
      if (first) first = { ...first, again: false };
      break;
    case "wake":
      if (press && longDue(press) && press.long) {
        intents.push([press.long, press.cell]);
        buzz = true;
        press = { ...press, fired: true };
      }
      break;
  }
  const ringing = press !== null && press.long !== null && !press.fired;
  const times = [];
  if (press && ringing) times.push(press.t + touching.longPressMs);
  if (first && !first.again) times.push(first.t + DOUBLE_TAP_MS);
  return {
    gesture: { press, first },
    intents,
    ring: press && ringing ? press.cell : null,
    buzz,
    wake: times.length ? Math.min(...times) : null,
  };
}
