"""The deal: where the mines go, on random, seeded, daily and no-guess boards.

Above the solver (a no-guess board is one the deducer clears) and below the session,
which records what was dealt as `MinesLaid`.
"""
