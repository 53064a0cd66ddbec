"""Terse notes as agents write them: a role's initialism as a description ("SWE at
Northwind", "Senior PM at Halden"), "@" for "at" ("Works @ Halden"), and a role spelled
out or by its initialism as one value ("a PM" / "a product manager"). The pairs are
written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import normalize_chat
from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("text", "employer"), [
    ("SWE at Northwind.", {"northwind"}),
    ("Senior PM at Halden.", {"halden"}),
    ("Works @ Halden.", {"halden"}),
    ("Jules is an EM at Brightwell.", {"brightwell"}),
])
def test_an_employer_said_tersely_is_read(text: str, employer: set[str]) -> None:
    assert held_of(text).get("employer") == employer


def test_an_at_sign_between_words_is_at_not_an_address() -> None:
    assert normalize_chat("Works @ Halden") == "Works at Halden"
    assert normalize_chat("Email jules@halden.com") == "Email jules@halden.com"


def test_a_terse_employer_against_another_is_one_of_two() -> None:
    assert_contradiction("SWE at Northwind.", "Works at Halden.", "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Jules is a PM at Halden.", "Jules is a product manager at Halden."),
    ("Jules is the CTO.", "Jules is the chief technology officer."),
])
def test_a_role_by_its_initialism_and_spelled_out_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
