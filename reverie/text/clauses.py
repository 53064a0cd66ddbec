"""The clause a word of a statement is in: between the breaks around it (";", "!", "?", a
sentence's full stop, ", but", ", and", ", so"), so that what a clause says of one value
("never email") is not read of another ("... ; he only wants phone calls")."""

from __future__ import annotations

import re

__all__ = ["clause_around", "words_before"]

_BREAK = re.compile(r"[;!?]|\.(?=\s+[A-Z]|\s*$)|,\s+(?:but|and|so)\b|\bbut\b")


def clause_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the clause holding ``text[start:end]``: from the end of the last break
    before it to the start of the first one after it (a full stop in "Inc. by" is none)."""
    before = max((b.end() for b in _BREAK.finditer(text, 0, start)), default=0)
    after = _BREAK.search(text, end)
    return before, after.start() if after else len(text)


def words_before(text: str, start: int, breaks: re.Pattern[str]) -> list[str]:
    """The words of ``text`` from the end of the last match of ``breaks`` before ``start``
    up to ``start``: what stands before a phrase in its clause, by the caller's breaks."""
    before = text[:start]
    cut = max((m.end() for m in breaks.finditer(before)), default=0)
    return before[cut:].split()
