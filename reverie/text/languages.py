"""The language a statement asks to be addressed in: "wants replies in French", "Preferred
language: Spanish", "docs in Japanese", "Dashboard language: English".

Languages are read by name (:data:`~reverie.text.vocabulary.languages.LANGUAGE_NAMES`,
each as the languages it may be: "Chinese" is Mandarin or Cantonese). Only a statement of
how to address its holder asks for one (a reply, a document, a call, a preferred or
interface language: :data:`~reverie.text.vocabulary.languages.ADDRESS_USES`; not a
thing available or translated in one of several: "the docs are available in Japanese"); which
languages a holder speaks is no such thing, since one may speak several ("native
language", "fluent in": :data:`~reverie.text.vocabulary.languages.ABILITY_WORDS`). A language after
a denial in its clause ("doesn't read Japanese") is denied, not asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.vocabulary.languages import (
    ABILITY_WORDS,
    ADDRESS_USES,
    KNOWING_WORDS,
    LANGUAGE_NAMES,
    NATIVE_WORDS,
    SPEAKING_WORDS,
)

__all__ = ["Languages", "languages"]

_POSSESSOR = re.compile(r"[a-z]+['’]s\b|[^a-z]+")
_NAME = re.compile(r"\b(" + "|".join(sorted(LANGUAGE_NAMES, key=len, reverse=True))
                   + r")\b", re.I)
# not "not only ... but also": more, not less
_DENIED_BEFORE = re.compile(r"(?:\bnot(?!\s+only\b)|n't|\bnever|\bno)\s+(?:[\w-]+\s+){0,3}$",
                            re.I)
_CLAUSE_END = re.compile(r"[;.!?,]")


def _words(words: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")\b", re.I)


_SPEAKING, _KNOWING, _NATIVE = _words(SPEAKING_WORDS), _words(KNOWING_WORDS), _words(NATIVE_WORDS)
# "not fluently", "not very well": the denial of how well, not of the language
_ONLY = re.compile(r"(?<!\bnot )\b(?:only|exclusively)\b", re.I)  # not "not only ... but"
_READING = re.compile(r"\breads?\b", re.I)
# a lower-case word after a language's name that is no joining word: a noun it qualifies
_NOUN_AFTER = re.compile(r"\s+(?!(?:and|or|with|at|in|on|to|but|when|while|now|only|"
                         r"fluently|well|anymore|though|too|as)\b)[a-z]")
_HOW_WELL = re.compile(r"\b(?:well|much|fluently|very|perfectly|yet|anymore)\b", re.I)


@dataclass(frozen=True)
class Languages:
    """The languages a statement asks for and denies (each as the languages it may be),
    and the uses of address it names (``messages``, ``documents``; "" for any)."""

    asked: tuple[frozenset[str], ...]
    denied: frozenset[str]
    uses: frozenset[str]
    spoken: frozenset[str] = frozenset()
    """Languages the holder is said to speak now ("speaks Dutch", "fluent in Dutch")."""
    unspoken: frozenset[str] = frozenset()
    """Languages the holder is said not to speak at all ("doesn't speak Dutch"); not "not
    fluently" nor "doesn't read"."""
    native: tuple[frozenset[str], ...] = ()
    """Each language said to be the holder's native one ("native language is Dutch",
    "speaks Dutch natively")."""
    only: frozenset[str] = frozenset()
    """Languages said to be the only ones the holder speaks or understands ("speaks only
    Portuguese"): any other it does not speak."""
    only_read: frozenset[str] = frozenset()
    """Languages said to be the only ones the holder reads or speaks ("only reads
    English"): write to it in no other."""
    unread: frozenset[str] = frozenset()
    """Languages the holder is said not to read or speak ("doesn't read German"): write to
    it in none of them."""

    def one(self) -> frozenset[str] | None:
        """The one language asked for in a statement of address, or None."""
        if not self.uses or not self.asked:
            return None
        meant = frozenset.intersection(*self.asked)
        return meant or None


# "The docs are available in English", "translated into Korean": one version of several
_VERSIONS_OF = re.compile(r"\b(?:available|offered|translated|localized|localised|"
                          r"supports|supported|(?:does|do|can|will)\s+support|comes?\s+in)\b",
                          re.I)  # not "support" the noun: "wants support in Spanish"
_WRITE_TO = re.compile(r"\b(?:write|writing)\s+(?:back\s+)?to\b", re.I)
# "Ana speaks Portuguese with us": the language she addresses us in, not one she can speak
_WITH_US = re.compile(r"\b(?:speaks?|speaking|talks?|talking)\b[^.;]*?\b(?:with|to)\s+"
                      r"(?:us|me|our\s+team)\b", re.I)


@lru_cache(maxsize=1 << 14)
def languages(text: str) -> Languages:
    """Read the languages ``text`` asks for and denies; remembered per text."""
    asked: list[frozenset[str]] = []
    denied: set[str] = set()
    spoken: set[str] = set()
    unspoken: set[str] = set()
    native: list[frozenset[str]] = []
    only: set[str] = set()
    only_read: set[str] = set()
    unread: set[str] = set()
    for m in _NAME.finditer(text):
        clause = _CLAUSE_END.split(text[:m.start()])[-1]
        whole = clause + m.group(0) + _CLAUSE_END.split(text[m.end():])[0]
        meant = LANGUAGE_NAMES[m.group(1).lower()]
        if _DENIED_BEFORE.search(clause):
            denied |= meant
            # not "doesn't understand Italian legal jargon": the jargon
            of_language = not _HOW_WELL.search(whole) and not _NOUN_AFTER.match(text, m.end())
            if of_language and _KNOWING.search(whole):
                unspoken |= meant
            if of_language and (_KNOWING.search(whole) or _READING.search(whole)):
                unread |= meant
            continue
        asked.append(meant)
        if _SPEAKING.search(whole):
            spoken |= meant
        # "only reads English", not "reads only English news": what is read
        alone = _ONLY.search(whole) and not _NOUN_AFTER.match(text, m.end())
        if alone and _KNOWING.search(whole):
            only |= meant
        if alone and (_KNOWING.search(whole) or _READING.search(whole)):
            only_read |= meant
        if _NATIVE.search(whole):
            native.append(meant)
    words = re.findall(r"[a-z]+", text.lower())
    # a possessor is whose it is, not what is addressed ("the app's docs": documents)
    uses = frozenset(ADDRESS_USES[w] for w in _POSSESSOR.sub(" ", text.lower()).split()
                     if w in ADDRESS_USES)
    if _WRITE_TO.search(text) or _WITH_US.search(text):  # "Write to Ana in Korean": not
        uses |= {"messages"}  # "writes a novel"
    if _VERSIONS_OF.search(text):
        uses = frozenset()  # a thing that comes in several languages asks for none
    if ABILITY_WORDS.intersection(words) and not _WITH_US.search(text):
        uses -= {""}  # "Krystian's native language is Polish": which he speaks
    return Languages(tuple(asked), frozenset(denied), uses, frozenset(spoken),
                     frozenset(unspoken), tuple(native), frozenset(only), frozenset(only_read),
                     frozenset(unread))
