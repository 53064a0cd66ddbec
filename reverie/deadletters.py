"""Dead letters on ``reverie.dlq``, read back: classified, filtered, grouped, sent back.

The worker writes one record per refused message (:func:`reverie.streams.deadletter.dead_letter`):
the reason, its class, the original bytes and where they were consumed from. This module
reads them for ``reverie dlq`` and the dashboard's ``/dlq`` alike (it imports neither):

* :func:`reason_kind`: the closed set of reason classes (:data:`REASON_KINDS`), stamped on
  each record and used as the only label of ``reverie_dlq_total``: never an id or a text;
* :class:`DeadLetterEntry`: one record read back (:func:`parse_entry`);
* :class:`Selection`: the filters (since, reason, origin topic, deployment, positions);
* :func:`group_by_reason`: counts, first and last seen per reason, the reasons that differ
  only in an echoed value or id (:func:`reason_pattern`) counted as one;
* :func:`redrive`: each original's bytes back on its original topic and partition, in the
  original order; each one sent is recorded in a :class:`RedriveLedger`, so a second redrive
  skips it unless ``again``. The worker's idempotency ledger (``events_seen``) makes a
  redrive of an event applied since a no-op.

Kafka is behind :class:`DeadLetterQueue`: :class:`reverie.brokers.KafkaDeadLetters` in a
process, :class:`MemoryDeadLetters` in tests.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from reverie.domain.events import TOPIC_DLQ
from reverie.text.utc import as_utc

__all__ = [
    "REASON_KINDS",
    "DeadLetterEntry",
    "DeadLetterQueue",
    "MemoryDeadLetters",
    "MemoryRedrives",
    "ReasonGroup",
    "RedriveLedger",
    "RedriveMark",
    "RedriveReport",
    "Selection",
    "group_by_reason",
    "parse_entry",
    "parse_position",
    "parse_since",
    "reason_kind",
    "reason_pattern",
    "redrive",
]

# --- reason classes ---------------------------------------------------------------------------

REASON_KINDS: tuple[str, ...] = (
    "invalid_json", "too_large", "unsupported_version", "unknown_type", "wrong_topic",
    "no_value", "missing_field", "unexpected_field", "wrong_type", "invalid_event",
    "unknown_note", "unknown_example", "unknown_entity", "invalid_state", "judge",
    "internal", "rejected",
)
"""Every class a dead letter can have; the label values of ``reverie_dlq_total``."""

# (substring of an InvalidEvent's reason, kind), checked in order; the reasons are
# reverie.domain.events.parse_event's and reverie.streams.pipeline.decode's
_INVALID_KINDS: tuple[tuple[str, str], ...] = (
    ("is not JSON", "invalid_json"),
    ("not valid UTF-8", "invalid_json"),
    ("nested too deeply", "invalid_json"),
    ("must be a JSON object", "invalid_json"),
    ("bytes; the limit is", "too_large"),
    ("newer than this consumer supports", "unsupported_version"),
    ("unknown event_type", "unknown_type"),
    ("belongs on topic", "wrong_topic"),
    ("tombstone record", "no_value"),
    ("is missing", "missing_field"),
    ("is not allowed", "unexpected_field"),
    ("field '", "wrong_type"),
)
_JUDGE_ERRORS = ("JudgeUnavailable", "JudgeAnswerInvalid", "BudgetExhausted")


def reason_kind(reason: str, error: str | None = None) -> str:
    """Return the class (one of :data:`REASON_KINDS`) of a dead letter's reason and error class."""
    if error == "UnknownEntity":
        if reason.startswith("note '"):
            return "unknown_note"
        return "unknown_example" if reason.startswith("example '") else "unknown_entity"
    if reason.startswith("internal error"):
        return "internal"
    if error in (None, "InvalidEvent"):
        for needle, kind in _INVALID_KINDS:
            if needle in reason:
                return kind
        return "invalid_event"
    if error == "InvalidState":
        return "invalid_state"
    if error in _JUDGE_ERRORS:
        return "judge"
    return "rejected"


_GOT = re.compile(r" \(got .*")
_QUOTED = re.compile(r"(?<!field )'[^']*'")
_NUMBER = re.compile(r"\b\d+\b")
_INTERNAL = re.compile(r"^(internal error(?: while decoding)? \(\w+)[^)]*\)")


def reason_pattern(reason: str) -> str:
    """Return ``reason`` without what varies between messages refused for one cause: the
    echoed value ("(got 'seven')"), the JSON parser's position, quoted ids and values (field
    paths are kept), numbers, an internal error's message (its class is kept)."""
    text = _INTERNAL.sub(r"\1)", reason)
    if text.startswith("message is not JSON:"):
        text = "message is not JSON"
    text = _GOT.sub("", text)
    text = _QUOTED.sub("'…'", text)
    return _NUMBER.sub("N", text)


# --- entries --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeadLetterEntry:
    """One record of ``reverie.dlq`` as read back (its partition and offset there included)."""

    partition: int
    offset: int
    record: dict[str, Any]
    """The record as the worker wrote it (:class:`reverie.domain.schema.DeadLetterRecord`)."""

    @property
    def position(self) -> str:
        """``PARTITION:OFFSET`` on ``reverie.dlq``: what ``reverie dlq show`` takes."""
        return f"{self.partition}:{self.offset}"

    @property
    def ledger_id(self) -> str:
        """The entry's id in the redrive ledger: ``reverie.dlq:PARTITION:OFFSET``."""
        return f"{TOPIC_DLQ}:{self.position}"

    @property
    def reason(self) -> str:
        return str(self.record.get("reason") or "")

    @property
    def error(self) -> str | None:
        value = self.record.get("error")
        return str(value) if value else None

    @property
    def kind(self) -> str:
        """The class the worker stamped, or the one computed for records written before."""
        stamped = self.record.get("reason_kind")
        if isinstance(stamped, str) and stamped in REASON_KINDS:
            return stamped
        return reason_kind(self.reason, self.error)

    @property
    def pattern(self) -> str:
        return reason_pattern(self.reason)

    @property
    def topic(self) -> str:
        """The topic the refused message was consumed from."""
        return str(self.record["topic"])

    @property
    def origin(self) -> str:
        """``TOPIC:PARTITION:OFFSET`` of the refused message."""
        return f"{self.topic}:{self.record['partition']}:{self.record['offset']}"

    @property
    def origin_partition(self) -> int:
        return int(self.record["partition"])

    @property
    def origin_offset(self) -> int:
        return int(self.record["offset"])

    @property
    def key(self) -> bytes | None:
        key = self.record.get("key")
        return None if key is None else str(key).encode("utf-8")

    @property
    def failed_at(self) -> datetime:
        return as_utc(datetime.fromisoformat(str(self.record["failed_at"]).replace("Z", "+00:00")))

    @property
    def consumer_group(self) -> str | None:
        """The deployment (``REVERIE_APP_ID``) that refused the message."""
        group = self.record.get("consumer_group")
        return str(group) if group is not None else None

    @property
    def truncated(self) -> bool:
        return bool(self.record.get("original_truncated"))

    @property
    def kept(self) -> bytes:
        """The original bytes kept in the record (the first 256 KiB when truncated)."""
        return base64.b64decode(str(self.record.get("original_base64") or ""))


def parse_entry(partition: int, offset: int, value: bytes | None) -> DeadLetterEntry | None:
    """Return the entry of one ``reverie.dlq`` record, or None if it is not a Reverie dead
    letter (something else written to the topic)."""
    try:
        record = json.loads(value or b"")
    except ValueError:
        return None
    if not isinstance(record, dict):
        return None
    try:
        entry = DeadLetterEntry(partition, offset, record)
        _ = (entry.failed_at, entry.origin_partition, entry.origin_offset, entry.topic,
             entry.kept)
    except (KeyError, TypeError, ValueError):
        return None
    return entry


def parse_position(text: str) -> tuple[int | None, int]:
    """Return (partition or None, offset) of ``PARTITION:OFFSET`` or ``OFFSET``."""
    partition, sep, offset = text.strip().rpartition(":")
    try:
        number = int(offset)
        where = int(partition) if sep else None
    except ValueError:
        raise ValueError(f"not a dead letter's position: {text!r} (PARTITION:OFFSET, e.g. "
                         "2:17, or OFFSET)") from None
    if number < 0 or (where is not None and where < 0):
        raise ValueError(f"not a dead letter's position: {text!r} (numbers are >= 0)")
    return where, number


_AGO = re.compile(r"^(\d+)\s*([smhdw])$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_since(text: str, now: datetime) -> datetime:
    """Return the time ``text`` names: RFC 3339 (``2026-03-20T00:00:00Z``) or an age
    before ``now`` (``90m``, ``12h``, ``7d``, ``2w``)."""
    value = text.strip()
    ago = _AGO.match(value)
    if ago:
        return now - timedelta(**{_UNITS[ago[2]]: int(ago[1])})
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"not a time: {text!r} (RFC 3339 such as 2026-03-20T00:00:00Z, "
                         "or an age such as 12h or 7d)") from None
    if when.tzinfo is None:
        raise ValueError(f"not a time: {text!r} has no offset (add Z for UTC)")
    return as_utc(when)


@dataclass(frozen=True)
class Selection:
    """Which dead letters a command or page is about; an unset filter admits everything."""

    since: datetime | None = None
    reason: str | None = None
    """A reason class (``invalid_json``) or text the reason contains (case-insensitive)."""
    topic: str | None = None
    """The topic the refused messages were consumed from."""
    consumer_group: str | None = None
    """The deployment that refused them (``REVERIE_APP_ID``); None: every deployment."""
    positions: frozenset[tuple[int | None, int]] = frozenset()
    """``(partition or None, offset)`` on ``reverie.dlq``; empty: any."""

    def admits(self, entry: DeadLetterEntry) -> bool:
        """Whether ``entry`` passes every filter that is set."""
        if self.consumer_group is not None and entry.consumer_group != self.consumer_group:
            return False
        if self.topic is not None and entry.topic != self.topic:
            return False
        if self.since is not None and entry.failed_at < self.since:
            return False
        if self.reason is not None:
            wanted = self.reason.strip().lower()
            if wanted != entry.kind and wanted not in entry.reason.lower():
                return False
        return (not self.positions or (entry.partition, entry.offset) in self.positions
                or (None, entry.offset) in self.positions)


# --- grouping -------------------------------------------------------------------------------


@dataclass
class ReasonGroup:
    """Dead letters refused for one reason: how many, since when, where from."""

    kind: str
    pattern: str
    reason: str
    """The newest entry's reason, as written."""
    count: int = 0
    redriven: int = 0
    first_seen: datetime | None = None
    last_seen: datetime | None = None
    topics: dict[str, int] = field(default_factory=dict)
    positions: list[str] = field(default_factory=list)
    """Every entry's ``PARTITION:OFFSET``, oldest first."""

    @property
    def latest(self) -> str:
        return self.positions[-1] if self.positions else ""

    def as_json(self) -> dict[str, Any]:
        """The group as plain JSON values (``reverie dlq list --json``)."""
        return {"reason_kind": self.kind, "reason": self.reason, "pattern": self.pattern,
                "count": self.count, "redriven": self.redriven,
                "first_seen": _iso(self.first_seen), "last_seen": _iso(self.last_seen),
                "topics": dict(sorted(self.topics.items())), "latest": self.latest,
                "positions": list(self.positions)}


def _iso(at: datetime | None) -> str | None:
    return None if at is None else at.isoformat().replace("+00:00", "Z")


def group_by_reason(entries: Iterable[DeadLetterEntry], redriven: Iterable[str] = ()
                    ) -> list[ReasonGroup]:
    """Group entries by reason class and :func:`reason_pattern`; newest group first.
    ``redriven``: ledger ids (:attr:`DeadLetterEntry.ledger_id`) of entries sent back."""
    done = set(redriven)
    groups: dict[tuple[str, str], ReasonGroup] = {}
    for entry in sorted(entries, key=lambda d: (d.failed_at, d.partition, d.offset)):
        group = groups.setdefault((entry.kind, entry.pattern),
                                  ReasonGroup(entry.kind, entry.pattern, entry.reason))
        at = entry.failed_at
        group.count += 1
        group.redriven += entry.ledger_id in done
        group.first_seen = group.first_seen or at
        group.last_seen = at
        group.reason = entry.reason
        group.topics[entry.topic] = group.topics.get(entry.topic, 0) + 1
        group.positions.append(entry.position)
    return sorted(groups.values(), key=lambda g: (g.last_seen, g.count), reverse=True)


# --- the queue and the redrive ledger -------------------------------------------------------


class DeadLetterQueue(Protocol):
    """``reverie.dlq``: read its records, fetch an original, put an original back."""

    def scan(self, since: datetime | None = None, newest: int | None = None
             ) -> AsyncIterator[DeadLetterEntry]:
        """Yield the Reverie dead letters written at or after ``since`` (all without), at
        most the ``newest`` of each partition; records that are not dead letters are skipped."""
        ...

    async def at(self, offset: int, partition: int | None = None) -> list[DeadLetterEntry]:
        """Return the dead letter at ``offset`` of ``partition`` (or of every partition)."""
        ...

    async def original(self, entry: DeadLetterEntry) -> bytes | None:
        """Return the complete original bytes: kept in the record, or for a truncated one
        read from its origin if still there (None if not, or if it changed)."""
        ...

    async def put_back(self, entry: DeadLetterEntry, value: bytes) -> str:
        """Send ``value`` to the entry's original topic and partition with its key; return
        ``TOPIC:PARTITION:OFFSET`` of the new message."""
        ...


@dataclass(frozen=True)
class RedriveMark:
    """One entry sent back: when (last), how often, as which message."""

    ledger_id: str
    origin: str
    at: datetime
    to: str
    times: int = 1


class RedriveLedger(Protocol):
    """Which dead letters were sent back (MongoDB ``dlq_redrives``, keyed by ledger id)."""

    async def marks(self, ledger_ids: Sequence[str]) -> dict[str, RedriveMark]:
        """Return the marks of the entries among ``ledger_ids`` that were sent back."""
        ...

    async def record(self, entry: DeadLetterEntry, to: str, at: datetime) -> None:
        """Record that ``entry`` was sent back as message ``to`` (again: ``times`` + 1)."""
        ...


@dataclass
class RedriveOutcome:
    """What a redrive did with one entry: ``sent``, ``would_send`` (dry run),
    ``redriven_before`` (skipped: see ``mark``), ``same_original`` (another entry of this
    redrive carried the same message) or ``unavailable`` (truncated, origin gone)."""

    entry: DeadLetterEntry
    status: str
    to: str | None = None
    mark: RedriveMark | None = None


@dataclass
class RedriveReport:
    """Every outcome of one redrive, in the order the originals were sent."""

    outcomes: list[RedriveOutcome] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


async def current_marks(ledger: RedriveLedger, entries: Sequence[DeadLetterEntry]
                        ) -> dict[str, RedriveMark]:
    """Return the marks of ``entries`` that were sent back (a mark of another message that
    had the same position, before the topic was re-created, does not count)."""
    marks = await ledger.marks([e.ledger_id for e in entries])
    origins = {e.ledger_id: e.origin for e in entries}
    return {k: m for k, m in marks.items() if origins.get(k) == m.origin}


async def redrive(
    entries: Sequence[DeadLetterEntry], queue: DeadLetterQueue, ledger: RedriveLedger, *,
    now: datetime, dry_run: bool = False, again: bool = False,
) -> RedriveReport:
    """Send each entry's original back, in the order the originals were consumed; skip the
    entries sent back before unless ``again``; ``dry_run`` sends and records nothing.

    Each message is recorded after Kafka acknowledged it: a redrive interrupted in between
    sends that one again next time, which the worker's idempotency ledger makes harmless.
    """
    ordered = sorted(entries, key=lambda d: (d.topic, d.origin_partition, d.origin_offset,
                                             d.partition, d.offset))
    marks = await current_marks(ledger, ordered)
    report = RedriveReport()
    sent: dict[str, str] = {}
    for entry in ordered:
        mark = marks.get(entry.ledger_id)
        if mark is not None and not again:
            report.outcomes.append(RedriveOutcome(entry, "redriven_before", mark.to, mark))
            continue
        if entry.origin in sent:
            if not dry_run:
                await ledger.record(entry, sent[entry.origin], now)
            report.outcomes.append(RedriveOutcome(entry, "same_original", sent[entry.origin]))
            continue
        value = await queue.original(entry)
        if value is None:
            report.outcomes.append(RedriveOutcome(entry, "unavailable"))
            continue
        if dry_run:
            sent[entry.origin] = "(dry run)"
            report.outcomes.append(RedriveOutcome(entry, "would_send", entry.topic))
            continue
        to = await queue.put_back(entry, value)
        await ledger.record(entry, to, now)
        sent[entry.origin] = to
        report.outcomes.append(RedriveOutcome(entry, "sent", to))
    return report


async def select(queue: DeadLetterQueue, selection: Selection, newest: int | None = None
                 ) -> list[DeadLetterEntry]:
    """Return the entries of ``queue`` that ``selection`` admits."""
    return [e async for e in queue.scan(selection.since, newest) if selection.admits(e)]


# --- in memory (tests) ----------------------------------------------------------------------


class MemoryDeadLetters:
    """A dead-letter queue in lists: ``records`` per partition, ``topics`` for originals
    put back (``{topic: [(partition, key, value)]}``)."""

    def __init__(self, partitions: int = 1) -> None:
        self.records: list[list[bytes]] = [[] for _ in range(partitions)]
        self.topics: dict[str, list[tuple[int, bytes | None, bytes]]] = {}

    def add(self, record: dict[str, Any], partition: int = 0) -> str:
        """Append a record (as the worker writes it); return its position."""
        self.records[partition].append(json.dumps(record).encode())
        return f"{partition}:{len(self.records[partition]) - 1}"

    async def scan(self, since: datetime | None = None, newest: int | None = None
                   ) -> AsyncIterator[DeadLetterEntry]:
        for partition, values in enumerate(self.records):
            start = max(0, len(values) - newest) if newest is not None else 0
            for offset in range(start, len(values)):
                entry = parse_entry(partition, offset, values[offset])
                if entry is not None and (since is None or entry.failed_at >= since):
                    yield entry

    async def at(self, offset: int, partition: int | None = None) -> list[DeadLetterEntry]:
        wanted = range(len(self.records)) if partition is None else [partition]
        out = []
        for p in wanted:
            if 0 <= p < len(self.records) and offset < len(self.records[p]):
                entry = parse_entry(p, offset, self.records[p][offset])
                if entry is not None:
                    out.append(entry)
        return out

    async def original(self, entry: DeadLetterEntry) -> bytes | None:
        return None if entry.truncated else entry.kept

    async def put_back(self, entry: DeadLetterEntry, value: bytes) -> str:
        sent = self.topics.setdefault(entry.topic, [])
        sent.append((entry.origin_partition, entry.key, value))
        return f"{entry.topic}:{entry.origin_partition}:{len(sent) - 1}"


class MemoryRedrives:
    """The redrive ledger in a dict: for tests and ``REVERIE_STORAGE=memory``."""

    def __init__(self) -> None:
        self._marks: dict[str, RedriveMark] = {}

    async def marks(self, ledger_ids: Sequence[str]) -> dict[str, RedriveMark]:
        return {i: self._marks[i] for i in ledger_ids if i in self._marks}

    async def record(self, entry: DeadLetterEntry, to: str, at: datetime) -> None:
        before = self._marks.get(entry.ledger_id)
        times = before.times + 1 if before is not None and before.origin == entry.origin else 1
        self._marks[entry.ledger_id] = RedriveMark(entry.ledger_id, entry.origin, at, to, times)
