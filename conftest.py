"""Root test configuration: doctests run over `game/` except the browser-only view package."""

collect_ignore_glob = ["game/view/*"]
