"""Every LLM request asks for enough ``max_tokens`` for its batch, and a batch whose answer is
cut off anyway is asked again in halves instead of being declined."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial

import pytest
from pydantic import SecretStr

from reverie.bootstrap import bootstrap
from reverie.clock import FixedClock
from reverie.domain.model import Status
from reverie.errors import JudgeAnswerInvalid
from reverie.judges.llm import LLMJudge, answer_tokens, cluster_answer_tokens
from reverie.storage.memory import MemoryVectorIndex
from tests import builders
from tests.builders import memory_settings
from tests.dreamkit import add_notes, note, run_dream
from tests.fakes import T0, WordEmbedder
from tests.llm_stub import LLMStub, Reply

NOW = datetime(2026, 3, 1, tzinfo=UTC)
CUT_CLUSTERS = Reply(
    raw='{"clusters": [{"cluster": "c1", "reason": "The notes all say', finish_reason="length"
)
CUT_PAIRS = Reply(raw='{"pairs": [{"pair": "p1", "reason": "Both notes', finish_reason="length")


judged = partial(builders.judged, days_old=0, access=1)  # notes written at NOW, used once


PAIRS = [
    (judged(f"a{i}", f"Fact {i} holds."), judged(f"b{i}", f"Fact {i} does not hold."))
    for i in range(6)
]
CLUSTERS = [
    [judged(f"k{c}-{i}", f"Topic {c} rule {i} applies to team {c}.") for i in range(3)]
    for c in range(4)
]


def labels(request_text: str, kind: str) -> list[str]:
    return re.findall(rf'<notes {kind}="([^"]+)">', request_text)


def test_the_answer_budget_grows_with_the_batch_and_its_notes() -> None:
    assert answer_tokens(1) == 256  # a floor for one short pair verdict
    assert answer_tokens(8) > answer_tokens(3) > answer_tokens(1)
    assert answer_tokens(200, cap=4096) == 4096
    assert cluster_answer_tokens(1, 300, 3) == 1024  # a floor for any cluster answer
    assert cluster_answer_tokens(4, 6000, 12) == 6000 // 3 + 4 * 150 + 12 * 16
    assert cluster_answer_tokens(4, 9000, 12) > cluster_answer_tokens(4, 6000, 12)
    assert cluster_answer_tokens(8, 30_000, 24, cap=3000) == 3000


async def test_requests_carry_max_tokens_sized_for_their_batch(
    stub: LLMStub, new_llm_judge: Callable[..., LLMJudge]
) -> None:
    judge = new_llm_judge(max_output_tokens=3000)
    await judge.contradicts(*PAIRS[0])
    await judge.contradicts_many(PAIRS[:3])
    await judge.contradicts_many(PAIRS)
    short = [[judged(f"s{i}", "The user prefers tea.") for i in range(3)]]
    long = [
        [
            judged(f"l{c}-{i}", "The user prefers concise answers in English. " * 12)
            for i in range(4)
        ]
        for c in range(3)
    ]
    await judge.consolidate(short[0], NOW)
    await judge.consolidate_many(short + short, NOW)
    await judge.consolidate_many(long, NOW)
    await judge.consolidate_many(long + long, NOW)
    asked = [r.body["max_tokens"] for r in stub.chat_requests]
    assert asked[:3] == [answer_tokens(1), answer_tokens(3), answer_tokens(6)]
    assert asked[3] == asked[4] == 1024
    assert 1024 < asked[5] < asked[6] == 3000


async def test_a_cut_off_cluster_batch_is_split_and_every_cluster_gets_its_verdict(
    stub: LLMStub, new_llm_judge: Callable[..., LLMJudge]
) -> None:
    judge = new_llm_judge(max_retries=0)
    stub.script([CUT_CLUSTERS, CUT_CLUSTERS])  # the batch of 4, then its first half of 2
    verdicts, usage = await judge.consolidate_many(CLUSTERS, NOW)
    assert [v.merged[0].source_ids for v in verdicts] == [[n.note_id for n in c] for c in CLUSTERS]
    asked = [labels(r.text("user"), "cluster") for r in stub.chat_requests]
    assert asked == [["c1", "c2", "c3", "c4"], ["c1", "c2"], ["c1"], ["c1"], ["c1", "c2"]]
    sent = [re.findall(r'id="([^"]+)"', r.text("user")) for r in stub.chat_requests]
    assert sent[2] == ["k0-0", "k0-1", "k0-2"] and sent[3] == ["k1-0", "k1-1", "k1-2"]
    assert sent[4] == [n.note_id for c in CLUSTERS[2:] for n in c]
    assert usage.calls == 5 == len(stub.chat_requests)  # no repair request for a cut-off batch
    assert usage.tokens > 0


async def test_a_cut_off_pair_batch_is_split_and_every_pair_gets_its_verdict(
    stub: LLMStub, new_llm_judge: Callable[..., LLMJudge]
) -> None:
    judge = new_llm_judge(max_retries=0)
    stub.script([CUT_PAIRS])
    verdicts, usage = await judge.contradicts_many(PAIRS[:5])
    assert [v.contradicts for v in verdicts] == [True] * 5  # the smart stub sees the negation
    asked = [labels(r.text("user"), "pair") for r in stub.chat_requests]
    assert asked == [["p1", "p2", "p3", "p4", "p5"], ["p1", "p2"], ["p1", "p2", "p3"]]
    assert usage.calls == 3


async def test_a_single_cut_off_answer_is_repaired_with_twice_the_tokens(
    stub: LLMStub, new_llm_judge: Callable[..., LLMJudge]
) -> None:
    judge = new_llm_judge(max_retries=0, max_output_tokens=1500)
    stub.script([CUT_CLUSTERS])
    verdicts, usage = await judge.consolidate_many(CLUSTERS[:1], NOW)
    assert verdicts[0].consolidate and usage.calls == 2
    assert [r.body["max_tokens"] for r in stub.chat_requests] == [1024, 1500]
    assert "cut off" in stub.chat_requests[1].text("user")


async def test_a_failing_half_fails_the_batch_with_the_usage_of_every_request(
    stub: LLMStub, new_llm_judge: Callable[..., LLMJudge]
) -> None:
    judge = new_llm_judge(max_retries=0)
    stub.script([CUT_CLUSTERS, Reply(raw="not json"), Reply(raw="still not json")])
    with pytest.raises(JudgeAnswerInvalid) as caught:
        await judge.consolidate_many(CLUSTERS[:2], NOW)
    assert caught.value.usage.calls == 3
    assert len(stub.chat_requests) == 3


async def test_a_dream_whose_batch_was_cut_off_merges_every_cluster() -> None:
    topics = ["invoice", "shipping", "refund", "password"]
    merged: list[set[str]] = []
    calls: list[int] = []
    for cut in (False, True):
        with LLMStub() as stub:
            cfg = memory_settings(
                judge_trust="always",
                judge="llm",
                llm_base_url=stub.base_url,
                llm_timeout_s=5,
                llm_max_retries=0,
                llm_api_key=SecretStr("sk-test-not-a-secret"),
                consolidation_batch_notes=24,
            )
            clock = FixedClock(T0 + timedelta(days=60))
            app = bootstrap(
                cfg,
                clock=clock,
                embedder=WordEmbedder(),
                index=MemoryVectorIndex(),
                judge=LLMJudge.from_settings(cfg, clock=clock),
            )
            if cut:
                stub.script([CUT_CLUSTERS])
            await add_notes(
                app,
                *[
                    note(
                        f"{topic}-{i}",
                        f"{topic} {topic}s {topic}-rules {topic}-owner{extra}.",
                        day=t + i,
                    )
                    for t, topic in enumerate(topics)
                    for i, extra in enumerate(["", " always", " usually"])
                ],
            )
            run = await run_dream(app)
            merged.append(
                {
                    n.note_id
                    async for n in app.notes.iter_records(agent_id="a-1", status=Status.ACTIVE)
                    if n.note_id.startswith("m-")
                }
            )
            phase = run.phases["consolidation"]
            assert phase["failed_clusters"] == 0 and phase["skipped_clusters"] == 0
            calls.append(len(stub.chat_requests))
            await app.close()
    assert len(merged[0]) >= 3 and merged[1] == merged[0]
    assert calls == [1, 3]  # one batch; cut off, then its two halves
