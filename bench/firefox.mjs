// @ts-check
// Load times in Debian's Firefox ESR, for bench/page.py:
// `node bench/firefox.mjs BASE LOADS BARE GAME KEPT RESTORED`. For each load, the bare page and
// the game (interleaved, so a busy moment hits both alike) open cold in a new browser context (an
// empty cache), then reload warm; the game's reload waits until the expression KEPT holds (its
// service worker keeps it, and it keeps a snapshot of Python), as a player's next visit would.
// Prints one JSON object: {"engine": "firefox/...", "times": {BARE: {"cold": [ms...], "warm":
// [ms...]}, GAME: {...}}, "restored": [the expression RESTORED after each warm load of GAME]}.
// Python Playwright drives only Chromium here; puppeteer-core drives Firefox over WebDriver BiDi.
import { readFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const READY_MS = 120_000;
// The milliseconds from navigation to the game accepting input (bench/ready.js).
const READY = `(${readFileSync(new URL('./ready.js', import.meta.url), 'utf8')})()`;

const [base, loads, bare, game, kept, restored] = process.argv.slice(2);
const paths = [bare, game];
const browser = await puppeteer.launch({browser: 'firefox', executablePath: FIREFOX, headless: true});
/** @type {Record<string, {cold: number[], warm: number[]}>} */
const times = Object.fromEntries(paths.map((path) => [path, {cold: [], warm: []}]));
/** @type {unknown[]} */
const starts = [];  // whether each warm load of the game started Python from the snapshot

/**
 * @param {import('puppeteer-core').Page} page
 * @returns {Promise<number>}
 */
async function ready(page) {
  return /** @type {Promise<number>} */ (page.evaluate(READY));
}

try {
  for (let i = 0; i < Number(loads); i++) {
    for (const path of paths) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.setDefaultTimeout(READY_MS);
      await page.goto(base + path);
      times[path].cold.push(await ready(page));
      if (path === game) await page.waitForFunction(kept);
      await page.reload();
      times[path].warm.push(await ready(page));
      if (path === game) starts.push(await page.evaluate(restored));
      await context.close();
    }
  }
  console.log(JSON.stringify({engine: await browser.version(), times, restored: starts}));
} finally {
  await browser.close();
}
