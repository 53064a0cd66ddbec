"""Where one lives said by a flat or a head office ("Ada's flat is in Leeds", "is
headquartered in Ohio", "its HQ is in Denver"), not by a second or a regional one, and one
home said finer ("lives in Austin" / "lives in Texas"), which no model may doubt. The pairs
are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.text.places import one_home, residence
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Ada's flat is in Leeds.", "Ada lives in Bristol."),
    ("Nimbus is headquartered in Ohio.", "Nimbus's headquarters are in Seattle."),
])
def test_a_flat_or_a_head_office_says_where_one_is(a: str, b: str) -> None:
    assert_contradiction(a, b, {"other-residence", "one-value-attribute"})


@pytest.mark.parametrize(("a", "b"), [
    ("Nimbus is headquartered in Ohio.", "Nimbus's European headquarters are in Dublin."),
    ("Ada lives in Bristol.", "Ada's holiday flat is in Faro."),
    ("Ada lives in Bristol.", "Ada's parents' house is in York."),
    ("Dev lives in Austin.", "Dev lives in Texas."),
    ("Ada lives in Lyon.", "Ada lives in France."),
])
def test_a_second_home_or_one_home_said_finer_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_home_is_a_place_within_the_other() -> None:
    assert one_home("Ada lives in Austin.", "Ada lives in Texas.")
    assert not one_home("Ada lives in Austin.", "Ada lives in Ohio.")
    assert not one_home("Ada lives in Austin.", "Ada likes Texas.")


def test_a_regional_head_office_is_no_residence() -> None:
    assert residence("Nimbus's European headquarters are in Dublin.") is None
    assert residence("Nimbus's HQ is in Denver.") is not None


@pytest.mark.parametrize(("text", "said"), [
    ("Ada lives in the south of France.", "the south of France"),
    ("Ada lives on the outskirts of Lyon.", None),  # "on": no word of living in
    ("Ada lives in the suburbs of Chicago.", "the suburbs of Chicago"),
    ("Ada lives in the middle of nowhere.", None),
])
def test_a_part_of_a_place_is_read_with_the_place(text: str, said: str | None) -> None:
    found = residence(text)
    assert (found[0] if found else None) == said
