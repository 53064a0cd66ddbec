"""Values of one kind unmatched on both sides (:mod:`reverie.text.apart`)."""

from __future__ import annotations

from reverie.text.apart import close, unmatched_both_ways


def test_the_first_value_of_each_side_the_other_lacks() -> None:
    same = lambda a, b: close(a, b, 0.1)  # noqa: E731
    assert unmatched_both_ways([10.0, 20.0], [10.5, 30.0], same) == (20.0, 30.0)
    assert unmatched_both_ways([10.0], [10.5, 30.0], same) is None  # all of one side matched
    assert unmatched_both_ways([], [30.0], same) is None


def test_a_value_comparable_with_none_of_the_other_side_does_not_count() -> None:
    def comparable(a: str, b: str) -> bool:
        return a[0] == b[0]

    def same(a: str, b: str) -> bool:
        return a == b

    assert unmatched_both_ways(["$5"], ["€7"], same, comparable) is None
    assert unmatched_both_ways(["$5", "€7"], ["$6"], same, comparable) == ("$5", "$6")
