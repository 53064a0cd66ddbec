"""The rules behind a step's decision, on the run page and in ``reverie runs show``."""

from __future__ import annotations

import pytest

from reverie.domain.runs import DreamRun, RunStep
from tests.fakes import T0
from tests.views import run_page, runs_show

FINDINGS = [{"rule": "other-value", "detail": "'A is 14' vs 'A is 16': one 'be' with a different attr"},
            {"rule": "nli-contradiction", "detail": "the model",
             "scores": {"contradiction": 0.93, "neutral": 0.05}}]


def a_run() -> tuple[DreamRun, list[RunStep]]:
    run = DreamRun(run_id="run-1", agent_id="a-1", trigger="test", started_at=T0,
                   status="completed", judge="offline")

    def step(seq: int, phase: str, name: str, parent: str | None, **kw: object) -> RunStep:
        return RunStep(run_id="run-1", step_id=f"run-1.{seq:04d}", parent_step_id=parent,
                       agent_id="a-1", phase=phase, name=name, status="completed",  # type: ignore[arg-type]
                       started_at=T0, finished_at=T0, seq=seq, judge="offline", **kw)  # type: ignore[arg-type]

    pair = {"decision": "revoke", "winner": "b", "loser": "a", "reason": "one 'be'",
            "rule": "newer by 9 days", "findings": FINDINGS}
    steps = [
        step(1, "dream", "dream", None),
        step(2, "contradiction", "contradiction", "run-1.0001"),
        step(3, "contradiction", "pair", "run-1.0002", output=pair,
             input={"a": {"note_id": "a", "text": "A is 14"}, "b": {"note_id": "b",
                                                                   "text": "A is 16"}}),
        step(4, "consolidation", "cluster", "run-1.0001", output={
            "decision": "keep", "reason": "no shared fact",
            "findings": [{"rule": "below-link-similarity", "detail": "cosine 0.41 < 0.6"}]},
             input={"notes": [{"note_id": "x", "text": "X"}, {"note_id": "y", "text": "Y"}]}),
    ]
    return run, steps


def test_the_run_page_shows_each_rule_its_detail_and_a_models_scores() -> None:
    html = run_page(*a_run())
    assert ("<li><code>other-value</code> &#x27;A is 14&#x27; vs &#x27;A is 16&#x27;: one "
            "&#x27;be&#x27; with a different attr</li>") in html
    assert ("<code>nli-contradiction</code> the model <span class=\"muted\">"
            "(p(contradiction) 0.93, p(neutral) 0.05)</span>") in html
    assert "<code>below-link-similarity</code> cosine 0.41 &lt; 0.6" in html  # a kept cluster


def test_runs_show_names_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    out = runs_show(*a_run(), capsys)
    assert "[other-value, nli-contradiction]" in out
    assert "[below-link-similarity]" in out
