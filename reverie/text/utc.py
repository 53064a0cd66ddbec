"""One reading of a timestamp: a naive datetime is UTC, an aware one is converted to UTC."""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["as_utc"]


def as_utc(when: datetime) -> datetime:
    """``when`` in UTC, a naive value taken as UTC; ValueError if UTC cannot hold it."""
    aware = when if when.tzinfo else when.replace(tzinfo=UTC)
    try:
        return aware.astimezone(UTC)
    except OverflowError:  # e.g. 0001-01-01T00:00:00+02:00 is in year 0 in UTC
        raise ValueError("timestamp out of range once converted to UTC") from None
