"""Player names and program strings, decoded as the recording programs wrote them.

The codecs are imported by name: the page's Python keeps only the standard
modules the game imports, and a codec found by lookup alone would be left out.
"""

from __future__ import annotations

import encodings.cp1252
import encodings.gbk
import encodings.utf_8
import re
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


def date_of(year: int, month: int, day: int, hour: int, minute: int, second: int) -> str:
    """Write a date and time as a file holds it, or "" when it is no date.

    >>> date_of(2024, 8, 24, 16, 38, 59), date_of(2024, 2, 30, 0, 0, 0)
    ('2024-08-24 16:38:59', '')
    """
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not (1970 <= year <= 9999 and 1 <= month <= 12 and 1 <= day <= days[month - 1]):
        return ""
    if not (0 <= hour < 24 and 0 <= minute < 60 and 0 <= second < 60):
        return ""
    return f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{second:02d}"


_ISO: Final = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{1,2}):(\d{1,2})")
_ARBITER: Final = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})\.(\d{1,2}):(\d{1,2}):(\d{1,2})")
"""Arbiter's: day.month.year.hour:minute:second, then hundredths (`24.8.2024.16:38:59:6687`)."""


def date_in(text: str) -> str:
    """Return the date *text* starts with, as RAWVF and Arbiter write one, or "".

    >>> date_in("2010-07-03 19:58:48"), date_in("3.9.2025.17:00:08:6660"), date_in("soon")
    ('2010-07-03 19:58:48', '2025-09-03 17:00:08', '')
    """
    if found := _ISO.match(text):
        year, month, day, hour, minute, second = (int(n) for n in found.groups())
    elif found := _ARBITER.match(text):
        day, month, year, hour, minute, second = (int(n) for n in found.groups())
    else:
        return ""
    return date_of(year, month, day, hour, minute, second)


def date_of_epoch(seconds: int) -> str:
    """Write a time in seconds from 1970 (UTC) as a date, or "" for none (0, or past 9999).

    >>> date_of_epoch(1738209872), date_of_epoch(0)
    ('2025-01-30 04:04:32', '')
    """
    if not 0 < seconds < 253_402_300_800:  # 10000-01-01
        return ""
    days, rest = divmod(seconds, 86_400)
    year, month, day = _civil(days)
    return date_of(year, month, day, rest // 3600, rest // 60 % 60, rest % 60)


def _civil(days: int) -> tuple[int, int, int]:
    """Return the year, month and day *days* after 1970-01-01.

    Howard Hinnant's algorithm, which needs neither `time` nor `datetime`: the
    page's Python keeps only the modules the game imports.
    """
    days += 719_468
    era, day_of_era = divmod(days, 146_097)
    year_of_era = (
        day_of_era - day_of_era // 1460 + day_of_era // 36524 - day_of_era // 146_096
    ) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * month_index + 2) // 5 + 1
    month = month_index + 3 if month_index < 10 else month_index - 9
    return year_of_era + era * 400 + (month <= 2), month, day
