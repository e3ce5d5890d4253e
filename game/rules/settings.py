"""Game settings: board size, mine count, first-click rule, and the presets."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from game.rules.echo import shorten

MAX_SIDE: Final = 100
"""The largest width or height a board may have."""
NO_GUESS_SHARE: Final = 3
"""No-guess boards hold at most one mine in this many cells: denser random boards are
almost never cleared by logic alone (under 1 in 300 on 9x9, fewer on larger boards), so
their search could only end at its budget."""


class SettingsError(ValueError):
    """Settings outside the allowed ranges; the message names the value and the range."""


class Mode(enum.Enum):
    """How the mines of a game are decided: once, or as the game goes (`game.deal.fair`).

    A cell is *certainly safe* when no arrangement of the mines that fits the numbers
    shown and the board's mine count puts a mine on it (flags are notes, not
    information); a reveal is *forced* when no hidden cell is certainly safe.
    """

    CLASSIC = "classic"
    """The mines are laid at the first reveal and never move."""
    NO_GUESS = "no-guess"
    """The board is dealt so that logic alone clears it from the first cell."""
    KIND = "kind"
    """Laid as classic, but a forced reveal that would hit a mine re-arranges them,
    fitting everything shown, with that cell safe."""
    CRUEL = "cruel"
    """A reveal that is not certainly safe while a certainly safe cell exists hits a mine;
    a forced reveal never loses (unless the cell is certainly a mine)."""

    def is_fair(self) -> bool:
        """Tell whether the mines may move during the game (kind and cruel)."""
        return self in (Mode.KIND, Mode.CRUEL)


class FirstClick(enum.Enum):
    """What the first reveal of a random board is guaranteed not to hit."""

    OPENING = "opening"
    """The first cell and its neighbours hold no mine (falls back to SAFE on dense boards)."""
    SAFE = "safe"
    """Only the first cell holds no mine."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The size, mine count and first-click rule of a game.

    :raises SettingsError: if a value is outside its range.

    >>> Settings(9, 9, 10)  # doctest: +NORMALIZE_WHITESPACE
    Settings(width=9, height=9, mines=10, first_click=<FirstClick.OPENING: 'opening'>,
             mode=<Mode.CLASSIC: 'classic'>)
    """

    width: int
    """Number of columns, 1 to `MAX_SIDE`."""
    height: int
    """Number of rows, 1 to `MAX_SIDE`."""
    mines: int
    """Number of mines, 0 to width x height - 1 (at least one cell is safe)."""
    first_click: FirstClick = FirstClick.OPENING
    """Which cells the first reveal keeps free of mines."""
    mode: Mode = Mode.CLASSIC
    """How the mines are decided. `Mode.NO_GUESS` deals only boards that certain deductions
    clear from the first click (see game.deal.noguess); then mines are at most a third of the
    cells (`NO_GUESS_SHARE`)."""

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if not 1 <= value <= MAX_SIDE:
                raise SettingsError(f"{name} {value} is out of range: it must be 1 to {MAX_SIDE}")
        most = self.width * self.height - 1
        if not 0 <= self.mines <= most:
            raise SettingsError(
                f"mines {self.mines} is out of range: a {self.width}x{self.height} board"
                f" takes 0 to {most}"
            )
        if self.no_guess and self.mines > self.cells // NO_GUESS_SHARE:
            raise SettingsError(
                f"mines {self.mines} is too dense for no guessing: a {self.width}x{self.height}"
                f" no-guess board takes 0 to {self.cells // NO_GUESS_SHARE} (a third of its cells)"
            )

    @property
    def no_guess(self) -> bool:
        """Whether the board is dealt so that logic alone clears it (`Mode.NO_GUESS`)."""
        return self.mode is Mode.NO_GUESS

    @property
    def cells(self) -> int:
        """Number of cells on the board."""
        return self.width * self.height

    def preset_name(self) -> str | None:
        """Return the name of the preset these settings match in size and mines, if any."""
        for name, preset in PRESETS.items():
            if (preset.width, preset.height, preset.mines) == (self.width, self.height, self.mines):
                return name
        return None


PRESETS: Final[dict[str, Settings]] = {
    "beginner": Settings(9, 9, 10),
    "intermediate": Settings(16, 16, 40),
    "expert": Settings(30, 16, 99),
    "expert-portrait": Settings(16, 30, 99),
}
"""The classic difficulties, by the names the command line and the page use."""


def preset(name: str) -> Settings:
    """Return the preset called *name*.

    :raises SettingsError: if there is no such preset.
    """
    try:
        return PRESETS[name]
    except KeyError:
        choices = ", ".join(PRESETS)
        raise SettingsError(f"unknown preset {shorten(name)!r}: choose one of {choices}") from None


def parse_cell(text: str, settings: Settings) -> tuple[int, int]:
    """Read `X,Y` (counted from 0) as a cell of the board *settings* describe.

    >>> parse_cell("4,7", PRESETS["beginner"])
    (4, 7)
    >>> parse_cell("9,0", PRESETS["beginner"])
    Traceback (most recent call last):
    ...
    game.rules.settings.SettingsError: 9,0 is off the 9x9 board
    """
    x, _, y = text.strip().partition(",")
    if not all(part.isascii() and part.isdigit() for part in (x, y)):
        raise SettingsError(f"{shorten(text)!r} must be two whole numbers, as 4,7")
    if len(x) > 3 or len(y) > 3 or int(x) >= settings.width or int(y) >= settings.height:
        raise SettingsError(f"{shorten(text)} is off the {settings.width}x{settings.height} board")
    return int(x), int(y)


def parse_mode(text: str) -> Mode:
    """Return the mode spelled *text* (`classic`, `no-guess`, `kind` or `cruel`).

    :raises SettingsError: for any other spelling.

    >>> parse_mode("cruel")
    <Mode.CRUEL: 'cruel'>
    """
    try:
        return Mode(text)
    except ValueError:
        names = ", ".join(mode.value for mode in Mode)
        raise SettingsError(f"unknown mode {shorten(text)!r}: choose one of {names}") from None


def parse_first_click(text: str) -> FirstClick:
    """Return the first-click rule spelled *text* (`opening` or `safe`).

    :raises SettingsError: for any other spelling.
    """
    try:
        return FirstClick(text)
    except ValueError:
        raise SettingsError(
            f"unknown first-click rule {shorten(text)!r}: choose opening or safe"
        ) from None
