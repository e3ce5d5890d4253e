"""Settings, presets and mine placement."""

from __future__ import annotations

import hashlib

import pytest

from game.rules.mines import lay_mines, spared_cells
from game.rules.settings import (
    PRESETS,
    FirstClick,
    Settings,
    SettingsError,
    parse_first_click,
    preset,
)


class TestSettings:
    def test_presets(self) -> None:
        """The four classic presets have their published sizes."""
        sizes = {name: (s.width, s.height, s.mines) for name, s in PRESETS.items()}
        assert sizes == {
            "beginner": (9, 9, 10),
            "intermediate": (16, 16, 40),
            "expert": (30, 16, 99),
            "expert-portrait": (16, 30, 99),
        }

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            ((0, 9, 1), "width 0 is out of range: it must be 1 to 100"),
            ((9, 101, 1), "height 101 is out of range: it must be 1 to 100"),
            ((9, 9, 81), "mines 81 is out of range: a 9x9 board takes 0 to 80"),
            ((9, 9, -1), "mines -1 is out of range"),
        ],
    )
    def test_invalid_values_name_value_and_range(
        self, args: tuple[int, int, int], message: str
    ) -> None:
        """Each bad value is named with its allowed range."""
        with pytest.raises(SettingsError, match=message):
            Settings(*args)

    def test_largest_and_smallest_boards(self) -> None:
        """1x1 with no mine and 100x100 with 9,999 mines are both allowed."""
        assert Settings(1, 1, 0).cells == 1
        assert Settings(100, 100, 9999).mines == 9999

    def test_unknown_names(self) -> None:
        """Unknown presets and first-click rules list the choices."""
        with pytest.raises(SettingsError, match="choose one of beginner"):
            preset("nightmare")
        with pytest.raises(SettingsError, match="choose opening or safe"):
            parse_first_click("lucky")


class TestMines:
    def test_exact_count_without_replacement(self) -> None:
        """Exactly the requested number of distinct mines, none on spared cells."""
        settings = PRESETS["expert"]
        mines = lay_mines(settings, 7, (3, 3))
        assert len(mines) == 99
        assert not mines & spared_cells(settings, (3, 3))

    def test_same_seed_same_mines(self) -> None:
        """The seed and the first click decide the mines."""
        settings = PRESETS["intermediate"]
        assert lay_mines(settings, 42, (0, 0)) == lay_mines(settings, 42, (0, 0))
        assert lay_mines(settings, 42, (0, 0)) != lay_mines(settings, 43, (0, 0))

    def test_a_seed_keeps_its_mines_from_version_to_version(self) -> None:
        """Shared links and daily boards name a seed: its mines must never change. The
        digest was taken when the candidates were listed cell by cell (before 2026-11-24)."""
        cases = [
            (Settings(9, 9, 10, first), seed, pos)
            for first in FirstClick
            for seed in range(20)
            for pos in [(0, 0), (4, 4), (8, 3)]
        ]
        cases += [(PRESETS[name], seed, (0, 0)) for name in PRESETS for seed in range(5)]
        cases += [
            (Settings(5, 5, 24, FirstClick.OPENING), 3, (2, 2)),
            (Settings(100, 100, 1500, FirstClick.OPENING), 9, (99, 99)),
        ]
        digest = hashlib.sha256()
        for settings, seed, first in cases:
            digest.update(repr(sorted(lay_mines(settings, seed, first))).encode())
        assert digest.hexdigest() == (
            "e67032a779913c0c013b38c98e1ec601bf1ba6c95c664f20f66dda3bde168800"
        )

    def test_opening_spares_the_block_and_safe_only_the_cell(self) -> None:
        """`opening` spares the 3x3 block, `safe` only the clicked cell."""
        opening = spared_cells(Settings(9, 9, 10), (4, 4))
        safe = spared_cells(Settings(9, 9, 10, FirstClick.SAFE), (4, 4))
        assert len(opening) == 9
        assert safe == {(4, 4)}

    def test_dense_board_falls_back_to_safe(self) -> None:
        """Without room for an opening, only the first cell is spared."""
        assert spared_cells(Settings(3, 3, 7), (1, 1)) == {(1, 1)}
        assert len(spared_cells(Settings(4, 4, 7), (1, 1))) == 9
        assert len(lay_mines(Settings(3, 3, 8), 0, (1, 1))) == 8
