"""Things a holder may have several of, one value named twice in two ways, and products of
one family. The pairs are written for these tests (none drawn from the check set, DNLI,
the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("The company has an office in Berlin.", "The company has an office in Lisbon."),
    ("The client has a warehouse in Ohio.", "The client has a warehouse in Texas."),
    ("Priya's team has offices in Austin and Denver.", "Priya's team has an office in Chicago."),
    ("Ivo has an account with Chase.", "Ivo has an account with Wells Fargo."),
    # memberships said with a copula: one may be a citizen of two countries
    ("Ivo is a citizen of Canada.", "Ivo is a citizen of France."),
    ("Ivo is a member of the chess club.", "Ivo is a member of the hiking club."),
    ("Ivo is a Canadian citizen.", "Ivo is a French citizen."),  # told apart by adjectives
    ("Ivo is a Chilean national.", "Ivo is an Italian citizen."),  # two membership nouns
    ("Ivo is a member of the rowing club.", "Ivo is a citizen of Chile."),  # not for the model
    # frames that take several values at once (SEVERAL_FRAMES)
    ("Kestrel accepts payment in USD.", "Kestrel accepts payment in EUR."),
    ("Ivo works on the billing service.", "Ivo works on the search service."),
    ("Ivo works with the sales team.", "Ivo works with the support team."),
    ("Ivo cooks Italian food.", "Ivo cooks Indian food."),  # things done now and then
    ("Ivo travels to Berlin for work.", "Ivo travels to Paris for work."),
    ("Ivo takes vitamin C daily.", "Ivo takes iron daily."),  # what one takes or eats
    ("Ivo eats rice for dinner.", "Ivo eats pasta for dinner."),
    # a format for each of two things, the parse's verb a thing or not
    ("Kestrel exports reports as CSV.", "Kestrel exports invoices as PDF."),
    ("Kestrel sends the ledger as CSV.", "Kestrel sends the roster as PDF."),
])
def test_one_of_several_things_had_in_two_places_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Noor is an only child.", "Noor is a dental nurse."),  # "an only": a sort, no sole one
    ("Noor is an only child.", "Noor is a Linux user."),
    ("Noor is a grandfather.", "Noor is a carpenter."),
    ("Noor has one older brother.", "Noor has one younger brother."),  # two brothers
])
def test_one_holder_is_and_has_several_sorts_at_once(a: str, b: str) -> None:
    """Two sorts of person said of one holder, not both occupations, and two things of one
    noun told apart by their modifiers are no contradiction the dream settles."""
    found = explained(a, b)
    assert found[0] != "contradiction" or found[1] == "memory-doubt", found


@pytest.mark.parametrize(("a", "b", "rules"), [
    # one weekly meeting on two days: most likely one, moved (the bench's planted conflict)
    ("Felix has a standing meeting with the mobile team on Wednesdays at 10am.",
     "Felix has a standing meeting with the mobile team on Thursdays at 10am.", "other-value"),
    ("Ivo has the office in Berlin.", "Ivo has the office in Lisbon.", "other-value"),  # the
    ("Ivo is a resident of Ohio.", "Ivo is a resident of Texas.", "other-value"),  # copula
    ("Ivo is a student at MIT.", "Ivo is a student at Harvard.", "other-value"),
    ("Ivo is an Ohio resident.", "Ivo is a Texas resident.", "other-value"),
])
def test_a_definite_thing_or_a_copula_still_holds_one_value(
        a: str, b: str, rules: str) -> None:
    assert_contradiction(a, b, rules)


@pytest.mark.parametrize(("a", "b"), [
    ("Ivo pays in euros.", "Ivo's currency is EUR."),
    ("Ivo's invoices are in Japanese yen.", "Ivo's invoices are in JPY."),
])
def test_a_currency_by_its_code_and_by_its_name_is_one_value(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Ivo pays in Australian dollars.", "Ivo's currency is USD."),
    ("The account is billed in Singapore dollars.", "The account is billed in USD."),
])
def test_whose_dollar_it_is_tells_two_currencies_apart(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


def test_reports_and_the_users_shipping_labels_are_two_subjects() -> None:
    assert explained("Reports use metric units.",
                     "The user's shipping labels use imperial units.")[0] != "contradiction"


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("The customer's servers run Debian.", "The customer's servers run CentOS.",
     "likely-one-value"),  # two distributions; "run" is present, whatever the tagger says
    ("Ivo runs Ubuntu.", "Ivo runs Fedora.", "likely-one-value"),
    ("Ivo develops on Windows.", "Ivo develops on macOS.", "likely-one-value"),
])
def test_two_systems_of_one_family_are_two_values(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule, certain=False)


def test_a_distribution_is_a_value_of_its_family_too() -> None:
    assert held_of("Ivo runs Ubuntu.")["system"] == {"ubuntu", "linux"}
    assert explained("Ivo runs Linux.", "Ivo runs Ubuntu.")[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("The team deploys from the main branch.", "The team deploys from the release branch."),
    ("The default branch is main.", "The default branch is master."),
])
def test_main_names_a_branch(a: str, b: str) -> None:
    assert_contradiction(a, b, {"one-value-attribute", "other-value"})


@pytest.mark.parametrize(("text", "value"), [
    ("PRs should target develop", "develop"),
    ("The team merges feature work into develop today", "develop"),
    ("Ivo pushes to master every day", "master"),
])
def test_a_branch_named_bare_where_a_git_verb_takes_it_is_a_value(text: str, value: str) -> None:
    assert held_of(text)["branch"] == {value}


def test_an_environment_named_bare_is_no_branch() -> None:
    assert "branch" not in held_of("Ivo deploys to production every Friday")


def test_a_carrier_named_like_a_city_is_no_residence() -> None:
    held = held_of("Dana switched to T-Mobile last year")
    assert "residence (city)" not in held
    assert held["mobile carrier"] == {"t-mobile"}


def test_one_product_named_with_two_versions_still_contradicts() -> None:
    assert_contradiction("Northwind's production database is PostgreSQL 14.",
                         "Northwind upgraded the production database to PostgreSQL 16.",
                         "other-value")


def test_an_as_the_parse_hung_on_the_object_names_the_attribute() -> None:
    assert held_of("The repo uses main as its default branch")["branch"] == {"main"}


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("The user is on Node 18.", "version of node", "18"),
    ("The user uses Node 20", "version of node", "20"),  # split by the parse
    ("The user's Python is 3.11.", "version of python", "3.11"),
    ("The customer's Postgres is version 13", "version of postgres", "13"),
])
def test_a_name_in_use_with_a_whole_number_has_that_version(
        text: str, attribute: str, value: str) -> None:
    assert held_of(text)[attribute] == {value}


def test_a_name_with_a_whole_number_not_in_use_has_no_version() -> None:
    assert not [a for a in held_of("Dana lives at Elm Street 12.") if a.startswith("version")]


def test_two_whole_versions_of_one_name_in_use_are_likely_one_too_many() -> None:
    assert_contradiction("The user is on Node 18.", "The user uses Node 20.",
                         "likely-one-value", certain=False)


@pytest.mark.parametrize(("a", "b"), [
    ("Prof. Lena Ortiz is a chemist.", "Lena is a physicist at CERN."),  # a name's title
    ("Our daughter is an only child.", "my daughter and her little sister share a room ."),
])
def test_a_title_or_a_second_person_beside_the_holder_is_no_other_holder(a: str, b: str) -> None:
    """Only a person who owns the thing said makes it another holder's ("Ines's sister's
    locker"): a title of the name, or a person named beside the holder, does not."""
    assert explained(a, b)[0] == "contradiction"


def test_two_grants_of_access_are_never_one_note() -> None:
    """"an admin on the billing workspace" / "a viewer on the analytics workspace" were
    merged, the note keeping one grant."""
    assert explained("Dana is an admin on the billing workspace.",
                     "Dana is a viewer on the analytics workspace.") == (
        "two facts", "differing-argument")


def test_only_one_thing_taken_still_excludes_another() -> None:
    assert explained("Ivo only drinks decaf.", "Ivo drinks espresso every morning.")[0] \
        == "contradiction"
