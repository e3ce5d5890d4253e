// @ts-check
// Time reading the community's replays in Pyodide under Node, the runtime of the page's
// worker: node bench/replays.mjs [--runs N]. Runs bench/replays.py on the project's sources.
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(`${root}/vendor/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${root}/vendor/pyodide/` });
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
pyodide.runPython(`
import sys
sys.path.insert(0, "/project")
from bench.replays import main
main(list(bench_args))
`);
