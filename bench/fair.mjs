// @ts-check
// Time a cruel reveal against a classic one in Pyodide under Node, the runtime of the page's
// worker: bench/fair.py runs it and reads the times it prints as JSON on its last line.
import { runInPyodide } from "./pyodide.mjs";

await runInPyodide("fair");
