"""Root test configuration: doctests run over all of `game/` but the page's worker script.

The worker script imports the browser's runtime; every other module imports under CPython.
"""

collect_ignore_glob = ["game/page/worker.py"]
