// @ts-check
// The game's keys on every keyboard layout. A letter is read from the character the layout
// gives when that is ASCII, so F is where an AZERTY or Dvorak keyboard prints it; when the
// layout gives another script, from the key's place (event.code): on a Cyrillic or Greek
// layout the key that prints F also gives "а" or "φ", and it must still flag. Pure, so
// tests/test_keys_js.py asks it under Node.

/**
 * The game's name for the key of *event*: a character in lower case ("f", "n", "z", " ",
 * "?"), or the key's name ("Enter", "ArrowUp", "F2", "Escape"...).
 *
 * Shift with the key that holds "?" on a US keyboard (code "Slash") is "?" whatever the
 * layout prints there (a comma on a Russian one): only help answers it.
 * @param {{key?: string, code?: string, shiftKey?: boolean}} event
 * @returns {string}
 */
export function gameKey(event) {
  const key = event.key ?? "";
  const code = event.code ?? "";
  if (code === "Slash" && event.shiftKey) return "?";
  if ([...key].length !== 1) return key;  // a key's name, or nothing (not a key's event)
  if (/^[\x20-\x7e]$/.test(key)) return key.toLowerCase();
  const letter = /^Key([A-Z])$/.exec(code);
  return letter ? letter[1].toLowerCase() : key;
}
