"""`python -m game.solver bench|explain|review|puzzle`: see `game.commands.solver`."""

import sys

from game.commands.solver import main

if __name__ == "__main__":
    sys.exit(main())
