"""Why a judge decided: a named rule (or a learned model's score) and what it saw.

A judge's verdict may carry :class:`Finding` records: the offline judge names the rule of
its table (:mod:`reverie.judges.rules`) that decided each verdict, merge, blocked merge and
absorption; a learned model adds its class probabilities as ``scores``. The dream records
them in its run steps (:func:`as_json`), and ``reverie explain`` prints them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Finding", "as_json", "step_fields"]


@dataclass(frozen=True)
class Finding:
    """One rule that decided, what it saw, and a model's class probabilities when one spoke."""

    rule: str
    detail: str
    scores: Mapping[str, float] | None = None

    def scored(self) -> str:
        """Return the scores as ``p(contradiction)=0.93, p(neutral)=0.05`` ("" without)."""
        return ", ".join(f"p({k})={v:.2f}" for k, v in (self.scores or {}).items())

    def line(self) -> str:
        """Return ``rule: detail`` with the scores appended in brackets."""
        return f"{self.rule}: {self.detail}" + (f" [{self.scored()}]" if self.scores else "")


def as_json(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """Return findings as run-step data: ``rule`` and ``detail``, and ``scores`` when set."""
    return [
        {"rule": f.rule, "detail": f.detail}
        | ({"scores": {k: round(float(v), 4) for k, v in f.scores.items()}} if f.scores else {})
        for f in findings
    ]


def step_fields(findings: Iterable[Finding]) -> dict[str, Any]:
    """Return ``{"findings": [...]}`` for a run step's output, or nothing when there are none."""
    rows = as_json(findings)
    return {"findings": rows} if rows else {}
