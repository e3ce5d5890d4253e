// Loading and failure states, before Python runs (classic script: it must
// attach its listeners before the PyScript module can fail).
// Python sets body[data-ready] when the game accepts input; until then the
// board shows a spinner, and if the runtime cannot load, a readable error.
(function () {
  "use strict";
  var LIMIT_MS = 120000;

  function fail(reason) {
    if (document.body && document.body.dataset.ready === "true") return;
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

  // Size the loading board like the board to come, so nothing moves when it arrives.
  // It runs before the body is parsed, so it sets variables on the root element
  // that #board reads until Python sets its own.
  function expectedSize() {
    var query = new URLSearchParams(location.search);
    var layout = query.get("layout");
    if (layout) {
      var rows = layout.split("/");
      return [rows[0].length, rows.length];
    }
    if (location.search.length <= 1) {
      try {
        var saved = JSON.parse(localStorage.getItem("pyminesweeper.game")).settings;
        return [saved.width, saved.height];
      } catch (error) { /* nothing saved: the default board */ }
    }
    var presets = document.querySelector('meta[name="board-presets"]');
    var wanted = (query.get("preset") || "beginner") + "=";
    var size = [9, 9];
    (presets ? presets.content.split(" ") : []).forEach(function (entry) {
      if (entry.indexOf(wanted) === 0) size = entry.slice(wanted.length).split("x").map(Number);
    });
    return [+query.get("w") || size[0], +query.get("h") || size[1]];
  }
  var size = expectedSize();
  if (size[0] >= 1 && size[0] <= 100 && size[1] >= 1 && size[1] <= 100) {
    document.documentElement.style.setProperty("--board-cols", String(size[0]));
    document.documentElement.style.setProperty("--board-rows", String(size[1]));
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
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("./sw.js").then(function (registration) {
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") offer(worker);
        });
      });
    }).catch(function () { /* no service worker: the game still works online */ });
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading || !document.getElementById("update") || document.getElementById("update").hidden) return;
      reloading = true;
      location.reload();
    });
  });
})();
