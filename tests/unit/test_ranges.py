"""Ranges of figures (reverie.text.ranges, rule ``within-range``): a figure inside a range
another statement gives is no other value ("needs Java 11 or later" / "needs Java 17").
The pairs are written for these tests (none drawn from the check set, DNLI, the blind sets
or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.ranges import figures, ranges
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("text", "inside", "outside"), [
    ("Supports versions 3.2 through 3.8.", [(3, 5), (3, 2), (3, 8)], [(3, 10), (3, 1)]),
    ("Needs Java 11 or later.", [(11,), (21,)], [(8,)]),
    ("Requires Python 3.8+.", [(3, 10)], [(3, 7)]),  # 3.10 comes after 3.8
    ("Is on version 4.x.", [(4,), (4, 2)], [(5,), (3, 9)]),
    ("Is on at least version 2.", [(2,), (3,)], [(1,)]),
    ("Works with iOS 15 and above.", [(17,)], [(14,)]),
    ("Has up to 20 seats.", [(12,), (20,)], [(21,)]),
    ("Is over 60.", [(61,)], [(60,)]),  # "over" leaves its bound out
    ("Has fewer than 10 staff.", [(9,)], [(10,)]),
    ("Spends between $500 and $800.", [(600,)], [(900,)]),
    ("Runs clusters on 1.26-1.28.", [(1, 27)], [(1, 29)]),
    ("Has at least two kids.", [(3,)], [(1,)]),  # a number word
    ("Approves invoices above €10k.", [(12000,)], [(9000,)]),
    ("Needs 2.5k credits or more.", [(3000,)], [(2000,)]),
])
def test_a_range_holds_the_figures_inside_it(
        text: str, inside: list[tuple[int, ...]], outside: list[tuple[int, ...]]) -> None:
    (span,) = ranges(text)
    assert all(span.holds(f) for f in inside), span
    assert not any(span.holds(f) for f in outside), span


@pytest.mark.parametrize("text", [
    "The team went from 3 to 4 engineers.",  # a change, not a range
    "Upgraded from version 2 to 3 last week.",
    "Won the match 3-2.",  # a score
    "Deployed on 2024-05-01 at 9:30.",  # a date and a clock
    "Keep summaries below two hundred words.",  # "two hundred" is no 2
])
def test_a_change_a_score_or_a_date_is_no_range(text: str) -> None:
    assert not [s for s in ranges(text) if s.holds((2,)) or s.holds((3,))]


def test_figures_read_versions_counts_and_number_words_but_not_dates_or_clocks() -> None:
    assert figures("Python 3.10 on 2024-05-01 at 9:30 with two workers, $1,200 and 10k") == (
        (3, 10), (2,), (1200,), (10000,))


@pytest.mark.parametrize(("a", "b"), [
    ("The customer supports versions 3.2 through 3.8.", "The customer runs version 3.5."),
    ("Ivo needs Java 11 or later.", "Ivo needs Java 17."),
    ("Ivo's library requires Python 3.8+.", "Ivo's library requires Python 3.10."),
    ("Ivo is on version 4.x.", "Ivo is on version 4.2."),
    ("Ivo uses Kubernetes 1.27 or newer.", "Ivo uses Kubernetes 1.29."),
    ("The app targets Android 10 through 14.", "The app targets Android 12."),
    ("Ivo has at least two kids.", "Ivo has three kids."),
    # a bound said again is one value of the range, not the range said again
    ("The customer supports versions 3.2 through 3.8.", "The customer runs version 3.2."),
])
def test_a_figure_inside_anothers_range_is_two_facts_by_within_range(a: str, b: str) -> None:
    assert explained(a, b) == ("two facts", "within-range")


@pytest.mark.parametrize(("a", "b", "rules"), [
    ("Ivo is on version 4.x.", "Ivo is on version 5.1.", "other-value"),  # outside
    ("Ivo needs Java 11 or later.", "Ivo needs Java 8.", "other-value"),
    ("Ivo's budget is between 500 and 800 dollars.", "Ivo's budget is 1000 dollars.",
     {"other-count", "other-value"}),
])
def test_a_figure_outside_the_range_still_contradicts(a: str, b: str, rules: str | set[str]) -> None:
    assert_contradiction(a, b, rules)


def test_a_denied_range_is_no_range_that_holds() -> None:
    _, rule = explained("The customer does not support versions 3.2 through 3.8.",
                        "The customer supports version 3.5.")
    assert rule != "within-range"
