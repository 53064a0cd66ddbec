"""A denied value of a one-value attribute against the same value said otherwise
(``denied-value``), and the employer a role names ("an engineer at Google", "a Shopify
employee"). The pairs are written for these tests (none drawn from the exclusive-value
check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.attributes import held
from reverie.judges.nlp import analyze
from tests.dreamkit import assert_contradiction, assert_not_by, explained


@pytest.mark.parametrize(("a", "b"), [
    ("Tomas does not work at Stripe.", "Tomas is a Stripe employee."),
    ("The team account doesn't use the Scale plan.", "The team account is on the Scale plan."),
    ("Ada is not a pharmacist.", "Ada works as a pharmacist in Porto."),
])
def test_a_denied_value_said_otherwise_contradicts(a: str, b: str) -> None:
    assert_contradiction(a, b, "denied-value")


@pytest.mark.parametrize(("a", "b"), [
    ("The team account is not on the Scale plan.", "The team account is on the Growth plan."),
    ("Tomas does not work at Stripe on Fridays.", "Tomas works at Stripe."),  # a part denied
    ("Tomas did not work at Stripe in 2019.", "Tomas works at Stripe."),  # then, not now
    ("Tomas's sister does not work at Stripe.", "Tomas works at Stripe."),  # another holder
])
def test_another_value_a_part_or_another_holder_is_no_denied_value(a: str, b: str) -> None:
    assert_not_by(a, b, "denied-value")


@pytest.mark.parametrize(("text", "employer"), [
    ("Hana is an engineer at Spotify.", {"spotify"}),
    ("Hana is a nurse at the county hospital.", {"hospital", "county"}),
])
def test_a_role_names_its_employer(text: str, employer: set[str]) -> None:
    facts = analyze(text)
    found = {h.attribute: h.value for c in facts.clauses for h in held(c, facts.salient)}
    assert found["employer"] == employer
    assert "occupation" in found


def test_an_employee_names_an_employer_and_no_job() -> None:
    """"a Spotify employee": who employs Hana, whatever her job."""
    facts = analyze("Hana is a Spotify employee.")
    found = {h.attribute: h.value for c in facts.clauses for h in held(c, facts.salient)}
    assert found["employer"] == {"spotify"}
    assert "occupation" not in found


def test_a_name_before_a_trade_is_no_employer() -> None:
    """ "a Python developer": Python is the trade's, not who employs her."""
    facts = analyze("Hana is a Python developer.")
    assert not any(h.attribute == "employer" for c in facts.clauses
                   for h in held(c, facts.salient))


@pytest.mark.parametrize(("a", "b"), [
    ("Hana is an engineer at Spotify.", "Hana works at Klarna."),
    ("Hana is a Spotify employee.", "Hana works for Klarna."),
])
def test_a_roles_employer_and_another_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


def test_a_preferred_attribute_is_the_holders() -> None:
    """ "the user's preferred reply language" is the user's: "preferred" is parsed as
    "prefer", a qualifier, not a holder."""
    assert_contradiction("Hana's preferred reply language is Swedish.",
                         "Hana wants replies in Finnish.", "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Rosa is 29 years old.", "Rosa is 34."),
    ("Rosa is in her forties.", "Rosa is 27."),
    ("i'm in my early 20s", "i'm 26"),
    ("Rosa turns 50 this year.", "Rosa is 44."),
])
def test_two_ages_of_one_person_contradict(a: str, b: str) -> None:
    """Two ages that cannot meet; "other-value" may say it first (one frame, two numbers)."""
    assert_contradiction(a, b, {"one-value-attribute", "other-value"})


@pytest.mark.parametrize(("a", "b"), [
    ("Rosa is in her forties.", "Rosa is 43."),  # within the decade
    ("Rosa turns 50 this year.", "Rosa is 49."),  # before the birthday
    ("Rosa is 29 years old.", "Rosa's brother is 34."),  # another holder
    ("The reading group is 12.", "The reading group is 15 strong."),  # no person
])
def test_one_age_or_no_persons_age_is_no_age_conflict(a: str, b: str) -> None:
    assert_not_by(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi doesn't use Linux.", "Ravi's laptop runs Linux Mint."),
    ("Ravi doesn't use Linux.", "Ravi's work phone runs Linux."),
])
def test_a_value_denied_of_a_holder_is_denied_of_its_devices(a: str, b: str) -> None:
    assert_contradiction(a, b, "denied-value")


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi does not work at Atlassian.", "Ravi's husband works at Atlassian."),  # a person
    ("Ravi's company doesn't use Slack.", "Ravi's company's sales team uses Slack."),  # a group
])
def test_a_value_denied_of_a_holder_is_not_denied_of_its_people(a: str, b: str) -> None:
    assert_not_by(a, b, "denied-value")


@pytest.mark.parametrize(("a", "b"), [
    ("The vendor is not paid in Swiss francs.", "The vendor is paid in CHF."),
    ("The vendor is not paid in Australian dollars.", "The vendor is paid in AUD."),
])
def test_a_denied_currency_is_the_code_it_may_be(a: str, b: str) -> None:
    assert_contradiction(a, b, "denied-value")


def test_a_denied_currency_is_not_another_of_its_name() -> None:
    """"US dollars" are no "AUD", though both are dollars."""
    assert_not_by("The vendor is not paid in US dollars.", "The vendor is paid in AUD.",
                  "denied-value")


def test_a_format_named_before_a_noun_of_a_file_is_denied() -> None:
    """"in Word format" / "as Word documents": one format, the common word a format's name
    only before a noun of a file."""
    assert_contradiction("Minutes aren't shared in Word format.",
                         "Minutes are shared as Word documents.", "denied-value")


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Oskar is a Zalando engineer.", "Oskar works at Spotify.", "one-value-attribute"),
    ("Oskar recently joined Zalando.", "Oskar works for Spotify.", "one-value-attribute"),
    ("Oskar is at Zalando.", "Oskar works for Spotify.", "one-value-attribute"),
    ("Oskar is a Zalando engineer.", "Oskar is a Spotify engineer.", "likely-one-value"),
])
def test_an_employer_said_without_a_verb_of_work(a: str, b: str, rule: str) -> None:
    """A name before a job, a company joined, a company one is at: who employs the holder
    (``weak``: against an employer said with a verb of work, certain)."""
    assert_contradiction(a, b, rule, certain=rule != "likely-one-value")


@pytest.mark.parametrize(("a", "b"), [
    ("Oskar is a Kotlin developer.", "Oskar works at Spotify."),  # a runtime: a trade
    ("Oskar is a German teacher.", "Oskar works at Spotify."),  # a language
    ("Oskar joined Zalando in 2016.", "Oskar works at Spotify."),  # dated: maybe before
    ("Oskar joined Slack.", "Oskar works at Spotify."),  # a channel
    ("Oskar is with Zalando.", "Oskar works at Spotify."),  # "with" a name: maybe a person
    ("Oskar is a Zalando engineer.", "Oskar is a Zalando employee."),  # one job
])
def test_a_trade_a_date_or_a_person_is_no_employer_said_otherwise(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Oskar stopped using Jira.", "Oskar uses Jira."),
    ("Oskar quit using Trello last year.", "Oskar uses Trello every day."),
    # with a phrase of how instead of a thing
    ("Kestrel stopped paying in EUR.", "Kestrel pays in EUR."),
    ("Kestrel stopped paying by card.", "Kestrel pays by card."),
])
def test_a_doing_stopped_is_denied_now(a: str, b: str) -> None:
    """"stopped using Jira": does not use it now, as "no longer uses Jira" says."""
    assert explained(a, b)[0] == "contradiction"


def test_a_doing_stopped_before_a_past_use_is_no_contradiction() -> None:
    assert explained("Oskar stopped using Jira in 2019.",
                     "Oskar used Jira at his last job.")[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Kestrel stopped paying in EUR in 2021 but resumed in 2023.", "Kestrel pays in EUR."),
    ("Oskar stopped using Slack in 2021 but started using it again in 2023.",
     "Oskar uses Slack."),
])
def test_a_doing_stopped_and_taken_up_again_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Noor doesn't work at Halvorsen.", "Noor works at Kestrel."),
    ("Noor no longer works at Halvorsen.", "Noor works at Kestrel."),
])
def test_an_employer_denied_denies_no_work_elsewhere(a: str, b: str) -> None:
    """Being in work was read from the denied employer and called denied: a contradiction
    with any other employer."""
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Brightline's timezone is CET.", "Brightline is not on Central European Time."),
    ("Times for Ines in the 24-hour clock.", "Never use the 24-hour clock for Ines."),
    ("Kestrel's invoices are in GBP.", "Kestrel's invoices aren't in pounds."),
])
def test_a_zone_a_format_or_a_currency_denied_in_other_words_contradicts(a: str, b: str) -> None:
    """The settings read from the text (a zone, a date order or clock, a currency named by
    a word of two readings) denied by one statement and given by the other."""
    assert_contradiction(a, b, {"denied-value", "other-format"})


@pytest.mark.parametrize(("a", "b"), [
    ("Brightline's timezone is CET.", "Brightline's CFO is not on Central European Time."),
    ("Brightline's timezone is CET.", "Brightline is not on CET during the offsite in Lima."),
    ("Dates for Ines as DD/MM/YYYY.", "Don't use DD/MM/YYYY in the invoice numbers."),
    ("Kestrel's invoices are in GBP.", "Kestrel's parcels aren't weighed in pounds."),
])
def test_a_setting_denied_of_another_or_in_a_scope_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Kestrel pays in EUR.", "It is not true that Kestrel pays in EUR."),  # was merged
    ("Omar prefers email.", "It's not the case that Omar prefers email."),
])
def test_a_statement_said_untrue_is_its_negation(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "negated-copy")


def test_a_statement_said_true_is_the_same_fact() -> None:
    assert explained("Kestrel pays in EUR.", "It is true that Kestrel pays in EUR.")[0] == (
        "one fact")
