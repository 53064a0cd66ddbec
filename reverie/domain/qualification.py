"""A judge's qualification: its scores on the built-in set, stored once per judge identity."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class Qualification(BaseModel):
    """What one judge (endpoint, models, prompt versions) scored on one qualification set.

    The verdict is not stored: it is computed from ``scores`` against the thresholds in
    force when the record is used, so changing a threshold needs no new run.
    """

    key: str
    identity: dict[str, str]
    set_version: str
    scores: dict[str, float]
    failures: list[dict[str, Any]] = Field(default_factory=list)
    """The items the judge got wrong (id, label, what it answered), for a person to read."""
    checked_at: datetime
    llm_calls: int = 0
    tokens: int = 0
    duration_s: float = 0.0
