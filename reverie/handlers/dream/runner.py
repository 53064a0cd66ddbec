"""Running a dream: lease, phases in order (each isolated), run record, coalescing.

Phases: consolidation → contradiction → stale-reference sweep → retention. A
failure in one phase is recorded on its step and the next phase still runs. Before
them a ``judge-trust`` step decides whether the dream acts on its judge's word
(:mod:`.trust`; the judge is qualified on first use), sets the dream's ceiling on
revocations by contradiction, and builds the dream's :class:`.trust.JudgePolicy` from both.
The two judging phases are then judged by the policy's judge -- the offline judge in place
of an untrusted one, which is not asked -- and their steps say so. Each phase returns a
frozen result (:mod:`.results`) read here by attribute. A phase that hit the ceiling ends
``partial`` with the reason, and a judge that called nearly every pair a contradiction is
named in the run.
Only one dream per agent runs at a time: a lease in the store guards it, and a
request that arrives meanwhile is remembered on the lease and run right after.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import os
import socket
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import structlog

from reverie.clock import Clock
from reverie.domain.events import DreamRequested
from reverie.domain.model import Status
from reverie.domain.runs import PHASES, DreamRun, Phase
from reverie.errors import RetryableError, ReverieError
from reverie.handlers.dream.consolidation import consolidate
from reverie.handlers.dream.context import DreamContext, DreamSettings, Fault, no_fault
from reverie.handlers.dream.contradiction import resolve_contradictions
from reverie.handlers.dream.judging import Judge, RunScopedJudge
from reverie.handlers.dream.results import ArchiveResult, LeftAlone, PhaseResult
from reverie.handlers.dream.steps import StepRecorder
from reverie.handlers.dream.trust import JudgePolicy, establish_trust, revocation_ceiling
from reverie.handlers.ports import Embedder, LeaseStore, Stores
from reverie.handlers.pruning import sweep_stale
from reverie.handlers.retention import archive_by_retention

log = structlog.get_logger(__name__)
OWNER = f"{socket.gethostname()}:{os.getpid()}"
FaultHook = Fault


def new_run_id(agent_id: str, at: datetime, salt: str = "") -> str:
    """Return a run id: time-ordered and unique per agent."""
    digest = hashlib.sha256(f"{agent_id}\x1f{at.isoformat()}\x1f{salt}".encode()).hexdigest()
    return f"run-{at.strftime('%Y%m%dT%H%M%S')}-{digest[:8]}"


async def _phase_sweep(ctx: DreamContext, parent: str) -> ArchiveResult:
    counts = await sweep_stale(
        stores=ctx.stores, clock=ctx.clock, agent_id=ctx.agent_id,
        limit=ctx.settings.sweep_limit, run_id=ctx.run_id, dry_run=ctx.dry_run, fault=ctx.fault,
    )
    return ArchiveResult(counts.as_dict(), tuple(counts.archived_ids), None if (
        counts.notes_archived) else f"no stale reference among {counts.notes_checked} notes")


async def _phase_retention(ctx: DreamContext, parent: str) -> ArchiveResult:
    counts = await archive_by_retention(
        ctx.agent_id, stores=ctx.stores, clock=ctx.clock, run_id=ctx.run_id,
        dry_run=ctx.dry_run, fault=ctx.fault,
    )
    return ArchiveResult(counts.as_dict(), tuple(counts.archived_ids), None if (
        counts.archived_ids) else "nothing expired or unused past retention",
        counts.skipped_reason)


PHASE_RUNNERS: dict[Phase, Callable[[DreamContext, str], Awaitable[PhaseResult]]] = {
    "consolidation": consolidate,
    "contradiction": resolve_contradictions,
    "stale_pruning": _phase_sweep,
    "retention": _phase_retention,
}
JUDGING: tuple[Phase, ...] = ("consolidation", "contradiction")
"""The phases that ask a judge (the one the dream's :class:`.trust.JudgePolicy` holds)."""


async def dream(
    agent_id: str,
    *,
    trigger: str,
    dry_run: bool,
    reason: str | None,
    stores: Stores,
    embedder: Embedder,
    judge: Judge,
    clock: Clock,
    dream_settings: DreamSettings,
    fault: FaultHook | None = None,
    run_id: str | None = None,
    fallback_judge: Judge | None = None,
) -> DreamRun | None:
    """Run one dream for ``agent_id``; None if another holds the lease (request coalesced).

    ``stores.qualifications`` caches the judge's qualification; ``fallback_judge`` (the
    offline judge) judges in place of a judge that is not trusted.
    """
    leases = stores.leases
    lease_s = dream_settings.lease_s
    if not await leases.acquire(agent_id, OWNER, clock.now(), lease_s):
        await leases.mark_pending(agent_id)
        log.info("dream.coalesced", agent_id=agent_id, why="a dream is already running")
        return None
    try:
        while True:
            async with _lease_kept(leases, agent_id, clock, lease_s):
                with _older_objects_frozen():
                    run = await _dream_once(
                        agent_id, trigger, dry_run, reason, run_id, stores=stores,
                        embedder=embedder, judge=judge, clock=clock,
                        dream_settings=dream_settings, fault=fault,
                        fallback_judge=fallback_judge,
                    )
            if not await leases.release(agent_id, OWNER):
                return run
            # a request arrived while we dreamt: take the lease again and run once more
            if not await leases.acquire(agent_id, OWNER, clock.now(), lease_s):
                return run
            trigger, reason, run_id = "coalesced", "requested during the previous dream", None
    except BaseException:
        await leases.release(agent_id, OWNER)
        raise


_frozen_lock = threading.Lock()
_dreams_running = 0
_we_froze = False


@contextlib.contextmanager
def _older_objects_frozen() -> Iterator[None]:
    """Keep the objects that exist when a dream starts out of the garbage collector's full
    passes until it ends (``gc.freeze``; the last dream running unfreezes them).

    A dream allocates tens of thousands of objects (every note read, with its 384-float
    embedding list), which sets off full collections, and each one walks every object of
    the process: the judge's models, a worker's caches, an in-memory store. They outlive
    the dream, so walking them finds nothing (10,000-note bench dream: 3 full passes,
    0.75-0.87 s CPU, 0.25 s with them frozen; the judge's models alone are about
    0.06 s a pass). Reference counting frees what it frees as before; only a cycle among
    those older objects that became garbage meanwhile waits for the dream's end. A process
    that froze objects itself (``gc.get_freeze_count()``), or runs without the collector,
    is left alone."""
    global _dreams_running, _we_froze
    with _frozen_lock:
        if _dreams_running == 0:
            _we_froze = gc.isenabled() and gc.get_freeze_count() == 0
            if _we_froze:
                gc.freeze()
        _dreams_running += 1
    try:
        yield
    finally:
        with _frozen_lock:
            _dreams_running -= 1
            if _dreams_running == 0 and _we_froze:
                _we_froze = False
                gc.unfreeze()


@contextlib.asynccontextmanager
async def _lease_kept(leases: LeaseStore, agent_id: str, clock: Clock, lease_s: float
                      ) -> AsyncIterator[None]:
    """Renew the lease in the background while the body runs; stop before it returns."""
    keeper = asyncio.create_task(_keep_lease(leases, agent_id, clock, lease_s))
    try:
        yield
    finally:
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper


async def _keep_lease(leases: LeaseStore, agent_id: str, clock: Clock, lease_s: float) -> None:
    """Renew our lease every third of its life, so only a dead holder's lease expires."""
    while True:
        await asyncio.sleep(lease_s / 3)
        try:
            kept = await leases.renew(agent_id, OWNER, clock.now(), lease_s)
        except RetryableError as exc:  # the next renewal may succeed before expiry
            log.warning("dream.lease_renewal_failed", agent_id=agent_id, reason=str(exc))
            continue
        if not kept:
            log.error("dream.lease_lost", agent_id=agent_id,
                      why="the lease expired and another holder took it; the dream went on")
            return


async def recover_orphaned_requests(
    *, leases: LeaseStore, clock: Clock, request: Callable[[str], Awaitable[None]]
) -> list[str]:
    """Re-request the dreams coalesced onto leases whose holder died; return those agents."""
    agents = await leases.claim_orphaned(clock.now())
    for agent_id in agents:
        log.info("dream.orphan_recovered", agent_id=agent_id,
                 why="a dream was requested while a worker that stopped held the lease")
        try:
            await request(agent_id)
        except BaseException:  # the claim is given back: the next check tries again
            await leases.mark_pending(agent_id)
            raise
    return agents


@dataclass
class _Held:
    """What the phases of one dream leave for its record: which failed or were partial, why."""

    failed: list[str] = field(default_factory=list)
    partial: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)


async def _dream_once(
    agent_id: str, trigger: str, dry_run: bool, reason: str | None, run_id: str | None, *,
    stores: Stores, embedder: Embedder, judge: Judge, clock: Clock,
    dream_settings: DreamSettings, fault: FaultHook | None,
    fallback_judge: Judge | None = None,
) -> DreamRun:
    runs = stores.runs
    started = clock.now()
    run = DreamRun(run_id=run_id or new_run_id(agent_id, started, trigger + str(dry_run)),
                   agent_id=agent_id, trigger=trigger, reason=reason, dry_run=dry_run,
                   started_at=started, judge=judge.name)
    await runs.save_run(run)
    recorder = StepRecorder(run, runs, clock)
    if isinstance(judge, RunScopedJudge):
        judge.start_run()
    structlog.contextvars.bind_contextvars(run_id=run.run_id, agent_id=agent_id)
    held = _Held()
    async with recorder.step("dream", "dream", None, trigger=trigger, reason=reason,
                             dry_run=dry_run) as root:
        root.judge = judge.name
        policy = await _judge_policy(
            recorder, root.step_id, agent_id, stores=stores, clock=clock,
            settings=dream_settings, judge=judge,
            fallback_judge=fallback_judge if fallback_judge is not judge else None)
        ctx = DreamContext(
            agent_id=agent_id, run_id=run.run_id, dry_run=dry_run, stores=stores,
            embedder=embedder, policy=policy, clock=clock, settings=dream_settings,
            recorder=recorder, fault=fault or no_fault)
        run.trust = policy.summary()
        for phase in PHASES:
            await ctx.fault(f"before:{phase}")
            run.phases[phase] = await _run_phase(ctx, phase, root.step_id, held)
        root.usage.calls = recorder.spent.calls
        root.usage.prompt_tokens = recorder.spent.tokens
        run.status = "failed" if len(held.failed) == len(PHASES) else (
            "partial" if held.failed or held.partial else "completed")
        root.status = "failed" if run.status == "failed" else (
            "partial" if run.status == "partial" else "completed")
        root.output = {"status": run.status, "phases": run.phases, "trust": run.trust}
        if held.reasons:
            root.output["reasons"] = held.reasons
    run.finished_at = clock.now()
    run.llm_calls = recorder.spent.calls
    run.tokens = recorder.spent.tokens
    await runs.save_run(run)
    if not dry_run:
        await stores.agents.mark_dreamed(agent_id, run.finished_at)
    log.info("dream.finished", status=run.status, llm_calls=run.llm_calls, tokens=run.tokens,
             **{p: v.get("status") for p, v in run.phases.items()})
    return run


async def _run_phase(ctx: DreamContext, phase: Phase, parent: str, held: _Held
                     ) -> dict[str, Any]:
    """Run one phase in its step; return what the run records of it (a failure included:
    a phase is isolated, the next one runs)."""
    policy, spent = ctx.policy, ctx.recorder.spent
    judging = phase in JUDGING
    try:
        async with ctx.recorder.step(phase, phase, parent) as step:
            step.judge = policy.judge.name if judging and policy.left_alone is None else None
            calls_before, tokens_before = spent.calls, spent.tokens
            result: PhaseResult
            if judging and policy.left_alone is not None:
                result = LeftAlone(policy.left_alone, policy.record)
                step.output = result.output()
            else:
                result = await PHASE_RUNNERS[phase](ctx, step.step_id)
                step.output = {**result.output(), **(policy.record if judging else {})}
            step.usage.calls = spent.calls - calls_before
            step.usage.prompt_tokens = spent.tokens - tokens_before
            if result.anomaly:  # surfaced: a run of real contradictions looks so too
                held.reasons.append(f"{phase}: {result.anomaly}")
            if result.held or result.failed:
                step.status = "partial"
                held.partial.append(phase)
                held.reasons += [f"{phase}: {why}" for why in result.held]
            elif (why := result.idle) is not None:
                step.status = "skipped"
                step.output["why"] = why
    except (ReverieError, Exception) as exc:  # isolate the phase; the next one runs
        held.failed.append(phase)
        log.warning("dream.phase_failed", phase=phase, error=type(exc).__name__,
                    reason=str(exc))
        return {"status": "failed", "error": f"{type(exc).__name__}: {exc}"}
    entry = {"status": step.status, **{
        k: v for k, v in step.output.items() if isinstance(v, int | float | str)}}
    log.info("dream.phase", phase=phase, **entry)
    return entry


async def _judge_policy(
    recorder: StepRecorder, parent: str, agent_id: str, *, stores: Stores, clock: Clock,
    settings: DreamSettings, judge: Judge, fallback_judge: Judge | None,
) -> JudgePolicy:
    """Decide (qualifying the judge if needed) whether this dream acts on its judge's word
    and set its ceiling; return the dream's judge policy."""
    s = settings
    async with recorder.step("dream", "judge-trust", parent, mode=s.trust.mode) as step:
        step.judge = judge.name
        trust = await establish_trust(
            judge, policy=s.trust, store=stores.qualifications,
            pair_batch=s.contradiction_batch_pairs, cluster_notes=s.consolidation_batch_notes,
            now=clock.now())
        recorder.charge(step, trust.usage)
        active = (await stores.notes.count_by_status(agent_id)).get(Status.ACTIVE.value, 0)
        ceiling = revocation_ceiling(active, s.max_revoke_share, s.max_revoke_count,
                                     s.min_revoke_count)
        step.output = {**trust.summary(), "active_notes": active,
                       "revocation_ceiling": ceiling}
        policy = JudgePolicy.build(
            trust, judge, fallback_judge, ceiling=ceiling,
            newer_wins_after_days=s.newer_wins_after_days,
            anomaly_share=s.anomaly_contradiction_share, anomaly_min_pairs=s.anomaly_min_pairs)
        step.output.update(policy.record)
        (log.info if trust.trusted else log.warning)(
            "dream.judge_trust", trusted=trust.trusted, source=trust.source,
            reason=trust.reason, revocation_ceiling=ceiling,
            judged_by=None if policy.left_alone else policy.judge.name,
            **(trust.qualification.scores if trust.qualification else {}))
        return policy


async def run_requested_dream(
    event: DreamRequested,
    *,
    stores: Stores,
    embedder: Embedder,
    judge: Judge,
    clock: Clock,
    dream_settings: DreamSettings,
    fallback_judge: Judge | None = None,
) -> DreamRun | None:
    """Handle ``dream.requested``: run a dream now, whatever the schedule says."""
    reason = event.data.reason or "requested"
    trigger = "schedule" if reason == "schedule" else "request"
    return await dream(
        event.data.agent_id, trigger=trigger, dry_run=event.data.dry_run, reason=reason,
        stores=stores, embedder=embedder, judge=judge, clock=clock,
        dream_settings=dream_settings,
        run_id=new_run_id(event.data.agent_id, event.occurred_at, event.event_id),
        fallback_judge=fallback_judge,
    )
