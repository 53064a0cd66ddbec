"""Two statements' values of one kind (sums, frequencies, lengths of time) that neither
matches on the other side: the test behind the blockers ``other-sums``,
``other-frequency`` and ``other-duration``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["close", "unmatched_both_ways"]

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


def close(a: float, b: float, ratio: float) -> bool:
    """``a`` and ``b`` differ by at most ``ratio`` of the larger one."""
    return abs(a - b) <= ratio * max(abs(a), abs(b))
