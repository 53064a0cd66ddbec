"""A ceiling on destruction whatever the judge: revocations per dream, and the merge guard."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.bootstrap import Reverie, bootstrap
from reverie.clock import FixedClock
from reverie.domain.model import Status
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)
from reverie.storage.memory import MemoryVectorIndex
from tests import builders
from tests.builders import memory_settings
from tests.dreamkit import add_notes, embedder, note, run_dream
from tests.fakes import T0
from tests.llm_stub import LLMStub, contradict_all

# twenty facts, each stated twice in near-identical words: a revoked phrasing loses nothing
FACTS = [
    "Ana prefers invoices as PDF attachments", "The Berlin office opens at 8 am",
    "Support answers tickets in English", "Globex pays its invoices in euros",
    "Ben works on the payments team", "The staging database runs Postgres 16",
    "Chloe wants the weekly digest on Mondays", "Initech renews its contract every year",
    "The VPN requires a hardware key", "Dana reviews pull requests on Tuesdays",
    "Umbrella stores its backups in Frankfurt", "The mobile app supports dark mode",
    "Eve approves refunds above 500 euros", "Hooli uses Okta for single sign-on",
    "The quarterly report is due in April", "Frank speaks Japanese and German",
    "Soylent orders ship from Rotterdam", "The API rate limit is 100 requests a second",
    "Grace prefers calls in the afternoon", "Wonka tracks its tickets in Jira",
]
COMPLEMENTARY = [
    ("Rafael prefers morning meetings.", "Rafael keeps his meetings under 20 minutes."),
    ("Brightloom's billing contact is Marta.", "Brightloom's technical contact is Jonas."),
    ("Yuki speaks Portuguese.", "Yuki is based in Osaka."),
    ("Kestrel Labs has 40 employees.", "Kestrel Labs opened an office in Bergen."),
]


@pytest.fixture
def stub() -> Iterator[LLMStub]:
    with LLMStub() as server:
        yield server


def llm_app(stub: LLMStub, **settings: Any) -> Reverie:
    return builders.llm_app(stub.base_url, clock=FixedClock(T0 + timedelta(days=60)),
                            embedder=embedder(), llm_api_key=SecretStr("sk-test"), **settings)


async def test_a_judge_calling_every_pair_a_contradiction_revokes_at_most_the_ceiling(
        stub: LLMStub) -> None:
    stub.answer = contradict_all
    # trusted whatever it says: the ceiling alone must hold it back
    app = llm_app(stub, judge_trust="always", min_cluster_size=100)
    notes = [note(f"f{i}-{k}", f"{fact}{suffix}", day=10 * k + i % 5)
             for i, fact in enumerate(FACTS) for k, suffix in enumerate((".", ", as noted."))]
    notes += [note(f"p{i}-{k}", text, day=k) for i, pair in enumerate(COMPLEMENTARY)
              for k, text in enumerate(pair)]
    await add_notes(app, *notes)
    run = await run_dream(app)

    phase = run.phases["contradiction"]
    ceiling = 5  # 10% of 48 Active notes, rounded up
    assert phase["revocation_ceiling"] == ceiling
    assert phase["revoked"] == ceiling and phase["held_by_ceiling"] >= 1
    assert phase["contradictions"] == phase["judged"] >= 10
    assert phase["queued_for_review"] == phase["contradictions"] - phase["revoked"]
    assert run.status == "partial" and phase["status"] == "partial"
    assert "anomal" in phase["anomaly"]  # surfaced
    reviews = await app.reviews.list("a-1")
    assert len(reviews) == phase["queued_for_review"]
    active = {n.note_id async for n in app.notes.iter_records(agent_id="a-1",
                                                            status=Status.ACTIVE)}
    assert len(active) >= len(notes) - ceiling
    for i in range(len(FACTS)):
        assert {f"f{i}-0", f"f{i}-1"} & active, f"fact {i} lost"
    for i in range(len(COMPLEMENTARY)):
        assert {f"p{i}-0", f"p{i}-1"} <= active, f"complementary pair {i} lost a fact"
    steps = await app.runs.steps(run.run_id)
    held = [s for s in steps if s.name == "pair" and s.output.get("decision") == "review"]
    assert sum("ceiling" in s.output["rule"] for s in held) == phase["held_by_ceiling"]
    [root] = [s for s in steps if s.parent_step_id is None]
    assert any(f"may revoke at most {ceiling}" in r for r in root.output["reasons"])
    assert any("anomal" in r for r in root.output["reasons"])
    await app.close()


async def test_a_six_note_agent_can_still_resolve_one_real_contradiction(stub: LLMStub) -> None:
    app = llm_app(stub, judge_trust="always")
    await add_notes(
        app, note("old", "Acme ships every order with UPS.", day=0),
        note("new", "Acme does not ship orders with UPS.", day=14),
        *[note(f"f{i}", t, day=i) for i, t in enumerate((
            "Ana's preferred language is Portuguese.", "The Berlin office opens at 8 am.",
            "Invoices are due within 30 days.", "Support tickets are answered in English."))])
    run = await run_dream(app)
    assert run.phases["contradiction"]["revocation_ceiling"] == 1
    assert (await app.notes.get("old")).status == Status.REVOKED  # type: ignore[union-attr]
    assert run.status == "completed"
    await app.close()


class DroppingJudge(builders.KeepingJudge):
    """Merges every cluster into one note that says only what ``text`` says."""

    name = "dropping"

    def __init__(self, text: str) -> None:
        self.text = text

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime
                          ) -> tuple[ConsolidationVerdict, Usage]:
        return ConsolidationVerdict(consolidate=True, reason="same topic", merged=[MergedNote(
            text=self.text, source_ids=[n.note_id for n in notes])]), Usage()


ORDER = [
    "Order ORD-4471 for Acme ships on 2026-02-03 with 12 pallets.",
    "Acme's order ORD-4471 ships on 2026-02-03 (12 pallets).",
    "Shipping for ORD-4471 (Acme): 2026-02-03, 12 pallets.",
]


@pytest.mark.parametrize("merged, dropped", [
    ("Acme's order ORD-4471 ships on 2026-02-03.", "num:12"),
    ("Acme's order ships on 2026-02-03 with 12 pallets.", "id:ord-4471"),
])
async def test_a_merge_dropping_a_number_or_an_id_is_rejected(merged: str, dropped: str) -> None:
    app = bootstrap(memory_settings(judge_trust="always"),
                    clock=FixedClock(T0 + timedelta(days=60)), embedder=embedder(),
                    index=MemoryVectorIndex(), judge=DroppingJudge(merged))
    await add_notes(app, *[note(f"o{i}", t, day=i) for i, t in enumerate(ORDER)])
    run = await run_dream(app)
    active = {n.note_id async for n in app.notes.iter_records(agent_id="a-1",
                                                            status=Status.ACTIVE)}
    assert active == {"o0", "o1", "o2"}, "the sources stay Active"
    assert run.phases["consolidation"]["merges_rejected"] == 1
    [cluster] = [s for s in await app.runs.steps(run.run_id) if s.name == "cluster"]
    [rejected] = cluster.output["rejected"]
    assert dropped in rejected["dropped"] and dropped in rejected["why"]
    assert cluster.output["decision"] == "keep" and cluster.status == "skipped"
    await app.close()


async def test_a_merge_keeping_every_token_in_other_words_is_applied() -> None:
    merged = "ORD-4471 for Acme: 12 pallets, shipping on February 3, 2026."
    app = bootstrap(memory_settings(judge_trust="always"),
                    clock=FixedClock(T0 + timedelta(days=60)), embedder=embedder(),
                    index=MemoryVectorIndex(), judge=DroppingJudge(merged))
    await add_notes(app, *[note(f"o{i}", t, day=i) for i, t in enumerate(ORDER)])
    run = await run_dream(app)
    assert run.phases["consolidation"]["merged_notes"] == 1
    assert run.phases["consolidation"]["merges_rejected"] == 0
    await app.close()
