"""Reactive pruning, the sweep, retention and restore over in-memory fakes."""

from __future__ import annotations

from datetime import timedelta

import pytest

from reverie.domain.model import Status
from reverie.handlers.lifecycle import restore_note
from reverie.handlers.ports import SearchScope
from reverie.handlers.pruning import sweep_stale
from reverie.handlers.retention import archive_by_retention
from tests.builders import handle_ok
from tests.fakes import T0, event, memory_app, note_data


def gone(kind: str, entity_type: str, entity_id: str, days: int = 1):
    return event(f"entity.{kind}", {"entity_type": entity_type, "entity_id": entity_id},
                 at=T0 + timedelta(days=days))


async def status(app, note_id):
    note = await app.notes.get(note_id)
    return note.status, note.comments


async def test_note_of_disabled_agent_is_archived_with_comment():
    app = memory_app()
    await handle_ok(app, event("note.created", note_data("n1", agent_id="a-7")))
    await handle_ok(app, gone("disabled", "agent", "a-7"))
    assert await status(app, "n1") == (
        Status.ARCHIVED, "Stale reference: agent a-7 disabled on 2026-03-02")


@pytest.mark.parametrize(
    ("reference", "kind", "entity_type", "entity_id", "expected"),
    [
        ({"conversation_id": "c-9"}, "deleted", "conversation", "c-9", Status.ARCHIVED),
        ({"agent_id": "a-1"}, "disabled", "agent", "a-2", Status.ACTIVE),
        ({"user_id": "u-1"}, "disabled", "user", "u-1", Status.ACTIVE),
    ],
    ids=["note_of_deleted_conversation_is_archived", "note_of_active_agent_stays_active",
         "note_of_disabled_user_stays_active"],
)
async def test_a_tombstone_archives_only_what_it_makes_stale(
    reference: dict[str, str], kind: str, entity_type: str, entity_id: str, expected: Status
) -> None:
    app = memory_app()
    await handle_ok(app, event("note.created", note_data("n1", **reference)))
    await handle_ok(app, gone(kind, entity_type, entity_id))
    assert (await status(app, "n1"))[0] == expected


async def test_note_arriving_after_its_user_was_deleted_is_archived_on_arrival():
    app = memory_app()
    await handle_ok(app, gone("deleted", "user", "u-1"))
    await handle_ok(app, event("note.created", note_data("n1", user_id="u-1")))
    st, comment = await status(app, "n1")
    assert st == Status.ARCHIVED and "user u-1 deleted on 2026-03-02" in comment
    assert [c.change_type for c in await app.changes.for_record("n1")] == ["note.archived"]


async def test_note_referencing_two_deleted_entities_is_archived_once_naming_both():
    app = memory_app()
    await handle_ok(app, event("note.created", note_data("n1", user_id="u-1", company_id="co-1")))
    await handle_ok(app, gone("deleted", "user", "u-1"))
    await handle_ok(app, gone("deleted", "company", "co-1", days=2))
    st, comment = await status(app, "n1")
    assert st == Status.ARCHIVED
    assert "user u-1 deleted" in comment
    assert len(await app.changes.for_record("n1")) == 1
    # a late arrival referencing both names both
    await handle_ok(app, event("note.created", note_data("n2", user_id="u-1", company_id="co-1")))
    _, comment2 = await status(app, "n2")
    assert "user u-1 deleted" in comment2 and "company co-1 deleted" in comment2


async def test_archived_note_drops_out_of_search_and_restore_brings_it_back():
    app = memory_app()
    await handle_ok(app, event("note.created", note_data("n1", user_id="u-1")))
    vec = (await app.notes.get("n1")).embedding
    scope = SearchScope("a-1", None, "u-1")
    await handle_ok(app, gone("deleted", "user", "u-1"))
    assert await app.index.search(vec, scope, 5) == []
    assert await restore_note("n1", notes=app.notes, index=app.index, changes=app.changes,
                              at=T0 + timedelta(days=3))
    assert [h.note_id for h in await app.index.search(vec, scope, 5)] == ["n1"]
    assert (await status(app, "n1"))[0] == Status.ACTIVE
    kinds = [c.change_type for c in await app.changes.for_record("n1")]
    assert kinds == ["note.archived", "note.restored"]


async def test_deletion_fan_out_archives_every_note_and_example_in_batches():
    app = memory_app()
    await handle_ok(app, *[event("note.created", note_data(f"n{i:04d}", f"fact {i}",
                                                         user_id="u-big")) for i in range(1200)])
    await handle_ok(app, event("example.created", {
        "example_id": "x1", "agent_id": "a-1", "user_id": "u-big", "input": "q", "output": "a",
        "success_score": 90, "created_at": "2026-03-01T09:00:00Z"}))
    await handle_ok(app, gone("deleted", "user", "u-big"))
    counts = await app.notes.count_by_status("a-1")
    assert counts == {"Archived": 1200}
    assert (await app.examples.get("x1")).status == Status.ARCHIVED


async def test_redelivered_deletion_archives_nothing_twice():
    app = memory_app()
    await handle_ok(app, event("note.created", note_data("n1", user_id="u-1")))
    ev = gone("deleted", "user", "u-1")
    await handle_ok(app, ev)
    app.ledger.ids.clear()  # simulate a crash before the ledger write
    await handle_ok(app, ev)
    assert len(await app.changes.for_record("n1")) == 1


async def test_sweep_processes_at_most_limit_and_looks_each_entity_up_once():
    app = memory_app()
    await handle_ok(app, *[event("note.created", note_data(f"n{i:03d}", f"fact {i}",
                                                         user_id=f"u-{i % 3}",
                                                         conversation_id="c-shared"))
                        for i in range(250)])
    # tombstones recorded without the reactive pass (as if the event was missed)
    from reverie.domain.model import Tombstone

    for uid in ("u-0", "u-1", "u-2"):
        await app.registry.record(Tombstone(entity_type="user", entity_id=uid,
                                            action="deleted", at=T0))
    app.registry.looked_up.clear()
    first = await sweep_stale(stores=app.stores, clock=app.clock, limit=200)
    assert first.notes_archived == 200 and first.orphaned_users == 200
    looked = app.registry.looked_up
    assert len(looked) == len(set(looked))
    second = await sweep_stale(stores=app.stores, clock=app.clock, limit=200)
    assert second.notes_archived == 50
    assert (await app.notes.count_by_status()) == {"Archived": 250}


async def test_sweep_skips_manual_notes():
    app = memory_app()
    await handle_ok(app, event("note.created", note_data("m1", user_id="u-1",
                                                      is_auto_generated=False)))
    from reverie.domain.model import Tombstone

    await app.registry.record(Tombstone(entity_type="user", entity_id="u-1", action="deleted",
                                        at=T0))
    counts = await sweep_stale(stores=app.stores, clock=app.clock)
    assert counts.notes_archived == 0


async def retention(app, agent="a-1"):
    return await archive_by_retention(agent, stores=app.stores, clock=app.clock)


async def test_retention_archives_expired_and_unused_auto_notes_only():
    app = memory_app()
    old = T0 - timedelta(days=91)
    await handle_ok(
        app,
        event("note.created", note_data("expired", expires_at=T0 - timedelta(days=1))),
        event("note.created", note_data("unused", at=old)),
        event("note.created", note_data("manual", at=old, is_auto_generated=False)),
        event("note.created", note_data("fresh", at=T0 - timedelta(days=10))),
        event("note.created", note_data("accessed", at=old,
                                        last_accessed_at=T0 - timedelta(days=5))),
    )
    counts = await retention(app)
    assert (counts.notes_expired, counts.notes_stale) == (1, 1)
    assert (await status(app, "expired")) == (Status.ARCHIVED, "Expired on 2026-02-28")
    assert (await status(app, "unused"))[0] == Status.ARCHIVED
    for keep in ("manual", "fresh", "accessed"):
        assert (await status(app, keep))[0] == Status.ACTIVE, keep


async def test_retention_of_examples_by_score_and_age():
    app = memory_app()
    old = "2025-08-01T00:00:00Z"  # 212 days before T0
    for eid, score in (("low", 30), ("high", 80)):
        await handle_ok(app, event("example.created", {
            "example_id": eid, "agent_id": "a-1", "input": "q", "output": "a",
            "success_score": score, "created_at": old}))
    counts = await retention(app)
    assert counts.examples_stale == 1
    assert (await app.examples.get("low")).status == Status.ARCHIVED
    assert (await app.examples.get("high")).status == Status.ACTIVE


async def test_retention_respects_agent_settings():
    app = memory_app()
    await handle_ok(
        app,
        event("agent.configured", {"agent_id": "short", "note_retention_days": 30}),
        event("agent.configured", {"agent_id": "off", "auto_archive_enabled": False}),
        event("note.created", note_data("s1", agent_id="short", at=T0 - timedelta(days=31))),
        event("note.created", note_data("o1", agent_id="off", at=T0 - timedelta(days=400))),
    )
    await retention(app, "short")
    off = await retention(app, "off")
    assert (await status(app, "s1"))[0] == Status.ARCHIVED
    assert (await status(app, "o1"))[0] == Status.ACTIVE
    assert off.skipped_reason and "auto_archive_enabled is false" in off.skipped_reason
