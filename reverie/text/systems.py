"""The measurement system and temperature scale a statement asks for or uses.

"metric", "SI" and a metric unit named without a figure ("distances in kilometers") mean
the metric system; "imperial", "US customary" and an imperial unit without a figure
("in miles") the imperial one. "Celsius" / "°C" and "Fahrenheit" / "°F" without a figure
are the two temperature scales. A unit after a figure is an amount ("runs 5 miles"), which
:mod:`reverie.text.amounts` reads; a value denied ("never metric", "not in Fahrenheit") is
not asked for, and is returned apart so that the caller can tell its negation from another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["MEASURED_WORDS", "SYSTEM_WORDS", "Systems", "systems", "systems_apart"]

MEASURED_WORDS = frozenset({
    "distance", "weight", "temperature", "height", "length", "recipe", "forecast",
    "weather", "speed", "volume", "size", "ingredient", "route", "run", "mileage",
})
"""What a system is asked for ("temperatures in Celsius", "recipes in grams"): two things
measured may each take their own system."""

SYSTEM_WORDS = MEASURED_WORDS | {"unit", "measurement", "system", "scale", "reading"}
"""Subjects of a system statement that name what is measured, not whose it is
("Temperatures should be in Celsius")."""

# (system, pattern): named systems, then units named without a figure before them
_SAID = (
    ("metric", r"\bmetric|\bSI units?|\bthe SI"),
    ("imperial", r"\bimperial|\bUS customary|\bcustomary units?"),
    ("celsius", r"\bcelsius|\bcentigrade|°\s?C\b|\bdegrees C\b"),
    ("fahrenheit", r"\bfahrenheit|°\s?F\b|\bdegrees F\b"),
)
_UNITS = (
    ("metric", r"kilomet(?:er|re)s|met(?:er|re)s|centimet(?:er|re)s|kilograms|grams|"
               r"lit(?:er|re)s|km|kg|cm"),
    ("imperial", r"miles|feet|inches|pounds|ounces|gallons|yards|lbs?|oz"),
)
_KIND = {"metric": "measurement system", "imperial": "measurement system",
         "celsius": "temperature scale", "fahrenheit": "temperature scale"}
_SYSTEM = re.compile("|".join(f"(?P<{name}>{p})" for name, p in _SAID), re.IGNORECASE)
# a unit word as lower case, not after a figure ("5 miles", "12.5 kg", "five miles")
_UNIT = re.compile("|".join(f"(?P<{name}>\\b(?:{p})\\b)" for name, p in _UNITS))
_FIGURE = re.compile(r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|a few|"
                     r"several|many|a|an|per|square|cubic))\W*$", re.IGNORECASE)
_DENIED = re.compile(r"\b(?:never|not|no|instead of|rather than|without)\W+(?:\w+\W+)?$",
                     re.IGNORECASE)


@dataclass(frozen=True)
class Systems:
    """The systems a text asks for, by kind ("measurement system": {"metric"}), and those it
    denies."""

    said: dict[str, frozenset[str]]
    denied: frozenset[str]


@lru_cache(maxsize=8192)  # asked once per pair: a statement meets many others
def systems(text: str) -> Systems:
    """Return the measurement systems and temperature scales ``text`` names without a
    figure ("in Fahrenheit": fahrenheit; "distances in km": metric; not "runs 5 km")."""
    said: dict[str, set[str]] = {}
    denied: set[str] = set()
    found = [(m.start(), m.lastgroup) for m in _SYSTEM.finditer(text)]
    found += [(m.start(), m.lastgroup) for m in _UNIT.finditer(text)
              if not _FIGURE.search(text, 0, m.start())]
    for start, name in found:
        assert name is not None
        if _DENIED.search(text, max(0, start - 24), start):
            denied.add(name)
            continue
        said.setdefault(_KIND[name], set()).add(name)
    return Systems({k: frozenset(v) for k, v in said.items()}, frozenset(denied))


def systems_apart(a: str, b: str) -> tuple[str, str, str] | None:
    """The first kind both texts name one system of, and not the same, as (kind, ``a``'s,
    ``b``'s): "weights in kg" / "weights in pounds" give ("measurement system", "metric",
    "imperial"); None where no kind is named once on each side."""
    x, y = systems(a), systems(b)
    for kind in sorted(x.said.keys() & y.said.keys()):
        mine, theirs = x.said[kind], y.said[kind]
        if len(mine) == 1 and len(theirs) == 1 and mine != theirs:
            return kind, next(iter(mine)), next(iter(theirs))
    return None
