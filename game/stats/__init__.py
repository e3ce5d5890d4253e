"""The statistics command, `python -m game.stats`: a door to `game.commands.stats`.

The figures themselves live below: a game's in `game.rules.figures`, a replay's in
`game.community.replay_stats`.
"""
