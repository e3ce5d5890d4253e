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
