"""Time zones and figures with units, read from the text (:mod:`reverie.text.zones`,
:mod:`reverie.text.quantities`), and the two rules built on them: ``other-time-zone`` and
``other-unit``. The pairs are written for these tests (none drawn from the exclusive-value
check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.text.quantities import quantities
from reverie.text.zones import held_zone, timed_zone, value_offsets, zones
from tests.dreamkit import assert_contradiction, assert_not_by, explained


@pytest.mark.parametrize(("text", "utc"), [
    ("Billing contact timezone: MST", "UTC-7"),
    ("Noor is on Pacific time.", "UTC-8/-7"),
    ("The ops desk runs on Central European Standard Time.", "UTC+1/+2"),
    ("Omar keeps Lisbon hours.", "UTC+0/+1"),
    ("The warehouse is in UTC+5:30.", "UTC+5.5"),
    ("Kemal's team works UTC−3.", "UTC-3"),
    ("Field office tz: CST (US Central)", "UTC-6/-5"),  # CST is also China's: both say one
    ("Ada moved from PST to CET.", "UTC+1"),  # the zone after "from" is where she was
    ("Ada's timezone is Pacific.", "UTC-8/-7"),  # a name said as the zone, no "time"
    ("Local time for Ada is UTC+9.", "UTC+9"),  # the zone she is in, no timed thing
])
def test_a_held_zone_is_read_as_its_offsets(text: str, utc: str) -> None:
    zone = held_zone(text)
    assert zone is not None and zone.utc == utc


@pytest.mark.parametrize("text", [
    "The review is at 4pm CET.",  # a clock time's zone
    "Noor lives in central Lisbon.",  # "central" with no "time"
    "WHO guidance, per the IT team.",  # capitals that name no zone
    "Ada works PST and CET hours.",  # two that cannot be one
    "Ada lives near the Pacific.",  # a name with no "time" and no key
])
def test_no_zone_is_held(text: str) -> None:
    assert held_zone(text) is None


@pytest.mark.parametrize(("text", "of_time"), [
    ("Calls before 3pm ET; Noor is on CET.", [("ET", True), ("CET", False)]),
    ("Show Noor's timestamps in UTC; Noor is in PST.", [("UTC", True), ("PST", False)]),
    ("Noor's calendar is set to EST.", [("EST", True)]),
])
def test_a_times_zone_is_marked(text: str, of_time: list[tuple[str, bool]]) -> None:
    assert [(z.said, z.of_time) for z in zones(text)] == of_time


@pytest.mark.parametrize(("a", "b"), [
    ("Billing contact timezone: MST", "The billing contact works on Eastern time."),
    ("Noor is on Pacific time.", "Noor's time zone is CET."),
    ("Kemal is based in Doha, UTC+3.", "Kemal keeps Gulf Standard Time (UTC+4)."),
    ("The Oslo team works CET.", "The Oslo team is on Helsinki hours."),
    # one holder's timed things of one kind in two zones
    ("Times for Noor should be shown in CET.", "Show Noor times in Pacific time."),
    ("Noor works US Eastern hours.", "Noor's working hours are on IST."),
    # two zones that share an hour in two seasons (UTC-7/-6, UTC-8/-7)
    ("Noor is on Mountain Time.", "Noor's timezone is Pacific."),
    # a note's pronoun is whom the notes are about
    ("Noor's time zone is CET.", "She is on Pacific time."),
])
def test_two_time_zones_of_one_holder_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-time-zone")


@pytest.mark.parametrize(("a", "b"), [
    ("Noor's time zone is CET.", "Noor works on Central European Time."),  # one zone, twice
    ("Noor's time zone is EST.", "Noor is on Eastern time."),
    ("The review is at 4pm PT.", "Noor is on CET."),  # a clock time's zone
    ("Noor is on CET.", "Noor's manager is on Pacific time."),  # another holder
    ("Noor was on Pacific time until May.", "Noor is on CET now."),  # then and now
    ("Noor is not on Pacific time.", "Noor is on CET."),
    ("Log Noor's sessions with UTC timestamps.", "Noor is on CET."),  # the log's zone
    ("Noor's timezone is PST.", "Noor works CET hours."),  # a remote worker's hours
    ("Noor's server times are in UTC.", "Show Noor times in Pacific time."),  # two things
    ("Meetings with Noor are in EST.", "Meetings with Kenji are in PST."),  # two names
    ("Noor used to work US Eastern hours.", "Noor's working hours are on IST."),  # before
    ("Noor's calls are at 3pm EST.", "Noor's calls are in PST."),  # a clock time's
])
def test_one_zone_or_two_holders_is_no_time_zone_conflict(a: str, b: str) -> None:
    assert_not_by(a, b, "other-time-zone")


@pytest.mark.parametrize(("text", "things"), [
    ("Times for Noor should be shown in CET.", {"time"}),
    ("Noor works US Eastern hours.", {"hour"}),
    ("Noor's timezone is PST.", None),  # the holder's own zone
    ("The review is at 4pm PT.", None),  # a clock time's
])
def test_the_zone_of_timed_things_is_read_with_them(text: str, things: set[str] | None) -> None:
    found = timed_zone(text)
    assert (found.things if found else None) == things


@pytest.mark.parametrize(("a", "b"), [
    ("Time zone: CET", "The user's timezone is UTC+1."),
    ("Time zone: JST", "The user's timezone is UTC+9."),
])
def test_one_zone_by_name_and_by_offset_is_one_value(a: str, b: str) -> None:
    """The time-zone attribute's two values name one zone: no contradiction."""
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("words", "utc"), [
    ({"cet"}, {1.0}), ({"utc+1"}, {1.0}), ({"pacific", "time"}, {-8.0, -7.0}),
    ({"blue"}, set()),
])
def test_a_values_words_are_read_as_offsets(words: set[str], utc: set[float]) -> None:
    assert value_offsets(frozenset(words)) == utc


@pytest.mark.parametrize(("text", "found"), [
    ("The crate weighs 12 lbs.", [(12.0, "lb")]),
    ("Seat price: €1,250.50", [(1250.5, "eur")]),
    ("A US$15k renewal", [(15000.0, "usd")]),
    ("Budget: NOK 8,000", [(8000.0, "nok")]),
    ("The freezer holds -18 °C.", [(-18.0, "celsius")]),
    ("a 300-litre tank and 6 feet of hose", [(300.0, "litre"), (6.0, "foot")]),
    ("Standup at 9:30, Python 3.12, 3 pm", []),  # no unit
])
def test_figures_are_read_with_their_units(text: str, found: list[tuple[float, str]]) -> None:
    assert [(q.value, q.unit) for q in quantities(text)] == found


@pytest.mark.parametrize(("a", "b"), [
    ("The return box is 12 lb.", "Return box: 12 kg"),
    ("Ilse's travel allowance is £300.", "Ilse's travel allowance is €300."),
    ("The lab fridge is set to 5 °C.", "The lab fridge is set to 5 °F."),
    ("Dev's daily ride is 20 miles.", "Dev rides 20 km every day."),
    ("Mailbox quota for Ilse: 50 GB", "Ilse's mailbox quota is 50 MB."),
])
def test_one_figure_in_two_units_of_one_measure_contradicts(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-unit")


@pytest.mark.parametrize(("a", "b"), [
    ("The sample crate weighs 12 kg.", "The sample crate weighs 12 kilograms."),  # one unit
    ("Dev's daily ride is 20 miles (32 km).", "Dev rides 20 miles every day."),  # converted
    ("Ilse's travel allowance is $300.", "Ilse's travel allowance is US$300."),
    ("Dev runs 5 km a day.", "Dev lost 5 lb this spring."),  # two measures
])
def test_one_unit_or_two_measures_is_no_unit_conflict(a: str, b: str) -> None:
    assert_not_by(a, b, "other-unit")


def test_a_version_the_parse_hung_on_the_verb_is_the_products() -> None:
    """spaCy reads "3.8" of "uses Python 3.8" as the verb's; the parse gives it back to
    Python, so two versions of one product contradict."""
    assert_contradiction("Marta uses Python 3.8.", "Marta is on Python 3.12.",
                         "one-value-attribute")


@pytest.mark.parametrize(("x", "y", "one"), [
    ({-8.0, -7.0}, {-7.0, -6.0}, False),  # Pacific / Mountain: an hour in common, two zones
    ({-8.0, 8.0}, {-8.0, -7.0}, True),  # PST (US or Philippine) / Pacific
    ({-5.0}, {-5.0, -4.0}, True),  # EST / Eastern
    ({1.0, 2.0}, {2.0, 3.0}, False),  # Central / Eastern European
])
def test_two_zones_offsets_are_one_zone_or_two(x: set[float], y: set[float], one: bool) -> None:
    from reverie.text.zones import one_zone

    assert one_zone(frozenset(x), frozenset(y)) is one


@pytest.mark.parametrize(("text", "offsets"), [
    ("Dana is three hours behind New York.", {-8.0, -7.0}),
    ("Leo is eight hours ahead of UTC.", {8.0}),
    ("Raj is 5 hours ahead of London.", {5.0, 6.0}),
])
def test_a_zone_said_from_another_is_the_holders(text: str, offsets: set[float]) -> None:
    zone = held_zone(text)
    assert zone is not None and zone.offsets == offsets


@pytest.mark.parametrize("text", [
    "Dana's flight is three hours behind schedule.",  # no zone
    "Mei is an hour ahead of us.",  # of whom, unknown
])
def test_hours_from_no_zone_place_no_holder(text: str) -> None:
    assert held_zone(text) is None


def test_a_zone_said_from_another_against_a_named_one() -> None:
    assert_contradiction("Dana is three hours behind New York.", "Dana is on Eastern time.",
                         "other-time-zone")
