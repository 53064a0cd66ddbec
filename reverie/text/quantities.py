"""Figures a statement gives with their unit: "5 kg", "£500", "15,000 MXN", "4 °C", "a
500-gallon tank".

:func:`quantities` reads, from a statement's text, each number with the unit written
just after it ("5 lb", "25 GB", "12 miles", "500-gallon", "4 °F") or the currency just
before it ("£500", "US$20,000", "AUD 20,000"). Units are returned as written, lower
case and singular ("lbs" is "lb", "miles" "mile"); a currency sign as its ISO code ("£"
is "gbp", "€" "eur"; a bare "$" is "usd" only with "US" before it). What kind of unit it
is (a mass, a length, a currency) is the lexicon's to say, not this module's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Quantity", "quantities"]

_SIGNS = {"£": "gbp", "€": "eur", "¥": "jpy", "₹": "inr", "us$": "usd", "a$": "aud",
          "c$": "cad", "nz$": "nzd", "hk$": "hkd", "$": "$"}
_DEGREES = {"c": "celsius", "f": "fahrenheit"}
_IRREGULAR = {"feet": "foot", "kroner": "krone", "kronor": "krona", "lbs": "lb"}

_QUANTITY = re.compile(
    r"(?P<sign>(?:US|A|C|NZ|HK)\$|[£€¥₹$])?\s?"
    r"(?<![\w.,:/])(?P<minus>(?<![\w-])[-\u2212])?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<k>k\b)?"
    r"(?![\w.]*\d)"
    r"(?:(?:\s?-\s?|\s)?(?P<unit>°\s?[CF]\b|(?!(?:am|pm|a\.m|p\.m)\b)[A-Za-z]+\b(?!-)))?",
)
_CODE_BEFORE = re.compile(r"\b([A-Z]{3})\s?$")


@dataclass(frozen=True)
class Quantity:
    """A figure and its unit as written (lower case, singular; a currency's ISO code)."""

    value: float
    unit: str
    said: str


def quantities(text: str) -> tuple[Quantity, ...]:
    """Every figure of ``text`` written with a unit, in order (a bare number is left out)."""
    found: list[Quantity] = []
    for m in _QUANTITY.finditer(text):
        value = float(m.group("number").replace(",", "")) * (1000 if m.group("k") else 1)
        value = -value if m.group("minus") else value
        unit = _unit(m, text)
        if unit:
            found.append(Quantity(value, unit, m.group(0).strip()))
    return tuple(found)


def _unit(m: re.Match[str], text: str) -> str:
    """The unit of a figure: its currency sign or the code before it, else the word after it."""
    sign = (m.group("sign") or "").lower()
    if sign:
        return _SIGNS[sign]
    code = _CODE_BEFORE.search(text[max(0, m.start() - 4):m.start()])
    if code is not None:
        return code.group(1).lower()
    unit = (m.group("unit") or "").lower()
    if unit.startswith("°"):
        return _DEGREES[unit[-1]]
    if unit in _IRREGULAR:
        return _IRREGULAR[unit]
    return unit[:-1] if len(unit) > 3 and unit.endswith("s") and not unit.endswith("ss") else unit
