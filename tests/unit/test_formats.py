"""Formats: a date order or a clock (reverie.text.formats, rule ``other-format``), and the
file format a kind of thing is made or sent in ("reports as PDF"; a value of "format of
report"). The pairs are written for these tests (none drawn from the check set, DNLI, the
blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.formats import formats
from tests.dreamkit import assert_contradiction, assert_not_by, held_of


@pytest.mark.parametrize(("text", "orders", "clocks"), [
    ("Write dates as DD/MM/YYYY.", {"dmy"}, set()),
    ("dates in mm/dd/yy", {"mdy"}, set()),
    ("Timestamps are ISO 8601.", {"ymd"}, set()),
    ("dd.mm.yyyy, day-month-year order", {"dmy"}, set()),
    ("Show times in 24-hour format.", set(), {"24h"}),
    ("Prefers AM/PM times.", set(), {"12h"}),
    ("Needs a 24h turnaround on the 12-hour shift.", set(), set()),  # durations
    ("Call at 3pm on 04/05.", set(), set()),
    ("Uses the US date format.", {"mdy"}, set()),  # a region's order
    ("Prefers European-style dates.", {"dmy"}, set()),
    ("Switched from US dates to ISO 8601.", {"ymd"}, set()),  # what it was
    # shown by example, where no format is named
    ("Write dates like 2026-03-12.", {"ymd"}, set()),
    ("Dates are written as 12 March 2026.", {"dmy"}, set()),
    ("Dates are shown as March 12, 2026.", {"mdy"}, set()),
    ("Write dates like 25/12/2026.", {"dmy"}, set()),
    ("Write dates like 03/12/2026.", {"dmy/mdy"}, set()),  # day or month first
    ("Ines wants times like 2pm.", set(), {"12h"}),
    ("Times in 24-hour format, e.g. 14:00.", set(), {"24h"}),
    ("The review is on 03/12/2026 at 14:00.", set(), set()),  # a date and a time, no example
])
def test_a_date_order_or_a_clock_is_read_as_what_it_means(
        text: str, orders: set[str], clocks: set[str]) -> None:
    found = formats(text)
    assert (found.orders, found.clocks) == (orders, clocks)


@pytest.mark.parametrize(("a", "b"), [
    ("Dates as DD/MM/YYYY.", "Uses the US date format."),
    ("Dates should be written DD/MM/YYYY for Ines.", "Ines wants dates in MM/DD/YYYY."),
    ("Ines's date format is ISO 8601.", "Show dates to Ines as MM/DD/YYYY."),
    ("Ines reads times in 24-hour format.", "Ines prefers AM/PM times."),
    # were merged into one note
    ("Write dates for Ines as YYYY-MM-DD.", "Write dates for Ines like 03/12/2026."),
    ("Dates in Ines's reports use the ISO format.",
     "Dates in Ines's reports are written as 12 March 2026."),
    ("Ines wants times in 24-hour format, e.g. 14:00.", "Ines wants times like 2pm."),
])
def test_two_date_orders_or_clocks_of_one_holder_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-format")


@pytest.mark.parametrize(("a", "b"), [
    ("Ines writes dates as DD/MM/YYYY.", "Ines's US colleagues use MM/DD/YYYY."),  # others
    ("Ines used to write MM/DD/YYYY.", "Ines now writes dates as DD/MM/YYYY."),  # then, now
    ("Ines writes DD.MM.YYYY.", "Ines wants dates as DD/MM/YYYY."),  # one order
    ("Ines uses DD/MM/YYYY in Europe and MM/DD/YYYY in the US.",
     "Ines wants dates in MM/DD/YYYY."),  # two named: no one format
    ("The team uses YYYY-MM-DD.", "The team moved away from MM/DD/YYYY."),  # a former one
    ("Ines's receipts use DD/MM/YYYY.", "Date format for Ines's logs: YYYY-MM-DD."),  # scope
    ("Ines's dates are written as DD/MM/YYYY, e.g. 25/12/2026.",
     "Write dates for Ines like 03/12/2026."),  # an example that may be day-first
    ("Ines used to write dates like 03/12/2026.", "Ines writes dates as YYYY-MM-DD now."),
])
def test_other_holders_times_and_one_order_written_twice_are_no_other_format(
        a: str, b: str) -> None:
    assert_not_by(a, b, "other-format")


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("Ines wants reports as PDF.", "format of report", "pdf"),
    ("Invoices are sent in XLSX format.", "format of invoice", "xlsx"),
    ("Ines gets reports as CSV files.", "format of report", "csv"),
    ("The export format is JSON.", "format of export", "json"),
])
def test_a_things_file_format_is_a_value_of_its_format(
        text: str, attribute: str, value: str) -> None:
    assert held_of(text)[attribute] == {value}


def test_two_formats_in_one_argument_are_no_one_format() -> None:
    assert not any(k.startswith("format of") for k in held_of("Ines exports data as CSV "
                                                                "and JSON."))


@pytest.mark.parametrize(("a", "b", "rule", "certain"), [
    ("The export format is JSON.", "Exports go out as XML.", "one-value-attribute", True),
    ("Ines wants reports as PDF.", "Ines wants reports in CSV format.", "likely-one-value",
     False),
])
def test_two_file_formats_of_one_thing_contradict(a: str, b: str, rule: str,
                                                  certain: bool) -> None:
    assert_contradiction(a, b, rule, certain=certain)


def test_two_things_have_two_formats() -> None:
    assert_not_by("Ines wants reports as PDF.", "Ines wants invoices as CSV.",
                  "likely-one-value")


def test_a_scope_without_content_words_places_no_system_apart() -> None:
    """"for everything" names no thing of its own: one system each, for all of it."""
    assert_contradiction("Uses metric for everything.", "Uses imperial for everything.",
                         "other-system")
