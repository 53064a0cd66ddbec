"""The dual gate of the scheduled dream: enough time AND enough sessions since the last one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from reverie.clock import Clock
from reverie.handlers.ports import AgentRepository, SessionLedger


@dataclass(frozen=True)
class GateDecision:
    """Whether a scheduled dream is due, and why (logged either way)."""

    due: bool
    reason: str
    sessions: int
    hours_since: float | None


def evaluate_gate(
    now: datetime, last_dream_at: datetime | None, sessions_since: int,
    min_interval_s: float, min_sessions: int,
) -> GateDecision:
    """Return the gate's decision for the given history (pure)."""
    hours = None if last_dream_at is None else (now - last_dream_at).total_seconds() / 3600
    need_hours = min_interval_s / 3600
    if hours is not None and hours < need_hours:
        return GateDecision(False, f"only {hours:.1f} h since the last dream "
                                   f"(needs {need_hours:g} h)", sessions_since, hours)
    if sessions_since < min_sessions:
        return GateDecision(False, f"only {sessions_since} sessions since the last dream "
                                   f"(needs {min_sessions})", sessions_since, hours)
    since = "never dreamt" if hours is None else f"{hours:.1f} h since the last dream"
    return GateDecision(True, f"{since} and {sessions_since} sessions", sessions_since, hours)


async def check_gate(
    agent_id: str,
    *,
    agents: AgentRepository,
    sessions: SessionLedger,
    clock: Clock,
    min_interval_s: float,
    min_sessions: int,
) -> GateDecision:
    """Evaluate the gate for one agent from the stored history."""
    settings = await agents.get(agent_id)
    count = await sessions.count_since(agent_id, settings.last_dream_at)
    return evaluate_gate(clock.now(), settings.last_dream_at, count, min_interval_s,
                         min_sessions)
