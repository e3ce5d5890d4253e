"""The full-screen terminal game (`python -m game` in a terminal), built on the session model.

- `console`: the game as the keys change it (session, cursor, hint marks, message);
- `screen`: the picture as data, for any terminal size;
- `keep`: the saved games in the user's state folder;
- `palette`: the colours, and the monochrome fallback;
- `tui`: curses, which reads the keys and draws the frames.

Only `tui` and `palette` import curses; the page never loads this package.
"""
