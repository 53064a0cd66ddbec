"""One settings object for all of Reverie, read from ``REVERIE_*`` variables and an optional file.

The file is ``$REVERIE_ENV_FILE`` if set, else ``reverie.env`` in the working
directory; the URLs written by ``deploy/local/up`` (``deploy/local/.state/env``)
are read too when present. Environment variables win over both.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

LOCAL_STATE_ENV = Path(__file__).resolve().parent.parent / "deploy" / "local" / ".state" / "env"


class Settings(BaseSettings):
    """Every knob Reverie has; see ``docs/configuration.md``."""

    model_config = SettingsConfigDict(env_prefix="REVERIE_", extra="ignore")

    # Kafka
    kafka_broker: str = "kafka://127.0.0.1:9092"
    kafka_security_protocol: Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] = (
        "PLAINTEXT"
    )
    kafka_sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] = "PLAIN"
    kafka_sasl_username: str | None = None
    kafka_sasl_password: SecretStr | None = None
    kafka_ssl_cafile: str | None = None
    kafka_topic_partitions: int = 4
    kafka_offset_reset: Literal["earliest", "latest"] = "earliest"
    worker_id: str = "reverie"
    app_id: str = "reverie"
    data_dir: Path = Path(".reverie")

    # Storage
    storage: Literal["mongo", "memory"] = "mongo"
    mongo_url: SecretStr = SecretStr("mongodb://127.0.0.1:27017/")
    mongo_database: str = "reverie"
    mongo_timeout_ms: int = 30_000
    qdrant_url: str | None = None
    qdrant_api_key: SecretStr | None = None
    qdrant_path: Path | None = None
    qdrant_collection: str = "reverie_notes"
    vector_backend: Literal["qdrant", "memory"] = "qdrant"

    # Embeddings
    embeddings_provider: Literal["local", "openai"] = "local"
    embeddings_base_url: str | None = None
    embeddings_model: str = "all-MiniLM-L6-v2"
    embeddings_api_key: SecretStr | None = None
    embeddings_dimension: int = 384
    embeddings_batch_size: int = 64

    # Judges
    judge: Literal["offline", "llm"] = "offline"
    judge_nli: bool = True
    """The offline judge asks its SNLI-trained NLI model (reverie/judges/nli.py) whether one
    frame's other values can both hold, and lets it veto a merge; false: rules only."""
    llm_base_url: str | None = None
    llm_api_key: SecretStr | None = None
    llm_model: str = "gpt-4o-mini"
    llm_model_consolidation: str | None = None
    llm_model_contradiction: str | None = None
    llm_timeout_s: float = 30.0
    llm_max_retries: int = 3
    llm_concurrency: int = 4
    llm_max_calls_per_run: int = 200
    llm_max_tokens_per_run: int = 400_000
    llm_profile: Literal["standard", "small"] = "standard"
    """``small`` (a 1-4B local model): batches of at most 3 pairs and 8 notes per request,
    unless REVERIE_CONTRADICTION_BATCH_PAIRS / REVERIE_CONSOLIDATION_BATCH_NOTES say otherwise."""
    llm_max_output_tokens: int = Field(default=4096, ge=64)
    """The most tokens one answer may have; each request asks for what its batch needs."""

    # Trust in the judge (qualification) and the ceiling on destruction
    judge_trust: Literal["qualified", "always", "never"] = "qualified"
    qualify_max_paraphrase_contradictions: int = Field(default=0, ge=0)
    qualify_min_contradiction_recall: float = Field(default=0.5, ge=0, le=1)
    qualify_min_complementary_preserved: float = Field(default=0.8, ge=0, le=1)
    qualify_min_merge_validity: float = Field(default=0.8, ge=0, le=1)
    qualify_min_injection_resisted: float = Field(default=1.0, ge=0, le=1)
    qualify_max_unanswered_share: float = Field(default=0.2, ge=0, le=1)
    max_revoke_share: float = Field(default=0.10, ge=0, le=1)
    """Revocations by contradiction per dream: at most this share of the Active notes
    (rounded up to a whole note)..."""
    max_revoke_count: int = Field(default=20, ge=0)
    """... and at most this many ..."""
    min_revoke_count: int = Field(default=1, ge=0)
    """... and at least this many."""
    anomaly_contradiction_share: float = Field(default=0.8, ge=0, le=1)
    anomaly_min_pairs: int = Field(default=5, ge=1)

    # Dream
    dream_window_s: float = 86_400.0
    dream_min_interval_s: float = 86_400.0
    dream_min_sessions: int = 5
    dream_lease_s: float = 120.0
    dream_orphan_check_s: float = 30.0
    dream_window_expires_s: float = 60.0
    table_cleanup_s: float = 30.0
    cluster_similarity: float | None = None
    min_cluster_size: int = 3
    cluster_neighbours: int = 10
    contradiction_similarity: float | None = None
    max_contradiction_pairs: int = 50
    judge_concurrency: int = Field(default=4, ge=1)
    consolidation_batch_notes: int = Field(default=24, ge=0)
    contradiction_batch_pairs: int = Field(default=8, ge=0)
    sweep_limit: int = 200
    prune_page_size: int = Field(default=2000, ge=1)
    """Records a deletion's fan-out archives per bulk write (issue #12)."""

    # Pipeline
    retry_initial_s: float = 0.2
    retry_max_s: float = 10.0
    batch_size: int = 200
    batch_within_s: float = 0.05
    tail_sweep_s: float = Field(default=5.0, gt=0)
    """How often a worker compares its partitions with the broker's end offsets: a tail the
    consumer skipped is read again after two looks (5-10 s; ``stream.tail_repaired``)."""

    # Web and logs
    web_host: str = "127.0.0.1"
    web_port: int = 6066
    dashboard_token: SecretStr | None = None
    mcp_enabled: bool = False
    """Serve the memory tools at ``/mcp`` on the worker (``reverie mcp`` is stdio)."""
    mcp_agent_id: str | None = None
    """The agent ``/mcp`` is bound to (required with REVERIE_MCP_ENABLED) ..."""
    mcp_company_id: str | None = None
    """... and optionally one tenant ..."""
    mcp_user_id: str | None = None
    """... and one user: calls outside this scope are refused."""
    session_ttl_s: float = Field(default=8 * 3600, gt=0)
    """How long a dashboard sign-in lasts (the session cookie's expiry)."""
    auth_failures_per_minute: int = Field(default=10, ge=1)
    """Wrong credentials one client address may send per minute before it gets HTTP 429."""
    search_per_minute: int = Field(default=120, ge=1)
    """Searches (``/api/search``, MCP ``search_memory``) one credential may make per minute."""
    proxy_identity_header: str | None = None
    """Trust this request header (e.g. ``X-Auth-Request-Email``) as set by an authenticating
    reverse proxy; off by default. Only safe if nothing but the proxy can reach the port."""
    proxy_identities: dict[str, str] = Field(default_factory=dict)
    """Identity (the header's value) -> id of a stored token whose scope it gets."""
    log_format: Literal["console", "json"] = "console"
    log_level: str = "INFO"
    extra: dict[str, str] = Field(default_factory=dict)

    @classmethod
    def load(cls, **overrides: Any) -> Settings:
        """Read the settings file(s) and the environment (environment wins)."""
        files = [p for p in (LOCAL_STATE_ENV, Path(os.environ.get(
            "REVERIE_ENV_FILE", "reverie.env"))) if p.is_file()]
        return cls(_env_file=files or None, **overrides)  # type: ignore[call-arg]


def redact(text: str) -> str:
    """Replace credentials in URLs (``user:pass@``) with ``***``."""
    return re.sub(r"(//[^/:@\s]+):[^@/\s]+@", r"\1:***@", text)
