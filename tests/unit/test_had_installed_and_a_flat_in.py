"""What a holder has installed ("Noor's laptop has Arch Linux installed": the parse's
perfect with two subjects read as having), where one lives said with one's flat ("lives in
a flat in Gdansk"), and a preposition read as a complement that names no unit ("are stored
in ..."). The pairs are written for these tests (none drawn from a set the judge is
measured on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from reverie.text.places import residence
from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize("text", [
    "Noor's laptop has Arch Linux installed.",
    "The build server has Kubernetes 1.28 installed",
])
def test_a_thing_had_installed_is_had(text: str) -> None:
    first = analyze(text).clauses[0]
    assert first.predicate == "have"
    assert first.arg("obj") is not None


def test_a_perfect_of_one_subject_is_left_as_it_is() -> None:
    assert analyze("Noor has finished the migration.").clauses[0].predicate == "finish"


def test_a_system_had_installed_is_one_of_two() -> None:
    assert_contradiction("Noor's laptop has Arch Linux installed.", "Noor's laptop runs Fedora.",
                         "likely-one-value", certain=False)


@pytest.mark.parametrize(("text", "said"), [
    ("Ivo lives in a flat in Gdansk.", "Gdansk"),
    ("Ivo lives in a small rented flat in Poznan.", "Poznan"),
    ("Ivo lives in a flat.", None),
])
def test_a_flat_in_a_place_is_where_one_lives(text: str, said: str | None) -> None:
    found = residence(text)
    assert (found[0] if found else None) == said


def test_a_preposition_read_as_a_complement_names_no_unit() -> None:
    """The parse reads this "in" as the verb's complement, with nothing in it: no inch."""
    assert not any(k.startswith("unit") for k in held_of("Refunds are kept in MongoDB."))


def test_a_system_in_a_virtual_machine_is_another() -> None:
    assert explained("The laptop has Windows installed.",
                     "The laptop has Ubuntu installed in a virtual machine.")[0] != "contradiction"
