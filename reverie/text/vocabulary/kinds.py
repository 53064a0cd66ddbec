"""Kinds WordNet 3.1 does not file where people do: word data for
:func:`reverie.judges.lexicon.is_kind_of`.

WordNet puts a dog under *canine* and *domestic animal*, never under *pet*; a brother under
*male sibling* and *relative*, not under *sibling*; a kitten under *young mammal*. A note
that says "has no pets" denies "has two cats" all the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["CIRCUMSTANCE_KINDS", "CONDITIONS", "FORMER_KIN", "KINDS", "TIME_KINDS", "WITHOUT"]

KINDS: Mapping[str, frozenset[str]] = {
    "pet": frozenset(
        re.findall(
            r"\S+",
            """dog cat puppy kitten hamster rabbit bunny parrot goldfish fish bird turtle
            tortoise snake lizard gecko ferret gerbil guinea_pig budgie canary""",
        )
    ),
    "sibling": frozenset({"brother", "sister"}),
    "kid": frozenset({"son", "daughter"}),
    "cat": frozenset({"kitten"}),
    # trades WordNet lacks, or files under one who travels or operates ("a courier", "a
    # trucker"): a person's work
    "worker": frozenset(re.findall(r"\S+", """barista courier trucker chauffeur nanny babysitter
        bodyguard videographer animator youtuber streamer influencer blogger podcaster
        vlogger""")),
    # the common food allergens WordNet files as plants, seeds or proteins
    "food": frozenset({"peanut", "nut", "gluten", "egg", "soy", "sesame", "wheat", "dairy",
                       "lactose", "tree_nut"}),
    # WordNet files shrimp and crab beside shellfish, as seafood
    "shellfish": frozenset({"shrimp", "prawn", "crab", "lobster", "crayfish", "scallop",
                            "oyster", "mussel", "clam"}),
}
"""Broad noun -> the narrower nouns that are of its kind, beside WordNet's hypernyms."""

WITHOUT: Mapping[str, str] = {
    "single": "spouse",
    "unmarried": "spouse",
    "childless": "child",
    "only child": "sibling",
}
"""A state of a person (a copula's value, with its adjective where it has one) -> the kind
of relative it says the person has none of: "is single" denies a wife, "is an only
child" a brother."""

FORMER_KIN = frozenset({"late", "former", "ex", "deceased", "dead"})
"""Words before a relative that make them one the holder no longer has ("my late husband",
"my former partner")."""

CONDITIONS: Mapping[str, str] = {
    "allergic": "allergy",
    "intolerant": "intolerance",
}
"""An adjective of a condition a person has to something -> its noun: "is allergic to
peanuts" says "has a peanut allergy"."""

TIME_KINDS = ("time_period", "time_unit")
"""WordNet kinds of a time a thing holds at ("on weekends", "after hours")."""

CIRCUMSTANCE_KINDS = (*TIME_KINDS, "work", "location", "social_group", "person")
"""WordNet kinds of where, when or with whom a wish or a way holds ("at work", "at home",
"with family", "from vendors"), after a preposition of circumstance."""
