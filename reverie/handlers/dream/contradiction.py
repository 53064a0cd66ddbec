"""Contradiction resolution: the judge says *whether* two notes contradict; code picks the winner.

Rules, in order: the note created more than ``newer_wins_after_days`` (7) days later
wins; otherwise the one with the higher AccessCount; otherwise both stay Active and
the pair goes to the review queue for a person. A note written by a person
(``is_auto_generated = false``) is never revoked by a machine: such a pair is
queued for review too. Pairs already judged with unchanged texts are not judged
again.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reverie.domain.model import Note, Status
from reverie.domain.runs import ReviewPair
from reverie.errors import BudgetExhausted, JudgeAnswerInvalid, JudgeUnavailable
from reverie.handlers.dream.consolidation import brief
from reverie.handlers.dream.context import DreamContext, headroom, judged
from reverie.handlers.dream.inorder import Judgment, judge_in_order
from reverie.handlers.dream.judging import ContradictionVerdict, Usage
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.lifecycle import move_notes
from reverie.handlers.ports import Transition


@dataclass(frozen=True)
class Pair:
    """Two distinct notes, ordered by id, with their similarity."""

    a: Note
    b: Note
    similarity: float

    @property
    def key(self) -> str:
        """Return the cache key: the pair's ids and exact texts."""
        raw = "\x1f".join([self.a.note_id, self.a.text, self.b.note_id, self.b.text])
        return "pair-" + hashlib.sha256(raw.encode()).hexdigest()[:32]


def pair_id(a: str, b: str) -> str:
    """Return the review-queue id of a pair (order-independent)."""
    first, second = sorted((a, b))
    return "rv-" + hashlib.sha256(f"{first}\x1f{second}".encode()).hexdigest()[:16]


def decide(a: Note, b: Note, newer_wins_after_days: int = 7) -> tuple[Note | None, str]:
    """Return (winner or None for a tie, rule applied)."""
    gap = (b.created_at - a.created_at).total_seconds() / 86400
    if abs(gap) > newer_wins_after_days:
        winner = b if gap > 0 else a
        return winner, f"newer by {abs(gap):.0f} days"
    if a.access_count != b.access_count:
        winner = a if a.access_count > b.access_count else b
        loser = b if winner is a else a
        return winner, f"more used ({winner.access_count} vs {loser.access_count} accesses)"
    return None, "same age and use: left to a person"


async def candidate_pairs(ctx: DreamContext, notes: Sequence[Note]) -> list[Pair]:
    """Return unique pairs above the threshold inside one scope, most similar first.

    Neighbours come from the consolidation phase's table brought up to ``notes``
    (only new notes are scored), or from a fresh in-process pass without one.
    """
    by_scope: dict[tuple[str | None, str | None], list[Note]] = defaultdict(list)
    for note in notes:
        if note.embedding is not None:
            by_scope[(note.company_id, note.user_id)].append(note)
    previous = ctx.neighbour_table
    if previous is not None and previous.k == ctx.settings.neighbours:
        table = await asyncio.to_thread(previous.refresh, notes)
    else:
        table = await asyncio.to_thread(NeighbourTable.build, notes, ctx.settings.neighbours,
                                        ctx.settings.neighbour_floor)
    ctx.neighbour_table = table
    seen: dict[tuple[str, str], Pair] = {}
    for members in by_scope.values():
        by_id = {n.note_id: n for n in members}
        for note in members:
            hits = table.hits(note)
            for hit in hits:
                other = by_id.get(hit.note_id)
                if other is None or other.note_id == note.note_id:
                    continue
                if hit.score < ctx.settings.contradiction_similarity:
                    continue
                if {note.note_id, other.note_id} <= ctx.merged_this_run:
                    continue
                a, b = sorted((note, other), key=lambda n: n.note_id)
                seen.setdefault((a.note_id, b.note_id), Pair(a, b, hit.score))
    return sorted(seen.values(), key=lambda p: (-p.similarity, p.a.note_id, p.b.note_id))


async def resolve_contradictions(ctx: DreamContext, parent: str) -> dict[str, Any]:
    """Run the contradiction phase over the Active notes left after consolidation."""
    notes = [n async for n in ctx.notes.iter_notes(agent_id=ctx.agent_id, status=Status.ACTIVE)]
    pairs = await candidate_pairs(ctx, notes)
    fresh = [p for p in pairs if await ctx.judgments.get(p.key) is None]
    todo = fresh[: ctx.settings.max_pairs]
    totals: dict[str, Any] = {
        "pairs_above_threshold": len(pairs), "already_judged": len(pairs) - len(fresh),
        "judged": 0, "contradictions": 0, "revoked": 0, "queued_for_review": 0,
        "deferred_to_next_run": max(0, len(fresh) - len(todo)), "failed_pairs": 0,
    }
    revoked: set[str] = set()
    outages = 0

    async def ask(pair: Pair) -> tuple[ContradictionVerdict, Usage]:
        return await ask_pair(ctx, pair)

    def wanted(pair: Pair) -> bool:
        return pair.a.note_id not in revoked and pair.b.note_id not in revoked

    # pairs sharing a note wait for each other, so a note revoked by an earlier pair
    # skips the later ones exactly as when judging one pair after another
    async for pair, judgment in judge_in_order(
            todo, ask, limit=ctx.settings.judge_concurrency, headroom=headroom(ctx),
            conflicts=_share_a_note, wanted=wanted):
        if judgment.skipped:
            continue
        try:
            outcome = await judge_pair(ctx, pair, parent, judgment)
        except JudgeAnswerInvalid:
            totals["failed_pairs"] += 1
            continue
        except JudgeUnavailable as exc:
            totals["failed_pairs"] += 1
            outages += 1
            if outages >= ctx.settings.max_judge_outages:
                totals["stopped"] = f"judge unavailable {outages} times: {exc}"
                break
            continue
        except BudgetExhausted as exc:
            totals["stopped"] = f"LLM budget exhausted: {exc}"
            break
        totals["judged"] += 1
        if outcome == "kept":
            continue
        totals["contradictions"] += 1
        if outcome == "review":
            totals["queued_for_review"] += 1
        else:
            totals["revoked"] += 1
            revoked.add(outcome)
    return totals


def _share_a_note(x: Pair, y: Pair) -> bool:
    return bool({x.a.note_id, x.b.note_id} & {y.a.note_id, y.b.note_id})


async def ask_pair(ctx: DreamContext, pair: Pair) -> tuple[ContradictionVerdict, Usage]:
    """Ask the judge whether one pair contradicts (no writes)."""
    return await ctx.judge.contradicts(judged(pair.a), judged(pair.b))


async def judge_pair(ctx: DreamContext, pair: Pair, parent: str,
                     judgment: Judgment[tuple[ContradictionVerdict, Usage]] | None = None
                     ) -> str:
    """Judge one pair (or take its ``judgment``); return ``kept``, ``review`` or the loser's id."""
    async with ctx.recorder.step("contradiction", "pair", parent,
                                 a=brief(pair.a), b=brief(pair.b),
                                 similarity=round(pair.similarity, 4)) as step:
        step.judge = ctx.judge.name
        verdict, usage = (judgment.unwrap() if judgment is not None
                          else await ask_pair(ctx, pair))
        step.usage.add(usage)
        ctx.usage.add(usage)
        if not ctx.dry_run:
            await ctx.judgments.put(pair.key, {"contradicts": verdict.contradicts,
                                               "reason": verdict.reason,
                                               "run_id": ctx.run_id})
        if not verdict.contradicts:
            step.output = {"decision": "complementary", "reason": verdict.reason}
            return "kept"
        winner, rule = decide(pair.a, pair.b, ctx.settings.newer_wins_after_days)
        if winner is not None:
            loser = pair.b if winner is pair.a else pair.a
            if not loser.is_auto_generated:
                winner, rule = None, "the losing note was written by a person: left to a person"
        if winner is None:
            step.output = {"decision": "review", "reason": verdict.reason, "rule": rule,
                           "pair_id": pair_id(pair.a.note_id, pair.b.note_id)}
            if not ctx.dry_run:
                await ctx.reviews.add(ReviewPair(
                    pair_id=pair_id(pair.a.note_id, pair.b.note_id), agent_id=ctx.agent_id,
                    note_ids=(pair.a.note_id, pair.b.note_id),
                    texts=(pair.a.text, pair.b.text), reason=f"{verdict.reason} ({rule})",
                    run_id=ctx.run_id, created_at=ctx.clock.now(),
                ))
            return "review"
        loser = pair.b if winner is pair.a else pair.a
        comment = f"Contradicted by {winner.note_id}: {verdict.reason} (kept: {rule})"
        step.output = {"decision": "revoke", "winner": winner.note_id, "loser": loser.note_id,
                       "reason": verdict.reason, "rule": rule}
        if not ctx.dry_run:
            await move_notes(
                [Transition(loser.note_id, Status.ACTIVE, Status.REVOKED, comment,
                            winner.note_id)],
                agent_id=ctx.agent_id, cause=ctx.run_id, at=ctx.clock.now(),
                notes=ctx.notes, index=ctx.index, changes=ctx.changes, run_id=ctx.run_id,
            )
        return loser.note_id
