"""The offline judge's rules, one table: every decision names the rule of :data:`RULES` that
made it.

Each rule has a kind: a ``conflict`` is a contradiction (and blocks a merge), one the
dream may settle unless the rule is not ``certain`` (then the pair goes to a person); a
``blocker`` keeps two statements from being one fact without contradicting; a ``link``
makes two statements one fact and ``apart`` says why two are not; an ``absorption`` lets
one statement say another and ``kept`` says why it does not. :func:`finding` is how
:mod:`reverie.judges.frames` reports a decision; adding a rule (a learned model's, say)
is one line of :data:`RULES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from reverie.handlers.dream.findings import Finding

__all__ = ["KINDS", "RULES", "Kind", "Rule", "certain", "finding", "kind_of"]

Kind = Literal["conflict", "blocker", "link", "apart", "absorption", "kept"]
KINDS: tuple[Kind, ...] = ("conflict", "blocker", "link", "apart", "absorption", "kept")


@dataclass(frozen=True)
class Rule:
    """One rule of the offline judge: its name, kind, and what it decides in a sentence."""

    name: str
    kind: Kind
    description: str
    certain: bool = True
    """For a conflict: the dream may settle it by the policy; False sends it to a person."""


_TABLE: tuple[Rule, ...] = (
    # conflicts: a contradiction (frames.conflict), in the order they are tried
    Rule("negated-copy", "conflict",
         "the same content words, one statement negated once more (whatever the parse)"),
    Rule("denied-possession", "conflict",
         "one statement denies the holder has any of a kind, the other speaks of the "
         "holder's own one, both now ('does not own a car' / 'my car is pink', 'has no "
         "pets' / 'my dog is smaller than my cat'), or says a state without such kin ('is "
         "single' / 'my wife is a dentist', 'is an only child' / 'my brother')"),
    Rule("denied-consumption", "conflict",
         "one statement denies the holder takes in any of a kind, or names a diet that "
         "does, the other has the holder take in or like one of its kind, both now ('does "
         "not drink coffee' / 'has two espressos every morning', 'is vegetarian' / 'eats "
         "steak every week')"),
    Rule("only-and-another", "conflict",
         "one statement says a frame's value is the only one, the other gives that value "
         "and another beside it, one holder, both now ('the bug only happens on Safari' / "
         "'... on Safari and Chrome', 'only speaks English' / 'speaks English and Spanish')"),
    Rule("only-one-of-several", "conflict",
         "one statement says its holder is the only one of a kind, the other that the "
         "holder is one of several, both now ('the only admin on the billing account' / "
         "'one of two admins on the billing account', 'the sole owner of the bakery' / "
         "'co-owns the bakery')"),
    Rule("reversed-preference", "conflict",
         "one holder's two statements give one pair of things in reverse order, the rest "
         "the same ('prefers texts to calls' / 'prefers calls to texts')"),
    Rule("never-done", "conflict",
         "one statement says the holder has never done a thing, the other that the holder "
         "did or does it, used to, or quit doing it ('has never smoked' / 'quit smoking "
         "two years ago', 'has never used React' / 'used React at her last job')"),
    Rule("other-count", "conflict",
         "the same words, tense and polarity, one count of one unit another, whatever the "
         "parse ('spending time with my 2 cats' / '... my 8 cats')"),
    Rule("denied-kind", "conflict",
         "one frame denies a whole kind, the other affirms one of its kind "
         "('has no children' / 'has a daughter')"),
    Rule("negated-frame", "conflict",
         "one frame with opposite polarity, its compared arguments agreeing "
         "('prefers phone calls' / 'does not want phone calls')"),
    Rule("other-value", "conflict",
         "one frame holding one value, exactly one argument with another value "
         "('formal tone' / 'casual tone', '40 seats' / '55 seats'), unless besides it "
         "each side says a word of scope the other lacks ('80% for the backend' / 'the "
         "frontend ... is 60%', '7:30 on school nights' / '9:00 on weekends': "
         "frames._two_scopes), or one wish or way to reach someone is said of a time, a "
         "place, people or a condition the other lacks ('prefers WhatsApp at work' / "
         "'prefers phone', 'when traveling': frames._circumstance_of_one, "
         "frames._way_of_some_circumstance)"),
    Rule("opposite-property", "conflict",
         "one holder said to be two opposite things, now, in one scope: adjectives WordNet "
         "calls antonyms, directly or through a satellite ('is tall' / 'is very short', "
         "'is married' / 'is divorced')"),
    Rule("opposite-preference", "conflict",
         "one holder wants, now, messages one of which is what the other is not: "
         "adjectives WordNet calls antonyms on two kinds of communication ('prefers long, "
         "detailed explanations' / 'wants short replies')"),
    Rule("other-property", "conflict",
         "as other-value, the two values adjectives WordNet does not oppose: two values "
         "of one property ('annual' / 'monthly') or two properties ('fast' / 'reliable'); "
         "sent to a person, never settled by the dream", certain=False),
    Rule("opposite-attitudes", "conflict",
         "one holder for and against the same thing ('loves seafood' / 'seafood is gross')"),
    Rule("one-value-attribute", "conflict",
         "one holder's present, affirmed statements give two values of an attribute held "
         "one at a time (reverie.text.vocabulary.attributes: a plan, a currency, a home "
         "city, an employer, a version; .products: a database, a mobile carrier, an "
         "operating system, a browser), whatever their verbs ('is on the Pro plan' / "
         "'subscribes to the Basic plan', 'the customer's mobile carrier is Verizon' / 'is "
         "on T-Mobile')"),
    Rule("other-frequency-value", "conflict",
         "one holder's two statements that say the same but how often, each a frequency "
         "the other does not give ('waters the ferns twice a week' / '... every day'): "
         "one habit, one frequency at a time"),
    Rule("other-age", "conflict",
         "each statement says how old its holder is ('i'm 24' / 'i turned 30 in march', "
         "'turning 50 next month', 'my 40th birthday party was last month', 'in my early "
         "20s'; reverie.text.ages, the holder's own age only), and no age fits both, a "
         "birthday between them allowed for"),
    Rule("ended-then-held", "conflict",
         "one statement says, in the past tense, that its holder ended something "
         "('cancelled Spotify Premium', 'graduated from MIT', 'left Tessel'; ENDING_VERBS), "
         "the other of one holder that it holds now ('still pays for Spotify Premium', 'is "
         "a freshman at MIT'): the newer says which holds"),
    Rule("former-then-held", "conflict",
         "one statement says its holder is a former one ('a former smoker', 'an ex-Google "
         "engineer'), the other of one holder that it is one now ('smokes', 'works at "
         "Google', 'is a Google engineer'), or a former key's value that the other says "
         "holds now ('Former employer: Google' / 'Works at Google'): the newer says which "
         "holds"),
    Rule("other-event-date", "conflict",
         "one thing's start, end or renewal said in two months of one year ('the fiscal "
         "year ends in December' / '... in June'; EVENT_VERBS): a thing has one; not of a "
         "person, two things or two years"),
    Rule("dead-then-alive", "conflict",
         "one statement says a parent or grandparent of the holder, or someone named, died "
         "('User's father passed away in 2019'), the other that they do or undergo "
         "something now or next ('my dad is coming to visit next week'); missing or "
         "remembering them is no such thing, and a pet or a sibling may be another one; "
         "sent to a person (a note may go on to name a step-parent)", certain=False),
    Rule("other-kin-count", "conflict",
         "one holder's two statements say how many of a kind of relative, child or animal "
         "the holder has, and no number fits both ('has two cats' / 'my only cat', 'has two "
         "kids' / 'a mother of three', 'has two kids' / 'my third kid'; "
         "reverie.text.kin_counts)"),
    Rule("denied-kin", "conflict",
         "one statement denies the holder has any relative, child or animal of a kind, the "
         "other counts one or more of that kind for one holder ('has no kids' / 'a father "
         "to four sons', 'has no siblings' / 'the youngest of three brothers'; "
         "reverie.text.kin_counts)"),
    Rule("above-schooling", "conflict",
         "one holder's statement says a degree was earned ('has a PhD', 'holds an MBA'), "
         "the other puts the holder's schooling below it ('never went to college', "
         "'highest degree is a bachelor's'; reverie.text.degrees)"),
    Rule("other-residence", "conflict",
         "one holder's two statements say where it lives now ('lives in Lisbon' / 'home "
         "city: Porto', 'moved to Denver' / 'is based in Boston'), and no place of one can "
         "be one of the other's: neither lies in the other nor is within 40 km of it "
         "('Kyoto' / 'Japan', 'Brooklyn' / 'New York' can; GeoNames via "
         "reverie.text.places); not a part of the time or a reason ('during the week', "
         "'for work')"),
    Rule("other-time-of-day", "conflict",
         "one holder's two statements that say the same but the time of day a thing is at, "
         "starts or ends, one each and not one ('the daily standup is at 9 a.m.' / '... "
         "starts at 11 a.m.', 'open until 6pm' / 'open until 8pm'; reverie.text.clock), "
         "neither a bound ('before 3pm'), on days that meet"),
    Rule("likely-one-value", "conflict",
         "as one-value-attribute, but neither names the attribute: two copulas ('is a nurse' "
         "/ 'is a factory worker'), two products in use ('runs Windows 11' / 'runs macOS'), "
         "two levels of access to one resource ('is an admin on the workspace' / 'has viewer "
         "access to the workspace'), two functions each the one of its kind in one named "
         "scope ('the product owner for Orion' / 'the scrum master for Orion'; not a lead "
         "and one led, nor a role held for a time): one most likely, two possible; sent "
         "to a person, never settled by the dream", certain=False),
    Rule("changed-value", "conflict",
         "one statement changes a thing of its holder to a value ('downgraded to Basic', "
         "'upgraded to Go 1.22'), the other says one holder's thing holds another value of "
         "that sort now ('has been on Enterprise', 'writes everything in Go 1.21'): after "
         "the change the old value no longer holds"),
    Rule("denied-value", "conflict",
         "one statement denies that its holder has a value of a one-value attribute now "
         "('does not work at Google', 'isn't on PostgreSQL'), the other says one holder has "
         "that value, whatever the verbs ('is a Google employee', 'the database is "
         "PostgreSQL')"),
    Rule("other-time-zone", "conflict",
         "one holder's two statements place it in two time zones whose UTC offsets cannot "
         "be one ('timezone: PST' / 'is on Central European Time', 'UTC+4' / 'UTC+3'; "
         "reverie.text.zones), neither a clock time's zone ('call before 3pm ET')"),
    Rule("other-amount", "conflict",
         "one holder's two alike statements with a word in common give one amount each of "
         "one measure in two units that, converted, no rounding makes one ('squat max is "
         "140 kg' / 'squat max: 265 lb', 'the commute is 5 km' / '... about 12 miles')"),
    Rule("other-unit", "conflict",
         "one holder's two alike statements give one figure in two units of one measure "
         "('weighs 5 lb' / '5 kg', '£500' / '€500', '4 °C' / '4 °F'), neither naming the "
         "other's unit (a conversion says both)"),
    Rule("other-format", "conflict",
         "one holder's two statements, neither denying, name two date orders or two clocks "
         "('DD/MM/YYYY' / 'MM/DD/YYYY', 'ISO 8601' / 'MM/DD/YYYY', '24-hour time' / 'AM/PM'; "
         "reverie.text.formats), neither naming two"),
    Rule("other-system", "conflict",
         "one holder's two statements ask for two measurement systems or temperature scales "
         "('temperatures in Fahrenheit' / 'prefers Celsius', 'units: imperial' / 'distances "
         "in kilometers'; reverie.text.systems), or one denies what the other asks for "
         "('never metric' / 'in metric units'), neither naming two"),
    Rule("other-title", "conflict",
         "one holder's two statements give it two job titles that cannot be one ('CFO' / "
         "'the company's COO', 'Director of Sales' / 'became VP of Sales', 'Jr. Designer' / "
         "'a Senior Designer'; reverie.text.titles), neither naming two nor denying, and "
         "not of two employers"),
    Rule("other-rank", "conflict",
         "one holder's two statements give it a title that heads a company or a function "
         "and a rank of a job far below it ('Head of Marketing' / 'a junior marketing "
         "assistant', 'VP of Engineering' / 'a staff engineer'; reverie.text.titles."
         "ranks_apart), neither naming two nor denying, not of two employers, not before "
         "and now"),
    Rule("other-role", "conflict",
         "one holder's two statements give it two roles in one team, project or company "
         "('Priya's role on Atlas is tech lead' / 'Priya is the project manager for Atlas', "
         "'Role: Engineering Manager' / 'Priya is a principal engineer'; reverie.text.roles), "
         "or one denies the role the other gives ('isn't the team lead anymore, she's a "
         "staff engineer'); not a role said in addition, before and now, or in two scopes"),
    Rule("other-version", "conflict",
         "one holder's two statements run two versions of one product ('runs Python 3.9 in "
         "production' / 'production is on Python 3.12', 'on Node 18' / 'upgraded to Node "
         "20'; reverie.text.versions), neither naming two, a bound ('or later') or a place "
         "the other does not ('in production' / 'on her laptop')"),
    Rule("other-branch", "conflict",
         "one holder's two statements say its repository's default branch is two branches "
         "now ('the default branch is main' / 'switched its default branch to develop'; "
         "reverie.text.branches), neither denying nor adding, not of two repositories"),
    Rule("other-language", "conflict",
         "one holder's two statements ask to be addressed in two languages ('preferred "
         "language: Spanish' / 'wants all replies in German'), or one asks for the language "
         "the other says it does not read; not of two uses (documents / calls), neither "
         "naming two (reverie.text.languages)"),
    Rule("denied-language", "conflict",
         "one statement says its holder does not speak a language at all, the other that "
         "the holder speaks it ('doesn't speak German' / 'is fluent in German'); not how "
         "well ('not very well', 'not yet'), nor before and now (reverie.text.languages)"),
    Rule("other-native-language", "conflict",
         "one holder's two statements each name one native language, not the same ('native "
         "language: Portuguese' / 'speaks Spanish natively'); not 'bilingual', nor a "
         "statement naming two (reverie.text.languages)", certain=False),
    Rule("one-thing-two-channels", "conflict",
         "two statements say one thing goes by two channels and nothing else apart ('the "
         "Thursday retro is held in person' / '... on Zoom', 'send updates via Slack' / "
         "'send updates via email'); not where one may be reached ('reachable on "
         "WhatsApp' / '... on Signal'); both may be meant, so a person settles it",
         certain=False),
    Rule("other-function", "conflict",
         "one holder's two statements give it two titles that each head a function, not "
         "the same ('Head of Sales' / 'VP of Marketing', 'heads the sales team' / 'Director "
         "of Finance'; reverie.text.titles), each the holder's own ('works with the head "
         "of sales' is another's); not a function one names that the other says too, nor "
         "two employers; a person may head two, so a person settles it",
         certain=False),
    Rule("other-channel", "conflict",
         "one holder's two statements choose two channels to reach them by ('preferred "
         "contact: phone' / 'best way to reach her is WhatsApp'), or one chooses a channel "
         "the other turns down ('only reach them by email' / 'never reads email'); neither "
         "choosing two, nor a scope of one ('for urgent issues', 'at work', 'when "
         "traveling', 'from vendors') (reverie.text.channels)"),
    Rule("other-option", "conflict",
         "one holder's two statements name two options of one closed set ('prefers aisle "
         "seats' / 'always picks the window', 'support tier: Gold' / 'on Silver support', "
         "'Plan: Team' / 'on an Enterprise subscription', 'uses Android' / 'his phone is an "
         "iPhone', 'Primary DB: MongoDB' / 'runs everything on Postgres', 'Mobile provider: "
         "Airtel' / 'has a Vodafone SIM', 'Export format: CSV' / 'Exports should be "
         "JSON'), or one names the option the other denies; neither naming two, nor options "
         "that may be one, nor places apart, nor which of several things ('work phone'), "
         "nor what comes in and what goes out ('accepts XML' / 'returns JSON'), nor a part "
         "of a group ('most of the team'), nor the option itself as the subject ('the "
         "Enterprise plan includes SSO') (reverie.text.options)"),
    Rule("other-currency", "conflict",
         "one holder's two statements keep its money in two currencies ('billing "
         "currency: SEK' / 'is billed in Norwegian kroner', 'quotes in SEK' / 'wants all "
         "pricing in euros'; reverie.text.currencies), neither naming two nor denying, "
         "and not of two uses of money ('reporting currency' / 'invoices')"),
    Rule("other-state", "conflict",
         "one holder's setting said switched on in one statement and off in the other "
         "('dark mode is on' / 'has dark mode turned off', 'auto-renew is enabled' / "
         "'auto-renew is turned off'; reverie.text.switches), the words of each besides "
         "the state's differing by verbs only, neither negating anything but a state"),
    Rule("swapped-opposite", "conflict",
         "one holder's statements word for word alike but for a word or two, one the "
         "other's opposite (WordNet: 'priority: high' / 'priority: low'); not a denial in "
         "the swap, a thing had, figures, before and now"),
    Rule("nli-contradiction", "conflict",
         "one frame (one holder and predicate, one tense and scope, no 'also') with another "
         "value, which the NLI model says cannot both hold: p(contradiction) at least "
         "NLI_CONTRADICTION both ways"),
    Rule("memory-doubt", "conflict",
         "one holder's two statements, no rule having spoken, that the agent-memory model "
         "(SNLI, then pairs of agent-memory notes: eval/train/) says cannot both hold: "
         "p(contradiction) at least MEMORY_CONTRADICTION both ways, unless the value "
         "readers find one value said on both sides (a frequency, length of time, sum "
         "or time zone: frames._one_value_said_twice; one value of each attribute held: "
         "frames._one_value_held_twice), a figure inside the other's range, or one side "
         "only tries a value or says a change ahead ('is testing SDK 4.0', 'is being "
         "moved to Silver'); asked only when "
         "contradictions are sought, never when notes merge; sent to a person, never "
         "settled by the dream", certain=False),
    # merge blockers: not one fact, no contradiction (frames.inconsistent, frames.clash)
    Rule("differing-argument", "blocker",
         "one frame with an argument of another value ('pays by card' / 'pays by bank "
         "transfer'), or one value given two titles ('Kofi is the project's tech lead' / "
         "'... product manager')"),
    Rule("another-role", "blocker",
         "one holder leads a group, the other statement gives the holder a role in it that "
         "is no title of one who leads it ('leads the data team' / 'is an intern on the "
         "data team')"),
    Rule("opposite-polarity", "blocker",
         "one frame affirmed and denied, with an argument in common"),
    Rule("other-place", "blocker",
         "one frame at two places through other prepositions "
         "('works from home' / 'works in the office')"),
    Rule("other-number", "blocker", "two different numbers of one unit"),
    Rule("swapped-values", "blocker",
         "one holder's statements differ by a word or two, one of them another kind of the "
         "same thing (WordNet siblings or one kind: 'miles' / 'kilometers'): two values, "
         "never one note"),
    Rule("ended-state", "blocker",
         "one statement says its holder ended something ('left Tessel'), the other that "
         "it holds now ('is the CTO of Tessel'): never one note"),
    Rule("opposite-words", "blocker",
         "one holder's statements of one polarity, each with a word the other lacks that "
         "WordNet opposes ('public' / 'private'): two values, never one note"),
    Rule("opposite-states", "blocker",
         "as other-state, where a statement negates something besides the state ('dark "
         "mode is off in the app, i never use it'): two states, never one note"),
    Rule("other-attribute-values", "blocker",
         "two values of one attribute held one at a time, whoever holds them (the "
         "holders may be two, or one the parse could not tell): never one note"),
    Rule("denied-mention", "blocker",
         "one statement denies what the other mentions without denying it"),
    Rule("opposite-ratings", "blocker", "something both rate, one for and one against"),
    Rule("other-holder", "blocker",
         "one statement's holder is the other's own, a kin, a pet or a team ('Dana's "
         "brother lives in Oslo' / 'Dana lives in Oslo'): two holders, never one note"),
    Rule("other-names", "blocker",
         "names on both sides that the other statement does not mention"),
    Rule("within-range", "blocker",
         "one statement gives a range of figures and every figure the other adds lies "
         "inside it ('supports versions 3.2 through 3.8' / 'runs 3.5', 'needs Java 11 or "
         "later' / 'needs Java 17', 'is on 4.x' / 'is on 4.2'), or the one figure it "
         "gives is an end of a two-ended span ('... 3.2 through 3.8' / 'runs 3.2'): both "
         "hold, neither is the other said again, and no contradiction"),
    Rule("other-figures", "blocker",
         "numbers in figures on both sides that the other statement does not write "
         "('standup is at 9:30' / 'standup starts at 11'): two values, never one note"),
    Rule("other-sums", "blocker",
         "sums of money in one currency on both sides that the other statement does not "
         "give ('Rent: $1,850/month' / 'pays 2,100 dollars a month in rent'; '$12,400' / "
         "'12,400 USD' is one sum): two values, never one note"),
    Rule("other-frequency", "blocker",
         "how often on both sides, each a frequency the other does not give ('released "
         "every two weeks' / 'ships monthly', 'every Friday' / 'every other Friday'; "
         "'monthly' / 'every month' is one): two values, never one note"),
    Rule("other-duration", "blocker",
         "lengths of time on both sides, each one the other does not give once converted "
         "('retained for 90 days' / 'retention extended to 1 year'; '14 days' / 'two "
         "weeks' is one): two values, never one note"),
    Rule("other-setting", "blocker",
         "each statement names one value of a setting a reader knows, and not the same: a "
         "measurement system or temperature scale, a currency, a job title or a function "
         "headed, a version of one product, a channel or a file format ('weights in kg' / "
         "'weights in pounds', 'uses SDK 3.2' / 'is testing SDK 4.0')"),
    Rule("other-months", "blocker",
         "months on both sides that the other statement does not name ('wraps up on Feb "
         "28' / 'runs until March 7'): two dates, never one note"),
    Rule("nli-merge-veto", "blocker",
         "one frame with other values (as for nli-contradiction) that the NLI model doubts "
         "can both hold: p(contradiction) at least NLI_VETO both ways"),
    # same fact (frames.same_fact) or not
    Rule("link-shared-word", "link",
         "cosine at least LINK_SIMILARITY, a content word in common besides subjects, no clash"),
    Rule("link-paraphrase", "link", "cosine at least ALONE_SIMILARITY, no clash"),
    Rule("link-same-amount", "link",
         "amounts of one measure in two units, each converted one the other gives ('weighs "
         "70 kg' / 'weighs about 154 lb', '20 °C' / '68 °F'): no rule reads them as two "
         "values"),
    Rule("below-link-similarity", "apart", "cosine below LINK_SIMILARITY"),
    Rule("no-shared-word", "apart",
         "cosine below ALONE_SIMILARITY and no content word in common besides subjects"),
    # absorption: one statement says all the other says (frames.absorbs), or not
    Rule("identical", "absorption", "the same text"),
    Rule("absorbs-paraphrase", "absorption",
         "cosine at least PARAPHRASE_SIMILARITY, every salient token and negation kept"),
    Rule("absorbs-words", "absorption",
         "at least COVERAGE of the other's content words (WordNet synonyms count), at most "
         "one missing, every salient token and negation kept"),
    Rule("absorbs-no-content", "absorption",
         "the other says nothing beyond light verbs, every salient token and negation kept"),
    Rule("below-absorb-similarity", "kept", "cosine below ABSORB_SIMILARITY"),
    Rule("salient-missing", "kept", "a number, name, id or date of the other is missing"),
    Rule("dropped-token", "kept", "the dream's merge guard finds a salient token dropped"),
    Rule("swapped-value", "kept",
         "a word or two swapped for another value, no synonym ('morning' / 'evening')"),
    Rule("holder-apart", "kept",
         "one holder is the other's own, a kin, a pet or a team ('Dana is a former smoker' / "
         "'Dana's husband smokes'): what one says of one is not said of the other"),
    Rule("then-and-now", "kept",
         "one says what held before, the other what holds now ('used to smoke' / 'does "
         "not smoke'): the history is a fact of its own"),
    Rule("negation-missing", "kept", "the other is negated, this one is not"),
    Rule("words-missing", "kept",
         "more than one of the other's content words missing, or less than COVERAGE said"),
)

RULES: Mapping[str, Rule] = {r.name: r for r in _TABLE}
"""Every rule of the offline judge by name, in the order of the table."""
assert len(RULES) == len(_TABLE), "two rules share a name"


def finding(rule: str, detail: str, scores: Mapping[str, float] | None = None) -> Finding:
    """Return a :class:`Finding` of ``rule`` (a name of :data:`RULES`; KeyError otherwise)."""
    if rule not in RULES:
        raise KeyError(f"no rule {rule!r} in the offline judge's table")
    return Finding(rule, detail, scores)


def kind_of(found: Finding) -> Kind | None:
    """Return the kind of the rule behind ``found`` (None for a rule not in the table)."""
    rule = RULES.get(found.rule)
    return rule.kind if rule is not None else None


def certain(found: Finding) -> bool:
    """Whether the dream may settle the conflict ``found`` names (True for a rule not in
    the table: a model's or an LLM's)."""
    rule = RULES.get(found.rule)
    return rule is None or rule.certain
