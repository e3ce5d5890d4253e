// Applies a move to the board's buttons in one call from Python: the patch is
// game/render.py's cell_patch (which cells changed, and each look once), so a
// whole-board opening costs one crossing between Python and JavaScript, not
// one per cell, and the buttons stay (no parse, no new elements, focus kept).
(function () {
  "use strict";
  // Each look's writes, worked out once per patch rather than once per cell.
  function writes(look, names) {
    var set = [];
    var removed = [];
    for (var n = 0; n < names.length; n++) {
      if (look.values[n] === null) removed.push(names[n]);
      else set.push(names[n], look.values[n]);
    }
    if (look.start) set.push("data-start", "true");
    else removed.push("data-start");
    return {classes: look.classes, set: set, removed: removed, text: look.text,
      label: look.label + ", row "};
  }
  window.patchCells = function (grid, text) {
    var patch = JSON.parse(text);
    var looks = patch.looks.map(function (look) { return writes(look, patch.names); });
    var cells = patch.cells;
    var kinds = patch.kinds;
    var width = patch.width;
    // In row order, as the cells are numbered; a live list, read in order, costs no walk.
    var buttons = grid.getElementsByTagName("button");
    for (var i = 0; i < cells.length; i++) {
      var index = cells[i];
      var look = looks[kinds[i]];
      var x = index % width;
      var button = buttons[index];
      button.className = look.classes;
      var set = look.set;
      for (var s = 0; s < set.length; s += 2) button.setAttribute(set[s], set[s + 1]);
      var removed = look.removed;
      for (var r = 0; r < removed.length; r++) button.removeAttribute(removed[r]);
      button.setAttribute("aria-label", look.label + ((index - x) / width + 1) + ", column " + (x + 1));
      if (look.text || button.firstChild) button.textContent = look.text;  // a blank stays blank
    }
  };
})();
