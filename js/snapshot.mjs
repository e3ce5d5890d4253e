// @ts-check
// A worker of its own that takes a snapshot of a fresh Python for the next visits' start
// (js/pyodide.mjs), then says "kept", or why not. js/loading.js starts it after the offline
// copy is kept, when the player leaves the game alone: it runs no game and sees nothing of
// the player's.
import { keepSnapshot } from "./pyodide.mjs";

keepSnapshot().then(
  (outcome) => postMessage(outcome),
  (error) => postMessage(`failed: ${error}`),
);
