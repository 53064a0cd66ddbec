"""Values said as a second one beside the main one: "Secondary contact channel: email",
"Backup region: US", "sent by post as well", "also on WhatsApp"."""

from __future__ import annotations

import re

from reverie.text.vocabulary.function_words import SECOND_VALUE_WORDS

__all__ = ["a_second"]

_SECOND = re.compile(r"\b(?:" + "|".join(sorted(SECOND_VALUE_WORDS)) + r")\b", re.I)
_ALSO = re.compile(r"\b(?:also|too|as\s+well|in\s+addition|additionally|both|either)\b",
                   re.I)


def a_second(before: str, clause: str) -> bool:
    """Whether a value is said as a second one: a word of a second value before it in its
    clause (``before``: "Backup region:"), or a word adding it anywhere in ``clause``
    ("by post as well")."""
    return bool(_SECOND.search(before) or _ALSO.search(clause))

