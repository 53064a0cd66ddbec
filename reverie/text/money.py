"""Sums of money a statement gives ("$1,850/month", "2,100 dollars", "€5k", "49 USD"), and
whether two statements give two sums no rounding explains.

:func:`sums` reads the figures :func:`reverie.text.quantities.quantities` finds whose unit is
a currency: a sign ("$", "€", "£"), an ISO 4217 code ("USD", "eur") or a currency's word
("dollars", "euros", "yen"; :data:`~reverie.text.vocabulary.attributes.CURRENCY_NAMES`).
"Pounds" is left out: a mass as often as sterling (:mod:`reverie.text.amounts` reads the
mass). Each sum keeps the currencies it may be: a bare "$" or "dollars" any dollar.

:func:`sums_apart` says whether each statement gives a sum, in a currency the other's sums
may be in, that none of the other's sums matches ("Rent: $1,850/month" / "pays 2,100
dollars a month in rent"): two sums of one currency, never one fact said twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reverie.text.apart import close, matched_both_ways, unmatched_both_ways
from reverie.text.quantities import quantities
from reverie.text.vocabulary.attributes import CURRENCY_NAMES, DOLLAR_CODES, VALUE_WORDS

__all__ = ["Sum", "sums", "sums_alike", "sums_apart"]

# relative difference under which two sums are one sum rounded ("$12.4k" / "$12,400")
SAME_RATIO = 0.005

_WORDS: dict[str, frozenset[str]] = {}
for _code, _names in CURRENCY_NAMES.items():
    for _name in _names - {"pound"}:
        _WORDS[_name] = _WORDS.get(_name, frozenset()) | {_code}
_CODES = frozenset(code for code, kind in VALUE_WORDS.items() if kind == "currency")


@dataclass(frozen=True)
class Sum:
    """A sum of money: its value, the currencies it may be in (ISO codes), as written."""

    value: float
    currencies: frozenset[str]
    said: str


@lru_cache(maxsize=1 << 15)
def sums(text: str) -> tuple[Sum, ...]:
    """The sums of money ``text`` gives, in order (figures of no currency left out;
    remembered per text)."""
    found = []
    for q in quantities(text):
        currencies = _currencies(q.unit)
        if currencies:
            found.append(Sum(q.value, currencies, q.said))
    return tuple(found)


def sums_apart(a: str, b: str) -> tuple[Sum, Sum] | None:
    """A sum of each text that no sum of the other matches in a currency both may be in
    (the first of each), or None: "$1,850/month" / "2,100 dollars a month" are two sums,
    "$12,400" / "12,400 USD" one, and "$49" / "€49" two currencies, not this rule's."""
    return unmatched_both_ways(sums(a), sums(b), _same, comparable=_one_currency)


def sums_alike(a: str, b: str) -> bool:
    """Both texts give sums, each matched on the other side: "$12,400" / "12,400 USD"."""
    return matched_both_ways(sums(a), sums(b), _same)


def _currencies(unit: str) -> frozenset[str]:
    if unit == "$":
        return DOLLAR_CODES
    if unit in _CODES:
        return frozenset({unit})
    return _WORDS.get(unit, frozenset())


def _one_currency(s: Sum, o: Sum) -> bool:
    return bool(s.currencies & o.currencies)


def _same(s: Sum, o: Sum) -> bool:
    return _one_currency(s, o) and close(s.value, o.value, SAME_RATIO)
