"""Consolidation: merge clusters of redundant notes into authoritative notes, non-destructively.

Writes are ordered so a crash at any instruction is repaired by the next run:
the merged note (id derived from its sources) is stored and indexed first, then
each source is revoked with ``consolidated_into_note_id``. :func:`repair` finishes
what an interrupted run left: sources still Active behind an Active merged note.

Whatever the judge, a merge whose text drops a salient token of one of its sources
(a number, identifier, name, date or negation: :mod:`.salient`) is rejected by
:func:`guard_merges`; its sources stay Active and the step says which token was dropped.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast, get_args

import structlog

from reverie.domain.events import NoteType
from reverie.domain.model import Change, Note, Status, vector_payload
from reverie.errors import JudgeAnswerInvalid
from reverie.handlers.dream.clustering import (
    Cluster,
    centroid_similarity,
    group,
    similar_groups,
)
from reverie.handlers.dream.context import DreamContext, judged
from reverie.handlers.dream.findings import Finding, step_fields
from reverie.handlers.dream.inorder import Judgment
from reverie.handlers.dream.judgeloop import Batches, judge_batches
from reverie.handlers.dream.judging import ClusterBatching, ConsolidationVerdict, MergedNote, Usage
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.dream.results import ConsolidationResult
from reverie.handlers.lifecycle import Audit, change_id, move_notes
from reverie.handlers.ports import Transition, VectorPoint
from reverie.text.dates import normalize_dates
from reverie.text.salient import dropped_tokens

log = structlog.get_logger(__name__)

Scope = tuple[str | None, str | None]


def merged_id(source_ids: Sequence[str]) -> str:
    """Return the id of the note merging ``source_ids`` (same sources → same id)."""
    digest = hashlib.sha256("\x1f".join(sorted(source_ids)).encode()).hexdigest()
    return f"m-{digest[:20]}"


def brief(note: Note) -> dict[str, Any]:
    """Return what a run step shows of a note."""
    return {"note_id": note.note_id, "text": note.text, "access_count": note.access_count,
            "created_at": note.created_at.isoformat(), "user_id": note.user_id,
            "company_id": note.company_id}


async def repair(ctx: DreamContext, active: Sequence[Note]) -> list[str]:
    """Revoke sources still Active behind an Active merged note (a run died half-way)."""
    repaired: list[str] = []
    for merged in active:
        if not merged.source_note_ids:
            continue
        sources = await ctx.stores.notes.get_many(merged.source_note_ids)
        left = [s for s in sources if s.status == Status.ACTIVE]
        if not left:
            continue
        if merged.embedding is not None:
            await ctx.stores.index.upsert([VectorPoint(merged.note_id, merged.embedding,
                                                vector_payload(merged))])
        if ctx.dry_run:
            repaired += [s.note_id for s in left]
            continue
        repaired += await move_notes(
            [Transition(s.note_id, Status.ACTIVE, Status.REVOKED,
                        f"Consolidated into {merged.note_id}: finishing an interrupted run",
                        merged.note_id) for s in left],
            Audit(ctx.agent_id, merged.created_by_run_id or ctx.run_id, ctx.clock.now(),
                  merged.created_by_run_id),
            notes=ctx.stores.notes, index=ctx.stores.index, changes=ctx.stores.changes,
        )
    return repaired


async def find_clusters(ctx: DreamContext, candidates: Sequence[Note], parent: str
                        ) -> list[tuple[Cluster, bool]]:
    """Return (cluster, mixed) pairs ready for the judge, honouring the privacy rule.

    Neighbours come from one in-process pass over the candidates' own embeddings
    (each scope alone); the table is kept on ``ctx`` for the contradiction phase.
    """
    by_scope: dict[Scope, list[Note]] = defaultdict(list)
    for note in candidates:
        if note.embedding is not None:
            by_scope[(note.company_id, note.user_id)].append(note)
    table = await asyncio.to_thread(NeighbourTable.build, candidates, ctx.settings.neighbours,
                                    ctx.settings.neighbour_floor)
    ctx.carried.neighbours = table
    groups: dict[Scope, list[Cluster]] = {}
    for (company, user), notes in sorted(by_scope.items(), key=lambda kv: str(kv[0])):
        hits = [table.hits(n) for n in notes]
        # the table's unit rows of this scope: the same notes in the same order
        rows = table.scopes.get((company, user))
        groups[(company, user)] = group(notes, hits, ctx.settings.cluster_similarity,
                                        mat=rows.matrix if rows is not None else None)
    result: list[tuple[Cluster, bool]] = []
    absorbed: set[str] = set()
    user_groups_of: dict[str | None, list[Cluster]] = defaultdict(list)
    for (company, user), scope_groups in groups.items():
        if user is not None:
            user_groups_of[company] += scope_groups
    threshold = ctx.settings.cluster_similarity
    for (company, user), company_groups in groups.items():
        if user is not None:
            continue
        user_groups = user_groups_of.get(company, [])
        near = dict(similar_groups(company_groups, user_groups, threshold))
        for i, cg in enumerate(company_groups):
            members = list(cg.notes)
            mixed = False
            for j in near.get(i, ()):
                ug = user_groups[j]
                if set(ug.ids) & absorbed:
                    continue
                if centroid_similarity(cg.notes, ug.notes) < threshold:
                    continue
                if await _adds_nothing(ctx, cg, ug, parent):
                    members += list(ug.notes)
                    absorbed.update(ug.ids)
                    mixed = True
            if len(members) >= ctx.settings.min_cluster_size:
                result.append((Cluster(tuple(members), cg.similarity), mixed))
    for (_, user), user_groups in groups.items():
        if user is None:
            continue
        for ug in user_groups:
            if len(ug.notes) >= ctx.settings.min_cluster_size and not set(ug.ids) & absorbed:
                result.append((ug, False))
    return result


async def _adds_nothing(ctx: DreamContext, company: Cluster, user: Cluster, parent: str
                        ) -> bool:
    general = [judged(n) for n in company.notes]
    async with ctx.recorder.step("consolidation", "privacy-check", parent,
                                 company_notes=[brief(n) for n in company.notes],
                                 user_notes=[brief(n) for n in user.notes]) as step:
        step.judge = ctx.judge.name
        findings: list[Finding] = []
        for note in user.notes:
            verdict, usage = await ctx.judge.covers(general, judged(note))
            ctx.recorder.charge(step, usage)
            if not verdict.adds_nothing:
                step.output = {"merge_into_company_note": False, "reason": verdict.reason,
                               "note_id": note.note_id, **step_fields(verdict.findings)}
                return False
            findings += verdict.findings
        step.output = {"merge_into_company_note": True,
                       "reason": "the user's notes add nothing beyond the company-wide notes",
                       **step_fields(findings)}
        return True


def _validate(verdict: ConsolidationVerdict, ids: set[str]) -> list[MergedNote]:
    seen: set[str] = set()
    for merged in verdict.merged:
        unknown = set(merged.source_ids) - ids
        if unknown:
            raise JudgeAnswerInvalid(f"judge referred to unknown note ids {sorted(unknown)}")
        if seen & set(merged.source_ids):
            raise JudgeAnswerInvalid("judge used a note in two merged notes")
        seen.update(merged.source_ids)
    return [m for m in verdict.merged if len(m.source_ids) >= 1]


@dataclass(frozen=True)
class Merges:
    """What consolidating one cluster wrote: merged notes, sources revoked, merges rejected."""

    merged_notes: int = 0
    revoked: int = 0
    rejected: int = 0


ClusterAnswer = tuple[ConsolidationVerdict, Usage]
"""A judge's verdict about one cluster and what it spent."""


async def ask_cluster(ctx: DreamContext, cluster: Cluster) -> ClusterAnswer:
    """Ask the judge about one cluster (no writes)."""
    return await ctx.judge.consolidate([judged(n) for n in cluster.notes], ctx.clock.now())


async def consolidate_cluster(
    ctx: DreamContext, cluster: Cluster, mixed: bool, parent: str,
    judgment: Judgment[ClusterAnswer] | None = None,
) -> Merges:
    """Judge one cluster (or take its ``judgment``) and write its merged note(s)."""
    async with ctx.recorder.step(
        "consolidation", "cluster", parent, notes=[brief(n) for n in cluster.notes],
        similarity=round(cluster.similarity, 4), mixed_scope=mixed,
    ) as step:
        step.judge = ctx.judge.name
        verdict, usage = (judgment.unwrap() if judgment is not None
                          else await ask_cluster(ctx, cluster))
        ctx.recorder.charge(step, usage)
        if not verdict.consolidate:
            step.status = "skipped"
            step.output = {"decision": "keep", "reason": verdict.reason,
                           **step_fields(verdict.findings)}
            return Merges()
        by_id = {n.note_id: n for n in cluster.notes}
        planned = _validate(verdict, set(by_id))
        # A merged note made of a single source would only rename it: skip those.
        planned = [m for m in planned if len(m.source_ids) >= 2]
        planned, rejected = guard_merges(ctx, planned, by_id)
        outputs: list[dict[str, Any]] = []
        revoked = 0
        for merged in planned:
            note = _merged_note(ctx, merged, [by_id[i] for i in merged.source_ids], mixed)
            outputs.append({"note_id": note.note_id, "text": note.text,
                            "source_ids": merged.source_ids,
                            "access_count": note.access_count, "user_id": note.user_id})
            if not ctx.dry_run:
                revoked += await _write(ctx, note, verdict.reason)
                await ctx.fault("consolidation:revoked")
            ctx.carried.merged.add(note.note_id)
        step.output = {"decision": "merge" if planned else "keep", "reason": verdict.reason,
                       "merged": outputs, **step_fields(verdict.findings)}
        if rejected:
            step.output["rejected"] = rejected
        if not planned:
            step.status = "skipped"
    return Merges(len(planned), revoked, len(rejected))


def guard_merges(ctx: DreamContext, planned: Sequence[MergedNote], by_id: dict[str, Note]
                 ) -> tuple[list[MergedNote], list[dict[str, Any]]]:
    """Split merges into those kept and those rejected for dropping a source's salient token.

    A merge is rejected when its text (dates made absolute) lacks a number, identifier,
    name, date or negation of one of its sources (:mod:`.salient`); its sources stay Active.
    """
    kept: list[MergedNote] = []
    rejected: list[dict[str, Any]] = []
    now = ctx.clock.now()
    for merged in planned:
        sources = [judged(by_id[i]).text for i in merged.source_ids]
        lost = dropped_tokens(sources, normalize_dates(merged.text, now))
        if lost:
            rejected.append({"text": merged.text, "source_ids": list(merged.source_ids),
                             "dropped": lost,
                             "why": "the merged text drops " + ", ".join(lost)})
            log.info("consolidation.merge_rejected", source_ids=merged.source_ids, dropped=lost)
        else:
            kept.append(merged)
    return kept, rejected


def _merged_note(ctx: DreamContext, merged: MergedNote, sources: list[Note], mixed: bool
                 ) -> Note:
    now = ctx.clock.now()
    users = {s.user_id for s in sources}
    last = [s.last_accessed_at for s in sources if s.last_accessed_at]
    return Note(
        note_id=merged_id(merged.source_ids),
        text=normalize_dates(merged.text, now),
        note_type=cast(NoteType, merged.note_type) if merged.note_type in get_args(NoteType)
        else sources[0].note_type,
        agent_id=ctx.agent_id,
        company_id=sources[0].company_id,
        user_id=None if mixed or len(users) > 1 else sources[0].user_id,
        is_auto_generated=True,
        created_at=now,
        access_count=sum(s.access_count for s in sources),
        last_accessed_at=max(last) if last else None,
        source_note_ids=sorted(merged.source_ids),
        created_by_run_id=ctx.run_id,
    )


async def _write(ctx: DreamContext, note: Note, reason: str) -> int:
    [vector] = await ctx.embedder.embed([note.text])
    note.embedding = vector
    note.embedding_model = ctx.embedder.model_name
    await ctx.stores.notes.add(note)
    stored = await ctx.stores.notes.get(note.note_id) or note
    await ctx.stores.index.upsert([VectorPoint(stored.note_id, vector, vector_payload(stored))])
    await ctx.stores.changes.record([Change(
        change_id=change_id(note.note_id, Status.ACTIVE, ctx.run_id),
        change_type="note.consolidated", kind="note", record_id=note.note_id,
        agent_id=ctx.agent_id, from_status=None, to_status=Status.ACTIVE,
        reason=f"Merged {len(note.source_note_ids)} notes: {reason}", at=ctx.clock.now(),
        run_id=ctx.run_id, source_note_ids=note.source_note_ids,
    )])
    await ctx.fault("consolidation:merged")
    moved = await move_notes(
        [Transition(s, Status.ACTIVE, Status.REVOKED,
                    f"Consolidated into {note.note_id}: {reason}", note.note_id)
         for s in note.source_note_ids],
        Audit(ctx.agent_id, ctx.run_id, ctx.clock.now(), ctx.run_id),
        notes=ctx.stores.notes, index=ctx.stores.index, changes=ctx.stores.changes,
    )
    return len(moved)


async def consolidate(ctx: DreamContext, parent: str) -> ConsolidationResult:
    """Run the consolidation phase; return what it did (raises only on storage failure)."""
    candidates = [n async for n in ctx.stores.notes.iter_records(
        agent_id=ctx.agent_id, status=Status.ACTIVE, auto_only=True)]
    repaired = await repair(ctx, candidates)
    if repaired:
        candidates = [n for n in candidates if n.note_id not in set(repaired)]
    clusters = await find_clusters(ctx, candidates, parent)
    many = ctx.judge.consolidate_many if isinstance(ctx.judge, ClusterBatching) else None
    batches = batch_clusters(clusters, ctx.settings.consolidation_batch_notes if many else 0)
    done: list[Merges] = []

    async def ask(batch: list[tuple[Cluster, bool]]) -> list[Judgment[ClusterAnswer]]:
        if len(batch) == 1 or many is None:
            return [Judgment(value=await ask_cluster(ctx, batch[0][0]))]
        verdicts, usage = await many([[judged(n) for n in c.notes] for c, _ in batch],
                                     ctx.clock.now())
        if len(verdicts) != len(batch):
            raise JudgeAnswerInvalid(f"{len(verdicts)} verdicts for {len(batch)} clusters")
        # the call's usage is recorded once, on the first cluster's step
        return [Judgment(value=(v, usage if i == 0 else Usage())) for i, v in enumerate(verdicts)]

    async def apply(item: tuple[Cluster, bool], one: Judgment[ClusterAnswer]) -> None:
        done.append(await consolidate_cluster(ctx, item[0], item[1], parent, one))

    # clusters are disjoint: judged concurrently, written one by one in cluster order
    end = await judge_batches(
        Batches(batches, notes=lambda item: item[0].notes), ask, apply,
        judge=ctx.judge, concurrency=ctx.settings.judge_concurrency,
        max_outages=ctx.settings.max_judge_outages)
    return ConsolidationResult(
        candidates=len(candidates), clusters=len(clusters),
        merged_notes=sum(m.merged_notes for m in done), revoked=sum(m.revoked for m in done),
        repaired=len(repaired), skipped_clusters=sum(not m.merged_notes for m in done),
        failed_clusters=end.failed, merges_rejected=sum(m.rejected for m in done),
        errors=end.errors, stopped=end.stopped)


def batch_clusters(clusters: Sequence[tuple[Cluster, bool]], max_notes: int
                   ) -> list[list[tuple[Cluster, bool]]]:
    """Group consecutive clusters of one scope, at most ``max_notes`` notes a group.

    A request never carries notes of two tenants or users: a cluster of another scope,
    or one that mixes a company-wide note with a user's (the privacy check), starts a
    group of its own. A cluster bigger than ``max_notes`` goes alone.
    """
    out: list[list[tuple[Cluster, bool]]] = []
    size = 0
    last: frozenset[tuple[str | None, str | None]] | None = None
    for cluster, mixed in clusters:
        scope = frozenset((n.company_id, n.user_id) for n in cluster.notes)
        if not out or size + len(cluster.notes) > max_notes or mixed or len(scope) > 1 \
                or scope != last:
            out.append([])
            size = 0
        out[-1].append((cluster, mixed))
        size += len(cluster.notes)
        last = None if mixed or len(scope) > 1 else scope
    return out
