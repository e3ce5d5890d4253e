"""The game's catalogs: extract every sentence, keep one `.po` per language, compile them.

    python tools/catalogs.py update    # extract: game/locale/game.pot, and each TAG.po updated
    python tools/catalogs.py compile   # check and compile (`make vendor` runs this)

The sentences come from three places, one template for all (game/language.py says how
Python marks them):

- game/**.py: `_`, `N_`, `ngettext`, `pgettext`, as Babel's extractor reads them;
- js/*.js: the page's scripts say a sentence with `say("...")`;
- index.html: the page's own words, cut into blocks as js/words.template.js cuts them (`blocks`):
  an element whose children are text and inline markup only is one message, its markup
  kept (a sentence with `<kbd>` keys stays one sentence to translate); elsewhere each text
  is one; and the attributes a player sees or hears (`SEEN_ATTRIBUTES`).

`compile` refuses a catalog whose translation drops or adds a placeholder (`{cells}`) or
a tag of the markup, then writes for each language:

- game/locale/TAG.mo, which the terminal reads (and the page's worker, fetched);
- vendor/locale/TAG.mo, the page's copy, fetched for the chosen language only;
- vendor/words/TAG.js, the words the first paint needs (index.html's and the scripts'),
  which js/first-paint.js loads before the page is drawn: no flash of English.

It also writes the pseudo-locale `en-XA` (game/language.py's PSEUDO) from the template:
every message accented, bracketed and 40% longer, its placeholders and markup kept, so
that a test sees at once a word that did not come from a catalog, or a control too
narrow for a longer language.
"""

from __future__ import annotations

import html
import io
import json
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel import Locale  # noqa: E402
from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game.language import CATALOGS, DOMAIN, LANGUAGES, NUMBER, PSEUDO, SOURCE  # noqa: E402

TEMPLATE: Final = CATALOGS / f"{DOMAIN}.pot"
PAGE: Final = ROOT / "index.html"
WORDS_TEMPLATE: Final = ROOT / "js" / "words.template.js"
"""The first paint's words of a language, a classic script: its `__WORDS__` filled in."""
VENDOR: Final = ROOT / "vendor"

PHRASING: Final = frozenset(
    {"a", "abbr", "b", "br", "code", "em", "i", "kbd", "small", "span", "strong", "sub", "sup"}
)
"""Inline markup that a block's message keeps: js/words.template.js has the same list."""
SKIPPED: Final = frozenset({"script", "style", "svg", "template", "py-config", "mpy-config"})
"""Elements whose content is not words for the player."""
SEEN_ATTRIBUTES: Final = ("title", "aria-label", "placeholder", "alt")
"""The attributes a player sees or hears: js/words.template.js translates the same."""
VOID: Final = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
SPACES: Final = re.compile(r"[ \t\n\r\f]+")
LETTER: Final = re.compile(r"[^\W\d_]")
PLACEHOLDER: Final = re.compile(r"\{[a-z_]+\}")
TAG: Final = re.compile(r"</?([a-z]+)")


@dataclass
class Element:
    """An element of index.html, as much of one as the cutting needs."""

    tag: str
    attributes: list[tuple[str, str]]
    children: list[Element | str] = field(default_factory=list)

    def attribute(self, name: str) -> str | None:
        return next((value for key, value in self.attributes if key == name), None)


class _Tree(HTMLParser):
    """Parse a well-formed page (every element closed, as index.html is) into `Element`s."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", [])
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, [(key, value or "") for key, value in attrs])
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while len(self.open) > 1 and self.open.pop().tag != tag:
            pass

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def _escape_text(text: str) -> str:
    """Serialize a text as a browser's `innerHTML` does."""
    text = text.replace("&", "&amp;").replace("\xa0", "&nbsp;")
    return text.replace("<", "&lt;").replace(">", "&gt;")


def _serialize(node: Element | str) -> str:
    """Write *node* as a browser's `innerHTML` writes it (the HTML fragment serialization)."""
    if isinstance(node, str):
        return _escape_text(node)
    attributes = "".join(
        f' {key}="{html.escape(value, quote=False).replace(chr(34), "&quot;")}"'
        for key, value in node.attributes
    )
    if node.tag in VOID:
        return f"<{node.tag}{attributes}>"
    inner = "".join(_serialize(child) for child in node.children)
    return f"<{node.tag}{attributes}>{inner}</{node.tag}>"


def is_block(element: Element) -> bool:
    """Tell whether *element* is one message: text of its own, and inline markup only."""
    texts = [child for child in element.children if isinstance(child, str)]
    inline = all(
        isinstance(child, str) or (child.tag in PHRASING and child.attribute("id") is None)
        for child in element.children
    )
    return inline and any(text.strip() for text in texts)


def key(text: str) -> str:
    """Return a message's text as the catalogs hold it: its spaces collapsed, trimmed."""
    return SPACES.sub(" ", text).strip()


def says_something(text: str) -> bool:
    """Tell whether *text* holds a word (a figure alone, such as "010", is no message)."""
    return LETTER.search(text) is not None


def blocks(page: str) -> Iterator[str]:
    """Yield the messages of *page* in the order js/words.template.js meets them."""
    tree = _Tree()
    tree.feed(page)
    yield from _messages(tree.root)


def _messages(element: Element) -> Iterator[str]:
    if element.tag in SKIPPED or element.attribute("translate") == "no":
        return
    for name in SEEN_ATTRIBUTES:
        value = element.attribute(name)
        if value and says_something(value):
            yield key(value)
    if element.tag == "meta" and element.attribute("name") == "description":
        yield key(element.attribute("content") or "")
    if is_block(element):
        message = key("".join(_serialize(child) for child in element.children))
        if says_something(message):
            yield message
        return
    for child in element.children:
        if isinstance(child, str):
            if says_something(child):
                yield key(child)
        else:
            yield from _messages(child)


def extract() -> Catalog:
    """Return the template: every message of game/, js/ and index.html."""
    # A fixed date: the template changes only when a message does.
    template = Catalog(
        project="pyminesweeper",
        domain=DOMAIN,
        fuzzy=False,
        creation_date=datetime(2026, 1, 1, tzinfo=UTC),
    )
    found = extract_from_dir(
        ROOT / "game", method_map=[("**.py", "python")], comment_tags=("Translators:",)
    )
    for filename, lineno, message, comments, context in found:
        template.add(
            message,
            None,
            [(f"game/{filename}", lineno)],
            auto_comments=comments,
            context=context,
            flags=_flags(message),
        )
    scripts = extract_from_dir(
        ROOT / "js",
        method_map=[("*.js", "javascript")],
        keywords={"say": None},
        comment_tags=("Translators:",),
    )
    for filename, lineno, message, comments, context in scripts:
        template.add(
            message,
            None,
            [(f"js/{filename}", lineno)],
            auto_comments=comments,
            context=context,
            flags=_flags(message),
        )
    for message in blocks(PAGE.read_text()):
        template.add(message, None, [("index.html", 0)], flags=_flags(message))
    return template


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    text = message if isinstance(message, str) else " ".join(message)
    return ("python-brace-format",) if PLACEHOLDER.search(text) else ()


def _tag_of(locale: str) -> str:
    return locale.replace("_", "-")


def _locale_of(tag: str) -> str:
    return tag.replace("-", "_")


def update() -> None:
    """Write the template, and bring each language's catalog up to it."""
    template = extract()
    CATALOGS.mkdir(exist_ok=True)
    _write(TEMPLATE, template)
    for tag in LANGUAGES:
        if tag == SOURCE:
            continue
        path = CATALOGS / f"{tag}.po"
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=_locale_of(tag), domain=DOMAIN)
        else:
            catalog = Catalog(locale=_locale_of(tag), domain=DOMAIN, project="pyminesweeper")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write(path, catalog)


def _write(path: Path, catalog: Catalog) -> None:
    with path.open("wb") as file:
        write_po(
            file,
            catalog,
            width=100,
            omit_header=False,
            sort_output=False,
            ignore_obsolete=True,
            include_previous=False,
        )


def forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """Return a message's id or translation as its forms (one, or one per plural form)."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def problems(catalog: Catalog) -> list[str]:
    """Say where a translation's placeholders or markup differ from its source's."""
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        sources, strings = forms(message.id), forms(message.string)
        wanted = set(PLACEHOLDER.findall(sources[-1]))
        tags = sorted(TAG.findall(sources[0]))
        for string in strings:
            if not string:
                continue
            have = set(PLACEHOLDER.findall(string))
            # A plural form may leave its count out ("one mine"), never add a placeholder.
            plural_ok = len(sources) > 1 and have <= wanted and wanted - have <= {"{count}"}
            if have != wanted and not plural_ok:
                found.append(f"{sources[0]!r}: placeholders {sorted(have)}, not {sorted(wanted)}")
            if sorted(TAG.findall(string)) != tags:
                found.append(f"{sources[0]!r}: its markup differs from the source's")
            # The page writes words into its HTML as they are (game/page/render.py).
            added = {c for c in '<>"&' if c in string and c not in sources[0]}
            if added:
                found.append(f"{sources[0]!r}: {''.join(sorted(added))} not in the source")
    return found


def pseudo(text: str) -> str:
    """Write *text* in the pseudo-locale: accented, bracketed, 40% longer, markup kept.

    >>> pseudo("Open {cells} now")
    '[Öþéñ {cells} ñöŵ ~~~~]'
    """
    parts = re.split(r"(\{[a-z_]+\}|<[^>]*>|&[a-z]+;)", text)
    accented = "".join(part if i % 2 else part.translate(_ACCENTS) for i, part in enumerate(parts))
    padding = max(1, math.ceil(len(text) * 1.4) - len(text) - 3)  # 3: the brackets, a space
    return f"[{accented} {'~' * padding}]"


_ACCENTS: Final = str.maketrans(
    "abcdeghiklnoprstuwyzABCDEGHIKLNOPRSTUWYZ", "åƀçđéĝĥîķļñöþŕšţûŵýžÅƁÇĐÉĜĤÎĶĻÑÖÞŔŠŢÛŴÝŽ"
)


def _pseudo_catalog(template: Catalog) -> Catalog:
    catalog = Catalog(locale="en", domain=DOMAIN)
    for message in template:
        if not message.id:
            continue
        string: str | tuple[str, ...] = tuple(pseudo(part) for part in forms(message.id))
        if isinstance(message.id, str):
            string = string[0]
        catalog.add(message.id, string, context=message.context)
    return catalog


def _page_words(catalog: Catalog, page_ids: set[str]) -> dict[str, str]:
    words = {}
    for message in catalog:
        if isinstance(message.id, str) and message.id and message.id in page_ids and message.string:
            assert isinstance(message.string, str)
            words[message.id] = message.string
    return words


def page_messages(template: Catalog) -> set[str]:
    """Return the messages the first paint needs: index.html's, and the scripts' own."""
    ids = set()
    for message in template:
        if isinstance(message.id, str) and any(
            where == "index.html" or where.startswith("js/") for where, _ in message.locations
        ):
            ids.add(message.id)
    from tools import shared  # the strings the page's scripts take from Python

    ids |= set(shared.page_strings()) & {m.id for m in template if isinstance(m.id, str)}
    return ids


def read(tag: str) -> Catalog | None:
    """Return *tag*'s catalog as kept in game/locale/, or None if it has none."""
    path = CATALOGS / f"{tag}.po"
    if tag == SOURCE or not path.exists():
        return None
    with path.open("rb") as file:
        return read_po(file, locale=_locale_of(tag), domain=DOMAIN)


def is_complete(catalog: Catalog) -> bool:
    """Tell whether every message of *catalog* is translated, none left fuzzy."""
    for message in catalog:
        if not message.id:
            continue
        strings = forms(message.string)
        if message.fuzzy or not strings or not all(strings):
            return False
    return True


def offered() -> list[str]:
    """Return the languages the page offers: English, and each whose catalog is complete.

    A catalog still being translated is kept and checked, but neither offered nor chosen
    for a player: a page half in English is no page in their language.
    """
    return [
        tag
        for tag in LANGUAGES
        if tag == SOURCE or ((c := read(tag)) is not None and is_complete(c))
    ]


def add_number_symbols(catalog: Catalog, tag: str) -> None:
    """Add the language's decimal mark and group separator, from CLDR, to its compiled catalog.

    Latin digits in every language, as the board shows them (game/language.py's `number`).
    """
    symbols = Locale.parse(_locale_of(tag)).number_symbols["latn"]
    catalog.add(".", symbols["decimal"], context=NUMBER)
    catalog.add(",", symbols["group"], context=NUMBER)


def compile_all() -> int:
    """Check every catalog; write its `.mo` files and first-paint words; return 0 or 1."""
    template = extract()
    page_ids = page_messages(template)
    for folder in (VENDOR / "locale", VENDOR / "words"):
        folder.mkdir(parents=True, exist_ok=True)
    for stale in [
        *CATALOGS.glob("*.mo"),
        *(VENDOR / "locale").glob("*"),
        *(VENDOR / "words").glob("*"),
    ]:
        stale.unlink()
    failed = False
    catalogs = {PSEUDO: _pseudo_catalog(template)}
    for tag in LANGUAGES:
        catalog = read(tag)
        if catalog is not None:
            catalogs[tag] = catalog
    for tag, catalog in catalogs.items():
        wrong = problems(catalog)
        if wrong:
            failed = True
            print(f"game/locale/{tag}.po: refused", *wrong, sep="\n  ", file=sys.stderr)
            continue
        if tag != PSEUDO and not is_complete(catalog):
            continue
        if tag != PSEUDO:
            add_number_symbols(catalog, tag)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        for target in (CATALOGS / f"{tag}.mo", VENDOR / "locale" / f"{tag}.mo"):
            target.write_bytes(buffer.getvalue())
        words = json.dumps(_page_words(catalog, page_ids), ensure_ascii=False, sort_keys=True)
        (VENDOR / "words" / f"{tag}.js").write_text(
            WORDS_TEMPLATE.read_text().replace("(__WORDS__)", f"({words})", 1)
        )
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        update()
        return 0
    if argv == ["compile"]:
        return compile_all()
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


__all__ = ["Message", "blocks", "extract", "problems", "pseudo"]
