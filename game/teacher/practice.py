"""Puzzle practice kept in the browser: per level, the puzzles solved and the current streak.

Pure: the page keeps the JSON text with the records' guarded storage
(`game.page.storage`) and folds each finished puzzle in with `after`.

>>> kept = after(after(Practice(), 2, True), 2, True)
>>> kept.levels[2], after(kept, 2, False).levels[2]
(Tally(solved=2, streak=2, best=2), Tally(solved=2, streak=0, best=2))
>>> Practice.from_json(kept.to_json()) == kept
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

KEY: Final = "minesweeper.puzzles"
"""Where the page keeps the practice."""


@dataclass(frozen=True, slots=True)
class Tally:
    """One level's practice."""

    solved: int = 0
    """Puzzles solved, ever."""
    streak: int = 0
    """Puzzles solved in a row since the last one failed."""
    best: int = 0
    """The longest streak."""


@dataclass(frozen=True, slots=True)
class Practice:
    """Every level's tally, by level."""

    levels: Mapping[int, Tally] = field(default_factory=dict)

    def tally(self, level: int) -> Tally:
        """Return *level*'s tally (empty if it was never played)."""
        return self.levels.get(level, Tally())

    def to_json(self) -> str:
        """Write the practice as JSON text."""
        return json.dumps(
            {str(k): [t.solved, t.streak, t.best] for k, t in sorted(self.levels.items())}
        )

    @classmethod
    def from_json(cls, text: str) -> Practice:
        """Read what `to_json` wrote.

        :raises ValueError: for anything else.
        """
        try:
            data = json.loads(text)
            levels = {int(k): Tally(*(int(n) for n in v)) for k, v in data.items()}
        except (AttributeError, TypeError, ValueError) as error:
            raise ValueError(f"not a puzzle practice record: {error}") from None
        return cls(levels)


def after(practice: Practice, level: int, solved: bool) -> Practice:
    """Return *practice* once a puzzle of *level* is solved, or failed."""
    old = practice.tally(level)
    if solved:
        streak = old.streak + 1
        tally = replace(old, solved=old.solved + 1, streak=streak, best=max(old.best, streak))
    else:
        tally = replace(old, streak=0)
    return Practice({**practice.levels, level: tally})


def parse_link(text: str) -> tuple[int, int]:
    """Read the `puzzle` parameter of a link, `N-S`: level 1-5 and a whole seed.

    :raises ValueError: saying what is wrong.

    >>> parse_link("3-17")
    (3, 17)
    """
    level, _, seed = text.partition("-")
    if not (level in ("1", "2", "3", "4", "5") and seed.isascii() and seed.isdigit()):
        raise ValueError(f"puzzle={text[:20]!r}: write a level 1-5 and a seed, as in puzzle=2-17")
    return int(level), int(seed)


def day_seed(day: str, level: int) -> int:
    """Return the seed of *level*'s puzzle of the day *day* (YYYY-MM-DD): the same for all."""
    from game.deal.daily import daily_seed

    return daily_seed(day, f"puzzle {level}")
