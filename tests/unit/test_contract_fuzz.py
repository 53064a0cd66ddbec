"""Property tests of the contract edge: any bytes get a verdict, never an exception.

The same strategies feed tests/reliability/test_junk_input_kafka.py through the real
Kafka; here they run in-process, fast. The explicit cases are what the fuzzing found:
an offset that pushes a timestamp out of range crashed the decoder (and so stalled the
partition), NaN/huge vector components poisoned the index, integers beyond int64 could
not be stored, and a JSON nesting error was reported as "field 'None'".
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.clock import FixedClock
from reverie.domain.events import TOPIC_NOTES, parse_event
from reverie.errors import InvalidEvent
from reverie.streams import pipeline
from reverie.streams.deadletter import RawMessage
from tests.fakes import T0, envelope, memory_app, note_data
from tests.reliability.junk import Case, case

FAST = settings(max_examples=300, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


def verdict(value: bytes) -> str | None:
    try:
        pipeline.decode(RawMessage(TOPIC_NOTES, 0, 0, None, value))
    except InvalidEvent as exc:
        return exc.reason
    return None


@FAST
@given(st.binary(max_size=300))
def test_any_bytes_get_a_verdict(value):
    verdict(value)  # InvalidEvent or a parsed event; anything else fails the test


@FAST
@given(case())
def test_each_generated_case_gets_the_verdict_the_contract_gives_it(c: Case):
    got = verdict(c.value())
    if c.expect is None:
        assert got is None, (c.kind, got)
    else:
        assert got is not None and c.expect in got, (c.kind, c.expect, got)
        assert "'None'" not in got


def _note(**data):
    return json.dumps(envelope("note.created", note_data("n-1", **data))).encode()


@pytest.mark.parametrize("value,reason", [
    (_note(embedding=[float("nan")] * 3), "field 'data.embedding.0': Input should be a finite"),
    (_note(embedding=[1e308] * 3), "field 'data.embedding.0'"),
    (_note(access_count=2**63), "field 'data.access_count'"),
    (json.dumps({**envelope("note.created", note_data("n-1")),
                 "occurred_at": "0001-01-01T00:00:00+02:00"}).encode(), "out of range"),
    (json.dumps({**envelope("note.created", note_data("n-1")), "x": "__N__"}).replace(
        '"__N__"', "[" * 300 + "]" * 300).encode(), "message rejected: Invalid JSON"),
    (json.dumps(envelope("agent.configured", {"agent_id": "a", "note_retention_days": 10**9})
                ).encode(), "field 'data.note_retention_days'"),
])
def test_values_that_would_poison_storage_are_refused_with_the_field(value, reason):
    with pytest.raises(InvalidEvent) as caught:
        parse_event(value)
    assert reason in caught.value.reason


async def test_a_decoder_bug_dead_letters_the_message_instead_of_raising(monkeypatch):
    app = memory_app()

    def broken(raw):
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline, "decode", broken)
    assert app.bus is not None
    dead = await pipeline.process([RawMessage(TOPIC_NOTES, 1, 5, b"k", b"{}")], app.bus,
                                  FixedClock(T0))
    assert len(dead) == 1 and "internal error while decoding (RuntimeError: boom)" in str(
        dead[0].record["reason"])
