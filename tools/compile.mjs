// @ts-check
// Compile the game's modules into vendor/game.zip with the vendored Pyodide
// (node tools/compile.mjs ROOT): bytecode is private to a Python version, so
// the runtime that will run it writes it. What goes in is tools/bytecode.py's.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(process.argv[2] || ".");
const { loadPyodide } = await import(pathToFileURL(`${root}/vendor/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${root}/vendor/pyodide/` });
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.runPython(`
import sys
from pathlib import Path
sys.path.insert(0, "/project/tools")
import bytecode
bytecode.write_archive(Path("/project"), Path("/project") / bytecode.ARCHIVE)
`);
