// The page's side of bench/worker.html: start the worker, draw the board it renders, and
// send it each click; the patch it returns is applied in one call. window.applied is the
// promise of the last click's patch, which bench/worker.py awaits to time a move.
import { PyWorker } from "../vendor/pyscript/core.js";

const grid = document.getElementById("board");
// A worker starts from a blob: URL, so the interpreter's address must be absolute.
const interpreter = new URL("../vendor/pyodide/pyodide.mjs", import.meta.url).href;
const worker = await PyWorker("./worker_game.py", { config: "./worker.toml", version: interpreter });
const size = JSON.parse(await worker.sync.start(location.search));
grid.style.setProperty("--cols", String(size.width));
grid.style.setProperty("--rows", String(size.height));
grid.innerHTML = size.html;
window.applied = Promise.resolve();
grid.addEventListener("click", (event) => {
  const cell = event.target.closest("button[data-x]");
  if (!cell) return;
  window.applied = worker.sync.move(+cell.dataset.x, +cell.dataset.y).then((patch) => {
    window.patchCells(grid, patch);
    grid.dataset.status = JSON.parse(patch).status || grid.dataset.status;
  });
});
document.body.dataset.ready = "true";
