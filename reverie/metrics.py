"""Prometheus metrics of one worker, on a registry of its own (never the global one).

Counters move when the hooks are called (``observe_handled`` from the bus,
``observe_dead`` from the DLQ loop, ``observe_run`` after a dream: also whether its judge
was trusted, judge anomalies, verdicts held by the revocation ceiling, rejected merges); gauges
(notes per status, consumer lag) are computed when ``/metrics`` is scraped.
Label values come from small closed sets (event types, DLQ kinds, phases,
statuses), never from ids or note text, so cardinality stays bounded.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

import structlog
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from reverie.deadletters import REASON_KINDS, reason_kind
from reverie.domain.model import Status
from reverie.domain.runs import DreamRun, RunStep
from reverie.handlers.ports import NoteRepository, ReviewQueue, RunStore

log = structlog.get_logger(__name__)

__all__ = ["CONTENT_TYPE", "Metrics", "dlq_kind", "metrics_for"]

CONTENT_TYPE = CONTENT_TYPE_LATEST
LATENCY_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
PHASE_BUCKETS = (0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0)
JUDGE_ERRORS = ("JudgeUnavailable", "JudgeAnswerInvalid", "BudgetExhausted")
_KNOWN_EVENT_PREFIXES = ("note.", "example.", "session.", "entity.", "agent.", "dream.")

dlq_kind = reason_kind
"""The class of a DLQ record's reason (:func:`reverie.deadletters.reason_kind`)."""


class Metrics:
    """The worker's metrics; ``render`` returns the Prometheus text exposition."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        r = self.registry
        self.events = Counter("reverie_events_consumed", "Events handled, by type.",
                              ["event_type"], registry=r)
        self.dlq = Counter("reverie_dlq", "Messages sent to the DLQ, by reason kind.",
                           ["reason_kind"], registry=r)
        for kind in REASON_KINDS:  # the closed set, each at 0 until its first dead letter
            self.dlq.labels(reason_kind=kind)
        self.latency = Histogram("reverie_handler_seconds", "Time to handle one event.",
                                 ["event_type"], buckets=LATENCY_BUCKETS, registry=r)
        self.notes = Gauge("reverie_notes", "Notes per status (computed at scrape time).",
                           ["status"], registry=r)
        self.phase = Histogram("reverie_dream_phase_duration_seconds",
                               "Duration of dream phases ('dream' is the whole run).",
                               ["phase"], buckets=PHASE_BUCKETS, registry=r)
        self.runs = Counter("reverie_dream_runs", "Dream runs finished, by status.",
                            ["status"], registry=r)
        self.llm_calls = Counter("reverie_llm_calls", "LLM calls made by dreams.", registry=r)
        self.llm_tokens = Counter("reverie_llm_tokens", "LLM tokens used by dreams.", registry=r)
        self.llm_errors = Counter("reverie_llm_errors", "Dream steps failed by the judge.",
                                  ["error"], registry=r)
        self.judge_untrusted = Counter(
            "reverie_judge_untrusted_runs",
            "Dreams whose judge was not trusted (failed or missing qualification).", registry=r)
        self.judge_trusted = Gauge("reverie_judge_trusted",
                                   "1 if the last dream's judge was trusted, else 0.", registry=r)
        self.judge_anomalies = Counter(
            "reverie_judge_anomalies",
            "Dreams whose judge called nearly every judged pair a contradiction.", registry=r)
        self.held_by_ceiling = Counter(
            "reverie_revocations_held_by_ceiling",
            "Contradiction verdicts sent to review because the dream's ceiling was reached.",
            registry=r)
        self.merges_rejected = Counter(
            "reverie_merges_rejected",
            "Merges rejected for dropping a salient token of a source.", registry=r)
        self.review_open = Gauge(
            "reverie_review_open_pairs",
            "Contradictions waiting for a person: open review pairs (at scrape time).",
            registry=r)
        self.lag = Gauge("reverie_consumer_lag",
                         "Messages behind the end of each assigned partition (at scrape time).",
                         ["topic", "partition"], registry=r)
        self._seen_runs: OrderedDict[str, None] = OrderedDict()

    # -- hooks ---------------------------------------------------------------------------

    def observe_handled(self, event: Any, seconds: float) -> None:
        """``MessageBus.on_handled``: count the event and its handling time."""
        event_type = str(getattr(event, "event_type", "unknown"))
        if not event_type.startswith(_KNOWN_EVENT_PREFIXES):
            event_type = "other"
        self.events.labels(event_type=event_type).inc()
        self.latency.labels(event_type=event_type).observe(max(0.0, seconds))

    def observe_dead(self, record: dict[str, Any]) -> None:
        """Count one DLQ record (as built by :func:`reverie.streams.deadletter.dead_letter`)
        under its reason class, never its text."""
        kind = record.get("reason_kind")
        if kind not in REASON_KINDS:
            error = record.get("error")
            kind = reason_kind(str(record.get("reason", "")), str(error) if error else None)
        self.dlq.labels(reason_kind=kind).inc()

    def observe_run(self, run: DreamRun, steps: Sequence[RunStep]) -> None:
        """Record a finished dream once: phase durations, LLM usage and judge errors."""
        if run.run_id in self._seen_runs:
            return
        self._seen_runs[run.run_id] = None
        while len(self._seen_runs) > 10_000:
            self._seen_runs.popitem(last=False)
        self.runs.labels(status=run.status).inc()
        for step in steps:
            if step.parent_step_id is None or step.name == step.phase:
                self.phase.labels(phase=step.phase).observe(step.duration_ms / 1000)
            error = str(step.output.get("error", "")) if step.status == "failed" else ""
            for name in JUDGE_ERRORS:
                if error.startswith(name):
                    self.llm_errors.labels(error=name).inc()
        self.llm_calls.inc(max(0, run.llm_calls))
        self.llm_tokens.inc(max(0, run.tokens))
        if run.trust is not None:
            self.judge_trusted.set(1 if run.trust.get("trusted") else 0)
            if not run.trust.get("trusted"):
                self.judge_untrusted.inc()
        contradiction = run.phases.get("contradiction", {})
        if contradiction.get("anomaly"):
            self.judge_anomalies.inc()
        self.held_by_ceiling.inc(max(0, int(contradiction.get("held_by_ceiling", 0) or 0)))
        self.merges_rejected.inc(
            max(0, int(run.phases.get("consolidation", {}).get("merges_rejected", 0) or 0)))

    def instrument(self, bus: Any, runs: RunStore) -> None:
        """Hook into a :class:`~reverie.bus.MessageBus`: ``on_handled`` and finished dreams."""
        bus.on_handled = self.observe_handled
        from reverie.domain.events import DreamRequested

        handlers = bus.handlers
        if not isinstance(handlers, MutableMapping) or DreamRequested not in handlers:
            return
        handlers[DreamRequested] = self._observing(handlers[DreamRequested], runs)

    def _observing(self, handler: Callable[..., Awaitable[Any]], runs: RunStore
                   ) -> Callable[..., Awaitable[Any]]:
        async def observed(*args: Any, **kwargs: Any) -> Any:
            run = await handler(*args, **kwargs)
            if isinstance(run, DreamRun):
                try:  # metrics must never fail (or retry) a dream
                    self.observe_run(run, await runs.steps(run.run_id))
                except Exception as exc:
                    log.warning("metrics.observe_run_failed", error=type(exc).__name__)
            return run

        return observed

    # -- scrape ---------------------------------------------------------------------------

    async def refresh(self, notes: NoteRepository, app: Any = None,
                      reviews: ReviewQueue | None = None) -> None:
        """Recompute the scrape-time gauges: notes per status and, with ``app``, consumer lag,
        with ``reviews``, the open review pairs."""
        counts = await notes.count_by_status()
        if reviews is not None:
            self.review_open.set(len(await reviews.list(None, "open")))
        for status in Status:
            self.notes.labels(status=status.value).set(counts.get(status.value, 0))
        if app is not None:
            self._refresh_lag(app)

    def _refresh_lag(self, app: Any) -> None:
        try:
            from faust.sensors.metrics import performance_metrics

            lag = performance_metrics(app)["consumer"]["lag_by_partition"]
        except Exception:  # the sensor API is Faust-internal: no lag rather than no metrics
            return
        self.lag.clear()
        for topic, partitions in lag.items():
            for partition, behind in partitions.items():
                self.lag.labels(topic=str(topic), partition=str(partition)).set(behind)

    async def render(self, notes: NoteRepository, app: Any = None,
                     reviews: ReviewQueue | None = None) -> bytes:
        """Return the Prometheus text exposition, gauges refreshed."""
        await self.refresh(notes, app, reviews)
        return generate_latest(self.registry)


def metrics_for(reverie: Any) -> Metrics:
    """Return the process's :class:`Metrics`, kept in ``reverie.extras['metrics']``."""
    found = reverie.extras.get("metrics")
    if not isinstance(found, Metrics):
        found = Metrics()
        reverie.extras["metrics"] = found
    return found
