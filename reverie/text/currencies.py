"""The currencies a statement keeps money in: "bills in EUR", "Billing currency: SEK",
"pays in Hong Kong dollars", "quotes in NZD", "invoices in Danish kroner".

A currency is read from an ISO 4217 code ("EUR", "nzd") or a currency's word, with the
words before it that say whose it is ("Hong Kong dollars", "Swiss francs"; a bare
"dollars" may be any dollar). A currency next to a figure is a sum's ("$49/month",
"49 USD", "2,100 euros"), which :mod:`reverie.text.money` reads, not the one money is
kept in; signs ("€", "$") only ever mark sums. A currency after "from" ("moved billing
from GBP to EUR") is one it was kept in, not now. Each currency keeps the words of the
statement that say what money it is of (:data:`~reverie.text.vocabulary.attributes.MONEY_USES`:
billing, reporting, a salary).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.former import named_after_from
from reverie.text.vocabulary.attributes import (
    CURRENCY_ADJECTIVES,
    CURRENCY_NAMES,
    DOLLAR_CODES,
    DOLLAR_COUNTRIES,
    MONEY_USES,
    VALUE_WORDS,
)

__all__ = ["CURRENCY_WORDS", "Currencies", "currencies", "currencies_apart"]

CURRENCY_WORDS = frozenset({"currency", "currencies", *MONEY_USES})
"""Subjects of a currency statement that say what money it is, not whose ("Billing
currency: SEK", "Invoices are in ISK")."""

_CODES = frozenset(code for code, kind in VALUE_WORDS.items() if kind == "currency") | {
    "isk", "twd"}
_NAMES: dict[str, frozenset[str]] = {}
for _code, _words in CURRENCY_NAMES.items():
    for _word in _words - {"pound", "real", "won", "rand", "buck"}:  # English words besides
        _NAMES[_word] = _NAMES.get(_word, frozenset()) | {_code}
_NAMES["krona"] = _NAMES["krona"] | {"isk"}  # Icelandic "króna" is written "krona" too
# the names that are English words besides, read only "in" them where money is used
_BESIDES: dict[str, frozenset[str]] = {}
for _code, _words in CURRENCY_NAMES.items():
    for _word in _words & {"pound", "rand", "buck"}:
        _BESIDES[_word] = _BESIDES.get(_word, frozenset()) | {_code}
_IN_BESIDES = re.compile(r"\bin\s+(pounds|pound|rand|bucks)\b", re.I)
_WHOSE = {**CURRENCY_ADJECTIVES, **DOLLAR_COUNTRIES}
_WORD = re.compile(
    r"(?:\b(?P<whose>(?:[A-Za-z]+\s+){0,2}))(?P<name>" + "|".join(
        sorted(_NAMES, key=len, reverse=True)) + r")(?:e?s|or|er)?\b"
    r"|\b(?P<code>[A-Za-z]{3})\b", re.I)
_FIGURE_BEFORE = re.compile(r"\d[\d.,]*\s?[kKmM]?\s*$")
_FIGURE_AFTER = re.compile(r"^\s?[\d.,]*\d")
_BILLED = re.compile(r"\b(?:billed|invoiced|charged)\b", re.I)
# "Acme invoices in GBP"; a note that begins "Invoices in GBP" names its invoices, not who
# sends them
_BILLS = re.compile(r"(?<!^)\b(?:bills|charges|invoices)\s+(?:in|clients|customers|its|their|"
                    r"them)\b|^(?:bills|charges)\s+(?:in|clients|customers|its|their|them)\b",
                    re.I)


@dataclass(frozen=True)
class Currencies:
    """The currencies a statement keeps money in, each as the ISO codes it may be, and the
    uses of money it names (``billing``, ``reporting``, ...)."""

    said: tuple[tuple[frozenset[str], str], ...]
    uses: frozenset[str]
    keyed: bool = False
    """The statement says "currency" ("Billing currency: SEK")."""
    direction: str = ""
    """Which way the holder's bills go: "out" ("bills in euros": it bills others), "in"
    ("is invoiced in USD": others bill it), or "" (unsaid: "billing currency")."""

    @property
    def of_money(self) -> bool:
        """The statement says what money its currency is of, or calls it a currency:
        "pays in yen" alone may be one payment, on a trip."""
        return bool(self.uses) or self.keyed

    def one(self) -> tuple[frozenset[str], str] | None:
        """The one currency named (the codes it may be, as written), or None when the
        statement names none or two that cannot be one ("from USD to EUR")."""
        if not self.said:
            return None
        codes = frozenset.intersection(*(c for c, _ in self.said))
        return (codes, " / ".join(w for _, w in self.said)) if codes else None


@lru_cache(maxsize=1 << 14)
def currencies(text: str) -> Currencies:
    """Read the currencies ``text`` keeps money in (sums' currencies left out) and the
    uses of money it names; remembered per text."""
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))  # "króna" is "krona"
    said: list[tuple[frozenset[str], str]] = []
    for m in _WORD.finditer(text):
        found = _read(m)
        if found is None:
            continue
        codes, named, start = found
        if (_FIGURE_BEFORE.search(text[:start]) or _FIGURE_AFTER.match(text[m.end():])
                or named_after_from(text, start)):
            continue  # a sum's ("49 USD"), or one it was kept in ("moved from GBP to EUR")
        said.append((codes, named))
    words = [_singular(w) for w in re.findall(r"[a-z]+", text.lower())]
    uses = frozenset(MONEY_USES[w] for w in words if w in MONEY_USES)
    if not said and uses:  # "invoices aren't in pounds": money, not a weight
        said.extend((_BESIDES[_singular(m.group(1).lower())], m.group(1))
                    for m in _IN_BESIDES.finditer(text))
    direction = ("in" if _BILLED.search(text) else "out" if _BILLS.search(text) else "")
    return Currencies(tuple(said), uses, "currency" in words, direction)


def currencies_apart(a: str, b: str) -> tuple[str, str] | None:
    """The one currency each text keeps money in, as written, when they cannot be one
    ("SEK" / "Norwegian kroner"), else None (none, two, or one currency)."""
    mine, theirs = currencies(a).one(), currencies(b).one()
    if mine is None or theirs is None or mine[0] & theirs[0]:
        return None
    return mine[1], theirs[1]


def _read(m: re.Match[str]) -> tuple[frozenset[str], str, int] | None:
    """The currency a match names: the codes it may be, as written, where it starts."""
    if m.group("code"):
        code = m.group("code")
        # in either case: the table holds no code that is an English word ("try" is out)
        if code.lower() in _CODES:
            return frozenset({code.lower()}), code, m.start("code")
        return None
    codes = _NAMES[m.group("name").lower()]
    whose = m.group("whose").split()
    owner = len(whose) - 1 if whose and whose[-1].lower() in _WHOSE else None
    if owner is None or _WHOSE[whose[-1].lower()] not in codes | (
            DOLLAR_CODES if "usd" in codes else frozenset()):
        return codes, m.group(0)[len(m.group("whose")):], m.start("name")
    if owner and whose[owner].lower() in ("kong", "zealand"):
        owner -= 1  # "Hong Kong", "New Zealand"
    named = " ".join([*whose[owner:], m.group(0)[len(m.group("whose")):]])
    return frozenset({_WHOSE[whose[-1].lower()]}), named, m.end() - len(named)


def _singular(word: str) -> str:
    """ "invoices" -> "invoice", "prices" -> "price", "salaries" -> "salary" (the uses'
    table is singular, but for its past forms and "books", "savings", "wages",
    "expenses")."""
    if word in MONEY_USES or not word.endswith("s"):
        return word
    if word.endswith("ies") and word[:-3] + "y" in MONEY_USES:
        return word[:-3] + "y"
    return word[:-1]
