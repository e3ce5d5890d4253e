"""The solver as a teacher: the review of every move and the puzzles, level by level.

Built on the solver and the deal; the front-ends word and draw what it returns.
"""
