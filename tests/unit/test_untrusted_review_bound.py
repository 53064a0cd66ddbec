"""An untrusted judge's contradictions reach the review queue only where the offline judge
also sees a conflict: a judge calling every pair a contradiction does not flood it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from pydantic import SecretStr

from reverie.clock import FixedClock
from reverie.domain.model import Status
from reverie.handlers.dream.judging import ContradictionVerdict, JudgedNote, Usage
from reverie.handlers.dream.trust import unconfirmed
from tests.builders import llm_app
from tests.dreamkit import add_notes, embedder, note, run_dream
from tests.fakes import T0
from tests.llm_stub import LLMStub, contradict_all

PARAPHRASES = [
    ("The Berlin office opens at 8 am.", "The Berlin office opens at 8 am on weekdays."),
    ("Ana's preferred language is Portuguese.", "Ana prefers to write in Portuguese."),
    ("Support tickets are answered in English.", "Support tickets get answers in English."),
    ("Invoices are due within 30 days.", "Invoices are payable within 30 days."),
]
NOTES = [
    note("old", "Acme ships every order with UPS.", day=0),
    note("new", "Acme does not ship orders with UPS.", day=14),
    *[
        note(f"p{i}{side}", text, day=i + 1)
        for i, pair in enumerate(PARAPHRASES)
        for side, text in zip("ab", pair, strict=True)
    ],
]


@pytest.fixture
def served() -> Iterator[LLMStub]:
    with LLMStub() as stub:
        stub.answer = contradict_all
        yield stub


async def test_only_contradictions_the_offline_judge_confirms_go_to_review(served: LLMStub) -> None:
    app = llm_app(
        served.base_url,
        clock=FixedClock(T0 + timedelta(days=30)),
        embedder=embedder(),
        judge_trust="never",
        llm_api_key=SecretStr("sk-test"),
    )
    await add_notes(app, *NOTES)
    run = await run_dream(app)
    phase = run.phases["contradiction"]
    assert phase["contradictions"] == phase["judged"] >= 5  # the judge called every pair one
    assert "anomaly" in phase  # ... and is still reported as anomalous
    assert phase["queued_for_review"] == 1 and phase["revoked"] == 0
    assert phase["dismissed_unconfirmed"] == phase["judged"] - 1
    assert [r.note_ids for r in await app.reviews.list("a-1")] == [("new", "old")]
    steps = [s for s in await app.runs.steps(run.run_id) if s.name == "pair"]
    dismissed = [s for s in steps if s.output["decision"] == "dismissed"]
    assert len(dismissed) == phase["dismissed_unconfirmed"]
    assert all("offline judge sees no conflict" in s.output["rule"] for s in dismissed)
    active = {n.note_id async for n in app.notes.iter_notes(agent_id="a-1", status=Status.ACTIVE)}
    assert active == {n["note_id"] for n in NOTES}
    await app.close()


class Fixed:
    """A judge whose every contradiction verdict is ``contradicts``."""

    name = "fixed"

    def __init__(self, contradicts: bool) -> None:
        self.verdict = ContradictionVerdict(contradicts=contradicts, reason="because")

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> tuple[ContradictionVerdict, Usage]:
        return self.verdict, Usage()


async def test_a_contradiction_is_dismissed_only_when_the_fallback_sees_none() -> None:
    a = JudgedNote("a", "x", "Context", T0, 1)
    b = JudgedNote("b", "y", "Context", T0, 1)
    assert await unconfirmed(None, a, b) is None  # no second opinion: review as before
    assert await unconfirmed(Fixed(True), a, b) is None  # type: ignore[arg-type]
    why = await unconfirmed(Fixed(False), a, b)  # type: ignore[arg-type]
    assert why is not None and "fixed judge sees no conflict (because)" in why
