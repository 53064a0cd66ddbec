"""Sums of money (:mod:`reverie.text.money`) and the merge blocker built on them,
``other-sums``: two statements that each give a sum of one currency the other does not are
never one note. The pairs are written for these tests (none drawn from the exclusive-value
check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.money import sums, sums_apart
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "found"), [
    ("Lease: $2,300/month", [(2300.0, "usd")]),
    ("They pay 1,200 euros a year.", [(1200.0, "eur")]),
    ("Budget is €5k.", [(5000.0, "eur")]),
    ("Costs 49 USD per seat.", [(49.0, "usd")]),
    ("Paid 300 yen for parking.", [(300.0, "jpy")]),
    ("The parcel weighs 12 pounds.", []),  # a mass as often as sterling
    ("Invoice 5521 is open.", []),  # a figure of no currency
])
def test_sums_are_read_with_the_currencies_they_may_be_in(
        text: str, found: list[tuple[float, str]]) -> None:
    assert [(s.value, "usd" if "usd" in s.currencies else min(s.currencies))
            for s in sums(text)] == found


def test_two_sums_of_one_currency_are_apart_and_one_sum_twice_is_not() -> None:
    apart = sums_apart("Lease: $2,300/month", "Dana pays 2,450 dollars a month for the lease.")
    assert apart is not None and (apart[0].said, apart[1].said) == ("$2,300", "2,450 dollars")
    assert sums_apart("Quote 88 total: $9,600.", "Quote 88 comes to 9,600 USD.") is None
    assert sums_apart("The seat costs $49.", "The seat costs €49.") is None  # two currencies
    assert sums_apart("Paid $300 in May.", "Paid $300 and $120 in fees.") is None


@pytest.mark.parametrize(("a", "b"), [
    ("Lease: $2,300/month", "The user pays 2,450 dollars a month for the lease."),
    ("Quote 88 total: $9,600.", "Quote 88 amount $6,900 (revised)."),
])
def test_two_sums_of_one_currency_are_never_one_note(a: str, b: str) -> None:
    outcome, rule = explained(a, b)
    assert outcome != "one fact" and rule in {"other-sums", "other-figures"}, rule


def test_one_sum_in_two_spellings_may_still_be_one_note() -> None:
    outcome, rule = explained("Quote 88 total: $9,600.", "Quote 88 total: 9,600 USD.")
    assert outcome == "one fact", rule
