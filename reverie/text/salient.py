"""Salient tokens: what a merged note must keep of each of its sources (the merge guard).

:func:`salient_tokens` extracts, as normalised ``kind:value`` strings:

* ``email:`` and ``url:`` (lower-cased, trailing punctuation and ``/`` stripped);
* ``id:`` identifiers: a word mixing letters and digits, with ``-`` / ``_`` joints
  (``ORD-1234``, ``SPRING26``, ``INV_2026_7``, ``GPT-4o``), lower-cased;
* ``time:`` clock times as ``HH:MM`` (``3 p.m.``, ``3pm``, ``3:00 PM``, ``15:00`` are one);
* ``month:`` / ``day:`` month and weekday names (``March``, ``Mar`` → ``month:3``;
  ``Tuesday``, ``Tue`` → ``day:tue``) and the month of ISO / slashed dates
  (``2026-03-01`` → ``num:2026``, ``month:3``, ``num:1``, as ``March 1, 2026``);
* ``num:`` numbers without thousands separators, currency signs, units or leading zeros
  (``$5,000``, ``5000``, ``5k`` are ``num:5000``; ``1st`` is ``num:1``; ``5.00`` is
  ``num:5``; versions ``v2.3.1`` are ``num:2.3.1``; ``15-minute`` is ``num:15``); the
  words zero to twenty count as their number;
* ``name:`` proper nouns: capitalised words that do not start a sentence (``I`` aside),
  lower-cased, possessive ``'s`` removed;
* ``neg`` when the text has a negation cue (not, n't, never, no, no longer, none,
  nothing, nobody, neither, nor, cannot, without).

:func:`dropped_tokens` returns the sources' tokens a merged text lacks. A merged text
*covers* a name, month or weekday when the word appears anywhere in it, in any case
(a merged note may start a sentence with a name its source had mid-sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from reverie.text.vocabulary.calendar_words import (
    AMBIGUOUS_ABBREVIATIONS,
    MONTH_NUMBERS,
    WEEKDAY_KEYS,
)
from reverie.text.vocabulary.function_words import NEGATION_CUES
from reverie.text.vocabulary.number_words import NUMBER_WORDS

__all__ = ["covered_tokens", "dropped_tokens", "salient_tokens"]

_MEMO = 8192  # texts whose tokens are remembered (a judge compares each text many times)

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.UNICODE)
_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>\"']+", re.IGNORECASE)
_TIME = re.compile(
    r"\b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ap>[ap])\.?\s?m\b\.?"
    r"|\b(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)\b",
    re.IGNORECASE,
)
_ISO_DATE = re.compile(r"\b(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})(?:T[\d:.]+Z?)?\b")
_SLASH_DATE = re.compile(r"\b(?P<mo>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{2,4}))?\b")
_VERSION = re.compile(r"\bv?(?P<v>\d+(?:\.\d+){2,})\b|\bv(?P<v1>\d+(?:\.\d+)?)\b",
                      re.IGNORECASE)
_SCALED = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?(?P<s>[kKmM])\b")
_ORDINAL = re.compile(r"\b(?P<n>\d+)(?:st|nd|rd|th)\b", re.IGNORECASE)
_COMPOUND = re.compile(r"(?<![\w.-])(?P<n>\d+(?:\.\d+)?)-(?:[a-z]+)(?![\w-])")
"""A number joined to a lower-case unit word: ``15-minute``, ``3-year`` (not an id)."""
_IDENT = re.compile(
    r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*(?![\w-])"
)
_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w])\d+(?:\.\d+)?")
_NEGATION = re.compile(
    r"\b(?:" + "|".join(NEGATION_CUES) + r")\b|n't\b|n’t\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)
_SENTENCE_END = re.compile(r"[.!?:;]\s*$|^\s*$|[\n\-•*]\s*$")


def _num(raw: str) -> str:
    """Return a number's canonical form: no separators, no leading zeros, ``5.00`` → ``5``."""
    text = raw.replace(",", "")
    whole, _, frac = text.partition(".")
    whole = whole.lstrip("0") or "0"
    frac = frac.rstrip("0") if set(frac) <= {"0"} else frac
    return f"{whole}.{frac}" if frac else whole


def _blank(text: str, match: re.Match[str]) -> str:
    """Return ``text`` with ``match`` replaced by spaces (positions kept)."""
    return text[: match.start()] + " " * (match.end() - match.start()) + text[match.end():]


def _consume(text: str, pattern: re.Pattern[str], found: set[str],
             convert: Callable[[re.Match[str]], list[str]]) -> str:
    for match in list(pattern.finditer(text)):
        found.update(convert(match))
        text = _blank(text, match)
    return text


def _time(m: re.Match[str]) -> list[str]:
    if m["h24"] is not None:
        return [f"time:{int(m['h24']):02d}:{m['m24']}"]
    hour = int(m["h"]) % 12 + (12 if m["ap"].lower() == "p" else 0)
    return [f"time:{hour:02d}:{m['m'] or '00'}"]


def _iso(m: re.Match[str]) -> list[str]:
    return [f"num:{_num(m['y'])}", f"month:{int(m['mo'])}", f"num:{_num(m['d'])}"]


def _slash(m: re.Match[str]) -> list[str]:
    month, day = int(m["mo"]), m["d"]
    if month > 12:  # "30/06": day first
        month, day = int(m["d"]), m["mo"]
    if not 1 <= month <= 12:  # "50/50": no date
        return [f"num:{_num(m['mo'])}", f"num:{_num(m['d'])}"]
    out = [f"month:{month}", f"num:{_num(day)}"]
    return [*out, f"num:{_num(m['y'])}"] if m["y"] else out


def _version(m: re.Match[str]) -> list[str]:
    return [f"num:{m['v'] or m['v1']}"]


def _scaled(m: re.Match[str]) -> list[str]:
    factor = 1_000 if m["s"].lower() == "k" else 1_000_000
    value = float(m["n"]) * factor
    return [f"num:{_num(f'{value:.6f}')}"]


def _ordinal(m: re.Match[str]) -> list[str]:
    return [f"num:{_num(m['n'])}"]


def _ident(m: re.Match[str]) -> list[str]:
    return [f"id:{m.group(0).lower()}"]


def _number(m: re.Match[str]) -> list[str]:
    return [f"num:{_num(m.group(0))}"]


def _bare(word: str) -> str:
    return re.sub(r"['’]s$", "", word).lower()


def _word_tokens(word: str, *, capitalised_only: bool) -> list[str]:
    """Month, weekday and number-word tokens of one word (names are decided by the caller)."""
    low = word.lower()
    named = not capitalised_only or low not in AMBIGUOUS_ABBREVIATIONS or word[0].isupper()
    if low in MONTH_NUMBERS and named:
        return [f"month:{MONTH_NUMBERS[low]}"]
    if low in WEEKDAY_KEYS and named:
        return [f"day:{WEEKDAY_KEYS[low]}"]
    if low in NUMBER_WORDS:
        return [f"num:{NUMBER_WORDS[low]}"]
    return []


def _scan(text: str) -> tuple[set[str], str]:
    """Return the non-word tokens of ``text`` and the text with them blanked out."""
    found: set[str] = set()
    for pattern, convert in ((_EMAIL, lambda m: [f"email:{m.group(0).lower()}"]),
                             (_URL, lambda m: ["url:" + m.group(0).lower().rstrip(".,;:!?)/")]),
                             (_ISO_DATE, _iso), (_TIME, _time), (_SLASH_DATE, _slash),
                             (_VERSION, _version), (_SCALED, _scaled), (_ORDINAL, _ordinal),
                             (_COMPOUND, _ordinal), (_IDENT, _ident), (_NUMBER, _number)):
        text = _consume(text, pattern, found, convert)
    return found, text


def salient_tokens(text: str) -> set[str]:
    """Return the salient tokens of ``text`` (see the module docstring)."""
    return set(_salient(text))


def covered_tokens(text: str) -> set[str]:
    """Return every token ``text`` covers: its salient tokens plus every word as a name."""
    return set(_covered(text))


@lru_cache(maxsize=_MEMO)
def _salient(text: str) -> frozenset[str]:
    return _tokens(text, every_word=False)


@lru_cache(maxsize=_MEMO)
def _covered(text: str) -> frozenset[str]:
    return _tokens(text, every_word=True)


def _tokens(text: str, *, every_word: bool) -> frozenset[str]:
    """The tokens of ``text``: with ``every_word`` every word as a name (and each part of
    one with an apostrophe), else only capitalised words that do not start a sentence."""
    found, rest = _scan(text)
    if _NEGATION.search(text):
        found.add("neg")
    for match in _WORD.finditer(rest):
        word = match.group(0)
        found.update(_word_tokens(word, capitalised_only=not every_word))
        if every_word:
            found.add(f"name:{_bare(word)}")
            for part in re.split(r"['’]", word):
                found.add(f"name:{part.lower()}")
            continue
        if not word[0].isupper() or word == "I" or word.lower() in MONTH_NUMBERS \
                or word.lower() in WEEKDAY_KEYS:
            continue
        before = rest[: match.start()]
        if _SENTENCE_END.search(before) or before.rstrip().endswith(('"', "“", "(")):
            continue  # a sentence's first word: capitalised by grammar, not a name
        found.add(f"name:{_bare(word)}")
    return frozenset(found)


def dropped_tokens(sources: Iterable[str], merged: str) -> list[str]:
    """Return, sorted, the salient tokens of ``sources`` that ``merged`` does not cover."""
    wanted: set[str] = set()
    for source in sources:
        wanted |= _salient(source)
    return sorted(wanted - _covered(merged))
