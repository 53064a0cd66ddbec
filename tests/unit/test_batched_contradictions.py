"""Several contradiction candidate pairs judged in one LLM call (contradiction-pairs@1)."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.bootstrap import Reverie
from reverie.clock import FixedClock
from reverie.domain.runs import DreamRun
from reverie.judges.llm import LLMJudge
from reverie_prompts import contradiction_pairs
from tests import builders
from tests.builders import JUDGED_NOW, assert_repaired_then_rejected, judged
from tests.dreamkit import add_notes, note, run_dream
from tests.fakes import T0, WordEmbedder
from tests.llm_stub import LLMStub, Reply

NOW = JUDGED_NOW


TEA = (judged("t1", "The user prefers tea."), judged("t2", "The user does not like tea."))
BUS = (judged("b1", "Invoices go out on Mondays."), judged("b2", "Invoices are sent Mondays."))


def answer(label: str, contradicts: bool = False) -> dict[str, Any]:
    return {"pair": label, "reason": "why", "contradicts": contradicts}


async def test_one_request_answers_every_pair_in_order(
        stub: LLMStub, make_judge: Callable[[], LLMJudge]) -> None:
    judge = make_judge()
    stub.script([Reply(json={"pairs": [answer("p2"), answer("p1", True)]})])
    verdicts, usage = await judge.contradicts_many([TEA, BUS])
    assert [v.contradicts for v in verdicts] == [True, False]
    assert usage.calls == 1
    user = stub.only_request_for(contradiction_pairs).text("user")
    assert '<notes pair="p1">' in user and '<notes pair="p2">' in user


async def test_the_stub_answers_pairs_as_it_answers_one_pair(
        make_judge: Callable[[], LLMJudge]) -> None:
    judge = make_judge()
    verdicts, _ = await judge.contradicts_many([TEA, BUS])
    singles = [(await judge.contradicts(a, b))[0] for a, b in (TEA, BUS)]
    assert verdicts == singles
    assert [v.contradicts for v in verdicts] == [True, False]


@pytest.mark.parametrize("bad, problem", [
    ({"pairs": [answer("p1"), answer("p2"), answer("p3")]}, "answer for unknown pair 'p3'"),
    ({"pairs": [answer("p1")]}, "no answer for pair(s) ['p2']"),
    ({"pairs": [answer("p1"), answer("p1"), answer("p2")]}, "pair 'p1' answered 2 times"),
    ({"pairs": [answer("t1"), answer("p2")]}, "answer for unknown pair 't1'"),
])
async def test_an_answer_naming_an_unknown_pair_is_repaired_then_rejected(
        stub: LLMStub, make_judge: Callable[[], LLMJudge], bad: dict[str, Any],
        problem: str) -> None:
    judge = make_judge()
    await assert_repaired_then_rejected(stub, bad, lambda: judge.contradicts_many([TEA, BUS]),
                                        problem)


async def test_a_repaired_answer_is_accepted(
        stub: LLMStub, make_judge: Callable[[], LLMJudge]) -> None:
    judge = make_judge()
    stub.script([Reply(json={"pairs": [answer("p1"), answer("p9")]}),
                 Reply(json={"pairs": [answer("p1", True), answer("p2")]})])
    verdicts, usage = await judge.contradicts_many([TEA, BUS])
    assert [v.contradicts for v in verdicts] == [True, False]
    assert usage.calls == 2


TOPICS = ["invoice", "shipping", "refund", "password", "laptop", "holiday", "database",
          "timezone", "language", "contract"]


def topic_notes(negate: bool) -> list[dict[str, Any]]:
    """Ten topics, three near-identical notes each (pairs inside a topic share notes)."""
    out = []
    for t, topic in enumerate(TOPICS):
        extras = ["", " not" if negate and t % 2 else " always", " usually"]
        for i, extra in enumerate(extras):
            out.append(note(f"{topic}-{i}", f"{topic} {topic}s {topic}-rules {topic}-owner"
                            f"{extra}.", day=t + 10 * i, access_count=i))
    return out


def llm_app(stub: LLMStub, batch_pairs: int, concurrency: int = 4) -> Reverie:
    return builders.llm_app(
        stub.base_url, clock=FixedClock(T0 + timedelta(days=60)), embedder=WordEmbedder(),
        judge_trust="always",  # qualification is tested in test_trust.py
        llm_api_key=SecretStr("sk-test-not-a-secret"),
        max_revoke_share=1.0,  # the revocation ceiling is tested in test_ceiling.py
        min_cluster_size=100,  # no consolidation: every note stays for the pairs
        judge_concurrency=concurrency, contradiction_batch_pairs=batch_pairs)


def contradiction_requests(stub: LLMStub) -> int:
    return sum(1 for r in stub.chat_requests if "contradiction" in r.text("system"))


async def outcome(app: Reverie, run: DreamRun) -> tuple[Any, ...]:
    steps = [(s.step_id, s.name, s.status, s.input, s.output)
             for s in await app.runs.steps(run.run_id)]
    notes = sorted((n.note_id, n.status.value) for n in await app.notes.get_many(
        [f"{t}-{i}" for t in TOPICS for i in range(3)]))
    reviews = sorted(r.pair_id for r in await app.reviews.list(agent_id="a-1"))
    return steps, notes, reviews, run.phases["contradiction"]


async def test_a_dream_with_n_pairs_asks_ceil_n_over_8_times() -> None:
    with LLMStub() as stub:
        app = llm_app(stub, 8)
        await add_notes(app, *topic_notes(negate=False))
        run = await run_dream(app)
        phase = run.phases["contradiction"]
        pairs = phase["judged"]
        assert pairs == phase["pairs_above_threshold"] >= 20
        assert contradiction_requests(stub) == math.ceil(pairs / 8) == run.llm_calls
        steps = [s for s in await app.runs.steps(run.run_id) if s.name == "pair"]
        assert len(steps) == pairs
        assert sum(s.llm_calls for s in steps) == run.llm_calls  # each call recorded once
        await app.close()


@pytest.mark.parametrize("concurrency", [1, 4])
async def test_batched_pairs_decide_exactly_as_one_at_a_time(concurrency: int) -> None:
    seen = []
    for batch in (0, 8):
        with LLMStub() as stub:
            app = llm_app(stub, batch, concurrency)
            await add_notes(app, *topic_notes(negate=True))
            run = await run_dream(app)
            seen.append((await outcome(app, run), contradiction_requests(stub)))
            await app.close()
    (one, calls_one), (many, calls_many) = seen
    assert many == one
    assert one[3]["revoked"] >= 3  # revocations made later pairs sharing a note moot
    assert calls_many < calls_one / 3


async def test_an_answer_invalid_twice_falls_back_to_one_pair_at_a_time() -> None:
    seen = []
    for script in ([], [Reply(json={"pairs": [answer("p1"), answer("p99")]})] * 2):
        with LLMStub() as stub:
            stub.script(script)
            app = llm_app(stub, 8, concurrency=1)
            await add_notes(app, *topic_notes(negate=True))
            run = await run_dream(app)
            requests = stub.chat_requests
            seen.append((await outcome(app, run), requests))
            await app.close()
    (good, good_requests), (fallback, fallback_requests) = seen
    assert fallback == good
    assert fallback[3]["failed_pairs"] == 0
    first_batch = 8
    assert len(fallback_requests) == len(good_requests) + 2 - 1 + first_batch
    assert all("detect_contradictions" in r.text("system")
               for r in fallback_requests[2:2 + first_batch])


def test_a_batch_never_carries_notes_of_two_scopes() -> None:
    """Pairs of different tenants or users are asked about in separate requests."""
    from reverie.domain.model import Note
    from reverie.handlers.dream.contradiction import Pair, batch_pairs

    def pair(tag: str, company: str | None, user: str | None = None,
             other_user: str | None = None) -> Pair:
        a, b = (Note(note_id=f"{tag}{i}", agent_id="a-1", text="x", company_id=company,
                     user_id=u, created_at=NOW) for i, u in enumerate((user, other_user or user)))
        return Pair(a, b, 0.9)

    pairs = [pair("a", "co1"), pair("b", "co1"), pair("c", "co2"), pair("d", "co2", "u1"),
             pair("e", "co2", "u1"), pair("f", "co2", "u1", "u2"), pair("g", "co2", "u1"),
             pair("h", "co1"), pair("i", "co1"), pair("j", "co1")]
    tags = [[p.a.note_id[0] for p in b] for b in batch_pairs(pairs, 2)]
    assert tags == [["a", "b"], ["c"], ["d", "e"], ["f"], ["g"], ["h", "i"], ["j"]]
    assert [len(b) for b in batch_pairs(pairs, 0)] == [1] * 10


async def test_a_dream_never_asks_about_two_tenants_in_one_request() -> None:
    with LLMStub() as stub:
        app = llm_app(stub, 8)
        notes = []
        for company in ("co1", "co2"):
            for n in topic_notes(negate=True):
                notes.append({**n, "note_id": f"{company}-{n['note_id']}",
                              "company_id": company})
        await add_notes(app, *notes)
        run = await run_dream(app)
        assert run.phases["contradiction"]["judged"] >= 20
        requests = [r for r in stub.chat_requests if "contradiction" in r.text("system")]
        assert requests
        for request in requests:
            user = request.text("user")
            assert ('note id="co1-' in user) != ('note id="co2-' in user)
        await app.close()
