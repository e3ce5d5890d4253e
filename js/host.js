// The page's side of the game, which runs in a worker: Python (game/view/app.py) boots and
// runs in a PyScript worker, so the page answers from its first paint and never waits for
// it. The worker needs no SharedArrayBuffer (no cross-origin isolation, so a first visit
// works too): it never reaches into the page. What the view writes comes here as one batch
// of operations per task (game/view/dom.py records them), applied below; what the player
// does goes there as plain data: an event of an element Python listens to, with the
// page's form values and time, or an intent of the board (js/input.js). The page owns
// time: timers run here and each message carries the page's clock, so the game's time is
// the page's, as a test's fake clock or a paused tab sees it.
import { restoreObserver } from "./unwatched.js";
import { PyWorker } from "../vendor/pyscript/core.js";

restoreObserver();

const here = (path) => new URL(path, import.meta.url).href;
const created = new Map();  // elements Python created, by reference
const timers = new Map();  // the page's timers that Python asked for, by token
let worker = null;
const waiting = [];  // messages to Python before it started
let unanswered = 0;  // messages sent to Python whose answer the page has not applied yet
let whenSettled = [];

function element(ref) {
  switch (ref[0]) {
    case "#": return document.getElementById(ref.slice(1));
    case "?": return document.querySelector(ref.slice(1));
    case "$": return created.get(ref);
    case "@": {  // a board cell, by its index in row order (as js/cells.js finds it)
      const [x, y] = ref.slice(1).split(",").map(Number);
      const grid = document.getElementById("board");
      return grid.getElementsByTagName("button")[y * +grid.getAttribute("aria-colcount") + x];
    }
    default: return ref === "body" ? document.body : null;
  }
}

// The values of the page's form controls and dialogs, which the player changes without
// Python: every message to Python carries them, so what it reads is what the page shows.
function controls() {
  const values = {};
  for (const control of document.querySelectorAll("input[id], select[id]")) {
    values[control.id] = { value: control.value, checked: control.checked };
  }
  for (const dialog of document.querySelectorAll("dialog[id]")) {
    values[dialog.id] = { open: dialog.open };
  }
  return values;
}

function send(message, files) {
  message.now = performance.now();
  message.controls = controls();
  message.writable = writable();
  const text = JSON.stringify(message);
  unanswered++;
  if (!worker) waiting.push([text, files]); else ask(text, files);
}

function ask(text, files) {
  worker.sync.dispatch(text, files || null).then(applyAll, (error) => console.error(error))
    .finally(() => {
      unanswered--;
      checkSettled();
    });
}

// Python's batches are numbered: an answer and a message of the worker's own come by
// different channels, so one may overtake the other; each is applied in Python's order.
let nextBatch = 1;
const early = new Map();  // batches that came before one Python sent earlier, by number
function applyAll(text) {
  const [number, ...ops] = JSON.parse(text);
  early.set(number, ops);
  while (early.has(nextBatch)) {
    const batch = early.get(nextBatch);
    early.delete(nextBatch++);
    for (const op of batch) apply(op);
  }
  checkSettled();
}

function checkSettled() {
  if (unanswered === 0 && early.size === 0 && whenSettled.length) {
    window.writeCellLabels();
    for (const done of whenSettled.splice(0)) done();
  }
}

// A promise that holds once Python has answered everything sent to it so far and the page
// shows it, labels included (for tests and benchmarks, which read the page after what they
// do).
window.pythonSettled = () => new Promise((done) => {
  whenSettled.push(done);
  checkSettled();
});

function pageKey(event) {
  const target = event.target;
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== "range") return false;
  const key = event.key;
  const command = event.ctrlKey || event.metaKey;
  return (key.toLowerCase() === "z" && command) || key === "F2" ||
    ((key === "n" || key === "N") && !command && !event.altKey);
}

// What must be cancelled while the event is still running, before Python sees it.
const PREVENT = { always: () => true, "page-keys": pageKey };

function listen(target, type, id, prevent) {
  target.addEventListener(type, (event) => {
    if (prevent && PREVENT[prevent](event)) event.preventDefault();
    const from = event.target || {};
    const item = from.closest ? from.closest("li[data-move]") : null;
    send({
      kind: "event", id, type,
      key: event.key || "", ctrlKey: !!event.ctrlKey, metaKey: !!event.metaKey,
      altKey: !!event.altKey, button: event.button || 0,
      target: {
        id: from.id || "", tagName: from.tagName || "", type: from.type || "",
        move: item ? item.dataset.move : null,
      },
    }, from.files ? Array.from(from.files) : null);
    if (from.files && from.type === "file") from.value = "";  // the same file can come again
  });
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch (error) {  // full: from now on every message says writes are refused
    refused = true;
    send({ kind: "unstored", key });
  }
}

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
    case "cells": window.patchCells(document.getElementById("board"), ref); return;
    case "store": store(op[1], op[2]); return;
    case "clipboard":
      if (navigator.clipboard) navigator.clipboard.writeText(ref).catch(() => {});
      return;
    case "download": download(op[1], op[2]); return;
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

// Whether the page may write to its storage now: no write was refused this visit, and a
// write of a few bytes works.
let refused = false;
function writable() {
  if (refused) return false;
  try {
    localStorage.setItem("pyminesweeper.probe", "1");
    localStorage.removeItem("pyminesweeper.probe");
    return true;
  } catch (error) { return false; }  // full, refused, or blocked
}

function storage() {
  try {
    const items = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      items[key] = localStorage.getItem(key);
    }
    return { items, writable: writable() };
  } catch (error) {  // site data blocked: merely reading localStorage throws
    return { items: null, writable: false };
  }
}

function tabStop() {
  const stop = document.querySelector('#board button[tabindex="0"]');
  return stop ? [+stop.dataset.x, +stop.dataset.y] : null;
}

// Board intents made while Python loaded: those the start took, then the rest once it is
// ready, before any made after.
let sent = 0;
function sendPending() {
  const pending = Array.isArray(window.pendingMoves) ? window.pendingMoves : [];
  for (const intent of pending.slice(sent)) send({ kind: "input", intent });
  window.pendingMoves = null;
}

function snapshot() {
  const pending = Array.isArray(window.pendingMoves) ? window.pendingMoves.slice() : [];
  sent = pending.length;
  const elements = {};
  for (const node of document.querySelectorAll("[id]")) {
    elements[node.id] = { hidden: node.hidden, open: !!node.open };
  }
  Object.assign(elements, controls());
  return JSON.stringify({
    href: location.href, search: location.search, origin: location.origin,
    pathname: location.pathname, now: performance.now(),
    width: innerWidth, height: innerHeight, elements, storage: storage(),
    pending,
    tabStop: tabStop(), clipboard: !!navigator.clipboard,
  });
}

// Intents of the board (js/input.js) once Python is ready.
window.boardInput = (kind, x, y) => send({ kind: "input", intent: [kind, x, y] });

try {
  const started = await PyWorker(here("../game/view/worker.py"), {
    config: here("../pyscript.toml"), version: here("./pyodide.mjs"),
  });
  started.addEventListener("message", (event) => {
    if (typeof event.data === "string" && event.data[0] === "[") applyAll(event.data);
  });
  applyAll(await started.sync.start(snapshot()));
  worker = started;
  for (const [text, files] of waiting.splice(0)) ask(text, files);
} catch (error) {
  console.error(error);
  window.dispatchEvent(new Event("py:error"));
}
