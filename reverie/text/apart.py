"""Two statements' values of one kind (sums, frequencies, lengths of time) that neither
matches on the other side: the test behind the blockers ``other-sums``,
``other-frequency`` and ``other-duration``; and the same values said on both sides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["close", "matched_both_ways", "unmatched_both_ways"]

T = TypeVar("T")


def unmatched_both_ways(x: Sequence[T], y: Sequence[T], same: Callable[[T, T], bool],
                        comparable: Callable[[T, T], bool] | None = None) -> tuple[T, T] | None:
    """The first value of ``x`` that is ``same`` as none of ``y``'s and the first of ``y``
    that is ``same`` as none of ``x``'s, or None when either side has none. With
    ``comparable``, a value counts only if it is comparable with one on the other side
    ("$49" against "€49": two currencies, not two sums)."""
    def alone(v: T, others: Sequence[T]) -> bool:
        if comparable is not None and not any(comparable(v, o) for o in others):
            return False
        return not any(same(v, o) for o in others)

    mine = next((v for v in x if alone(v, y)), None)
    theirs = next((v for v in y if alone(v, x)), None)
    return None if mine is None or theirs is None else (mine, theirs)


def matched_both_ways(x: Sequence[T], y: Sequence[T], same: Callable[[T, T], bool]) -> bool:
    """Both sides give a value and every value of each is ``same`` as one of the other's:
    one value said twice ("every 15 minutes" / "four times an hour")."""
    return (bool(x) and bool(y) and all(any(same(v, o) for o in y) for v in x)
            and all(any(same(o, v) for v in x) for o in y))


def close(a: float, b: float, ratio: float) -> bool:
    """``a`` and ``b`` differ by at most ``ratio`` of the larger one."""
    return abs(a - b) <= ratio * max(abs(a), abs(b))
