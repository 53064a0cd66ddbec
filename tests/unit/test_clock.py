"""Times of day: the reader (:mod:`reverie.text.clock`) and the ``other-time-of-day`` rule,
on pairs written for them (none drawn from the exclusive-value check set, DNLI or the blind
sets), and their look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from reverie.text.clock import clock_times, same_time
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "read"), [
    ("The sync is at 9 a.m.", [(540, True, "point")]),
    ("The sync starts at 2:30pm.", [(870, True, "point")]),
    ("The sync is at 9:30.", [(570, False, "point")]),  # a half of the day unsaid
    ("Open until 18:00.", [(1080, True, "end")]),
    ("Open from 9am to 5pm.", [(540, True, "start"), (1020, True, "end")]),
    ("Call before 3pm.", [(900, True, "bound")]),
    ("Lunch is at noon.", [(720, True, "point")]),
    ("Runs Python 3.10 at 9 workers.", []),  # a version, a bare figure: no time
])
def test_the_times_of_day_a_statement_gives(text: str, read: list[tuple[int, bool, str]]) -> None:
    """Minutes after midnight, whether the half of the day is said, and the time's kind."""
    assert [(t.minutes, t.half_known, t.kind) for t in clock_times(text)] == read


def test_a_time_without_its_half_of_the_day_may_be_either() -> None:
    """"9:30" may be "9:30 p.m."; "9:30 a.m." is not "9:30 p.m."."""
    (short,), (evening,), (morning,) = (clock_times(t) for t in ("9:30", "9:30 pm", "9:30 am"))
    assert same_time(short, evening)
    assert not same_time(morning, evening)


@pytest.mark.parametrize(("a", "b"), [
    ("Noor's daily sync is at 8 a.m.", "Noor's daily sync starts at 10 a.m."),
    ("The weekly sync is at 9:30 on Tuesdays.", "Tuesday sync starts at 11:00."),
    ("The bakery is open until 6pm.", "The bakery is open until 8pm."),
])
def test_one_thing_at_two_times_of_day_is_a_contradiction(a: str, b: str) -> None:
    """One holder, one thing, one time each, not one: a contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule in {"other-time-of-day", "other-value"}


def test_the_rule_names_the_two_times() -> None:
    """The finding is ``other-time-of-day`` and gives both times."""
    found = explain(judge, "Noor's daily sync is at 8 a.m.",
                    "Noor's daily sync starts at 10 a.m.", NOW)
    assert found.findings[0].rule == "other-time-of-day"
    assert "8 a.m" in found.reason and "10 a.m" in found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("The bakery opens at 9am.", "The bakery closes at 5pm."),  # a start and an end
    ("The weekly sync is at 10am.", "The monthly review is at 2pm."),  # two meetings
    ("The sync is at 9am.", "On Fridays the sync is at 10am."),  # an exception
    ("The sync is at 10am on Tuesdays.", "The sync is at 2pm on Thursdays."),  # two days
    ("Call the user before 3pm.", "Call the user before 5pm."),  # bounds
    ("The sync is at 9am ET.", "The sync is at 3pm CET."),  # one time in two zones
    ("The sync is at 9:30.", "The sync is at 9:30 a.m."),  # one time
    ("The sync used to be at 9am.", "The sync is at 10am."),  # before and now
])
def test_look_alikes_are_no_contradiction_of_times(a: str, b: str) -> None:
    """A start and an end, two things, an exception, two days, bounds, zones, one time,
    before and now: no ``other-time-of-day``."""
    found = explain(judge, a, b, NOW)
    assert "other-time-of-day" not in {f.rule for f in found.findings}, found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("The call is at 8pm.", "The call is at 18:00."),
    ("The flight is at 6am.", "The flight is at 6pm."),
])
def test_a_thing_said_at_a_time_and_nothing_else_has_one_time(a: str, b: str) -> None:
    """Holder and time alone on both sides ("the call is at 8pm" / "... at 18:00"): the time
    is what differs, ``other-time-of-day``."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "other-time-of-day"


@pytest.mark.parametrize(("a", "b"), [
    ("The call is at 8pm.", "The call is at 20:00."),
    ("The weekly review is at 3pm.", "The weekly review is at 15:00."),
])
def test_one_time_written_two_ways_is_one_fact(a: str, b: str) -> None:
    """"3pm" and "15:00" are one time: one fact, no figure or value told apart, no doubt."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "one fact", found.reason
    assert not {"other-figures", "differing-argument", "memory-doubt"} & {
        f.rule for f in found.findings}


def test_a_time_on_some_days_only_is_no_other_value() -> None:
    """"at 2pm" / "at 4pm on Fridays": an exception, not another value of one frame."""
    found = explain(judge, "Office hours are at 2pm.", "Office hours are at 4pm on Fridays.", NOW)
    assert found.outcome != "contradiction", found.reason
