"""Amounts of a measure in two units (:mod:`reverie.text.amounts`) and the rules built on
them: ``other-amount`` (two amounts, converted, apart) and ``link-same-amount`` (one
amount in two units, which no rule reads as two values). The pairs are written for these
tests (none drawn from the exclusive-value check set, DNLI, the blind sets or the training
pairs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.text.amounts import amounts, amounts_apart, load_registry, one_unit, same_amount
from tests.dreamkit import JUDGED_AT, assert_contradiction, explained, offline_judge


@pytest.mark.parametrize(("text", "found"), [
    ("Omar weighs 95 kg.", [(95.0, "mass")]),
    ("Omar is 210 lbs.", [(95.254, "mass")]),
    ("Omar is 6 ft 2 in tall.", [(1.88, "length")]),
    ("Omar is 6'2\".", [(1.88, "length")]),
    ("Omar is five foot 2.", [(1.575, "length")]),  # a figure in words up to twenty
    ("Omar runs six miles a day.", [(9656.064, "length")]),
    ("The bag weighs ten kilos.", [(10.0, "mass")]),
    ("One of the six is done.", []),  # a number word before no unit
    ("The fridge runs at 38 °F.", [(276.483, "temperature")]),
    ("Keep the lab at 21 degrees Celsius.", [(294.15, "temperature")]),
    ("A 300-gallon tank.", [(1.136, "volume")]),
    ("Cruises at 70 mph.", [(31.293, "speed")]),
    ("Paid £500 for 3 years.", []),  # a currency and a duration are no measure here
    ("The app has 5m users.", []),  # "m" is a metre or a million
    ("Ranked 2 in the league.", []),  # "in" of a place, not an inch
])
def test_amounts_are_read_in_their_measures_base_unit(
        text: str, found: list[tuple[float, str]]) -> None:
    assert [(round(a.value, 3), a.measure) for a in amounts(text)] == found


def test_one_amount_in_two_units_is_the_same_and_a_far_one_is_apart() -> None:
    (kg,), (lb,), (far,) = amounts("95 kg"), amounts("about 210 lb"), amounts("240 lb")
    assert same_amount(kg, lb) and not amounts_apart(kg, lb)
    assert amounts_apart(kg, far) and not same_amount(kg, far)
    (c,), (f,), (warm,) = amounts("4 °C"), amounts("39 °F"), amounts("45 °F")
    assert same_amount(c, f) and amounts_apart(c, warm)
    assert one_unit("lb", "pound") and one_unit("km", "kilometre") and not one_unit("kg", "lb")


def test_a_small_difference_is_neither_the_same_nor_apart() -> None:
    (kg,), (lb,) = amounts("70 kg"), amounts("163 lb")  # 73.9 kg: rounding, or a change
    assert not same_amount(kg, lb) and not amounts_apart(kg, lb)


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Omar weighs 95 kg.", "Omar weighs 150 pounds.", "one-value-attribute"),
    ("The user is 6 ft 2 in tall.", "The user is 170 cm tall.", "other-amount"),
    ("Max's bench press max is 100 kg.", "Max benches 315 lb at most.", "other-amount"),
    ("The dog weighs 12 kg.", "Our dog weighs 60 pounds.", "one-value-attribute"),
    ("The greenhouse is kept at 18 °C.", "The greenhouse is kept at 80 °F.", "other-value"),
])
def test_two_amounts_of_one_holders_measure_contradict(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Omar weighs 95 kg.", "Omar weighs about 210 lb."),  # one weight, two units
    ("The greenhouse is kept at 18 °C.", "The greenhouse is kept at 64 °F."),
    ("The freezer runs at -18 °C.", "The freezer is kept at 0 °F."),
    ("Omar is 6'2\".", "Omar is 188 cm tall."),
    ("The pool is 25 metres long.", "The pool is about 27 yards long."),
    ("Omar weighs 95 kg.", "Omar's suitcase weighs 20 lb."),  # another thing's weight
    ("Omar runs 5 km on weekdays.", "Omar runs 12 miles on Sundays."),  # other days
    ("The oven is at 200 °C for bread.", "The oven is at 350 °F for cookies."),
    ("Omar weighed 120 kg in 2019.", "Omar weighs 180 lb now."),  # then and now
    ("Omar squats 140 kg.", "Omar deadlifts 400 lb."),  # two lifts
])
def test_one_amount_or_two_things_is_no_contradiction(a: str, b: str) -> None:
    outcome, rule = explained(a, b)
    assert outcome != "contradiction", rule


def test_one_amount_in_two_units_names_its_rule_where_it_stops_a_conflict() -> None:
    from reverie.judges.explain import explain

    found = explain(offline_judge(), "Omar weighs 95 kg.", "Omar weighs about 210 lb.",
                    JUDGED_AT)
    assert found.outcome != "contradiction"
    guard = [f for f in found.findings if f.rule == "link-same-amount"]
    assert len(guard) == 1
    assert "95 kg = about 210 lb" in guard[0].detail or "95 kg = 210 lb" in guard[0].detail


def test_a_unit_cache_another_process_left_half_written_is_rebuilt(tmp_path: Path) -> None:
    """A cache file pint cannot read (a start beside one still writing it) costs a fresh
    registry, not the worker, and is cleared for the next start."""
    load_registry(tmp_path)
    written = list(tmp_path.rglob("*.pickle"))
    assert written
    for f in written:
        f.write_bytes(b"")
    ureg = load_registry(tmp_path)
    assert ureg.Quantity(1, "kg").to("g").magnitude == 1000
    assert not list(tmp_path.rglob("*.pickle"))
