"""The language a statement asks to be addressed in: "wants replies in French", "Preferred
language: Spanish", "docs in Japanese", "Dashboard language: English".

Languages are read by name (:data:`~reverie.text.vocabulary.languages.LANGUAGE_NAMES`,
each as the languages it may be: "Chinese" is Mandarin or Cantonese). Only a statement of
how to address its holder asks for one (a reply, a document, a call, a preferred or
interface language: :data:`~reverie.text.vocabulary.languages.ADDRESS_USES`); which
languages a holder speaks is no such thing, since one may speak several ("native
language", "fluent in": :data:`~reverie.text.vocabulary.languages.ABILITY_WORDS`). A language after
a denial in its clause ("doesn't read Japanese") is denied, not asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.vocabulary.languages import ABILITY_WORDS, ADDRESS_USES, LANGUAGE_NAMES

__all__ = ["Languages", "languages"]

_NAME = re.compile(r"\b(" + "|".join(sorted(LANGUAGE_NAMES, key=len, reverse=True))
                   + r")\b", re.I)
_DENIED_BEFORE = re.compile(r"(?:\bnot|n't|\bnever|\bno)\s+(?:[\w-]+\s+){0,3}$", re.I)
_CLAUSE_END = re.compile(r"[;.!?,]")


@dataclass(frozen=True)
class Languages:
    """The languages a statement asks for and denies (each as the languages it may be),
    and the uses of address it names (``messages``, ``documents``; "" for any)."""

    asked: tuple[frozenset[str], ...]
    denied: frozenset[str]
    uses: frozenset[str]

    def one(self) -> frozenset[str] | None:
        """The one language asked for in a statement of address, or None."""
        if not self.uses or not self.asked:
            return None
        meant = frozenset.intersection(*self.asked)
        return meant or None


_WRITE_TO = re.compile(r"\b(?:write|writing)\s+(?:back\s+)?to\b", re.I)
# "Ana speaks Portuguese with us": the language she addresses us in, not one she can speak
_WITH_US = re.compile(r"\b(?:speaks?|speaking|talks?|talking)\b[^.;]*?\b(?:with|to)\s+"
                      r"(?:us|me|our\s+team)\b", re.I)


@lru_cache(maxsize=1 << 14)
def languages(text: str) -> Languages:
    """Read the languages ``text`` asks for and denies; remembered per text."""
    asked: list[frozenset[str]] = []
    denied: set[str] = set()
    for m in _NAME.finditer(text):
        clause = _CLAUSE_END.split(text[:m.start()])[-1]
        meant = LANGUAGE_NAMES[m.group(1).lower()]
        if _DENIED_BEFORE.search(clause):
            denied |= meant
        else:
            asked.append(meant)
    words = re.findall(r"[a-z]+", text.lower())
    uses = frozenset(ADDRESS_USES[w] for w in words if w in ADDRESS_USES)
    if _WRITE_TO.search(text) or _WITH_US.search(text):  # "Write to Ana in Korean": not
        uses |= {"messages"}  # "writes a novel"
    if ABILITY_WORDS.intersection(words) and not _WITH_US.search(text):
        uses -= {""}  # "Krystian's native language is Polish": which he speaks
    return Languages(tuple(asked), frozenset(denied), uses)
