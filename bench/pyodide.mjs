// @ts-check
// Run a benchmark module of bench/ in the vendored Pyodide under Node, the runtime of the
// page's worker, on the project's sources: its main() gets this process's arguments.
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** @param {string} module the module under bench/ whose main() to run, e.g. "puzzles" */
export async function runInPyodide(module) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { loadPyodide } = await import(pathToFileURL(`${root}/vendor/pyodide/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${root}/vendor/pyodide/` });
  pyodide.FS.mkdirTree("/project");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
  pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
  pyodide.globals.set("bench_module", `bench.${module}`);
  pyodide.runPython(`
import importlib
import sys
sys.path.insert(0, "/project")
importlib.import_module(bench_module).main(list(bench_args))
`);
}
