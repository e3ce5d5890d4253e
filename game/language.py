"""The language the game speaks: gettext's catalogs, one chosen per process.

Every sentence a player sees or hears is looked up here, at the moment it is
said: `_` for a sentence, `ngettext` for one with a count (never a number glued
to a word), `pgettext` where one English word has two meanings. Placeholders
are named (`{cells}`), so that a translation may put them in its own order.
Constants that are said later are marked with `N_`, which only lets the
extractor find them (`pybabel extract`, run by tools/catalogs.py).

At run time this is the standard library's gettext alone, in CPython and in
Pyodide: a catalog is a compiled `.mo` (game/locale/TAG.po, compiled by `make
vendor`), loaded from its bytes (the page fetches only the chosen one) or from
the package's folder (the terminal). English is the source language, so it
needs no catalog; a catalog that is missing or damaged leaves English in
place, and `use_catalog` says why once.

The module sits below every layer of game/ (pyproject.toml's layers), since the
rules' own errors reach players too.
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Final

LANGUAGES: Final = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt-BR": "Português (Brasil)",
    "ru": "Русский",
    "ja": "日本語",
    "ko": "한국어",
    "zh-Hans": "简体中文",
    "ar": "العربية",
}
"""The languages the game speaks, by BCP 47 tag, each named in itself (the picker's words)."""

SOURCE: Final = "en"
"""The language the sentences are written in: it needs no catalog."""

PSEUDO: Final = "en-XA"
"""The pseudo-locale the tests run in (accented, 40% longer; tools/catalogs.py writes it):
reachable by `?lang=` and `--lang`, never offered in the picker."""

RIGHT_TO_LEFT: Final = frozenset({"ar"})
"""Languages written right to left: the page mirrors for them, the board does not."""

ALIASES: Final[Mapping[str, str]] = {
    **{tag.lower(): tag for tag in (*LANGUAGES, PSEUDO)},
    **{tag.split("-")[0].lower(): tag for tag in LANGUAGES},
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-my": "zh-Hans",
    # Traditional Chinese is not Simplified: its readers go on to their next language.
    "zh-hant": "",
    "zh-tw": "",
    "zh-hk": "",
    "zh-mo": "",
}
"""What a language tag (lower case, `-` between subtags) asks for: a tag the game speaks,
or "" for one it must not guess. `match` tries the whole tag, then its first two subtags,
then its first; js/first-paint.js matches the browser's languages with the same table."""

DOMAIN: Final = "game"
"""The catalogs' gettext domain."""

CATALOGS: Final = Path(__file__).resolve().parent / "locale"
"""Where the catalogs are kept: TAG.po, and TAG.mo once `make vendor` compiled it."""


def normalize(tag: str) -> str:
    """Write a tag as `match` reads it: lower case, `-` between subtags, no encoding.

    >>> normalize("pt_BR.UTF-8"), normalize("sr@latin"), normalize("zh-Hans-CN")
    ('pt-br', 'sr', 'zh-hans-cn')
    """
    return tag.split(".")[0].split("@")[0].replace("_", "-").strip().lower()


def match(preferred: Iterable[str]) -> str:
    """Return the game's language for a player who prefers *preferred*, in order.

    >>> match(["zh-SG"]), match(["pt"]), match(["xx", "de-AT"]), match(["zh-TW"])
    ('zh-Hans', 'pt-BR', 'de', 'en')
    """
    for tag in preferred:
        subtags = normalize(tag).split("-")
        for length in (len(subtags), 2, 1):
            found = ALIASES.get("-".join(subtags[:length]))
            if found is not None:
                if found:
                    return found
                break
    return SOURCE


def from_environment(environ: Mapping[str, str]) -> str:
    """Return the language the environment asks for, read as gettext reads it.

    The first of LANGUAGE (a list, split on colons), LC_ALL, LC_MESSAGES and LANG that is set
    decides; "C" and "POSIX" mean the source language.

    >>> from_environment({"LANG": "ru_RU.UTF-8"}), from_environment({"LANGUAGE": "xx:ja"})
    ('ru', 'ja')
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return match(tag for tag in value.split(":") if tag not in ("C", "POSIX"))
    return SOURCE


class _Language:
    """The catalog in use and its tag (one per process: the page's worker, or a terminal)."""

    def __init__(self) -> None:
        self.tag = SOURCE
        self.catalog: gettext.NullTranslations = gettext.NullTranslations()


_in_use = _Language()
_forgetful: list[Callable[[], None]] = []


def forget_on_change(clear: Callable[[], None]) -> None:
    """Have *clear* called when the language changes: it empties a cache of said words."""
    _forgetful.append(clear)


def _speak(tag: str, catalog: gettext.NullTranslations) -> None:
    _in_use.tag, _in_use.catalog = tag, catalog
    for clear in _forgetful:
        clear()


def current() -> str:
    """Return the tag of the language in use."""
    return _in_use.tag


def use_catalog(tag: str, data: bytes | None) -> str:
    """Speak *tag*, from its compiled catalog's bytes; return "" or why English stayed.

    The source language needs no bytes. Bytes that are missing or not a catalog leave
    English in place, and the answer names the problem for the player, once.
    """
    if tag not in LANGUAGES and tag != PSEUDO:
        tag = match([tag])
    if tag == SOURCE:
        _speak(SOURCE, gettext.NullTranslations())
        return ""
    try:
        if data is None:
            raise OSError("missing")
        catalog = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, UnicodeDecodeError, IndexError, struct.error):
        _speak(SOURCE, gettext.NullTranslations())
        return f"The words in {LANGUAGES.get(tag, tag)} could not be read: the game is in English."
    _speak(tag, catalog)
    return ""


def use(tag: str) -> str:
    """Speak *tag* from the package's compiled catalog (the terminal); as `use_catalog`."""
    tag = tag if tag == PSEUDO else match([tag])
    if tag == SOURCE:
        return use_catalog(tag, None)
    try:
        data: bytes | None = (CATALOGS / f"{tag}.mo").read_bytes()
    except OSError:
        data = None
    return use_catalog(tag, data)


def _(message: str) -> str:
    """Say *message* in the language in use ("" stays "", not the catalog's header)."""
    return _in_use.catalog.gettext(message) if message else ""


def N_(message: str) -> str:  # noqa: N802  (gettext's own name for the marker)
    """Mark *message* for the catalogs without saying it yet: it is said later, by `_`."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """Say the form of a sentence that fits *count*, by the language's plural rule."""
    return _in_use.catalog.ngettext(singular, plural, count)


NUMBER: Final = "number"
"""The context of the number symbols each compiled catalog holds, written at build time from
CLDR (tools/catalogs.py): the decimal mark under ".", the group separator under ","."""


def number(value: float, places: int = 0) -> str:
    """Write *value* with *places* decimals and grouped thousands, as the language writes it.

    >>> number(1234.5, 2)
    '1,234.50'
    """
    decimal, group = (_in_use.catalog.pgettext(NUMBER, mark) for mark in ".,")
    return f"{value:,.{places}f}".replace(",", "\0").replace(".", decimal).replace("\0", group)


def pgettext(context: str, message: str) -> str:
    """Say *message* as it is meant in *context* (one English word, two meanings)."""
    return _in_use.catalog.pgettext(context, message)
