// Loading and failure states, before Python runs (classic script: it must
// attach its listeners before the PyScript module can fail).
// Python sets body[data-ready] when the game accepts input; until then the
// board shows a spinner, and if the runtime cannot load, a readable error.
(function () {
  "use strict";
  var LIMIT_MS = 120000;

  // Whether the game accepts input (Python set body[data-ready]).
  function ready() { return Boolean(document.body) && document.body.dataset.ready === "true"; }
  // Whether loading is over: the game is ready or could not start.
  function settled() { return ready() || Boolean(document.documentElement.dataset.failed); }

  function fail(reason) {
    if (ready()) return;
    var root = document.documentElement;
    if (root.dataset.failed) return;
    root.dataset.failed = "true";
    var text = document.getElementById("loading-text");
    if (text) {
      text.textContent = "The game could not start: " + reason +
        ". Reload the page to try again; if it keeps failing, your browser may lack WebAssembly support.";
    }
    var message = document.getElementById("message");
    if (message) message.textContent = "Python could not be loaded (" + reason + ").";
  }

  // Show the board to come while Python loads: its size (so nothing moves when it
  // arrives), its difficulty and its mine count. This runs before the body is parsed,
  // so the size goes into variables on the root element that #board reads until Python
  // sets its own, and the controls are filled once the document is parsed.
  function stored(key) {
    try { return localStorage.getItem(key); } catch (error) { return null; }
  }

  // Whether the game kept by the last visit may be the one to resume (then the board
  // waits for Python, which knows its cells).
  function resumable(cols, rows) {
    try {
      var kept = JSON.parse(stored("pyminesweeper.game")).settings;
      return kept.width === cols && kept.height === rows;
    } catch (error) { return false; }
  }

  function expected() {
    var query = new URLSearchParams(location.search);
    var position = query.get("position");
    if (position) {  // an analysis board: "9x9x10/…" leads with its size; Python draws the cells
      var head = position.split("/")[0].split("x").map(Number);
      return { cols: head[0], rows: head[1], mines: head[2], name: "position", fresh: false };
    }
    var layout = query.get("layout");
    if (layout) {
      var rows = layout.split("/");
      var mines = (layout.match(/\*/g) || []).length;
      return { cols: rows[0].length, rows: rows.length, mines: mines, name: "layout", fresh: true };
    }
    if (location.search.length <= 1) {
      try {
        var saved = JSON.parse(localStorage.getItem("pyminesweeper.game")).settings;
        return { cols: saved.width, rows: saved.height, mines: saved.mines, name: null };
      } catch (error) { /* nothing saved (or storage blocked): the default board */ }
    }
    var presets = document.querySelector('meta[name="board-presets"]');
    var name = query.get("preset") || "beginner";
    var size = [9, 9, 10];
    (presets ? presets.content.split(" ") : []).forEach(function (entry) {
      if (entry.indexOf(name + "=") === 0) size = entry.slice(name.length + 1).split("x").map(Number);
    });
    var custom = query.has("w") || query.has("h") || query.has("m");
    var cols = +query.get("w") || size[0];
    var rows = +query.get("h") || size[1];
    return {
      cols: cols, rows: rows, mines: query.has("m") ? +query.get("m") : size[2],
      name: custom ? "custom" : name, fresh: !resumable(cols, rows)
    };
  }
  var board = expected();
  function sane(n) { return n >= 1 && n <= 100; }
  if (sane(board.cols) && sane(board.rows)) {
    document.documentElement.style.setProperty("--board-cols", String(board.cols));
    document.documentElement.style.setProperty("--board-rows", String(board.rows));
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (ready()) return;
    var select = document.getElementById("difficulty");
    var known = board.name && select && select.querySelector('option[value="' + board.name + '"]');
    if (known) select.value = board.name;
    var left = document.querySelector('[data-for="mines-left"]');
    var count = document.getElementById("mines-left");
    if (left && board.mines >= 0 && board.mines <= 9999 && board.mines === Math.floor(board.mines)) {
      count.textContent = String(board.mines);
      left.textContent = String(Math.min(board.mines, 999)).padStart(3, "0");
    }
    if (board.fresh && sane(board.cols) && sane(board.rows)) drawWaiting(board);
  });

  // A new game's board is drawn at once, and takes clicks and keys while Python loads:
  // js/input.js keeps each in window.pendingMoves (["r" | "f", x, y], in order), shown on its cell, and
  // the game plays them as soon as it is ready. A resumed game keeps the spinner: its
  // cells are not known before Python reads them.
  function drawWaiting(size) {
    var grid = document.getElementById("board");
    var loading = grid.querySelector(".loading");
    var rows = [];
    for (var y = 0; y < size.rows; y++) {
      var cells = [];
      for (var x = 0; x < size.cols; x++) {
        cells.push('<div role="gridcell"><button type="button" class="cell" data-x="' + x +
          '" data-y="' + y + '" data-state="hidden" tabindex="' + (x || y ? -1 : 0) +
          '" aria-label="hidden, row ' +
          (y + 1) + ", column " + (x + 1) + '"></button></div>');
      }
      rows.push('<div role="row">' + cells.join("") + "</div>");
    }
    grid.innerHTML = rows.join("");
    grid.setAttribute("aria-colcount", String(size.cols));
    grid.setAttribute("aria-rowcount", String(size.rows));
    if (loading) {
      loading.classList.add("loading-line");
      grid.parentNode.parentNode.insertBefore(loading, grid.parentNode);
    }
    window.pendingMoves = [];
  }

  var core = document.querySelector('script[src$="pyscript/core.js"]');
  if (core) core.addEventListener("error", function () { fail("the PyScript runtime was not found"); });
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      fail("a runtime file failed to download");
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || String(event.reason));
    fail(reason || "an unknown error");
  });
  window.addEventListener("py:error", function () { fail("Python reported an error"); });
  setTimeout(function () { fail("loading took more than two minutes"); }, LIMIT_MS);

  // The spinner turns an eighth of a turn four times a second, driven from here rather
  // than by an endless CSS animation, which has the browser draw 60 frames a second for
  // the whole load: without a GPU, the threads that draw them took 180 ms of CPU during a
  // cold start, on the cores Python's start needs, and the game was ready in 3.13 s;
  // turned in steps eight times a second, 2.75 s (Chromium, medians of 6 cold loads,
  // interleaved). Each step is still a frame (4 ms of CPU here, on its own layer), and
  // four a second instead of eight made a cold start 3.5% faster (12 cold loads each).
  // It stops once the game is ready or could not start, and stays still for a player who
  // asks for reduced motion.
  var TURN_MS = 250;
  function turnSpinner() {
    var reduced = window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced) return;
    var step = 0;
    var timer = setInterval(function () {
      if (settled()) {
        clearInterval(timer);
        return;
      }
      var spinner = document.querySelector(".spinner");
      if (!spinner) return;  // the page is still arriving
      step = (step + 1) % 8;
      spinner.style.transform = "rotate(" + step * 45 + "deg)";
    }, TURN_MS);
  }
  turnSpinner();

  // Offline: the service worker (sw.js, written by `make vendor`) keeps every
  // file of the game. A new version waits until the player chooses to update;
  // the game in progress is saved, so reloading loses nothing.
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  function offer(worker) {
    var banner = document.getElementById("update");
    if (!banner || !navigator.serviceWorker.controller) return;
    banner.hidden = false;
    document.getElementById("update-now").addEventListener("click", function () {
      worker.postMessage("skip-waiting");
    });
  }
  // The worker is registered once the game is ready (or could not start): its install
  // then finds the runtime the page has just downloaded in the HTTP cache. Registered
  // earlier, it downloads the 14 MB again, alongside the page.
  function whenSettled(callback) {
    var root = document.documentElement;
    if (settled()) { callback(); return; }
    var observer = new MutationObserver(function () {
      if (!settled()) return;
      observer.disconnect();
      callback();
    });
    observer.observe(root, {subtree: true, attributes: true, attributeFilter: ["data-ready", "data-failed"]});
  }
  // Once the offline copy is kept, a worker of its own keeps a snapshot of a fresh Python
  // for the next visits' start (js/snapshot.mjs, js/pyodide.mjs); html[data-snapshot]
  // says how that went ("kept", or why not). Taking it keeps a core busy for about two
  // seconds, which slowed a move made meanwhile (a 100x100 opening a second after the
  // page was ready: 35 to 62 ms), so it waits until the player has left the game alone
  // for a few seconds since it became playable.
  var QUIET_MS = 3000;
  var lastInput = 0;  // the player's last input, or when the game became playable if later
  ["pointerdown", "keydown", "wheel", "touchstart"].forEach(function (type) {
    window.addEventListener(type, function () { lastInput = performance.now(); },
      {capture: true, passive: true});
  });
  function whenQuiet(callback) {
    var wait = lastInput + QUIET_MS - performance.now();
    if (wait <= 0) callback(); else setTimeout(function () { whenQuiet(callback); }, wait);
  }
  function keepSnapshot() {
    var root = document.documentElement;
    var maker;
    try {
      maker = new Worker("./js/snapshot.mjs", {type: "module"});
    } catch (error) {
      root.dataset.snapshot = "unavailable";
      return;
    }
    maker.onmessage = function (event) { root.dataset.snapshot = event.data; maker.terminate(); };
    maker.onerror = function () { root.dataset.snapshot = "failed"; maker.terminate(); };
  }
  window.addEventListener("load", function () { whenSettled(function () {
    lastInput = performance.now();  // the game has just become playable
    navigator.serviceWorker.ready.then(function () { whenQuiet(keepSnapshot); });
    navigator.serviceWorker.register("./sw.js").then(function (registration) {
      function watch(worker) {
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") offer(worker);
        });
      }
      // The browser may have found the new version before the page asked: it is then
      // already waiting, or still installing (no "updatefound" will come for it).
      if (registration.waiting) offer(registration.waiting);
      else if (registration.installing) watch(registration.installing);
      registration.addEventListener("updatefound", function () { watch(registration.installing); });
    }).catch(function () { /* no service worker: the game still works online */ });
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading || !document.getElementById("update") || document.getElementById("update").hidden) return;
      reloading = true;
      location.reload();
    });
  }); });
})();
