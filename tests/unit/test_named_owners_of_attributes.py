"""A copula's subject that names which of its owner's kind it speaks of ("the EU site's
default language" / "the site's default language"): two attributes, not two values. The
pairs are written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

from tests.dreamkit import assert_contradiction, explained


def test_a_name_before_the_owner_is_another_attribute() -> None:
    assert explained("The EU site's default language is German.",
                     "The site's default language is English.")[0] != "contradiction"


def test_a_word_before_the_owner_that_is_no_name_is_one_attribute() -> None:
    assert_contradiction("The company website's default language is German.",
                         "The website's default language is English.", "other-value")
