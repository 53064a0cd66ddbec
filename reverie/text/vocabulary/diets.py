"""Diets a holder keeps, and the kinds each one rules out: word data for the offline
judge's ``denied-consumption`` ("is vegetarian" / "eats steak every week")."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["DIETS"]

DIETS: Mapping[str, frozenset[str]] = {
    "vegetarian": frozenset({"meat", "fish", "seafood"}),
    "vegan": frozenset({"meat", "fish", "seafood", "dairy_product", "egg", "honey"}),
    "pescatarian": frozenset({"meat"}),
    "teetotal": frozenset({"alcohol"}),
    "teetotaler": frozenset({"alcohol"}),
}
"""A copula's value (a WordNet noun lemma's kinds, ``_`` for a space) -> what it denies
taking in: "is vegan" denies any dairy product; "is teetotal" any alcohol."""
