"""Minesweeper's pure-Python core: typed cells, events folded into state, and the rules.

Nothing in this package imports the browser except `game.page`, so the same
code runs under CPython (tests, the terminal game) and Pyodide (the page).
"""
