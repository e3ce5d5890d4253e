"""The rules: typed cells over a board, the events a game is made of, and the fold.

The lowest layer of game/: it imports nothing of the game above it, so a game
can be played, printed, saved and replayed from here alone.
"""
