// The interpreter module PyScript's worker imports (js/host.js names it): the pinned
// Pyodide, whose WebAssembly the page compiles and hands over. Chromium keeps the code of a
// module a page compiled for the next visit, but a worker that compiles its own pays the
// whole compile at every visit (measured: a bare PyScript worker started warm in 3.6 s
// against 3.8 s cold, a bare PyScript page in 2.4 s against 4.0 s).
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const WASM = INDEX + "pyodide.asm.wasm";

// The page answers with the module it compiled, or null if it could not: then the worker
// fetches and compiles as Pyodide would. The answer comes on a port of its own, which
// PyScript's worker does not listen to.
const fromPage = new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (event) => { port1.close(); resolve(event.data); };
  self.postMessage({ wantPyodideModule: true }, [port2]);
});

const fetchBare = self.fetch.bind(self);
const instantiateStreaming = WebAssembly.instantiateStreaming;
const HANDED = "x-compiled-by-the-page";

self.fetch = (input, init) => String(input) === WASM
  ? Promise.resolve(new Response(null, { headers: { [HANDED]: "1" } }))
  : fetchBare(input, init);

WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!response.headers.has(HANDED)) return instantiateStreaming(response, imports);
  const module = await fromPage;
  self.pyodideCompiledIn = module ? "page" : "worker";  // for tests and the curious
  if (!module) return instantiateStreaming(fetchBare(WASM), imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

export function loadPyodide(options) {
  return load({ ...options, indexURL: INDEX });
}
