"""The one judge loop of both judging phases: batches judged concurrently, applied in order.

:func:`judge_batches` has the judge read each chunk of notes ahead (:mod:`.readahead`),
judges up to ``judge_concurrency`` batches at once (:func:`.inorder.judge_in_order`, which
slows down near the end of the judge's budget and holds back a batch that ``conflicts``
with an earlier one), and hands each item's answer to ``apply`` strictly in the items'
order, skipping items no longer ``wanted``. A judge error of one item is counted
(:class:`Tally`): an invalid answer fails that item; an outage fails it and, at the
dream's limit of outages, stops the loop; a spent budget stops it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from reverie.domain.model import Note
from reverie.errors import BudgetExhausted, JudgeAnswerInvalid, JudgeUnavailable
from reverie.handlers.dream.context import judged
from reverie.handlers.dream.inorder import Judgment, Outages, judge_in_order
from reverie.handlers.dream.readahead import ReadAhead

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Tally:
    """How a judge loop ended: items failed, their errors, and why it stopped early."""

    failed: int = 0
    errors: tuple[str, ...] = ()
    stopped: str | None = None


def headroom(judge: object) -> Callable[[], int | None] | None:
    """Return the judge's count of calls it may still make this run, if it has a budget."""
    found = getattr(judge, "headroom", None)
    return found if callable(found) else None


@dataclass(frozen=True)
class Batches(Generic[T]):
    """The items of one phase in batches, how to read their notes, and which are related."""

    batches: Sequence[list[T]]
    notes: Callable[[T], Sequence[Note]]
    """The notes of one item (what the judge reads ahead)."""
    conflicts: Callable[[list[T], list[T]], bool] | None = None
    wanted: Callable[[T], bool] | None = None
    """Whether an item is still to be judged and applied (earlier items may settle it)."""

    def still_wanted(self, item: T) -> bool:
        """Return whether ``item`` is still wanted (always, without a ``wanted`` test)."""
        return self.wanted is None or self.wanted(item)


async def judge_batches(
    work: Batches[T],
    ask: Callable[[list[T]], Awaitable[Sequence[Judgment[R] | None]]],
    apply: Callable[[T, Judgment[R]], Awaitable[None]],
    *, judge: object, concurrency: int, max_outages: int,
) -> Tally:
    """Judge ``work``'s batches with ``ask`` and ``apply`` each item's answer in order."""
    ahead = ReadAhead(judge, work.batches,
                      notes=lambda b: [judged(n) for i in b for n in work.notes(i)],
                      size=lambda b: sum(len(work.notes(i)) for i in b))

    async def asked(batch: list[T]) -> Sequence[Judgment[R] | None]:
        await ahead.ready(batch)
        return await ask(batch)

    try:
        return await _judge_all(work, asked, apply, concurrency=concurrency,
                                outages=Outages(max_outages), headroom=headroom(judge))
    finally:
        await ahead.close()


async def _judge_all(
    work: Batches[T],
    asked: Callable[[list[T]], Awaitable[Sequence[Judgment[R] | None]]],
    apply: Callable[[T, Judgment[R]], Awaitable[None]],
    *, concurrency: int, outages: Outages, headroom: Callable[[], int | None] | None,
) -> Tally:
    failed, errors = 0, list[str]()
    wanted = None if work.wanted is None else (
        lambda b: any(work.still_wanted(i) for i in b))
    async for batch, judgment in judge_in_order(
            work.batches, asked, limit=concurrency, headroom=headroom,
            conflicts=work.conflicts, wanted=wanted):
        if judgment.skipped:
            continue
        for i, item in enumerate(batch):
            one = (Judgment(error=judgment.error) if judgment.error is not None
                   else judgment.unwrap()[i])
            if one is None or not work.still_wanted(item):
                continue
            try:
                await apply(item, one)
            except JudgeAnswerInvalid as exc:
                failed += 1
                errors.append(str(exc))
            except JudgeUnavailable as exc:
                failed += 1
                errors.append(str(exc))
                if why := outages.failed(judgment, exc):
                    return Tally(failed, tuple(errors), why)
            except BudgetExhausted as exc:
                return Tally(failed, tuple(errors), f"LLM budget exhausted: {exc}")
    return Tally(failed, tuple(errors))
