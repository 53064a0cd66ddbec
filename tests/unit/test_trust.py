"""Judge qualification and trust: a judge that fails the built-in set never revokes or merges."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.bootstrap import Reverie
from reverie.clock import FixedClock
from reverie.domain.model import Status
from reverie.handlers.dream.qualifying import Thresholds, judge_identity, qualify, verdict
from reverie.handlers.dream.trust import TrustPolicy, establish_trust, revocation_ceiling
from reverie.judges.llm import LLMJudge
from reverie.judges.offline import OfflineJudge
from reverie.judges.qualification import builtin_set
from reverie.storage.memory import MemoryQualifications
from tests import builders
from tests.contracts import check_qualification_contract
from tests.dreamkit import add_notes, embedder, note, run_dream
from tests.fakes import T0
from tests.llm_stub import LLMStub, smart_answer

NEGATION = re.compile(r"\b(not|never|cannot|no longer)\b|n't\b", re.IGNORECASE)


def naive_answer(messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A weak judge: a contradiction whenever exactly one note of a pair has a negation."""
    answer = smart_answer(messages)
    user = next(str(m["content"]) for m in messages if m["role"] == "user")
    blocks = user.split('<notes pair="')[1:] if "pairs" in answer else [user]
    verdicts = answer.get("pairs", [answer])
    for block, one in zip(blocks, verdicts, strict=False):
        notes = re.findall(r"<note [^>]*>\n(.*?)\n</note>", block, re.DOTALL)[:2]
        negated = [bool(NEGATION.search(n)) for n in notes]
        one["contradicts"] = len(negated) == 2 and negated[0] != negated[1]
    return answer


@pytest.fixture
def served() -> Iterator[LLMStub]:
    with LLMStub() as stub:
        yield stub


def llm(stub: LLMStub, model: str = "small-model") -> LLMJudge:
    return LLMJudge(base_url=stub.base_url, api_key=SecretStr("sk-test"), model=model,
                    timeout_s=5, max_retries=0, clock=FixedClock(T0))


POLICY = TrustPolicy(items=builtin_set())


async def test_the_builtin_set_has_every_kind_of_item() -> None:
    items = builtin_set()
    labels = {(i.kind, i.label) for i in items}
    assert {("pair", "paraphrase"), ("pair", "relative_date"), ("pair", "contradiction"),
            ("pair", "complementary"), ("pair", "unrelated"), ("pair", "injection"),
            ("cluster", "redundant"), ("cluster", "complementary"),
            ("cluster", "relative_date"), ("cluster", "injection")} <= labels
    assert 30 <= len(items) <= 40


async def test_the_smart_stub_passes_and_a_naive_one_fails(served: LLMStub) -> None:
    judge = llm(served)
    passed = await qualify(judge, builtin_set())
    assert verdict(passed.scores, Thresholds()) == []
    assert passed.scores["paraphrase_contradictions"] == 0
    assert passed.scores["contradiction_recall"] >= 0.5
    assert passed.llm_calls == len(served.chat_requests) <= 8  # batched like a dream
    served.answer = naive_answer
    failed = await qualify(judge, builtin_set())
    why = verdict(failed.scores, Thresholds())
    assert failed.scores["paraphrase_contradictions"] >= 1
    assert any("paraphrase" in w for w in why)
    assert {f["id"] for f in failed.failures} >= {"para-vegetarian"}
    await judge.aclose()


async def test_a_cached_qualification_is_reused_until_model_or_prompt_changes(
        served: LLMStub, monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryQualifications()
    judge = llm(served)
    first = await establish_trust(judge, policy=POLICY, store=store)
    assert first.trusted and first.source == "qualified" and first.usage.calls > 0
    asked = len(served.chat_requests)
    again = await establish_trust(judge, policy=POLICY, store=store)
    assert again.source == "cached" and len(served.chat_requests) == asked
    other = llm(served, model="another-model")
    assert (await establish_trust(other, policy=POLICY, store=store)).source == "qualified"
    import reverie.judges.llm as llm_module

    monkeypatch.setitem(llm_module.PROMPTS, "contradiction_pairs", "contradiction-pairs@99")
    assert "contradiction-pairs@99" in judge_identity(judge)["prompts"]
    assert (await establish_trust(judge, policy=POLICY, store=store)).source == "qualified"
    assert len(await store.latest()) == 3
    forced = await establish_trust(judge, policy=POLICY, store=store, force=True)
    assert forced.source == "qualified"
    for j in (judge, other):
        await j.aclose()


async def test_a_stricter_threshold_needs_no_new_run(served: LLMStub) -> None:
    store = MemoryQualifications()
    judge = llm(served)
    assert (await establish_trust(judge, policy=POLICY, store=store)).trusted
    strict = TrustPolicy(items=builtin_set(), thresholds=Thresholds(min_contradiction_recall=1.0))
    asked = len(served.chat_requests)
    found = await establish_trust(judge, policy=strict, store=store)
    assert not found.trusted and "contradiction recall" in found.reason
    assert len(served.chat_requests) == asked
    await judge.aclose()


async def test_modes_and_the_offline_judge() -> None:
    offline = OfflineJudge()
    assert (await establish_trust(offline, policy=TrustPolicy(mode="never"), store=None)).trusted
    with LLMStub() as stub:
        judge = llm(stub)
        never = await establish_trust(judge, policy=TrustPolicy(mode="never"), store=None)
        always = await establish_trust(judge, policy=TrustPolicy(mode="always"), store=None)
        assert not never.trusted and always.trusted and not stub.chat_requests
        await judge.aclose()


async def test_an_unreachable_judge_is_not_trusted_and_nothing_is_cached() -> None:
    store = MemoryQualifications()
    with LLMStub() as stub:
        url = stub.base_url
    judge = LLMJudge(base_url=url, api_key="k", model="m", timeout_s=0.5, max_retries=0)
    found = await establish_trust(judge, policy=POLICY, store=store)
    assert not found.trusted and found.source == "unavailable"
    assert "could not be qualified" in found.reason and await store.latest() == []
    await judge.aclose()


async def test_qualification_store_contract() -> None:
    await check_qualification_contract(MemoryQualifications(), T0)


@pytest.mark.parametrize("active, expected", [
    (0, 1), (6, 1), (20, 1), (21, 2), (40, 2), (48, 3), (100, 5), (1000, 20)])
def test_the_revocation_ceiling(active: int, expected: int) -> None:
    assert revocation_ceiling(active, 0.05, 20, 1) == expected
    assert revocation_ceiling(active, 0.05, 20, 0) == min(20, -(-active * 5 // 100))


# trust in a dream


def trusting_app(stub: LLMStub, **settings: Any) -> Reverie:
    """A memory app whose configured judge is the LLM judge on ``stub`` (trust: qualified)."""
    return builders.llm_app(stub.base_url, clock=FixedClock(T0 + timedelta(days=30)),
                            embedder=embedder(), llm_api_key=SecretStr("sk-test"), **settings)


CONTRADICTION = [
    note("old", "Acme ships every order with UPS.", day=0),
    note("new", "Acme does not ship orders with UPS.", day=14),
    *[note(f"f{i}", text, day=i) for i, text in enumerate((
        "Ana's preferred language is Portuguese.", "The Berlin office opens at 8 am.",
        "Invoices are due within 30 days.", "Support tickets are answered in English."))],
]


async def test_a_qualified_stub_is_trusted_and_revokes_a_real_contradiction(
        served: LLMStub) -> None:
    app = trusting_app(served)
    await add_notes(app, *CONTRADICTION)
    run = await run_dream(app)
    assert run.trust is not None and run.trust["trusted"] and run.trust["source"] == "qualified"
    assert run.trust["scores"]["paraphrase_contradictions"] == 0
    old = await app.notes.get("old")
    assert old is not None and old.status == Status.REVOKED
    steps = await app.runs.steps(run.run_id)
    [trust] = [s for s in steps if s.name == "judge-trust"]
    assert trust.output["trusted"] and trust.output["revocation_ceiling"] == 1
    assert trust.llm_calls > 0
    second = await run_dream(app)  # the qualification is cached: no new qualifying calls
    assert second.trust is not None and second.trust["source"] == "cached"
    await app.close()


async def test_a_failed_stub_is_not_trusted_the_offline_judge_decides_in_its_place(
        served: LLMStub) -> None:
    served.answer = naive_answer
    app = trusting_app(served)
    await add_notes(app, *CONTRADICTION)
    run = await run_dream(app)
    assert run.trust is not None and not run.trust["trusted"]
    assert "paraphrase" in run.trust["reason"]
    assert run.trust["scores"]["paraphrase_contradictions"] >= 1
    # resolved as the offline judge alone resolves it, not sent to a person
    assert (await app.notes.get("old")).status == Status.REVOKED  # type: ignore[union-attr]
    assert await app.reviews.list("a-1") == []
    steps = await app.runs.steps(run.run_id)
    [pair] = [s for s in steps if s.name == "pair"]
    assert pair.judge == "offline" and pair.output["decision"] == "revoke"
    [trust] = [s for s in steps if s.name == "judge-trust"]
    assert not trust.output["trusted"] and trust.output["judged_by"] == "offline"
    assert trust.llm_calls > 0 and run.llm_calls == trust.llm_calls  # qualification only
    for phase in ("consolidation", "contradiction"):
        [step] = [s for s in steps if s.name == phase]
        assert step.llm_calls == 0 and step.judge == "offline"
        assert "failed qualification" in run.phases[phase]["untrusted_judge"]
        assert "the llm judge was not asked" in run.phases[phase]["untrusted_judge"]
    await app.close()


async def test_an_untrusted_judges_clusters_go_to_the_offline_judge(served: LLMStub) -> None:
    served.answer = naive_answer
    app = trusting_app(served)
    await add_notes(app, *[note(f"c{i}", t, day=i) for i, t in enumerate((
        "The user prefers concise answers.", "User wants concise responses.",
        "The user prefers concise answers, always.", "Keep answers concise for this user."))])
    asked = len(served.chat_requests)
    run = await run_dream(app)
    consolidation = [r for r in served.chat_requests[asked:]
                     if "consolidate_" in r.text("system")
                     and not re.search(r'id="q\d+[a-z]"', r.text("user"))]
    assert consolidation == []  # only the qualification asked the LLM to consolidate
    steps = await app.runs.steps(run.run_id)
    assert {s.judge for s in steps if s.name == "cluster"} <= {"offline"}
    assert run.phases["consolidation"]["judged_by"] == "offline"
    await app.close()
