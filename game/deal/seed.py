"""A fresh seed for a new board: the one place the game draws from the system's randomness.

Everything else is seeded (a link's `seed`, the daily board's date), so a seed recorded
with a game deals it again.
"""

from __future__ import annotations

import random


def fresh_seed() -> int:
    """Return a seed no player can guess, for a board nobody asked for by seed."""
    return random.SystemRandom().randrange(2**32)
