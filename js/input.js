// The board's input: gestures turned into the player's intents, which reach Python as
// plain data: ["r", x, y] (a cell's primary action: open it, chord a number, or flag it
// in flag mode; Python decides which), ["f", x, y] (flag or unflag), ["c", x, y] (chord).
// What only shows a gesture stays here and never waits for Python: the tab stop and
// keyboard focus, the pressed look of a held number's neighbours and of the face, a
// touch held long enough to flag. What must be cancelled at once (the context menu, the
// keys the board uses) is cancelled here. Python takes intents through window.boardInput
// once body[data-ready] is set; before that, a new game's clicks and flags wait in
// window.pendingMoves (drawn by js/loading.js), shown on their cells.
(function () {
  "use strict";
  var LONG_PRESS_MS = 450;  // a resting finger flags its cell after this long
  var SLOP_PX = 8;  // a finger drifting further is panning or zooming, and flags nothing
  var ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

  function ready() { return document.body.dataset.ready === "true"; }

  function cellOf(target) {
    return target && target.closest ? target.closest("#board button[data-x]") : null;
  }

  function send(kind, cell) {
    var x = +cell.dataset.x;
    var y = +cell.dataset.y;
    if (ready()) {
      if (window.boardInput) window.boardInput(kind, x, y);
    } else if (Array.isArray(window.pendingMoves)) {
      window.pendingMoves.push([kind, x, y]);
      cell.dataset.pending = kind === "f" && cell.dataset.pending !== "f" ? "f" : "r";
    }
  }

  function start() {
    var grid = document.getElementById("board");
    var face = document.getElementById("reset");
    var lastPointer = "mouse";
    var longPressed = false;
    var press = null;  // a resting touch: {timer, x, y, cell}
    var pressed = [];

    function size() {
      return [+grid.getAttribute("aria-colcount"), +grid.getAttribute("aria-rowcount")];
    }
    function button(x, y) {
      return grid.querySelector('button[data-x="' + x + '"][data-y="' + y + '"]');
    }
    function tabStop() { return grid.querySelector('button[tabindex="0"]'); }
    function setTabStop(cell) {
      var old = tabStop();
      if (old === cell) return;
      if (old) old.setAttribute("tabindex", "-1");
      cell.setAttribute("tabindex", "0");
    }
    function moveFocus(x, y) {
      var cell = button(x, y);
      if (!cell) return;
      setTabStop(cell);
      cell.focus();
    }
    function over() { return grid.getAttribute("aria-disabled") === "true"; }

    grid.addEventListener("click", function (event) {
      var cell = cellOf(event.target);
      if (!cell) return;
      if (longPressed) { longPressed = false; return; }
      setTabStop(cell);  // not every browser focuses a clicked button
      send("r", cell);
    });
    grid.addEventListener("auxclick", function (event) {
      var cell = cellOf(event.target);
      if (!cell || event.button !== 1) return;
      event.preventDefault();
      if (ready()) send("c", cell);
    });
    grid.addEventListener("contextmenu", function (event) {
      event.preventDefault();
      var cell = cellOf(event.target);
      if (cell && lastPointer !== "touch") send("f", cell);
    });
    grid.addEventListener("focusin", function (event) {
      var cell = cellOf(event.target);
      if (cell) setTabStop(cell);
    });
    grid.addEventListener("keydown", function (event) {
      var focused = tabStop();
      if (!focused || event.altKey) return;
      var key = event.key;
      var wh = size();
      var x = +focused.dataset.x;
      var y = +focused.dataset.y;
      if (event.ctrlKey || event.metaKey) {  // Ctrl+F stays the browser's; Ctrl+Home/End are ours
        if (key !== "Home" && key !== "End") return;
        if (key === "Home") moveFocus(0, 0); else moveFocus(wh[0] - 1, wh[1] - 1);
      } else if (ARROWS[key]) {
        moveFocus(Math.min(wh[0] - 1, Math.max(0, x + ARROWS[key][0])),
          Math.min(wh[1] - 1, Math.max(0, y + ARROWS[key][1])));
      } else if (key === "Home" || key === "End") {
        moveFocus(key === "Home" ? 0 : wh[0] - 1, y);
      } else if (key === " " || key === "Enter") {
        send("r", focused);
      } else if (key === "f" || key === "F") {
        send("f", focused);
      } else {
        return;
      }
      event.preventDefault();
    });

    // A held number shows which hidden neighbours a chord would open; the face gasps.
    grid.addEventListener("mousedown", function (event) {
      var cell = cellOf(event.target);
      if (!cell || event.button !== 0 || !ready() || over()) return;
      face.setAttribute("data-face", "pressed");
      if (cell.dataset.state !== "revealed") return;
      var cx = +cell.dataset.x;
      var cy = +cell.dataset.y;
      for (var dy = -1; dy <= 1; dy++) {
        for (var dx = -1; dx <= 1; dx++) {
          var n = (dx || dy) && button(cx + dx, cy + dy);
          if (n && n.dataset.state === "hidden") {
            n.classList.add("pressed");
            pressed.push(n);
          }
        }
      }
    });
    document.addEventListener("mouseup", function () {
      pressed.forEach(function (n) { n.classList.remove("pressed"); });
      pressed = [];
      if (face.getAttribute("data-face") === "pressed") face.setAttribute("data-face", "smile");
    });

    // A touch held still on a closed cell flags it.
    function cancelPress() {
      if (press) {
        clearTimeout(press.timer);
        press.cell.classList.remove("holding");
        press = null;
      }
    }
    grid.addEventListener("pointerdown", function (event) {
      lastPointer = event.pointerType;
      var cell = cellOf(event.target);
      if (event.pointerType !== "touch" || !cell || cell.dataset.state === "revealed") return;
      cancelPress();
      cell.classList.add("holding");
      var held = {x: event.clientX, y: event.clientY, cell: cell, timer: 0};
      held.timer = setTimeout(function () {
        cell.classList.remove("holding");
        press = null;
        longPressed = true;
        send("f", cell);
        if (navigator.vibrate) navigator.vibrate(30);
      }, LONG_PRESS_MS);
      press = held;
    });
    grid.addEventListener("pointermove", function (event) {
      if (press && (Math.abs(event.clientX - press.x) > SLOP_PX ||
          Math.abs(event.clientY - press.y) > SLOP_PX)) cancelPress();
    });
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (type) {
      grid.addEventListener(type, cancelPress);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
