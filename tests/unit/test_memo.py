"""The bounded per-text cache: the oldest entries go first, the newest stay."""

from __future__ import annotations

from reverie.judges.memo import Bounded


def test_past_the_limit_the_oldest_quarter_goes() -> None:
    cache: Bounded[str, int] = Bounded(8)
    for i in range(8):
        cache.put(f"t{i}", i)
    assert len(cache) == 8
    assert cache.put("t8", 8) == 8
    assert len(cache) == 7
    assert "t0" not in cache and "t1" not in cache
    assert cache.get("t8") == 8 and cache.get("t2") == 2


def test_storing_a_known_key_again_drops_nothing() -> None:
    cache: Bounded[str, int] = Bounded(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 3)
    assert len(cache) == 2 and cache.get("a") == 3 and cache.get("b") == 2
