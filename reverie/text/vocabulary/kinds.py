"""Kinds WordNet 3.1 does not file where people do: word data for
:func:`reverie.judges.lexicon.is_kind_of`.

WordNet puts a dog under *canine* and *domestic animal*, never under *pet*; a brother under
*male sibling* and *relative*, not under *sibling*; a kitten under *young mammal*. A note
that says "has no pets" denies "has two cats" all the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["KINDS"]

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
}
"""Broad noun -> the narrower nouns that are of its kind, beside WordNet's hypernyms."""
