"""A prototype of bounded-concurrency cluster judging, for the benchmark only (not in Reverie).

``reverie.handlers.dream.consolidation.consolidate`` judges clusters one after
another. With an LLM judge each call waits on the network, so the phase takes
about ``clusters x latency``. This prototype is the same loop with at most
``limit`` clusters in flight (``asyncio.Semaphore``); the benchmark swaps it in
for the consolidation phase to measure what the change would buy. Clusters are
disjoint, so their writes never touch the same note; step ids stay unique
(the recorder numbers a step when it opens). What differs: after
``max_judge_outages`` outages or a spent budget, clusters already in flight still
finish (at most ``limit - 1`` more calls), and steps are stored in completion order.
"""

from __future__ import annotations

import asyncio
from typing import Any

from reverie.domain.model import Status
from reverie.errors import BudgetExhausted, JudgeAnswerInvalid, JudgeUnavailable
from reverie.handlers.dream import runner
from reverie.handlers.dream.consolidation import consolidate_cluster, find_clusters, repair
from reverie.handlers.dream.context import DreamContext


async def consolidate_concurrently(ctx: DreamContext, parent: str, limit: int
                                   ) -> dict[str, Any]:
    """The consolidation phase with up to ``limit`` clusters judged at once."""
    candidates = [n async for n in ctx.notes.iter_notes(
        agent_id=ctx.agent_id, status=Status.ACTIVE, auto_only=True)]
    repaired = await repair(ctx, candidates)
    if repaired:
        gone = set(repaired)
        candidates = [n for n in candidates if n.note_id not in gone]
    clusters = await find_clusters(ctx, candidates, parent)
    totals: dict[str, Any] = {"candidates": len(candidates), "clusters": len(clusters),
                              "merged_notes": 0, "revoked": 0, "repaired": len(repaired),
                              "skipped_clusters": 0, "failed_clusters": 0}
    gate = asyncio.Semaphore(limit)
    outages = 0

    async def one(cluster: Any, mixed: bool) -> None:
        nonlocal outages
        async with gate:
            if "stopped" in totals:
                return
            try:
                counts = await consolidate_cluster(ctx, cluster, mixed, parent)
            except JudgeAnswerInvalid as exc:
                totals["failed_clusters"] += 1
                totals.setdefault("errors", []).append(str(exc))
                return
            except JudgeUnavailable as exc:
                totals["failed_clusters"] += 1
                totals.setdefault("errors", []).append(str(exc))
                outages += 1
                if outages >= ctx.settings.max_judge_outages:
                    totals["stopped"] = f"judge unavailable {outages} times: {exc}"
                return
            except BudgetExhausted as exc:
                totals["stopped"] = f"LLM budget exhausted: {exc}"
                return
        totals["merged_notes"] += counts["merged_notes"]
        totals["revoked"] += counts["revoked"]
        if not counts["merged_notes"]:
            totals["skipped_clusters"] += 1

    await asyncio.gather(*(one(c, m) for c, m in clusters))
    return totals


def install(limit: int) -> None:
    """Use the prototype for the consolidation phase in this process."""

    async def phase(ctx: DreamContext, parent: str) -> dict[str, Any]:
        return await consolidate_concurrently(ctx, parent, limit)

    runner.PHASE_RUNNERS["consolidation"] = phase
