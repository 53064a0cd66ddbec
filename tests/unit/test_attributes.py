"""One holder, one value at a time: the ``one-value-attribute`` rule on pairs written for it
(none drawn from the exclusive-value check set or DNLI), its look-alikes, and the word data
behind it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges import lexicon
from reverie.judges.attributes import held
from reverie.judges.explain import explain
from reverie.judges.nlp import analyze
from reverie.judges.offline import OfflineJudge
from reverie.text.vocabulary.attributes import (
    EMPLOYER_KINDS,
    OCCUPATION_KINDS,
    PLACE_KINDS,
    VALUE_KINDS,
)
from tests.dreamkit import assert_contradiction, assert_not_by, embedder, explained

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b", "attribute"), [
    ("The user works at Google.", "The user is employed by Microsoft.", "employer"),
    ("Mei is employed by Stripe.", "Mei works for Shopify.", "employer"),
    # the parse hangs "at Halvorsen" on "full-time", an adjective it made an object
    ("Mei works full-time at Halvorsen.", "Mei works full-time at Kestrel.", "employer"),
    ("The user works at a hospital.", "The user is employed by a university.", "employer"),
    ("The user lives in Paris.", "The user is based in Berlin.", "residence (city)"),
    ("Dana lives in Texas.", "Dana lives in Ohio.", "residence (american state)"),
    ("The customer is on the Pro plan.", "The customer subscribes to the Basic plan.",
     "plan"),
    ("The workspace is on the Free tier.", "The workspace pays for the Premium tier.",
     "plan"),  # a tier is a plan
    # the holder's account holds the holder's plan
    ("Acme's workspace is on the Team plan.", "Acme has the Business plan.", "plan"),
    ("The team runs Python 3.9.", "The team uses Python 3.12.", "version of python"),
    # written blind to the code (session 11): a subject naming the attribute, a qualifier,
    # a compound WordNet names, a workplace noun, an employer WordNet does not know
    ("User is on the Pro plan.", "User's subscription is the Basic plan.", "plan"),
    ("User's default currency is GBP.", "User pays in Japanese yen.", "currency"),
    ("i am employed at the post office .", "i work at a hotel , at the front desk .",
     "employer"),
    ("my workplace is a dental clinic .", "i work at a supermarket .", "employer"),
    ("i'm employed by the state government .",
     "i work for a small startup that makes games .", "employer"),
    ("Priya is a software engineer.", "Priya works as a dental hygienist.", "occupation"),
    ("User earns a living as a cook.", "User works as a nurse.", "occupation"),
    # an instruction is about whom it is given to or for; a reply language said as a noun
    ("Chloe prefers replies in English.", "Always reply to Chloe in Spanish.",
     "reply language"),
    ("Answer this user in Spanish.", "This user's reply language is English only.",
     "reply language"),
    # attributes of accounts and teams: a value named by "as", a name in "on", a manager,
    # how often one is billed
    ("Priya's operating system is Linux.", "Priya uses Windows as her operating system.",
     "system"),
    ("The customer's primary database is PostgreSQL.",
     "The customer runs its main database on MySQL.", "database"),
    ("Dana's manager is Tom.", "Dana reports to Sarah.", "manager"),
    ("The customer is billed monthly.", "The customer's billing cycle is annual.",
     "billing cycle"),
    ("Annual billing.", "Monthly subscription.", "billing cycle"),  # a subscription's cycle
    ("The user prefers to be contacted by email.",
     "The user's preferred contact channel is phone.", "contact channel"),
    ("The user lives in Lisbon.", "The user's home is in Madrid.", "residence (city)"),
    ("The user's address is in Seattle.", "The user lives in Portland.", "residence (city)"),
    ("The user is a Chicago resident.", "The user lives in Denver.", "residence (city)"),
    # a key-value note reads as a copula
    ("The customer's plan: Enterprise.", "The customer subscribes to the Starter tier.",
     "plan"),
    ("User's occupation: accountant.", "User earns her living as a hairdresser.",
     "occupation"),
    # the parse puts "as a cashier" on the employer's noun
    ("The user works as a salesman.", "The user works at a gas station as a cashier.",
     "occupation"),
    ("The account is billed in GBP.", "The account pays in USD.", "currency"),
    # a word of two kinds ("pounds": money or weight) takes the other value's
    ("The customer is billed in pounds.", "The customer pays in euros.", "currency"),
    ("The team measures distances in miles.", "The team uses kilometers for distances.",
     "unit of length"),
    ("The user prefers metric units.", "The user uses imperial units.", "unit"),
    ("Priya works as a data engineer.", "Priya is a product manager.", "occupation"),
    ("i was born in texas .", "i am from ohio .", "origin (american state)"),
    ("my hometown is chicago .", "i grew up in boston .", "origin (city)"),
    # little alike but the frames (cosine below the other conflicts' floor)
    ("i work nights in a hotel .", "i am employed at a college .", "employer"),
    # the frame names an occupation WordNet does not know
    ("i work as a barista .", "i am a skilled craftsman .", "occupation"),
    ("i work at a factory .", "i work at a drug store .", "employer"),
    ("The user has a job as a nurse.", "The user works as a teacher.", "occupation"),
    ("my job is a nurse .", "i work as an accountant .", "occupation"),
    ("i am a lumberjack by trade .", "i work as a plumber .", "occupation"),
    # a job of one's own liked or not is had
    ("Dana loves her job as a nurse.", "Dana works as a pharmacist.", "occupation"),
    # a compound WordNet names is the head: a receptionist is a worker, no construction worker
    ("i work as a receptionist .", "i work as a construction worker .", "occupation"),
    # the one language replies are wanted in (main's "prefers replies in English" kind)
    ("The user prefers replies in English.", "The user wants answers in Spanish.",
     "reply language"),
    ("The user wants responses in French.", "The user prefers to be answered in German.",
     "reply language"),
    # a move says where one lives now
    ("The user lives in Chicago.", "The user moved to Denver.", "residence (city)"),
    # a place in any of its frequent senses ("Vancouver" is first a navigator)
    ("The user lives in Toronto.", "The user moved to Vancouver.", "residence (city)"),
    # a compound noun names the attribute, not another holder ("time zone")
    ("The user's timezone is CET.", "The account time zone is US Eastern.", "zone"),
    # an age, also said by a birthday in the past tense
    ("Lee is 52 years old.", "Lee just turned 47.", "age"),
    ("Mara is a 29-year-old pilot.", "Mara is 35 years old.", "age"),
    # work now or none, whatever the employer
    ("Maria works as a nurse at St. Mary's.", "Maria is unemployed.", "employment"),
    ("The user works at a logistics firm.", "The user is currently unemployed.", "employment"),
    # a qualifier makes any noun one value at a time
    ("Dana's preferred editor is Vim.", "Dana's default editor is VS Code.", "editor"),
    ("The user's primary language is Python.", "The user's main programming language is Rust.",
     "language"),
    # the home one lives in, rented or owned
    ("Ines rents her home.", "Ines owns the house she lives in.", "tenure of home"),
    ("i am renting my condo .", "i own my condo outright .", "tenure of condo"),
    # a direct manager is the manager
    ("Ivo's direct manager is Ruth Lang.", "Ivo reports to Paul Amato.", "manager"),
    ("Ana's birthday is July 3.", "Ana celebrates her birthday on the 9th of May.", "birthday"),
    # two verbs sharing one phrase: both are in it (session 26)
    ("Omar is based in Lisbon.", "Omar lives and works in Porto.", "residence (city)"),
    ("Yuki was born and raised in Sapporo.", "Yuki is from Kyoto.", "origin (city)"),
    # "works as" names an occupation whatever WordNet files the noun as
    ("Lee works as a press liaison.", "Lee is a photographer.", "occupation"),
    # a company's head office is where it is
    ("Globex is headquartered in Toronto.", "Globex's head office is located in Sydney.",
     "residence (city)"),
    ("Globex's HQ is in Toronto.", "Globex is headquartered in Sydney.", "residence (city)"),
    ("Globex's headquarters is in Toronto.", "Globex is based in Sydney.", "residence (city)"),
    # where one has been since a year or a month is an employer; a key said with a dash
    ("Oskar has been at Hooli since 2019.", "Oskar works for Initech.", "employer"),
    ("Employer - Vandelay Industries", "Works at Globex Corporation.", "employer"),
    # a gerund before the attribute's noun names it ("operating system"): no holder
    ("Operating system: macOS", "OS: Windows 11", "system"),
    ("Based in Porto since 2019.", "Lives in Braga.", "residence (city)"),  # since: now
    # a place hung on another phrase of living, a place called home
    ("Omar lives in Lisbon.", "Omar lives with his parents in Porto.", "residence (city)"),
    ("Omar lives in Lisbon.", "Omar now lives by the sea in Porto.", "residence (city)"),
    ("Omar lives in Lisbon.", "Omar calls Porto home.", "residence (city)"),
    # an employer employing the holder, a job got with a name the parse hung on the job
    ("Noor works at Kestrel Air.", "Halvorsen employs Noor.", "employer"),
    ("Noor works at Kestrel Air.", "Noor got a job with Halvorsen.", "employer"),
])
def test_two_values_of_one_attribute_contradict_whatever_the_verbs(
    a: str, b: str, attribute: str
) -> None:
    """Two verbs, one attribute held one value at a time: a contradiction that names it."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction"
    assert found.findings[0].rule == "one-value-attribute"
    assert f"one {attribute}," in found.reason


@pytest.mark.parametrize(("a", "b"), [
    # two part-time jobs may both be held
    ("Mei works part-time at a cafe.", "Mei works part-time at a bakery."),
    ("The user speaks French.", "The user speaks German."),  # not an attribute of one value
    ("The user used to live in Paris.", "The user lives in Berlin."),  # a former value
    ("The user worked at Google.", "The user works at Microsoft."),
    ("The customer was previously billed in euros.", "The customer is billed in dollars."),
    ("The package weighs 5 pounds.", "The customer pays in euros."),
    ("Oskar has been at Heathrow since 6am.", "Oskar works for Initech."),  # a stay
    ("Ines's locker is number 4.", "Ines's sister's locker is number 9."),  # a person's
    ("Kai's desk is in room 12.", "Kai's manager's desk is in room 40."),
    # a former one, by its key or by the years it held
    ("Ex-employer: Initech", "Employer: Globex"),
    ("Previous employer: Initech", "Works at Globex."),
    ("Omar's former contact method: phone", "Omar's contact method: email"),  # a method key
    ("Lived in Porto 2012-2018.", "Lives in Braga."),
    ("Ana's car is a Volvo.", "Ana's mother's car is a Fiat."),
    ("Oskar has been at St Mary's since Monday.", "Oskar works at Initech."),
    ("The user lives in Paris.", "The user visited Berlin last year."),
    ("Omar lives in Lisbon.", "Omar calls his mother in Porto every Sunday."),
    ("Omar lives in Lisbon.", "Omar used to live by the sea in Porto."),
    ("Noor works at Kestrel Air.", "Noor got a job with Halvorsen in 2015."),  # dated
    ("Noor works at Kestrel Air.", "Noor employs a nanny."),  # whom she employs
    ("The user lives in Paris.", "The user lives in France."),  # a city and its country
    ("i live in georgia .", "i live in atlanta ."),  # a state and its city
    ("The user lives in a big city.", "The user lives in Paris."),  # one the kind of the other
    ("The user lives in New York.", "The user works in Boston."),  # two attributes
    ("The customer pays in euros.", "The customer also accepts dollars."),
    ("The customer wants the Pro plan.", "The customer is on the Basic plan."),  # a wish
    # accounts of two products or uses
    ("Acme's Slack workspace is on the Pro plan.", "Acme's Zoom account is on the Basic plan."),
    ("Dana's work account is on the Pro plan.", "Dana's personal account is on the Free plan."),
    ("The workspace is on the Free tier.", "The workspace considered the Premium tier."),
    ("Acme pays contractors in dollars.", "Acme bills customers in euros."),  # two things paid
    ("The user's partner works at Amazon.", "The user works at Google."),  # two holders
    ("The user works in the data team.", "The user works at Google."),  # a part of one
    ("The user works at the Berlin office.", "The user works at Acme."),
    # a holder the parse did not find is nobody's ("Acme invoices" read as a noun)
    ("Acme invoices in euros.", "Acme's US subsidiary invoices in dollars."),
    ("The customer bills in euros.", "The customer is invoiced in US dollars."),
    ("The user speaks English and Spanish.", "The user prefers replies in English."),
    ("The user prefers replies in English.", "The user reads documentation in German."),
    # a scope in the subject is another attribute
    ("The user's role is admin.", "The user's role in the billing project is viewer."),
    ("Ana lives in Madrid.", "Ben lives in Rome."),
    ("The user is a teacher.", "The user is a mother."),  # a mother is no occupation
    ("i am a nurse by trade .", "i am a mother ."),
    ("i was born in texas .", "i live in ohio ."),  # origin and residence
    ("i grew up in a small town in ohio .", "i am from ohio ."),
    ("maybe i can be a pilot one day .", "i work as a meeting coordinator ."),  # a wish
    ("Priya's reply language is French.", "Always reply to Tom in German."),  # another holder
    ("Dana reports to Sarah.", "Dana reports bugs to Tom."),  # reports something
    ("Acme's analytics database is BigQuery.", "Acme's main database is Postgres."),
    ("The customer runs its main database on Postgres.", "The customer runs its cache on Redis."),
    ("The customer is billed monthly.", "The customer's billing cycle was annual until March."),
    ("The customer pays monthly for seats.", "The customer pays annually for support."),
    ("The user prefers to be contacted by email.", "The user's manager prefers phone calls."),
    ("Contact Maya by email for invoices.", "Contact Maya by phone for outages."),
    ("The user lives in Lisbon.", "The user's holiday home is in Madrid."),
    ("The user's work address is in Seattle.", "The user lives in Portland."),  # no home
    ("The user used to be reached by phone.", "The user prefers to be contacted by email."),
    ("The user will move to Denver.", "The user lives in Austin."),  # what will hold
    ("The user's daughter moved to Boston.", "The user lives in Chicago."),
    ("The user moved from Boston to Chicago.", "The user lives in Chicago."),
    ("Mei is employed by Stripe.", "Mei consults for Shopify on weekends."),
    ("The service runs Node 18.2.", "The service's CI also tests Node 20.1."),
    ("The user works as a software engineer.", "The user is a developer."),  # the model: one
    ("Ravi works as a welder.", "Ravi is a skilled worker."),  # a kind of the other
    ("User's birthday is March 14.", "User's wife's birthday is June 2."),
    ("User's birthday is March 14.", "User celebrates their birthday with a big party."),
    ("The report deadline is Friday.", "The budget deadline is Monday."),
    ("User's time zone is CET.", "User's team's time zone is PST."),
    ("The user's personal account plan is Free.", "The user's work account plan is Pro."),
    ("Lee is 52 years old.", "Lee's son is 19 years old."),  # another holder
    ("Maria is unemployed.", "Maria's husband works as a nurse."),
    ("Maria was unemployed for a year.", "Maria works as a nurse."),  # then
    ("Maria used to work at Acme.", "Maria is unemployed."),
    ("Ines owns a house in Spain.", "Ines rents an apartment in Berlin."),  # two homes
    ("Ines's sister owns her apartment.", "Ines rents her apartment."),
    ("Dana's preferred editor is Vim.", "Dana's colleague's default editor is VS Code."),
    ("Dana's preferred editor is Vim.", "Dana's editor for notes is Obsidian."),
    ("Ines used to rent her home.", "Ines owns the house she lives in."),
    ("Lee is 52 years old.", "Lee was 20 years old when he moved to Oslo."),  # then
    ("Lee is 52 years old.", "Lee's company turned 30 this year."),
    # a name and an indefinite description it may answer
    ("Senior backend engineer at Stripe", "works in software at a payments company"),
    # an office, one of several, is not where the company is
    ("Globex's office is in Austin.", "Globex is headquartered in Denver."),
    ("Globex's Berlin office is located in Mitte.", "Globex is headquartered in Denver."),
    ("Globex's HQ is in Denver.", "Globex's CEO lives in Boulder."),  # another holder
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """Another holder, a former value, a wish, "also", another scope, a wider place, a
    paraphrase: no contradiction, by this rule or any other."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Dana's manager is Ruth.", "Dana's project manager is Omar."),
    ("Ivo's manager is Ruth Lang.", "Ivo's skip-level manager is Paul Amato."),
    ("Noor's flight to Oslo is on June 2.", "Noor's return flight from Oslo is on June 9."),
])
def test_a_word_in_front_of_the_subjects_noun_names_another_attribute(a: str, b: str) -> None:
    """"project manager" is not the manager: two attributes, two values, both true."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("The user's currency is EUR.", "The user's default currency is USD."),
    ("Ivo's line manager is Ruth Lang.", "Ivo's manager is Paul Amato."),
    ("Ivo reports to Ruth Lang.", "Ivo's reporting manager is Paul Amato."),
])
def test_a_qualifier_of_use_in_front_of_the_noun_names_the_same_attribute(a: str, b: str) -> None:
    """"default currency" is the currency, a "line manager" the manager: two values still
    contradict."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("The user is a nurse.", "The user is a factory worker."),
    ("i am a teacher .", "i am a cook ."),
    # the employer's name in both roles is where they are held, not what (session 26)
    ("The client is Initech's CFO.", "The client is a summer intern at Initech."),
])
def test_two_occupations_by_copula_are_a_contradiction_for_a_person(a: str, b: str) -> None:
    """Two copulas name two occupations: most likely one job, but a person may hold two,
    so the contradiction is found and left to a person (not certain)."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction"
    assert found.findings[0].rule == "likely-one-value"
    assert not found.certain


def test_two_verbs_share_a_phrase_only_where_the_first_has_none() -> None:
    """"lives and works in Madrid": both verbs in Madrid; "reads books and writes in
    French": the reading has its own object, and no "in"."""
    both = analyze("Dana lives and works in Madrid.").clauses
    assert [(c.predicate, [a.role for a in c.args]) for c in both] == [
        ("live", ["prep:in"]), ("work", ["prep:in"])]
    own = analyze("Sam reads books and writes in French.").clauses
    assert [(c.predicate, [a.role for a in c.args]) for c in own] == [
        ("read", ["obj"]), ("write", ["prep:in"])]


def test_one_role_in_two_words_at_one_employer_is_no_contradiction() -> None:
    """An employer both name, and a role said short and in full: no two occupations."""
    found = explain(judge, "Works at Stripe as a PM.", "Is a product manager at Stripe.", NOW)
    assert found.outcome != "contradiction", found.reason


def test_an_occupation_named_by_a_frame_against_a_copula_is_certain() -> None:
    """"works as" names the occupation: against a copula the dream may settle it."""
    found = explain(judge, "User works as an accountant.", "User is a nurse.", NOW)
    assert found.findings[0].rule == "one-value-attribute"
    assert found.certain


def test_the_model_reads_two_words_for_one_occupation_as_one() -> None:
    """The attribute rule finds two occupations; the NLI model's entailment vetoes it."""
    a, b = analyze("The user works as a software engineer."), analyze("The user is a developer.")
    x, y = held(a.clauses[0]), held(b.clauses[0])
    assert [h.attribute for h in x] == ["occupation", "employment"] and not x[0].weak
    assert [h.attribute for h in y] == ["occupation"] and y[0].weak
    found = explain(judge, a.text, b.text, NOW)
    assert "one-value-attribute" not in {f.rule for f in found.findings}


@pytest.mark.parametrize(("text", "attribute"), [
    ("Acme bills in euros.", "currency"),
    ("The user is on Central European Time.", None),  # the head is "time": no kind known
    ("The user wants the Pro plan.", None),
    ("The user upgraded to the Pro plan.", "plan"),  # a change makes the plan be Pro
    ("The user prefers the Pro plan.", "plan"),  # a preference is a choice of one
    ("The user works in Boston.", None),
    ("The user works in a restaurant.", "employer"),
    ("i am from georgia .", "origin (american state)"),
    ("i enjoy my job , as a teacher .", "occupation"),  # a job of one's own
    ("i want a job as a nurse .", None),  # a job wanted
])
def test_what_a_clause_holds(text: str, attribute: str | None) -> None:
    """The attribute a clause gives a value of, if any (besides whether the holder is in
    work, which an employer or an occupation says too)."""
    facts = analyze(text)
    found = [h.attribute for c in facts.clauses for h in held(c, facts.salient)
             if h.attribute != "employment"]
    assert found == ([attribute] if attribute else [])


def test_every_kind_in_the_word_data_is_known_to_wordnet() -> None:
    """A kind WordNet does not know would silently match nothing."""
    kinds = [*VALUE_KINDS, *PLACE_KINDS, *EMPLOYER_KINDS, *OCCUPATION_KINDS]
    assert [k for k in kinds if not lexicon.is_kind_of(k, k)] == []


def test_a_key_value_note_reads_as_a_copula_only_for_an_attribute_key() -> None:
    """"Plan: Enterprise" is "Plan is Enterprise"; "Note: ..." and "Time: 9am" stay."""
    from reverie.judges.nlp import normalize_chat
    assert normalize_chat("The customer's plan: Enterprise") == "The customer's plan is Enterprise"
    assert normalize_chat("Note: user prefers tea") == "Note: user prefers tea"
    assert normalize_chat("Time: 9am") == "Time: 9am"
    # an owner and a method are attributes too
    assert normalize_chat("Account owner: Dana Reyes") == "Account owner is Dana Reyes"
    assert normalize_chat("Payment method: card") == "Payment method is card"


@pytest.mark.parametrize(("note", "read"), [
    ("Priya's role in the Umbrella workspace: Admin",
     "Priya's role in the Umbrella workspace is Admin"),
    ("Time zone of the Berlin office: CET", "Time zone of the Berlin office is CET"),
    ("Plan for Acme: Pro", "Plan for Acme is Pro"),
    ("Notes from the call with Acme on Monday: renewal", None),  # no attribute key
    ("In Berlin: CET", None),  # a scope without an attribute
    ("The very long customer account billing plan: Pro", None),  # a key of six words
    ("Ruby version in use: 3.3", None),  # a state, not a scope: the key stays a key
    ("Postgres version in prod: 14", None),
])
def test_a_key_with_its_scope_after_it_reads_as_a_copula(note: str, read: str | None) -> None:
    """The attribute noun before the key's first preposition decides, as the last word of a
    key without one does."""
    from reverie.judges.nlp import normalize_chat
    assert normalize_chat(note) == (note if read is None else read)


def test_two_values_of_one_scoped_key_contradict() -> None:
    assert_contradiction("Priya's role in the Umbrella workspace: Admin",
                         "Priya's role in the Umbrella workspace: Viewer", "other-value")
    assert explained("Priya's role in the Umbrella workspace: Admin",
                     "Priya's role in the Globex workspace: Viewer")[0] != "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Sofia works only for Globex.", "Sofia's one and only employer is Initech."),
    ("Tom works for Hooli.", "Tom's sole employer is Initech."),
])
def test_the_words_that_make_a_value_the_only_one_name_no_other_holder(a: str, b: str) -> None:
    """"Sofia's one and only employer": Sofia's, not another holder's named "one"."""
    assert_contradiction(a, b, "one-value-attribute")


def test_one_employer_said_as_the_only_one_is_one_fact() -> None:
    assert explained("Sofia works for Globex.", "Sofia's sole employer is Globex.")[0] == "one fact"


@pytest.mark.parametrize(("a", "b"), [
    ("My only pet is a cat called Miso.", "I have just one pet, a parrot named Kiwi."),
    ("Priya's only pet is a dog.", "Priya has just one pet, a rabbit."),
])
def test_the_only_one_of_a_kind_named_by_two_kinds_is_two_values(a: str, b: str) -> None:
    """"my only pet is a cat" holds the one value of "only pet", a kind of pet (WordNet)."""
    assert_contradiction(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("My only pet is a cat.", "I have a dog."),  # the other says no "only": not read
    ("My only pet is a cat named Miso.", "I have just one pet, a cat."),  # one value
    ("My only car is a Tesla.", "I have just one car, a Model 3."),  # names: not read
])
def test_the_only_one_is_no_contradiction_without_two_kinds(a: str, b: str) -> None:
    assert_not_by(a, b, "one-value-attribute")


@pytest.mark.parametrize(("a", "b"), [
    ("User's son plays soccer on Saturdays.", "User's daughter plays soccer on Sundays."),
    ("The user's laptop has 16 GB of RAM.", "The user's desktop has 32 GB of RAM."),
    ("User's birthday is July 3.", "User's son's birthday is July 30."),  # someone else's
])
def test_two_things_of_the_holders_are_two_subjects(a: str, b: str) -> None:
    """"the user's son" / "the user's daughter": two subjects, not the holder twice."""
    outcome, rule = explained(a, b)
    assert (outcome, rule) == ("two facts", "differing-argument")


@pytest.mark.parametrize(("note", "read"), [
    ("Ana has Portuguese citizenship.", "Ana is a Portuguese citizen."),
    ("Sakura doesn't have US citizenship.", "Sakura is not a US citizen."),
    ("Tom does not hold Gold membership.", "Tom is not a Gold member."),
    ("The user has a gym membership.", "The user has a gym membership."),  # a thing held
])
def test_a_standing_held_reads_as_one_who_holds_it(note: str, read: str) -> None:
    """"has US citizenship" is "is a US citizen" to the parser, denied or not."""
    from reverie.judges.nlp import normalize_chat
    assert normalize_chat(note) == read


def test_a_citizenship_denied_contradicts_a_citizen() -> None:
    assert explained("Ana has Portuguese citizenship.",
                     "Ana is not a Portuguese citizen.")[0] == "contradiction"
    assert explained("Ana has Portuguese citizenship.",
                     "Ana has Brazilian citizenship.")[0] != "contradiction"  # dual


@pytest.mark.parametrize(("a", "b", "contradicts"), [
    ("Marta works for Deloitte.", "Marta took a job at KPMG.", True),  # where she works now
    ("Marta works for Deloitte.", "Marta took a part-time job at KPMG.", False),  # a second one
    ("Marta works for Deloitte.", "Marta took a job at the bakery on weekends.", False),
])
def test_a_job_taken_at_a_name_is_the_employer(a: str, b: str, contradicts: bool) -> None:
    """"took a job at KPMG" names the employer since; a part-time or weekend job is beside
    the main one."""
    found = explain(judge, a, b, NOW)
    assert (found.outcome == "contradiction") is contradicts, found.reason
    if contradicts:
        assert found.findings[0].rule == "one-value-attribute", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Noor is on Halvorsen's payroll.", "Noor works at Kestrel Air."),
    ("Noor has been at Halvorsen for two years.", "Noor's employer is Kestrel Air."),
])
def test_a_payroll_and_years_at_a_name_say_the_employer(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "one-value-attribute", found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Noor has been at Heathrow for two hours.", "Noor works at Kestrel Air."),  # a stay
    ("Noor is on Halvorsen's board.", "Noor works at Kestrel Air."),  # no payroll
])
def test_a_stay_or_a_board_seat_is_no_employer(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction", found.reason


@pytest.mark.parametrize(("a", "b", "contradicts"), [
    # a role that is a level of access is the access said otherwise (for a person to settle)
    ("Role: admin", "The user has viewer access.", True),
    ("Priya's role is Product Manager.", "Priya has admin access.", False),  # a job, a level
    # the holder's software names no other holder of its database
    ("Primary database: PostgreSQL", "The app stores everything in MongoDB.", True),
    ("The app's database is PostgreSQL.", "The billing service stores its data in MongoDB.",
     False),
])
def test_keys_levels_of_access_and_the_holders_software(a: str, b: str,
                                                        contradicts: bool) -> None:
    found = explain(judge, a, b, NOW)
    assert (found.outcome == "contradiction") is contradicts, found.reason


def test_one_person_named_with_more_or_less_is_one_owner() -> None:
    """"Lisa Park (Head of Ops)" / "Lisa Park, who runs operations": one owner."""
    found = explain(judge, "The account owner is Lisa Park (Head of Ops).",
                    "Lisa Park, who runs operations, owns the account on the customer side.",
                    NOW)
    assert found.outcome != "contradiction", found.reason
    found = explain(judge, "The account owner is Lisa Park.", "Lisa Chen owns the account.",
                    NOW)
    assert found.outcome == "contradiction", found.reason


@pytest.mark.parametrize(("a", "b", "contradicts"), [
    ("Dana is on an annual plan.", "Dana is on the Pro plan.", False),  # a cycle and a tier
    ("Dana pays monthly.", "Dana is on an annual plan.", True),  # two cycles
    ("Billing cycle: monthly", "Dana's account is billed yearly.", True),  # the account's
])
def test_a_plan_named_by_how_often_it_is_billed_is_the_billing_cycle(a: str, b: str,
                                                                     contradicts: bool) -> None:
    found = explain(judge, a, b, NOW)
    assert (found.outcome == "contradiction") is contradicts, found.reason


@pytest.mark.parametrize(("a", "b"), [
    ("Kestrel keeps customer records in Postgres.", "Kestrel's customer records are in MongoDB."),
])
def test_data_kept_in_two_databases_is_likely_one_too_many(a: str, b: str) -> None:
    """The data a holder keeps is its own ("Kestrel's customer records"): two databases
    of it are likely one too many, for a person to settle."""
    assert_contradiction(a, b, "likely-one-value", certain=False)


def test_data_of_two_kinds_in_two_databases_is_no_contradiction() -> None:
    assert explain(judge, "Kestrel keeps customer records in Postgres.",
                   "Kestrel's audit records are in MongoDB.", NOW).outcome != "contradiction"
