"""The outbox relay: changes and run steps stored with the state are published to Kafka.

A store writes a change (``reverie.changes``) or a run step (``reverie.run-steps``) in
the same call as the state it describes, flagged unpublished; this timer sends the
unpublished ones, waits for the broker's acknowledgement of every record, then flags
them published. A failed tick is retried on the next one, so each record is sent at
least once.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import faust
import structlog

from reverie.bootstrap import Reverie
from reverie.errors import RetryableError

log = structlog.get_logger(__name__)
OUTBOX_PAGE = 500
SEND_SLICE = 20


def register_outbox_relay(
    app: faust.App, reverie: Reverie, changes_topic: faust.TopicT, steps_topic: faust.TopicT
) -> None:
    """Add the timer that relays unpublished changes and run steps (every worker runs it)."""
    assert reverie.bus is not None
    bus = reverie.bus
    polled = {"handled": -1, "at": 0.0}

    def outbox_may_have_news() -> bool:
        """Poll the outboxes after new work, and every 30 s (web actions, restarts)."""
        now = time.monotonic()
        if bus.handled_total != polled["handled"] or now - polled["at"] > 30:
            polled["handled"], polled["at"] = bus.handled_total, now
            return True
        return False

    async def publish_outboxes() -> None:
        """Relay changes and run steps to Kafka (a failed tick retries next time)."""
        if not outbox_may_have_news():
            return
        try:
            await relay_changes()
            await relay_steps()
        except RetryableError as exc:
            polled["handled"] = -1
            log.warning("outbox.retry", reason=str(exc))

    app.timer(interval=1.0, on_leader=False)(publish_outboxes)

    async def send_all(topic: faust.TopicT, records: list[tuple[bytes, bytes]]) -> None:
        """Send records (in their order) and wait until the broker has every one; yield to
        the event loop between slices, so a deletion arriving behind a big fan-out's relay
        is handled at once instead of waiting for the whole page (issue #12)."""
        futures = []
        for start in range(0, len(records), SEND_SLICE):
            for key, value in records[start : start + SEND_SLICE]:
                futures.append(await topic.send(key=key, value=value, force=True))
            await asyncio.sleep(0)
        await asyncio.gather(*futures)

    async def relay(
        topic: faust.TopicT,
        page: list[tuple[str, str, Callable[[], dict[str, Any]]]],
        mark_published: Callable[[list[str]], Awaitable[None]],
    ) -> None:
        """Send a page of (record id, key, envelope) in order, then flag it published."""
        if page:
            # a page's envelopes are built in a thread (pydantic and JSON, ~10 ms for 500)
            records = await asyncio.to_thread(_encoded, [(key, event) for _, key, event in page])
            await send_all(topic, records)
            await mark_published([record_id for record_id, _, _ in page])
        if len(page) == OUTBOX_PAGE:
            polled["handled"] = -1  # more to relay on the next tick

    async def relay_changes() -> None:
        pending = await reverie.changes.unpublished(limit=OUTBOX_PAGE)
        await relay(changes_topic, [(c.change_id, c.agent_id, c.as_event) for c in pending],
                    reverie.changes.mark_published)

    async def relay_steps() -> None:
        pending = await reverie.runs.unpublished_steps(limit=OUTBOX_PAGE)
        await relay(steps_topic, [(s.step_id, s.run_id, s.as_event) for s in pending],
                    reverie.runs.mark_steps_published)


def _encoded(items: list[tuple[str, Callable[[], dict[str, Any]]]]) -> list[tuple[bytes, bytes]]:
    """Return each (key, envelope) as the bytes sent to Kafka, in the same order."""
    return [(key.encode(), _json(event())) for key, event in items]


def _json(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, default=str).encode("utf-8")
