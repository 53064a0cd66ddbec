"""A setting switched on and off: the reader (:mod:`reverie.text.switches`) and the
``other-state`` rule, on pairs written for them (none drawn from the exclusive-value check
set, DNLI or the blind sets), and their look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from reverie.text.switches import Switch, switch
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "said"), [
    ("Dark mode is on.", Switch(True, 0)),
    ("Dark mode is off in the app.", Switch(False, 0)),
    ("User turned on dark mode.", Switch(True, 0)),
    ("User has dark mode turned off.", Switch(False, 0)),
    ("Auto-renew is enabled on the account.", Switch(True, 0)),
    ("Sam disabled push notifications.", Switch(False, 0)),
    ("Notifications: off", Switch(False, 0)),
    ("Dana opted out of marketing emails.", Switch(False, 0)),
    ("Dark mode isn't on.", Switch(False, 1)),  # a negation of the state turns it over
    ("Location sharing is not enabled.", Switch(False, 1)),
    ("Sam never turned on 2FA.", Switch(False, 1)),
    ("The store is closed every Sunday.", Switch(False, 0)),
    ("Opted in to marketing emails: no", Switch(False, 0)),  # a key answered no
])
def test_the_state_a_statement_gives_a_setting(text: str, said: Switch) -> None:
    """On or off, and how many negations the state took."""
    assert switch(text) == said


@pytest.mark.parametrize("text", [
    "The user is on the Pro plan.",  # "on" before a noun phrase is no state
    "Standup is on Monday.",
    "User switched teams on Monday.",
    "Dark mode is on, notifications are off.",  # two states: no one state
    "The user prefers concise answers.",
    "The project is open source.",
])
def test_no_state_where_none_is_said(text: str) -> None:
    """"on" as a preposition, two states or none: None."""
    assert switch(text) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Dark mode is on.", "Dark mode is off."),
    ("User turned on dark mode.", "User has dark mode turned off."),  # turned: on now
    ("Auto-renew is enabled on the account.", "Auto-renew is turned off on the account."),
    ("Email notifications are enabled for Dana.", "Dana disabled email notifications."),
    ("Location sharing: off", "Location sharing is enabled for the user."),
    # swapped-values kept these apart before other-state
    ("Auto-renew is on for the Kestrel domain.", "Auto-renew is off for the Kestrel domain."),
    ("Sam opted out of marketing emails.", "Sam opted in to marketing emails."),
    # open and closed on days that meet ("every day" and "weekends" hold Sunday)
    ("The shop is open on Sundays.", "The shop is closed every Sunday."),
    ("The office is closed on weekends.", "The office is open on Saturdays."),
    ("The gym is open every day of the week.", "The gym is closed on Sundays."),
])
def test_one_setting_on_and_off_is_a_contradiction(a: str, b: str) -> None:
    """One holder, one setting, two states: ``other-state``, settled by the dream."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "other-state"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("Email notifications are on.", "Push notifications are off."),  # two settings
    ("Dark mode is on in the mobile app.", "Dark mode is off on desktop."),  # two scopes
    ("Dark mode was on last year.", "Dark mode is off."),  # before and now
    ("Dana's dark mode is on.", "Her husband's dark mode is off."),  # two holders
    ("Notifications are off on weekends.", "Notifications are on."),
    ("Notifications are on for mentions.", "Notifications are off."),
    ("The user is on the Pro plan.", "The user turned off auto-renew."),
    ("The office is open on weekdays.", "The office is closed on weekends."),  # other days
    ("The gym is open.", "The gym is closed on Sundays."),  # an exception, not the rule
    ("Opted in to marketing emails: no", "Customer has not opted in to marketing emails."),
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """Two settings, scopes, times or holders: no contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


def test_a_setting_on_and_off_beside_another_negation_is_never_one_note() -> None:
    """A negation besides the state's may change what is said: ``opposite-states`` keeps
    the two apart without calling them a contradiction."""
    found = explain(judge, "i've turned dark mode on in the app",
                    "dark mode is off in the app for me, i never use it", NOW)
    assert found.outcome == "two facts", found.reason
    assert found.findings[0].rule == "opposite-states"
