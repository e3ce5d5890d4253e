"""Player names and program strings, decoded as the recording programs wrote them.

The codecs are imported by name: the page's Python keeps only the standard
modules the game imports, and a codec found by lookup alone would be left out.
"""

from __future__ import annotations

import encodings.cp1252
import encodings.gbk
import encodings.utf_8
from typing import Final

_CODECS: Final = (encodings.utf_8, encodings.gbk, encodings.cp1252)
"""Imported for their side effect: `bytes.decode` finds them registered."""


def decode(raw: bytes, *encodings_: str) -> str:
    r"""Return *raw* decoded by the first of *encodings_* that fits it, else as Latin-1.

    >>> decode("王嘉宁".encode("gbk"), "gbk")
    '王嘉宁'
    >>> decode(b"Z\xfcrich", "utf-8", "cp1252")
    'Zürich'
    """
    for encoding in encodings_:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")
