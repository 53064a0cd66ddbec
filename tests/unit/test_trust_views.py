"""Trust, the ceiling, anomalies and rejected merges on the dashboard, in runs show and /metrics."""

from __future__ import annotations

from datetime import timedelta

import pytest

from reverie.domain.runs import DreamRun, RunStep
from reverie.metrics import Metrics
from reverie.web.runs import render_runs
from tests.fakes import T0
from tests.unit.test_dashboard_render import sample
from tests.views import PAGE, run_page, runs_show

TRUST = {"trusted": False, "source": "qualified",
         "reason": "failed qualification: called 2 paraphrase(s) a contradiction (at most 0)",
         "scores": {"paraphrase_contradictions": 2.0, "contradiction_recall": 1.0},
         "judged_by": "offline"}
DECIDED = ("the llm judge is not trusted (failed qualification): the offline judge decided in its "
           "place, as without an LLM; the llm judge was not asked")
ANOMALY = "the judge called 9 of 10 judged pairs contradictions (anomalous at 80% of at least 5 pairs)"


def a_run() -> tuple[DreamRun, list[RunStep]]:
    run = DreamRun(run_id="run-1", agent_id="a-1", trigger="test", started_at=T0,
                   finished_at=T0 + timedelta(seconds=3), status="partial", judge="llm",
                   trust=TRUST, phases={
                       "consolidation": {"status": "completed", "merged_notes": 0,
                                         "merges_rejected": 1},
                       "contradiction": {"status": "partial", "contradictions": 9,
                                         "held_by_ceiling": 3, "anomaly": ANOMALY,
                                         "ceiling_reached": "3 more went to review"}})

    def step(seq: int, phase: str, name: str, parent: str | None, **output: object) -> RunStep:
        return RunStep(run_id="run-1", step_id=f"run-1.{seq:04d}", parent_step_id=parent,
                       agent_id="a-1", phase=phase, name=name, status="completed",  # type: ignore[arg-type]
                       started_at=T0, finished_at=T0, output=dict(output), seq=seq, judge="llm")

    steps = [
        step(1, "dream", "dream", None, reasons=[f"contradiction: {ANOMALY}"]),
        step(2, "dream", "judge-trust", "run-1.0001", **TRUST, revocation_ceiling=2,
             active_notes=48, untrusted_judge=DECIDED),
        step(3, "consolidation", "consolidation", "run-1.0001"),
        step(4, "consolidation", "cluster", "run-1.0003", decision="keep", rejected=[{
            "text": "The order ships soon.", "source_ids": ["o1", "o2"], "dropped": ["id:ord-1"],
            "why": "the merged text drops id:ord-1"}]),
        step(5, "contradiction", "contradiction", "run-1.0001", anomaly=ANOMALY,
             untrusted_judge=DECIDED, judged_by="offline"),
    ]
    return run, steps


def test_the_run_page_says_the_judge_was_not_trusted_and_why() -> None:
    html = run_page(*a_run())
    assert '<span class="badge bad">not trusted</span> <span class="trust">(qualified) failed' \
        in html and "paraphrase contradictions <b>2</b>" in html
    assert "Merge rejected: the merged text drops id:ord-1" in html
    assert "anomalous at 80%" in html
    assert "(at most 0); the offline judge decided in its place</span>" in html  # the badge
    assert "the offline judge decided in its place, as without" in html  # the phase's note


def test_the_runs_list_flags_trust_anomaly_and_ceiling() -> None:
    run, _ = a_run()
    html = render_runs([run], PAGE)
    for flag in ("judge not trusted", "judge anomaly", "revocation ceiling"):
        assert flag in html


def test_runs_show_prints_the_trust_line(capsys: pytest.CaptureFixture[str]) -> None:
    out = runs_show(*a_run(), capsys)
    assert "judge NOT trusted (qualified): failed qualification" in out
    assert "paraphrase_contradictions 2" in out
    assert "judge-trust [completed]" in out and "at most 2 revocation(s)" in out
    assert out.count("(at most 0) [paraphrase_contradictions 2, contradiction_recall 1]; "
                     "the offline judge decided in its place") == 2  # the run and its trust step
    assert "the offline judge decided in its place, as without" in out  # the phase's line
    assert "merge rejected: the merged text drops id:ord-1" in out


async def test_metrics_count_untrusted_judges_anomalies_and_held_verdicts() -> None:
    run, steps = a_run()
    metrics = Metrics()
    metrics.observe_run(run, steps)
    text = metrics.registry and (await _render(metrics))
    assert sample(text, "reverie_judge_untrusted_runs_total") == 1
    assert sample(text, "reverie_judge_trusted") == 0
    assert sample(text, "reverie_judge_anomalies_total") == 1
    assert sample(text, "reverie_revocations_held_by_ceiling_total") == 3
    assert sample(text, "reverie_merges_rejected_total") == 1


async def _render(metrics: Metrics) -> str:
    from prometheus_client import generate_latest

    return generate_latest(metrics.registry).decode()
