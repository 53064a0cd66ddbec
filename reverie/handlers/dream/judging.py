"""The judge port: what the dream asks an LLM (or the offline judge) and what it may answer.

Judges only *judge*; the dream's code decides what to write. A judge may only
refer to note ids it was given; anything else is rejected by validation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.usage import Usage as Usage
from reverie.handlers.dream.findings import Finding

_FINDINGS = "The rules (or a model's scores) that decided; the offline judge's, empty for an LLM."


@dataclass(frozen=True)
class JudgedNote:
    """What a judge sees of a note: its id, text (dates already absolute) and usage."""

    note_id: str
    text: str
    note_type: str
    created_at: datetime
    access_count: int
    user_id: str | None = None
    company_id: str | None = None


class MergedNote(BaseModel):
    """One note the judge proposes in place of some of the cluster's notes."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(min_length=1, max_length=8000, description="The consolidated note text.")
    source_ids: list[str] = Field(
        min_length=1, description="Ids of the given notes this merged note replaces."
    )
    note_type: str = Field(default="Context", description="Note type of the merged note.")


class ConsolidationVerdict(BaseModel):
    """The judge's answer about one cluster."""

    model_config = ConfigDict(frozen=True)

    consolidate: bool = Field(description="False leaves the cluster exactly as it is.")
    merged: list[MergedNote] = Field(default_factory=list)
    reason: str = Field(default="", max_length=2000)
    findings: tuple[Finding, ...] = Field(default=(), description=_FINDINGS)


class ContradictionVerdict(BaseModel):
    """The judge's answer about one pair: does it contradict, and why (never who wins)."""

    model_config = ConfigDict(frozen=True)

    contradicts: bool
    reason: str = Field(default="", max_length=2000)
    findings: tuple[Finding, ...] = Field(default=(), description=_FINDINGS)
    certain: bool = Field(default=True, description=(
        "False for a likely contradiction the judge may not settle ('is a nurse' / 'is a "
        "factory worker': one job, or two): the dream queues the pair for a person and "
        "revokes nothing."))


class CoverageVerdict(BaseModel):
    """Whether a user's note adds nothing beyond company-wide notes."""

    model_config = ConfigDict(frozen=True)

    adds_nothing: bool
    reason: str = Field(default="", max_length=2000)
    findings: tuple[Finding, ...] = Field(default=(), description=_FINDINGS)


class Judge(Protocol):
    """Decides about clusters and pairs; the offline and the LLM judge implement it."""

    name: str

    async def consolidate(
        self, notes: Sequence[JudgedNote], now: datetime
    ) -> tuple[ConsolidationVerdict, Usage]:
        """Propose merged notes for a cluster, or answer ``consolidate=False``."""

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> tuple[ContradictionVerdict, Usage]:
        """Say whether two notes contradict each other, and why."""

    async def covers(
        self, general: Sequence[JudgedNote], specific: JudgedNote
    ) -> tuple[CoverageVerdict, Usage]:
        """Say whether ``specific`` (a user's note) adds nothing beyond ``general``."""


@runtime_checkable
class ClusterBatching(Protocol):
    """A judge capability: several small clusters judged in one call (the LLM judge)."""

    async def consolidate_many(
        self, clusters: Sequence[Sequence[JudgedNote]], now: datetime
    ) -> tuple[list[ConsolidationVerdict], Usage]:
        """Return one verdict per cluster, in order; each names only its own cluster's ids."""


@runtime_checkable
class PairBatching(Protocol):
    """A judge capability: several pairs judged in one call (the LLM judge)."""

    async def contradicts_many(
        self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]
    ) -> tuple[list[ContradictionVerdict], Usage]:
        """Return one verdict per pair, in order (each pair judged on its own)."""


@runtime_checkable
class Preparing(Protocol):
    """A judge capability: read notes ahead of judging them, many at once (the offline judge
    parses and embeds their statements in one batch; judging them then only looks them up)."""

    def prepare(self, notes: Sequence[JudgedNote]) -> None:
        """Read ``notes`` now (blocking: call it in a thread)."""


@runtime_checkable
class PairPreparing(Protocol):
    """A judge capability: read pairs ahead of judging them one by one (the offline judge
    asks its agent-memory model about all of them in one batch; judging them then only
    looks its scores up)."""

    def prepare_pairs(self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]) -> None:
        """Read ``pairs`` now (blocking: call it in a thread)."""


@runtime_checkable
class Warming(Protocol):
    """A judge capability: load its models now (the offline judge's parser, lexicon and
    encoders), so that the first judgment does not pay for them."""

    def warm(self) -> Mapping[str, float]:
        """Load every model the judge reads (blocking: call it in a thread); return the
        seconds each took, by model."""


@runtime_checkable
class ClosingJudge(Protocol):
    """A judge capability: a client to close when the process stops (the LLM judge)."""

    async def aclose(self) -> None:
        """Close the judge's client."""


@runtime_checkable
class IdentifiedJudge(Protocol):
    """A judge capability: what makes its answers what they are (endpoint, model, prompts)."""

    def identity(self) -> dict[str, str]:
        """Return the identity qualification results are cached under."""


@runtime_checkable
class RunScopedJudge(Protocol):
    """A judge capability: a per-run budget, started by each dream and by qualification."""

    def start_run(self) -> object:
        """Start a new run's budget on this judge."""

    def with_budget(self) -> Judge:
        """Return this judge with a budget of its own (for a qualification run)."""


class BatchJudge(Judge, ClusterBatching, PairBatching, Protocol):
    """A judge with both batching capabilities; callers check each one with ``isinstance``."""
