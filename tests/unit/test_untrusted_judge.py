"""An untrusted LLM never makes a dream worse than no LLM: the offline judge decides in its
place, exactly as it does alone (under the same ceiling), and the LLM is not asked."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.bootstrap import Reverie
from reverie.clock import FixedClock
from reverie.domain.runs import DreamRun
from reverie.handlers.dream.runner import dream
from reverie.handlers.dream.trust import TRUSTED, JudgePolicy, Trust
from reverie.replay import export_state
from tests.builders import llm_app
from tests.dreamkit import add_notes, dream_app, embedder, note, run_dream
from tests.fakes import T0
from tests.llm_stub import LLMStub, contradict_all

CONTRADICTIONS = [
    ("Acme ships every order with UPS.", "Acme does not ship orders with UPS."),
    ("Globex pays its invoices in euros.", "Globex does not pay its invoices in euros."),
    ("Hooli uses Okta for single sign-on.", "Hooli no longer uses Okta for single sign-on."),
]
"""Three contradictions the offline judge sees, the second note of each 14 days newer."""
PARAPHRASES = [
    ("The Berlin office opens at 8 am.", "The Berlin office opens at 8 am on weekdays."),
    ("Ana's preferred language is Portuguese.", "Ana prefers to write in Portuguese."),
    ("Support tickets are answered in English.", "Support tickets get answers in English."),
    ("Invoices are due within 30 days.", "Invoices are payable within 30 days."),
]
"""Four pairs the offline judge keeps, and a judge calling every pair a contradiction does not."""
NOTES = [
    *[note(f"c{i}{side}", text, day=i + 14 * k)
      for i, pair in enumerate(CONTRADICTIONS)
      for k, (side, text) in enumerate(zip("ab", pair, strict=True))],
    *[note(f"p{i}{side}", text, day=i + 1)
      for i, pair in enumerate(PARAPHRASES)
      for side, text in zip("ab", pair, strict=True)],
]
CEILING = 2  # 10% of 14 Active notes, rounded up: one of the three contradictions is held


@pytest.fixture
def served() -> Iterator[LLMStub]:
    with LLMStub() as stub:
        stub.answer = contradict_all
        yield stub


def untrusted_app(stub: LLMStub, **settings: Any) -> Reverie:
    return llm_app(stub.base_url, clock=FixedClock(T0 + timedelta(days=30)),
                   embedder=embedder(), llm_api_key=SecretStr("sk-test"), **settings)


async def outcome(app: Reverie, run: DreamRun) -> dict[str, Any]:
    """Return what a dream did to the notes and the review queue, and its phases' counts."""
    counts = ("judged", "contradictions", "revoked", "queued_for_review", "held_by_ceiling",
              "revocation_ceiling", "pairs_above_threshold", "clusters", "merged_notes")
    return {
        "notes": sorted((r["id"], r["status"]) for r in await export_state(app)
                        if r["kind"] == "note"),
        "reviews": sorted((r.note_ids, r.reason) for r in await app.reviews.list("a-1")),
        "phases": {p: {k: v for k, v in out.items() if k in counts}
                   for p, out in run.phases.items()},
    }


async def test_an_untrusted_judge_resolves_what_the_offline_judge_resolves(
        served: LLMStub) -> None:
    alone = dream_app()  # the offline judge, no LLM
    await add_notes(alone, *NOTES)
    expected = await outcome(alone, await run_dream(alone))
    await alone.close()
    contradiction = expected["phases"]["contradiction"]
    assert contradiction["revoked"] == CEILING and contradiction["held_by_ceiling"] == 1
    assert contradiction["contradictions"] == len(CONTRADICTIONS)

    app = untrusted_app(served, judge_trust="never")
    await add_notes(app, *NOTES)
    run = await run_dream(app)
    assert await outcome(app, run) == expected  # same revocations, reviews and ceiling
    assert served.chat_requests == [] and run.llm_calls == 0  # the LLM was never asked
    assert run.trust is not None and run.trust["judged_by"] == "offline"
    steps = await app.runs.steps(run.run_id)
    for phase in ("consolidation", "contradiction"):
        [step] = [s for s in steps if s.name == phase]
        assert step.judge == "offline" and step.output["judged_by"] == "offline"
        assert step.output["untrusted_judge"] == (
            "the llm judge is not trusted (REVERIE_JUDGE_TRUST=never: never trusted): the "
            "offline judge decided in its place, as without an LLM; the llm judge was not asked")
        assert run.phases[phase]["judged_by"] == "offline"
    assert {s.judge for s in steps if s.name == "pair"} == {"offline"}
    assert not [s for s in steps if s.output.get("decision") == "dismissed"]
    [trust] = [s for s in steps if s.name == "judge-trust"]
    assert not trust.output["trusted"] and trust.output["judged_by"] == "offline"
    await app.close()


async def test_without_an_offline_judge_an_untrusted_judge_decides_nothing(
        served: LLMStub) -> None:
    app = untrusted_app(served, judge_trust="never")
    await add_notes(app, *NOTES)
    before = await export_state(app)
    run = await dream("a-1", trigger="test", dry_run=False, reason=None, stores=app.stores,
                      embedder=app.embedder, judge=app.judge, clock=app.clock,
                      dream_settings=app.dream_settings, fallback_judge=None)
    assert run is not None
    for phase in ("consolidation", "contradiction"):
        assert run.phases[phase]["status"] == "skipped"
        assert "no offline judge was given" in run.phases[phase]["skipped_reason"]
    assert [r for r in await export_state(app) if r["kind"] == "note"] == [
        r for r in before if r["kind"] == "note"]
    assert await app.reviews.list("a-1") == [] and served.chat_requests == []
    await app.close()


class Named:
    """A judge that only has a name (building a policy never asks it)."""

    def __init__(self, name: str) -> None:
        self.name = name


def test_the_trust_policy_names_the_judge_that_acts() -> None:
    llm, offline = Named("llm"), Named("offline")
    untrusted = Trust(False, "qualified", "failed qualification: too eager")
    trusted = JudgePolicy.build(TRUSTED, llm, offline)  # type: ignore[arg-type]
    assert trusted.judge is llm and trusted.record == {} and trusted.left_alone is None
    instead = JudgePolicy.build(untrusted, llm, offline)  # type: ignore[arg-type]
    assert instead.judge is offline and instead.record["judged_by"] == "offline"
    assert "failed qualification: too eager" in instead.record["untrusted_judge"]
    nobody = JudgePolicy.build(untrusted, llm, None)  # type: ignore[arg-type]
    assert nobody.left_alone is not None and "left alone" in nobody.record["skipped_reason"]
