"""A whole dream against a failing LLM endpoint: judged phases degrade, the rest still runs.

In-process (memory storage, the real local embedder, the LLM judge talking HTTP to
tests/llm_stub.py). For each fault — endpoint down (closed port), slower than the
timeout, garbage answers, 429 on every call — one dream must

* record consolidation and contradiction as ``partial``/``failed`` with the reason in
  their run steps,
* still run stale-reference pruning and retention (they need no judge),
* revoke nothing;

and the next dream, with a healthy endpoint, does the postponed work (merges).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.bootstrap import Reverie
from reverie.clock import FixedClock
from reverie.replay import export_state
from tests import builders
from tests.dreamkit import add_notes, add_work_for_every_phase, embedder, note, run_dream
from tests.fakes import T0
from tests.integration.harness import free_port
from tests.llm_stub import LLMStub, Reply

FAULTS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "endpoint down": ("closed port", ("cannot reach the LLM endpoint",)),
    "slow": (Reply(delay=1.5), ("did not answer within 0.5s",)),
    "garbage": (Reply(raw="<html>502 Bad Gateway</html> definitely not JSON"),
                ("the answer was invalid twice",)),
    "429": (Reply(status=429, error_message="Rate limit reached for requests"),
            ("rate-limiting (429)",)),
}


def llm_app(base_url: str, clock: FixedClock) -> Reverie:
    return builders.llm_app(
        base_url, clock=clock, embedder=embedder(),
        judge_trust="always",  # qualification is tested in test_trust.py
        llm_timeout_s=0.5, llm_max_retries=1, llm_api_key=SecretStr("sk-test-not-a-secret"))




def by_status(rows: list[dict[str, Any]], status: str) -> set[str]:
    return {r["id"] for r in rows if r["status"] == status}


@pytest.mark.parametrize("fault", list(FAULTS))
async def test_a_dream_survives_an_llm_fault_and_the_next_dream_does_the_work(fault):
    behaviour, reasons = FAULTS[fault]
    clock = FixedClock(T0 + timedelta(days=30))
    with LLMStub() as stub:
        url = (f"http://127.0.0.1:{free_port()}/v1" if behaviour == "closed port"
               else stub.base_url)
        stub.default = None if behaviour == "closed port" else behaviour
        app = llm_app(url, clock)
        await add_work_for_every_phase(app)
        run = await run_dream(app)

        steps = await app.runs.steps(run.run_id)
        phase = {s.name: s for s in steps if s.parent_step_id and s.name == s.phase}
        for judged in ("consolidation", "contradiction"):
            assert run.phases[judged]["status"] in ("partial", "failed"), (judged, run.phases)
            assert phase[judged].status in ("partial", "failed"), judged
            failed = [s for s in steps if s.phase == judged and s.status == "failed"]
            text = " ".join(str(s.output.get("error", "")) for s in failed) + " " + " ".join(
                phase[judged].output.get("errors", []))
            assert any(r in text for r in reasons), (judged, text[:500])
        assert phase["stale_pruning"].status == "completed"
        assert phase["retention"].status == "completed"
        assert run.status == "partial"
        rows = await export_state(app)
        assert by_status(rows, "Revoked") == set(), "a note was revoked by a failing judge"
        assert by_status(rows, "Archived") == {"stale", "expired"}
        assert not [r for r in rows if r["id"].startswith("m-")]
        if behaviour != "closed port":
            assert stub.chat_requests, "the judge never called the endpoint"

        # the endpoint recovers: the next dream merges what the failed one left
        stub.reset()
        healthy = llm_app(stub.base_url, clock)
        app.judge = healthy.judge
        clock.set(clock.now() + timedelta(days=1))
        again = await run_dream(app)
        assert again.phases["consolidation"]["status"] == "completed", again.phases
        rows = await export_state(app)
        merged = [r for r in rows if r["id"].startswith("m-") and r["status"] == "Active"]
        assert merged, "no merge after the endpoint recovered"
        assert by_status(rows, "Revoked") >= {f"c{i}" for i in range(3)}
        assert "old" in by_status(rows, "Revoked"), "the contradiction was not picked up"
        assert by_status(rows, "Archived") == {"stale", "expired"}
        await app.close()
        await healthy.close()


async def test_an_outage_stops_a_phase_after_three_failures_instead_of_trying_every_cluster():
    clock = FixedClock(T0 + timedelta(days=30))
    with LLMStub() as stub:
        stub.default = Reply(status=503)
        app = llm_app(stub.base_url, clock)
        await add_work_for_every_phase(app)
        await add_notes(app, *[note(f"d{i}", f"Deploys happen on Friday afternoons, note {i}.",
                                    day=i) for i in range(4)])
        run = await run_dream(app)
        steps = await app.runs.steps(run.run_id)
        failed = [s for s in steps if s.status == "failed" and s.name in ("cluster", "pair")]
        # two requests per judgment (one retry), never more than 3 judgments per phase
        assert len(stub.chat_requests) <= 2 * 3 * 2
        assert failed
        await app.close()
