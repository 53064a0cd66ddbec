"""Options of closed sets a statement names: "Prefers aisle seats", "Support tier: Gold",
"Wears an XL shirt", "Types on AZERTY", "Data must stay in the EU region", "Drives an
electric car", "Lives in a detached house".

The sets and their words are :data:`~reverie.text.vocabulary.options.OPTION_SETS`. An
option is read only in a statement that says which set it is of (a strong word: "seat",
"tier", "size", "region"; or a weak one, "books", "support", "wears", which counts when
the other statement of a pair says a strong one: :meth:`Named.of_set`). An option after a
denial in its clause ("never learned manual") is denied. Not read: one of before (after
"from" or "used to": "moved from a flat to a house"), one not yet (after "learning",
"considering", "plans to", "will move to") and a second one ("Backup region: US", "... as well").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.clauses import clause_around
from reverie.text.former import named_after_from, said_before
from reverie.text.seconds import a_second
from reverie.text.vocabulary.options import OPTION_SETS, OptionSet

__all__ = ["Named", "options", "options_alike"]

# a denial, or what is chosen against ("instead of PDF attachments", "rather than Linux")
_DENIED_BEFORE = re.compile(r"(?:\bnot|n't|\bnever|\bno|\binstead\s+of|\brather\s+than)\s+"
                            r"(?:[\w'-]+\s+){0,3}$", re.I)
_NOT_YET_BEFORE = re.compile(r"\b(?:learning|learn|trying|try|considering|consider(?:ed)?|"
                             r"planning|"
                             r"plans?\s+to|thinking\s+(?:of|about)|might|may|would\s+like|"
                             r"hopes?\s+to|wants?\s+to\s+(?:try|switch|move|upgrade|"
                             r"downgrade|go)|evaluating|trialing|trialling|piloting|"
                             r"(?:allowed|permitted)\s+to|will|going\s+to|"
                             # a change under way: "is being migrated to SQL Server"
                             r"being\s+(?:migrated|moved|switched|upgraded|downgraded|"
                             r"transferred|converted|changed))\b|'ll\b", re.I)
_WORDS = re.compile(r"[a-z][a-z0-9'-]*")  # "o2", a carrier's name, is a word
# a word saying which of several things a holder has ("work phone", "my old laptop")
_WHICH = re.compile(r"\b(work|personal|home|office|spare|backup|old|second|main|test|build|"
                    r"dev|private|company)\W+([a-z][a-z'-]*)", re.I)
# a count of things before an option ("40 seats on the Pro plan"): the things' option, and
# a holder may have some on each
_COUNTED_BEFORE = re.compile(r"\b\d[\d,.]*\s+[a-z]+\s+(?:on|of|in|under)\s+(?:the\s+|an?\s+)?$",
                             re.I)
# a version after an option ("iOS 15"): denying it denies that version only
_VERSION_AFTER = re.compile(r"\s*v?\d")
# a name just before an option, not a sentence's first word ("Spotify Premium", "MacBook Pro";
# not "Pro plan", "on the Pro plan")
_BRAND_BEFORE = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][\w&+-]*\s+$")


def _pattern(options: OptionSet) -> re.Pattern[str]:
    names = sorted(options.options, key=len, reverse=True)
    return re.compile(r"(?<![\w./&'-])(" + "|".join(re.escape(n) for n in names)
                      + r")(?![\w/&'-]|\.\w)", re.I)


_PATTERNS = {name: _pattern(s) for name, s in OPTION_SETS.items()}


@dataclass(frozen=True)
class Named:
    """One set's options a statement names and denies, whether it says the set's strong
    or weak words, and the things of the set it names ("car", "jacket")."""

    named: frozenset[str]
    denied: frozenset[str]
    strong: bool
    weak: bool
    things: frozenset[str] = frozenset()
    qualified: frozenset[str] = frozenset()
    """Words that say which of the holder's things ("work phone", "personal laptop")."""
    ways: frozenset[str] = frozenset()
    """Which way things with the option go ("imports": in; ``OptionSet.ways``)."""

    def of_set(self, other: Named) -> bool:
        """Whether, beside ``other``, this statement is of the set: its own strong word,
        or its weak one and the other's strong one."""
        return self.strong or (self.weak and other.strong)

    def one(self) -> str | None:
        """The one option named and not denied, or None."""
        kept = self.named - self.denied
        return next(iter(kept)) if len(kept) == 1 else None


def options_alike(name: str, x: str, y: str) -> bool:
    """Whether options ``x`` and ``y`` of set ``name`` may be one ("hybrid" / "electric")."""
    return x == y or frozenset({x, y}) in OPTION_SETS[name].alike


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# the noun after a lower-case option, or the one after the word after it ("the premium
# gym membership": a membership's plan)
_NEXT_NOUN = re.compile(r"[\s-]+([a-z]+)(?:[\s-]+([a-z]+))?", re.I)


# each set's strong phrases, as one pattern over a text's words joined by single spaces
_PHRASES = {name: re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(s.strong_phrases)))
                             + r")\b")
            for name, s in OPTION_SETS.items() if s.strong_phrases}


def _says_phrase(text: str, name: str) -> bool:
    """``text`` says one of set ``name``'s strong phrases ("Ken's cell provider is Bell")."""
    pattern = _PHRASES.get(name)
    if pattern is None:
        return False
    return pattern.search(" ".join(_WORDS.findall(text.lower()))) is not None


@lru_cache(maxsize=1 << 14)
def options(text: str) -> Mapping[str, Named]:
    """Read the options ``text`` names, by set (sets it names none of left out);
    remembered per text."""
    words = frozenset(_WORDS.findall(text.lower()))
    which = [(m.group(1).lower(), m.group(2).lower()) for m in _WHICH.finditer(text)]
    out: dict[str, Named] = {}
    for name, pattern in _PATTERNS.items():
        spec = OPTION_SETS[name]
        named: set[str] = set()
        denied: set[str] = set()
        for m in pattern.finditer(text):
            said = m.group(1)
            if said.lower() in spec.upper and not said.isupper():
                continue  # "m", "us": only "M", "US" name a size, a region
            if said.lower() in spec.proper and not said[:1].isupper() and not (
                    (after := _NEXT_NOUN.match(text, m.end())) is not None
                    and ({(w or "").lower() for w in after.groups()} & spec.strong
                         # "the membership is the basic one": "one" stands for it
                         or (after.group(1).lower() == "one" and words & spec.strong))):
                continue  # "pro": only "Pro", or "pro" before "plan" or "tier" ("the
                # premium gym membership"), names a plan
            if spec.branded and _BRAND_BEFORE.search(text, 0, m.start()):
                continue  # "Spotify Premium": that product's, not a plan of this set
            start, end = clause_around(text, m.start(), m.end())
            before = text[start:m.start()]
            if (named_after_from(text, m.start()) or said_before(before)
                    or _NOT_YET_BEFORE.search(before)
                    or a_second(before, text[start:end]) or _COUNTED_BEFORE.search(before)):
                # of before, not yet ("learning to type on Dvorak"), a second, or some
                # things' ("40 seats on the Pro plan": a holder may have some on each)
                continue
            option = spec.options[said.lower()]
            if _DENIED_BEFORE.search(before):
                if _VERSION_AFTER.match(text, m.end()):
                    continue  # "doesn't run on iOS 15": that version, not iOS
                denied.add(option)
            else:
                named.add(option)
        if (named or denied) and (words & spec.weak or not spec.chosen_only):
            out[name] = Named(frozenset(named | denied), frozenset(denied),
                              bool(words & spec.strong) or _says_phrase(text, name),
                              bool(words & spec.weak),
                              frozenset(_singular(w) for w in words & spec.things)
                              | {spec.thing_of[w] for w in words & spec.thing_of.keys()},
                              frozenset(q for q, thing in which if thing in spec.things),
                              frozenset(spec.ways[w] for w in words & spec.ways.keys()))
    return out
