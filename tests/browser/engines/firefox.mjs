// @ts-check
// Plays the smoke game (smoke.json) in Debian's Firefox ESR through puppeteer-core over
// WebDriver BiDi: `node firefox.mjs BASE_URL`. Prints one line per step; exits 1 on the
// first step that fails, or if the page raised an error.
import {readFileSync} from 'node:fs';
import puppeteer from 'puppeteer-core';

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const READY_MS = 120_000;
const STEP_MS = 10_000;

const base = process.argv[2];
const {steps} = JSON.parse(readFileSync(new URL('./smoke.json', import.meta.url), 'utf8'));
const browser = await puppeteer.launch({browser: 'firefox', executablePath: FIREFOX, headless: true});
/** @type {string[]} */
const errors = [];
let failed = false;
let current = 'start';
try {
  console.log(`engine: ${await browser.version()}`);
  const page = await browser.newPage();
  await page.setViewport({width: 1000, height: 800});
  page.on('pageerror', (error) => errors.push(String(error instanceof Error ? error.message : error)));
  for (const step of steps) {
    current = step.says || JSON.stringify(step);
    if (step.goto !== undefined) {
      await page.goto(`${base}?${step.goto}`);
      await page.waitForSelector("body[data-ready='true']", {timeout: READY_MS});
    } else if (step.cell) {
      const [x, y] = step.cell;
      await page.click(`#board button[data-x='${x}'][data-y='${y}']`, {button: step.button || 'left'});
    } else if (step.click) {
      await page.click(step.click);
    } else if (step.key) {
      await page.focus(step.key[0]);
      await page.keyboard.press(step.key[1]);
    } else if (step.expect) {
      await page.waitForFunction(step.expect, {timeout: step.timeout || STEP_MS});
    }
    console.log(`ok: ${current}`);
  }
} catch (error) {
  failed = true;
  console.log(`FAILED at "${current}": ${error instanceof Error ? error.message : error}`);
} finally {
  await browser.close();
}
if (errors.length) console.log(`FAILED: the page raised ${JSON.stringify(errors)}`);
process.exit(failed || errors.length ? 1 : 0);
