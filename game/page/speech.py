"""The page's language in the worker: the catalog the page fetched, put in use at start.

js/first-paint.js chose the language before the first paint (`?lang=`, the player's
choice, the browser's languages) and js/host.js fetched its compiled catalog alone; both
come in the start's facts. What went wrong (a catalog missing or damaged, a `?lang=` the
game does not speak) is said once, with the welcome, and the game goes on in English.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from game.language import _, current, use_catalog


def speak(facts: Mapping[str, Any]) -> str:
    """Speak the language in *facts* (`language`, `catalog` as base64, `unknownLanguage`).

    Return what went wrong, to say with the welcome, or "".
    """
    tag = str(facts.get("language") or "en")
    catalog = facts.get("catalog")
    try:
        data = base64.b64decode(catalog, validate=True) if isinstance(catalog, str) else None
    except (binascii.Error, ValueError):
        data = None
    problem = use_catalog(tag, data)
    unknown = facts.get("unknownLanguage")
    if isinstance(unknown, str) and unknown:
        problem = " ".join(
            [
                _("There is no language {tag} here: the page speaks {language}.").format(
                    tag=unknown[:20], language=current()
                ),
                problem,
            ]
        ).strip()
    return problem
