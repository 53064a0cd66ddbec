"""deploy/observability/: the Grafana dashboard and Prometheus alerts use only what a worker exports."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from reverie.metrics import Metrics
from tests.nodetools import run_node_script

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "deploy/observability"
DASHBOARD = ASSETS / "grafana-dashboard.json"
ALERTS = ASSETS / "prometheus-alerts.yaml"
SUFFIXES = {"counter": ("_total", "_created"), "gauge": ("",),
            "histogram": ("_bucket", "_sum", "_count", "_created")}
_METRIC = re.compile(r"\b(reverie_[a-z0-9_]+)")


def exported() -> dict[str, tuple[str, set[str]]]:
    """Return every series name a worker's registry exports -> (family, its label names)."""
    metrics = Metrics()
    labels = {m._name: set(m._labelnames) for m in vars(metrics).values()
              if hasattr(m, "_labelnames")}
    out: dict[str, tuple[str, set[str]]] = {}
    for family in metrics.registry.collect():
        names = labels[family.name]
        if family.type == "histogram":
            names = names | {"le"}
        for suffix in SUFFIXES[family.type]:
            out[family.name + suffix] = (family.name, names)
    return out


def dashboard_exprs() -> list[str]:
    panels = json.loads(DASHBOARD.read_text())["panels"]
    return [t["expr"] for p in panels for t in p.get("targets", [])]


def alert_rules() -> list[dict[str, Any]]:
    return [r for g in yaml.safe_load(ALERTS.read_text())["groups"] for r in g["rules"]]


def all_exprs() -> list[str]:
    return dashboard_exprs() + [r["expr"] for r in alert_rules()]


def test_dashboard_is_grafana_json_with_a_datasource_variable() -> None:
    dash = json.loads(DASHBOARD.read_text())
    assert dash["uid"] and dash["title"] and dash["schemaVersion"] >= 36
    assert [v["name"] for v in dash["templating"]["list"]] == ["datasource"]
    ids = [p["id"] for p in dash["panels"]]
    assert len(ids) == len(set(ids))
    for panel in dash["panels"]:
        grid = panel["gridPos"]
        assert grid["x"] + grid["w"] <= 24
        if panel["type"] != "row":
            assert panel["datasource"]["uid"] == "${datasource}" and panel["targets"]
            assert panel["title"] and panel["description"]


def test_alert_rules_are_complete() -> None:
    rules = alert_rules()
    assert len({r["alert"] for r in rules}) == len(rules) >= 5
    for rule in rules:
        assert rule["labels"]["severity"] in ("warning", "critical")
        assert rule["annotations"]["summary"] and rule["annotations"]["description"]
        assert re.fullmatch(r"\d+[smh]", rule.get("for", "0m"))


def test_every_metric_and_label_used_is_exported() -> None:
    series = exported()
    used_families = set()
    for expr in all_exprs():
        names = _METRIC.findall(expr)
        assert names, f"no Reverie metric in {expr!r}"
        unknown = [n for n in names if n not in series]
        assert not unknown, f"{expr!r} uses {unknown}, not exported by reverie/metrics.py"
        known_labels = set().union(*(series[n][1] for n in names))
        used = set(re.findall(r"\b(?:by|without)\s*\(([^)]*)\)", expr))
        used = {label.strip() for group in used for label in group.split(",") if label.strip()}
        used |= set(re.findall(r"[{,]\s*([a-z_]+)\s*(?:=~|!~|!=|=)", expr))
        assert used <= known_labels, f"{expr!r} uses labels {used - known_labels}"
        used_families |= {series[n][0] for n in names}
    # the list: ingest, lag, DLQ, fan-out time, runs, phases, calls, tokens, judge
    # errors, trust and anomalies, the review queue; alerts: DLQ, lag, dreams, judge
    assert {"reverie_events_consumed", "reverie_consumer_lag", "reverie_dlq",
            "reverie_handler_seconds", "reverie_dream_runs",
            "reverie_dream_phase_duration_seconds", "reverie_llm_calls", "reverie_llm_tokens",
            "reverie_llm_errors", "reverie_judge_untrusted_runs", "reverie_judge_anomalies",
            "reverie_judge_trusted", "reverie_review_open_pairs"} <= used_families
    alerts = {r["alert"] for r in alert_rules()}
    assert {"ReverieDeadLettersGrowing", "ReverieConsumerLagGrowing", "ReverieDreamsFailing",
            "ReverieJudgeNotTrusted", "ReverieJudgeAnomaly"} <= alerts


def test_prometheus_grammar_parses_every_expression() -> None:
    """Needs deploy/local/install-asyncapi (make test runs it); fails under CI without it."""
    exprs = [e.replace("$__rate_interval", "5m") for e in all_exprs()]
    done = run_node_script("check-promql.cjs", "@prometheus-io/lezer-promql",
                           stdin=json.dumps(exprs))
    assert done.returncode == 0, done.stdout + done.stderr


async def test_review_queue_size_is_a_scrape_time_gauge() -> None:
    from reverie.domain.runs import ReviewPair
    from tests.fakes import T0, memory_app

    app = memory_app()
    for i in range(3):
        await app.reviews.add(ReviewPair(pair_id=f"p{i}", agent_id="a", note_ids=("x", f"y{i}"),
                                         texts=("x", "y"), reason="r", run_id="run",
                                         created_at=T0))
    await app.reviews.resolve("p0", "x", T0)
    metrics = Metrics()
    text = (await metrics.render(app.notes, reviews=app.reviews)).decode()
    assert "reverie_review_open_pairs 2.0" in text
