// Applies a move to the board's buttons in one call from Python: the patch is
// game/render.py's cell_patch (each cell's look before and after, one character per
// cell), so a whole-board opening costs one crossing between Python and JavaScript,
// not one per cell, and the buttons stay (no parse, no new elements, focus kept). The
// CSS draws a cell from its data attributes alone, so each button gets only the writes
// that take it from its old look to its new one, worked out once per pair of looks; a
// cell whose look did not change (a hidden cell under which the mines were laid) is
// left alone.
//
// Each attribute written costs about a microsecond, whatever it is, so a 100x100
// opening's writes take tens of milliseconds. What is drawn (the data attributes and
// the text) is written at once; what only a screen reader reads (the ARIA attributes
// and the label) just after the next frame is painted, so the board shows the move
// without waiting for them. The next patch writes any still waiting first, and
// window.pythonSettled (js/host.js) writes them before it holds: nothing is read stale.
(function () {
  "use strict";
  var FIRST = 35;  // the character of look number 0 (render.py's LOOK_CHARS)

  // The writes that take a button of look `was` to look `now`, or null if it looks the same.
  function writes(was, now) {
    var before = new Map(was.attributes);
    var after = new Map(now.attributes);
    var drawn = [], heard = [];  // [name, value] to set, value null to remove
    after.forEach(function (value, name) {
      if (before.get(name) !== value) (name.startsWith("aria-") ? heard : drawn).push([name, value]);
    });
    before.forEach(function (value, name) {
      if (!after.has(name)) (name.startsWith("aria-") ? heard : drawn).push([name, null]);
    });
    var text = now.text === was.text ? null : now.text;
    var label = now.label === was.label ? null : now.label;
    if (!drawn.length && !heard.length && text === null && label === null) return null;
    return {drawn: drawn, text: text, heard: heard, label: label};
  }

  function write(button, attributes) {
    for (var a = 0; a < attributes.length; a++) {
      var value = attributes[a][1];
      if (value === null) button.removeAttribute(attributes[a][0]);
      else button.setAttribute(attributes[a][0], value);
    }
  }

  var waiting = null;  // the last patch and its board, while what a screen reader reads waits

  // Each cell's change from look `was` to look `now` (strings, a character per cell),
  // passed to `each` with the cell's index; pairs of looks are worked out once.
  function walk(patch, each) {
    var was = patch.was, now = patch.now, changes = patch.changes, last = -1, change = null;
    for (var i = 0; i < was.length; i++) {
      var pair = was.charCodeAt(i) * 256 + now.charCodeAt(i);
      if (pair !== last) {  // runs of the same pair are common: an opening is one
        last = pair;
        change = changes.get(pair);
        if (change === undefined) {
          change = writes(patch.before[was.charCodeAt(i) - FIRST], patch.after[now.charCodeAt(i) - FIRST]);
          changes.set(pair, change);
        }
      }
      if (change !== null) each(i, change);
    }
  }

  function writeWaiting() {
    if (waiting === null) return;
    var patch = waiting.patch, buttons = waiting.buttons, width = patch.width;
    var replaced = waiting.grid.firstElementChild !== waiting.first;  // a board of a new size
    waiting = null;
    if (replaced) return;  // its own HTML has its labels
    walk(patch, function (i, change) {
      var button = buttons[i];
      write(button, change.heard);
      if (change.label !== null) {
        var x = i % width;
        button.setAttribute("aria-label", change.label + ((i - x) / width + 1) + ", column " + (x + 1));
      }
    });
  }

  window.writeCellLabels = writeWaiting;

  window.patchCells = function (grid, text) {
    writeWaiting();
    var patch = JSON.parse(text);
    patch.changes = new Map();  // by pair of looks
    // In row order, as the cells are numbered; a live list, read in order, costs no walk.
    var buttons = grid.getElementsByTagName("button");
    var heard = false;
    walk(patch, function (i, change) {
      var button = buttons[i];
      write(button, change.drawn);
      if (change.text !== null) button.textContent = change.text;
      heard = heard || change.heard.length > 0 || change.label !== null;
    });
    if (heard) {
      waiting = {patch: patch, buttons: buttons, grid: grid, first: grid.firstElementChild};
      // After the frame that shows the move; a hidden page paints no frames.
      requestAnimationFrame(function () { setTimeout(writeWaiting, 0); });
      setTimeout(writeWaiting, 250);
    }
  };
})();
