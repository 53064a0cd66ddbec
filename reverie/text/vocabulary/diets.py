"""Diets a holder keeps and conditions a holder has, and the kinds each one rules out: word
data for the offline judge's ``denied-consumption`` ("is vegetarian" / "eats steak every
week", "is lactose intolerant" / "drinks milk every day")."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["CONDITION_SORTS", "DIETS", "FOUND_IN"]

DIETS: Mapping[str, frozenset[str]] = {
    "vegetarian": frozenset({"meat", "fish", "seafood"}),
    "vegan": frozenset({"meat", "fish", "seafood", "dairy_product", "egg", "honey"}),
    "pescatarian": frozenset({"meat"}),
    "teetotal": frozenset({"alcohol"}),
    "teetotaler": frozenset({"alcohol"}),
}
"""A copula's value (a WordNet noun lemma's kinds, ``_`` for a space) -> what it denies
taking in: "is vegan" denies any dairy product; "is teetotal" any alcohol."""

FOUND_IN: Mapping[str, frozenset[str]] = {
    # aged cheese and butter hold little lactose: milk and what is made with it fresh
    "lactose": frozenset({"milk", "cream", "ice_cream"}),
    "gluten": frozenset({"wheat", "barley", "rye", "bread", "pasta"}),
    "dairy": frozenset({"dairy_product"}),
}
"""What a holder avoids that is no food of its own -> the WordNet kinds it is found in:
"is lactose intolerant" rules out milk."""

CONDITION_SORTS = frozenset({
    "food", "drug", "medication", "medicine", "seasonal", "environmental", "skin", "pet",
    "animal", "contact", "insect", "chemical",
})
"""Nouns that say which sort a condition is, not what it rules out: "a food allergy" is
to some food, and rules out none by name."""
