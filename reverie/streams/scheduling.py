"""Dream scheduling: the activity window, the gate, orphaned requests and the catch-up.

Sessions and new notes are counted per agent in a tumbling window; when a window
closes, the gate (:func:`reverie.handlers.dream.gate.check_gate`) decides whether the
agent's dream is due and, if so, a ``dream.requested`` command is produced (keyed by
agent, deduplicated by window). Dreams requested while a worker that died held the
lease are requested again, and the leader evaluates every agent's gate periodically
(windows that closed while no worker ran).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import faust
import structlog

from reverie.bootstrap import Reverie
from reverie.client import encode_envelope
from reverie.config import Settings
from reverie.domain.events import NoteCreated, SessionEnded, parse_event
from reverie.errors import RetryableError
from reverie.handlers.dream.gate import check_gate
from reverie.handlers.dream.runner import recover_orphaned_requests

log = structlog.get_logger(__name__)


def register_dream_scheduling(
    app: faust.App, reverie: Reverie, notes_topic: faust.TopicT, commands_topic: faust.TopicT
) -> Callable[[], Awaitable[None]]:
    """Add the activity table and agent, the orphan check and the leader's catch-up timer.

    Returns one catch-up (not the timer: awaiting Faust's wrapped timer runs a second
    timer loop, which sleeps a whole window before its first catch-up); the start-up task
    runs it once on the leader.
    """
    settings = reverie.settings
    scheduler = DreamScheduler(reverie, commands_topic)
    app.timer(interval=settings.dream_orphan_check_s, on_leader=False)(
        scheduler.recover_orphaned_dreams)
    activity = activity_table(app, settings, scheduler.on_window_close)

    @app.agent(notes_topic, name="reverie.activity")
    async def count_activity(stream: faust.StreamT[bytes]) -> None:
        """Count sessions and new notes per agent in the tumbling window (the dream trigger)."""
        async for value in stream:
            try:
                event = parse_event(value)
            except Exception:  # InvalidEvent, or a null (tombstone) value: ingest dead-letters it
                continue
            if isinstance(event, SessionEnded | NoteCreated):
                activity[event.data.agent_id] += 1

    # the leader's timer: a catch-up every dream window
    app.timer(interval=settings.dream_window_s, on_leader=True)(scheduler.periodic_catch_up)
    return scheduler.periodic_catch_up


def activity_table(app: faust.App, settings: Settings,
                   on_window_close: Callable[[Any, Any], Awaitable[None]]) -> Any:
    """Return the per-agent activity counts in tumbling dream windows."""
    return app.Table(
        "reverie-activity",
        default=int,
        key_type=str,
        value_type=int,
        partitions=settings.kafka_topic_partitions,
        on_window_close=on_window_close,
        # Compacted only: Faust would also delete changelog records after `expires` (60 s).
        # A standby (or a worker getting a partition back) whose changelog offset fell
        # behind the deleted records then hangs in recovery ("offset out of range"),
        # and the partitions it was handed are never consumed.
        extra_topic_configs={"cleanup.policy": "compact"},
    ).tumbling(settings.dream_window_s, expires=settings.dream_window_expires_s)


class DreamScheduler:
    """Decides whether an agent's dream is due and produces its ``dream.requested``."""

    def __init__(self, reverie: Reverie, commands_topic: faust.TopicT) -> None:
        self.reverie = reverie
        self.settings = reverie.settings
        self.commands_topic = commands_topic

    async def request_dream_if_due(self, agent_id: str, why: str) -> None:
        """Ask the gate; when due, request the dream once per window."""
        reverie, settings = self.reverie, self.settings
        decision = await check_gate(
            agent_id,
            agents=reverie.agents,
            sessions=reverie.sessions,
            clock=reverie.clock,
            min_interval_s=settings.dream_min_interval_s,
            min_sessions=settings.dream_min_sessions,
        )
        if not decision.due:
            log.info("dream.not_due", agent_id=agent_id, trigger=why, reason=decision.reason)
            return
        window = int(reverie.clock.now().timestamp() // settings.dream_window_s)
        log.info("dream.scheduled", agent_id=agent_id, trigger=why, reason=decision.reason)
        await self.send_dream_request(agent_id, f"schedule:{agent_id}:{window}", "schedule")

    async def send_dream_request(self, agent_id: str, event_id: str, reason: str) -> None:
        """Produce a ``dream.requested`` keyed by agent and wait for the broker's ack."""
        value = encode_envelope(
            "dream.requested",
            {"agent_id": agent_id, "dry_run": False, "reason": reason},
            event_id=event_id,
            occurred_at=self.reverie.clock.now(),
        )
        fut = await self.commands_topic.send(key=agent_id.encode(), value=value, force=True)
        await fut

    async def request_orphaned_dream(self, agent_id: str) -> None:
        """Request again a dream coalesced onto a dead worker's lease."""
        at = self.reverie.clock.now().strftime("%Y%m%dT%H%M%S")
        await self.send_dream_request(
            agent_id,
            f"recovered:{agent_id}:{at}",
            "requested while a worker that stopped held the dream lease",
        )

    async def recover_orphaned_dreams(self) -> None:
        """Re-request dreams coalesced onto the lease of a worker that died (any worker may)."""
        try:
            await recover_orphaned_requests(
                leases=self.reverie.leases, clock=self.reverie.clock,
                request=self.request_orphaned_dream,
            )
        except RetryableError as exc:
            log.warning("dream.orphan_check_retry", reason=str(exc))

    async def on_window_close(self, key: Any, value: Any) -> None:
        """Ask the gate for the agent whose activity window closed."""
        agent_id, (start, end) = key
        await self.request_dream_if_due(agent_id, f"window {start:.0f}-{end:.0f} closed ({value})")

    async def catch_up(self) -> None:
        """Evaluate the gate for every agent: covers windows closed while no worker ran."""
        for agent_id in await self.reverie.notes.agent_ids():
            await self.request_dream_if_due(agent_id, "catch-up")

    async def periodic_catch_up(self) -> None:
        """A catch-up whose retryable failure is logged and left to the next one."""
        try:
            await self.catch_up()
        except RetryableError as exc:
            log.warning("dream.catch_up_retry", reason=str(exc))
