"""Dream runs, their steps (``run.step`` of the contract), review pairs and leases."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Phase = Literal["dream", "consolidation", "contradiction", "stale_pruning", "retention"]
StepStatus = Literal["completed", "skipped", "failed", "partial", "planned"]
RunStatus = Literal["running", "completed", "partial", "failed", "rolled_back"]
PHASES: tuple[Phase, ...] = ("consolidation", "contradiction", "stale_pruning", "retention")


class RunStep(BaseModel):
    """One decision or phase of a dream: the contract's ``run.step`` event payload."""

    model_config = ConfigDict(extra="ignore")

    run_id: str
    step_id: str
    parent_step_id: str | None
    agent_id: str
    phase: Phase
    name: str
    status: StepStatus
    started_at: datetime
    finished_at: datetime
    input: dict[str, Any] = Field(default_factory=dict)
    output: dict[str, Any] = Field(default_factory=dict)
    judge: str | None = None
    llm_calls: int = 0
    tokens: int = 0
    duration_ms: float = 0.0
    dry_run: bool = False
    seq: int = 0

    def as_event(self) -> dict[str, Any]:
        """Return the envelope published on ``reverie.run-steps``."""
        return {
            "event_id": self.step_id,
            "event_type": "run.step",
            "occurred_at": self.finished_at.isoformat().replace("+00:00", "Z"),
            "schema_version": 1,
            "data": self.model_dump(mode="json"),
        }


class DreamRun(BaseModel):
    """One dream of one agent."""

    run_id: str
    agent_id: str
    trigger: str
    reason: str | None = None
    dry_run: bool = False
    status: RunStatus = "running"
    started_at: datetime
    finished_at: datetime | None = None
    phases: dict[str, dict[str, Any]] = Field(default_factory=dict)
    llm_calls: int = 0
    tokens: int = 0
    judge: str = "offline"
    trust: dict[str, Any] | None = None
    """Whether the dream acted on its judge's word, why, and the judge's qualification scores."""
    rolled_back_at: datetime | None = None


class ReviewPair(BaseModel):
    """A contradiction the rules could not decide: a person keeps one note."""

    pair_id: str
    agent_id: str
    note_ids: tuple[str, str]
    texts: tuple[str, str]
    reason: str
    run_id: str
    created_at: datetime
    status: Literal["open", "resolved"] = "open"
    kept_note_id: str | None = None
    resolved_at: datetime | None = None
