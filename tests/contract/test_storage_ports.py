"""Every storage port's contract, run on each implementation (in memory, MongoDB by id, MongoDB $in).

The unit tests' fakes are the in-memory adapters, so what passes here on every
parameter is behaviour the handlers can rely on in production too.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.domain.model import AgentSettings, Change, Example, Note, Status, Tombstone
from reverie.domain.runs import DreamRun, ReviewPair, RunStep
from reverie.handlers.ports import Transition
from tests.contract.conftest import Make
from tests.contracts import (
    check_lease_contract,
    check_ledger_contract,
    check_qualification_contract,
)

AT = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
A, R, X = Status.ACTIVE, Status.REVOKED, Status.ARCHIVED


def note(i: int, agent: str = "a-1", **extra: object) -> Note:
    fields: dict[str, object] = {
        "note_id": f"n-{i:02d}",
        "agent_id": agent,
        "text": f"Fact number {i}.",
        "created_at": AT,
        **extra,
    }
    return Note.model_validate(fields)


def example(i: int, agent: str = "a-1", **extra: object) -> Example:
    fields: dict[str, object] = {
        "example_id": f"e-{i:02d}",
        "agent_id": agent,
        "input": f"q{i}",
        "output": f"a{i}",
        "success_score": 0.5,
        "created_at": AT,
        **extra,
    }
    return Example.model_validate(fields)


async def test_note_repository(make: Make) -> None:
    """Insert once, read back equal, count accesses once per event, compare-and-set moves."""
    notes = make("notes")
    first = note(1, user_id="u-1", embedding=[0.5, 0.25])
    assert await notes.add(first)
    assert not await notes.add(note(1, text="another text"))
    assert await notes.get("n-01") == first
    assert await notes.get("missing") is None
    assert sorted(await notes.add_many([note(2, user_id="u-1"), note(3), note(1), note(3)])) == [
        "n-02",
        "n-03",
    ]
    assert await notes.add_many([]) == []
    await notes.add_many([note(4, "a-2", is_auto_generated=False), note(5, user_id="u-1")])
    got = await notes.get_many(["n-01", "n-02", "n-02", "missing"])
    assert sorted(n.note_id for n in got) == ["n-01", "n-02"], "each found note once"
    assert await notes.get_many([]) == []

    assert await notes.record_access("n-01", "ev-1", 2, AT)
    assert await notes.record_access("n-01", "ev-1", 2, AT), "a redelivery is still known"
    assert await notes.record_access("n-01", "ev-2", 1, AT - timedelta(days=1))
    assert not await notes.record_access("missing", "ev-3", 1, AT)
    accessed = await notes.get("n-01")
    assert accessed is not None
    assert (accessed.access_count, accessed.last_accessed_at) == (3, AT)

    later = AT + timedelta(hours=1)
    moved = await notes.transition(
        [
            Transition("n-02", A, R, "merged", consolidated_into_note_id="n-09"),
            Transition("n-03", R, X, "wrong expectation"),
            Transition("missing", A, X, "unknown"),
        ],
        later,
    )
    assert moved == ["n-02"]
    merged = await notes.get("n-02")
    assert merged is not None
    assert (merged.status, merged.comments, merged.updated_at) == (R, "merged", later)
    assert merged.consolidated_into_note_id == "n-09"
    assert await notes.transition([], later) == []

    await notes.update_text("n-03", "Rewritten.", [0.125, 0.75])
    rewritten = await notes.get("n-03")
    assert rewritten is not None and (rewritten.text, rewritten.embedding) == (
        "Rewritten.",
        [0.125, 0.75],
    )
    await notes.update_text("missing", "x", None)  # an unknown note is left alone

    found = await notes.find_active_referencing("user", "u-1", 10)
    assert sorted(n.note_id for n in found) == ["n-01", "n-05"]  # n-02 is Revoked
    assert len(await notes.find_active_referencing("user", "u-1", 1)) == 1
    assert sorted(
        await notes.transition_referencing(
            "user",
            "u-1",
            [
                Transition("n-01", A, X, "user deleted"),
                Transition("n-03", A, X, "not the user's"),
            ],
            later,
        )
    ) == ["n-01"]
    assert (await notes.get("n-03")).status == A  # type: ignore[union-attr]

    assert sorted([n.note_id async for n in notes.iter_records()]) == [
        "n-01",
        "n-02",
        "n-03",
        "n-04",
        "n-05",
    ]
    assert sorted(
        [n.note_id async for n in notes.iter_records(agent_id="a-1", status=A, batch_size=1)]
    ) == ["n-03", "n-05"]
    assert [n.note_id async for n in notes.iter_records(agent_id="a-2", auto_only=True)] == []
    with_vectors = {n.note_id: n async for n in notes.iter_records()}
    without = {n.note_id: n async for n in notes.iter_records(vectors=False)}
    assert any(n.embedding for n in with_vectors.values())
    assert all(n.embedding is None for n in without.values())
    assert {i: n.model_copy(update={"embedding": None}) for i, n in with_vectors.items()} == without
    assert (await notes.get("n-01")).embedding == with_vectors["n-01"].embedding  # type: ignore[union-attr]
    assert await notes.count_by_status() == {"Active": 3, "Revoked": 1, "Archived": 1}
    assert await notes.count_by_status("a-2") == {"Active": 1}
    assert await notes.count_by_status("nobody") == {}
    assert await notes.agent_ids() == ["a-1", "a-2"]


async def test_example_repository(make: Make) -> None:
    """The record half of the note contract, for examples."""
    examples = make("examples")
    first = example(1, company_id="c-1")
    assert await examples.add(first)
    assert not await examples.add(example(1, output="other"))
    assert await examples.get("e-01") == first
    assert await examples.get("missing") is None
    await examples.add(example(2, company_id="c-1", is_auto_generated=False))
    await examples.add(example(3, "a-2"))
    assert await examples.record_access("e-01", "ev-1", 4, AT)
    assert await examples.record_access("e-01", "ev-1", 4, AT)
    assert not await examples.record_access("missing", "ev-1", 1, AT)
    assert (await examples.get("e-01")).access_count == 4  # type: ignore[union-attr]
    assert await examples.transition(
        [Transition("e-03", A, X, "stale"), Transition("e-03", A, R, "again")], AT
    ) == ["e-03"]
    assert sorted(
        e.example_id for e in await examples.find_active_referencing("company", "c-1", 5)
    ) == ["e-01", "e-02"]
    assert await examples.transition_referencing(
        "company",
        "c-1",
        [Transition("e-02", A, X, "company deleted"), Transition("e-03", X, A, "not its")],
        AT,
    ) == ["e-02"]
    assert sorted([e.example_id async for e in examples.iter_records(auto_only=True)]) == [
        "e-01",
        "e-03",
    ]
    assert [e.example_id async for e in examples.iter_records("a-1", A)] == ["e-01"]
    assert [e async for e in examples.iter_records(vectors=False)] == [
        e async for e in examples.iter_records()]


def tomb(kind: str, at: datetime, entity: str = "u-1") -> Tombstone:
    return Tombstone.model_validate(
        {"entity_type": "user", "entity_id": entity, "action": kind, "at": at}
    )


async def test_entity_registry(make: Make) -> None:
    """A deletion outranks a disabling and keeps its first time; removal forgets."""
    registry = make("registry")
    later = AT + timedelta(days=1)
    await registry.record(tomb("disabled", AT))
    await registry.record(tomb("disabled", later))
    assert (await registry.lookup([("user", "u-1")]))[("user", "u-1")].at == AT
    await registry.record(tomb("deleted", later))
    await registry.record(tomb("deleted", later + timedelta(days=1)))
    await registry.record(tomb("disabled", later + timedelta(days=2)))
    await registry.record(tomb("deleted", AT, "u-2"))
    found = await registry.lookup([("user", "u-1"), ("user", "u-2"), ("user", "u-3")])
    assert found == {
        ("user", "u-1"): tomb("deleted", later),
        ("user", "u-2"): tomb("deleted", AT, "u-2"),
    }
    assert await registry.lookup([]) == {}
    assert await registry.remove("user", "u-1")
    assert not await registry.remove("user", "u-1")
    assert await registry.lookup([("user", "u-1")]) == {}


async def test_pending_deletions(make: Make) -> None:
    """Open is idempotent (the first stays), close is idempotent, all lists what is open."""
    pending = make("pending")
    assert await pending.all() == []
    await pending.open(tomb("deleted", AT))
    await pending.open(tomb("deleted", AT + timedelta(hours=1)))
    await pending.open(tomb("deleted", AT, "u-2"))
    assert sorted(await pending.all(), key=lambda t: t.entity_id) == [
        tomb("deleted", AT),
        tomb("deleted", AT, "u-2"),
    ]
    await pending.close("user", "u-1")
    await pending.close("user", "u-1")
    assert await pending.all() == [tomb("deleted", AT, "u-2")]


async def test_agent_repository(make: Make) -> None:
    """Defaults until configured; configuring keeps the dream bookkeeping."""
    agents = make("agents")
    assert await agents.get("a-1") == AgentSettings(agent_id="a-1")
    assert await agents.list_agent_ids() == []
    await agents.mark_dreamed("a-2", AT)
    assert await agents.get("a-2") == AgentSettings(agent_id="a-2", last_dream_at=AT)
    await agents.configure(
        AgentSettings(
            agent_id="a-2",
            note_retention_days=7,
            last_dream_at=AT - timedelta(days=3),
            updated_at=AT,
        )
    )
    assert await agents.get("a-2") == AgentSettings(
        agent_id="a-2", note_retention_days=7, last_dream_at=AT, updated_at=AT
    )
    await agents.configure(AgentSettings(agent_id="a-1", auto_archive_enabled=False))
    assert (await agents.get("a-1")).last_dream_at is None
    assert await agents.list_agent_ids() == ["a-1", "a-2"]


async def test_session_ledger(make: Make) -> None:
    """One session per event id, counted strictly after ``since``."""
    sessions = make("sessions")
    assert await sessions.record("ev-1", "a-1", AT)
    assert not await sessions.record("ev-1", "a-1", AT)
    assert await sessions.record("ev-2", "a-1", AT + timedelta(hours=1))
    assert await sessions.record("ev-3", "a-2", AT + timedelta(hours=1))
    assert await sessions.count_since("a-1", None) == 2
    assert await sessions.count_since("a-1", AT) == 1
    assert await sessions.count_since("a-3", None) == 0


async def test_event_ledger(make: Make) -> None:
    """Marks are idempotent; unseen ids are exactly the rest."""
    await check_ledger_contract(make("ledger"), AT)


def change(i: int, minutes: int, record: str = "n-01", run: str | None = None) -> Change:
    return Change(
        change_id=f"c-{i}",
        change_type="note.archived",
        kind="note",
        record_id=record,
        agent_id="a-1",
        from_status=A,
        to_status=X,
        reason="stale",
        at=AT + timedelta(minutes=minutes),
        run_id=run,
    )


async def test_change_log(make: Make) -> None:
    """Idempotent by change id; histories and the outbox oldest first."""
    log = make("changes")
    batch = [
        change(1, 5, run="r-1"),
        change(2, 1, run="r-1"),
        change(3, 3, "n-02"),
        change(4, 3, run="r-1"),
    ]
    await log.record(batch)
    await log.record(batch[:2])
    await log.record([])
    assert [c.change_id for c in await log.for_record("n-01")] == ["c-2", "c-4", "c-1"]
    assert [c.change_id for c in await log.for_run("r-1")] == ["c-2", "c-4", "c-1"]
    assert await log.for_run("r-2") == []
    assert await log.for_record("n-02") == [change(3, 3, "n-02")]
    assert [c.change_id for c in await log.unpublished(10)] == ["c-2", "c-3", "c-4", "c-1"]
    assert [c.change_id for c in await log.unpublished(2)] == ["c-2", "c-3"]
    await log.mark_published(["c-2", "c-3"])
    await log.mark_published([])
    assert [c.change_id for c in await log.unpublished(10)] == ["c-4", "c-1"]
    await log.mark_published(["c-3", "c-3", "c-unknown"])  # again, twice, unknown: no change
    assert [c.change_id for c in await log.unpublished(10)] == ["c-4", "c-1"]
    assert (await log.for_record("n-02"))[0].change_id == "c-3"  # still recorded


async def test_change_log_marks_a_large_page_published(make: Make) -> None:
    """A page larger than one bulk call (1,000 ids per update_many on MongoDB) is marked."""
    log = make("changes")
    many = [change(i, i % 60, f"n-{i:04d}") for i in range(1, 1206)]
    await log.record(many)
    page = await log.unpublished(1200)
    assert len(page) == 1200
    await log.mark_published([c.change_id for c in page])
    left = await log.unpublished(1200)
    assert {c.change_id for c in left} == {c.change_id for c in many} - {
        c.change_id for c in page}


def run(run_id: str, agent: str, minutes: int) -> DreamRun:
    return DreamRun(
        run_id=run_id, agent_id=agent, trigger="manual", started_at=AT + timedelta(minutes=minutes)
    )


def step(run_id: str, seq: int) -> RunStep:
    return RunStep.model_validate(
        {
            "run_id": run_id,
            "step_id": f"{run_id}-s{seq}",
            "parent_step_id": None,
            "agent_id": "a-1",
            "phase": "consolidation",
            "name": "merge",
            "status": "completed",
            "started_at": AT,
            "finished_at": AT,
            "seq": seq,
        }
    )


async def test_run_store(make: Make) -> None:
    """Runs replaced by id and listed newest first; steps idempotent and in order."""
    runs = make("runs")
    await runs.save_run(run("r-1", "a-1", 0))
    await runs.save_run(run("r-2", "a-1", 10))
    await runs.save_run(run("r-3", "a-2", 5))
    done = run("r-1", "a-1", 0).model_copy(update={"status": "completed", "llm_calls": 3})
    await runs.save_run(done)
    assert await runs.get_run("r-1") == done
    assert await runs.get_run("missing") is None
    assert [r.run_id for r in await runs.list_runs()] == ["r-2", "r-3", "r-1"]
    assert [r.run_id for r in await runs.list_runs("a-1", limit=1)] == ["r-2"]
    await runs.add_steps([step("r-2", 2), step("r-2", 1), step("r-1", 1)])
    await runs.add_steps([step("r-2", 2)])
    assert await runs.steps("r-2") == [step("r-2", 1), step("r-2", 2)]
    assert await runs.steps("missing") == []
    assert [s.step_id for s in await runs.unpublished_steps(10)] == ["r-1-s1", "r-2-s1", "r-2-s2"]
    await runs.mark_steps_published(["r-1-s1", "r-2-s1"])
    assert [s.step_id for s in await runs.unpublished_steps(10)] == ["r-2-s2"]


async def test_lease_store(make: Make) -> None:
    """Exclusive, renewable, orphaned flags claimed once."""
    await check_lease_contract(make("leases"), "a-1", AT)


def pair(pair_id: str, agent: str, minutes: int) -> ReviewPair:
    return ReviewPair(
        pair_id=pair_id,
        agent_id=agent,
        note_ids=("n-1", "n-2"),
        texts=("Likes tea.", "Hates tea."),
        reason="contradiction",
        run_id="r-1",
        created_at=AT + timedelta(minutes=minutes),
    )


async def test_review_queue(make: Make) -> None:
    """Queued once, listed oldest first, resolved once; what a caller gets is its own copy."""
    queue = make("reviews")
    assert await queue.add(pair("p-2", "a-1", 5))
    assert not await queue.add(pair("p-2", "a-1", 9))
    assert await queue.add(pair("p-1", "a-1", 1))
    assert await queue.add(pair("p-3", "a-2", 0))
    assert await queue.get("p-2") == pair("p-2", "a-1", 5)
    assert await queue.get("missing") is None
    assert [p.pair_id for p in await queue.list()] == ["p-3", "p-1", "p-2"]
    assert [p.pair_id for p in await queue.list("a-1")] == ["p-1", "p-2"]
    assert await queue.resolve("p-1", "n-1", AT)
    assert not await queue.resolve("p-1", "n-2", AT)
    assert not await queue.resolve("missing", "n-2", AT)
    resolved = await queue.get("p-1")
    assert resolved is not None
    assert (resolved.status, resolved.kept_note_id, resolved.resolved_at) == ("resolved", "n-1", AT)
    assert [p.pair_id for p in await queue.list("a-1")] == ["p-2"]
    assert [p.pair_id for p in await queue.list("a-1", status=None)] == ["p-1", "p-2"]
    assert [p.pair_id for p in await queue.list(status="resolved")] == ["p-1"]
    mine = await queue.get("p-2")
    assert mine is not None
    mine.reason = "changed by a caller"
    assert (await queue.get("p-2")).reason == "contradiction"  # type: ignore[union-attr]


async def test_judgment_cache(make: Make) -> None:
    """A verdict per key, replaced by a later one; what a caller gets is its own copy."""
    cache = make("judgments")
    assert await cache.get("k-1") is None
    await cache.put("k-1", {"contradicts": True, "reason": "x", "scores": [1, 2]})
    await cache.put("k-1", {"contradicts": False, "reason": "y", "scores": [3]})
    got = await cache.get("k-1")
    assert got == {"contradicts": False, "reason": "y", "scores": [3]}
    got["scores"].append(4)
    assert await cache.get("k-1") == {"contradicts": False, "reason": "y", "scores": [3]}


async def test_judgment_cache_tells_which_keys_are_judged(make: Make) -> None:
    """``judged`` names the keys with a verdict, of many asked at once."""
    cache = make("judgments")
    await cache.put("k-1", {"contradicts": True})
    await cache.put("k-3", {"contradicts": False})
    asked = [f"k-{i}" for i in range(300)]
    assert await cache.judged(asked) == {"k-1", "k-3"}
    assert await cache.judged([]) == set()


async def test_qualification_store(make: Make) -> None:
    """One record per key, replaced, newest first."""
    await check_qualification_contract(make("qualifications"), AT)
