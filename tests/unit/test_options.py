"""Options of closed sets: the reader (``reverie.text.options``) and the ``other-option``
rule on pairs written for these tests, none drawn from a set the judge is measured on."""

from __future__ import annotations

import pytest

from reverie.text.options import options
from tests.dreamkit import assert_contradiction, assert_not_by, explained


@pytest.mark.parametrize(("text", "kind", "one", "denied"), [
    ("Seat preference: aisle.", "seat", "aisle", set()),
    ("Kofi always picks the window.", "seat", "window", set()),
    ("Support tier: Platinum.", "tier", "platinum", set()),
    ("Kofi wears a size L jacket.", "clothing size", "l", set()),
    ("Kofi never learned manual; automatic only.", "transmission", "automatic", {"manual"}),
    ("Kofi's data is hosted in eu-west-1.", "data region", "eu", set()),
    ("Kofi's pronouns are he/they.", "pronouns", "he/they", set()),
])
def test_the_option_a_text_names(text: str, kind: str, one: str, denied: set[str]) -> None:
    found = options(text)[kind]
    assert (found.one(), set(found.denied)) == (one, denied)


@pytest.mark.parametrize(("text", "kind"), [
    ("The US team meets at 9.", "data region"),  # no word of a region
    ("Gold sponsor of the conference.", "tier"),  # no word of a tier
    ("Kofi M. Mensah prefers mornings.", "clothing size"),  # an initial, no size
])
def test_options_without_a_word_of_their_set_are_of_no_set(text: str, kind: str) -> None:
    found = options(text).get(kind)
    assert found is None or not (found.strong or found.weak)


@pytest.mark.parametrize("text", [
    "Kofi moved from a flat to a house.",  # of before: the flat
    "Kofi is learning to type on Dvorak.",  # not yet
    "Backup region: US.",  # a second value
])
def test_options_of_before_not_yet_or_second_are_not_read(text: str) -> None:
    assert all(n.one() != "flat" and n.one() not in {"dvorak", "us"} for n in
               options(text).values())


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi prefers aisle seats.", "Kofi always picks the window seat."),
    ("Support tier: Gold.", "Acme is on Silver support."),
    ("Shirt size: M.", "Kofi wears an XL shirt."),
    ("Kofi types on a QWERTY keyboard.", "Kofi's keyboard layout is AZERTY."),
    ("Kofi drives a stick shift.", "Kofi never learned manual; automatic only."),
    ("Kofi lives in an apartment downtown.", "Kofi lives in a detached house."),
    ("Kofi flies economy only.", "Kofi always flies business class."),
])
def test_two_options_of_one_set_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Primary region: EU.", "Backup region: US."),  # a second value
    ("Acme is on the Gold plan.", "Acme's support tier is Silver."),  # two attributes
    ("Kofi always keeps the window open.", "Kofi always books aisle seats."),  # no seat
    ("The economy is slowing down.", "Kofi always flies business class."),  # no class
    ("Acme's former support tier: Gold.", "Acme's support tier: Silver."),  # before
    ("Acme's data is stored in the EU region.", "Acme keeps data in the US region too."),
    ("Kofi types on a QWERTY keyboard.", "Kofi is learning to type on Dvorak."),  # not yet
    ("Kofi drives an electric car.", "Kofi's car is a plug-in hybrid."),  # may be one
    ("Kofi prefers aisle seats.", "Kofi's wife prefers window seats."),  # two holders
    ("Kofi used to live in an apartment.", "Kofi lives in a house now."),  # before and now
    ("Kofi lives in a flat in Oslo.", "Kofi lives in a house in the Alps."),  # two places
    ("Shirt size: M.", "Kofi's son wears an XL shirt."),  # two holders
    ("Kofi prefers aisle seats.", "Kofi also books window seats on night flights."),
    # scopes: each holds in its own
    ("Kofi types on Dvorak at home.", "Kofi types on QWERTY on his work laptop."),
    ("Kofi wears a size M in shirts.", "Kofi wears a size L in jackets."),
    ("Kofi drives an electric car.", "Kofi rents a diesel van for camping trips."),  # 2 things
])
def test_look_alikes_of_two_options_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_two_seats_of_two_scopes_are_no_other_option() -> None:
    """Each scope its seat. The other-value frame rule still calls this pair a contradiction
    (two liked objects): a known miss."""
    assert_not_by("Kofi prefers aisle seats on long flights.",
                  "Kofi prefers window seats on short hops.", "other-option")


@pytest.mark.parametrize(("text", "kind", "one"), [
    ("Kofi has an Android phone, a Pixel 7.", "phone platform", "android"),
    ("Primary DB: MongoDB", "database", "mongodb"),
    ("They run everything on Postgres.", "database", "postgresql"),
    ("Mobile provider: T-Mobile", "mobile carrier", "t-mobile"),
    ("Acme is on the legacy Basic plan.", "plan", "basic"),
    ("Acme is on the free plan.", "plan", "free"),  # lower case, before its set's noun
    ("Kofi has a pro account.", "plan", "pro"),  # an account's plan
])
def test_a_product_or_a_plan_names_its_set(text: str, kind: str, one: str) -> None:
    found = options(text)[kind]
    assert found.one() == one and (found.strong or found.weak)


@pytest.mark.parametrize(("text", "kind"), [
    ("Kofi pays for Spotify Premium.", "plan"),  # that product's plan
    ("Kofi uses the MacBook Pro his company gave him.", "plan"),  # a product's name
    ("Kofi took a photo of the galaxy.", "phone platform"),  # lower case: no phone
    ("Kofi develops iOS apps.", "phone platform"),  # what he builds for, not his phone
    ("Acme wants to upgrade to Business.", "plan"),  # not yet
    ("The team is evaluating Enterprise.", "plan"),  # not yet
    ("Acme's interns are allowed to use Basic.", "plan"),  # allowed, not held
    ("Acme has 40 seats on the Pro plan.", "plan"),  # the seats' plan
    ("Acme will move to Enterprise.", "plan"),  # not yet
    ("Acme's plan is growth+ for now.", "plan"),  # a plan's name is said capitalised
    ("The app is free to use.", "plan"),  # lower case, before no word of the set
])
def test_words_of_a_product_or_a_plan_that_name_none(text: str, kind: str) -> None:
    """Nothing read, or nothing that says the text is of the set."""
    found = options(text).get(kind)
    assert found is None or found.one() is None or not (found.strong or found.weak)


def test_a_denied_version_denies_no_product() -> None:
    """"doesn't run on iOS 15" denies one version of iOS, which the version reader reads."""
    assert "phone platform" not in options("The app doesn't run on iOS 15.")


def test_which_of_several_things_is_read() -> None:
    assert options("Work phone: iPhone 14")["phone platform"].qualified == {"work"}


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi's phone is an iPhone 14.", "Kofi has an Android phone, a Pixel 7."),
    ("Mobile provider: Airtel", "Kofi has a Vodafone SIM."),
    ("The Nimbus account is on the legacy Basic plan.", "Nimbus is subscribed to Pro."),
    ("Acme has the Enterprise plan.", "Acme is a Pro customer."),
    # a tier, a licence or an edition names a plan; "Plus" makes another plan; the date a
    # plan began is no scope of it
    ("Plan: Team", "Nimbus is on Team Plus."),
    ("Tier: Growth", "Nimbus upgraded to Growth+ last month."),
    ("Nimbus licence: Essentials", "Nimbus has been on the Advanced licence since June."),
    ("Free tier account.", "Nimbus upgraded to Premium on 3 March."),
    ("Dana is a Premium member.", "Dana is a Basic member."),  # a membership's plan
    # a note that is a noun phrase wishes nothing: its parse made "plan" the predicate
    ("Team plan, 20 seats.", "Nimbus is on the Enterprise plan."),
    ("Pro plan, billed annually.", "On the Basic plan."),
    ("Kofi's account is Premium.", "Kofi has a free account."),  # an account's plan
    ("Kofi is on the Growth plan.", "Kofi pays for Enterprise."),  # the option, no scope
])
def test_two_products_or_plans_of_one_sort_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-option")


def test_a_carrier_one_gets_service_from_is_no_carrier_before() -> None:
    """A source, not a carrier before; the attribute reader finds it first, a carrier in
    use ("gets ... from": a use of a product)."""
    assert explained("Dana is a Verizon customer.",
                     "Dana gets her phone service from T-Mobile.") == ("contradiction",
                                                                       "likely-one-value")


@pytest.mark.parametrize(("a", "b"), [
    ("Kofi's work laptop runs Windows.", "Kofi's personal laptop runs Ubuntu."),  # which one
    ("Personal phone: Pixel 8", "Work phone: iPhone 14"),  # which one
    ("Kofi's phone is an iPhone.", "Kofi reads ebooks on an Android tablet."),  # 2 things
    ("Most of the team carries an iPhone.",
     "Some of the team carries an Android phone."),  # parts of a group
    ("Kofi uses a Mac.", "Kofi's wife uses Windows."),  # two holders
    ("The backend uses PostgreSQL.", "The search service uses MongoDB."),  # two holders
    ("The build server runs Ubuntu.", "Kofi's laptop runs Windows."),  # two holders
    ("Kofi runs Linux.", "Kofi runs Ubuntu 22.04."),  # a family and its kind
    ("The app uses MongoDB for session storage.", "The app's main database is PostgreSQL."),
    ("They moved from MySQL to Postgres.", "The app's database is PostgreSQL."),  # before
    ("Kofi's carrier is T-Mobile.", "Kofi is thinking of switching to Verizon."),  # not yet
    ("Dana is on Verizon.", "Dana's husband is on T-Mobile."),  # two holders
    ("Dana switched from Verizon to T-Mobile.", "Dana is on T-Mobile."),  # before and now
    ("The Enterprise plan includes SSO.", "Acme is on Pro."),  # of the plan, no holder
    ("Kofi pays for Spotify Premium.", "Kofi is on the Pro plan."),  # another product's
    ("Acme wants to upgrade to Business.", "Acme is on the Starter plan."),  # not yet
    ("Acme wants the Pro plan.", "Acme is on the Basic plan."),  # a wish
    ("Acme was on Basic until March.", "Acme is on the Pro plan."),  # before and now
    ("Acme is on the Pro plan for the Sales workspace.",
     "Acme is on the Basic plan for the Support workspace."),  # two scopes
    ("Acme is on the Team plan.", "Acme's support tier is Gold."),  # a support tier
    ("Dana was a Premium member.", "Dana is a Basic member."),  # before and now
    ("Acme's plan: Pro Plus", "Acme switched from Pro to Pro Plus."),  # before and now
    ("Acme is on the Team plan.", "Acme says they'll move to Enterprise next year."),  # not yet
    # a thing's value on each plan, held by no one
    ("The API rate limit is 50 calls per minute on the free tier.",
     "The API rate limit is 500 calls per minute on the Pro tier."),
])
def test_look_alikes_of_two_products_or_plans_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Send reports as PDF.", "Reports should be sent as Excel spreadsheets."),
    ("Export format: CSV", "Exports should be JSON."),
    ("Slides should be sent as PDF.", "Send the slides as PowerPoint files."),
])
def test_two_file_formats_of_one_thing_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Send reports as PDF.", "Send invoices as Excel files."),  # two things
    ("Kofi writes documentation in Markdown.", "Kofi sends invoices as PDF."),  # two things
    ("Exports are available in CSV and JSON.", "Kofi exports CSV."),  # two named
    ("Send reports as PDF.", "Kofi used to get reports as Excel files."),  # before
    ("Reports go out as PDF.", "Kofi's team also gets an Excel copy of each report."),
    ("Kofi wants reports as PDF.", "Kofi's manager wants reports in Excel."),  # two holders
    ("Send reports as PDF.", "Kofi is considering switching reports to Excel."),  # not yet
    ("The API accepts XML.", "The API returns JSON."),  # what comes in, what goes out
])
def test_look_alikes_of_two_file_formats_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_which_way_a_format_goes_is_read() -> None:
    assert options("The API accepts XML.")["file format"].ways == {"in"}


@pytest.mark.parametrize(("a", "b"), [
    ("Raj uses Vodafone for his mobile.", "Raj's SIM is from O2."),  # "o2", a word
    ("Raj's mobile number is on Vodafone.", "Raj's mobile operator is EE."),
    ("Leo's number is on Telstra.", "Leo's mobile carrier is Optus."),
])
def test_a_carrier_by_its_operator_its_number_or_a_name_with_a_figure(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Raj's work number is on Vodafone.", "Raj's personal phone is with EE."),
    ("Raj's mobile number is on Vodafone.", "Raj's broadband operator is EE."),
])
def test_two_lines_or_two_services_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
