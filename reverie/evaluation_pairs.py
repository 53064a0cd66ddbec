"""Scoring a judge on labeled statement pairs (``reverie eval-pairs``), through its port.

A pairs file has one JSON object a line: ``{"id", "a", "b", "label", "meta"}`` with
``label`` one of ``same`` (both state one fact), ``contradiction`` or ``neutral``
(unrelated, or both true), the format of ``../shared/external/dnli/pairs.jsonl``.
Each pair becomes two notes of one scope, created at the same instant, never used.
The judge is asked :meth:`~reverie.handlers.dream.judging.Judge.consolidate` on the
two notes and :meth:`~reverie.handlers.dream.judging.Judge.contradicts` on the pair:

* *merged*: the verdict consolidates and one merged note has both notes as sources;
* *contradiction*: the contradiction verdict says so.

The report gives, per label and per ``meta.dtype`` (else ``meta.kind``, when present),
how many pairs there are and the share merged and called contradictions, plus the pair
ids behind each share, and a :meth:`PairReport.summary`: contradiction recall, false
alarms (pairs labeled ``same`` or ``neutral`` called contradictions) and contradiction
pairs merged, as counts. :data:`BOUNDS` are the offline judge's targets of issue #20
(issue #11's, with at most 1% of contradiction pairs merged where #11 allowed 2%).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie.evaluation import LabelsInvalid
from reverie.handlers.dream.judging import Judge, JudgedNote

LABELS = ("same", "contradiction", "neutral")
PAIRS_NOW = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)
"""When the pairs' notes are judged (both notes are created one day before)."""

BOUNDS: tuple[tuple[str, str, str, float], ...] = (
    ("contradiction", "contradicted", "min", 0.5),
    ("neutral", "contradicted", "max", 0.05),
    ("same", "merged", "min", 0.5),
    ("contradiction", "merged", "max", 0.01),
)
"""(label, share, ``min``/``max``, bound): what the offline judge must reach."""


@dataclass(frozen=True)
class Pair:
    """One labeled pair of statements (``dtype``: its ``meta.dtype``, else ``meta.kind``)."""

    id: str
    a: str
    b: str
    label: str
    dtype: str | None = None


@dataclass(frozen=True)
class PairResult:
    """What the judge said about one pair."""

    pair: Pair
    merged: bool
    contradicted: bool
    reason: str = ""


@dataclass
class Tally:
    """Pairs of one label (or one dtype) and the ids merged and called contradictions."""

    n: int = 0
    merged: list[str] = field(default_factory=list)
    contradicted: list[str] = field(default_factory=list)

    def share(self, what: str) -> float | None:
        """The share of pairs ``merged`` or ``contradicted`` (None without pairs)."""
        ids = self.merged if what == "merged" else self.contradicted
        return None if self.n == 0 else len(ids) / self.n

    def add(self, result: PairResult) -> None:
        """Count one result."""
        self.n += 1
        if result.merged:
            self.merged.append(result.pair.id)
        if result.contradicted:
            self.contradicted.append(result.pair.id)


@dataclass(frozen=True)
class BoundCheck:
    """One bound of :data:`BOUNDS` and whether the report meets it."""

    label: str
    share: str
    op: str
    bound: float
    value: float | None
    passed: bool

    def describe(self) -> str:
        """E.g. ``contradiction contradicted 0.412 (needs >= 0.5)``."""
        shown = "n/a" if self.value is None else f"{self.value:.3f}"
        sign = ">=" if self.op == "min" else "<="
        return f"{self.label} pairs {self.share} {shown} (needs {sign} {self.bound:g})"


@dataclass
class PairReport:
    """Per label and per (label, dtype) tallies of a judge's answers."""

    judge: str
    by_label: dict[str, Tally] = field(default_factory=dict)
    by_dtype: dict[tuple[str, str], Tally] = field(default_factory=dict)

    def checks(self) -> list[BoundCheck]:
        """Compare the report with :data:`BOUNDS` (a label without pairs passes)."""
        out = []
        for label, share, op, bound in BOUNDS:
            tally = self.by_label.get(label)
            value = None if tally is None else tally.share(share)
            passed = value is None or (value >= bound if op == "min" else value <= bound)
            out.append(BoundCheck(label, share, op, bound, value, passed))
        return out

    def summary(self) -> dict[str, Any]:
        """Counts across labels: contradictions found (recall), false alarms (a ``same``
        or ``neutral`` pair called a contradiction) and contradiction pairs merged."""
        contra = self.by_label.get("contradiction", Tally())
        others = [self.by_label[k] for k in LABELS if k != "contradiction" and k in self.by_label]
        alarms = [i for t in others for i in t.contradicted]
        return {
            "contradictions": contra.n,
            "contradictions_found": len(contra.contradicted),
            "contradiction_recall": contra.share("contradicted"),
            "non_contradictions": sum(t.n for t in others),
            "false_alarms": len(alarms),
            "false_alarm_ids": alarms,
            "contradictions_merged": len(contra.merged),
            "contradictions_merged_ids": list(contra.merged),
        }

    def as_json(self) -> dict[str, Any]:
        """The report as plain JSON-able data."""

        def row(t: Tally) -> dict[str, Any]:
            return {"n": t.n, "merged": t.share("merged"),
                    "contradicted": t.share("contradicted"),
                    "merged_ids": t.merged, "contradicted_ids": t.contradicted}

        return {
            "judge": self.judge,
            "labels": {k: row(v) for k, v in self.by_label.items()},
            "dtypes": [{"label": k[0], "dtype": k[1], **row(v)}
                       for k, v in self.by_dtype.items()],
            "summary": self.summary(),
            "checks": [{"label": c.label, "share": c.share, "op": c.op, "bound": c.bound,
                        "value": c.value, "passed": c.passed} for c in self.checks()],
        }


def parse_pairs(lines: Iterable[str], where: str = "pairs") -> list[Pair]:
    """Read pairs from JSON lines; raise :class:`LabelsInvalid` naming the first bad line."""
    out: list[Pair] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LabelsInvalid(f"{where}:{n}: not JSON ({exc.msg})") from None
        if not isinstance(raw, dict):
            raise LabelsInvalid(f"{where}:{n}: expected a JSON object")
        missing = [k for k in ("id", "a", "b", "label") if not isinstance(raw.get(k), str)]
        if missing:
            raise LabelsInvalid(f"{where}:{n}: needs string fields {', '.join(missing)}")
        if raw["label"] not in LABELS:
            raise LabelsInvalid(f"{where}:{n}: label must be one of {', '.join(LABELS)} "
                                f"(got {raw['label']!r})")
        if not raw["a"].strip() or not raw["b"].strip():
            raise LabelsInvalid(f"{where}:{n}: empty statement")
        meta = raw.get("meta")
        dtype = meta.get("dtype", meta.get("kind")) if isinstance(meta, dict) else None
        out.append(Pair(raw["id"], raw["a"], raw["b"], raw["label"],
                        str(dtype) if dtype is not None else None))
    if not out:
        raise LabelsInvalid(f"{where}: no pairs")
    return out


def load_pairs(path: Path) -> list[Pair]:
    """Read a pairs file (see :func:`parse_pairs`)."""
    with path.open(encoding="utf-8") as fh:
        return parse_pairs(fh, str(path))


def pair_notes(pair: Pair, now: datetime = PAIRS_NOW) -> tuple[JudgedNote, JudgedNote]:
    """The two notes of a pair: one scope, same creation time, never used."""
    from datetime import timedelta

    created = now - timedelta(days=1)
    return (
        JudgedNote(f"{pair.id}/a", pair.a, "Context", created, 0, user_id="u", company_id="c"),
        JudgedNote(f"{pair.id}/b", pair.b, "Context", created, 0, user_id="u", company_id="c"),
    )


async def judge_pair(judge: Judge, pair: Pair, now: datetime = PAIRS_NOW) -> PairResult:
    """Ask ``judge`` to consolidate and to compare the pair's two notes."""
    a, b = pair_notes(pair, now)
    verdict, _ = await judge.consolidate([a, b], now)
    merged = verdict.consolidate and any(
        {a.note_id, b.note_id} <= set(m.source_ids) for m in verdict.merged)
    contra, _ = await judge.contradicts(a, b)
    return PairResult(pair, merged, contra.contradicts, contra.reason)


async def score_pairs(judge: Judge, pairs: Sequence[Pair], *, concurrency: int = 1,
                      now: datetime = PAIRS_NOW) -> PairReport:
    """Judge every pair (at most ``concurrency`` at once) and tally the answers in
    file order."""
    gate = asyncio.Semaphore(max(1, concurrency))
    prepare = getattr(judge, "prepare", None)
    if prepare is not None:  # a judge that can analyze every text in one batch first
        await asyncio.to_thread(prepare, [n for p in pairs for n in pair_notes(p, now)])

    async def one(pair: Pair) -> PairResult:
        async with gate:
            return await judge_pair(judge, pair, now)

    results = await asyncio.gather(*(one(p) for p in pairs))
    return tally(results, getattr(judge, "name", type(judge).__name__))


def tally(results: Iterable[PairResult], judge: str = "") -> PairReport:
    """Count results per label and per (label, dtype), labels in :data:`LABELS` order."""
    report = PairReport(judge=judge)
    results = list(results)
    for label in LABELS:
        for r in results:
            if r.pair.label != label:
                continue
            report.by_label.setdefault(label, Tally()).add(r)
            if r.pair.dtype is not None:
                report.by_dtype.setdefault((label, r.pair.dtype), Tally()).add(r)
    report.by_dtype = dict(sorted(report.by_dtype.items(),
                                  key=lambda kv: (LABELS.index(kv[0][0]), kv[0][1])))
    return report


__all__ = [
    "BOUNDS",
    "LABELS",
    "PAIRS_NOW",
    "BoundCheck",
    "Pair",
    "PairReport",
    "PairResult",
    "Tally",
    "judge_pair",
    "load_pairs",
    "pair_notes",
    "parse_pairs",
    "score_pairs",
    "tally",
]
