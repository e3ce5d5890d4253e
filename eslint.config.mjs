// ESLint for the page's scripts, the service worker's template and the Node tools.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: [".venv/", "vendor/", "node_modules/", "_site/", "tools/audit/node_modules/", "sw.js"] },
  js.configs.recommended,
  {
    rules: {
      "prefer-const": "error",
      "no-var": "error",
      eqeqeq: ["error", "always"],
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  {
    files: ["js/**/*.js", "js/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["js/words.template.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser, __WORDS__: "readonly" } },
  },
  {
    files: ["js/sw.template.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, __FILES__: "readonly" },
    },
  },
  {
    // Functions that bench/page.py and the tests evaluate in the page.
    files: ["bench/ready.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["bench/**/*.mjs", "tools/**/*.mjs", "tests/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
