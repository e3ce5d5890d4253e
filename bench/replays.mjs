// @ts-check
// Time reading the community's replays in Pyodide under Node, the runtime of the page's
// worker: node bench/replays.mjs [--runs N]. Runs bench/replays.py on the project's sources.
import { runInPyodide } from "./pyodide.mjs";

await runInPyodide("replays");
