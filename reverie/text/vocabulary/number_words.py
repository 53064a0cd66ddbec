"""Number words: English words for numbers and the multipliers that scale them."""

from __future__ import annotations

__all__ = [
    "MULTIPLIER_SUFFIXES",
    "MULTIPLIER_WORDS",
    "NUMBER_NAMES",
    "NUMBER_WORDS",
    "ORDINALS",
    "QUANTITY_WORDS",
    "TENS",
]

NUMBER_NAMES = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
"""The numbers zero to twenty in words; a word's index is its value."""

NUMBER_WORDS: dict[str, int] = {word: value for value, word in enumerate(NUMBER_NAMES)}
"""The value of each of the words zero to twenty."""

TENS: dict[str, int] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
"""The tens from twenty to ninety, by word."""

QUANTITY_WORDS: dict[str, int] = {
    "hundred": 100,
    "thousand": 1000,
    "dozen": 12,
    "twice": 2,
    "once": 1,
    "single": 1,
    "a couple": 2,
}
"""Other words that state a count ("a dozen", "twice")."""

MULTIPLIER_WORDS: dict[str, int] = {
    "hundred": 100,
    "thousand": 1_000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
}
"""Words that multiply the number before them ("twenty thousand")."""

MULTIPLIER_SUFFIXES: dict[str, int] = {"k": 1_000, "m": 1_000_000, "bn": 1_000_000_000}
"""Suffixes that multiply the number they end ("$20k")."""

ORDINALS = frozenset(
    {
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
        "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
        "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth",
        "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth",
        "hundredth", "thousandth", "last", "half", "quarter",
    }
)
"""Ordinal and fraction words ("first", "a fifth", "one-twentieth"): a place or a share,
which WordNet files as adjectives opposed to the cardinal numbers."""
