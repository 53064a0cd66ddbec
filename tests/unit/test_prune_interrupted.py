"""A deletion fan-out interrupted half-way through a status write is completed on retry.

Found by tests/reliability/test_restarts.py: FerretDB was restarted while a
conversation's notes were being archived; the bulk status update had applied 21 of
25 moves when the connection dropped. The retry re-queried the *Active* notes, so
the 21 already archived never got their audit change nor their vector status
(they stayed "Active" in the index, i.e. visible to search). Pruning now writes index
status and audit change before the status (since issue #12 one bulk write per page,
``transition_referencing``, which these tests interrupt).
"""

from __future__ import annotations

from reverie.domain.model import Status
from reverie.errors import StorageUnavailable
from reverie.handlers.ports import SearchScope
from tests.fakes import event, memory_app, note_data


async def test_fan_out_interrupted_mid_write_is_completed_with_one_change_per_note():
    app = memory_app()
    assert app.bus is not None
    notes = [note_data(f"n-{i}", f"Fact {i} about the customer.", user_id="u-1")
             for i in range(10)]
    assert not await app.bus.handle([event("note.created", n) for n in notes])
    real = app.notes.transition_referencing
    calls = {"n": 0}

    async def half_then_outage(entity_type, entity_id, changes, at):
        calls["n"] += 1
        if calls["n"] == 1:  # apply some moves, then the connection drops
            await real(entity_type, entity_id, list(changes)[:6], at)
            raise StorageUnavailable("MongoDB unavailable: AutoReconnect")
        return await real(entity_type, entity_id, changes, at)

    app.notes.transition_referencing = half_then_outage  # type: ignore[method-assign]
    deletion = event("entity.deleted", {"entity_type": "user", "entity_id": "u-1"})
    assert not await app.bus.handle([deletion])
    assert calls["n"] >= 2, "the outage was not retried"
    for i in range(10):
        note = await app.notes.get(f"n-{i}")
        assert note is not None and note.status == Status.ARCHIVED
        history = await app.changes.for_record(f"n-{i}")
        assert [c.change_type for c in history] == ["note.archived"], (i, history)
    [vector] = await app.embedder.embed(["Fact 3 about the customer."])
    hits = await app.index.search(vector, SearchScope("a-1", None, "u-1"), 20)
    assert hits == [], "archived notes still visible in search"


async def test_a_note_moved_by_someone_else_meanwhile_keeps_its_real_index_status():
    app = memory_app()
    assert app.bus is not None
    assert not await app.bus.handle([event("note.created", note_data(
        "n-1", "Fact about the customer.", user_id="u-1"))])
    real = app.notes.transition
    bulk = app.notes.transition_referencing

    async def revoked_meanwhile(entity_type, entity_id, changes, at):
        from reverie.handlers.ports import Transition

        await real([Transition("n-1", Status.ACTIVE, Status.REVOKED, "merged")], at)
        return await bulk(entity_type, entity_id, changes, at)

    app.notes.transition_referencing = revoked_meanwhile  # type: ignore[method-assign]
    assert not await app.bus.handle([event("entity.deleted", {
        "entity_type": "user", "entity_id": "u-1"})])
    moved = await app.notes.get("n-1")
    assert moved is not None and moved.status == Status.REVOKED
    scope = SearchScope("a-1", None, "u-1", status=Status.REVOKED)
    [vector] = await app.embedder.embed(["Fact about the customer."])
    assert [h.note_id for h in await app.index.search(vector, scope, 5)] == ["n-1"]
