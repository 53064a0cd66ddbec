"""Judging several items at once while applying the answers strictly in order.

:func:`judge_in_order` starts up to ``limit`` judgments concurrently and yields
each item's :class:`Judgment` in the items' order, so what the caller writes
(run steps, merged notes, revocations) is the same whatever answers first. It
admits items in order and holds an item back while

* ``limit`` judgments are started and not yet handed back,
* an earlier item not yet handed back ``conflicts`` with it (so ``wanted`` sees
  the effects of every earlier item that could change its mind), or
* the judge's ``headroom`` (calls it may still make this run) could not cover
  ``calls_per_item`` for it and every judgment still running: near the end of a
  budget judgments run one at a time, so the budget is spent on the same items,
  in the same order, as one after another.

Items the caller stops before (by leaving the loop) are cancelled.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Judgment(Generic[R]):
    """An answer, the error judging raised, or ``skipped`` (not wanted when its turn came)."""

    value: R | None = None
    error: Exception | None = None
    skipped: bool = False

    def unwrap(self) -> R:
        """Return the answer or raise the error judging raised."""
        if self.error is not None:
            raise self.error
        if self.value is None:
            raise ValueError("a skipped judgment has no answer")
        return self.value


@dataclass
class Outages:
    """Judge outages of one phase: a failed batched call is one outage, whatever it carried."""

    limit: int
    count: int = 0
    _last: object = None

    def failed(self, judgment: Judgment[Any], exc: Exception) -> str | None:
        """Count the outage ``exc`` met judging an item; return why to stop at the limit.

        An error of the batch's own call (``judgment.error``) is counted once for all
        the items of the batch; any other outage (a later call for one item) each time.
        """
        call: object = judgment if judgment.error is not None else object()
        if call is self._last:
            return None
        self._last = call
        self.count += 1
        if self.count >= self.limit:
            return f"judge unavailable {self.count} times: {exc}"
        return None


async def _judge(ask: Callable[[T], Awaitable[R]], item: T) -> Judgment[R]:
    try:
        return Judgment(value=await ask(item))
    except Exception as exc:  # handed to the caller in order, raised there
        return Judgment(error=exc)


async def judge_in_order(
    items: Sequence[T],
    ask: Callable[[T], Awaitable[R]],
    *,
    limit: int,
    calls_per_item: int = 2,
    headroom: Callable[[], int | None] | None = None,
    conflicts: Callable[[T, T], bool] | None = None,
    wanted: Callable[[T], bool] | None = None,
) -> AsyncIterator[tuple[T, Judgment[R]]]:
    """Yield (item, judgment) in the order of ``items``, judging up to ``limit`` at once."""
    limit = max(1, limit)
    pending: list[tuple[T, asyncio.Task[Judgment[R]] | None]] = []
    nxt = 0

    def admissible(item: T) -> bool:
        if not pending:
            return True
        if len(pending) >= limit:
            return False
        if conflicts is not None and any(conflicts(item, earlier) for earlier, _ in pending):
            return False
        room = headroom() if headroom is not None else None
        running = sum(1 for _, task in pending if task is not None and not task.done())
        return room is None or room >= calls_per_item * (running + 1)

    try:
        while nxt < len(items) or pending:
            while nxt < len(items) and admissible(items[nxt]):
                item = items[nxt]
                nxt += 1
                if wanted is not None and not wanted(item):
                    pending.append((item, None))
                else:
                    pending.append((item, asyncio.ensure_future(_judge(ask, item))))
            item, task = pending.pop(0)
            yield item, (Judgment(skipped=True) if task is None else await task)
    finally:
        left = [task for _, task in pending if task is not None]
        for task in left:
            task.cancel()
        if left:
            await asyncio.gather(*left, return_exceptions=True)
