// @ts-check
// The interpreter the game's worker loads (pyscript.toml and js/host.js name this module
// where PyScript would name Pyodide's own): the pinned Pyodide, started from a snapshot of
// its memory when this browser keeps one. Loading Pyodide is most of a cold start,
// almost all of it setting up CPython and importing what Pyodide needs; a snapshot taken
// just after that set-up restores far sooner (docs/decisions/memory-snapshot.md).
// Nothing of the player's is in it: it is taken in a worker of its own (js/snapshot.mjs)
// that never runs the game, after the offline copy is kept, so a first visit downloads
// nothing more.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

// Where Pyodide's files are, the standard library the page is sent (only the modules it
// runs: tools/stdlib.py traces them) and its package index (none: the page loads no
// package; tools/vendor.py writes it). The snapshot is taken on them too, so that what a
// restored Python imports later is where it was.
const FILES = {
  indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
  stdLibURL: new URL("../vendor/stdlib.zip", import.meta.url).href,
  lockFileURL: new URL("../vendor/pyodide-lock.json", import.meta.url).href,
};
const CACHE = "pyminesweeper.snapshot";  // not "pyminesweeper-": sw.js drops those on update
const SNAPSHOT = new URL("../vendor/pyodide/snapshot.bin", import.meta.url).href;
// Kept while a snapshot is being restored: still there at the next start, that restore
// never finished (it hung or crashed the tab), so the snapshot is dropped, not retried.
const RESTORING = new URL("../vendor/pyodide/snapshot.restoring", import.meta.url).href;
const KIND = "x-pyodide-version";

// A restored interpreter would repeat the random numbers of the one that was saved: the
// game's own seeds come from the system's source (a new draw every time), and this gives
// everything else fresh numbers too. (Dates come from the page's clock, never from it.)
const AFTER_RESTORE = "import random\nrandom.seed()";

// The snapshots' cache, or null when storage is blocked; with *onlyKept*, null too when
// no snapshot was ever kept (a first visit creates nothing while it starts).
async function snapshots(onlyKept = false) {
  try {
    return onlyKept && !(await caches.has(CACHE)) ? null : await caches.open(CACHE);
  } catch (error) {
    return null;
  }
}

/**
 * Whether *response* holds a snapshot taken of this Pyodide.
 * @param {Response | undefined} response
 * @returns {response is Response}
 */
function current(response) {
  return response !== undefined && response.headers.get(KIND) === version;
}

// The kept snapshot's bytes, or null when there is none for this Pyodide or it cannot
// be read.
/** @param {Cache} cache */
async function kept(cache) {
  try {
    if (await cache.match(RESTORING)) {
      await cache.delete(SNAPSHOT);
      await cache.delete(RESTORING);
      return null;
    }
    const response = await cache.match(SNAPSHOT);
    if (!current(response)) return null;
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return null;
  }
}

/**
 * @param {object} options PyScript's options for Pyodide
 * @param {Cache} cache
 * @param {Uint8Array} snapshot
 */
async function restore(options, cache, snapshot) {
  try {
    await cache.put(RESTORING, new Response(""));
    const pyodide = await load({ ...options, ...FILES, _loadSnapshot: snapshot });
    pyodide.runPython(AFTER_RESTORE);
    await cache.delete(RESTORING);
    return pyodide;
  } catch (error) {  // another build's, damaged (Pyodide checks its header), or no room
    console.warn("the kept Python snapshot could not be restored; starting afresh:", error);
    await cache.delete(SNAPSHOT).catch(() => {});
    await cache.delete(RESTORING).catch(() => {});
    return null;
  }
}

/**
 * Start Pyodide for PyScript: from the kept snapshot if it restores, else afresh.
 * @param {object} options PyScript's options for Pyodide
 */
export async function loadPyodide(options) {
  const cache = await snapshots(true);
  const snapshot = cache && await kept(cache);
  const restored = snapshot && await restore(options, cache, snapshot);
  /** @type {any} */ (globalThis).pyodideStart = restored ? "snapshot" : "fresh";
  return restored || load({ ...options, ...FILES });
}

/** Take and keep a snapshot of a fresh interpreter, unless one is kept; say which. */
export async function keepSnapshot() {
  const cache = await snapshots();
  if (!cache) return "unavailable";
  if (current(await cache.match(SNAPSHOT))) return "kept";
  const pyodide = await load({ ...FILES, _makeSnapshot: true });
  // Never on a SharedArrayBuffer: the page is not cross-origin isolated (js/host.js).
  const snapshot = /** @type {Uint8Array<ArrayBuffer>} */ (pyodide.makeMemorySnapshot());
  await cache.put(SNAPSHOT, new Response(snapshot, { headers: { [KIND]: version } }));
  return "kept";
}
