"""`python -m game.stats 3bv|replay|rawvf FILE`: see `game.commands.stats`."""

import sys

from game.commands.stats import main

if __name__ == "__main__":
    sys.exit(main())
