"""How often (:mod:`reverie.text.frequency`) and the merge blocker built on it,
``other-frequency``: two statements that each say a frequency the other does not are
never one note. The pairs are written for these tests (none drawn from the exclusive-value
check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.frequency import frequencies, frequencies_apart
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "found"), [
    ("The newsletter goes out monthly.", [(1 / 30.44, "monthly")]),
    ("Backups run every 6 hours.", [(4.0, "every 6 hours")]),
    ("The sync job polls every 15 minutes.", [(96.0, "every 15 minutes")]),
    ("The audit happens every other year.", [(1 / 730.5, "every other year")]),
    ("Lina waters the ferns twice a week.", [(2 / 7, "twice a week")]),
    ("Ravi calls his mother three times per month.", [(3 / 30.44, "three times per month")]),
    ("Choir practice is each Tuesday.", [(1 / 7, "each tuesday")]),
    ("Ines swims 3x weekly.", [(3 / 7, "3x weekly")]),
    ("Feed the puppy three times daily.", [(3.0, "three times daily")]),
    ("The report is due on the 3rd of every quarter.", [(1 / 91.31, "every quarter")]),
    ("Mo works every weekday.", []),  # weekdays and "daily" are said of one habit
    ("Mo sleeps 8 hours a night.", []),  # a duration in a period, no count of times
    ("The invoices are sent biweekly.", []),  # twice a week, or every two weeks
])
def test_frequencies_are_read_as_times_a_day(text: str, found: list[tuple[float, str]]) -> None:
    assert [(round(f.per_day, 5), f.said) for f in frequencies(text)] == [
        (round(v, 5), s) for v, s in found]


def test_two_frequencies_are_apart_and_one_said_twice_is_not() -> None:
    apart = frequencies_apart("The ferns are watered twice a week.", "Lina waters the ferns daily.")
    assert apart is not None and (apart[0].said, apart[1].said) == ("twice a week", "daily")
    assert frequencies_apart("The newsletter goes out monthly.",
                             "The newsletter is sent once a month.") is None
    assert frequencies_apart("Choir practice is each Tuesday.", "Choir meets weekly.") is None
    assert frequencies_apart("Ines swims twice a week.", "Ines swims 2x weekly.") is None
    assert frequencies_apart("The newsletter goes out monthly.", "It has 900 readers.") is None


@pytest.mark.parametrize(("a", "b"), [
    ("The newsletter goes out every two weeks.", "The newsletter is sent monthly."),
    ("Recycling goes out weekly.", "Recycling is collected every other week."),
])
def test_two_frequencies_are_never_one_note(a: str, b: str) -> None:
    """Said in other words (no one habit the rules can see), the blocker keeps them apart."""
    assert explained(a, b) == ("two facts", "other-frequency")


def test_one_frequency_in_two_wordings_may_still_be_one_note() -> None:
    outcome, rule = explained("The newsletter goes out monthly.",
                              "The newsletter goes out once a month.")
    assert outcome == "one fact", rule


@pytest.mark.parametrize(("a", "b"), [
    ("Lina waters the ferns twice a week.", "Lina waters the ferns every day."),
    ("The cleaner comes every Thursday.", "The cleaner comes every other Thursday."),
    ("The newsletter goes out every two weeks.", "The newsletter goes out monthly."),
])
def test_one_habit_at_two_frequencies_contradicts(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-frequency-value")


def test_two_billing_frequencies_are_two_billing_cycles() -> None:
    """The holders differ only in a word both say ("billed" / "Billing for the account"):
    the attribute the table names decides before the frequency reader."""
    assert explained("The account is billed quarterly.",
                     "Billing for the account is monthly.") == ("contradiction",
                                                                "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Lina waters the ferns twice a week.", "Lina's neighbour waters the ferns every day."),
    ("Lina used to water the ferns every day.", "Lina waters the ferns twice a week."),
    ("Lina waters the ferns twice a week.", "Lina repots the ferns every year."),
    ("The newsletter goes out monthly.", "The newsletter goes out once a month."),
])
def test_another_holder_time_or_habit_is_not_one_habit(a: str, b: str) -> None:
    from tests.dreamkit import assert_not_by

    assert_not_by(a, b, "other-frequency-value")


@pytest.mark.parametrize(("text", "said"), [
    ("Globex is on an annual Enterprise plan.", "annual"),
    ("The Team plan, month-to-month.", "month-to-month"),
    ("Globex's billing frequency is annual.", "annual"),  # the cycle said of billing
])
def test_the_cycle_of_a_term_that_renews(text: str, said: str) -> None:
    assert [f.said for f in frequencies(text)] == [said]


def test_annual_leave_is_no_cycle() -> None:
    assert frequencies("Ines has 25 days of annual leave.") == ()


def test_two_cycles_of_one_plan_are_never_one_note() -> None:
    """"the annual Enterprise plan" / "Enterprise plan, month-to-month": the first had
    absorbed the second, its cycle lost."""
    assert explained("Globex is on the annual Enterprise plan.",
                     "Globex: Enterprise plan, month-to-month.")[0] != "one fact"
    # was merged: "annual" after the billing frequency was read as no frequency
    assert explained("Globex's billing frequency is annual.",
                     "Globex is on month-to-month billing.")[0] != "one fact"


def test_a_cycle_denied_is_no_other_cycle() -> None:
    """"doesn't offer monthly billing" / "sells annual subscriptions": one fact."""
    assert explained("Hooli only sells annual subscriptions.",
                     "Hooli doesn't offer monthly billing.")[1] != "other-frequency"
