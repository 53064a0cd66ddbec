"""A job said with "as" beside a sort one is besides work ("is employed as a baker" / "is
a keen climber"), and a currency denied of one's pay beside another use of money ("isn't
paid in dollars" / "her rent is paid in USD"). The pairs are written for these tests (none
drawn from a set the judge is measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Tomas is employed as a chef.", "Tomas is a keen cyclist."),
    ("Tomas works as a nurse.", "Tomas is a keen runner."),
    ("Tomas is employed as a baker.", "Tomas is an avid cyclist."),
])
def test_a_job_said_with_as_beside_a_sort_besides_work_is_no_contradiction(
        a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_job_said_with_as_against_another_job_is_still_one_of_two() -> None:
    assert explained("Tomas works as a baker.", "Tomas is a plumber.")[0] == "contradiction"


def test_a_currency_denied_of_ones_pay_is_not_denied_of_ones_rent() -> None:
    assert explained("Greta isn't paid in dollars.",
                     "Greta's rent is paid in USD.")[0] != "contradiction"


def test_a_currency_denied_of_ones_pay_is_denied_of_ones_salary() -> None:
    assert_contradiction("Greta isn't paid in dollars.", "Greta's salary is paid in USD.",
                         "denied-value")


def test_a_volunteers_role_is_beside_a_job() -> None:
    """"A volunteer firefighter": a sort one is besides work, the parse's compound too."""
    assert explained("Tomas's title is Senior Analyst.",
                     "Tomas is a volunteer firefighter.")[0] != "contradiction"
    assert explained("Tomas is a nurse.", "Tomas is a volunteer paramedic.")[0] != "contradiction"
