"""What every phase of one dream shares: the ports, the run, the judge and the budget of errors."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from reverie.clock import Clock
from reverie.domain.model import Note
from reverie.handlers.dream.judging import Judge, JudgedNote, Usage
from reverie.handlers.dream.knn import NeighbourTable
from reverie.handlers.dream.steps import StepRecorder
from reverie.handlers.dream.trust import TRUSTED, Trust, TrustPolicy
from reverie.handlers.ports import (
    AgentRepository,
    ChangeLog,
    Embedder,
    EntityRegistry,
    ExampleRepository,
    JudgmentCache,
    NoteRepository,
    ReviewQueue,
    RunStore,
    VectorIndex,
)
from reverie.text.dates import normalize_dates

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
    """Whether to act on the judge's destructive verdicts (qualification, see trust.py)."""
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
class DreamContext:
    """Ports and state of one running dream."""

    agent_id: str
    run_id: str
    dry_run: bool
    notes: NoteRepository
    examples: ExampleRepository
    registry: EntityRegistry
    agents: AgentRepository
    index: VectorIndex
    embedder: Embedder
    changes: ChangeLog
    runs: RunStore
    reviews: ReviewQueue
    judgments: JudgmentCache
    judge: Judge
    """The judge this dream's phases ask and act on: the runner puts the offline judge here in
    place of an untrusted one (trust.acting_judge); the phases never look at trust."""
    clock: Clock
    settings: DreamSettings
    recorder: StepRecorder
    usage: Usage = field(default_factory=Usage)
    merged_this_run: set[str] = field(default_factory=set)
    neighbour_table: NeighbourTable | None = None
    fault: Fault = no_fault
    trust: Trust = TRUSTED
    """Whether the configured judge is trusted (set by the runner before the phases)."""
    revocation_ceiling: int | None = None
    """How many notes the contradiction phase may still revoke in all (None: no ceiling)."""
    revoked_by_contradiction: int = 0
    held_by_ceiling: int = 0


def judged(note: Note) -> JudgedNote:
    """Return what the judge sees of a note: relative dates made absolute from its creation."""
    return JudgedNote(
        note_id=note.note_id,
        text=normalize_dates(note.text, note.created_at),
        note_type=note.note_type,
        created_at=note.created_at,
        access_count=note.access_count,
        user_id=note.user_id,
        company_id=note.company_id,
    )


def headroom(ctx: DreamContext) -> Callable[[], int | None] | None:
    """Return the judge's count of calls it may still make this run, if it has a budget."""
    found = getattr(ctx.judge, "headroom", None)
    return found if callable(found) else None
