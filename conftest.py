"""Root test configuration: doctests run over `game/` except the browser-only view."""

collect_ignore = ["game/view.py"]
