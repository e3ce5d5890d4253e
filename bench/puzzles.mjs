// @ts-check
// Time puzzle generation in Pyodide under Node, the runtime of the page's worker:
// node bench/puzzles.mjs [--seeds N]. Runs bench/puzzles.py on the project's sources.
import { runInPyodide } from "./pyodide.mjs";

await runInPyodide("puzzles");
