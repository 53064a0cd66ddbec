"""The message bus: dispatch events to handlers with retries, idempotency and a DLQ verdict.

Entry points (Faust agents, ``replay``, the CLI) decode and validate, then hand
typed events to :meth:`MessageBus.handle`. The bus

* skips events whose ``event_id`` was handled before (redelivery is a no-op); batch
  handlers get them too and consult the ledger for the records they find stored;
* groups consecutive ``note.created`` events so their embeddings are computed in one batch;
* retries :class:`~reverie.errors.RetryableError` with capped exponential backoff,
  forever, so a message is never acknowledged before its effects are stored;
* returns :class:`PermanentError` verdicts (bad input, unknown note, a bug) so the
  caller can dead-letter that one message and carry on.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import structlog

from reverie.clock import Clock
from reverie.domain.events import Envelope
from reverie.errors import ConfigurationError, PermanentError, RetryableError
from reverie.handlers import Handler
from reverie.handlers.ports import EventLedger

log = structlog.get_logger(__name__)

T = TypeVar("T")


def inject(handler: Handler, deps: Mapping[str, object]) -> Handler:
    """Bind the keyword-only parameters of ``handler`` that name a dependency.

    Raises :class:`~reverie.errors.ConfigurationError` when a keyword-only parameter
    without a default names no dependency, so a wiring mistake stops the process at
    start-up instead of dead-lettering the first event that reaches the handler.
    """
    params = inspect.signature(handler).parameters
    keyword_only = {n: p for n, p in params.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}
    missing = [n for n, p in keyword_only.items()
               if n not in deps and p.default is inspect.Parameter.empty]
    if missing:
        name = getattr(handler, "__qualname__", repr(handler))
        raise ConfigurationError(
            f"handler {name} needs {', '.join(missing)}, which the composition root does not "
            f"provide (it provides: {', '.join(sorted(deps))})")
    return partial(handler, **{n: deps[n] for n in keyword_only if n in deps})


@dataclass
class Failure:
    """A message the bus gave up on, with the reason to put in the DLQ."""

    event: Envelope
    error: PermanentError | Exception
    reason: str


@dataclass
class RetryPolicy:
    """Capped exponential backoff; ``max_attempts=None`` retries until it works."""

    initial_s: float = 0.2
    max_s: float = 10.0
    max_attempts: int | None = None

    def delay(self, attempt: int) -> float:
        """Return the pause before retry number ``attempt`` (1-based)."""
        return min(self.max_s, self.initial_s * 2.0 ** (attempt - 1))


@dataclass
class MessageBus:
    """Routes events to handlers; one per worker, built by :mod:`reverie.bootstrap`."""

    handlers: Mapping[type[Envelope], Handler]
    batch_handlers: Mapping[type[Envelope], Handler]
    ledger: EventLedger
    clock: Clock
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    on_handled: Callable[[Envelope, float], None] | None = None
    handled_total: int = 0

    async def handle(self, events: Sequence[Envelope]) -> list[Failure]:
        """Handle ``events`` in order; return the ones that failed permanently."""
        failures: list[Failure] = []
        group: list[Envelope] = []
        for event in events:
            if group and type(event) is not type(group[0]):
                failures += await self._run_group(group)
                group = []
            if type(event) in self.batch_handlers:
                group.append(event)
            else:
                failures += await self._run_group([event])
        if group:
            failures += await self._run_group(group)
        return failures

    async def _run_group(self, events: list[Envelope]) -> list[Failure]:
        kind = type(events[0])
        if kind in self.batch_handlers:
            # A batch handler ignores records stored before and asks the ledger only about
            # those (issue #12: on FerretDB one point look-up per event was a third of ingest).
            fresh = events
        else:
            unseen = await self._with_retries(
                partial(self.ledger.unseen, [e.event_id for e in events]))
            fresh = [e for e in events if e.event_id in unseen]
        if not fresh:
            return []
        started = time.perf_counter()
        structlog.contextvars.bind_contextvars(
            event_id=fresh[0].event_id, event_type=fresh[0].event_type,
            agent_id=fresh[0].agent_id,
        )
        if kind in self.batch_handlers:
            call: Callable[[], Awaitable[Any]] = partial(self.batch_handlers[kind], fresh)
        else:
            call = partial(self.handlers[kind], fresh[0])
        try:
            await self._with_retries(call)
        except Exception as exc:
            if len(fresh) > 1:  # isolate the bad one; the others still get stored
                out: list[Failure] = []
                for e in fresh:
                    out += await self._run_group([e])
                return out
            if isinstance(exc, PermanentError):
                return [Failure(fresh[0], exc, str(exc))]
            # a bug: dead-letter this message and keep the stream alive
            log.exception("handler.crashed")
            return [Failure(fresh[0], exc, f"internal error ({type(exc).__name__}: {exc}); "
                            "this is a Reverie bug — report it and replay the message from "
                            "the DLQ once fixed")]
        await self._with_retries(partial(
            self.ledger.mark_all, [(e.event_id, e.event_type) for e in fresh], self.clock.now()))
        elapsed = time.perf_counter() - started
        self.handled_total += len(fresh)
        for e in fresh:
            if self.on_handled:
                self.on_handled(e, elapsed / len(fresh))
        log.info("event.handled", count=len(fresh), ms=round(elapsed * 1000, 1))
        return []

    async def with_retries(self, call: Callable[[], Awaitable[T]]) -> T:
        """Await ``call()``, retrying :class:`RetryableError` with the bus's backoff."""
        return await self._with_retries(call)

    async def _with_retries(self, call: Callable[[], Awaitable[T]]) -> T:
        attempt = 0
        while True:
            try:
                return await call()
            except RetryableError as exc:
                attempt += 1
                if self.retry.max_attempts is not None and attempt >= self.retry.max_attempts:
                    raise
                pause = self.retry.delay(attempt)
                log.warning("handler.retrying", attempt=attempt, pause_s=pause,
                            error=type(exc).__name__, reason=str(exc))
                await asyncio.sleep(pause)
