"""The terminal's saved games: kept in the user's state folder, never lost.

The full-screen game keeps the game in play in `game.json` after every
change (so closing the terminal loses at most the seconds since the last
move), and an unfinished game set aside for another in `suspended.json`.
Both use the page's versioned format (`game.session.saved`). A file that cannot be
read is renamed with a timestamp and reported, never deleted or overwritten.

The folder is `$XDG_STATE_HOME/pyminesweeper`, or `~/.local/state/pyminesweeper`
when that variable is unset or not an absolute path (as the XDG spec says).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from game.names import plural
from game.session import Session, saved, visit
from game.session.query import GameRequest
from game.session.versioned import MAX_BYTES

APP: Final = "pyminesweeper"
CURRENT: Final = "game.json"
"""The game in play: a start without options resumes it."""
SUSPENDED: Final = "suspended.json"
"""An unfinished game set aside when the options asked for another one."""


def state_folder(env: Mapping[str, str] | None = None) -> Path:
    """Return the folder that holds the saved games, from *env* (default: the environment)."""
    env = os.environ if env is None else env
    base = env.get("XDG_STATE_HOME", "")
    if not Path(base).is_absolute():
        base = str(Path(env.get("HOME") or Path.home()) / ".local" / "state")
    return Path(base) / APP


class Keeper:
    """Reads and writes the saved games in one folder; each problem becomes a notice."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.notices: list[str] = []
        """What the player should hear about the files: set-aside files, failed writes."""

    def load(self, name: str = CURRENT) -> Session | None:
        """Return the game saved as *name* (its clock stopped), or None.

        A file that cannot be read is set aside under a new name, with a notice.
        """
        path = self.folder / name
        try:
            with path.open("rb") as file:
                data = file.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError as error:
            self.notices.append(f"Could not read the saved game {path}: {error.strerror}.")
            return None
        try:
            return saved.from_json(data.decode("utf-8"))
        except (UnicodeDecodeError, saved.SavedGameError) as error:
            why = "it is not UTF-8 text" if isinstance(error, UnicodeDecodeError) else str(error)
            self._set_aside(path, why)
            return None

    def _set_aside(self, path: Path, why: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.stem}.unreadable-{stamp}{path.suffix}")
        number = 1
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.stem}.unreadable-{stamp}-{number}{path.suffix}")
        try:
            path.rename(aside)
        except OSError as error:
            self.notices.append(
                f"The saved game {path} cannot be read ({why}) nor set aside"
                f" ({error.strerror}): it is left as it is."
            )
            return
        self.notices.append(f"The saved game could not be read ({why}); it was kept as {aside}.")

    def save(self, session: Session, now: float, name: str = CURRENT) -> bool:
        """Write *session*, paused at *now*, as *name*; return whether it was written.

        The text goes to a temporary file first and then takes the old one's
        place, so a crash mid-write never leaves half a file.
        """
        path = self.folder / name
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary.write_text(saved.to_json(session.pause(now)), encoding="utf-8")
            temporary.replace(path)
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            notice = f"Could not save the game in {self.folder}: {error.strerror}."
            if notice not in self.notices:
                self.notices.append(notice)
            return False
        return True

    def remove(self, name: str) -> None:
        """Forget the game saved as *name* (after it was resumed from there)."""
        (self.folder / name).unlink(missing_ok=True)

    def has(self, name: str) -> bool:
        """Tell whether a game is saved as *name*."""
        return (self.folder / name).exists()

    def take_notices(self) -> str:
        """Return the notices gathered so far, as one text, and forget them."""
        text = " ".join(self.notices)
        self.notices.clear()
        return text


def opening_game(
    keeper: Keeper, request: GameRequest, seed: int, *, chosen: bool, seeded: bool, now: float
) -> tuple[Session, str]:
    """Return the game to start with and what to tell the player about it.

    *chosen* says whether the options chose a game (a preset, a size, a seed,
    a layout), and *seeded* whether *seed* was given. Decided by the page's
    policy (`game.session.visit`) with the terminal's documented differences: without
    options, the saved game resumes (or, if it was finished, a new game of the
    same kind starts); with them, a saved unfinished game of the same request
    resumes unless a seed was given; any other one is set aside for R to bring back.
    """
    kept = keeper.load()
    start = visit.visit(
        request,
        kept,
        asked=chosen,
        same_resumes=not seeded,
        finished_shown=False,
        seed=seed,
        now=now,
    )
    if start.restored:
        moves = plural(len(start.session.history), "move")
        return start.session, f"Welcome back: your game was restored ({moves})."
    if start.set_aside is not None:
        keeper.save(start.set_aside, now, SUSPENDED)
        return start.session, "Your unfinished game was set aside: R brings it back."
    return start.session, ""


def swap(keeper: Keeper, session: Session, now: float) -> visit.Swap | None:
    """Return the game set aside, resumed, setting *session* aside in its place if unfinished.

    The swap is the session's (`game.session.visit.swap`); this only keeps it in files.

    None if no game is set aside (or it cannot be read: a notice says so).
    """
    waiting = keeper.load(SUSPENDED)
    if waiting is None:
        return None
    swapped = visit.swap(session, waiting, now)
    if swapped.set_aside is not None:
        keeper.save(swapped.set_aside, now, SUSPENDED)
    else:
        keeper.remove(SUSPENDED)
    return swapped
