"""What every phase of one dream shares: the run, the stores, the judge policy and the knobs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from reverie.clock import Clock
from reverie.domain.model import Note
from reverie.handlers.dream.judging import Judge, JudgedNote
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.dream.steps import StepRecorder
from reverie.handlers.dream.trust import JudgePolicy, TrustPolicy
from reverie.handlers.ports import Embedder, Stores
from reverie.text.dates import normalize_dates
from reverie.text.utc import as_utc

Fault = Callable[[str], Awaitable[None]]
"""A hook called at named points of a dream (crash tests); it may raise to end the run there."""

FAULT_POINTS = (
    "before:consolidation", "consolidation:merged", "consolidation:revoked",
    "before:contradiction", "contradiction:judged", "contradiction:applied",
    "before:stale_pruning", "sweep:archived",
    "before:retention", "retention:notes_archived",
)
"""Every point a dream calls its fault hook at, in the order a dream reaches them."""


async def no_fault(point: str) -> None:
    """Do nothing: the fault hook of every dream outside crash tests."""


@dataclass(frozen=True)
class DreamSettings:
    """The dream's knobs, resolved for the agent's embedding model."""

    cluster_similarity: float
    contradiction_similarity: float
    min_cluster_size: int = 3
    neighbours: int = 10
    max_pairs: int = 50
    sweep_limit: int = 200
    newer_wins_after_days: int = 7
    max_judge_outages: int = 3
    judge_concurrency: int = 4
    consolidation_batch_notes: int = 24
    contradiction_batch_pairs: int = 8
    lease_s: float = 120.0
    """The dream lease's time to live; renewed every third of it while the dream runs."""
    trust: TrustPolicy = field(default_factory=TrustPolicy)
    """Whether to act on the judge's destructive verdicts (see qualifying.py, trust.py)."""
    max_revoke_share: float = 0.10
    max_revoke_count: int = 20
    min_revoke_count: int = 1
    """Revocations by contradiction per dream: at most the share of the Active notes at
    the dream's start (rounded up) and the count, at least ``min_revoke_count``
    (trust.revocation_ceiling)."""
    anomaly_contradiction_share: float = 0.8
    anomaly_min_pairs: int = 5

    @property
    def neighbour_floor(self) -> float:
        """Return the lowest similarity any phase uses a neighbour at."""
        return min(self.cluster_similarity, self.contradiction_similarity)


@dataclass
class Carried:
    """What the consolidation phase leaves the contradiction phase in one dream."""

    merged: set[str] = field(default_factory=set)
    """The merged notes written this dream (pairs of two of them are not judged)."""
    neighbours: NeighbourTable | None = None
    """The neighbour table of the notes, brought up to date rather than built again."""


@dataclass(frozen=True)
class DreamContext:
    """One running dream: who and which run, the stores, the judge policy, the knobs, the
    step sink (which also meters the judge's usage), and what one phase leaves the next."""

    agent_id: str
    run_id: str
    dry_run: bool
    stores: Stores
    embedder: Embedder
    policy: JudgePolicy
    """Which judge the judging phases ask, and what its verdicts may do (:mod:`.trust`)."""
    clock: Clock
    settings: DreamSettings
    recorder: StepRecorder
    fault: Fault = no_fault
    carried: Carried = field(default_factory=Carried)

    @property
    def judge(self) -> Judge:
        """Return the judge the judging phases ask (the policy's)."""
        return self.policy.judge


@lru_cache(maxsize=50_000)
def _absolute(text: str, written: datetime) -> str:
    """``text`` with its relative dates made absolute (remembered: a dream asks again for
    every cluster and pair a note is in, and the next dream for the same notes)."""
    return normalize_dates(text, written)


def judged(note: Note) -> JudgedNote:
    """Return what the judge sees of a note: relative dates made absolute from its creation."""
    return JudgedNote(
        note_id=note.note_id,
        text=_absolute(note.text, as_utc(note.created_at)),
        note_type=note.note_type,
        created_at=note.created_at,
        access_count=note.access_count,
        user_id=note.user_id,
        company_id=note.company_id,
    )
