"""The community's files and figures: replays of its programs, read into the game's events.

`read.read_replay` tells the format by the content: the game's own JSON,
Minesweeper Arbiter's AVF, Viennasweeper's RMV, Minesweeper Clone's MVF,
Metasweeper's EVF (versions 0 to 4) or RAWVF text. Each reader (one module a
format) returns a `recording.Recording`, the board and the mouse's events;
`clicks.play` applies the community's click rules to make the game's moves,
their times and the clicks as the community counts them. `rawvf.write` writes
any replay as RAWVF, and `mbf` reads and writes Minesweeper X's board files.
`replay_stats` gives a replay's figures as the community counts them, `live` the
same figures at any moment of it, `pointer` where its pointer was and the buttons
held, `details` what the file says of its game, `playback` its pace and steps, and
`zini` the fewest clicks that clear a board.
"""
