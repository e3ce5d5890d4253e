"""Run the terminal game: `python -m game --help`."""

import sys

from game.cli import main

sys.exit(main())
