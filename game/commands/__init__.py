"""The command-line tools: `python -m game.solver` and `python -m game.stats`.

A front-end like the page and the terminal: it reads files and arguments, asks the
layers below, and prints. The packages named in those commands keep only a door here.
"""
