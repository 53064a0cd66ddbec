"""Ranks one person does not hold at once ("Head of Marketing" / "a junior marketing
assistant"), a currency denied, a holder's dwelling as its home, options of two things,
names the tagger misread, notes read as questions, and versions of things named by their
words. The pairs are written for these tests (none drawn from the exclusive-value check
set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from reverie.text.options import options
from reverie.text.titles import ranks_apart
from reverie.text.versions import versions
from tests.dreamkit import assert_contradiction, explained, held_of


@pytest.mark.parametrize(("a", "b"), [
    ("Marco is the head of marketing.", "Marco works as a junior marketing assistant."),
    ("Sarah is VP of Engineering.", "Sarah is a staff engineer."),
    ("The VP of Sales is Jo.", "Jo is a junior sales rep."),  # the copula read back
])
def test_a_head_and_a_rank_far_below_it_are_one_persons_two_titles(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-rank")


@pytest.mark.parametrize(("a", "b"), [
    ("Jo is Head of Design.", "Jo is the lead designer."),  # close: a small team's one
    ("Jo's manager is the VP of Engineering.", "Jo is a staff engineer."),  # another holder
    ("User is the CFO of a mid-sized logistics company.", "User is a senior finance executive."),
    ("Jo is VP of Sales at Acme.", "Jo was a junior consultant at Bain."),  # before and now
])
def test_ranks_close_of_another_holder_or_before_are_no_other_rank(a: str, b: str) -> None:
    assert "other-rank" not in explained(a, b)[1]


def test_ranks_apart_names_the_head_and_the_rank() -> None:
    found = ranks_apart("Kenji is the CFO.", "Kenji is a senior accountant.")
    assert found is not None and [t.said for t in found] == ["CFO", "senior accountant"]
    assert ranks_apart("Kenji is the CFO.", "Kenji is a senior finance executive.") is None


def test_one_who_leads_a_team_is_no_junior_in_it() -> None:
    assert_contradiction("Aisha leads the platform team.",
                         "Aisha is an intern on the platform team.", "other-rank")
    assert_contradiction("Aisha leads the platform team.",
                         "Aisha is a junior developer on the platform team.", "other-rank")
    # a senior one may lead it: two facts, not one note, no contradiction
    assert explained("Aisha leads the platform team.",
                     "Aisha is a senior engineer on the platform team.") == (
        "two facts", "another-role")


@pytest.mark.parametrize(("a", "b"), [
    ("Acme is not billed in euros.", "Acme's invoices are in EUR."),
    ("Doesn't get paid in dollars.", "Her salary is paid in USD."),
])
def test_a_currency_denied_and_said_contradicts(a: str, b: str) -> None:
    assert_contradiction(a, b, "denied-value")


def test_a_currency_denied_now_and_held_before_does_not_contradict() -> None:
    assert explained("Not billed in euros anymore.",
                     "Was billed in euros in 2023.")[0] != "contradiction"


@pytest.mark.parametrize("text", [
    "Tom's apartment is in Lisbon.", "Tom's house is in Lisbon.", "Her flat is in Lisbon.",
])
def test_a_holders_dwelling_says_where_it_lives(text: str) -> None:
    assert held_of(text)["residence (city)"] == {"lisbon"}


@pytest.mark.parametrize("text", [
    "Tom's holiday flat is in Lisbon.", "The apartment is in Lisbon.",
])
def test_a_second_home_or_no_ones_dwelling_is_no_residence(text: str) -> None:
    assert "residence (city)" not in held_of(text)


def test_a_dwelling_and_another_city_lived_in_contradict() -> None:
    assert_contradiction("Tom's apartment is in Lisbon.", "Tom resides in Madrid.",
                         "one-value-attribute")


def test_an_option_that_names_its_thing_keeps_two_devices_apart() -> None:
    assert options("Uses an iPhone.")["phone platform"].things == {"phone"}
    assert explained("Uses an iPhone.", "Has an Android tablet.")[0] != "contradiction"
    assert_contradiction("Uses an iPhone.", "Uses Android.", "other-option")


def test_formats_of_reports_and_of_data_are_two_things() -> None:
    assert explained("Wants reports as PDF.", "Wants raw data as CSV.")[0] != "contradiction"
    assert_contradiction("Data exports should be Parquet.", "Wants data as CSV.",
                         "other-option")


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Their warehouse is Snowflake.", "Their data warehouse is BigQuery.", "other-option"),
    ("Stores everything in DynamoDB.", "Their primary datastore is MongoDB.", "other-option"),
    ("Has the family plan.", "Is on an individual plan.", "one-value-attribute"),
])
def test_warehouses_datastores_and_plans_by_kind(a: str, b: str, rule: str) -> None:
    assert_contradiction(a, b, rule)


@pytest.mark.parametrize("text", ["Operating system: ChromeOS", "Operating system is ChromeOS"])
def test_a_name_in_capitals_and_small_letters_is_read_whatever_its_tag(text: str) -> None:
    assert held_of(text)["system"] == {"chromeos"}


@pytest.mark.parametrize(("text", "value"), [
    ("Is a nurse", "nurse"), ("Was a teacher", "teacher"),
])
def test_a_note_read_as_a_question_is_its_holders_copula(text: str, value: str) -> None:
    c = analyze(text).clauses[0]
    assert c.predicate == "be" and c.arg("attr") is not None
    assert c.arg("attr").head == value  # type: ignore[union-attr]


def test_a_question_stays_a_question() -> None:
    assert analyze("Is a nurse?").clauses[0].arg("attr") is None


def test_two_full_time_jobs_are_not_held_at_once() -> None:
    assert_contradiction("Is a full-time nurse.", "Is a full-time teacher.",
                         "one-value-attribute")


@pytest.mark.parametrize(("text", "product", "number"), [
    ("Client library: v1.4", "client library", "1.4"),
    ("They use client library version 2.0", "client library", "2.0"),
    ("They call API v3", "api", "3"),
])
def test_versions_of_things_named_by_their_words(text: str, product: str, number: str) -> None:
    (found,) = versions(text)
    assert (found.product, found.number) == (product, number)


def test_a_version_said_of_itself_is_none_in_use() -> None:
    assert versions("The API v3 is deprecated") == ()


def test_a_file_format_said_with_a_word_of_english_before_a_file_noun() -> None:
    assert_contradiction("Reports in Word format.", "Reports as PDF.", "other-option")
    assert_contradiction("Wants contracts as Word documents.", "Contracts should be PDFs.",
                         "other-option")
    assert explained("In a word, she prefers PDF.", "Prefers PDF.")[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Is a retired teacher.", "Works as a teacher."),
    ("Former accountant.", "Currently works as an accountant."),
])
def test_a_former_one_and_one_who_works_as_it_now(a: str, b: str) -> None:
    assert_contradiction(a, b, "former-then-held")


@pytest.mark.parametrize(("a", "b"), [
    ("Kim manages the support team.", "Kim is a support agent."),
    ("Priya runs the data team.", "Priya is a data analyst."),
])
def test_a_role_of_the_kind_of_work_a_led_team_does_is_in_it(a: str, b: str) -> None:
    """"a support agent" of "the support team": two facts, never one note."""
    assert explained(a, b) == ("two facts", "another-role")


def test_preferred_after_the_subject_is_a_past_wish() -> None:
    c = analyze("Dana once preferred phone calls").clauses[0]
    assert (c.predicate, c.past, c.subject) == ("like", True, frozenset({"dana"}))
    assert analyze("Her preferred channel is email").clauses[0].predicate == "be"
    assert explained("Dana once preferred phone calls.", "Dana prefers email.")[0] != (
        "contradiction")


def test_what_a_statement_includes_is_one_of_several() -> None:
    assert analyze("Dana's language skills include Spanish.").clauses[0].additive
    assert explained("Dana's language skills include Spanish.",
                     "Dana's language skills include Mandarin.")[0] != "contradiction"


def test_paying_for_a_plan_names_the_plan_in_the_plural_too() -> None:
    assert_contradiction("The customer is on the Starter plan.", "They pay for Enterprise.",
                         "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Her carrier is Rogers.", "Her phone is on Bell."),
    ("Her carrier is Sprint.", "Uses AT&T for mobile service."),
    ("Her cellphone plan is with Vodafone.", "Her mobile network is EE."),
])
def test_carriers_named_by_words_of_english_capitalised(a: str, b: str) -> None:
    assert_contradiction(a, b, {"other-option", "one-value-attribute"})


@pytest.mark.parametrize("b", [
    "She reads in three languages.", "The team runs a sprint every two weeks.",
    "Rogers is her manager.",
])
def test_a_carriers_word_in_lower_case_or_another_use_is_none(b: str) -> None:
    assert explained("Her carrier is Verizon.", b)[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Never contact Dana by phone or SMS.", "Contact Dana by SMS."),
    ("Dana does not use Windows or Linux.", "Dana uses Linux."),
])
def test_a_denial_of_alternatives_denies_each(a: str, b: str) -> None:
    assert_contradiction(a, b, "negated-frame")


def test_a_denial_of_alternatives_in_a_scope_holds_beside() -> None:
    assert explained("Dana does not drink coffee or tea in the evening.",
                     "Dana drinks tea.")[0] != "contradiction"


def test_based_out_of_a_city_is_where_one_lives() -> None:
    assert held_of("Dana is based out of Toronto.")["residence (city)"] == {"toronto"}


@pytest.mark.parametrize(("a", "b"), [
    ("Email is the way to reach Dana.", "Dana can only be reached by phone."),
    ("Dana's preferred channel: Signal.", "Dana uses Telegram for all communication."),
])
def test_the_one_way_to_reach_and_a_channel_for_all_communication(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-channel")


def test_a_verb_like_channel_after_a_keys_colon_is_the_channel() -> None:
    from reverie.text.channels import channels

    assert channels("Dana's preferred channel: Signal.").chosen == {"signal"}
    assert channels("Signal the team when it ships.").chosen == frozenset()


@pytest.mark.parametrize(("a", "b"), [
    ("Sarah is VP of Engineering.", "Sarah mentors a staff engineer."),
    ("Sarah is VP of Engineering at Acme.", "Sarah is a staff engineer at Globex."),
    ("Sarah is VP of Engineering.", "Sarah was a staff engineer at Google."),
    ("Is a VP of Sales.", "Is a junior member of the golf club."),  # no work
])
def test_a_title_not_the_holders_own_or_of_another_employer_is_no_other_rank(
        a: str, b: str) -> None:
    assert "other-rank" not in explained(a, b)[1]


@pytest.mark.parametrize(("a", "b"), [
    ("Acme is not billed in euros for EU clients.", "Acme's invoices are in EUR."),
    ("Acme doesn't pay suppliers in euros.", "Acme's invoices are in EUR."),
])
def test_a_currency_denied_for_some_money_holds_beside(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_sentences_first_word_is_no_carrier_without_a_word_of_the_set() -> None:
    assert explained("Her carrier is Verizon.",
                     "Boost your sales with Bell's new program.")[0] != "contradiction"


def test_the_way_to_reach_someone_elses_team_is_not_the_holders() -> None:
    assert explained("Email is the way to reach Dana's team.",
                     "Dana prefers phone calls.")[0] != "contradiction"


@pytest.mark.parametrize("text", [
    "Worked at Google.", "Lived in Berlin.", "Worked at Google for five years.",
    "Studied at MIT.",
])
def test_a_note_that_opens_with_the_participle_of_a_verb_with_no_passive_is_past(
        text: str) -> None:
    assert analyze(text).clauses[0].past


@pytest.mark.parametrize("text", [
    "Based in Berlin.", "Employed at Google.", "Worked at Google since 2019.",
])
def test_a_passive_of_now_or_a_work_since_is_no_past(text: str) -> None:
    assert not analyze(text).clauses[0].past


@pytest.mark.parametrize(("a", "b"), [
    ("Lived in Berlin.", "Lives in Madrid."),
    ("Worked at Google for five years.", "Works at Meta."),
    ("Left Google in 2023.", "Worked at Google for five years."),
])
def test_where_one_worked_or_lived_before_does_not_contradict_now(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_an_account_holder_is_its_owner() -> None:
    assert held_of("The account holder is Jane.")["account owner"] == {"jane"}
    assert_contradiction("The account holder is Jane.", "Bob owns the account.",
                         "one-value-attribute")
    assert explained("Primary account holder: Jane.",
                     "Secondary account holder: Bob.")[0] != "contradiction"


def test_an_owner_of_a_named_account_and_of_the_account() -> None:
    assert_contradiction("The account owner is Jane Park.", "Bob Lee owns the Acme account.",
                         "one-value-attribute")
    assert explained("Jane owns the Acme account.",
                     "Bob owns the Globex account.")[0] != "contradiction"
