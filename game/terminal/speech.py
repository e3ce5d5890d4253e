"""The terminal's language: `--lang`, else the environment's, as gettext reads it.

The same catalogs as the page's (game/language.py). Options are read before the parser is
made, so that `--help` is in the language too.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from game.language import PSEUDO, SOURCE, _, from_environment, match, use


def speak_language(argv: Sequence[str]) -> str:
    """Speak the language *argv* asks for (`--lang`), else the environment's; return a problem.

    The environment is read as gettext reads it. `--plain` speaks the source language,
    whose bytes scripts read. The answer says what went wrong with a `--lang`, or is "".
    """
    asked = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    if "--plain" in argv:
        return use(SOURCE)
    if (
        asked is not None
        and asked != PSEUDO
        and match([asked]) == SOURCE
        and not asked.startswith("en")
    ):
        use(SOURCE)
        return _("There is no language {tag} here: the game is in English.").format(tag=asked[:20])
    if asked is None:
        use(from_environment(os.environ))  # a language not ready yet is English, unsaid
        return ""
    return use(asked)
