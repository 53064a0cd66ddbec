"""Two statements through the offline judge: one fact, two facts or a contradiction, and why.

:func:`explain` asks :class:`~reverie.judges.offline.OfflineJudge` what the dream would
ask about two notes holding ``a`` and ``b`` (written at ``now``, never used): whether they
contradict, else whether they merge into one note. The answer names the rules of
:data:`~reverie.judges.rules.RULES` that decided (``reverie explain`` prints it), and, when
they do not contradict, the guard that kept every contradiction rule from being asked
(:func:`~reverie.judges.frames.no_conflict`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from reverie.handlers.dream.findings import Finding, as_json
from reverie.handlers.dream.judging import JudgedNote
from reverie.judges import frames
from reverie.judges.offline import OfflineJudge
from reverie.judges.rules import RULES

__all__ = ["Explanation", "NothingStated", "Outcome", "explain"]

Outcome = Literal["one fact", "two facts", "contradiction"]


class NothingStated(ValueError):
    """A statement the judge finds nothing in (no sentence to compare)."""


@dataclass(frozen=True)
class Explanation:
    """What the offline judge makes of two statements, the rules that decided, the cosines."""

    a: str
    b: str
    outcome: Outcome
    reason: str
    findings: tuple[Finding, ...]
    cosines: tuple[tuple[str, str, float], ...]  # (statement of a, statement of b, cosine)
    certain: bool = True
    """False for a contradiction the dream leaves to a person (``likely-one-value``)."""

    @property
    def cosine(self) -> float:
        """The highest cosine of a statement of ``a`` and one of ``b``."""
        return max(c for _, _, c in self.cosines)

    def as_json(self) -> dict[str, Any]:
        """Return the explanation as JSON-able data, each rule with its kind and description."""
        findings = [
            row | {"kind": RULES[row["rule"]].kind, "description": RULES[row["rule"]].description}
            if row["rule"] in RULES else row
            for row in as_json(self.findings)
        ]
        return {"a": self.a, "b": self.b, "verdict": self.outcome, "certain": self.certain,
                "reason": self.reason,
                "cosine": round(self.cosine, 4), "findings": findings,
                "statements": [{"a": x, "b": y, "cosine": round(c, 4)}
                               for x, y, c in self.cosines]}


def explain(judge: OfflineJudge, a: str, b: str, now: datetime) -> Explanation:
    """Return the judge's outcome for ``a`` and ``b``; NothingStated if one states nothing."""
    x = JudgedNote("A", a, "Context", now, 0)
    y = JudgedNote("B", b, "Context", now, 0)
    statements = judge.statements([x, y])
    for name, note in (("A", x), ("B", y)):
        if not statements[note.note_id]:
            raise NothingStated(f"statement {name} states nothing the judge can compare: "
                                f"{note.text!r}")
    cosines = tuple((s.text, t.text, s.cosine(t)) for s in statements["A"]
                    for t in statements["B"])
    contra = judge.contradicts_now(x, y)
    if contra.contradicts:
        return Explanation(a, b, "contradiction", contra.reason, contra.findings, cosines,
                           contra.certain)
    verdict = judge.consolidate_now([x, y])
    merged = verdict.consolidate and any({"A", "B"} <= set(m.source_ids) for m in verdict.merged)
    findings = list(verdict.findings)
    for s in statements["A"]:
        for t in statements["B"]:
            guard = frames.no_conflict(s.pair(t))
            if guard is not None and guard not in findings:
                findings.append(guard)
    return Explanation(a, b, "one fact" if merged else "two facts", verdict.reason,
                       tuple(findings), cosines)
