"""Injectable clocks: all of Reverie's dates come from one, so tests and replay are exact."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol

from reverie.text.utc import as_utc


class Clock(Protocol):
    """Tells the current time as an aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        """Return the current UTC time."""
        return datetime.now(UTC)


@dataclass
class FixedClock:
    """A clock that says what it is told; replay moves it to each event's time."""

    current: datetime = field(default_factory=lambda: datetime(2026, 1, 1, tzinfo=UTC))

    def now(self) -> datetime:
        """Return the time last set."""
        return self.current

    def set(self, when: datetime) -> None:
        """Move the clock to ``when`` (naive values are taken as UTC)."""
        self.current = as_utc(when)
