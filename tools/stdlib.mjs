// Trace, write or check the page's standard library in the vendored Pyodide (tools/stdlib.py
// runs this): `node tools/stdlib.mjs trace ROOT PLAN` starts Pyodide on its whole standard
// library and prints, as JSON, every module imported once the page's Python has run;
// `node tools/stdlib.mjs write ROOT MODULES` writes the trimmed zip of MODULES (the JSON
// list the trace printed) with that Pyodide's Python, whose syntax the sources are in;
// `node tools/stdlib.mjs check ROOT PLAN [ZIP]` starts it on the trimmed zip (or ZIP) and
// prints what the page's modules import that it lacks. PLAN is the JSON tools/stdlib.py wrote.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [mode, rootArgument, planFile, archive] = process.argv.slice(2);
const root = resolve(rootArgument || ".");
const indexURL = `${root}/vendor/pyodide/`;
const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
/** @type {{indexURL: string, stdLibURL?: string}} */
const options = { indexURL };
if (mode === "check") options.stdLibURL = resolve(archive || `${root}/vendor/stdlib.zip`);
const pyodide = await loadPyodide(options);
if (mode === "write") {
  pyodide.FS.mkdirTree("/project");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
  pyodide.globals.set("modules", readFileSync(planFile, "utf8"));
  pyodide.runPython(`
import json, sys
from pathlib import Path
sys.path.insert(0, "/project/tools")
import stdlib
stdlib.write_archive(Path("/project"), json.loads(modules))
`);
  process.exit(0);
}
// What a worker has as plain globals that Node keeps behind getters (the view reads its clock).
Object.assign(globalThis, { performance });
// What PyScript gives its worker (game/page/worker.py's bridge posts the view's batches with it).
pyodide.registerJsModule("polyscript", { xworker: { postMessage() {} } });
// The game's package and the tracer, alone on the import path (the root's js/ folder
// would hide Pyodide's `js` module).
for (const folder of ["game", "tools"]) {
  pyodide.FS.mkdirTree(`/project/${folder}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: `${root}/${folder}` }, `/project/${folder}`);
}
pyodide.globals.set("plan", readFileSync(planFile, "utf8"));
let result;
try {
  result = pyodide.runPython(`
import json, sys
before = set(sys.modules)
sys.path.insert(0, "/project")
from tools import imports
if set(sys.modules) - before != {"tools", "tools.imports"}:
    raise SystemExit(f"tools/imports.py imported {sorted(set(sys.modules) - before)}")
json.dumps(getattr(imports, "${mode === "check" ? "check" : "trace"}")(json.loads(plan)))
`);
} catch (error) {  // Python's traceback, without the runtime's source around it
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
process.stdout.write(result);
