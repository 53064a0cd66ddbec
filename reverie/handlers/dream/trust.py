"""What a dream does with its judge's word: trust, the judge policy, and the revocation ceiling.

**Trust** (:func:`establish_trust`), per ``REVERIE_JUDGE_TRUST``: ``qualified`` (the
default) trusts a judge whose stored or fresh qualification (:mod:`.qualifying`) passes;
``always`` and ``never`` do what they say. The offline judge is always trusted: it is
deterministic and gated by ``reverie eval``.

**The judge policy** (:class:`JudgePolicy`), built once per dream from its trust and its
ceiling, is the only code that decides what a verdict may do. An untrusted judge's word may
do nothing: a dream whose judge is not trusted is judged by the offline judge exactly as a
dream without an LLM is -- its clusters merged (never losing a fact), its contradictions
revoked or queued by the same rules and under the same ceiling -- and the untrusted judge is
not asked at all, since no answer of it could change what the dream does. An untrusted judge
never makes a dream worse than no LLM; without an offline judge to fall back on, the judging
phases are left alone. Of a contradiction verdict (:meth:`JudgePolicy.rule`): no
contradiction keeps both notes; the newer note (by more than ``newer_wins_after_days``)
or else the more used one wins, and a tie goes to review, as does a contradiction the
judge is not sure of (``certain`` False); a note written by a person is never revoked, and
a note that reads like an instruction to the memory system never wins, both sent to
review; past the ceiling a revocation is sent to review too.

**Ceiling** (:func:`revocation_ceiling`): whatever the judge, one dream revokes by
contradiction at most ``share`` of the agent's Active notes at its start, rounded up to
a whole note, and at most ``max_count`` notes (and at least ``min_count``): an agent of
six notes can resolve one real contradiction per dream, one of 48 (at 10%) five. :func:`anomaly`
flags a judge that calls nearly every pair it judged a contradiction.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal

import structlog

from reverie.domain.instructions import instruction_markers
from reverie.domain.model import Note
from reverie.domain.qualification import Qualification
from reverie.errors import BudgetExhausted, ConfigurationError, JudgeUnavailable
from reverie.handlers.dream.judging import ContradictionVerdict, Judge, RunScopedJudge, Usage
from reverie.handlers.dream.qualifying import (
    QualItem,
    Thresholds,
    judge_identity,
    qualification_key,
    qualify,
    set_version,
    verdict,
)
from reverie.handlers.dream.results import ContradictionResult
from reverie.handlers.ports import QualificationStore

log = structlog.get_logger(__name__)

TrustMode = Literal["qualified", "always", "never"]


@dataclass(frozen=True)
class TrustPolicy:
    """How a dream decides whether to act on its judge's word (``REVERIE_JUDGE_TRUST``)."""

    mode: TrustMode = "qualified"
    thresholds: Thresholds = field(default_factory=Thresholds)
    items: tuple[QualItem, ...] = ()


@dataclass(frozen=True)
class Trust:
    """Whether this dream acts on its judge's destructive verdicts, and why."""

    trusted: bool
    source: str
    """``offline``, ``always``, ``never``, ``cached``, ``qualified`` or ``unavailable``."""
    reason: str
    qualification: Qualification | None = None
    usage: Usage = field(default_factory=Usage)

    def summary(self) -> dict[str, Any]:
        """Return what a run records of its judge's trust (scores included when known)."""
        out: dict[str, Any] = {
            "trusted": self.trusted,
            "source": self.source,
            "reason": self.reason,
        }
        if self.qualification is not None:
            q = self.qualification
            out.update(
                {
                    "key": q.key,
                    "checked_at": q.checked_at.isoformat(),
                    "scores": dict(q.scores),
                    "identity": dict(q.identity),
                }
            )
        return out


TRUSTED = Trust(True, "always", "trusted without qualification")
"""Trust without qualification (a judge policy built by hand, as in unit tests)."""


async def establish_trust(
    judge: Judge,
    *,
    policy: TrustPolicy,
    store: QualificationStore | None,
    pair_batch: int = 8,
    cluster_notes: int = 24,
    now: datetime | None = None,
    force: bool = False,
) -> Trust:
    """Return whether ``judge`` is trusted under ``policy``, qualifying it if never done.

    The offline judge is always trusted. A stored qualification of the same judge
    identity and set is reused unless ``force``; a fresh one is stored. A judge that
    cannot be qualified now (unreachable, budget spent) is not trusted, and nothing is
    stored, so the next dream tries again.
    """
    if judge.name == "offline":
        return Trust(
            True, "offline", "the offline judge is deterministic and gated by reverie eval"
        )
    if policy.mode == "always":
        return Trust(True, "always", "REVERIE_JUDGE_TRUST=always: trusted without qualification")
    if policy.mode == "never":
        return Trust(False, "never", "REVERIE_JUDGE_TRUST=never: never trusted")
    if not policy.items:
        return Trust(False, "unavailable", "no qualification set to check the judge on")
    key = qualification_key(judge_identity(judge), set_version(policy.items))
    # dreams of several agents starting together qualify a new judge once, not once each
    async with _QUALIFYING.setdefault(key, asyncio.Lock()):
        return await _establish(judge, key, policy, store, pair_batch, cluster_notes, now, force)


_QUALIFYING: dict[str, asyncio.Lock] = {}


async def _establish(
    judge: Judge,
    key: str,
    policy: TrustPolicy,
    store: QualificationStore | None,
    pair_batch: int,
    cluster_notes: int,
    now: datetime | None,
    force: bool,
) -> Trust:
    found = None if force or store is None else await store.get(key)
    source = "cached"
    usage = Usage()
    if found is None:
        source = "qualified"
        asked: Judge = judge.with_budget() if isinstance(judge, RunScopedJudge) else judge
        try:
            found = await qualify(
                asked,
                policy.items,
                pair_batch=pair_batch,
                cluster_notes=cluster_notes,
                checked_at=now,
            )
        except (JudgeUnavailable, BudgetExhausted, ConfigurationError) as exc:
            log.warning("judge.qualification_failed", error=type(exc).__name__, reason=str(exc))
            return Trust(
                False,
                "unavailable",
                f"the judge could not be qualified: {type(exc).__name__}: {exc}",
                usage=exc.usage,
            )
        usage = Usage(found.llm_calls, found.tokens, 0)
        if store is not None:
            await store.put(found)
        log.info("judge.qualified", key=found.key, **found.scores)
    failed = verdict(found.scores, policy.thresholds)
    if failed:
        return Trust(False, source, "failed qualification: " + "; ".join(failed), found, usage)
    return Trust(True, source, "passed qualification", found, usage)


@dataclass
class _Count:
    """Revocations by contradiction this dream, and those held back by its ceiling."""

    revoked: int = 0
    held: int = 0


@dataclass(frozen=True)
class Ruling:
    """What one contradiction verdict may do to its pair (:meth:`JudgePolicy.rule`)."""

    action: Literal["keep", "review", "revoke"]
    rule: str = ""
    winner: Note | None = None
    loser: Note | None = None
    held: bool = False
    """Sent to review only because the dream's ceiling of revocations was reached."""


def decide(a: Note, b: Note, newer_wins_after_days: int = 7) -> tuple[Note | None, str]:
    """Return (winner or None for a tie, rule applied)."""
    gap = (b.created_at - a.created_at).total_seconds() / 86400
    if abs(gap) > newer_wins_after_days:
        winner = b if gap > 0 else a
        return winner, f"newer by {abs(gap):.0f} days"
    if a.access_count != b.access_count:
        winner = a if a.access_count > b.access_count else b
        loser = b if winner is a else a
        return winner, f"more used ({winner.access_count} vs {loser.access_count} accesses)"
    return None, "same age and use: left to a person"


@dataclass(frozen=True)
class JudgePolicy:
    """What this dream does with its judge's word; built once per dream (:meth:`build`)."""

    judge: Judge
    """The judge the judging phases ask: the configured one when trusted, else the offline
    judge in its place (the untrusted judge is then never asked)."""
    trust: Trust
    ceiling: int | None = None
    """How many notes the dream may revoke by contradiction in all (None: no ceiling)."""
    record: Mapping[str, str] = field(default_factory=dict)
    """Added to each judging phase's output: that the configured judge did not decide, why,
    and which judge did (empty for a trusted judge)."""
    left_alone: str | None = None
    """Why the judging phases are not run: no judge may stand in for an untrusted one."""
    newer_wins_after_days: int = 7
    anomaly_share: float = 0.8
    anomaly_min_pairs: int = 5
    _count: _Count = field(default_factory=_Count, compare=False, repr=False)

    @classmethod
    def build(cls, trust: Trust, judge: Judge, offline: Judge | None, *,
              ceiling: int | None = None, newer_wins_after_days: int = 7,
              anomaly_share: float = 0.8, anomaly_min_pairs: int = 5) -> JudgePolicy:
        """Return the policy that acts on ``judge`` if trusted, else on ``offline``, else on
        nothing (the winner rule's and the anomaly's settings as given)."""
        acting, record, alone = judge, dict[str, str](), None
        if not trust.trusted:
            why = f"the {judge.name} judge is not trusted ({trust.reason})"
            if offline is None:
                alone = f"{why} and no offline judge was given: left alone"
                record = {"untrusted_judge": trust.reason, "skipped_reason": alone}
            else:
                acting, record = offline, {"untrusted_judge": (
                    f"{why}: the {offline.name} judge decided in its place, as without an "
                    f"LLM; the {judge.name} judge was not asked"), "judged_by": offline.name}
        return cls(acting, trust, ceiling, record, alone, newer_wins_after_days,
                   anomaly_share, anomaly_min_pairs)

    def summary(self) -> dict[str, Any]:
        """Return what the run records of its judge's trust, and which judge decided."""
        out = self.trust.summary()
        if "judged_by" in self.record:
            out["judged_by"] = self.record["judged_by"]
        return out

    def rule(self, a: Note, b: Note, verdict: ContradictionVerdict) -> Ruling:
        """Return what ``verdict`` about the pair (a, b) may do; a revocation counts
        towards the ceiling, and one past it is sent to review instead."""
        if not verdict.contradicts:
            return Ruling("keep")
        if not verdict.certain:
            why = ", ".join(f.rule for f in verdict.findings) or "its verdict"
            return Ruling("review", f"the judge is not sure enough to revoke a note ({why}): "
                                    "left to a person")
        winner, rule = decide(a, b, self.newer_wins_after_days)
        if winner is None:
            return Ruling("review", rule)
        loser = b if winner is a else a
        if not loser.is_auto_generated:
            return Ruling("review", "the losing note was written by a person: left to a person")
        if markers := instruction_markers(winner.text):
            return Ruling("review", f"the winning note reads like an instruction to the memory "
                                    f"system ({', '.join(markers)}): left to a person")
        if self.ceiling is not None and self._count.revoked >= self.ceiling:
            self._count.held += 1
            return Ruling("review", f"this dream's ceiling of {self.ceiling} revocation(s) by "
                                    "contradiction is reached: left to a person or the next dream",
                          held=True)
        self._count.revoked += 1
        return Ruling("revoke", rule, winner, loser)

    def held_back(self, result: ContradictionResult) -> ContradictionResult:
        """Return ``result`` with what held the judge back (the ceiling) and whether it called
        nearly every judged pair a contradiction (an anomaly: surfaced, not acted on)."""
        held = self._count.held
        reached = None
        if held:
            reached = (f"{held} more contradiction(s) went to review: this dream may revoke "
                       f"at most {self.ceiling} note(s) by contradiction")
            log.warning("dream.revocation_ceiling", ceiling=self.ceiling, held=held)
        why = anomaly(result.judged, result.contradictions, self.anomaly_share,
                      self.anomaly_min_pairs)
        if why:
            log.warning("dream.judge_anomaly", judged=result.judged,
                        contradictions=result.contradictions, why=why)
        return replace(result, revocation_ceiling=self.ceiling, held_by_ceiling=held,
                       ceiling_reached=reached, anomaly=why)


# ceiling and anomaly


def revocation_ceiling(active: int, share: float, max_count: int, min_count: int = 1) -> int:
    """Return how many notes one dream may revoke by contradiction.

    ``share`` of the ``active`` notes rounded up to a whole note (so any agent may resolve
    one contradiction a dream), at most ``max_count``, at least ``min_count``.
    """
    by_share = math.ceil(max(0.0, share) * max(0, active) - 1e-9)
    return max(0, min(max_count, max(min_count, by_share)))


def anomaly(judged: int, contradictions: int, share: float, min_pairs: int) -> str | None:
    """Return why a judge's contradiction rate is anomalous (None when it is not)."""
    if judged >= max(1, min_pairs) and contradictions >= share * judged:
        return (
            f"the judge called {contradictions} of {judged} judged pairs contradictions "
            f"(anomalous at {share:.0%} of at least {min_pairs} pairs)"
        )
    return None
