// Applies a move to the board's buttons in one call from Python: the patch is
// game/render.py's cell_patch (which cells changed, and each one's look before and
// after), so a whole-board opening costs one crossing between Python and JavaScript,
// not one per cell, and the buttons stay (no parse, no new elements, focus kept). The
// CSS draws a cell from its attributes alone, so each button gets only the writes that
// take it from its old look to its new one, worked out once per pair of looks; a cell
// whose look did not change (a hidden cell under which the mines were laid) is left alone.
(function () {
  "use strict";
  // The writes that take a button of look `was` to look `now`, or null if it looks the same.
  function writes(was, now) {
    var before = new Map(was.attributes);
    var after = new Map(now.attributes);
    var set = [];
    var removed = [];
    after.forEach(function (value, name) { if (before.get(name) !== value) set.push(name, value); });
    before.forEach(function (value, name) { if (!after.has(name)) removed.push(name); });
    var text = now.text === was.text ? null : now.text;
    var label = now.label === was.label ? null : now.label;
    if (!set.length && !removed.length && text === null && label === null) return null;
    return {set: set, removed: removed, text: text, label: label};
  }

  window.patchCells = function (grid, text) {
    var patch = JSON.parse(text);
    var cells = patch.cells;
    var was = patch.was;
    var now = patch.now;
    var width = patch.width;
    var changes = new Map();  // by pair of looks
    // In row order, as the cells are numbered; a live list, read in order, costs no walk.
    var buttons = grid.getElementsByTagName("button");
    for (var i = 0; i < cells.length; i++) {
      var pair = was[i] * 256 + now[i];  // look numbers stay under 256
      var change = changes.get(pair);
      if (change === undefined) {
        change = writes(patch.before[was[i]], patch.after[now[i]]);
        changes.set(pair, change);
      }
      if (change === null) continue;
      var index = cells[i];
      var button = buttons[index];
      var set = change.set;
      for (var s = 0; s < set.length; s += 2) button.setAttribute(set[s], set[s + 1]);
      var removed = change.removed;
      for (var r = 0; r < removed.length; r++) button.removeAttribute(removed[r]);
      if (change.label !== null) {
        var x = index % width;
        button.setAttribute("aria-label", change.label + ((index - x) / width + 1) + ", column " + (x + 1));
      }
      if (change.text !== null) button.textContent = change.text;
    }
  };
})();
