"""Abbreviations whose period does not end a sentence ("e.g.", "vs.", "Dr.")."""

from __future__ import annotations

__all__ = ["ABBREVIATIONS", "HONORIFICS"]

ABBREVIATIONS = frozenset(
    [
        "e.g",
        "i.e",
        "etc",
        "vs",
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "approx",
        "inc",
        "ltd",
        "co",
        "corp",
        "jr",
        "sr",
        "st",
        "no",
        "fig",
        "u.s",
        "u.k",
    ]
)
"""Lower-case abbreviations, without their final period, that a period follows mid-sentence."""

HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "dr", "prof", "mx", "sir", "dame"})
"""Words before a person's name that are no part of it ("Ms. Nair" is Priya Nair), without
their period."""
