"""Notes written without a subject, or parsed without one, are the note holder's: their
values compare ("Billed monthly." / "Billed annually."); how often said in words is the
adverb ("every quarter" is quarterly); a verb the tagger read as a noun keeps its subject
("User measures in kilograms"). Pairs written for these tests, none drawn from a set the
judge is measured on."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import SELF, analyze
from tests.dreamkit import explained


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Billed monthly.", "Billed annually.", "one-value-attribute"),
    ("Reply in French.", "Reply in German.", "one-value-attribute"),
    ("Acme pays every quarter.", "Acme pays once a year.", "one-value-attribute"),
    ("Invoices go out yearly.", "Invoices are sent every month.", "one-value-attribute"),
    ("User measures in kilograms.", "User measures in pounds.", "one-value-attribute"),
    ("The backend runs on Django 4.2.", "The backend is on Django 5.0.", "one-value-attribute"),
    # the currency hung on the object, as the verb's "in"
    ("Invoice the client in GBP.", "Invoice the client in euros.", "one-value-attribute"),
    ("The service uses Java 11.", "The service was migrated to Java 21.", "likely-one-value"),
])
def test_values_of_a_note_holder_contradict(a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)


@pytest.mark.parametrize(("a", "b"), [
    ("Acme pays monthly.", "Acme pays every month."),
    ("User is billed per month.", "User is billed monthly."),
])
def test_how_often_said_two_ways_is_one_fact(a: str, b: str) -> None:
    assert explained(a, b)[0] == "one fact"


@pytest.mark.parametrize(("a", "b"), [
    # a past value beside the present one
    ("Lived in Leeds until 2019.", "Now lives in York."),
    # a nail is no unit of length
    ("Stopped chewing his pencils.", "Doesn't chew his pencils anymore."),
    # two things the values are for
    ("Likes a light theme in the browser.", "Uses a dark theme for the IDE."),
    # a role for some days only stands beside the main one
    ("Noor is a nurse.", "Noor works as a bartender on weekends."),
    ("Noor is a nurse.", "Noor volunteers as a swim coach on Sundays."),
])
def test_look_alikes_of_a_note_holder_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_every_twelve_months_is_not_monthly() -> None:
    (clause,) = analyze("Billed every 12 months").clauses
    assert "monthly" not in {x.head for x in clause.args}


def test_a_verb_read_as_a_noun_keeps_its_subject() -> None:
    (clause,) = analyze("User measures in kilograms").clauses
    assert (clause.subject, clause.predicate) == (frozenset({SELF}), "measure")


def test_a_counted_noun_takes_no_subject() -> None:
    assert not analyze("Max 5 brands on their tier").clauses[0].subject


def test_a_bare_past_participle_with_an_end_is_past() -> None:
    assert analyze("Lived in Nairobi until 2020").clauses[0].past
    assert not analyze("Billed monthly").clauses[0].past


def test_a_verb_read_as_a_noun_keeps_the_possessor_of_its_subject() -> None:
    (clause,) = analyze("Lena's phone runs Android").clauses
    assert clause.subject == frozenset({"lena", "phone"})


@pytest.mark.parametrize(("text", "predicate", "subject"), [
    ("Contact Dana by phone, never by email.", "contact", {"dana"}),  # was the name "Contact Dana"
    ("Invoice Globex in GBP.", "invoice", {"globex"}),
    ("Ping Noor on Teams.", "ping", {"noor"}),
    ("Quit chewing his pencils.", "chew", {SELF}),  # was someone named Quit, chewing
    ("Report dates as DD/MM/YYYY.", "report", {SELF}),  # was a report that dates
])
def test_an_order_the_parse_read_as_a_name_is_read_as_an_order(
        text: str, predicate: str, subject: set[str]) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, set(clause.subject)) == (predicate, subject)


@pytest.mark.parametrize("text", [
    "Mark Smith, head of sales.",  # a name, no order: nothing said how or where
    "Bill Gates founded Microsoft.",  # a verb elsewhere: the first parse stands
    "Contact person is Dana.",
])
def test_a_name_or_a_noun_first_is_not_made_an_order(text: str) -> None:
    assert analyze(text).clauses[0].predicate not in {"mark", "bill", "contact"}


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Contact Dana by phone, never by email.", "Dana wants to be contacted by email.",
     "denied-value"),
    ("Contact Dana by phone.", "Dana prefers email.", "one-value-attribute"),
])
def test_an_order_read_as_one_compares_with_a_note_of_the_same_person(
        a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)


def test_an_address_an_order_names_is_no_person_it_is_about() -> None:
    assert analyze("Ship to 12 Oak Ave.").clauses[0].subject == {SELF}
    assert analyze("Reply to Priya in German.").clauses[0].subject == {"priya"}


def test_an_order_to_quit_is_the_denial_said_otherwise() -> None:
    outcome, rule = explained("Quit chewing his pencils.", "Doesn't chew his pencils anymore.")
    assert outcome == "one fact", rule


@pytest.mark.parametrize(("text", "predicate"), [
    ("Lives in Toronto.", "live"),  # was the noun "lives"
    ("Prefers window seats on flights.", "like"),  # was a compound of "seats"
    ("Commutes to the downtown office four days a week.", "commute"),
    ("Drinks coffee every morning.", "drink"),  # was a compound of "coffee"
    # a past not written with "-ed" before a name, an article or a possessive
    ("Left Halvorsen in March.", "leave"),  # was a predicate "halvorsen"
    ("Sold the boat last summer.", "sell"),
])
def test_a_report_the_parse_read_as_a_noun_is_read_as_a_verb_without_subject(
        text: str, predicate: str) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, clause.subject) == (predicate, frozenset())


def test_an_irregular_past_before_a_common_noun_stays_an_adjective() -> None:
    """"Left knee hurts": the knee hurts, nothing was left."""
    assert analyze("Left knee hurts.").clauses[0].predicate == "hurt"


@pytest.mark.parametrize(("text", "subject"), [
    ("Parents live in Ohio.", {"parent"}),  # a plural subject of a verb
    ("Reports are due Friday.", {"report"}),
    ("James lives in Leeds.", {"james"}),  # a name, no verb
])
def test_a_plural_or_a_name_first_stays_the_subject(text: str, subject: set[str]) -> None:
    assert set(analyze(text).clauses[0].subject) == subject


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("Lives in Toronto.", "Based in Montreal.", "one-value-attribute"),
    ("Prefers Fahrenheit for weather.", "Always give temperatures in Celsius.",
     "one-value-attribute"),
    # no subject is the note's holder, whom the other names
    ("Works 4 days a week (Mon-Thu).", "Yvonne is full-time, five days a week.",
     "memory-doubt"),
    ("Works at Halvorsen in the tax practice.", "Left Halvorsen in March.", "ended-then-held"),
])
def test_reports_read_as_verbs_compare(a: str, b: str, rule: str) -> None:
    assert explained(a, b) == ("contradiction", rule)


def test_never_done_covers_a_product_of_the_name() -> None:
    assert explained("Installed Docker Desktop last week.",
                     "has never installed docker on this machine") == ("contradiction",
                                                                       "never-done")


@pytest.mark.parametrize(("text", "head", "negated"), [
    ("Senior engineer at Shopify.", "engineer", False),  # was a clause of "engineer"
    ("Not a smoker.", "smoker", True),
    ("Early riser, up at 5.", "riser", False),
])
def test_a_description_of_a_person_reads_as_a_copula_of_the_holder(
        text: str, head: str, negated: bool) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.predicate, clause.subject, clause.negated) == ("be", frozenset(), negated)
    assert clause.arg("attr").head == head  # type: ignore[union-attr]


@pytest.mark.parametrize("text", [
    "Dana Smith.",  # a name: a smith is a kind of person too
    "Single location, Leeds.",  # not a kind of person
    "Senior Product Manager",  # title case is read as a name
])
def test_a_name_or_a_thing_is_no_description_of_the_holder(text: str) -> None:
    assert analyze(text).clauses[0].predicate != "be"


def test_a_description_compares_as_an_occupation_and_an_employer() -> None:
    assert explained("Senior engineer at Shopify.", "Works at Spotify as a data analyst.")[0] \
        == "contradiction"


def test_a_subject_with_a_verb_after_it_stays_a_subject() -> None:
    """ "Reports are due Friday" and "Project dates slip a lot" keep their subject: only a
    noun read as the verb, and nothing after it, makes the first word an order."""
    assert analyze("Reports are due Friday.").clauses[0].subject == {"report"}
    assert analyze("Project dates slip a lot.").clauses[0].subject == {"project"}


def test_an_order_for_someone_by_name_is_theirs() -> None:
    """ "Show weights in kg for Ines" is of Ines's weights, as "Ines wants weights in
    pounds" is: one holder, two systems; "for the team" is for no one named."""
    assert explained("Show weights in kg for Ines.", "Ines wants weights in pounds.") == (
        "contradiction", "other-system")
    assert explained("Show weights in kg for the team.",
                     "Ines wants weights in pounds.") == ("two facts", "other-setting")


@pytest.mark.parametrize(("note", "attr"), [
    ("Vegan.", "vegan"),  # tagged a name
    ("Freelancer.", "freelancer"),
    ("Fluent in French.", "fluent"),
])
def test_an_adjective_or_a_person_note_describes_its_holder(note: str, attr: str) -> None:
    """Read as "She is ...": a copula of no subject (was a predicate "vegan")."""
    (c, *_) = analyze(note).clauses
    assert c.predicate == "be" and not c.subject
    assert c.arg("attr") is not None and c.arg("attr").head == attr  # type: ignore[union-attr]


def test_an_adjective_of_a_noun_is_no_description() -> None:
    """ "Dark mode" is a mode, not a holder who is dark."""
    assert analyze("Dark mode.").clauses[0].predicate != "be"


@pytest.mark.parametrize("text", [
    "Currently at Deloitte.", "On the Pro plan.", "In Lisbon since May.", "At Google."])
def test_a_note_that_begins_with_where_its_holder_is_is_a_copula(text: str) -> None:
    """"Currently at Deloitte": she is at Deloitte; the parse made "at" its verb."""
    assert analyze(text).clauses[0].predicate == "be"


@pytest.mark.parametrize(("a", "b"), [
    ("Currently at Deloitte.", "Works at PwC."),
    ("Kofi is at Deloitte now.", "Kofi works at PwC."),  # a word of now says nothing more
    ("Kofi is employed at Stripe.", "Kofi is a Square employee."),  # a name read as amod
])
def test_an_employer_said_without_a_verb_of_work(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "one-value-attribute")


@pytest.mark.parametrize(("text", "subject"), [
    ("Ahmed lives in Oslo.", {"ahmed"}),  # an adjective of nothing to the parse
    ("Sven lives in Oslo.", {"sven"}),  # "lives" read as "life"
    ("Ama prefers email.", {"ama"}),  # a verb to the parse
    ("Tim is the eldest.", {"tim"}),
])
def test_a_first_name_the_parser_misread_is_the_subject(text: str, subject: set[str]) -> None:
    """Parsed again with a name it knows in its place, the name written back."""
    found = analyze(text)
    assert found.clauses[0].subject == subject and subject <= found.salient


@pytest.mark.parametrize("text", [
    "Currently lives in Oslo.",  # an adverb
    "Prefers Teams over Zoom.",  # a verb: the note's holder
    "Her kids are desperate for a dog.",  # a pronoun's
    "Backend services are written in Go.",  # a word before the subject
    "Staging deploys run on every merge.",  # a word of doing
])
def test_a_first_word_that_is_no_name_is_not_made_one(text: str) -> None:
    from reverie.judges.nlp import _misread_name, load_pipeline

    assert _misread_name(load_pipeline()(text)) is None
