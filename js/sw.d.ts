// What tools/vendor.py writes into sw.js from js/sw.template.js, declared for `make jscheck`.

/** The address of every file the offline copy keeps, "./" (the page) first. */
declare const __FILES__: string[];
