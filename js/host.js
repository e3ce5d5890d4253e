// @ts-check
// The page's side of the game, which runs in a worker: Python (game/page/app.py) boots and
// runs in a PyScript worker, so the page answers from its first paint and never waits for
// it. The worker needs no SharedArrayBuffer (no cross-origin isolation, so a first visit
// works too): it never reaches into the page. What the view writes comes here as one batch
// of operations per task (game/page/channel.py queues them), applied below; what the player
// does goes there as plain data: an event of an element Python listens to, with the
// page's form values and time, or an intent of the board (js/input.js). The page owns
// time: timers run here and each message carries the page's clock, so the game's time is
// the page's, as a test's fake clock or a paused tab sees it.
import { restoreObserver } from "./unwatched.js";
import { PyWorker as pyWorker } from "../vendor/pyscript/core.js";
import { patchCells, writeCellLabels } from "./cells.js";
import { loadTrack, runTrack } from "./cursor.js";
import { deliverTo, kept } from "./intents.js";
import { gameKey } from "./keys.js";
import { language } from "./first-paint.js";

restoreObserver();


/**
 * The game's worker as the page sees it: Python's exported functions.
 * @typedef {{sync: {dispatch: (text: string, files: File[] | null) => Promise<string>,
 *   start: (snapshot: string) => Promise<string>}} & EventTarget} GameWorker
 */
/** @typedef {[string, ...any[]]} Operation one operation of the view's (game/page/channel.py) */

/**
 * PyScript's PyWorker, with the option its types leave out that polyscript's XWorker reads:
 * `version`, the interpreter module the worker imports.
 * @type {(file: string, options: {config: string, version: string})
 *   => Promise<Worker & {sync: object}>}
 */
const PyWorker = pyWorker;
/** @param {string} path */
const here = (path) => new URL(path, import.meta.url).href;

// The chosen language's compiled catalog (tools/catalogs.py), fetched while the runtime
// loads and handed to Python with the start, as base64 (game/page/speech.py); English
// needs none. A catalog that cannot be fetched comes as null: Python says so, in English.
/** @type {Promise<string | null>} */
const catalog = language.tag === "en" ? Promise.resolve(null)
  : fetch(here("../vendor/locale/" + language.tag + ".mo"))
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .then((buffer) => {
      if (buffer === null) return null;
      const bytes = new Uint8Array(buffer);
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    })
    .catch(() => null);

/** @type {Map<string, HTMLElement>} */
const created = new Map();  // elements Python created, by reference
/** @type {Map<string, number>} */
const timers = new Map();  // the page's timers that Python asked for, by token
/** @type {GameWorker | null} */
let worker = null;
/** @type {[string, File[] | null][]} */
const waiting = [];  // messages to Python before it started
let unanswered = 0;  // messages sent to Python whose answer the page has not applied yet
/** @type {((value?: unknown) => void)[]} */
const whenSettled = [];

/**
 * The element an operation names: `#id`, `?selector`, `$created`, `@x,y` (a board cell),
 * or `body`.
 * @param {string} ref
 * @returns {any}
 */
function element(ref) {
  switch (ref[0]) {
    case "#": return document.getElementById(ref.slice(1));
    case "?": return document.querySelector(ref.slice(1));
    case "$": return created.get(ref);
    case "@": {  // a board cell, by its index in row order (as js/cells.js finds it)
      const [x, y] = ref.slice(1).split(",").map(Number);
      const grid = document.getElementById("board");
      const width = Number(grid?.getAttribute("aria-colcount"));
      return grid?.getElementsByTagName("button")[y * width + x] ?? null;
    }
    default: return ref === "body" ? document.body : null;
  }
}

// The values of the page's form controls and dialogs, which the player changes without
// Python: every message to Python carries them, so what it reads is what the page shows.
function controls() {
  /** @type {Record<string, {value?: string, checked?: boolean, open?: boolean}>} */
  const values = {};
  for (const control of document.querySelectorAll("input[id], select[id]")) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
    values[control.id] = { value: control.value, checked: "checked" in control && control.checked };
  }
  for (const dialog of document.querySelectorAll("dialog[id]")) {
    if (!(dialog instanceof HTMLDialogElement)) continue;
    values[dialog.id] = { open: dialog.open };
  }
  return values;
}

/**
 * Send *message* to Python, with the page's clock, form values and whether it can store.
 * @param {Record<string, any>} message
 * @param {File[] | null} [files]
 */
function send(message, files = null) {
  message.now = performance.now();
  message.controls = controls();
  const text = JSON.stringify(message);
  unanswered++;
  if (!worker) waiting.push([text, files]); else ask(text, files);
}

/**
 * @param {string} text
 * @param {File[] | null} files
 */
function ask(text, files) {
  if (!worker) return;
  worker.sync.dispatch(text, files).then(applyAll, (error) => console.error(error))
    .finally(() => {
      unanswered--;
      checkSettled();
    });
}

// Python's batches are numbered: an answer and a message of the worker's own come by
// different channels, so one may overtake the other; each is applied in Python's order.
let nextBatch = 1;
/** @type {Map<number, Operation[]>} */
const early = new Map();  // batches that came before one Python sent earlier, by number
/** @param {string} text a numbered batch of operations, as JSON */
function applyAll(text) {
  const [number, ...ops] = JSON.parse(text);
  early.set(number, ops);
  while (early.has(nextBatch)) {
    const batch = early.get(nextBatch) ?? [];
    early.delete(nextBatch++);
    for (const op of batch) apply(op);
  }
  checkSettled();
}

function checkSettled() {
  if (unanswered === 0 && early.size === 0 && whenSettled.length) {
    writeCellLabels();
    for (const done of whenSettled.splice(0)) done();
  }
}

// A promise that holds once Python has answered everything sent to it so far and the page
// shows it, labels included (the hook tests and benchmarks read the page after).
/** @type {any} */ (window).pythonSettled = () => new Promise((done) => {
  whenSettled.push(done);
  checkSettled();
});

/** @param {KeyboardEvent} event */
function pageKey(event) {
  const target = /** @type {HTMLInputElement} */ (event.target);
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== "range") return false;
  const key = gameKey(event);  // Z and N on any layout (js/keys.js)
  const command = event.ctrlKey || event.metaKey;
  return (key === "z" && command) || key === "F2" || (key === "n" && !command && !event.altKey);
}

// What must be cancelled while the event is still running, before Python sees it.
/** @type {Record<string, (event: any) => boolean>} */
const PREVENT = { always: () => true, "page-keys": pageKey };

/**
 * Send Python every *type* event of *target*, as the element *id*'s.
 * @param {EventTarget} target
 * @param {string} type
 * @param {string} id
 * @param {string | undefined} prevent which events to cancel at once (a key of PREVENT)
 */
function listen(target, type, id, prevent) {
  target.addEventListener(type, (/** @type {any} */ event) => {
    if (prevent && PREVENT[prevent](event)) event.preventDefault();
    const from = event.target || {};
    const item = from.closest ? from.closest("li[data-move]") : null;
    send({
      kind: "event", id, type,
      key: gameKey(event), ctrlKey: !!event.ctrlKey, metaKey: !!event.metaKey,
      altKey: !!event.altKey, button: event.button || 0,
      target: {
        id: from.id || "", tagName: from.tagName || "", type: from.type || "",
        move: item ? item.dataset.move : null,
      },
    }, from.files ? Array.from(from.files) : null);
    if (from.files && from.type === "file") from.value = "";  // the same file can come again
  });
}

/**
 * @param {string} name
 * @param {string} text
 * @param {string} [kind] the file's media type
 */
function download(name, text, kind = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type: kind }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Carry out a commit of Python's (game/page/storage.py): its changes ([key, text or
 * null]) are made in order, all of them or none (what one made is undone if a later one
 * is refused: full storage), and Python hears which in the next message. What depends on
 * a write (removing what was set aside, replacing what was backed up) is a later change
 * of the same commit, or waits in Python for this answer.
 * @param {string} token the commit's, as Python named it
 * @param {[string, string | null][]} changes
 */
function store(token, changes) {
  /** @type {[string, string | null][]} */
  const undo = [];
  let made = true;
  try {
    for (const [key, text] of changes) {
      undo.push([key, localStorage.getItem(key)]);
      if (text === null) localStorage.removeItem(key); else localStorage.setItem(key, text);
    }
  } catch (error) {  // full, or site data blocked
    made = false;
    for (const [key, text] of undo.reverse()) {
      try {  // each undo gives back exactly the room its change took
        if (text === null) localStorage.removeItem(key); else localStorage.setItem(key, text);
      } catch (again) { console.error(again); }
    }
  }
  send({ kind: "stored", token, ok: made });
}

/** @param {Operation} op */
function apply(op) {
  const [kind, ref] = op;
  switch (kind) {
    case "set": {
      const target = element(ref);
      if (!target) return;
      const focused = op[2] === "innerHTML" && target.contains(document.activeElement);
      target[op[2]] = op[3];
      if (focused) {  // the new content keeps the focus where its tab stop is
        const stop = target.querySelector('[tabindex="0"]');
        if (stop) stop.focus();
      }
      return;
    }
    case "attr": {
      const target = element(ref);
      if (!target) return;
      if (ref === "body" && op[2] === "data-ready") sendPending();
      if (op[3] === null) target.removeAttribute(op[2]); else target.setAttribute(op[2], op[3]);
      return;
    }
    case "toggle": element(ref)?.toggleAttribute(op[2], op[3]); return;
    case "call": { const target = element(ref); if (target) target[op[2]](...op.slice(3)); return; }
    case "class": element(ref)?.classList[op[2]](...op.slice(3)); return;
    case "style": element(ref)?.style[op[2]](...op.slice(3)); return;
    case "create": created.set(ref, document.createElement(op[2])); return;
    case "append": element(ref)?.append(element(op[2])); return;
    case "empty": element(ref)?.replaceChildren(); return;
    case "each":
      for (const target of document.querySelectorAll(ref)) target[op[2]](...op.slice(3));
      return;
    case "listen": listen(ref === "document" ? document : element(ref), op[2], op[3], op[4]); return;
    case "track": loadTrack(ref); return;
    case "track-run": runTrack(ref); return;
    case "cells": patchCells(/** @type {HTMLElement} */ (document.getElementById("board")), ref); return;
    case "store": store(ref, op[2]); return;
    case "clipboard":
      if (navigator.clipboard) navigator.clipboard.writeText(ref).catch(() => {});
      return;
    case "download": download(op[1], op[2], op[3]); return;
    case "address": history.replaceState(null, "", ref); return;
    case "timeout":
      timers.set(ref, setTimeout(() => { timers.delete(ref); send({ kind: "timer", token: ref }); }, op[2]));
      return;
    case "interval":
      timers.set(ref, setInterval(() => send({ kind: "timer", token: ref }), op[2]));
      return;
    case "clear": clearTimeout(timers.get(ref)); timers.delete(ref); return;  // intervals too
    default: console.error("unknown operation from Python:", op);
  }
}

function storage() {
  try {
    /** @type {Record<string, string | null>} */
    const items = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) items[key] = localStorage.getItem(key);
    }
    return { items };
  } catch (error) {  // site data blocked: merely reading localStorage throws
    return { items: null };
  }
}

function tabStop() {
  /** @type {HTMLElement | null} */
  const stop = document.querySelector('#board button[tabindex="0"]');
  return stop ? [Number(stop.dataset.x), Number(stop.dataset.y)] : null;
}

// Board intents made while Python loaded: those the start took, then the rest once it is
// ready, before any made after.
let sent = 0;
function sendPending() {
  deliverTo((intent) => send({ kind: "input", intent }), sent);
}

/** @param {string | null} words the language's catalog, base64 */
function snapshot(words) {
  const pending = kept();
  sent = pending.length;
  /** @type {Record<string, {hidden?: boolean, open?: boolean}>} */
  const elements = {};
  for (const node of document.querySelectorAll("[id]")) {
    if (!(node instanceof HTMLElement)) continue;
    elements[node.id] = { hidden: node.hidden, open: node instanceof HTMLDialogElement && node.open };
  }
  Object.assign(elements, controls());
  return JSON.stringify({
    href: location.href, search: location.search, origin: location.origin,
    pathname: location.pathname, now: performance.now(),
    width: innerWidth, height: innerHeight, elements, storage: storage(),
    pending,
    tabStop: tabStop(), clipboard: !!navigator.clipboard,
    language: language.tag, catalog: words, unknownLanguage: language.unknown,
  });
}

try {
  const started = /** @type {GameWorker} */ (await PyWorker(here("../game/page/worker.py"), {
    config: here("../pyscript.toml"), version: here("./pyodide.mjs"),
  }));
  started.addEventListener("message", (event) => {
    const data = /** @type {MessageEvent} */ (event).data;
    if (typeof data === "string" && data[0] === "[") applyAll(data);
  });
  applyAll(await started.sync.start(snapshot(await catalog)));
  worker = started;
  for (const [text, files] of waiting.splice(0)) ask(text, files);
} catch (error) {
  console.error(error);
  window.dispatchEvent(new Event("py:error"));
}
