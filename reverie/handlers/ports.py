"""The ports handlers talk to: small protocols that storage adapters implement.

Handlers import only these protocols and the domain types, never a driver, so
they run the same from Kafka, from ``replay`` and in unit tests. Every adapter
(MongoDB, Qdrant, in-memory) is checked against the same contract tests.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeVar, runtime_checkable

from reverie.domain.events import EntityType
from reverie.domain.model import (
    AgentSettings,
    Change,
    Example,
    Note,
    Record,
    Status,
    Tombstone,
)
from reverie.domain.qualification import Qualification
from reverie.domain.routing import IndexMarks
from reverie.domain.runs import DreamRun, ReviewPair, RunStep


@dataclass(frozen=True)
class Transition:
    """A requested status change of one note or example (compare-and-set on ``expect``)."""

    record_id: str
    expect: Status
    to: Status
    comments: str
    consolidated_into_note_id: str | None = None


R = TypeVar("R", bound=Record)
"""A record type: :class:`Note` or :class:`Example`."""


class RecordRepository(Protocol[R]):
    """Notes or examples in the document store: what both collections answer."""

    async def add(self, record: R) -> bool:
        """Store ``record`` unless its id exists; return whether it was inserted."""

    async def get(self, record_id: str) -> R | None:
        """Return the record or ``None``."""

    async def record_access(
        self, record_id: str, event_id: str, count: int, at: datetime
    ) -> bool:
        """Add ``count`` accesses once per ``event_id``; return False if the record is unknown."""

    async def transition(self, changes: Sequence[Transition], at: datetime) -> list[str]:
        """Apply each change whose record is still in ``expect``; return the ids changed."""

    async def find_active_referencing(
        self, entity_type: EntityType, entity_id: str, limit: int
    ) -> list[R]:
        """Return up to ``limit`` Active records whose reference field names the entity."""

    async def transition_referencing(
        self, entity_type: EntityType, entity_id: str, changes: Sequence[Transition],
        at: datetime,
    ) -> list[str]:
        """Like :meth:`transition` for records that reference the entity, in bulk (issue #12)."""

    def iter_records(
        self,
        agent_id: str | None = None,
        status: Status | None = None,
        auto_only: bool = False,
        batch_size: int = 500,
        vectors: bool = True,
    ) -> AsyncIterator[R]:
        """Yield records in id order, filtered by agent, status and auto-generation;
        without ``vectors`` each comes with ``embedding`` None (not read: for a reader that
        never writes a record back, only its id through :meth:`transition`)."""


class NoteRepository(RecordRepository[Note], Protocol):
    """Notes in the document store."""

    async def add_many(self, notes: Sequence[Note]) -> list[str]:
        """Store the notes whose ids do not exist yet, in bulk; return the ids inserted."""

    async def get_many(self, note_ids: Sequence[str]) -> list[Note]:
        """Return the notes that exist among ``note_ids`` (any order)."""

    async def update_text(self, note_id: str, text: str, embedding: list[float] | None) -> None:
        """Rewrite a note's text and stored embedding (used only for notes Reverie created)."""

    async def count_by_status(self, agent_id: str | None = None) -> dict[str, int]:
        """Return the number of notes per status."""

    async def agent_ids(self) -> list[str]:
        """Return every agent that has notes."""


class ExampleRepository(RecordRepository[Example], Protocol):
    """Few-shot examples in the document store."""


class EntityRegistry(Protocol):
    """Tombstones of deleted and disabled entities; absent means alive."""

    async def record(self, tombstone: Tombstone) -> None:
        """Store the tombstone (idempotent; a deletion outranks a disabling)."""

    async def lookup(
        self, keys: Sequence[tuple[EntityType, str]]
    ) -> dict[tuple[EntityType, str], Tombstone]:
        """Return the tombstones that exist for ``keys``."""

    async def remove(self, entity_type: EntityType, entity_id: str) -> bool:
        """Forget a tombstone (the entity came back); return whether one existed."""


# --- Pending deletions (issue #12): tombstones whose fan-out is not finished ---------------


class PendingDeletions(Protocol):
    """Tombstones whose referencing records are not all archived yet; read paths hide those."""

    async def open(self, tombstone: Tombstone) -> None:
        """Add the tombstone (idempotent) before its fan-out starts."""

    async def close(self, entity_type: EntityType, entity_id: str) -> None:
        """Remove the tombstone once every referencing record is archived (idempotent)."""

    async def all(self) -> list[Tombstone]:
        """Return every tombstone still open."""

# --- end of pending deletions ---------------------------------------------------------------


class AgentRepository(Protocol):
    """Per-agent settings and dream bookkeeping."""

    async def get(self, agent_id: str) -> AgentSettings:
        """Return the agent's settings, defaults if never configured."""

    async def configure(self, settings: AgentSettings) -> None:
        """Store retention settings (keeps dream bookkeeping)."""

    async def mark_dreamed(self, agent_id: str, at: datetime) -> None:
        """Record when the agent's last dream finished."""

    async def list_agent_ids(self) -> list[str]:
        """Return every agent with notes, examples or settings."""


class SessionLedger(Protocol):
    """``session.ended`` events, counted for the dream gate."""

    async def record(self, event_id: str, agent_id: str, at: datetime) -> bool:
        """Store the session once per event id; return whether it was new."""

    async def count_since(self, agent_id: str, since: datetime | None) -> int:
        """Return the number of sessions of the agent after ``since`` (all if None)."""


class EventLedger(Protocol):
    """Ids of events already handled, so redeliveries are no-ops."""

    async def unseen(self, event_ids: Sequence[str]) -> set[str]:
        """Return the ids among ``event_ids`` not handled before."""

    async def mark_all(self, events: Sequence[tuple[str, str]], at: datetime) -> None:
        """Remember the ``(event id, event type)`` pairs as handled (again is a no-op)."""


class ChangeLog(Protocol):
    """The audit trail and outbox of state changes (published on ``reverie.changes``)."""

    async def record(self, changes: Sequence[Change]) -> None:
        """Store changes idempotently (by change id) for audit and publication."""

    async def for_record(self, record_id: str) -> list[Change]:
        """Return the history of one note or example, oldest first."""

    async def for_run(self, run_id: str) -> list[Change]:
        """Return the changes one dream run made, oldest first."""

    async def unpublished(self, limit: int) -> list[Change]:
        """Return changes not yet published, oldest first."""

    async def mark_published(self, change_ids: Sequence[str]) -> None:
        """Flag changes as published."""


@dataclass(frozen=True)
class VectorPoint:
    """A note's vector with the payload scoped search filters on."""

    note_id: str
    vector: list[float]
    payload: dict[str, Any]


@dataclass(frozen=True)
class SearchScope:
    """Which notes a search may see: one agent, optionally one tenant and user.

    ``exact_scope``: only notes of exactly ``(company_id, user_id)`` (None: without one);
    with ``any_company`` the company is not compared (``user_id`` still is), e.g. the
    shared notes of every company. Without ``exact_scope``: every note of the agent.
    Which scopes a read bound to an agent, tenant or user searches is decided in one
    place, :func:`reverie.handlers.readscope.read_scopes`.
    """

    agent_id: str
    company_id: str | None = None
    user_id: str | None = None
    exact_scope: bool = True
    status: Status | None = Status.ACTIVE
    auto_only: bool = False
    exclude_ids: frozenset[str] = field(default_factory=frozenset)
    any_company: bool = False

    def sees(self, company_id: str | None, user_id: str | None) -> bool:
        """Whether a note of this agent with these references is inside the scope."""
        if not self.exact_scope:
            return True
        return (user_id == self.user_id
                and (self.any_company or company_id == self.company_id))


@dataclass(frozen=True)
class Hit:
    """One search result."""

    note_id: str
    score: float


class VectorIndex(Protocol):
    """Note vectors with payload-filtered nearest-neighbour search."""

    async def upsert(self, points: Sequence[VectorPoint]) -> None:
        """Insert or replace points by note id."""

    async def set_status(self, note_ids: Sequence[str], status: Status) -> None:
        """Change the ``status`` payload of the given notes."""

    async def search(self, vector: Sequence[float], scope: SearchScope, k: int) -> list[Hit]:
        """Return the ``k`` nearest notes inside ``scope``, best first."""

    async def search_many(
        self, vectors: Sequence[Sequence[float]], scope: SearchScope, k: int
    ) -> list[list[Hit]]:
        """Run :meth:`search` for several vectors at once."""

    async def count(self, agent_id: str | None = None) -> int:
        """Return the number of points (of one agent)."""

    async def drop_agent(self, agent_id: str) -> None:
        """Remove one agent's points from this index (used when partitions move)."""


@runtime_checkable
class ClosingIndex(Protocol):
    """An index capability: a client or a path lock to release when the process stops
    (Qdrant)."""

    async def close(self) -> None:
        """Close the index's client."""


class Embedder(Protocol):
    """Turns texts into unit vectors."""

    model_name: str
    dimension: int

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one vector per text, in order."""


class RunStore(Protocol):
    """Dream runs and their steps (the steps are also an outbox for ``reverie.run-steps``)."""

    async def save_run(self, run: DreamRun) -> None:
        """Insert or replace a run."""

    async def get_run(self, run_id: str) -> DreamRun | None:
        """Return a run or ``None``."""

    async def list_runs(self, agent_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        """Return runs, newest first."""

    async def add_steps(self, steps: Sequence[RunStep]) -> None:
        """Store steps idempotently (by step id)."""

    async def steps(self, run_id: str) -> list[RunStep]:
        """Return a run's steps in the order they were taken."""

    async def unpublished_steps(self, limit: int) -> list[RunStep]:
        """Return steps not yet published."""

    async def mark_steps_published(self, step_ids: Sequence[str]) -> None:
        """Flag steps as published."""


class LeaseStore(Protocol):
    """One dream per agent at a time, across workers and manual runs."""

    async def acquire(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        """Take the agent's lease if free or expired (or already ours); return success."""

    async def release(self, agent_id: str, owner: str) -> bool:
        """Give the lease back; return whether a request arrived meanwhile (coalesced)."""

    async def mark_pending(self, agent_id: str) -> None:
        """Remember that a dream was requested while the lease was held."""

    async def renew(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        """Extend our lease to ``now + ttl_s``; return False if it is no longer ours."""

    async def claim_orphaned(self, now: datetime) -> list[str]:
        """Take the pending flags of expired leases (their holder died); return the agents.

        Each flag is claimed by one caller only, so of several workers asking at once
        one re-requests the agent's dream.
        """


class MarkStore(Protocol):
    """Where a worker's own vector index keeps its :class:`IndexMarks` (beside the index)."""

    async def load(self) -> IndexMarks | None:
        """Return the marks last saved, or None if there are none (or they are unreadable)."""

    async def save(self, marks: IndexMarks) -> None:
        """Replace the saved marks (atomically: a crash leaves the old or the new ones)."""


class ReviewQueue(Protocol):
    """Contradictions left to a person."""

    async def add(self, pair: ReviewPair) -> bool:
        """Queue a pair unless it is queued already; return whether it was new."""

    async def get(self, pair_id: str) -> ReviewPair | None:
        """Return a pair or ``None``."""

    async def list(self, agent_id: str | None = None, status: str | None = "open"
                   ) -> list[ReviewPair]:
        """Return pairs, oldest first."""

    async def resolve(self, pair_id: str, kept_note_id: str, at: datetime) -> bool:
        """Close an open pair; return False if it was not open."""


class JudgmentCache(Protocol):
    """Verdicts on pairs, keyed by the pair's texts, so unchanged pairs are not judged twice."""

    async def get(self, key: str) -> dict[str, Any] | None:
        """Return a stored verdict."""

    async def put(self, key: str, verdict: dict[str, Any]) -> None:
        """Store a verdict."""

    async def judged(self, keys: Sequence[str]) -> set[str]:
        """Return which of ``keys`` hold a verdict (a dream asks once for all its pairs)."""


class QualificationStore(Protocol):
    """Judge qualifications, one per key (judge identity and qualification set)."""

    async def get(self, key: str) -> Qualification | None:
        """Return the qualification stored under ``key``, if any."""

    async def put(self, qualification: Qualification) -> None:
        """Store ``qualification`` under its key, replacing an older one."""

    async def latest(self, limit: int = 20) -> list[Qualification]:
        """Return the most recently checked qualifications, newest first."""


# --- Access tokens (issue #15): scoped credentials for the web surfaces -----------------


@dataclass(frozen=True)
class AccessToken:
    """A stored access token: its public id, the hash of its secret, and its scope."""

    token_id: str
    secret_hash: str
    agent_id: str | None = None
    company_id: str | None = None
    user_id: str | None = None
    read_only: bool = False
    created_at: datetime | None = None
    revoked_at: datetime | None = None


class TokenStore(Protocol):
    """Access tokens, hashed; the secret itself is never stored."""

    async def add(self, token: AccessToken) -> None:
        """Store a new token (its id is new)."""

    async def get(self, token_id: str) -> AccessToken | None:
        """Return the token with this id (revoked ones too), or None."""

    async def revoke(self, token_id: str, at: datetime) -> bool:
        """Mark the token revoked; return False if no unrevoked token has this id."""

    async def list(self) -> list[AccessToken]:
        """Return every token, oldest first."""


# --- end of access tokens ------------------------------------------------------------------


# --- Web sessions and rate counts (issue #22): shared by every worker ----------------------


class SessionStore(Protocol):
    """Dashboard sign-ins, shared by every worker: the hash of a session id -> a token id."""

    async def open(self, key: str, token_id: str, expires_at: datetime) -> None:
        """Store a new session under ``key`` (the hash of its id) until ``expires_at``."""

    async def token_id(self, key: str, now: datetime) -> str | None:
        """Return the token id of the session if it exists and has not expired, else None."""

    async def close(self, key: str) -> None:
        """End the session (signing out); unknown keys are ignored."""


class RateCounter(Protocol):
    """Timestamped events per key (wrong credentials per address, searches per token),
    shared by every worker; the limits are applied by the caller."""

    async def record(self, key: str, at: datetime, keep_until: datetime) -> str:
        """Store one event of ``key`` at ``at``; return its id. It may be forgotten after
        ``keep_until``."""

    async def since(self, key: str, start: datetime) -> list[tuple[datetime, str]]:
        """Return (time, id) of ``key``'s events after ``start``, oldest first (ties by id)."""

    async def forget(self, event_id: str) -> None:
        """Remove one event (a refused attempt is not counted); unknown ids are ignored."""


# --- end of web sessions and rate counts ---------------------------------------------------


# --- The unit of work's stores (issue #14) ------------------------------------------------


@dataclass(frozen=True)
class Stores:
    """The storage ports a handler that needs several takes as one argument (the dream)."""

    notes: NoteRepository
    examples: ExampleRepository
    registry: EntityRegistry
    agents: AgentRepository
    index: VectorIndex
    changes: ChangeLog
    runs: RunStore
    reviews: ReviewQueue
    judgments: JudgmentCache
    leases: LeaseStore
    qualifications: QualificationStore | None = None
