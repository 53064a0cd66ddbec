"""Time-zone words: the names and abbreviations of zones, each as the IANA zones it means.

The offsets themselves come from the tz database (:mod:`zoneinfo`), so summer time is
the database's, not ours. Abbreviations the database still uses ("PST", "CET", "AEST")
are read from it too (:mod:`reverie.text.zones`); these tables hold what it does not
say: the long names people write ("Pacific time", "Central European Time") and the
abbreviations it has dropped for numeric ones ("GST", "SGT").
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "ABBREVIATION_ZONES",
    "RELATIVE_WORDS",
    "TIMED_THINGS",
    "ZONE_ABBREVIATIONS",
    "ZONE_NAMES",
    "ZONE_WORDS",
]

ZONE_NAMES: Mapping[str, tuple[str, ...]] = {
    "pacific": ("America/Los_Angeles",),
    "mountain": ("America/Denver",),
    "central": ("America/Chicago",),
    "eastern": ("America/New_York",),
    "atlantic": ("America/Halifax",),
    "alaska": ("America/Anchorage",),
    "hawaii": ("Pacific/Honolulu",),
    "hawaii-aleutian": ("Pacific/Honolulu",),
    "greenwich mean": ("Etc/GMT",),
    "greenwich": ("Etc/GMT",),
    "coordinated universal": ("Etc/UTC",),
    "universal": ("Etc/UTC",),
    "british": ("Europe/London",),
    "irish": ("Europe/Dublin",),
    "western european": ("Europe/Lisbon",),
    "central european": ("Europe/Paris",),
    "eastern european": ("Europe/Helsinki",),
    "moscow": ("Europe/Moscow",),
    "gulf": ("Asia/Dubai",),
    "israel": ("Asia/Jerusalem",),
    "pakistan": ("Asia/Karachi",),
    "india": ("Asia/Kolkata",),
    "indian": ("Asia/Kolkata",),
    "china": ("Asia/Shanghai",),
    "chinese": ("Asia/Shanghai",),
    "singapore": ("Asia/Singapore",),
    "hong kong": ("Asia/Hong_Kong",),
    "philippine": ("Asia/Manila",),
    "japan": ("Asia/Tokyo",),
    "korea": ("Asia/Seoul",),
    "korean": ("Asia/Seoul",),
    "australian eastern": ("Australia/Sydney",),
    "australian central": ("Australia/Adelaide",),
    "australian western": ("Australia/Perth",),
    "new zealand": ("Pacific/Auckland",),
}
"""The name before "time" ("Pacific time", "Central European Standard Time", "US
Central"): the zones it means."""

ABBREVIATION_ZONES = (
    "America/Los_Angeles", "America/Denver", "America/Phoenix", "America/Chicago",
    "America/New_York", "America/Halifax", "America/St_Johns", "America/Anchorage",
    "Pacific/Honolulu", "America/Mexico_City", "America/Havana", "America/Sao_Paulo",
    "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin",
    "Europe/Helsinki", "Europe/Athens", "Europe/Moscow", "Africa/Johannesburg",
    "Africa/Lagos", "Africa/Nairobi", "Africa/Cairo", "Asia/Jerusalem", "Asia/Karachi",
    "Asia/Kolkata", "Asia/Jakarta", "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Manila",
    "Asia/Tokyo", "Asia/Seoul", "Australia/Perth", "Australia/Darwin", "Australia/Adelaide",
    "Australia/Brisbane", "Australia/Sydney", "Pacific/Auckland", "Etc/UTC", "Etc/GMT",
)
"""The zones whose abbreviations the tz database is asked for ("PST", "CET", "AEST", "IST"
of Kolkata, Dublin and Jerusalem): read once, on first use."""

ZONE_ABBREVIATIONS: Mapping[str, tuple[str, ...]] = {
    "gst": ("Asia/Dubai",),
    "sgt": ("Asia/Singapore",),
    "ict": ("Asia/Bangkok",),
    "pht": ("Asia/Manila",),
    "ast": ("America/Halifax",),
    "adt": ("America/Halifax",),
    "et": ("America/New_York",),
    "ct": ("America/Chicago",),
    "mt": ("America/Denver",),
    "pt": ("America/Los_Angeles",),
    "aet": ("Australia/Sydney",),
    "cat": ("Africa/Maputo",),
    "eat": ("Africa/Nairobi",),
    "wat": ("Africa/Lagos",),
    "brt": ("America/Sao_Paulo",),
    "art": ("America/Argentina/Buenos_Aires",),
}
"""Upper-case abbreviations the tz database does not name ("GST": Gulf Standard Time),
and the generic "ET", "PT" (either season's time)."""

ZONE_WORDS = frozenset({"time", "zone", "timezone", "tz", "hours", "standard", "daylight"})
"""Words that say a name or a city is a zone ("Sydney time", "Helsinki hours")."""

TIMED_THINGS = frozenset({
    "time", "times", "timestamp", "timestamps", "date", "dates", "clock", "clocks",
    "calendar", "calendars", "log", "logs", "report", "reports", "deadline", "deadlines",
    "meeting", "meetings", "call", "calls", "standup", "schedule", "scheduled", "server",
    "servers", "cron", "job", "jobs", "invoice", "invoices", "display", "displayed", "show",
    "shown", "hours", "shift", "shifts", "rotation", "rotations", "rota", "published",
    "posted",
})
"""Words of things that have times, or of showing them: a zone said of them ("timestamps
in UTC", "the calendar is set to UTC", "calls in Pacific Time", "support hours are
published in GMT") is theirs, not where their holder is."""

RELATIVE_WORDS = ("ahead of", "behind", "offset from", "relative to")
"""Words before a zone that say another is measured from it ("two hours ahead of UTC")."""
