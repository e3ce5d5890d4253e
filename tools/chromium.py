"""Debian's Chromium, as the tests, the benchmarks and the audit launch it.

The test tools cannot download browsers here, so every launch names this
build and the same flags; one place keeps them alike.
"""

from __future__ import annotations

from typing import Final

PATH: Final = "/usr/bin/chromium"
ARGS: Final = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
VISITOR_CACHE: Final = ("--disk-cache-size=268435456",)
"""A disk cache of a desktop's usual size (256 MB), whatever the machine's free space:
Chromium keeps no file over an eighth of it, and the runtime's largest is 9.6 MB."""
