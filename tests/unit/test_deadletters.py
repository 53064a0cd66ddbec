"""Dead letters read back (issue #22): classes, patterns, filters, groups, redrive and its ledger."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from reverie.deadletters import (
    REASON_KINDS,
    MemoryDeadLetters,
    MemoryRedrives,
    Selection,
    group_by_reason,
    parse_entry,
    parse_position,
    parse_since,
    reason_kind,
    reason_pattern,
    redrive,
    select,
)
from reverie.domain.events import parse_event
from reverie.errors import InvalidEvent, UnknownEntity
from reverie.streams.deadletter import RawMessage, dead_letter
from tests.fakes import T0, envelope, iso, note_data


def record(value: bytes, error: Exception, *, at=T0, topic="reverie.notes", partition=0,
           offset=0, key=b"a-1", group="reverie") -> dict:
    """A DLQ record as the worker writes it."""
    reason = getattr(error, "reason", None) or str(error)
    out = dead_letter(RawMessage(topic, partition, offset, key, value), reason, error, at)
    return {**out, "consumer_group": group}


def refused(value: bytes, **kw) -> dict:
    """The record of ``value`` refused by the contract."""
    try:
        parse_event(value)
    except InvalidEvent as exc:
        return record(value, exc, **kw)
    raise AssertionError("the message validates")


def v2_note(note_id: str) -> bytes:
    return json.dumps({**envelope("note.created", note_data(note_id), event_id=f"e-{note_id}"),
                       "schema_version": 2}).encode()


def test_the_writer_stamps_a_class_of_the_closed_set_and_never_text():
    cases = {
        b"{not json": "invalid_json",
        b"[1]": "invalid_json",
        v2_note("n-1"): "unsupported_version",
        json.dumps(envelope("note.created", {"note_id": "n"})).encode(): "missing_field",
        json.dumps(envelope("note.created", note_data("n", access_count="7"))).encode():
            "wrong_type",
        json.dumps({**envelope("x.y", {})}).encode(): "unknown_type",
    }
    for value, kind in cases.items():
        assert refused(value)["reason_kind"] == kind, value
    unknown = record(b"{}", UnknownEntity("note 'n-9' is not known: publish its note.created"))
    assert unknown["reason_kind"] == "unknown_note"
    assert record(b"{}", KeyError("x"))["reason_kind"] == "rejected"
    assert reason_kind("internal error (KeyError: 'x'); a bug", "KeyError") == "internal"
    assert {refused(v)["reason_kind"] for v in cases} <= set(REASON_KINDS)


def test_reasons_differing_only_in_an_echoed_value_or_id_share_a_pattern():
    same = [
        ("field 'data.access_count': Input should be a valid integer (got 'seven')",
         "field 'data.access_count': Input should be a valid integer (got 'eight')"),
        ("message is not JSON: Expecting value: line 1 column 1 (char 0)",
         "message is not JSON: Expecting ',' delimiter: line 1 column 9 (char 8)"),
        ("note 'n-1' is not known: publish its note.created", "note 'n-22' is not known: "
         "publish its note.created"),
        ("internal error (KeyError: 'a'); this is a Reverie bug",
         "internal error (KeyError: 'b'); this is a Reverie bug"),
    ]
    for a, b in same:
        assert reason_pattern(a) == reason_pattern(b), (a, b)
    assert reason_pattern("field 'data.text': String should have at most 8000 characters") != \
        reason_pattern("field 'data.note_id': String should have at most 256 characters")


def test_records_that_are_not_dead_letters_are_skipped():
    assert parse_entry(0, 1, b"junk") is None
    assert parse_entry(0, 1, b'{"reason": "x"}') is None
    assert parse_entry(0, 1, None) is None
    entry = parse_entry(3, 7, json.dumps(refused(b"{x")).encode())
    assert entry is not None and entry.position == "3:7" and entry.kept == b"{x"
    assert entry.ledger_id == "reverie.dlq:3:7" and entry.origin == "reverie.notes:0:0"


def test_positions_and_times_are_read_or_refused_with_one_line():
    assert parse_position("2:17") == (2, 17)
    assert parse_position("17") == (None, 17)
    for bad in ("x", "1:x", "-1", "1:-2", ""):
        with pytest.raises(ValueError, match="PARTITION:OFFSET|>= 0"):
            parse_position(bad)
    assert parse_since("12h", T0) == T0 - timedelta(hours=12)
    assert parse_since("7d", T0) == T0 - timedelta(days=7)
    assert parse_since("2026-03-20T00:00:00Z", T0).isoformat() == "2026-03-20T00:00:00+00:00"
    for bad in ("yesterday", "2026-03-20T00:00:00", "12 parsecs"):
        with pytest.raises(ValueError, match="not a time"):
            parse_since(bad, T0)


def queue() -> MemoryDeadLetters:
    """Two junk messages and a v2 note of deployment 'reverie'; one of another deployment."""
    q = MemoryDeadLetters(partitions=2)
    q.add(refused(b"{not json", at=T0, offset=10))
    q.add(refused(b"{also not", at=T0 + timedelta(minutes=5), offset=11), partition=1)
    q.add(refused(v2_note("n-2"), at=T0 + timedelta(minutes=9), offset=12))
    q.add(refused(b"{theirs", at=T0, offset=10, group="other"), partition=1)
    return q


async def test_dead_letters_are_grouped_by_reason_with_counts_first_and_last_seen():
    q = queue()
    mine = await select(q, Selection(consumer_group="reverie"))
    groups = group_by_reason(mine)
    assert [(g.kind, g.count) for g in groups] == [("unsupported_version", 1),
                                                  ("invalid_json", 2)]
    junk = groups[1]
    assert (junk.first_seen, junk.last_seen) == (T0, T0 + timedelta(minutes=5))
    assert junk.positions == ["0:0", "1:0"] and junk.latest == "1:0"
    assert junk.topics == {"reverie.notes": 2}
    assert junk.as_json()["first_seen"] == iso(T0)


async def test_filters_by_since_reason_kind_or_text_topic_deployment_and_position():
    q = queue()

    async def positions(**kw) -> list[str]:
        return sorted(e.position for e in await select(q, Selection(**kw)))

    assert await positions() == ["0:0", "0:1", "1:0", "1:1"]
    assert await positions(consumer_group="other") == ["1:1"]
    assert await positions(consumer_group="reverie", since=T0 + timedelta(minutes=1)) == [
        "0:1", "1:0"]
    assert await positions(consumer_group="reverie", reason="unsupported_version") == ["0:1"]
    assert await positions(consumer_group="reverie", reason="NOT JSON") == ["0:0", "1:0"]
    assert await positions(topic="reverie.entities") == []
    assert await positions(positions=frozenset({(1, 0), (None, 1)})) == ["0:1", "1:0", "1:1"]


async def test_redrive_sends_each_original_back_once_in_order_unless_again():
    q, ledger = queue(), MemoryRedrives()
    mine = await select(q, Selection(consumer_group="reverie"))

    dry = await redrive(mine, q, ledger, now=T0, dry_run=True)
    assert dry.count("would_send") == 3 and q.topics == {}
    assert await ledger.marks([e.ledger_id for e in mine]) == {}

    first = await redrive(mine, q, ledger, now=T0)
    assert first.count("sent") == 3
    sent = q.topics["reverie.notes"]
    assert [v for _, _, v in sent] == [b"{not json", b"{also not", v2_note("n-2")]
    assert {(p, k) for p, k, _ in sent} == {(0, b"a-1")}  # origin partition and key

    second = await redrive(mine, q, ledger, now=T0 + timedelta(hours=1))
    assert second.count("redriven_before") == 3 and len(q.topics["reverie.notes"]) == 3

    again = await redrive(mine[:1], q, ledger, now=T0 + timedelta(hours=2), again=True)
    assert again.count("sent") == 1 and len(q.topics["reverie.notes"]) == 4
    mark = (await ledger.marks([mine[0].ledger_id]))[mine[0].ledger_id]
    assert mark.times == 2 and mark.at == T0 + timedelta(hours=2)
    grouped = group_by_reason(mine, (await ledger.marks([e.ledger_id for e in mine])).keys())
    assert sum(g.redriven for g in grouped) == 3


async def test_two_entries_of_one_original_are_sent_once_and_a_truncated_one_is_unavailable():
    q, ledger = MemoryDeadLetters(), MemoryRedrives()
    q.add(refused(b"{dup", group="a"))
    q.add(refused(b"{dup", group="b"))
    big = refused(b"{" + b"x" * 300_000, offset=5)
    q.add(big)
    report = await redrive(await select(q, Selection()), q, ledger, now=T0)
    assert [o.status for o in report.outcomes] == ["sent", "same_original", "unavailable"]
    assert len(q.topics["reverie.notes"]) == 1


class SlowConsumer:
    """An aiokafka consumer that answers the first polls with nothing (a loaded broker)."""

    def __init__(self, values: list[bytes], empty_polls: int) -> None:
        from aiokafka.structs import TopicPartition

        self.tp = TopicPartition("reverie.dlq", 0)
        self.values = values
        self.empty = empty_polls
        self.next = 0
        self._client = self

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def fetch_all_metadata(self) -> SlowConsumer:
        return self

    def partitions_for_topic(self, topic: str) -> set[int]:
        return {0}

    async def beginning_offsets(self, tps) -> dict:
        return {self.tp: 0}

    async def end_offsets(self, tps) -> dict:
        return {self.tp: len(self.values)}

    def assign(self, tps) -> None: ...

    def seek(self, tp, offset: int) -> None:
        self.next = offset

    async def getmany(self, *tps, timeout_ms: int, max_records: int) -> dict:
        from types import SimpleNamespace

        if self.empty:
            self.empty -= 1
            return {}
        out = [SimpleNamespace(offset=o, value=self.values[o])
               for o in range(self.next, min(len(self.values), self.next + max_records))]
        self.next += len(out)
        return {self.tp: out} if out else {}

    async def position(self, tp) -> int:
        return self.next


async def test_reading_the_topic_goes_on_to_its_end_through_empty_polls():
    from reverie.brokers import KafkaDeadLetters
    from tests.builders import memory_settings

    values = [json.dumps(refused(b"{x" + bytes([65 + i]), offset=i)).encode() for i in range(7)]
    queue = KafkaDeadLetters(memory_settings())
    queue._consumer = lambda: SlowConsumer(values, empty_polls=8)  # type: ignore[method-assign]
    assert [e.offset async for e in queue.scan()] == list(range(7))
    queue._consumer = lambda: SlowConsumer(values, empty_polls=8)  # type: ignore[method-assign]
    assert [e.position for e in await queue.at(5)] == ["0:5"]
