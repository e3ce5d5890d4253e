// @ts-check
// The board to come, and its size before the first paint: read from the address, or from
// the game the last visit kept. index.html runs this file inline, before its stylesheet,
// so that the first paint draws the board's frame at its final size and waits for no
// module: `make vendor` writes it there (tools/shared.py), its import replaced by the
// values, its comments and `export`s left out, and the policy's hash of it. js/loading.js
// imports it for the rest (the difficulty, the mine count, the cells). Part of the page's
// first bytes: keep it small, and its comments on lines of their own.
import {
  DAILY_CHOICE, DEFAULT_PRESET, LANGUAGES, LANGUAGE_ALIASES, LINE_BREAK, MAX_SIDE, MINE, PRESETS,
  PSEUDO, QUERY, RIGHT_TO_LEFT, SAVE_KEY, SAVED_SIZE, SOURCE
} from "../vendor/shared.mjs";

/** Where the player's choice of language is kept (js/shell.js writes it). */
export const LANGUAGE_KEY = "pyminesweeper.language";

/** @param {string} key */
function stored(key) {
  try { return localStorage.getItem(key); } catch (error) { return null; }
}

// The size of the game the last visit kept, as Python saved it (game/session/saved.py),
// or null if none is kept (or storage is blocked).
/** @returns {{cols: number, rows: number, mines: number} | null} */
function keptSize() {
  const [within, width, height, mines] = SAVED_SIZE;
  try {
    const size = JSON.parse(stored(SAVE_KEY) ?? "null")[within];
    return { cols: size[width], rows: size[height], mines: size[mines] };
  } catch (error) { return null; }
}

// Whether the game kept by the last visit may be the one to resume (then the board
// waits for Python, which knows its cells).
/**
 * @param {number} cols
 * @param {number} rows
 */
function resumable(cols, rows) {
  const kept = keptSize();
  return kept !== null && kept.cols === cols && kept.rows === rows;
}

/**
 * The address's query without what chooses no game (the language).
 * @param {URLSearchParams} query
 */
export function gameQuery(query) {
  const game = new URLSearchParams(query);
  game.delete(QUERY.lang);
  return game;
}

/**
 * The language a tag asks for, as game/language.py's `match` reads the table it shares:
 * the whole tag, its first two subtags, then its first; "" for none (or one not to guess).
 * @param {string} tag
 * @returns {string}
 */
function matchOne(tag) {
  const aliases = /** @type {Record<string, string>} */ (LANGUAGE_ALIASES);
  const subtags = tag.split(".")[0].split("@")[0].replace(/_/g, "-").trim().toLowerCase().split("-");
  for (const length of [subtags.length, 2, 1]) {
    const found = aliases[subtags.slice(0, length).join("-")];
    // a language whose catalog is not complete yet is not offered (tools/catalogs.py)
    if (found !== undefined) return LANGUAGES.includes(/** @type {any} */ (found)) ? found : "";
  }
  return "";
}

/**
 * The page's language: `?lang=`, else the player's choice, else the browser's languages'
 * best match, else English; and whether `?lang=` named one the game does not speak.
 * @returns {{tag: string, unknown: string | null}}
 */
export function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get(QUERY.lang);
  if (asked) {
    const found = asked === PSEUDO ? PSEUDO : matchOne(asked);
    if (found) return { tag: found, unknown: null };
  }
  const kept = stored(LANGUAGE_KEY);
  const candidates = [
    ...(kept && (LANGUAGES.includes(/** @type {any} */ (kept)) || kept === PSEUDO) ? [kept] : []),
    ...(navigator.languages || [navigator.language || ""]),
  ];
  for (const tag of candidates) {
    const found = tag === PSEUDO ? PSEUDO : matchOne(tag);
    if (found) return { tag: found, unknown: asked };
  }
  return { tag: SOURCE, unknown: asked };
}

// The page speaks its language from the first paint: <html lang dir> now, and the
// language's words (tools/catalogs.py) before the page is drawn, which put themselves in
// place (js/words.template.js). The board stays left to right in every language.
/** @param {string} tag */
function speak(tag) {
  const root = document.documentElement;
  root.lang = tag;
  root.dir = RIGHT_TO_LEFT.includes(/** @type {any} */ (tag)) ? "rtl" : "ltr";
  if (tag === SOURCE || document.querySelector("script[data-words]")) return;
  const words = document.createElement("script");
  words.src = "./vendor/words/" + tag + ".js";
  words.dataset.words = tag;
  words.setAttribute("blocking", "render");
  document.head.append(words);
}

/** The page's language, and the tag `?lang=` asked for in vain (or null). */
export const language = chosenLanguage();
speak(language.tag);

/**
 * The board to come: its size and mine count, the name of its difficulty, and whether it
 * is a new game (whose cells can be drawn before Python runs); a daily board's name (with
 * `{day}` for its day, which js/loading.js says in the page's language) in the
 * size menu, as Python names it (so that the menu keeps its width when Python answers).
 * @typedef {{cols: number, rows: number, mines: number, name: string | null, fresh: boolean,
 *   daily?: string, day?: string}} Expected
 * @returns {Expected}
 */
function expected() {
  const query = new URLSearchParams(location.search);
  const position = query.get(QUERY.position);
  if (position) {
    // an analysis board: "WxHxM/…" leads with its size; Python draws the cells
    const head = position.split(LINE_BREAK)[0].split("x").map(Number);
    return { cols: head[0], rows: head[1], mines: head[2], name: "position", fresh: false };
  }
  const layout = query.get(QUERY.layout);
  if (layout) {
    const rows = layout.split(LINE_BREAK);
    const mines = layout.split(MINE).length - 1;
    return { cols: rows[0].length, rows: rows.length, mines: mines, name: "layout", fresh: true };
  }
  if (location.search.length <= 1) {
    // a bare address: the kept game's size; nothing kept (or storage blocked): the default
    const kept = keptSize();
    if (kept !== null) return { ...kept, name: null, fresh: false };
  }
  const name = query.get(QUERY.preset) || DEFAULT_PRESET;
  /** @param {string} key */
  const known = (key) => Object.hasOwn(PRESETS, key);
  const size = PRESETS[/** @type {keyof PRESETS} */ (known(name) ? name : DEFAULT_PRESET)];
  const custom = query.has(QUERY.width) || query.has(QUERY.height) || query.has(QUERY.mines);
  const cols = Number(query.get(QUERY.width)) || size[0];
  const rows = Number(query.get(QUERY.height)) || size[1];
  const day = custom || !known(name) ? null : query.get(QUERY.daily);
  return {
    cols: cols, rows: rows, mines: query.has(QUERY.mines) ? Number(query.get(QUERY.mines)) : size[2],
    name: custom ? "custom" : day ? "daily" : name, fresh: !resumable(cols, rows),
    ...(day ? { daily: DAILY_CHOICE[/** @type {keyof PRESETS} */ (name)], day: day } : {})
  };
}

/**
 * Whether *n* can be a side of a board.
 * @param {number} n
 */
export function sane(n) { return n >= 1 && n <= MAX_SIDE; }

// The board's size goes into variables on the root element, which #board reads until
// Python sets its own (css/minesweeper.css).
/** @param {Expected} size */
function sizeBoard(size) {
  if (!sane(size.cols) || !sane(size.rows)) return;
  document.documentElement.style.setProperty("--board-cols", String(size.cols));
  document.documentElement.style.setProperty("--board-rows", String(size.rows));
}

/** The board to come (the inline copy has sized it already; sizing again changes nothing). */
export const board = expected();
sizeBoard(board);
