"""A dict of bounded size for per-text results (a parse, a vector): the oldest go first."""

from __future__ import annotations

from itertools import islice
from typing import Generic, TypeVar

__all__ = ["Bounded"]

K = TypeVar("K")
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """Holds at most ``limit`` entries; a new one past the limit drops the oldest quarter."""

    def __init__(self, limit: int) -> None:
        """Keep at most ``limit`` entries (at least one)."""
        self.limit = max(1, limit)
        self._items: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        """The value stored for ``key``, if any."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> V:
        """Store ``value`` for ``key`` (dropping the oldest quarter if full); return it."""
        if key not in self._items and len(self._items) >= self.limit:
            for old in list(islice(self._items, max(1, self.limit // 4))):
                del self._items[old]
        self._items[key] = value
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Drop every entry."""
        self._items.clear()
