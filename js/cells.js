// Applies a move to the board's buttons in one call from Python: the patch is
// game/render.py's cell_patch (which cells changed, and each look once), so a
// whole-board opening costs one crossing between Python and JavaScript, not
// one per cell, and the buttons stay (no parse, no new elements, focus kept).
(function () {
  "use strict";
  window.patchCells = function (grid, text) {
    var patch = JSON.parse(text);
    var names = patch.names;
    var looks = patch.looks;
    var cells = patch.cells;
    var rows = grid.children;
    for (var i = 0; i < cells.length; i += 2) {
      var index = cells[i];
      var look = looks[cells[i + 1]];
      var x = index % patch.width;
      var y = (index - x) / patch.width;
      var button = rows[y].children[x].firstElementChild;
      button.className = look.classes;
      for (var n = 0; n < names.length; n++) {
        var value = look.values[n];
        if (value === null) button.removeAttribute(names[n]);
        else button.setAttribute(names[n], value);
      }
      if (look.start) button.setAttribute("data-start", "true");
      else button.removeAttribute("data-start");
      button.setAttribute("aria-label", look.label + ", row " + (y + 1) + ", column " + (x + 1));
      button.textContent = look.text;
    }
  };
})();
