"""The game's languages: the matcher, the plural rules, the catalogs' checks and fall-backs.

The catalogs themselves are game/locale/TAG.po; tools/catalogs.py extracts, checks and
compiles them (game/language.py says how a sentence is marked).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import language
from game.language import LANGUAGES, PSEUDO, SOURCE, from_environment, match, ngettext
from tools import catalogs

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English and leaves the game in English."""
    language.use_catalog(SOURCE, None)
    yield
    language.use_catalog(SOURCE, None)


@pytest.mark.parametrize(
    ("preferred", "expected"),
    [
        (["zh"], "zh-Hans"),
        (["zh-CN"], "zh-Hans"),
        (["zh-SG"], "zh-Hans"),
        (["zh-Hans-CN"], "zh-Hans"),
        (["zh-TW"], "en"),
        (["zh-Hant", "ja"], "ja"),
        (["pt"], "pt-BR"),
        (["pt-PT"], "pt-BR"),
        (["pt_BR.UTF-8"], "pt-BR"),
        (["de-AT", "fr"], "de"),
        (["en-GB", "de"], "en"),
        (["xx", "ko-KR"], "ko"),
        (["ar-EG"], "ar"),
        (["sr@latin"], "en"),
        (["xx"], "en"),
        ([], "en"),
        (["RU"], "ru"),
        (["es-419"], "es"),
    ],
)
def test_the_browser_s_languages_are_matched_to_one_the_game_speaks(
    preferred: list[str], expected: str
) -> None:
    assert match(preferred) == expected


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANGUAGE": "xx:ja:de", "LANG": "fr_FR"}, "ja"),
        ({"LC_MESSAGES": "zh_CN.UTF-8"}, "zh-Hans"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminal_reads_the_environment_as_gettext_does(
    environ: dict[str, str], expected: str
) -> None:
    assert from_environment(environ) == expected


def compiled(tag: str, forms: tuple[str, ...]) -> bytes:
    """Return a compiled catalog of *tag*'s plural rule, one message whose forms are *forms*."""
    kept = catalogs.read(tag)
    assert kept is not None, f"game/locale/{tag}.po is missing"
    catalog = Catalog(locale=kept.locale, domain="game")
    catalog.add(("{count} mine", "{count} mines"), forms)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


NUMBERS = (0, 1, 2, 3, 5, 11, 21, 101, 111)


def test_russian_counts_take_the_form_cldr_gives_them() -> None:
    """Russian: one (1, 21, 101), few (2, 3), many (0, 5, 11, 111)."""
    assert language.use_catalog("ru", compiled("ru", ("one", "few", "many"))) == ""
    said = [ngettext("{count} mine", "{count} mines", n) for n in NUMBERS]
    assert said == ["many", "one", "few", "few", "many", "many", "one", "one", "many"]


def test_arabic_counts_take_the_form_cldr_gives_them() -> None:
    """Arabic: zero, one, two, few (3-10 mod 100), many (11-99 mod 100), other."""
    forms = ("zero", "one", "two", "few", "many", "other")
    assert language.use_catalog("ar", compiled("ar", forms)) == ""
    said = [ngettext("{count} mine", "{count} mines", n) for n in NUMBERS]
    assert said == ["zero", "one", "two", "few", "few", "many", "many", "other", "many"]


@pytest.mark.parametrize(
    "data",
    [None, b"", b"\x00" * 40, os.urandom(200), b"\xde\x12\x04\x95" + b"\xff" * 30],
    ids=["missing", "empty", "zeros", "random", "truncated"],
)
def test_a_missing_or_damaged_catalog_leaves_english_with_one_message(data: bytes | None) -> None:
    note = language.use_catalog("de", data)
    assert language.current() == SOURCE
    assert "Deutsch" in note and "English" in note
    assert language._("New game") == "New game"


def test_a_catalog_speaks_its_words_until_another_language_is_chosen() -> None:
    catalog = Catalog(locale="de", domain="game")
    catalog.add("New game", "Neues Spiel")
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    assert language.use_catalog("de", buffer.getvalue()) == ""
    assert (language.current(), language._("New game")) == ("de", "Neues Spiel")
    language.use_catalog("en", None)
    assert language._("New game") == "New game"


def refused(source: str | tuple[str, str], *strings: str) -> list[str]:
    catalog = Catalog(locale="de", domain="game")
    catalog.add(source, strings if isinstance(source, tuple) else strings[0])
    return catalogs.problems(catalog)


def test_a_translation_whose_placeholders_differ_is_refused() -> None:
    assert refused("{cells} opened.", "{zellen} geöffnet.")
    assert refused("{cells} opened.", "geöffnet.")
    assert refused("{cells} opened.", "{cells} geöffnet {time}.")
    assert not refused("{cells} opened at {time}.", "Um {time}: {cells} geöffnet.")


def test_a_plural_form_may_leave_its_count_out_but_add_nothing() -> None:
    source = ("{count} mine", "{count} mines")
    assert not refused(source, "eine Mine", "{count} Minen")
    assert refused(source, "{count} Mine", "{count} Minen {x}")


def test_a_translation_whose_markup_differs_or_that_adds_markup_is_refused() -> None:
    source = "Press <kbd>F</kbd> to flag."
    assert not refused(source, "<kbd>F</kbd> setzt eine Flagge.")
    assert refused(source, "F setzt eine Flagge.")
    assert refused("Flag mode", 'Modus "Flagge"')
    assert refused("Flag mode", "Flaggen <b>Modus</b>")


def test_the_page_is_cut_into_messages_as_the_first_paint_s_words_cut_it() -> None:
    page = """<html><head><title>Mines</title></head><body>
      <h1>Mines <span class="sub">in  Python</span></h1>
      <label>Width <input id="w" type="number"></label>
      <p>Press <kbd>F</kbd> &amp; <b>flag</b></p>
      <p class="v">Version <span id="version">0.1</span></p>
      <button title="Undo one move" aria-label="Undo">010</button>
      <select><option value="de" translate="no">Deutsch</option><option>Classic</option></select>
      <svg><title>skip</title></svg>
    </body></html>"""
    assert list(catalogs.blocks(page)) == [
        "Mines",
        'Mines <span class="sub">in Python</span>',
        "Width",
        "Press <kbd>F</kbd> &amp; <b>flag</b>",
        "Version",
        "Undo one move",
        "Undo",
        "Classic",
    ]


def test_the_pseudo_locale_is_accented_and_40_percent_longer_with_its_markup_kept() -> None:
    for text in ("Hint", "Open {cells} now", "Press <kbd>F</kbd> to flag a cell."):
        said = catalogs.pseudo(text)
        assert len(said) >= 1.4 * len(text)
        assert all(part in said for part in ("{cells}", "<kbd>", "</kbd>") if part in text)
        assert said != text and said.startswith("[") and said.endswith("]")


def test_every_catalog_holds_every_message_of_the_game_and_no_other() -> None:
    """`python tools/catalogs.py update` was run after the last sentence changed."""
    wanted = {(m.id, m.context) for m in catalogs.extract() if m.id}
    with catalogs.TEMPLATE.open("rb") as file:
        template = catalogs.read_po(file)
    assert {(m.id, m.context) for m in template if m.id} == wanted
    for tag in LANGUAGES:
        kept = catalogs.read(tag)
        if tag != SOURCE:
            assert kept is not None, f"game/locale/{tag}.po is missing"
            assert {(m.id, m.context) for m in kept if m.id} == wanted, tag


def terminal(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        input="r 0 0\nq\n",
        timeout=60,
        check=False,
    )


def test_the_terminal_s_help_speaks_the_language_asked_for() -> None:
    said = terminal("--lang", PSEUDO, "--help").stdout
    assert "[Mîñéšŵééþéŕ îñ ţĥé ţéŕmîñåļ." in said
    assert "Minesweeper in the terminal." in terminal("--help").stdout


def test_plain_output_is_the_same_bytes_in_every_language() -> None:
    args = ("--plain", "--seed", "7", "--preset", "beginner")
    english = terminal(*args).stdout
    assert english and terminal(*args, "--lang", PSEUDO).stdout == english
    assert terminal(*args, env={"LANGUAGE": PSEUDO}).stdout == english


def test_an_unknown_language_is_english_with_a_message() -> None:
    done = terminal("--lang", "xx", "--help")
    assert done.returncode == 0 and "Minesweeper in the terminal." in done.stdout
    assert "xx" in done.stderr and "English" in done.stderr


@pytest.mark.parametrize(
    ("tag", "expected"),
    [("de", "1.234,50"), ("fr", "1\u202f234,50"), ("ru", "1\xa0234,50"), ("ja", "1,234.50")],
)
def test_numbers_are_written_with_the_language_s_marks_from_cldr(tag: str, expected: str) -> None:
    catalog = Catalog(locale=tag.replace("-", "_"), domain="game")
    catalogs.add_number_symbols(catalog, tag)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    assert language.use_catalog(tag, buffer.getvalue()) == ""
    assert language.number(1234.5, 2) == expected
    language.use_catalog(SOURCE, None)
    assert language.number(1234.5, 2) == "1,234.50"
