"""Run the terminal game: `python -m game --help`."""

import sys

from game.terminal.cli import main

sys.exit(main())
