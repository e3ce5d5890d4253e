// What tools/catalogs.py fills in when it writes a language's words from js/words.template.js.
declare const __WORDS__: Record<string, string>;
