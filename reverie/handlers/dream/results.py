"""What each dream phase returns: a frozen result the runner reads by attribute.

Every result says what held the phase back (``held``: it stopped early or reached the
dream's ceiling), how many items failed (``failed``), whether its judge looked anomalous
(``anomaly``) and, when it did nothing, why (``idle``); ``output()`` is what its run step
records (the same keys, in the same order, as the phase's counters).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class PhaseResult(Protocol):
    """What the runner reads of a phase's result."""

    @property
    def held(self) -> tuple[str, ...]:
        """Why the phase stopped short (stopped early, reached the ceiling); empty if not."""

    @property
    def failed(self) -> int:
        """How many items (clusters, pairs) failed."""

    @property
    def anomaly(self) -> str | None:
        """Why the judge's answers look anomalous (surfaced, not acted on)."""

    @property
    def idle(self) -> str | None:
        """Why the phase did nothing (None when it did something)."""

    def output(self) -> dict[str, Any]:
        """Return what the phase's run step records."""


@dataclass(frozen=True)
class ConsolidationResult:
    """What the consolidation phase did."""

    candidates: int
    clusters: int
    merged_notes: int = 0
    revoked: int = 0
    repaired: int = 0
    skipped_clusters: int = 0
    failed_clusters: int = 0
    merges_rejected: int = 0
    errors: tuple[str, ...] = ()
    stopped: str | None = None

    @property
    def held(self) -> tuple[str, ...]:
        return (self.stopped,) if self.stopped else ()

    @property
    def failed(self) -> int:
        return self.failed_clusters

    @property
    def anomaly(self) -> str | None:
        return None

    @property
    def idle(self) -> str | None:
        if self.clusters or self.repaired:
            return None
        return f"no cluster of similar notes among {self.candidates} candidates"

    def output(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "candidates": self.candidates, "clusters": self.clusters,
            "merged_notes": self.merged_notes, "revoked": self.revoked,
            "repaired": self.repaired, "skipped_clusters": self.skipped_clusters,
            "failed_clusters": self.failed_clusters, "merges_rejected": self.merges_rejected}
        if self.errors:
            out["errors"] = list(self.errors)
        if self.stopped:
            out["stopped"] = self.stopped
        return out


@dataclass(frozen=True)
class ContradictionResult:
    """What the contradiction phase did, and what held it back."""

    pairs_above_threshold: int
    already_judged: int
    deferred_to_next_run: int
    judged: int = 0
    contradictions: int = 0
    revoked: int = 0
    queued_for_review: int = 0
    failed_pairs: int = 0
    stopped: str | None = None
    revocation_ceiling: int | None = None
    held_by_ceiling: int = 0
    ceiling_reached: str | None = None
    anomaly: str | None = None

    @property
    def held(self) -> tuple[str, ...]:
        return tuple(why for why in (self.stopped, self.ceiling_reached) if why)

    @property
    def failed(self) -> int:
        return self.failed_pairs

    @property
    def idle(self) -> str | None:
        return None if self.pairs_above_threshold else (
            "no pair of notes similar enough to contradict")

    def output(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "pairs_above_threshold": self.pairs_above_threshold,
            "already_judged": self.already_judged, "judged": self.judged,
            "contradictions": self.contradictions, "revoked": self.revoked,
            "queued_for_review": self.queued_for_review,
            "deferred_to_next_run": self.deferred_to_next_run, "failed_pairs": self.failed_pairs}
        if self.stopped:
            out["stopped"] = self.stopped
        if self.revocation_ceiling is not None:
            out["revocation_ceiling"] = self.revocation_ceiling
        if self.held_by_ceiling:
            out["held_by_ceiling"] = self.held_by_ceiling
            out["ceiling_reached"] = self.ceiling_reached
        if self.anomaly:
            out["anomaly"] = self.anomaly
        return out


class _NoVerdicts:
    """A phase result with no judge verdicts: nothing held back, failed or anomalous."""

    @property
    def held(self) -> tuple[str, ...]:
        return ()

    @property
    def failed(self) -> int:
        return 0

    @property
    def anomaly(self) -> str | None:
        return None


@dataclass(frozen=True)
class ArchiveResult(_NoVerdicts):
    """What an archiving phase (stale-reference sweep, retention) did: its counters and ids."""

    counts: Mapping[str, int]
    archived_ids: tuple[str, ...]
    nothing: str | None
    """Why the phase did nothing (None when it did something)."""
    skipped_reason: str | None = None

    @property
    def idle(self) -> str | None:
        return self.skipped_reason or self.nothing

    def output(self) -> dict[str, Any]:
        out: dict[str, Any] = {**self.counts, "archived_ids": list(self.archived_ids)}
        if self.skipped_reason:
            out["skipped_reason"] = self.skipped_reason
        return out


@dataclass(frozen=True)
class LeftAlone(_NoVerdicts):
    """A judging phase not run: its judge is not trusted and no judge may stand in for it."""

    skipped_reason: str
    record: Mapping[str, str]
    """What the step records of the untrusted judge (``skipped_reason`` among it)."""

    @property
    def idle(self) -> str | None:
        return self.skipped_reason

    def output(self) -> dict[str, Any]:
        return dict(self.record)
