"""Amounts of a physical measure a statement gives ("70 kg", "185 pounds", "5 ft 11", "68 °F",
"a 12-mile commute"), each in its measure's base unit so that two units can be compared.

:func:`amounts` reads the figures :func:`reverie.text.quantities.quantities` finds, keeps
those whose unit `pint <https://pint.readthedocs.io>`_ knows as a mass, a length, a
temperature, a volume, an area or a speed (:data:`MEASURES`), and converts each to that
measure's base unit (kilogram, metre, kelvin, ...). A height said in feet and inches ("5
foot 11", "5 ft 10 in", "5'11\"") is one length, and a figure written as a word up to
twenty counts ("six miles"). Durations, currencies and words of two readings ("m": a metre
or a million; "in"; "degrees": of heat or of arc) are left out.

:func:`same_amount` and :func:`amounts_apart` compare two amounts of one measure with a
tolerance: the same amount said in two units ("70 kg" / "154 lb", "20 °C" / "68 °F"), or
two amounts no rounding of one explains ("70 kg" / "185 lb"). Between the two tolerances
neither holds: an approximation or a small change, which the caller leaves undecided.

The unit registry is built on first use (about 0.5 s), not at import.
"""

from __future__ import annotations

import math
import pickle
import re
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from reverie.cachedir import cache_dir
from reverie.text.quantities import quantities
from reverie.text.vocabulary.number_words import NUMBER_WORDS

if TYPE_CHECKING:
    import pint

__all__ = [
    "MEASURES",
    "Amount",
    "amounts",
    "amounts_apart",
    "load_registry",
    "one_unit",
    "same_amount",
    "warm",
]

# pint's dimensionality of each measure compared, by name
MEASURES = {
    "[mass]": "mass",
    "[length]": "length",
    "[temperature]": "temperature",
    "[length] ** 3": "volume",
    "[length] ** 2": "area",
    "[length] / [time]": "speed",
}
# units written alike for another thing: "5m" (a million), "2 in the morning", "18 degrees"
# (of arc to pint), "a 5 pt font", "5 t" (a ton, or a letter)
_AMBIGUOUS = frozenset({"m", "in", "degree", "pt", "t", "a", "s", "h", "d", "min", "st", "at"})
# relative difference of two amounts still one amount rounded ("about 154 lb" of 70 kg:
# 0.1 %; "about 160 lb": 3.5 %), and beyond which no rounding explains them ("165 lb" of
# 70 kg: 6.4 %, "185 lb": 20 %)
SAME_RATIO = 0.04
APART_RATIO = 0.06
# the same for temperatures, in kelvin ("39 °F" of 4 °C: 0.1 K; "75 °F" of 20 °C: 3.9 K)
SAME_KELVIN = 1.0
APART_KELVIN = 2.0

_FEET_INCHES = re.compile(
    r"(?<![\w.])(?P<feet>\d)\s?(?:'|’|ft\b\.?|feet\b|foot\b)\s?(?:and\s)?"
    r"(?P<inches>\d{1,2})(?!\d)(?:\s?(?:\"|”|''|inch(?:es)?\b|in\b\.?))?")
# a figure written as a word before a word that may be its unit ("six miles", "ten kilos")
_SPELLED = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b(?=[\s-]+[A-Za-z°])", re.IGNORECASE)
# unit words pint does not know by that name
_ALIASES = {"kilo": "kilogram"}
_DEGREES = re.compile(r"(?<=\d)\s?degrees?\s+(?P<scale>celsius|fahrenheit|c|f)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Amount:
    """A figure of one measure: its value in the measure's base unit, the measure, the unit
    as written (:func:`~reverie.text.quantities.quantities`' form) and the words."""

    value: float
    measure: str
    unit: str
    said: str


@lru_cache(maxsize=4096)
def amounts(text: str) -> tuple[Amount, ...]:
    """Every amount of a measure ``text`` gives, in order of the words; remembered per text."""
    found: list[Amount] = []
    text = _SPELLED.sub(lambda m: str(NUMBER_WORDS[m.group(1).lower()]), text)
    for m in _FEET_INCHES.finditer(text):
        inches = int(m.group("inches"))
        if inches < 12:
            metres = (int(m.group("feet")) * 12 + inches) * 0.0254
            found.append(Amount(metres, "length", "foot", m.group(0).strip()))
    rest = _FEET_INCHES.sub(lambda m: " " * len(m.group(0)), text) if found else text
    rest = _DEGREES.sub(lambda m: " °" + m.group("scale")[0].upper(), rest)
    for q in quantities(rest):
        base = _in_base(q.unit, q.value)
        if base is not None:
            found.append(Amount(base[0], base[1], q.unit, q.said))
    return tuple(found)


def same_amount(x: Amount, y: Amount) -> bool:
    """``x`` and ``y`` are one amount of one measure, within the rounding of a conversion."""
    return x.measure == y.measure and _difference(x, y) <= _tolerance(x, same=True)


def amounts_apart(x: Amount, y: Amount) -> bool:
    """``x`` and ``y`` are two amounts of one measure that no rounding makes one."""
    return x.measure == y.measure and _difference(x, y) > _tolerance(x, same=False)


def one_unit(u: str, v: str) -> bool:
    """``u`` and ``v`` (as :func:`amounts` writes units) name one unit ("kg" / "kilogram",
    "lb" / "pound", "ft" / "foot")."""
    if u == v:
        return True
    x, y = _in_base(u, 1.0), _in_base(v, 1.0)
    return x is not None and x == y


def warm() -> None:
    """Build the unit registry now (a worker's start-up), not at the first amount."""
    _registry()


def _difference(x: Amount, y: Amount) -> float:
    """Kelvin apart for temperatures; else relative to the larger amount."""
    if x.measure == "temperature":
        return abs(x.value - y.value)
    larger = max(abs(x.value), abs(y.value))
    return abs(x.value - y.value) / larger if larger else 0.0


def _tolerance(x: Amount, *, same: bool) -> float:
    if x.measure == "temperature":
        return SAME_KELVIN if same else APART_KELVIN
    return SAME_RATIO if same else APART_RATIO


@lru_cache(maxsize=1024)
def _in_base(unit: str, value: float) -> tuple[float, str] | None:
    """``value`` of ``unit`` in its measure's base unit, and the measure; None for a word
    pint does not know as a unit of :data:`MEASURES`."""
    if unit in _AMBIGUOUS or not unit.isalpha():
        return None
    import pint  # the registry's own import costs a quarter of a second: only when asked

    ureg = _registry()
    try:
        quantity = ureg.Quantity(value, _ALIASES.get(unit, unit))
    except (pint.errors.UndefinedUnitError, pint.errors.DefinitionSyntaxError,
            AttributeError, ValueError, TypeError):
        return None
    measure = MEASURES.get(str(quantity.dimensionality))
    if measure is None:
        return None
    base = quantity.to_base_units().magnitude
    return (float(base), measure) if math.isfinite(base) else None


@lru_cache(maxsize=1)
def _registry() -> pint.UnitRegistry[float]:
    """pint's registry; its parsed definitions kept in the user's cache (a second start
    reads them: 0.05 s, not 0.45)."""
    return load_registry(cache_dir("pint"))


def load_registry(folder: Path | None) -> pint.UnitRegistry[float]:
    """pint's registry cached in ``folder``; built afresh, and the folder emptied, when
    its cache cannot be read (another process still writing it, or one killed while it
    wrote: pint writes in place)."""
    import pint

    if folder is None:
        return pint.UnitRegistry()
    try:
        return pint.UnitRegistry(cache_folder=folder)
    except (EOFError, pickle.UnpicklingError):
        shutil.rmtree(folder, ignore_errors=True)
        return pint.UnitRegistry()
