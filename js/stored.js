// @ts-check
// What the page keeps in localStorage by itself (the theme, the cell size, the controls):
// read and written when the browser allows it; when it does not (site data blocked, or
// full), a choice simply lasts the visit. Python's own keys go through game/page/storage.py.

/**
 * The text kept under *key*, or null (none, or storage blocked).
 * @param {string} key
 * @returns {string | null}
 */
export function stored(key) {
  try { return localStorage.getItem(key); } catch (error) { return null; }
}

/**
 * Keep *value* under *key* (null removes it), if the browser allows.
 * @param {string} key
 * @param {string | null} value
 */
export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch (error) { /* storage blocked or full: the choice lasts this visit */ }
}
