"""as_utc: a naive datetime is UTC, an aware one is converted, out of range is a ValueError."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from reverie.text.utc import as_utc


def test_naive_is_taken_as_utc() -> None:
    assert as_utc(datetime(2026, 3, 1, 9, 0)) == datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    assert as_utc(datetime(2026, 3, 1, 9, 0)).tzinfo is UTC


def test_aware_is_converted_to_utc() -> None:
    pacific = datetime(2026, 3, 14, 20, 0, tzinfo=timezone(timedelta(hours=-8)))
    converted = as_utc(pacific)
    assert converted.tzinfo is UTC
    assert converted == datetime(2026, 3, 15, 4, 0, tzinfo=UTC)
    assert converted.isoformat() == "2026-03-15T04:00:00+00:00"


def test_out_of_range_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="out of range"):
        as_utc(datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=2))))
