"""Contradiction resolution: the judge says *whether* two notes contradict; code picks the winner.

What a verdict may do is the dream's judge policy's to say (:meth:`.trust.JudgePolicy.rule`):
the newer note (by more than ``newer_wins_after_days``) wins, else the more used one, else
the pair goes to the review queue for a person; a note written by a person is never revoked
by a machine, a note that reads like an instruction to the memory system never wins, and
every revocation past the dream's ceiling is queued too (the next dream judges such a pair
again and may settle it under its own ceiling). This phase writes the effect: a review
entry or a revocation. Pairs already judged with unchanged texts are not judged again; a
verdict is cached only after its effect is written (crash-safe). The judge asked is the
policy's (the offline judge in place of one the dream does not trust).

A judge that reads pairs ahead (the offline judge's ``prepare_pairs``: its model scores
every pair's statements in one batch) is given the pairs to judge first.

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
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import structlog

from reverie.domain.model import Note, Status
from reverie.domain.runs import ReviewPair
from reverie.errors import JudgeAnswerInvalid
from reverie.handlers.dream.consolidation import brief
from reverie.handlers.dream.context import DreamContext, judged
from reverie.handlers.dream.findings import step_fields
from reverie.handlers.dream.inorder import Judgment
from reverie.handlers.dream.judgeloop import Batches, judge_batches
from reverie.handlers.dream.judging import (
    ContradictionVerdict,
    JudgedNote,
    PairBatching,
    PairPreparing,
    Usage,
)
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.dream.results import ContradictionResult
from reverie.handlers.lifecycle import Audit, move_notes
from reverie.handlers.ports import Transition

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class Pair:
    """Two distinct notes, ordered by id, with their similarity."""

    a: Note
    b: Note
    similarity: float

    @cached_property
    def key(self) -> str:
        """Return the cache key: the pair's ids and exact texts (computed once)."""
        raw = "\x1f".join([self.a.note_id, self.a.text, self.b.note_id, self.b.text])
        return "pair-" + hashlib.sha256(raw.encode()).hexdigest()[:32]


def pair_id(a: str, b: str) -> str:
    """Return the review-queue id of a pair (order-independent)."""
    first, second = sorted((a, b))
    return "rv-" + hashlib.sha256(f"{first}\x1f{second}".encode()).hexdigest()[:16]


async def candidate_pairs(ctx: DreamContext, notes: Sequence[Note]) -> list[Pair]:
    """Return unique pairs above the threshold inside one scope, most similar first.

    Neighbours come from the consolidation phase's table brought up to ``notes``
    (only new notes are scored), or from a fresh in-process pass without one.
    """
    by_scope: dict[tuple[str | None, str | None], list[Note]] = defaultdict(list)
    for note in notes:
        if note.embedding is not None:
            by_scope[(note.company_id, note.user_id)].append(note)
    previous = ctx.carried.neighbours
    if previous is not None and previous.k == ctx.settings.neighbours:
        table = await asyncio.to_thread(previous.refresh, notes)
    else:
        table = await asyncio.to_thread(NeighbourTable.build, notes, ctx.settings.neighbours,
                                        ctx.settings.neighbour_floor)
    ctx.carried.neighbours = table
    seen: dict[tuple[str, str], Pair] = {}
    floor, merged = ctx.settings.contradiction_similarity, ctx.carried.merged
    for members in by_scope.values():
        by_id = {n.note_id: n for n in members}
        for note in members:
            for hit in table.hits(note):
                if hit.score < floor or hit.note_id == note.note_id:
                    continue
                other = by_id.get(hit.note_id)
                if other is None:
                    continue
                a, b = (note, other) if note.note_id < other.note_id else (other, note)
                ids = (a.note_id, b.note_id)
                if ids in seen or (a.note_id in merged and b.note_id in merged):
                    continue
                seen[ids] = Pair(a, b, hit.score)
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
    notes = [n async for n in ctx.stores.notes.iter_records(agent_id=ctx.agent_id,
                                                          status=Status.ACTIVE)]
    pairs = await candidate_pairs(ctx, notes)
    done = await ctx.stores.judgments.judged([p.key for p in pairs])
    fresh = [p for p in pairs if p.key not in done]
    todo = fresh[: ctx.settings.max_pairs]
    if isinstance(ctx.judge, PairPreparing) and todo:
        # the offline judge's model asked about every pair at once; verdicts unchanged
        await asyncio.to_thread(ctx.judge.prepare_pairs,
                                [(judged(p.a), judged(p.b)) for p in todo])
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
                notes=lambda p: (p.a, p.b), conflicts=_share_a_note,
                wanted=wanted),
        ask, apply, judge=ctx.judge, concurrency=ctx.settings.judge_concurrency,
        max_outages=ctx.settings.max_judge_outages)
    return ctx.policy.held_back(ContradictionResult(
        pairs_above_threshold=len(pairs), already_judged=len(pairs) - len(fresh),
        deferred_to_next_run=max(0, len(fresh) - len(todo)), judged=len(outcomes),
        contradictions=sum(not isinstance(o, Kept) for o in outcomes),
        revoked=sum(isinstance(o, Revoked) for o in outcomes),
        queued_for_review=sum(isinstance(o, ToReview) for o in outcomes),
        failed_pairs=end.failed, stopped=end.stopped))


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
        ctx.recorder.charge(None, spent)  # no pair's step to record the failed call on
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
        ctx.recorder.charge(step, usage)
        await ctx.fault("contradiction:judged")
        step.output.update(step_fields(verdict.findings))
        outcome = await _apply(ctx, pair, verdict, step.output)
        await ctx.fault("contradiction:applied")
        # cached only once its effect is written: a run that dies in between leaves the
        # pair unjudged, and the next run judges and applies it again (both idempotent);
        # a pair held by the ceiling is not cached: the next dream may resolve it
        if not ctx.dry_run and not (isinstance(outcome, ToReview) and outcome.held):
            await ctx.stores.judgments.put(pair.key, {"contradicts": verdict.contradicts,
                                               "reason": verdict.reason,
                                               "run_id": ctx.run_id})
        return outcome


async def _apply(ctx: DreamContext, pair: Pair, verdict: ContradictionVerdict,
                 output: dict[str, Any]) -> PairOutcome:
    """Write what the judge policy lets the verdict do (review entry or revocation)."""
    ruling = ctx.policy.rule(pair.a, pair.b, verdict)
    if ruling.action == "keep":
        output.update({"decision": "complementary", "reason": verdict.reason})
        return Kept()
    if ruling.held:
        output["held"] = "ceiling"
    if ruling.winner is None or ruling.loser is None:
        output.update({"decision": "review", "reason": verdict.reason, "rule": ruling.rule,
                       "pair_id": pair_id(pair.a.note_id, pair.b.note_id)})
        if not ctx.dry_run:
            await ctx.stores.reviews.add(ReviewPair(
                pair_id=pair_id(pair.a.note_id, pair.b.note_id), agent_id=ctx.agent_id,
                note_ids=(pair.a.note_id, pair.b.note_id),
                texts=(pair.a.text, pair.b.text), reason=f"{verdict.reason} ({ruling.rule})",
                run_id=ctx.run_id, created_at=ctx.clock.now(),
            ))
        return ToReview(ruling.held)
    winner, loser = ruling.winner, ruling.loser
    comment = f"Contradicted by {winner.note_id}: {verdict.reason} (kept: {ruling.rule})"
    output.update({"decision": "revoke", "winner": winner.note_id, "loser": loser.note_id,
                   "reason": verdict.reason, "rule": ruling.rule})
    if not ctx.dry_run:
        await move_notes(
            [Transition(loser.note_id, Status.ACTIVE, Status.REVOKED, comment,
                        winner.note_id)],
            Audit(ctx.agent_id, ctx.run_id, ctx.clock.now(), ctx.run_id),
            notes=ctx.stores.notes, index=ctx.stores.index, changes=ctx.stores.changes,
        )
        # an earlier dream may have queued this pair past its ceiling: it is settled now
        await ctx.stores.reviews.resolve(pair_id(pair.a.note_id, pair.b.note_id), winner.note_id,
                                  ctx.clock.now())
    return Revoked(loser.note_id, winner.note_id)
