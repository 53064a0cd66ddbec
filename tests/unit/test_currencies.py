"""Currencies money is kept in: the reader (``reverie.text.currencies``) and the
``other-currency`` rule on pairs written for these tests, none drawn from a set the judge
is measured on."""

from __future__ import annotations

import pytest

from reverie.text.currencies import currencies, currencies_apart
from tests.dreamkit import assert_not_by, explained


@pytest.mark.parametrize(("text", "codes", "uses"), [
    ("Billing currency: CHF", [{"chf"}], {"billing"}),
    ("Brightline is invoiced in Swiss francs.", [{"chf"}], {"billing"}),
    ("Pays in Canadian dollars.", [{"cad"}], set()),
    ("Pays in dollars.", [{"usd", "aud", "cad", "nzd", "hkd", "sgd", "twd"}], set()),
    ("Their books are kept in Icelandic króna.", [{"isk"}], {"reporting"}),
    ("Quotes go out in nzd.", [{"nzd"}], {"billing"}),
    # a currency next to a figure is a sum's, which money.py reads
    ("Rent is 1,900 euros a month.", [], {"housing"}),  # rent: a use of money
    ("Seats cost USD 30 each.", [], set()),
    ("Paid $49/month.", [], set()),
    ("Give it a try.", [], set()),
    ("Moved billing from GBP to EUR.", [{"eur"}], {"billing"}),  # GBP was
    ("Invoices in USD or EUR.", [{"usd"}, {"eur"}], {"billing"}),
    # a name that is an English word besides, read "in" it where money is used
    ("Invoices aren't in pounds.", [{"gbp"}], {"billing"}),
    ("Parcels are weighed in pounds.", [], set()),
])
def test_the_currencies_a_text_keeps_money_in(text: str, codes: list[set[str]],
                                             uses: set[str]) -> None:
    found = currencies(text)
    assert ([set(c) for c, _ in found.said], set(found.uses)) == (codes, uses)


def test_two_currencies_that_cannot_be_one_are_no_one_currency() -> None:
    assert currencies("Invoices in USD or EUR.").one() is None
    one = currencies("Invoiced in Norwegian kroner (NOK).").one()
    assert one is not None and one[0] == {"nok"}


@pytest.mark.parametrize(("a", "b"), [
    ("Brightline's billing currency: CHF", "Brightline is invoiced in Danish kroner."),
    ("Price quotes for Halvorsen should be in NOK.",
     "Halvorsen now wants every price quoted in euros."),
    ("Ledger currency for the group: GBP",
     "The group switched its reporting currency to USD in January."),
    # one side says what money it is: the other's paying is in that money
    ("Currency: CAD", "Brightline pays in Australian dollars."),
])
def test_money_kept_in_two_currencies_contradicts(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-currency")


@pytest.mark.parametrize(("a", "b"), [
    # two uses of money: a company may bill in one and report in another
    ("Brightline is invoiced in CHF.", "Brightline reports its results in USD."),
    ("The user's salary is paid in CHF.", "The user invoices clients in EUR."),
    # two ways bills go: Brightline bills others, and is billed by others
    ("Brightline invoices its clients in EUR.", "Brightline is billed in CHF."),
    # one payment, on a trip, is no currency the account is kept in
    ("The user pays in yen while travelling.", "The user's account is billed in USD."),
    # another holder, another account, before and now, two named at once
    ("Invoices for Brightline go out in EUR.", "Invoices for Halvorsen go out in USD."),
    ("Brightline's billing account is in EUR.",
     "They also have a separate subsidiary account billed in USD."),
    ("Brightline used to be billed in GBP.", "Brightline is billed in EUR now."),
    ("Brightline's invoices can be in EUR or CHF.", "Brightline is invoiced in CHF."),
    # whom one pays, which the other does not say; a place only one pays in
    ("Brightline is billed in EUR.", "Brightline pays its suppliers in USD."),
    ("Brightline's billing currency is EUR.", "Brightline pays in yen when in Tokyo."),
])
def test_look_alikes_of_two_currencies_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Brightline's prices are in EUR on the EU store.",
     "Brightline's prices are in pounds on the UK store."),
    ("Brightline is invoiced in euros for the EU contract.",
     "Brightline is invoiced in pounds for the UK contract."),
    # "US" is the country, not "us": the scopes were read as "entity" and "german entity"
    ("Invoices go out in EUR to the German entity.", "Invoices go out in USD to the US entity."),
])
def test_two_currencies_each_in_a_scope_of_its_own_are_no_rules_contradiction(a: str,
                                                                              b: str) -> None:
    """No rule calls them two values (the agent-memory model may still ask a person)."""
    for rule in ("other-currency", "one-value-attribute"):
        assert_not_by(a, b, rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Time zone: CET", "The user is on Pacific Time."),  # a key names no holder
    ("Halvorsen account timezone: AEST", "Halvorsen account tz = ACST (Adelaide)"),
])
def test_a_key_value_note_of_a_zone_is_its_holders(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-time-zone")


def test_a_note_that_begins_with_invoices_names_its_invoices_not_who_sends_them() -> None:
    """"Invoices in GBP" says the holder's invoices; "Acme invoices in GBP" that Acme bills."""
    from reverie.text.currencies import currencies

    assert (currencies("Invoices in GBP.").direction,
            currencies("Brightline invoices in GBP.").direction) == ("", "out")
    assert explained("Invoices in GBP.", "Brightline is billed in euros.") == (
        "contradiction", "other-currency")


def test_a_use_of_money_in_the_plural_is_read() -> None:
    """"salaries" is payroll, as "salary" is: two uses beside "invoices"."""
    from reverie.text.currencies import currencies

    assert currencies("Acme's salaries are paid in dollars.").uses == {"payroll"}


@pytest.mark.parametrize(("a", "b", "apart"), [
    ("Ali gets paid in dirhams.", "Ali's salary is paid in riyals.", True),
    ("Quotes in Mexican pesos.", "Quotes in Philippine pesos.", True),
    ("Quotes in pesos.", "Quotes in Mexican pesos.", False),  # whose it is, said once
    ("Billed in Pakistani rupees.", "Billed in Indian rupees.", True),
    ("Paid in Thai baht.", "Paid in Malaysian ringgit.", True),
])
def test_currencies_of_one_name_are_told_apart_by_whose_they_are(
        a: str, b: str, apart: bool) -> None:
    assert (currencies_apart(a, b) is not None) is apart


def test_codes_that_are_english_words_are_not_read_as_codes() -> None:
    assert not currencies("I try to rub it in with a cop.").said
