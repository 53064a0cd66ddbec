"""The file formats a statement names: "reports as PDF", "exports in CSV", "as Word
documents" (:data:`~reverie.text.vocabulary.products.FILE_FORMATS`, each as the format it
means: "xls" is xlsx). "Word" and "PowerPoint" name a format only before a noun of a file
("Word format", "a PowerPoint deck"); "doc" and "md" are left out ("the doc", "an MD"). A
format after "from" is a former one ("moved from CSV to Parquet") and is not read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from reverie.text.former import named_after_from
from reverie.text.vocabulary.products import FILE_FORMATS, FILE_FORMATS_BEFORE_FILE, FILE_NOUNS

__all__ = ["file_formats", "file_formats_apart"]

_PLAIN = sorted(set(FILE_FORMATS) - {"doc", "md"}, key=len, reverse=True)
_NAME = re.compile(r"\b(" + "|".join(map(re.escape, _PLAIN)) + r")s?\b", re.IGNORECASE)
_BEFORE_FILE = re.compile(
    r"\b(" + "|".join(map(re.escape, FILE_FORMATS_BEFORE_FILE)) + r")\s+(?:"
    + "|".join(map(re.escape, FILE_NOUNS)) + r")s?\b", re.IGNORECASE)


@lru_cache(maxsize=1 << 14)
def file_formats(text: str) -> frozenset[str]:
    """The file formats ``text`` names, but one it names after "from"; remembered per text."""
    found = set()
    for pattern, table in ((_NAME, FILE_FORMATS), (_BEFORE_FILE, FILE_FORMATS_BEFORE_FILE)):
        for m in pattern.finditer(text):
            if not named_after_from(text, m.start()):
                found.add(table[m.group(1).lower()])
    return frozenset(found)


def file_formats_apart(a: str, b: str) -> tuple[str, str] | None:
    """The one file format each text names, when they differ ("minutes go out as PDF" /
    "minutes are shared as Word documents"), else None."""
    x, y = file_formats(a), file_formats(b)
    if len(x) != 1 or len(y) != 1 or x == y:
        return None
    return next(iter(x)), next(iter(y))
