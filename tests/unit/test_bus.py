"""The bus's error policy and the pipeline's dead-lettering."""

from __future__ import annotations

import json

from reverie.bus import MessageBus, RetryPolicy
from reverie.clock import FixedClock
from reverie.domain.events import TOPIC_NOTES, NoteAccessed, NoteCreated
from reverie.errors import StorageUnavailable, UnknownEntity
from reverie.storage.memory import MemoryLedger
from reverie.streams.deadletter import RawMessage
from reverie.streams.pipeline import process
from tests.fakes import T0, envelope, event, memory_app, note_data


def bus_with(handler, batch=None):
    return MessageBus(handlers={NoteAccessed: handler}, batch_handlers=batch or {},
                      ledger=MemoryLedger(), clock=FixedClock(T0),
                      retry=RetryPolicy(initial_s=0.001, max_s=0.002))


def accessed(note_id="n1"):
    return event("note.accessed", {"note_id": note_id, "agent_id": "a-1"})


async def test_retryable_errors_are_retried_until_the_effect_is_stored():
    attempts = []

    async def flaky(ev):
        attempts.append(ev)
        if len(attempts) < 4:
            raise StorageUnavailable("mongo down")

    bus = bus_with(flaky)
    assert await bus.handle([accessed()]) == []
    assert len(attempts) == 4
    assert await bus.ledger.unseen([attempts[0].event_id]) == set()


async def test_permanent_error_is_returned_as_failure_and_not_marked_handled():
    async def bad(ev):
        raise UnknownEntity("note 'n1' is not known")

    bus = bus_with(bad)
    ev = accessed()
    failures = await bus.handle([ev])
    assert [f.reason for f in failures] == ["note 'n1' is not known"]
    assert await bus.ledger.unseen([ev.event_id]) == {ev.event_id}


async def test_unexpected_exception_becomes_a_failure_naming_a_bug():
    async def buggy(ev):
        raise KeyError("oops")

    failures = await bus_with(buggy).handle([accessed()])
    assert "internal error (KeyError" in failures[0].reason


async def test_a_bad_event_in_a_batch_does_not_stop_the_others():
    stored = []

    async def store(events):
        if any(e.data.note_id == "bad" for e in events):
            raise UnknownEntity("bad note")
        stored.extend(e.data.note_id for e in events)

    async def noop(ev):
        return None

    bus = bus_with(noop, {NoteCreated: store})
    evs = [event("note.created", note_data(n)) for n in ("n1", "bad", "n2")]
    failures = await bus.handle(evs)
    assert [f.event.data.note_id for f in failures] == ["bad"]
    assert stored == ["n1", "n2"]


async def test_handled_event_is_skipped_on_redelivery():
    calls = []

    async def count(ev):
        calls.append(ev)

    bus = bus_with(count)
    ev = accessed()
    await bus.handle([ev])
    await bus.handle([ev])
    assert len(calls) == 1


def raw(value: bytes, offset: int = 0) -> RawMessage:
    return RawMessage(TOPIC_NOTES, 0, offset, b"a-1", value)


async def test_pipeline_dead_letters_bad_input_and_processes_the_next_message():
    app = memory_app()
    good = json.dumps(envelope("note.created", note_data("n1"))).encode()
    missing = envelope("note.created", note_data("n2"))
    del missing["data"]["text"]
    wrong_type = envelope("note.created", note_data("n3", access_count="many"))
    messages = [
        raw(b"{not json", 0),
        raw(json.dumps({**envelope("note.created", {}), "event_type": "note.exploded"}).encode(),
            1),
        raw(json.dumps(missing).encode(), 2),
        raw(json.dumps(wrong_type).encode(), 3),
        raw(b"\xff\xfe", 4),
        raw(good, 5),
    ]
    dead = await process(messages, app.bus, app.clock)
    reasons = {d.raw.offset: d.record["reason"] for d in dead}
    assert set(reasons) == {0, 1, 2, 3, 4}
    assert reasons[0].startswith("message is not JSON")
    assert "unknown event_type 'note.exploded'" in reasons[1]
    assert reasons[2] == "required field 'data.text' is missing"
    assert reasons[3].startswith("field 'data.access_count'")
    assert "UTF-8" in reasons[4]
    assert dead[0].record["original_text"] == "{not json"
    assert dead[0].record["topic"] == TOPIC_NOTES and dead[0].record["offset"] == 0
    assert await app.notes.get("n1") is not None


async def test_event_on_the_wrong_topic_is_dead_lettered():
    app = memory_app()
    msg = json.dumps(envelope("dream.requested", {"agent_id": "a-1"})).encode()
    dead = await process([raw(msg)], app.bus, app.clock)
    assert "belongs on topic reverie.commands" in dead[0].record["reason"]


class LedgerDownFirst(MemoryLedger):
    """A ledger whose first look-up and first marking fail as a store outage does."""

    def __init__(self) -> None:
        super().__init__()
        self.failures = {"unseen": 1, "mark_all": 1}

    def _maybe_fail(self, name: str) -> None:
        if self.failures[name]:
            self.failures[name] -= 1
            raise StorageUnavailable("MongoDB unavailable: AutoReconnect")

    async def unseen(self, event_ids):
        self._maybe_fail("unseen")
        return await super().unseen(event_ids)

    async def mark_all(self, events, at):
        self._maybe_fail("mark_all")
        await super().mark_all(events, at)


async def test_an_outage_of_the_ledger_is_retried_not_raised():
    """The handled-check and the marking are retried like the handler (raising loses the batch)."""
    calls = []

    async def handler(ev):
        calls.append(ev)

    bus = bus_with(handler)
    bus.ledger = LedgerDownFirst()
    ev = accessed()
    assert await bus.handle([ev]) == []
    assert len(calls) == 1 and await bus.ledger.unseen([ev.event_id]) == set()
