"""Contradiction resolution: the judge says *whether* two notes contradict; code picks the winner.

Rules, in order: the note created more than ``newer_wins_after_days`` (7) days later
wins; otherwise the one with the higher AccessCount; otherwise both stay Active and
the pair goes to the review queue for a person. A note written by a person
(``is_auto_generated = false``) is never revoked by a machine, and a note that reads
like an instruction to the memory system (:mod:`reverie.domain.instructions`) never
wins on a judge's word: such pairs are queued for review too, and so is every one past
the dream's revocation ceiling (``ctx.revocation_ceiling``; such a
pair is judged again by the next dream, which may settle it under its own ceiling). Pairs
already judged with unchanged texts are not judged again; a verdict is cached only after
its effect is written (crash-safe). The judge asked is ``ctx.judge``, the one the runner
chose (:func:`.trust.acting_judge`: the offline judge in place of one the dream does not
trust); this phase does not look at trust.

A judge that can (the LLM judge's ``contradicts_many``) is asked about up to
``contradiction_batch_pairs`` consecutive pairs in one call; an answer still invalid
after its repair falls back to asking about those pairs one at a time. The answers
are applied pair by pair in order, so the outcome is the one of one call per pair.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import structlog

from reverie.domain.instructions import instruction_markers
from reverie.domain.model import Note, Status
from reverie.domain.runs import ReviewPair
from reverie.errors import JudgeAnswerInvalid
from reverie.handlers.dream.consolidation import brief
from reverie.handlers.dream.context import DreamContext, judged
from reverie.handlers.dream.findings import step_fields
from reverie.handlers.dream.inorder import Judgment
from reverie.handlers.dream.judgeloop import Batches, judge_batches
from reverie.handlers.dream.judging import ContradictionVerdict, JudgedNote, PairBatching, Usage
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.dream.results import ContradictionResult
from reverie.handlers.dream.trust import anomaly
from reverie.handlers.lifecycle import move_notes
from reverie.handlers.ports import Transition

log = structlog.get_logger(__name__)


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


@dataclass(frozen=True)
class Kept:
    """The judge found no contradiction: both notes stay Active."""


@dataclass(frozen=True)
class ToReview:
    """The pair contradicts and is queued for a person (``held``: by the dream's ceiling)."""

    held: bool = False


@dataclass(frozen=True)
class Revoked:
    """The pair contradicts and ``loser`` was revoked in favour of ``winner``."""

    loser: str
    winner: str


PairOutcome = Kept | ToReview | Revoked
"""What judging one pair did."""


async def resolve_contradictions(ctx: DreamContext, parent: str) -> ContradictionResult:
    """Run the contradiction phase over the Active notes left after consolidation."""
    notes = [n async for n in ctx.notes.iter_notes(agent_id=ctx.agent_id, status=Status.ACTIVE)]
    pairs = await candidate_pairs(ctx, notes)
    fresh = [p for p in pairs if await ctx.judgments.get(p.key) is None]
    todo = fresh[: ctx.settings.max_pairs]
    outcomes: list[PairOutcome] = []
    revoked: set[str] = set()
    many = ctx.judge.contradicts_many if isinstance(ctx.judge, PairBatching) else None

    def wanted(pair: Pair) -> bool:
        return pair.a.note_id not in revoked and pair.b.note_id not in revoked

    async def ask(batch: list[Pair]) -> list[PairJudgment | None]:
        # pairs a note of which an earlier pair revoked are not asked about at all
        return await ask_pairs(ctx, batch, wanted, many)

    async def apply(pair: Pair, one: PairJudgment) -> None:
        outcome = await judge_pair(ctx, pair, parent, one)
        outcomes.append(outcome)
        if isinstance(outcome, Revoked):
            revoked.add(outcome.loser)

    # batches sharing a note wait for each other, and each pair is applied in order
    # and only if still wanted, so a note revoked by an earlier pair skips the later
    # ones exactly as when judging one pair after another
    end = await judge_batches(
        Batches(batch_pairs(todo, ctx.settings.contradiction_batch_pairs if many else 1),
                notes=lambda p: (p.a, p.b), judged=judged, conflicts=_share_a_note,
                wanted=wanted),
        ask, apply, judge=ctx.judge, concurrency=ctx.settings.judge_concurrency,
        max_outages=ctx.settings.max_judge_outages)
    return _guarded(ctx, ContradictionResult(
        pairs_above_threshold=len(pairs), already_judged=len(pairs) - len(fresh),
        deferred_to_next_run=max(0, len(fresh) - len(todo)), judged=len(outcomes),
        contradictions=sum(not isinstance(o, Kept) for o in outcomes),
        revoked=sum(isinstance(o, Revoked) for o in outcomes),
        queued_for_review=sum(isinstance(o, ToReview) for o in outcomes),
        failed_pairs=end.failed, stopped=end.stopped))


def _guarded(ctx: DreamContext, result: ContradictionResult) -> ContradictionResult:
    """Add to the phase's result what held the judge back (the ceiling) and whether it
    called nearly every judged pair a contradiction (an anomaly: surfaced, not acted on)."""
    ceiling_reached = None
    if ctx.held_by_ceiling:
        ceiling_reached = (
            f"{ctx.held_by_ceiling} more contradiction(s) went to review: this dream may revoke "
            f"at most {ctx.revocation_ceiling} note(s) by contradiction")
        log.warning("dream.revocation_ceiling", ceiling=ctx.revocation_ceiling,
                    held=ctx.held_by_ceiling)
    s = ctx.settings
    why = anomaly(result.judged, result.contradictions,
                  s.anomaly_contradiction_share, s.anomaly_min_pairs)
    if why:
        log.warning("dream.judge_anomaly", judged=result.judged,
                    contradictions=result.contradictions, why=why)
    return replace(result, revocation_ceiling=ctx.revocation_ceiling,
                   held_by_ceiling=ctx.held_by_ceiling, ceiling_reached=ceiling_reached,
                   anomaly=why)


PairJudgment = Judgment[tuple[ContradictionVerdict, Usage]]


def batch_pairs(pairs: Sequence[Pair], size: int) -> list[list[Pair]]:
    """Group consecutive pairs of one scope, at most ``size`` (at least 1) pairs a group.

    A request never carries notes of two tenants or users: a pair of another scope
    (or, defensively, one whose notes differ in scope) starts a group of its own.
    """
    out: list[list[Pair]] = []
    last: tuple[str | None, str | None] | None = None
    for pair in pairs:
        scopes = {(n.company_id, n.user_id) for n in (pair.a, pair.b)}
        scope = next(iter(scopes)) if len(scopes) == 1 else None
        if not out or len(out[-1]) >= max(1, size) or scope is None or scope != last:
            out.append([])
        out[-1].append(pair)
        last = scope
    return out


async def ask_pairs(
    ctx: DreamContext, batch: Sequence[Pair], wanted: Callable[[Pair], bool],
    many: Callable[[Sequence[tuple[JudgedNote, JudgedNote]]],
                   Awaitable[tuple[list[ContradictionVerdict], Usage]]] | None,
) -> list[PairJudgment | None]:
    """Judge the wanted pairs of ``batch`` (no writes); ``None`` for the others.

    Several pairs go to the judge in one call when it can (``many``); if that answer
    stays invalid after its repair, the pairs are judged one at a time instead. An
    outage or a spent budget fails the whole call (raised).
    """
    asked = [p for p in batch if wanted(p)]
    if len(asked) <= 1 or many is None:
        found = {id(p): await _ask_one(ctx, p) for p in asked}
    else:
        found = await _ask_together(ctx, asked, many)
    return [found.get(id(p)) for p in batch]


async def _ask_one(ctx: DreamContext, pair: Pair) -> PairJudgment:
    try:
        return Judgment(value=await ask_pair(ctx, pair))
    except Exception as exc:  # handed to the caller in order, raised there
        return Judgment(error=exc)


async def _ask_together(
    ctx: DreamContext, asked: list[Pair],
    many: Callable[[Sequence[tuple[JudgedNote, JudgedNote]]],
                   Awaitable[tuple[list[ContradictionVerdict], Usage]]],
) -> dict[int, PairJudgment]:
    try:
        verdicts, usage = await many([(judged(p.a), judged(p.b)) for p in asked])
        if len(verdicts) != len(asked):
            raise JudgeAnswerInvalid(f"{len(verdicts)} verdicts for {len(asked)} pairs")
    except JudgeAnswerInvalid as exc:
        spent = exc.usage
        log.info("contradiction_batch_invalid", pairs=len(asked), error=str(exc))
    else:
        # the call's usage is recorded once, on the first pair's step
        return {id(p): Judgment(value=(v, usage if i == 0 else Usage()))
                for i, (p, v) in enumerate(zip(asked, verdicts, strict=True))}
    # the batched answer stayed invalid: judge these pairs one at a time instead
    found: dict[int, PairJudgment] = {}
    for pair in asked:
        one = await _ask_one(ctx, pair)
        if spent.calls and one.value is not None:
            verdict, own = one.value
            total = Usage()
            total.add(spent)
            total.add(own)
            one, spent = Judgment(value=(verdict, total)), Usage()
        found[id(pair)] = one
    if spent.calls:
        ctx.usage.add(spent)  # no pair's step to record the failed call on
    return found


def _share_a_note(x: Sequence[Pair], y: Sequence[Pair]) -> bool:
    def ids(batch: Sequence[Pair]) -> set[str]:
        return {i for p in batch for i in (p.a.note_id, p.b.note_id)}

    return bool(ids(x) & ids(y))


async def ask_pair(ctx: DreamContext, pair: Pair) -> tuple[ContradictionVerdict, Usage]:
    """Ask the judge whether one pair contradicts (no writes)."""
    return await ctx.judge.contradicts(judged(pair.a), judged(pair.b))


async def judge_pair(ctx: DreamContext, pair: Pair, parent: str,
                     judgment: PairJudgment | None = None) -> PairOutcome:
    """Judge one pair (or take its ``judgment``) and write its effect; return the outcome."""
    async with ctx.recorder.step("contradiction", "pair", parent,
                                 a=brief(pair.a), b=brief(pair.b),
                                 similarity=round(pair.similarity, 4)) as step:
        step.judge = ctx.judge.name
        verdict, usage = (judgment.unwrap() if judgment is not None
                          else await ask_pair(ctx, pair))
        step.usage.add(usage)
        ctx.usage.add(usage)
        await ctx.fault("contradiction:judged")
        step.output.update(step_fields(verdict.findings))
        outcome = await _apply(ctx, pair, verdict, step.output)
        await ctx.fault("contradiction:applied")
        # cached only once its effect is written: a run that dies in between leaves the
        # pair unjudged, and the next run judges and applies it again (both idempotent);
        # a pair held by the ceiling is not cached: the next dream may resolve it
        if not ctx.dry_run and not (isinstance(outcome, ToReview) and outcome.held):
            await ctx.judgments.put(pair.key, {"contradicts": verdict.contradicts,
                                               "reason": verdict.reason,
                                               "run_id": ctx.run_id})
        return outcome


async def _apply(ctx: DreamContext, pair: Pair, verdict: ContradictionVerdict,
                 output: dict[str, Any]) -> PairOutcome:
    """Write a verdict's effect (review entry or revocation); return the outcome."""
    if not verdict.contradicts:
        output.update({"decision": "complementary", "reason": verdict.reason})
        return Kept()
    winner, rule = decide(pair.a, pair.b, ctx.settings.newer_wins_after_days)
    held = False
    if winner is not None:
        loser = pair.b if winner is pair.a else pair.a
        if not loser.is_auto_generated:
            winner, rule = None, "the losing note was written by a person: left to a person"
        elif markers := instruction_markers(winner.text):
            winner, rule = None, (f"the winning note reads like an instruction to the memory "
                                  f"system ({', '.join(markers)}): left to a person")
        elif ctx.revocation_ceiling is not None \
                and ctx.revoked_by_contradiction >= ctx.revocation_ceiling:
            ctx.held_by_ceiling += 1
            held = True
            output["held"] = "ceiling"
            winner, rule = None, (f"this dream's ceiling of {ctx.revocation_ceiling} "
                                  "revocation(s) by contradiction is reached: left to a person "
                                  "or the next dream")
    if winner is None:
        output.update({"decision": "review", "reason": verdict.reason, "rule": rule,
                       "pair_id": pair_id(pair.a.note_id, pair.b.note_id)})
        if not ctx.dry_run:
            await ctx.reviews.add(ReviewPair(
                pair_id=pair_id(pair.a.note_id, pair.b.note_id), agent_id=ctx.agent_id,
                note_ids=(pair.a.note_id, pair.b.note_id),
                texts=(pair.a.text, pair.b.text), reason=f"{verdict.reason} ({rule})",
                run_id=ctx.run_id, created_at=ctx.clock.now(),
            ))
        return ToReview(held)
    loser = pair.b if winner is pair.a else pair.a
    comment = f"Contradicted by {winner.note_id}: {verdict.reason} (kept: {rule})"
    output.update({"decision": "revoke", "winner": winner.note_id, "loser": loser.note_id,
                   "reason": verdict.reason, "rule": rule})
    ctx.revoked_by_contradiction += 1
    if not ctx.dry_run:
        await move_notes(
            [Transition(loser.note_id, Status.ACTIVE, Status.REVOKED, comment,
                        winner.note_id)],
            agent_id=ctx.agent_id, cause=ctx.run_id, at=ctx.clock.now(),
            notes=ctx.notes, index=ctx.index, changes=ctx.changes, run_id=ctx.run_id,
        )
        # an earlier dream may have queued this pair past its ceiling: it is settled now
        await ctx.reviews.resolve(pair_id(pair.a.note_id, pair.b.note_id), winner.note_id,
                                  ctx.clock.now())
    return Revoked(loser.note_id, winner.note_id)
