"""The composition root: the one place that reads settings and builds adapters.

``bootstrap(settings)`` returns a :class:`Reverie` with every port wired and a
:class:`~reverie.bus.MessageBus` whose handlers have their dependencies bound.
Nothing here runs at import time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, fields
from types import TracebackType
from typing import Any

from reverie.bus import MessageBus, RetryPolicy, inject
from reverie.clock import Clock, SystemClock
from reverie.config import Settings
from reverie.deadletters import DeadLetterQueue, RedriveLedger
from reverie.errors import ConfigurationError
from reverie.handlers import BATCH_HANDLERS, HANDLERS, INDEX_HANDLERS, Handler
from reverie.handlers.dream.clustering import thresholds_for
from reverie.handlers.dream.context import DreamSettings
from reverie.handlers.dream.judging import (
    ClosingJudge,
    Judge,
    PairPreparing,
    Preparing,
    Warming,
)
from reverie.handlers.dream.qualifying import Thresholds
from reverie.handlers.dream.trust import TrustPolicy
from reverie.handlers.ownership import IndexOwnership, JournaledIndex
from reverie.handlers.ports import (
    AgentRepository,
    ChangeLog,
    ClosingIndex,
    Embedder,
    EntityRegistry,
    EventLedger,
    ExampleRepository,
    JudgmentCache,
    LeaseStore,
    MarkStore,
    NoteRepository,
    QualificationStore,
    RateCounter,
    ReviewQueue,
    RunStore,
    SessionLedger,
    SessionStore,
    Stores,
    TokenStore,
    VectorIndex,
)
from reverie.handlers.visibility import PendingCache, VisibleExamples, VisibleIndex, VisibleNotes
from reverie.storage.indexmarks import FileMarks, NoMarks
from reverie.storage.redrives import redrive_store
from reverie.storage.tokens import token_store
from reverie.storage.websessions import MemoryRateCounter, MemorySessionStore, web_stores

Closer = Callable[[], Awaitable[None]]

NOT_INJECTED = frozenset({"extras", "db", "bus", "index_handlers", "_closers"})
"""The :class:`Reverie` fields handlers are not given; every other field is a dependency
injected under its own name (see :meth:`Reverie.deps`)."""


@dataclass
class Reverie:
    """Every port of one Reverie process, plus its bus; ``async with`` closes its clients."""

    settings: Settings
    clock: Clock
    notes: NoteRepository
    examples: ExampleRepository
    registry: EntityRegistry
    agents: AgentRepository
    sessions: SessionLedger
    ledger: EventLedger
    changes: ChangeLog
    index: VectorIndex
    embedder: Embedder
    runs: RunStore
    leases: LeaseStore
    reviews: ReviewQueue
    judgments: JudgmentCache
    judge: Judge
    dream_settings: DreamSettings
    extras: dict[str, Any] = field(default_factory=dict)
    db: Any = None
    """The MongoDB database (storage ``mongo``), for indexes, clean-up and benchmarks."""
    ownership: IndexOwnership = field(default_factory=IndexOwnership)
    index_marks: MarkStore = field(default_factory=NoMarks)
    qualifications: QualificationStore | None = None
    fallback_judge: Judge | None = None
    """The offline judge, for the clusters of an LLM judge that is not trusted."""
    bus: MessageBus | None = None
    pending: PendingCache | None = None
    """Deletions still being fanned out, which read paths hide (issue #12)."""
    tokens: TokenStore | None = None
    """Scoped access tokens of the web surfaces (issue #15)."""
    web_sessions: SessionStore = field(default_factory=MemorySessionStore)
    """Dashboard sign-ins, shared by every worker (issue #22)."""
    rate_counts: RateCounter = field(default_factory=MemoryRateCounter)
    """The counts behind the web's rate limits, shared by every worker (issue #22)."""
    dead_letters: DeadLetterQueue | None = None
    """``reverie.dlq`` read back, originals put back (issue #22)."""
    redrives: RedriveLedger | None = None
    """Which dead letters were sent back (issue #22)."""
    index_handlers: dict[str, Handler] = field(default_factory=dict)
    _closers: list[Closer] = field(default_factory=list)

    @property
    def stores(self) -> Stores:
        """The storage ports as one object, for handlers that need several (the dream)."""
        return Stores(**{f.name: getattr(self, f.name) for f in fields(Stores)})

    def deps(self) -> dict[str, object]:
        """Return the name → port map handlers are injected from: every field but
        :data:`NOT_INJECTED`, ``prune_page_size``, the ``extras``, and ``stores`` built of
        those (an extra that replaces a port replaces it in ``stores`` too)."""
        ports = {f.name: getattr(self, f.name) for f in fields(self)
                 if f.name not in NOT_INJECTED}
        deps = {**ports, "prune_page_size": self.settings.prune_page_size, **self.extras}
        return {"stores": Stores(**{f.name: deps[f.name] for f in fields(Stores)}), **deps}

    async def __aenter__(self) -> Reverie:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.close()

    async def close(self) -> None:
        """Close clients (the embedded Qdrant releases its path lock)."""
        for closer in reversed(self._closers):
            await closer()
        self._closers.clear()


def build_embedder(settings: Settings) -> Embedder:
    """Return the configured embedder (the built-in local model by default)."""
    if settings.embeddings_provider == "openai":
        if not settings.embeddings_base_url:
            raise ConfigurationError(
                "REVERIE_EMBEDDINGS_PROVIDER=openai needs REVERIE_EMBEDDINGS_BASE_URL")
        from reverie.embeddings.remote import OpenAIEmbedder

        secret = settings.embeddings_api_key
        key = secret.get_secret_value() if secret else None
        return OpenAIEmbedder(
            base_url=settings.embeddings_base_url, model=settings.embeddings_model,
            dimension=settings.embeddings_dimension, api_key=key,
            batch_size=settings.embeddings_batch_size,
        )
    from reverie.embeddings.local import LocalMiniLMEmbedder

    return LocalMiniLMEmbedder(batch_size=settings.embeddings_batch_size)


def build_judge(settings: Settings, clock: Clock, embedder: Embedder | None = None) -> Judge:
    """Return the configured judge (the offline judge unless REVERIE_JUDGE=llm); the
    offline judge shares ``embedder`` when it is the built-in local model."""
    if settings.judge == "llm":
        from reverie.judges.llm import LLMJudge

        return LLMJudge.from_settings(settings, clock=clock)
    from reverie.judges.offline import OfflineJudge

    return OfflineJudge.for_embedder(embedder, nli=settings.judge_nli)


class LazyOfflineJudge:
    """The offline judge, built on first use (only a dream with an untrusted judge needs it)."""

    name = "offline"

    def __init__(self, settings: Settings, clock: Clock, embedder: Embedder | None) -> None:
        self._args = (settings.model_copy(update={"judge": "offline"}), clock, embedder)
        self._judge: Judge | None = None

    def _get(self) -> Judge:
        if self._judge is None:
            self._judge = build_judge(*self._args)
        return self._judge

    async def consolidate(self, notes: Any, now: Any) -> Any:
        """Propose merged notes for a cluster (the offline judge's answer)."""
        return await self._get().consolidate(notes, now)

    async def contradicts(self, a: Any, b: Any) -> Any:
        """Say whether two notes contradict (the offline judge's answer)."""
        return await self._get().contradicts(a, b)

    async def covers(self, general: Any, specific: Any) -> Any:
        """Say whether a user's note adds nothing beyond company notes (offline)."""
        return await self._get().covers(general, specific)

    def prepare(self, notes: Any) -> None:
        """Read ``notes`` ahead of judging them (the offline judge's batch; blocking)."""
        judge = self._get()
        if isinstance(judge, Preparing):
            judge.prepare(notes)

    def prepare_pairs(self, pairs: Any) -> None:
        """Read pairs ahead of judging them (the offline judge's model; blocking)."""
        judge = self._get()
        if isinstance(judge, PairPreparing):
            judge.prepare_pairs(pairs)


def trust_policy_for(settings: Settings) -> TrustPolicy:
    """Return the dream's trust policy: ``REVERIE_JUDGE_TRUST``, thresholds, the built-in set."""
    from reverie.judges.qualification import builtin_set

    return TrustPolicy(
        mode=settings.judge_trust,
        thresholds=Thresholds(
            max_paraphrase_contradictions=settings.qualify_max_paraphrase_contradictions,
            min_contradiction_recall=settings.qualify_min_contradiction_recall,
            min_complementary_preserved=settings.qualify_min_complementary_preserved,
            min_merge_validity=settings.qualify_min_merge_validity,
            min_injection_resisted=settings.qualify_min_injection_resisted,
            max_unanswered_share=settings.qualify_max_unanswered_share,
        ),
        items=builtin_set(),
    )


SMALL_MODEL_BATCH_PAIRS = 3
SMALL_MODEL_BATCH_NOTES = 8


def batch_sizes(settings: Settings) -> tuple[int, int]:
    """Return (pairs, notes) per LLM request: smaller for ``REVERIE_LLM_PROFILE=small``
    unless the batch settings were given explicitly."""
    pairs, notes = settings.contradiction_batch_pairs, settings.consolidation_batch_notes
    if settings.llm_profile == "small":
        given = settings.model_fields_set
        if "contradiction_batch_pairs" not in given:
            pairs = min(pairs, SMALL_MODEL_BATCH_PAIRS)
        if "consolidation_batch_notes" not in given:
            notes = min(notes, SMALL_MODEL_BATCH_NOTES)
    return pairs, notes


def dream_settings_for(settings: Settings, model: str) -> DreamSettings:
    """Resolve the dream's thresholds for the embedding model in use."""
    cluster, contradiction = thresholds_for(
        model, settings.cluster_similarity, settings.contradiction_similarity)
    pairs, notes = batch_sizes(settings)
    return DreamSettings(
        cluster_similarity=cluster, contradiction_similarity=contradiction,
        min_cluster_size=settings.min_cluster_size, neighbours=settings.cluster_neighbours,
        max_pairs=settings.max_contradiction_pairs, sweep_limit=settings.sweep_limit,
        judge_concurrency=settings.judge_concurrency,
        consolidation_batch_notes=notes, contradiction_batch_pairs=pairs,
        lease_s=settings.dream_lease_s, trust=trust_policy_for(settings),
        max_revoke_share=settings.max_revoke_share, max_revoke_count=settings.max_revoke_count,
        min_revoke_count=settings.min_revoke_count,
        anomaly_contradiction_share=settings.anomaly_contradiction_share,
        anomaly_min_pairs=settings.anomaly_min_pairs,
    )


def marks_for(settings: Settings, configured_index: bool) -> MarkStore:
    """Return where the worker's own index keeps its marks: beside the embedded Qdrant."""
    embedded = settings.vector_backend != "memory" and settings.qdrant_url is None
    if configured_index and embedded:
        return FileMarks(settings.qdrant_path or settings.data_dir / "qdrant")
    return NoMarks()


def build_index(settings: Settings) -> VectorIndex:
    """Return the configured vector index."""
    if settings.vector_backend == "memory":
        from reverie.storage.memory import MemoryVectorIndex

        return MemoryVectorIndex()
    from reverie.storage.vectors import QdrantIndex

    return QdrantIndex(
        path=settings.qdrant_path or settings.data_dir / "qdrant",
        url=settings.qdrant_url,
        api_key=settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None,
        collection=settings.qdrant_collection,
        dimension=settings.embeddings_dimension,
    )


def storage_ports(settings: Settings) -> tuple[dict[str, Any], list[Closer]]:
    """Return the storage adapters keyed by :class:`Reverie` field (MongoDB, or memory for
    ``REVERIE_STORAGE=memory``), the database under ``db``, and what closes them."""
    db: Any = None
    closers: list[Closer] = []
    if settings.storage == "memory":
        from reverie.storage import memory as m

        ports: dict[str, Any] = {
            "notes": m.MemoryNotes(), "examples": m.MemoryExamples(),
            "registry": m.MemoryRegistry(), "agents": m.MemoryAgents(),
            "sessions": m.MemorySessions(), "ledger": m.MemoryLedger(),
            "changes": m.MemoryChangeLog(), "runs": m.MemoryRuns(),
            "leases": m.MemoryLeases(), "reviews": m.MemoryReviews(),
            "judgments": m.MemoryJudgments(), "qualifications": m.MemoryQualifications(),
            "pending": PendingCache(m.MemoryPendingDeletions()),
        }
    else:
        from reverie.storage import mongo as mg

        client = mg.connect(settings.mongo_url.get_secret_value(), settings.mongo_timeout_ms)
        db = client[settings.mongo_database]
        closers.append(client.close)
        ports = {
            "notes": mg.MongoNotes(db), "examples": mg.MongoExamples(db),
            "registry": mg.MongoRegistry(db), "agents": mg.MongoAgents(db),
            "sessions": mg.MongoSessions(db), "ledger": mg.MongoLedger(db),
            "changes": mg.MongoChangeLog(db), "runs": mg.MongoRuns(db),
            "leases": mg.MongoLeases(db), "reviews": mg.MongoReviews(db),
            "judgments": mg.MongoJudgments(db), "qualifications": mg.MongoQualifications(db),
            "pending": PendingCache(mg.MongoPendingDeletions(db)),
        }
    web_sessions, rate_counts = web_stores(db)
    return {**ports, "db": db, "tokens": token_store(db), "web_sessions": web_sessions,
            "rate_counts": rate_counts, "redrives": redrive_store(db)}, closers


def hide_pending(ports: dict[str, Any], index: VectorIndex) -> dict[str, Any]:
    """Return ``ports`` with ``index``, whose notes, examples and index hide what a deletion
    still being fanned out references: one seam for every read path (issue #12)."""
    pending = ports["pending"]
    return {**ports, "index": VisibleIndex(index, ports["notes"], pending),
            "notes": VisibleNotes(ports["notes"], pending),
            "examples": VisibleExamples(ports["examples"], pending)}


def bind_handlers(app: Reverie) -> None:
    """Give ``app`` its bus and index handlers, their dependencies bound from its ports."""
    deps = app.deps()
    app.index_handlers = {name: inject(h, deps) for name, h in INDEX_HANDLERS.items()}
    app.bus = MessageBus(
        handlers={t: inject(h, deps) for t, h in HANDLERS.items()},
        batch_handlers={t: inject(h, deps) for t, h in BATCH_HANDLERS.items()},
        ledger=app.ledger,
        clock=app.clock,
        retry=RetryPolicy(initial_s=app.settings.retry_initial_s,
                          max_s=app.settings.retry_max_s),
    )


def bootstrap(
    settings: Settings | None = None,
    *,
    clock: Clock | None = None,
    embedder: Embedder | None = None,
    index: VectorIndex | None = None,
    judge: Judge | None = None,
    dead_letters: DeadLetterQueue | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Reverie:
    """Wire every adapter from ``settings``; explicit arguments replace the configured ones."""
    settings = settings or Settings.load()
    clock = clock or SystemClock()
    ports, closers = storage_ports(settings)
    marks = marks_for(settings, configured_index=index is None)
    index = index or build_index(settings)
    if isinstance(index, ClosingIndex):
        closers.append(index.close)
    ports = hide_pending(ports, index)
    ownership = IndexOwnership(group=settings.app_id)
    if settings.qdrant_url is None:  # a per-worker index: kept in step with its partitions
        ports["index"] = JournaledIndex(ports["index"], ownership)
    embedder = embedder or build_embedder(settings)
    judge = judge or build_judge(settings, clock, embedder)
    if isinstance(judge, ClosingJudge):
        closers.append(judge.aclose)
    if dead_letters is None:  # built here, closed here; one passed in is the caller's
        from reverie.brokers import KafkaDeadLetters

        kafka = dead_letters = KafkaDeadLetters(settings)
        closers.append(kafka.close)
    app = Reverie(
        **ports, settings=settings, clock=clock, embedder=embedder, judge=judge,
        dream_settings=dream_settings_for(settings, embedder.model_name),
        extras=dict(overrides or {}), ownership=ownership, index_marks=marks,
        dead_letters=dead_letters,
        fallback_judge=None if judge.name == "offline"
        else LazyOfflineJudge(settings, clock, embedder),
        _closers=closers,
    )
    bind_handlers(app)
    return app


async def warm_judge(app: Reverie) -> Mapping[str, float] | None:
    """Load the judge's models in a thread while the event loop runs on (a worker does it at
    start-up, so no dream pays for them); return the seconds each model took, or None when
    the judge has nothing to load (the LLM judge)."""
    import asyncio

    judge = app.judge
    if not isinstance(judge, Warming):
        return None
    return await asyncio.to_thread(judge.warm)


async def prepare(app: Reverie) -> None:
    """Create indexes and collections (idempotent) and check the database's schema version
    (:class:`~reverie.errors.SchemaMismatch` unless migrated); call once at start."""
    db = app.db
    if db is not None:
        from reverie.storage.migrations.runner import MongoSchema
        from reverie.storage.mongo import ensure_indexes

        await MongoSchema(db).ensure()
        await ensure_indexes(db)


async def verify_schema(settings: Settings) -> None:
    """Return once the database is at this release's schema version, waiting for MongoDB
    with the retry backoff; raise :class:`~reverie.errors.SchemaMismatch` (one line: what
    to run) when it is older or newer. A worker calls it before it joins its group."""
    if settings.storage != "mongo":
        return
    import asyncio

    import structlog

    from reverie.errors import RetryableError
    from reverie.storage import mongo as mg
    from reverie.storage.migrations.runner import MongoSchema

    policy = RetryPolicy(initial_s=settings.retry_initial_s, max_s=settings.retry_max_s)
    client = mg.connect(settings.mongo_url.get_secret_value(), settings.mongo_timeout_ms)
    attempt = 0
    try:
        while True:
            try:
                await MongoSchema(client[settings.mongo_database]).ensure()
                return
            except RetryableError as exc:
                attempt += 1
                structlog.get_logger(__name__).warning("worker.waiting_for_storage", error=str(exc))
                await asyncio.sleep(policy.delay(attempt))
    finally:
        await client.close()
