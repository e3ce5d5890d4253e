// The page's shell: what answers from the first paint and never needs Python.
// The light or dark theme, the help dialog (and its ? key), and the board's zoom:
// the cell-size buttons and slider, and a pinch on the board. Each choice is kept
// in localStorage when the browser allows it, and simply not kept when it does not.
(function () {
  "use strict";
  var THEME_KEY = "pyminesweeper.theme";
  var CELL_KEY = "pyminesweeper.cell";
  var MIN_CELL = 12;
  var MAX_CELL = 56;

  function stored(key) {
    try { return localStorage.getItem(key); } catch (error) { return null; }
  }
  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch (error) { /* storage blocked or full: the choice lasts this visit */ }
  }
  function byId(id) { return document.getElementById(id); }

  // ---- theme: the system's until the player chooses ----
  var root = document.documentElement;
  var chosen = stored(THEME_KEY);
  if (chosen === "dark" || chosen === "light") root.dataset.theme = chosen;
  function isDark() {
    if (root.dataset.theme) return root.dataset.theme === "dark";
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function ready() {
    var theme = byId("theme");
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
    var help = byId("help");
    var opener = null;
    function openHelp() {
      if (help.open) return;
      opener = document.activeElement;
      help.showModal();
      byId("help-close").focus();
    }
    byId("help-open").addEventListener("click", openHelp);
    byId("help-close").addEventListener("click", function () { help.close(); });
    help.addEventListener("close", function () {
      if (opener && opener.focus) opener.focus();
    });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== "range";
      if (event.key === "?" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        openHelp();
      }
    });

    // ---- zoom: a fixed cell size, or the size that fits the screen ----
    var board = byId("board");
    var slider = byId("zoom");
    function fitted() {
      return parseFloat(getComputedStyle(board).getPropertyValue("--cell")) || 34;
    }
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
    var kept = parseFloat(stored(CELL_KEY));
    setCell(kept >= MIN_CELL && kept <= MAX_CELL ? kept : null, false);
    slider.addEventListener("input", function () { setCell(+slider.value, true); });
    byId("zoom-in").addEventListener("click", function () { setCell(fitted() + 4, true); });
    byId("zoom-out").addEventListener("click", function () { setCell(fitted() - 4, true); });
    byId("zoom-fit").addEventListener("click", function () { setCell(null, true); });

    // A pinch on the board: two fingers apart or together scale the cells.
    var touches = new Map();
    var pinch = null;
    function spread() {
      var points = Array.from(touches.values());
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
    function lift(event) {
      touches.delete(event.pointerId);
      if (touches.size < 2) pinch = null;
    }
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
      board.addEventListener(name, lift);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
