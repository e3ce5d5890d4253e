// @ts-check
// Check that this Node runs the project's npm tools: `make` runs it before `npm ci`.
// `node tools/node.mjs [VERSION]` exits 1, saying what is needed, when this Node (or
// VERSION) is not one of package.json's `engines.node` (ESLint's, the strictest pin's).
// .nvmrc names the version CI uses. Plain syntax, so an old Node reads it.
import { readFileSync } from "node:fs";

const wanted = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  .engines.node;
const version = process.argv[2] || process.versions.node;

/** @param {string} text a version, "20.19.0" */
const parts = (text) => text.split(".").map(Number);
const have = parts(version);

/** @param {number[]} low @returns {boolean} whether `have` is at least *low* */
const atLeast = (low) => {
  for (let i = 0; i < low.length; i += 1) {
    if ((have[i] || 0) !== low[i]) return (have[i] || 0) > low[i];
  }
  return true;
};

/** @param {string} range ">=24" or "^20.19.0" @returns {boolean} */
const fits = (range) => {
  if (range.startsWith(">=")) return atLeast(parts(range.slice(2)));
  if (range.startsWith("^")) {
    const low = parts(range.slice(1));
    return have[0] === low[0] && atLeast(low);
  }
  throw new Error(`tools/node.mjs reads ">=X" and "^X.Y.Z" in engines.node, not "${range}"`);
};

if (!wanted.split("||").map((/** @type {string} */ range) => range.trim()).some(fits)) {
  const pinned = readFileSync(new URL("../.nvmrc", import.meta.url), "utf8").trim();
  process.stderr.write(
    `error: Node ${version} cannot run this project's tools: they need Node ${wanted}` +
      ` (package.json's engines). Install Node ${pinned} (.nvmrc), as CI uses:` +
      " `nvm install` in this folder, or NodeSource's or nodejs.org's packages.\n",
  );
  process.exit(1);
}
