"""Who looks after a customer's account ("Nadia manages the Brightwell account", "the AE for
Corvin Ltd is Omar"), the carrier a holder ships with ("ships every order via DHL",
"Parcelnet's shipping carrier is UPS") and the mobile carrier said by a service or a change
with its date. The pairs are written for these tests (none drawn from a set the judge is
measured on)."""

from __future__ import annotations

import pytest

from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("Nadia manages the Brightwell account.", "Brightwell's account manager is Felix."),
    ("Nadia manages the Brightwell account.", "The Brightwell account is managed by Felix."),
    ("Omar is the account executive on Corvin Ltd.", "The AE for Corvin Ltd is Jana."),
    ("Corvin Ltd is assigned to Jana.", "Omar owns the Corvin Ltd relationship."),
    ("The Halden account belongs to Iris.", "Halden's account owner is Marco."),
    ("Halden's account owner is Marco.", "The AE on Halden is Iris."),  # a CRM's owner
])
def test_one_who_looks_after_an_account_is_one_of_two(a: str, b: str) -> None:
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Brightwell's account manager is Felix.", "Halden's account manager is Nadia."),
    ("Brightwell's account manager is Felix.", "Brightwell's account executive is Nadia."),
    ("Brightwell's account manager is Felix.", "Felix's manager is Nadia."),
    ("Nadia manages the Brightwell account.", "Felix manages the Brightwell renewal project."),
    ("Nadia manages the Brightwell account.", "Felix manages Nadia."),
    ("Nadia manages the Brightwell account.", "Nadia manages the Halden account."),
    ("Omar is the account executive on Corvin Ltd.",
     "Jana is the solutions engineer on Corvin Ltd."),
    ("Brightwell's account manager is Felix.", "Brightwell's previous account manager was Nadia."),
])
def test_another_account_role_or_account_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_an_abbreviation_at_a_sentence_end_names_one_holder() -> None:
    """"Corvin Ltd." at the end of one sentence is "Corvin Ltd" in the other."""
    assert_contradiction("Omar is the account executive on Corvin Ltd.",
                         "The AE for Corvin Ltd is Jana.", "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("Their parcels go out with DHL.", "They use Royal Mail for all shipments."),
    ("Orders to Norway are shipped by PostNord.", "Orders to Norway go out via DPD."),
    ("The shop uses FedEx Ground for deliveries.", "Deliveries from the shop are handled by UPS."),
])
def test_a_shipping_carrier_is_most_likely_one(a: str, b: str) -> None:
    assert_contradiction(a, b, {"likely-one-value", "one-value-attribute"}, certain=False)


@pytest.mark.parametrize(("a", "b"), [
    ("Parcelnet ships returns via FedEx.", "Parcelnet ships every order via UPS."),
    ("Their parcels go out with DHL.", "Their letters go out with USPS."),
    ("The shop uses FedEx Ground for deliveries.", "The shop uses UPS for express deliveries."),
    ("Orders to Norway are shipped by DPD.", "Orders to Sweden go out via GLS."),
])
def test_a_part_of_the_shipping_or_another_place_is_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("Parcelnet's shipping carrier is UPS.", "shipping carrier", {"ups"}),
    ("The warehouse ships via DHL Express.", "shipping carrier", {"dhl"}),
    ("Their phone service is through Vodafone.", "mobile carrier", {"vodafone"}),
    ("Tariq switched his phone plan to Telstra in 2025.", "mobile carrier", {"telstra"}),
    ("Their servers are all on Debian.", "system", {"debian", "linux"}),
])
def test_a_carrier_or_a_system_is_read(text: str, attribute: str, value: set[str]) -> None:
    assert held_of(text).get(attribute) == value


def test_a_phone_that_ships_with_a_system_names_no_carrier() -> None:
    assert "shipping carrier" not in held_of("The Pixel ships with Android.")
    assert "phone system" not in held_of("The Pixel ships with Android.")


def test_a_shipping_carrier_is_no_mobile_carrier() -> None:
    assert explained("Parcelnet's shipping carrier is UPS.",
                     "Parcelnet's mobile carrier is Verizon.")[0] != "contradiction"


def test_a_data_store_is_a_database() -> None:
    assert held_of("Halden's main data store is Cassandra.").get("database") == {"cassandra"}
