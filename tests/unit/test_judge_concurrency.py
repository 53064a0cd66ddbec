"""Clusters and pairs judged concurrently, applied in order: same run, less waiting, same budget."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.bootstrap import Reverie, bootstrap
from reverie.clock import FixedClock
from reverie.domain.runs import DreamRun
from reverie.errors import BudgetExhausted, JudgeUnavailable
from reverie.handlers.dream.inorder import Judgment, Outages, judge_in_order
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)
from reverie.judges.llm import LLMJudge
from reverie.storage.memory import MemoryVectorIndex
from tests import builders
from tests.builders import memory_settings
from tests.dreamkit import add_notes, note, run_dream
from tests.fakes import T0, WordEmbedder
from tests.llm_stub import LLMStub, Reply

TOPICS = ["invoice", "shipping", "refund", "password", "laptop", "holiday", "database",
          "timezone", "language", "contract"]


def topic_notes() -> list[dict[str, Any]]:
    """Ten topics, three near-identical notes each, 10 days apart (newer wins)."""
    out = []
    for t, topic in enumerate(TOPICS):
        for i, extra in enumerate(["", " always", " usually"]):
            out.append(note(f"{topic}-{i}", f"{topic} {topic}s {topic}-rules {topic}-owner"
                            f"{extra}.", day=t + 10 * i, access_count=i))
    return out


class LatencyJudge(builders.KeepingJudge):
    """A fake judge answering after a random delay; records how many calls overlap."""

    name = "latency"

    def __init__(self, mode: str, seed: int) -> None:
        self.mode = mode
        self.rng = random.Random(seed)
        self.in_flight = 0
        self.most_in_flight = 0
        self.calls = 0

    async def _wait(self) -> None:
        self.calls += 1
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        await asyncio.sleep(self.rng.uniform(0, 0.02))
        self.in_flight -= 1

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime
                          ) -> tuple[ConsolidationVerdict, Usage]:
        await self._wait()
        if self.mode != "merge":
            return ConsolidationVerdict(consolidate=False, reason="keep"), Usage(calls=1)
        return ConsolidationVerdict(consolidate=True, reason="same", merged=[MergedNote(
            text=notes[0].text, source_ids=[n.note_id for n in notes])]), Usage(calls=1)

    async def contradicts(self, a: JudgedNote, b: JudgedNote
                          ) -> tuple[ContradictionVerdict, Usage]:
        await self._wait()
        return ContradictionVerdict(contradicts=self.mode == "contradict"), Usage(calls=1)


def app_with(judge: Any, **settings: Any) -> Reverie:
    cfg = memory_settings(judge_trust="always", max_revoke_share=1.0, **settings)
    return bootstrap(cfg, clock=FixedClock(T0 + timedelta(days=60)), embedder=WordEmbedder(),
                     index=MemoryVectorIndex(), judge=judge)


async def steps_of(app: Reverie, run: DreamRun) -> list[tuple[Any, ...]]:
    """What a run decided, step by step, without timings."""
    return [(s.step_id, s.phase, s.name, s.status, s.input, s.output, s.llm_calls)
            for s in await app.runs.steps(run.run_id)]


@pytest.mark.parametrize("mode", ["merge", "contradict"])
async def test_concurrent_judging_takes_the_same_steps_as_one_at_a_time(mode: str) -> None:
    seen = []
    for concurrency, seed in ((1, 0), (4, 1), (4, 2)):
        judge = LatencyJudge(mode, seed)
        app = app_with(judge, judge_concurrency=concurrency)
        await add_notes(app, *topic_notes())
        run = await run_dream(app)
        seen.append((await steps_of(app, run), judge.most_in_flight))
    (one, peak1), *many = seen
    assert peak1 == 1
    for steps, peak in many:
        assert steps == one
        assert 1 < peak <= 4
    decided = [s for s in one if s[2] in ("cluster", "pair")]
    assert len(decided) >= 8
    if mode == "contradict":  # pairs share notes: later ones were skipped, as one at a time
        assert any(s[5].get("decision") == "revoke" for s in decided)


async def test_in_order_yields_in_item_order_whatever_finishes_first() -> None:
    delays = [0.03, 0.0, 0.02, 0.01, 0.0, 0.025]

    async def ask(i: int) -> int:
        await asyncio.sleep(delays[i])
        return i * 10

    got = [(i, j.unwrap()) async for i, j in judge_in_order(range(6), ask, limit=3)]
    assert got == [(i, i * 10) for i in range(6)]


async def test_in_order_errors_come_back_in_their_place_and_stopping_cancels_the_rest() -> None:
    started: list[int] = []

    async def ask(i: int) -> int:
        started.append(i)
        await asyncio.sleep(0.01)
        if i == 1:
            raise JudgeUnavailable("down")
        return i

    seen = []
    async for i, judgment in judge_in_order(list(range(20)), ask, limit=4):
        seen.append(i)
        if judgment.error is not None:
            break
    assert seen == [0, 1]
    assert max(started) < 6  # never more than 4 ahead of what was handed back


async def test_in_order_waits_for_earlier_conflicting_items_before_asking_wanted() -> None:
    done: list[int] = []
    items = [(0, "a", "b"), (1, "c", "d"), (2, "b", "e"), (3, "f", "g")]

    async def ask(item: tuple[int, str, str]) -> int:
        await asyncio.sleep(0.01 * (4 - item[0]))
        return item[0]

    def wanted(item: tuple[int, str, str]) -> bool:
        if item[0] == 2:
            assert 0 in done  # the earlier item sharing "b" was applied first
        return item[0] != 2

    out = []
    async for item, judgment in judge_in_order(
            items, ask, limit=4, conflicts=lambda x, y: bool(set(x[1:]) & set(y[1:])),
            wanted=wanted):
        out.append((item[0], judgment.skipped))
        done.append(item[0])
    assert out == [(0, False), (1, False), (2, True), (3, False)]


async def test_in_order_runs_alone_when_the_budget_could_not_cover_everything_in_flight() -> None:
    budget = {"left": 7}
    peak = {"now": 0, "max": 0}

    async def ask(i: int) -> int:
        peak["now"] += 1
        peak["max"] = max(peak["max"], peak["now"])
        await asyncio.sleep(0.005)
        peak["now"] -= 1
        if budget["left"] < 1:
            raise BudgetExhausted("spent")
        budget["left"] -= 1
        return i

    results = []
    async for i, judgment in judge_in_order(list(range(12)), ask, limit=4,
                                            calls_per_item=1, headroom=lambda: budget["left"]):
        if judgment.error is not None:
            results.append((i, "spent"))
            break
        results.append((i, "ok"))
    assert results == [(i, "ok") for i in range(7)] + [(7, "spent")]
    assert peak["max"] > 1


def llm_app(stub: LLMStub, concurrency: int, max_calls: int) -> tuple[Reverie, LLMJudge]:
    app = builders.llm_app(
        stub.base_url, clock=FixedClock(T0 + timedelta(days=60)), embedder=WordEmbedder(),
        judge_trust="always",  # qualification is tested in test_trust.py
        llm_api_key=SecretStr("sk-test-not-a-secret"), llm_max_calls_per_run=max_calls,
        judge_concurrency=concurrency,
        consolidation_batch_notes=0)  # one cluster per call: more calls to overlap
    assert isinstance(app.judge, LLMJudge)
    return app, app.judge


async def test_the_llm_call_budget_holds_exactly_under_concurrency() -> None:
    seen = []
    for concurrency in (1, 4):
        with LLMStub() as stub:
            stub.default = Reply(delay=0.02)
            app, judge = llm_app(stub, concurrency, max_calls=6)
            await add_notes(app, *topic_notes())
            run = await run_dream(app)
            assert len(stub.chat_requests) == 6
            assert judge.budget.calls == 6
            assert run.llm_calls == 6
            assert "LLM budget exhausted" in run.phases["consolidation"].get("stopped", "")
            seen.append(await steps_of(app, run))
            await app.close()
    assert seen[0] == seen[1]


async def test_llm_judging_overlaps_requests() -> None:
    with LLMStub() as stub:
        stub.default = Reply(delay=0.2)
        app, _ = llm_app(stub, concurrency=4, max_calls=200)
        await add_notes(app, *topic_notes())
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        run = await run_dream(app)
        took = loop.time() - t0
        calls = run.llm_calls
        assert calls >= 8
        assert took < calls * 0.2 * 0.7  # one at a time would take calls x 0.2 s
        await app.close()


def test_a_failed_batched_call_is_one_outage_and_separate_calls_count_each():
    """A batch's own error counts once, other failures each time; the limit stops."""
    outages = Outages(limit=3)
    down = JudgeUnavailable("503")
    batch_call = Judgment[int](error=down)
    assert [outages.failed(batch_call, down) for _ in range(4)] == [None] * 4
    answered = Judgment[int](value=1)  # the batch answered; later calls per item failed
    assert outages.failed(answered, down) is None
    assert outages.failed(answered, down) == "judge unavailable 3 times: 503"
