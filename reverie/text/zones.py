"""Time zones a statement names, as the UTC offsets they may mean.

:func:`zones` finds, in a statement's text (the word data is
:mod:`reverie.text.vocabulary.zones`; the offsets are the tz database's, :mod:`zoneinfo`):

* offsets: "UTC+4", "GMT-3:30", "UTC -6" (a minus sign too);
* abbreviations in capitals: "PST", "CET", "AEST", "GST" (the tz database's for the
  zones of :data:`~reverie.text.vocabulary.zones.ABBREVIATION_ZONES`, and
  :data:`~reverie.text.vocabulary.zones.ZONE_ABBREVIATIONS`; one may mean several zones:
  "CST" is Chicago's, Havana's or China's);
* names before "time": "Pacific time", "Central European Standard Time", and "US Central";
* a city of the tz database before "time" or "hours": "Sydney time", "Helsinki hours";
* hours from another zone: "three hours behind New York", "eight hours ahead of UTC" (the
  holder's zone; the other alone, "two hours ahead of UTC", is what it is measured from).

Each is a :class:`Zone`: the offsets in hours it may mean (winter and summer), as
written, and whether it is a time's (a clock time just before it, "3pm ET", a timed
thing in its clause, "timestamps in UTC",
:data:`~reverie.text.vocabulary.zones.TIMED_THINGS`, or what another zone is measured
from, "two hours ahead of UTC"), not where someone is. :func:`held_zone` is the one zone
a statement places its holder in.
"""

from __future__ import annotations

import re
import threading
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from reverie.text.former import named_after_from
from reverie.text.vocabulary.number_words import NUMBER_NAMES, NUMBER_WORDS
from reverie.text.vocabulary.zones import (
    ABBREVIATION_ZONES,
    RELATIVE_WORDS,
    TIMED_THINGS,
    ZONE_ABBREVIATIONS,
    ZONE_NAMES,
)

__all__ = ["Zone", "held_zone", "one_zone", "standard", "timed_zone", "value_offsets", "zones"]

_SEASONS = (datetime(2026, 1, 15, 12), datetime(2026, 7, 15, 12))  # wall times


@dataclass(frozen=True)
class Zone:
    """A time zone named in a text: the UTC offsets (hours) it may mean, as written."""

    offsets: frozenset[float]
    said: str
    of_time: bool = False
    former: bool = False
    """Named after "from" ("moved from PST to CET"): where the holder was."""
    things: frozenset[str] = frozenset()
    """The timed things its clause says the zone is of, singular ("Show Dana times in
    Pacific time": time; "works US Eastern hours": hour); none for a clock time's."""

    @property
    def utc(self) -> str:
        """The offsets as "UTC-8/-7"."""
        return "UTC" + "/".join(f"{o:+g}" for o in sorted(self.offsets))


@lru_cache(maxsize=512)
def _offsets(key: str) -> frozenset[float]:
    """The offsets, in hours, of IANA zone ``key`` in winter and in summer."""
    z = zoneinfo.ZoneInfo(key)
    return frozenset(
        off.total_seconds() / 3600 for d in _SEASONS
        if (off := d.replace(tzinfo=z).utcoffset()) is not None
    )


def _read_abbreviations() -> dict[str, frozenset[float]]:
    """Each abbreviation (lower case) of :data:`ABBREVIATION_ZONES` in the tz database, and
    of :data:`ZONE_ABBREVIATIONS`, with the offsets it may mean."""
    found: dict[str, set[float]] = {}
    for key in ABBREVIATION_ZONES:
        z = zoneinfo.ZoneInfo(key)
        for d in _SEASONS:
            at = d.replace(tzinfo=z)
            name, off = at.tzname(), at.utcoffset()
            if name and name.isalpha() and off is not None:
                found.setdefault(name.lower(), set()).add(off.total_seconds() / 3600)
    for short, keys in ZONE_ABBREVIATIONS.items():
        found[short] = {o for k in keys for o in _offsets(k)}
    return {k: frozenset(v) for k, v in found.items()}


def _read_cities() -> dict[str, str]:
    """The tz database's cities (lower case) with their zone."""
    cities: dict[str, str] = {}
    for key in sorted(zoneinfo.available_timezones()):
        if "/" in key and not key.startswith("Etc/"):
            cities.setdefault(key.rsplit("/", 1)[1].replace("_", " ").lower(), key)
    return cities


_lock = threading.Lock()
_tables: dict[str, Any] = {}


def _table(name: str, read: Callable[[], Any]) -> Any:
    """A table read once, on first use, by one thread while the others wait."""
    found = _tables.get(name)
    if found is None:
        with _lock:
            found = _tables.get(name)
            if found is None:
                found = _tables[name] = read()
    return found


def _abbreviations() -> dict[str, frozenset[float]]:
    abbreviations: dict[str, frozenset[float]] = _table("abbreviations", _read_abbreviations)
    return abbreviations


def _cities() -> dict[str, str]:
    cities: dict[str, str] = _table("cities", _read_cities)
    return cities


_OFFSET = re.compile(r"\b(?:UTC|GMT)\s?([+\-\u2212\u2013])\s?(\d{1,2})(?::?(\d{2}))?\b", re.I)
_ABBREVIATION = re.compile(r"\b[A-Z]{2,5}\b")
_NAME = re.compile(
    r"\b(?:(?P<us>US|U\.S\.)\s+)?(?P<name>" + "|".join(
        re.escape(n) for n in sorted(ZONE_NAMES, key=len, reverse=True))
    + r")(?P<time>\s+(?:standard\s+|daylight\s+|summer\s+)?(?:time|tz)\b)?", re.I)
_IANA = re.compile(r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|"
                   r"Pacific)/[A-Za-z_]+(?:/[A-Za-z_]+)?")
_CITY = re.compile(r"\b([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+(?:time|hours)\b")
_CLAUSE_END = re.compile(r"[;.!?,:()\u2014]")
# "Timezone: Pacific", "Dana's time zone is Central": a name said as the zone
_KEY_BEFORE = re.compile(r"\b(?:time\s?zone|tz)\s*(?::|=|-|\bis\b(?:\s+now)?)\s*$", re.I)
_CLOCK_BEFORE = re.compile(
    r"(?:\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?|noon|midnight)\s*$", re.I)


def zones(text: str) -> tuple[Zone, ...]:
    """Every time zone ``text`` names, in order, each span read once (an IANA name such
    as "Europe/Berlin" first, then an offset)."""
    found: list[tuple[int, Zone]] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match[str], offsets: frozenset[float]) -> None:
        if offsets and not any(s < m.end() and m.start() < e for s, e in taken):
            taken.append((m.start(), m.end()))
            of_time, things = _timing(text, m.start(), m.end())
            former = named_after_from(text, m.start())
            found.append((m.start(), Zone(offsets, m.group(0).strip(), of_time, former,
                                          things)))

    for m in _SHIFTED.finditer(text):  # "three hours behind New York": where one is
        offsets = _shifted(m)
        if offsets:
            taken.append((m.start(), m.end()))
            found.append((m.start(), Zone(offsets, m.group(0).strip(), False,
                                          named_after_from(text, m.start()), frozenset())))
    for m in _IANA.finditer(text):  # "Europe/Berlin", as the tz database names it
        if m.group(0) in _table("iana", lambda: frozenset(zoneinfo.available_timezones())):
            add(m, _offsets(m.group(0)))
    for m in _OFFSET.finditer(text):
        sign = 1 if m.group(1) == "+" else -1
        add(m, frozenset({sign * (int(m.group(2)) + int(m.group(3) or 0) / 60)}))
    for m in _NAME.finditer(text):
        # "US Central", "Pacific time", "timezone: Pacific"; not "central London"
        if m.group("us") or m.group("time") or _KEY_BEFORE.search(text, 0, m.start()):
            add(m, frozenset(o for k in ZONE_NAMES[m.group("name").lower()] for o in _offsets(k)))
    for m in _CITY.finditer(text):
        key = _cities().get(m.group(1).lower())
        if key is not None:
            add(m, _offsets(key))
    for m in _ABBREVIATION.finditer(text):
        add(m, _abbreviations().get(m.group(0).lower(), frozenset()))
    return tuple(z for _, z in sorted(found, key=lambda f: f[0]))


_SHIFTED = re.compile(
    r"\b(?i:(?P<hours>\d{1,2}|" + "|".join(NUMBER_NAMES[1:13]) + r")\s+hours?\s+"
    r"(?P<way>ahead\s+of|behind))\s+(?P<zone>[A-Z]{2,5}\b|[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)")


def _shifted(m: re.Match[str]) -> frozenset[float]:
    """The offsets a zone said from another is at ("three hours behind New York": New
    York's, three hours less), the other a city, an abbreviation, UTC or GMT; else none."""
    said = m.group("zone")
    said_hours = m.group("hours")
    hours = int(said_hours) if said_hours.isdigit() else NUMBER_WORDS[said_hours.lower()]
    key = _cities().get(said.lower())
    base = (frozenset({0.0}) if said.upper() in {"UTC", "GMT"}
            else _offsets(key) if key is not None
            else _abbreviations().get(said.lower(), frozenset()) if said.isupper()
            else frozenset())
    sign = 1 if m.group("way").lower().startswith("ahead") else -1
    return frozenset(o + sign * hours for o in base)


def _timing(text: str, start: int, end: int) -> tuple[bool, frozenset[str]]:
    """Whether the zone at ``start:end`` is a time's: a clock time just before it, what
    another zone is measured from ("two hours ahead of UTC"), or a timed thing in its
    clause ("timestamps in UTC", "on UTC for on-call rotations"); and those timed things
    (nouns, singular: "Show Dana times in Pacific time": time), none for the first two."""
    if _CLOCK_BEFORE.search(text[max(0, start - 12):start]):
        return True, frozenset()
    before = _CLAUSE_END.split(text[:start])[-1].lower()
    if before.rstrip().endswith(RELATIVE_WORDS):
        return True, frozenset()
    after = _CLAUSE_END.split(text[end:])[0].lower()
    # "local time" is the zone one is in, no timed thing
    said = f"{before} {after}".replace("time zone", "zone").replace("local time", "zone")
    words = set(re.findall(r"[a-z]+", said))
    timed = words & TIMED_THINGS
    return bool(timed), frozenset(w.removesuffix("s") for w in timed - _SHOWING)


# words of showing or placing times, no timed thing of their own
_SHOWING = frozenset({"display", "displayed", "show", "shown", "scheduled", "published",
                      "posted"})


@lru_cache(maxsize=4096)
def timed_zone(text: str) -> Zone | None:
    """The one zone ``text`` says its timed things are in ("Times for Dana should be shown
    in CET", "Dana works US Eastern hours"), where it places its holder in none: the
    zones of timed things when they can all be one, with their things; else None."""
    if held_zone(text) is not None:
        return None
    timed = [z for z in zones(text) if z.things and not z.former]
    if not timed:
        return None
    offsets = frozenset.intersection(*(z.offsets for z in timed))
    if not offsets:
        return None
    return Zone(offsets, " ".join(z.said for z in timed), of_time=True,
                things=frozenset().union(*(z.things for z in timed)))


@lru_cache(maxsize=4096)
def held_zone(text: str) -> Zone | None:
    """The one zone ``text`` places its holder in: the zones it names but a time's,
    when they can all be one ("GST (UTC+4)": UTC+4), one it was in aside ("moved from
    PST to CET": CET); None when it names none, or two that cannot be one. Remembered
    per text (a dream asks for each statement once per pair)."""
    named = [z for z in zones(text) if not z.of_time and not z.former]
    if not named:
        return None
    offsets = frozenset.intersection(*(z.offsets for z in named))
    if not offsets:
        return None
    return Zone(offsets, " ".join(z.said for z in named))


def one_zone(x: frozenset[float], y: frozenset[float]) -> bool:
    """Two zones' offsets may be one zone's: an offset in common, but two zones each of a
    winter and a summer hour (one hour apart) only when both hours are one ("Mountain",
    UTC-7/-6, and "Pacific", UTC-8/-7, are two; "PST", UTC-8 or Philippine UTC+8, may be
    "Pacific")."""
    if _seasons(x) and _seasons(y):
        return x == y
    return bool(x & y)


def standard(offsets: frozenset[float]) -> frozenset[float]:
    """A zone's standard offset where it has a summer one besides ("Pacific": UTC-8, not
    -7, which is MST's), else its offsets as they are: what two names of one zone share."""
    return frozenset({min(offsets)}) if _seasons(offsets) else offsets


def _seasons(offsets: frozenset[float]) -> bool:
    """The offsets are one zone's winter and summer hours: two, one hour apart."""
    return len(offsets) == 2 and max(offsets) - min(offsets) == 1


def value_offsets(words: frozenset[str]) -> frozenset[float]:
    """The UTC offsets a zone value's lower-cased words may mean ("cet": UTC+1, as the
    abbreviation table has it; "utc+1": UTC+1), empty when they name no zone; an
    abbreviation is read in capitals. The words are a set, read in sorted order, so a
    name of several words may be missed ("us eastern")."""
    text = " ".join(sorted(words))
    found = zones(text) or zones(text.upper())
    return frozenset(o for z in found for o in z.offsets)
