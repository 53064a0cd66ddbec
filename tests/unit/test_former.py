"""A value named right after "from" is a former one (reverie.text.former)."""

from __future__ import annotations

import pytest

from reverie.text.former import named_after_from, said_before


@pytest.mark.parametrize(("text", "value", "former"), [
    ("Moved from PST to CET.", "PST", True),
    ("Moved from PST to CET.", "CET", False),
    ("Switched billing from the GBP account to EUR.", "GBP", True),
    ("Upgraded FROM Node 16 to 20.", "Node", True),
    ("Runs Node 20 from now on.", "Node", False),
    # a verb of getting says where a thing comes from, unless a "to" says a change
    ("Dana gets her phone service from T-Mobile.", "T-Mobile", False),
    ("Dana got her number moved from Verizon to AT&T.", "Verizon", True),
])
def test_a_value_right_after_from_is_former(text: str, value: str, former: bool) -> None:
    assert named_after_from(text, text.index(value)) is former


@pytest.mark.parametrize(("before", "former"), [
    ("Ama used to prefer ", True),
    ("Previous contact channel: ", True),
    ("Acme's old plan was ", True),
    ("Ama prefers ", False),
    ("Holding her own plan: ", False),
])
def test_a_word_of_before_in_the_clause_says_a_former_value(before: str, former: bool
                                                           ) -> None:
    assert said_before(before) is former
