"""A holder's role in a team, a project or a company: the reader (``reverie.text.roles``)
and the ``other-role`` rule, on pairs written for these tests (none drawn from a set the
judge is measured on)."""

from __future__ import annotations

import pytest

from reverie.text.roles import one_role, roles, roles_alike, roles_apart
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("text", "words", "holder", "scope", "denied", "keyed"), [
    ("Priya is the team lead.", ("team", "lead"), "priya", set(), False, False),
    ("Priya is the project manager for Atlas.", ("project", "manager"), "priya", {"atlas"},
     False, False),
    ("Priya's role on the Atlas project is tech lead.", ("tech", "lead"), "priya", {"atlas"},
     False, True),
    ("Priya works as a QA engineer.", ("qa", "engineer"), "priya", set(), False, False),
    ("Priya was promoted to team lead.", ("team", "lead"), "priya", set(), False, False),
    ("Role: Engineering Manager", ("engineering", "manager"), "", set(), False, True),
    ("Priya is the team's designer.", ("designer",), "priya", {"team"}, False, False),
    ("Priya isn't the team lead anymore.", ("team", "lead"), "priya", set(), True, False),
    ("The project manager for Atlas is Priya.", ("project", "manager"), "priya", {"atlas"},
     False, False),
    ("Priya took over as engineering managers.", ("engineering", "manager"), "priya", set(),
     False, False),
])
def test_the_role_a_text_gives_a_holder(text: str, words: tuple[str, ...], holder: str,
                                        scope: set[str], denied: bool, keyed: bool) -> None:
    (role,) = roles(text)
    assert (role.words, role.holder, role.scope, role.denied, role.keyed) == (
        words, holder, scope, denied, keyed)


@pytest.mark.parametrize("text", [
    "Priya used to be the team lead.",  # before
    "Priya is also the scrum master.",  # in addition
    "Priya is a nurse.",  # an occupation, no role noun
    "Priya wants to become a project manager.",  # a wish
])
def test_no_role_held_now(text: str) -> None:
    assert roles(text) == ()


def test_a_pronoun_holds_the_role_of_the_holder_named_before() -> None:
    denied, held = roles("Priya isn't the team lead anymore, she's a staff engineer.")
    assert (denied.holder, denied.denied, held.holder, held.words) == (
        "priya", True, "priya", ("staff", "engineer"))


def test_a_role_said_not_after_another_is_the_same_holders_and_denied() -> None:
    held, denied = roles("Priya is a staff engineer, not the team lead.")
    assert (held.denied, denied.holder, denied.words, denied.denied) == (
        False, "priya", ("team", "lead"), True)


@pytest.mark.parametrize(("a", "b", "one"), [
    ("Priya is the project's lead.", "Priya is the project's leader.", True),  # clipped
    ("Priya is our PM.", "Priya is our product manager.", True),  # an initialism
    ("Priya is an engineer.", "Priya is a senior engineer.", True),  # one says less
    ("Priya is a developer.", "Priya is a developer advocate.", False),
    ("Priya is the lead designer.", "Priya is the tech lead.", False),
])
def test_one_role_in_other_words(a: str, b: str, one: bool) -> None:
    assert one_role(roles(a)[0], roles(b)[0]) is one


@pytest.mark.parametrize(("a", "b"), [
    # were merged into one note
    ("Priya's role on the Atlas project is tech lead.", "Priya is the project manager for "
     "Atlas."),
    # were two facts
    ("Priya's role: product manager", "Priya works as a data analyst."),
    ("Role: Engineering Manager", "Priya is a principal engineer."),
    ("Priya is the team lead.", "Priya isn't the team lead anymore, she's a staff engineer."),
    ("Priya is the team lead.", "Priya is a staff engineer, not the team lead."),
    ("Priya moved into the PM role.", "Priya's title is Senior Engineer."),
])
def test_two_roles_one_said_as_the_role_or_one_denied_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-role")


@pytest.mark.parametrize(("a", "b"), [
    ("Priya is our account manager.", "Priya is our customer success manager."),  # merged
    ("Priya is a developer.", "Priya is a developer advocate."),  # merged
    ("Priya is the team lead on Atlas.", "Priya is a developer on Atlas."),  # both may hold
])
def test_two_roles_said_plainly_are_two_facts(a: str, b: str) -> None:
    """Roles said plainly may both hold (a project's tech lead develops on it too); never
    one note that would keep one of them."""
    assert explained(a, b)[0] == "two facts"


@pytest.mark.parametrize(("a", "b"), [
    ("Priya is the tech lead on Atlas.", "Priya is the project manager on Beacon."),  # scopes
    ("Priya's role is tech lead.", "Priya is the engineering manager for Atlas."),  # one's
    ("Priya's role on Atlas is tech lead.", "Priya's role on Beacon is project manager."),
    ("Priya's role used to be tech lead.", "Priya is the project manager."),  # before
    ("Priya holds the scrum master role.", "Priya is also the product owner."),  # also
    ("Role: Product Designer", "Priya's manager is a data scientist."),  # another holder
    ("Priya's role is tech lead.", "Priya wants to become a project manager."),  # a wish
    ("Priya's role is tech lead.", "Priya reports to the project manager."),
    ("Priya moved into the PM role.", "Priya is a product manager."),  # one role
])
def test_roles_that_may_both_hold_do_not_contradict(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    # were two facts
    ("Priya is the product owner for the checkout app.",
     "Priya is the scrum master for the checkout app."),
    ("Jo is the account executive for Globex.", "Jo is the customer success manager for Globex."),
    ("Omar is the team's designer.", "Omar serves as the team's QA engineer."),
])
def test_two_functions_each_the_one_of_its_kind_in_one_scope_are_likely_one(
        a: str, b: str) -> None:
    """Each role said as the one of its kind ("the scrum master for the checkout app") in
    one named scope: most likely one of them holds, sent to a person."""
    assert_contradiction(a, b, "likely-one-value", certain=False)


@pytest.mark.parametrize(("a", "b"), [
    ("Priya is the team's tech lead.", "Priya is the team's most senior engineer."),  # a lead
    ("Mia is the owner of the repo.", "Mia is the main maintainer of the repo."),  # and led
    ("Nia is the tech lead for the app.", "Nia is the lead developer for the app."),  # a lead
    ("Leo is the engineering manager for payments.",
     "Leo is the interim product manager for payments."),  # for a time
    ("Ana is the hiring manager for the backend role.",
     "Ana is an interviewer for the backend role."),  # one of several
    ("Gil is our account manager.", "Gil is our customer success manager."),  # no scope named
])
def test_a_lead_and_one_led_or_a_role_for_a_time_are_not_likely_one(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_one_role_said_twice_quiets_the_models_doubt() -> None:
    """The agent-memory model read "moved into the PM role" / "is a product manager" as a
    contradiction (0.98): one role, in other words."""
    assert roles_alike("Priya moved into the PM role.", "Priya is a product manager.")
    assert roles_apart("Priya moved into the PM role.", "Priya is a product manager.") is None


@pytest.mark.parametrize(("a", "b", "rules", "certain"), [
    # a distribution named in two words: "Linux" of "Amazon Linux" names no other value
    ("Kestrel's servers run Debian.", "Kestrel's servers run Amazon Linux.",
     {"likely-one-value"}, False),
    # a system said on the device it runs on is that device's
    ("Dana's desktop OS is Fedora.", "Dana runs Arch Linux on her desktop.",
     {"one-value-attribute"}, True),
    ("Dana runs Ubuntu on her laptop.", "Dana's laptop runs Windows 11.",
     {"likely-one-value"}, False),
])
def test_two_systems_of_one_machine_contradict(a: str, b: str, rules: set[str],
                                               certain: bool) -> None:
    assert_contradiction(a, b, rules, certain=certain)


@pytest.mark.parametrize(("a", "b"), [
    ("Dana runs Ubuntu on her laptop.", "Dana's desktop runs Windows."),
    ("Dana runs Ubuntu on her laptop.", "Dana runs Windows on her desktop."),
])
def test_systems_of_two_machines_do_not_contradict(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
