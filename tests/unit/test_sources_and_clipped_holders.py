"""A value said as where a thing is from ("her mobile plan is from Vodafone": a source, not
a former value) and a holder named in full and clipped ("the production database" /
"Prod runs on MySQL"). The pairs are written for these tests (none drawn from the
exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

from reverie.text.former import named_after_from
from tests.dreamkit import assert_contradiction

_PLAN = "Dana's mobile plan is from Vodafone."
_SWITCH = "Dana switched from Vodafone to O2."


def test_a_value_a_thing_is_from_is_its_source() -> None:
    assert not named_after_from(_PLAN, _PLAN.index("Vodafone"))


def test_a_value_switched_from_is_a_former_one() -> None:
    assert named_after_from(_SWITCH, _SWITCH.index("Vodafone"))


def test_a_carrier_said_as_a_source_contradicts_another() -> None:
    assert_contradiction("Dana has service with AT&T.", _PLAN, "other-option")


def test_a_holder_named_in_full_and_clipped_is_one() -> None:
    assert_contradiction("The production database is Postgres.", "Prod runs on MySQL.",
                         "one-value-attribute")
