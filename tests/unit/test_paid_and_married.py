"""A holder said to be paid in a currency is paid as a salary is ("Kai gets paid in
euros" / "Kai's salary is paid in pounds"), and rent is a use of money of its own; one
married to a name has one spouse ("Lina is married to Omar" / "Lina's husband is Yusuf").
The pairs are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Kai gets paid in euros.", "Kai's salary is paid in pounds sterling."),
    ("Kai's rent is paid in euros.", "Kai pays his rent in pounds sterling."),
])
def test_one_use_of_money_in_two_currencies_is_a_contradiction(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-currency")


@pytest.mark.parametrize(("a", "b"), [
    ("Kai's pension is paid in euros.", "Kai's salary is paid in pounds sterling."),
    ("Kai gets paid in euros.", "Kai invoices his clients in pounds sterling."),
    ("Kai is paid in euros for German contracts.", "Kai is paid in pounds sterling."),
    ("Kai isn't paid in euros.", "Kai's salary is paid in pounds sterling."),
    ("Kai's rent is paid in euros.", "Kai's salary is paid in pounds sterling."),
])
def test_another_money_a_scope_or_a_denial_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Lina is married to Omar.", "Lina's husband is Yusuf."),
    ("Lina's wife is Sara.", "Lina is married to Noor."),
])
def test_two_spouses_named_are_a_contradiction(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Lina is married to Omar.", "Lina's sister is married to Yusuf."),
    ("Lina is married to Omar.", "Lina's husband is an architect."),
    ("Lina is married to Omar.", "Lina used to be married to Yusuf."),
    ("Lina's husband is Omar.", "Lina's husband's brother is Yusuf."),
    ("Lina is married to Omar.", "Lina's ex-husband is Yusuf."),
])
def test_anothers_spouse_a_former_one_or_no_name_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_spouse_named_twice_is_no_contradiction() -> None:
    assert explained("Lina is married to Omar.", "Lina's husband is Omar Haddad.")[0] \
        != "contradiction"
