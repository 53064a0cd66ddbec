"""Comparing two analyzed statements: conflict, clash, same fact, absorption.

Works on :class:`~reverie.judges.nlp.Analysis` (clauses with subject, predicate,
polarity and arguments) plus the cosine of the two statements' sentence embeddings.
Two clauses are *aligned* when they have the same predicate; their arguments are
compared role by role (``subject``, ``obj``, ``attr``, ``prep:<word>``, ...): two
arguments of one role *agree* when the words of one include the other's, and
*differ* otherwise. A difference is *real* -- another value, not another word for it
-- when the two arguments share their head word and differ in a modifier or number
("formal tone" / "casual tone", "40 seats" / "55 seats"), or share nothing while
another argument agrees ("the CTO signs off on purchases" / "the CFO ..."); "concise
answers" / "concise responses" (other head, a shared modifier) is no real difference.
Arguments holding a date are never compared (two imprecise dates of one event are
one event), nor are two different verbs of an ``xcomp`` ("prefers to be addressed by
first name" / "likes being called by first name").

* :func:`conflict`: the same content words with one more negation in one statement
  (whatever the parse); or aligned clauses with opposite polarity whose compared arguments
  all agree, at least one beyond the subject ("prefers phone calls for urgent issues" /
  "does not want phone calls, even for urgent issues"), or where the only difference is a
  kind the denial covers ("has no children" / "has a daughter", WordNet's hypernyms in
  :mod:`~reverie.judges.lexicon`); or two positive, non-additive
  ("also") clauses with exactly one differing argument, and that difference real
  ("the CTO signs off on software purchases" / "the CFO ..."; "formal tone" / "casual
  tone"; "40 seats" / "55 seats"). Two people (named persons) as the only difference is no
  conflict: two people may both prefer e-mail; nor is another value when only the subject
  agrees, unless the frame holds one value at a time (a copula, "prefers", "favorite"):
  "Acme uses Slack" / "Acme uses Jira" are both true (but never merged). Nor are: a
  past-tense clause against a present one ("the carrier was UPS" / "is FedEx"), another
  scope ("for calls" / "for meetings"), a copula's other subject (another attribute:
  "the billing contact" / "the technical contact"), an argument differing in two slots
  (another thing: "40 seats on Pro" / "5 seats on Enterprise"). Below
  ``CONFLICT_SIMILARITY`` (whole statements) no value differs, below
  ``NEGATION_SIMILARITY`` nothing conflicts. Last,
  opposite attitudes (:mod:`~reverie.judges.valence`, each at least ``VALENCE`` from
  neutral) of one holder to the same thing, one statement's topic including the other's
  ("loves seafood" / "seafood is gross to them").
* :func:`clash`: a conflict, or any real difference of aligned clauses, or opposite
  polarity of one frame with an agreeing argument, or a negated argument of one that
  the other mentions without denying it, or two different numbers counting one thing,
  or opposite attitudes to something both rate,
  or names on both sides that the other statement does not mention. A clash blocks a
  merge, never revokes.
* :func:`same_fact`: no clash, and a cosine at least ``LINK_SIMILARITY`` with a content
  word in common besides names, or at least ``ALONE_SIMILARITY``.
* :func:`absorbs`: ``a`` says everything ``b`` says (see the function).

Every function returns the :class:`~reverie.handlers.dream.findings.Finding` of the rule
of :data:`~reverie.judges.rules.RULES` that decided (None when the rule does not apply);
:func:`apart` and :func:`not_absorbed` say why two statements are not one fact, and why
one does not say the other.

Thresholds were calibrated on ``eval/corpus/main`` only (docs/calibration.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Protocol

from reverie.handlers.dream.findings import Finding
from reverie.judges.attributes import (
    Held,
    a_people,
    held,
    not_started,
    other_values,
    place_kind,
    whole_of,
)
from reverie.judges.lexicon import (
    agent_verb,
    is_adjective,
    is_kind_of,
    is_noun,
    one_kind,
    one_noun,
    opposite,
    siblings,
    synonyms,
    verb_of,
)
from reverie.judges.nli import NLIScores
from reverie.judges.nlp import (
    ISO_DATE,
    LIKE,
    NAME_SLOT,
    SELF,
    Analysis,
    Arg,
    Clause,
    dated,
    how_long,
)
from reverie.judges.rules import finding, kind_of
from reverie.judges.valence import ATTITUDE
from reverie.text.ages import ages_apart
from reverie.text.amounts import Amount, amounts, amounts_apart, one_unit, same_amount
from reverie.text.apart import unmatched_both_ways
from reverie.text.branches import default_branches_apart
from reverie.text.channels import (
    CHANNEL_WORDS,
    channels,
    channels_alike,
    channels_named_apart,
    turned_down,
)
from reverie.text.clock import ClockTime, clock_times, same_time
from reverie.text.currencies import CURRENCY_WORDS, Currencies, currencies, currencies_apart
from reverie.text.days import days_said
from reverie.text.degrees import degrees_apart
from reverie.text.durations import durations, durations_alike, durations_apart
from reverie.text.file_formats import file_formats_apart
from reverie.text.formats import FORMAT_WORDS, formats, orders_apart
from reverie.text.frequency import frequencies, frequencies_alike, frequencies_apart
from reverie.text.kin_counts import kin_counts, kin_counts_apart
from reverie.text.languages import Languages, languages
from reverie.text.money import sums, sums_alike, sums_apart
from reverie.text.options import options, options_alike
from reverie.text.places import one_home, places_apart
from reverie.text.preferences import reversed_preferences
from reverie.text.quantities import quantities
from reverie.text.ranges import figures, ranges
from reverie.text.roles import roles, roles_alike, roles_apart
from reverie.text.salient import dropped_tokens, salient_tokens
from reverie.text.switches import SWITCH_WORDS, switch
from reverie.text.systems import MEASURED_WORDS, SYSTEM_WORDS, systems, systems_apart
from reverie.text.titles import Title, functions_apart, ranks_apart, singular, titles_apart
from reverie.text.versions import Version, versions_apart
from reverie.text.vocabulary.abbreviations import HONORIFICS
from reverie.text.vocabulary.attributes import (
    ATTRIBUTE_QUALIFIERS,
    CITIZEN_WORDS,
    CURRENCY_NAMES,
    DOLLAR_CODES,
    DWELLER_NOUNS,
    EMPLOYER_FRAMES,
    ENGAGED_ATTRIBUTES,
    ENGAGEMENT_WORDS,
    EXCLUSIVE_RELATIONS,
    FREQUENCIES,
    MAIN_QUALIFIERS,
    MEASURE_KINDS,
    NOT_HELD_VERBS,
    OCCUPATION_KINDS,
    ORIGIN_FRAMES,
    OWNER_NOUNS,
    PASTIME_WORDS,
    PAY_USE,
    PERSON_ROLE_NOUNS,
    PERSON_SORTS,
    RELATED_PERSONS,
    RESIDENCE_FRAMES,
    SEVERAL_NOUNS,
    SORTS_BESIDES_WORK,
    STATUS_WORDS,
    VALUE_KINDS,
    VALUE_WORDS,
)
from reverie.text.vocabulary.calendar_words import (
    MONTH_NUMBERS,
    PERIODS,
    PRESENT_NOUNS,
    RECURRENCE_WORDS,
    RECURRING,
    SEASONS,
    WEEKDAYS,
)
from reverie.text.vocabulary.calendar_words import MONTHS as _MONTH_NAMES
from reverie.text.vocabulary.channels import (
    CHANNEL_NAMES,
    CHANNEL_USES,
    CHOICE_WORDS,
    OUTRIGHT_VERBS,
    REACHABLE_WORDS,
)
from reverie.text.vocabulary.diets import CONDITION_SORTS, DIETS, FOUND_IN
from reverie.text.vocabulary.function_words import (
    ADDITIVE,
    CONDITION_WORDS,
    EXCLUSIVE,
    FILLER,
    LIGHT_NOUNS,
    NEGATION_CUES,
    NO_SCOPE,
    OTHER_ONE,
    PART_WORDS,
    SELF_WORDS,
    SOLE,
)
from reverie.text.vocabulary.kinds import CIRCUMSTANCE_KINDS, CONDITIONS, TIME_KINDS, WITHOUT
from reverie.text.vocabulary.languages import ADDRESS_USES, LANGUAGE_NAMES, NATIVE_WORDS
from reverie.text.vocabulary.number_words import (
    NUMBER_WORDS,
    ORDINALS,
    QUANTITY_WORDS,
    TENS,
)
from reverie.text.vocabulary.options import OPTION_SETS, OptionSet
from reverie.text.vocabulary.products import (
    ACCESS_LEVELS,
    ACCOUNT_WORDS,
    PRODUCT_ALIASES,
    PRODUCT_FAMILIES,
    VERSION_PLACES,
    VERSION_WORDS,
)
from reverie.text.vocabulary.titles import (
    BECOME_VERBS,
    CHIEF_OFFICERS,
    INTERIM_WORDS,
    LEADING_TITLES,
    LEADING_VERBS,
    RANK_BEFORE,
    ROLE_NOUNS,
    TITLE_WORDS,
    TITLE_WORK_VERBS,
)
from reverie.text.vocabulary.verbs import (
    ATTITUDE_VERBS,
    BUYING_VERBS,
    CHANGE_VERBS,
    CONSUMING_VERBS,
    ENDING_VERBS,
    EVENT_VERBS,
    EXPIRING_VERBS,
    FORMER_KEY_QUALIFIERS,
    FORMER_PERSON_QUALIFIERS,
    FORMER_QUALIFIERS,
    HAVING_VERBS,
    INTENT_VERBS,
    OPPOSITE_VERBS,
    PARTITIVES,
    SELLING_VERBS,
    SEVERAL_FRAMES,
    TRIAL_VERBS,
)
from reverie.text.vocabulary.verbs import LIGHT_VERBS as _LIGHT_VERBS
from reverie.text.vocabulary.zones import ZONE_WORDS
from reverie.text.zones import Zone, held_zone, one_zone, standard, timed_zone, value_offsets

__all__ = [
    "ABSORB_SIMILARITY",
    "ALONE_SIMILARITY",
    "CONFLICT_SIMILARITY",
    "COVERAGE",
    "LINK_SIMILARITY",
    "NEGATION_SIMILARITY",
    "PARAPHRASE_SIMILARITY",
    "RATED_APART",
    "VALENCE",
    "Pair",
    "absorbs",
    "absorption",
    "apart",
    "clash",
    "completeness",
    "conflict",
    "inconsistent",
    "no_conflict",
    "not_absorbed",
    "one_frame",
    "same_fact",
    "shared_topic",
    "swapped_words",
]

LINK_SIMILARITY = 0.6
ALONE_SIMILARITY = 0.75
ABSORB_SIMILARITY = 0.65
PARAPHRASE_SIMILARITY = 0.85
COVERAGE = 0.7
CONFLICT_SIMILARITY = 0.5
NEGATION_SIMILARITY = 0.3
VALENCE = ATTITUDE  # each attitude's distance from neutral, for a contradiction
RATED_APART = 0.3  # and for a clash that keeps two statements from one note
NLI_SIMILARITY = NEGATION_SIMILARITY  # below it the NLI model is not asked
NLI_CONTRADICTION = 0.5  # p(contradiction), both ways, for a contradiction of one frame
NLI_PARAPHRASE = 0.6  # p(entailment), both ways, at which two values of one attribute are one
NLI_VETO = 0.35  # p(contradiction), both ways, that keeps one frame's values out of one note
# p(contradiction), both ways, of the agent-memory model for a doubt sent to a person
MEMORY_CONTRADICTION = 0.95
MEMORY_SIMILARITY = NEGATION_SIMILARITY  # below it the agent-memory model is not asked

_YEAR = re.compile(r"^(19|20)\d{2}$")
_MONTHS = frozenset([*_MONTH_NAMES, *PERIODS])
_TIMES_OF_WEEK = frozenset(WEEKDAYS) | frozenset({"morning", "afternoon", "evening", "night",
                                                  "weekday", "weekend"})
_WHEN = _MONTHS | _TIMES_OF_WEEK
# times of the week, of the day and of the year: what holds only then
_SOME_TIMES = _TIMES_OF_WEEK | SEASONS
# said as an object, times that are a part beside the rest ("spends winters in Florida",
# "works weekends at a bakery"); "works nights" is the main job's shift
_PARTS_OF_THE_YEAR = SEASONS | {"weekend"}


# prepositions of a place: "works from home" / "works in the office" are two places
_PLACES = ("prep:at", "prep:in", "prep:from")
# what a frame is for is its scope, not its value: another one is another fact
_SCOPES = frozenset({"prep:for"})
# the words of the options themselves ("aisle", "detached", "house")
_OPTION_VALUES = frozenset(p for spec in OPTION_SETS.values() for o in spec.options
                           for p in o.split())
# the words of an option of a closed set, of the set and of the things that have one: no
# holder ("Seat preference: aisle", "API responses are JSON": the API's)
_OPTION_WORDS = _OPTION_VALUES.union(*(spec.strong | spec.weak | spec.things
                                       for spec in OPTION_SETS.values()))
# as _OPTION_WORDS, but for a holder: not the options said capitalised only, English words
# besides ("team" of "the Team plan" is "the team" of "The team standardises on ...")
_OPTION_SAID = _OPTION_WORDS - frozenset(
    p for spec in OPTION_SETS.values() for o in spec.proper for p in o.split())
# words of a scope phrase that say no scope ("on the ...", "for all ...")
_NO_SCOPE_WORDS = frozenset({"the", "a", "an", "my", "his", "her", "their", "our", "your",
                             "its", "of", "to", "all", "any", "every", "each", "this", "that"})
# the words of a channel chosen or turned down: no holder ("Preferred contact channel: Slack")
# with each channel's name as the lemmatizer reads it ("Teams": "team")
_CHANNEL_SAID = frozenset({*CHOICE_WORDS, *CHANNEL_WORDS, *CHANNEL_USES,
                           *(w.removesuffix("s") for w in CHANNEL_WORDS)})
_SCOPE_SLOTS = frozenset({"prep:for", "prep:in", "prep:on"})  # what a value is for, or in
# words that name one day: a thing of one day is an exception, not the rule
_DAYS = frozenset({*WEEKDAYS, "today", "tomorrow", "tonight", "yesterday"})
# words that say a thing ended: a clause with one says the end, not that it holds
_ENDED_WORDS = frozenset({*ENDING_VERBS, *EXPIRING_VERBS, *STATUS_WORDS, "stop", "former",
                          "ex"})
_STEM = 6  # letters a word shares with another of its stem ("allerg")
_SUFFIX = 3  # letters an ending adds to a stem ("-ic", "-ies", "-tic")
_WORD = re.compile(r"[\w'-]+")
_AUXILIARIES = frozenset({"a", "an", "the", "am", "is", "are", "was", "were", "be", "been",
                          "being", "get", "gets", "got", "has", "have", "had", "do", "does",
                          "did", "m", "'m", "s", "'s", "re", "'re", "ve", "'ve"})
# attitudes and the verbs that negate a predicate ("hates", "disables"): polarity's to judge
_ATTITUDES = frozenset({*ATTITUDE_VERBS, *OPPOSITE_VERBS, *OPPOSITE_VERBS.values()})
_NEGATIONS = frozenset(NEGATION_CUES)
_NUMERIC = frozenset({*NUMBER_WORDS, *TENS, *QUANTITY_WORDS, *ORDINALS})
_SWAP = 2  # at most this many words on each side make a swap, not a rephrasing
# arguments that are verbs: another verb is as often a synonym as another value
_VERB_ROLES = frozenset({"xcomp"})
# verbs whose bare denial means one thing ("does not drink": alcohol), or nothing alone
_IDIOMATIC_DENIALS = frozenset({"drink", "have", "do", "like", "use", "get", "make", "keep"})
# verbs whose denial says the holder has none of a kind ("does not own a car")
_HAVE = frozenset({"have", "own"})


@dataclass(frozen=True)
class Pair:
    """Two analyzed statements, the cosine of their embeddings and, when the judge has an
    NLI model, how to ask it for the pair's probabilities both ways
    (:mod:`reverie.judges.nli`)."""

    a: Analysis
    b: Analysis
    cosine: float
    nli: Callable[[], NLIScores] | None = None  # asked only where it can change a verdict
    # the agent-memory model's scores both ways where p(contradiction) can reach the bound
    # given (:meth:`~reverie.judges.nli.NLIScorer.contradiction_both_ways`), else None
    memory: Callable[[float], NLIScores | None] | None = None


def completeness(facts: Analysis) -> int:
    """How much a statement says: its content words and salient tokens."""
    return len(facts.content) + len(facts.salient)


def _dated(arg: Arg) -> bool:
    """An ISO date, a month or week with a year ("March 2026"), or a year alone ("in
    2025", what "last year" becomes): :func:`~reverie.judges.nlp.dated`."""
    return dated(arg.words)


def _content(words: frozenset[str]) -> frozenset[str]:
    return words - {SELF}


def _agree(x: frozenset[str], y: frozenset[str]) -> bool:
    return x <= y or y <= x


@dataclass(frozen=True)
class _Difference:
    role: str
    shared: frozenset[str]  # words both arguments have
    same_head: bool  # one head, another modifier or number ("formal tone" / "casual tone")
    numbers: bool = False  # two different numbers
    named: bool = False  # only a name differs: "the Slack integration" / "the Jira ..."


@dataclass(frozen=True)
class _Alignment:
    agree: tuple[str, ...]  # roles whose arguments agree and say something
    differ: tuple[_Difference, ...]
    copula: bool = False  # "X is V" or "prefers V": one value at a time
    holder: bool = False  # both subjects are the note's holder ("the user" / "they")
    only: bool = False  # one side says its value is the only one ("only speaks English")

    def real(self, *, same_subject_enough: bool = False) -> list[_Difference]:
        """Differences that are another value, not another word for it: one head with
        another modifier, or nothing in common while something else agrees ("concise
        answers" / "concise responses" is not another value). The subject alone agreeing
        is enough only for a copula or a preference, or when ``same_subject_enough``
        (a merge blocker): "Acme uses Slack" / "Acme uses Jira" are two values that can
        both be true -- no contradiction, but not one fact either; "the quota is $250,000"
        / "the quota is $300,000" and "prefers Zoom" / "prefers Google Meet" conflict.
        The note's holder on both sides ("the customer pays monthly" / "the customer pays
        annually") is one subject for a merge blocker only: as a contradiction it called
        "my favorite player is Mike Trout" / "I am a huge fan of baseball" one (DNLI); it
        is one subject where a side says its value is the only one ("the user only speaks
        English" / "the user speaks French")."""
        one_at_a_time = self.copula or self.only or same_subject_enough
        beside = () if one_at_a_time else ("subject",)
        holder = self.holder and (same_subject_enough or self.only)
        # another name on one head is another thing, like "uses Slack" / "uses Jira":
        # another value only where the frame holds one at a time
        return [
            d
            for d in self.differ
            if (d.same_head and (one_at_a_time or not d.named))
            or (
                not d.shared
                and (holder or any(r not in (d.role, *beside) for r in self.agree))
            )
        ]


def _align(c: Clause, d: Clause) -> _Alignment:
    agree: list[str] = []
    differ: list[_Difference] = []
    holder = SELF in c.subject and c.subject == d.subject
    if holder and _content(c.subject):
        agree.append("subject")  # "the user's manager" on both sides
    elif c.subject and d.subject and SELF not in c.subject | d.subject:
        # "we" / "they" / "the user" are whoever the note is about: never another subject
        if _agree(c.subject, d.subject):
            if _content(c.subject & d.subject):
                agree.append("subject")
        else:
            same_head = bool(c.subject_head) and c.subject_head == d.subject_head
            differ.append(_Difference("subject", _content(c.subject & d.subject), same_head))
    elif _one_named_thing(c, d):
        agree.append("subject")  # "our dog Biscuit" / "Biscuit": one name, its owner said once
    elif _things_of_the_holder(c, d):
        # "reports" / "the user's shipping labels": two things, one of them the user's
        differ.append(_Difference("subject", _content(c.subject & d.subject), False))
    elif _two_things_of_the_holders(c, d):
        # "the user's son" / "the user's daughter", "the user's laptop" / "... desktop":
        # two things of the holder's, not the holder twice
        differ.append(_Difference("subject", _content(c.subject & d.subject - {SELF}), False))
    # each role's first argument (Clause.arg), looked up once per side
    theirs: dict[str, Arg] = {}
    for a in d.args:
        theirs.setdefault(a.role, a)
    ours: dict[str, Arg] = {}
    for a in c.args:
        ours.setdefault(a.role, a)
    for role, x in ours.items():
        y = theirs.get(role)
        if y is None or _dated(x) or _dated(y):
            continue
        numbers_differ = _numbers_differ(x, y)
        if (_agree(x.words, y.words) or _abbreviates(x.words, y.words)) and not numbers_differ:
            if _content(x.words & y.words):
                agree.append(role)
        elif role in _VERB_ROLES:
            continue  # two verbs ("to be addressed" / "being called") are not two values
        else:
            slots = _slots_differing(x, y, numbers_differ)
            # "three kids" / "one child": a count of one thing named by two synonyms
            one_thing = x.head == y.head or (numbers_differ and synonyms(x.head, y.head))
            same_head = one_thing and (slots is None or slots == 1)
            differ.append(_Difference(role, _content(x.words & y.words), same_head,
                                      numbers_differ, _names_differ(x, y)))
    return _Alignment(
        tuple(agree),
        tuple(differ),
        c.predicate == "be" or c.exclusive or d.exclusive,
        holder=holder,
        only=c.only or d.only,
    )


def _two_things_of_the_holders(c: Clause, d: Clause) -> bool:
    """Both subjects are things of the note's holder's and name two things: their other
    words disagree and their heads are neither one noun nor synonyms ("the user's son" /
    "the user's daughter"; not "the user's son" / "the user's boy", "our house" / "our
    place"), or one names a person the other does not ("the user's birthday" / "the
    user's son's birthday")."""
    if SELF not in c.subject or SELF not in d.subject:
        return False
    x, y = c.subject - {SELF}, d.subject - {SELF}
    if not (x and y) or x == y:
        return False
    if _agree(x, y):  # "the user's birthday" / "the user's son's birthday": someone else's
        return any(is_kind_of(w, "person") for w in x ^ y)
    if c.subject_head == d.subject_head:
        return False
    return not (one_noun(c.subject_head, d.subject_head)
                or synonyms(c.subject_head, d.subject_head))


def _one_named_thing(c: Clause, d: Clause) -> bool:
    """One subject is a name, the other that name with the note's holder and what the
    named is to them, a being ("our dog Biscuit" / "Biscuit", "my sister Ana" / "Ana"):
    one being, its owner said once. Not an attribute of the named ("Dr. Okafor's role
    with us")."""
    named, owned = (c, d) if c.subject_name else (d, c)
    if not named.subject_name or SELF in named.subject or SELF not in owned.subject:
        return False
    more = _content(owned.subject) - named.subject
    return (bool(named.subject) and named.subject < owned.subject and bool(more)
            and all(is_kind_of(w, "organism") for w in more))


def _things_of_the_holder(c: Clause, d: Clause) -> bool:
    """Subjects that name two things, one said to be the note's holder's and one not
    ("reports" / "the user's shipping labels"): neither's words include the other's, and
    their heads are not one noun. Two things both the holder's ("the user's house" / "our
    place") may be one named twice."""
    if (SELF in c.subject) == (SELF in d.subject):
        return False
    x, y = _content(c.subject - {SELF}), _content(d.subject - {SELF})
    return bool(x and y) and not _agree(x, y) and not one_noun(c.subject_head, d.subject_head)


def _numbers_differ(x: Arg, y: Arg) -> bool:
    """Both arguments give numbers, and neither's are among the other's ("11:00" / "9:30",
    "Go 1.22" / "Go 1.21")."""
    return bool(x.numbers and y.numbers) and not _agree(x.numbers, y.numbers)


def _qualified(c: Clause, d: Clause) -> bool:
    """The denial is of something narrower than what the other clause affirms: an argument
    with more words ("loves Python" / "hates Python's packaging tools", "likes tea" / "does
    not like green tea"),
    or another restriction of the same kind ("has no offices in Europe" / "has an office
    in Chicago": the place is an argument of the verb on one side, a modifier of the noun
    on the other), or a circumstance only the denial says ("not Hindi at work"). Denying a
    part does not deny the whole."""
    negative, positive = (c, d) if c.negated else (d, c)
    for x in negative.args:
        if _dated(x):
            continue
        y = positive.arg(x.role)
        if y is None:
            if _restricted_otherwise(x, positive):
                return True
            continue
        if _dated(y):
            continue
        if _content(y.words) < _content(x.words) and (
                x.head != y.head or _content(x.words) - y.words <= _modifying(x)):
            return True  # "likes tea" / "does not like green tea" (not "vegetables or fruit")
    # a denial said of a circumstance the other does not say ("speaks English, not Hindi,
    # at work" / "speaks Hindi"; not "doesn't drink coffee" / "drinks coffee in the morning")
    return _denied_at_some_times(negative, positive) or _denied_there(negative, positive)


def _denied_there(negative: Clause, positive: Clause) -> bool:
    """The denial, or its denied aside with the clause's circumstances (``Clause.scope``),
    is said of a circumstance the affirmed clause does not say ("speaks English, not Hindi,
    at work" / "speaks Hindi"): denied there, not everywhere."""
    return _circumstance_of_one(replace(negative, args=negative.args + negative.scope),
                                positive, "", wishes=False)


_BOUNDS = frozenset({"prep:after", "prep:before", "prep:past", "prep:until", "prep:till"})


def _denied_at_some_times(negative: Clause, positive: Clause) -> bool:
    """The denial holds at some times only, and the affirmed clause names no time ("drinks
    coffee" / "does not drink coffee after 2 pm", "... in the evening"): denying a part of
    the day or week does not deny the habit. Not against a time said ("works Saturdays"
    / "does not work on weekends")."""
    said = {w for x in positive.args for w in x.words} | {
        w for x in positive.args for _, phrase in x.mods or () for w in phrase.split()}
    if said & _TIMES_OF_WEEK or any(x.role in _BOUNDS for x in positive.args):
        return False
    return any(x.role in _BOUNDS for x in negative.args) or _sometimes(negative)


def _modifying(x: Arg) -> frozenset[str]:
    """The words of ``x``'s modifiers ("green" of "green tea"; none of a conjunct)."""
    return frozenset(w for _, phrase in x.mods or () for w in phrase.split())


def _restrictions(
    c: Clause, role: str, value: frozenset[tuple[str, str]]
) -> dict[str, frozenset[str]]:
    """The clause's prepositional phrases but the value's (``role``, and the slots
    ``value`` of its argument), whether the parse put them on the verb ("prefers light
    mode | in the terminal") or on a noun ("prefers dark mode in the IDE"), by
    preposition."""
    found: dict[str, set[str]] = {}
    for a in c.args:
        if a.role.startswith("prep:") and a.role != role and not _dated(a):
            found.setdefault(a.role, set()).update(_content(a.words))
        for slot, phrase in a.mods or ():
            if slot.startswith("prep:") and slot != role and (a.role, slot) not in value:
                found.setdefault(slot, set()).update(phrase.split())
    return {k: frozenset(v) for k, v in found.items() if v}


def _restricted_apart(c: Clause, d: Clause, role: str) -> bool:
    """Besides the value in ``role``, the clauses restrict the frame by one preposition to
    other things: two scopes, each with its value, not one frame with two. A preposition
    on the value's argument on both sides is the value ("replies in English" / "replies
    in Spanish")."""
    value = frozenset((role, slot) for slot in _prep_slots(c.arg(role)) & _prep_slots(d.arg(role)))
    mine, theirs = _restrictions(c, role, value), _restrictions(d, role, value)
    return any(not _agree(mine[p], theirs[p]) for p in mine.keys() & theirs.keys())


def _each_placed(c: Clause, d: Clause, role: str) -> bool:
    """Each value of a copula is placed by a preposition of its own, another on each side,
    and no place is said by both ("a senior engineer at Acme" / "a junior mentor in the
    volunteer program"): two things one is, each where it is."""
    x, y = c.arg(role), d.arg(role)
    if c.predicate != "be" or x is None or y is None:
        return False
    mine, theirs = _prep_slots(x), _prep_slots(y)
    # one preposition on both is the value's ("due on the 1st" / "due on the 15th")
    if not (mine and theirs) or mine & theirs:
        return False
    placed = {w for h in _hung(x) for w in h.words}
    return not placed & {w for h in _hung(y) for w in h.words}


def _prep_slots(a: Arg | None) -> set[str]:
    return {slot for slot, _ in (a.mods or () if a is not None else ()) if slot.startswith("prep:")}


def _restricted_otherwise(x: Arg, clause: Clause) -> bool:
    """``x`` is a prepositional argument ("in Europe") and ``clause`` puts the same
    preposition on one of its arguments with other words ("an office in Chicago")."""
    if not x.role.startswith("prep:"):
        return False
    words = {
        word
        for a in clause.args
        for slot, phrase in (a.mods or ())
        if slot == x.role
        for word in phrase.split()
    }
    return bool(words) and not _content(x.words) & words


def _denied_kind(c: Clause, d: Clause, al: _Alignment) -> bool:
    """One clause denies a whole kind and the other affirms one of its kind, the rest
    agreeing: "has no children" / "has a daughter", "does not have any animals" / "has 3
    dogs" (WordNet's hypernyms, :func:`~reverie.judges.lexicon.is_kind_of`). The kind
    must be bare (its head and nothing else): "no cats indoors" denies less."""
    if len(al.differ) != 1 or al.differ[0].role == "subject":
        return False
    negative, positive = (c, d) if c.negated else (d, c)
    x, y = negative.arg(al.differ[0].role), positive.arg(al.differ[0].role)
    if x is None or y is None:
        return False
    kind = _bare_kind(x)
    if x.head == y.head:  # "has no food allergies" / "has a peanut allergy"
        return _denied_sort(x, y, kind)
    return kind is not None and is_kind_of(y.head, kind)


def _denied_sort(x: Arg, y: Arg, kind: str | None) -> bool:
    """Denied ``x`` and affirmed ``y``, one noun, name one sort of it: ``x`` bare ("no
    allergies" / "a peanut allergy"), or a modifier of ``y`` a kind of ``x``'s one
    modifier ("no food allergies" / "a shellfish allergy"; not "no food allergies" / "a
    pollen allergy")."""
    sorts = {w for dep, w in (y.mods or ()) if dep in {"compound", "amod"}}
    if not sorts:
        return False
    if kind == x.head:
        return True
    mine = [w for dep, w in (x.mods or ()) if dep in {"compound", "amod"}]
    return len(mine) == 1 and any(is_kind_of(w, mine[0]) for w in sorts)


def _bare_denial(c: Clause) -> bool:
    """A verb denied with nothing after it ("does not run", "doesn't drive"): every way of
    doing it is denied; "does not drink" means alcohol, and a copula says nothing alone."""
    return not c.args and c.predicate not in _IDIOMATIC_DENIALS and c.predicate != "be"


def _intransitive(c: Clause) -> bool:
    """The verb acts on nothing but a measure ("runs 5 km every morning"; not "runs the
    marketing team", another sense of it)."""
    x = c.arg("obj")
    return x is None or bool(x.numbers)


def _bare_kind(x: Arg) -> str | None:
    """The kind ``x`` names and nothing else: its head alone, or its head with the
    modifiers WordNet makes one noun of ("musical instrument"); None when it says more
    ("no cats indoors", "no vegan dishes")."""
    rest = _content(x.words) - {x.head}
    if not rest:
        return x.head
    if x.mods is None or {w for _, w in x.mods} != rest:
        return None
    words = [w for dep, w in sorted(x.mods) if dep in {"amod", "compound"}]
    if len(words) != len(rest):
        return None
    compound = " ".join([*words, x.head])
    return compound if is_noun(compound) else None


def _denied_consumption(pair: Pair) -> Finding | None:
    """One statement denies taking in a whole kind, now ("does not drink coffee", "does
    not take any medication"), or names a diet or a condition that rules it out ("is
    vegan", "is lactose intolerant", "has a shrimp allergy"); the other has the same
    holder take in one of its kind, now, or like it where a verb or a diet denied it
    ("has two espressos every morning", "enjoys a glass of red wine" of "does not drink
    alcohol", "eats a cheese omelette" of "is vegan"; WordNet's hypernyms)."""
    for denying, taking in ((pair.a, pair.b), (pair.b, pair.a)):
        for c in denying.clauses:
            kinds, why = _denied_kinds(c)
            if not kinds:
                continue
            # a condition rules out taking it in, not having one ("allergic to cats" / "we
            # have two cats") nor liking it
            verbs = (_TAKING_IN if why == "condition"
                     else CONSUMING_VERBS | {c.predicate, "like"})
            for d in taking.clauses:
                if (d.negated or d.past or d.hypothetical
                        or not _agree(c.subject, d.subject) or _two_holders(c, d)
                        or not (d.predicate in verbs or _likes_taking_in(d))):
                    continue
                named = c.subject - {SELF}
                if why != "verb" and ((named and named != d.subject - {SELF})
                                      or _sometimes(c) or _sometimes(c, *c.args)):
                    continue  # "the kids are allergic to nuts" / "eats almonds"; a diet of
                    # some days ("vegetarian on weekdays" / "eats meat on weekends"); a
                    # note of no subject is its holder's ("Vegan." / "Dana eats cheese")
                if why == "verb" and _sometimes(c):
                    continue  # "doesn't take vitamin D during summer": then only
                y = d.arg("obj")
                taken = _taken(y)
                if (why == "verb" and d.predicate == c.predicate and y is not None
                        and taken == (y.head,)):
                    continue  # one frame: denied-kind's to say, with the rest aligned
                # a kind a verb denies is its own frame ("does not drink coffee" / "likes
                # coffee" is negated-frame's); a diet's or a condition's is not
                found = next(((thing, k) for thing in taken for k in kinds
                              if (thing != k or why != "verb")
                              and is_kind_of(thing, k, any_sense=True)), None)
                if found is not None:
                    thing, kind = found
                    return finding("denied-consumption", (
                        f"'{_quote(denying.text)}' rules out any {kind.replace('_', ' ')} "
                        f"({why}); '{_quote(taking.text)}' takes in {thing}, a kind of it"))
    return None


def _likes_taking_in(c: Clause) -> bool:
    """The clause likes taking something in ("loves eating shrimp", "enjoys drinking
    milk"): it takes it in, as "eats shrimp" does."""
    return c.predicate == "like" and any(
        x.role == "xcomp" and x.head in _TAKING_IN for x in c.args)


# verbs of taking something in but "have", which also says what one has ("has two cats")
_TAKING_IN = CONSUMING_VERBS - {"have"}


def _denied_kinds(c: Clause) -> tuple[tuple[str, ...], str]:
    """The kinds a clause says its holder takes in none of, now, and why: a consuming verb
    denied ("does not drink coffee": ``verb``), a diet ("is vegan": :data:`DIETS`) or a
    condition ("has a shrimp allergy", "is lactose intolerant": what it names, or what
    that is found in, :data:`FOUND_IN`)."""
    if c.past or c.hypothetical:
        return (), ""
    if c.predicate == "be" and not c.negated:
        value = c.arg("attr")
        return (tuple(sorted(DIETS.get(value.head, ()))) if value is not None else ()), "diet"
    x = c.arg("obj")
    if x is None:
        return (), ""
    if c.predicate == "have" and not c.negated and x.head in CONDITIONS.values():
        said = [w for slot, phrase in x.mods or () if slot in {"compound", "amod"}
                for w in phrase.split() if is_noun(w) and w not in CONDITION_SORTS]
        kinds = {k for w in said for k in FOUND_IN.get(w, {w})}
        return tuple(sorted(kinds)), "condition"
    if not c.negated or c.predicate not in CONSUMING_VERBS:
        return (), ""
    kind = _bare_kind(x)
    return ((kind,) if kind is not None else ()), "verb"


def _never_done(pair: Pair) -> Finding | None:
    """One statement says its holder has never done a thing ("has never smoked", "has
    never used React"); the other that the same holder did or does it ("smoked in
    college", "used React at her last job"), used to ("used to smoke") or quit doing it
    ("quit smoking two years ago"): what was done once was done."""
    for denying, doing in ((pair.a, pair.b), (pair.b, pair.a)):
        for c in denying.clauses:
            if not (c.never and c.negated) or c.hypothetical:
                continue
            for d in doing.clauses:
                if d.hypothetical or c.subject != d.subject:
                    continue  # "the user's team uses React" is the team's
                if _done(c, d):
                    return finding("never-done", (
                        f"'{_quote(denying.text)}' says it never happened; "
                        f"'{_quote(doing.text)}' says it did"))
    return None


def _done(never: Clause, d: Clause) -> bool:
    """``d`` says the act ``never`` denies happened: quitting it ("quit" and "stop" are
    "continue" denied), "used to" it, or the same verb affirmed, its object agreeing (or,
    without objects, saying each preposition the denial says: "never lived outside Texas"
    is not denied by "lived in Texas")."""
    verb, what = never.predicate, never.arg("obj")
    if d.negated:
        done = d.arg("obj") or d.arg("xcomp")
        return (d.predicate == "continue" and what is None and done is not None
                and verb_of(done.head) == verb)
    if d.predicate == "use" and d.past and (used := d.arg("xcomp")) is not None:
        return used.head == verb and what is None  # "used to smoke"
    if d.predicate != verb:
        return False
    y = d.arg("obj")
    if what is None or y is None:
        # "has never lived outside Texas" / "lived in Texas": what is denied is where
        return what is None and y is None and all(
            d.arg(x.role) is not None for x in never.args if x.role.startswith("prep:"))
    # "has never installed Docker" / "installed Docker Desktop": a product of the name
    return (y.head == what.head or is_kind_of(y.head, what.head)
            or any(kind == "name" and what.head in words.split() for kind, words in y.mods or ()))


def _taken(y: Arg | None) -> tuple[str, ...]:
    """What an argument says is taken in: its head, or what a measure of it holds ("a
    glass of red wine": wine); where nouns before it make it another thing, what they
    name ("oat milk": oat, "a cheese omelette": cheese); nothing where a diet does
    ("vegan cheese")."""
    if y is None:
        return ()
    # (word, said as a noun): a compound, or a name where the tagger makes one of a
    # common noun ("almond milk", "peanut butter")
    mods = [(w, slot in {"compound", NAME_SLOT}) for slot, phrase in y.mods or ()
            if slot in {"amod", "compound", NAME_SLOT} for w in phrase.split()]
    head = y.head
    if y.head in PARTITIVES:
        of = [phrase.split() for slot, phrase in y.mods or () if slot == "prep:of"]
        if not of:
            return ()
        *before, head = of[0]
        mods = [(w, False) for w in before]
    if any(w in DIETS for _, phrase in y.mods or () for w in phrase.split()):
        return ()  # "vegan cheese", whether the parse makes "Vegan" a name or not
    # a noun the parse compounds ("peanut butter"), or a word only a noun ("red wine": wine)
    nouns = tuple(w for w, compound in mods
                  if is_noun(w) and (compound or not is_adjective(w)))
    compound = "_".join([*nouns, head])
    # "ice cream": one WordNet noun, and a thing of its own
    return (compound, *nouns) if nouns and is_noun(compound) else nouns or (head,)


def _abbreviates(x: frozenset[str], y: frozenset[str]) -> bool:
    """One side is one word made of the initials of the other's words ("CET" / "Central
    European Time", "USD" / "US dollar": a word of up to three letters gives them all)."""
    for short, long in ((x, y), (y, x)):
        if len(short) != 1 or len(long) < 2:
            continue
        word = next(iter(short))
        if not word.isalpha() or not 2 <= len(word) <= 5:
            continue
        letters = "".join(w if len(w) <= 3 and w.isalpha() else w[:1] for w in long)
        if sorted(word) == sorted(letters):
            return True
    return False


def _names_differ(x: Arg, y: Arg) -> bool:
    """Both arguments name which thing they are with a proper noun, and not the same
    one ("the Slack integration" / "the Jira integration")."""
    if x.mods is None or y.mods is None:
        return False
    xs = {w for d, w in x.mods if d == NAME_SLOT}
    ys = {w for d, w in y.mods if d == NAME_SLOT}
    return bool(xs and ys) and not (xs <= ys or ys <= xs)


def _slots_differing(x: Arg, y: Arg, numbers_differ: bool) -> int | None:
    """How many of its modifier slots two arguments with one head fill with other words
    ("formal tone" / "casual tone": one), rather than describe it in other ways ("a pet
    dog" / "a dog that has behavioral issues", "one son" / "an 18 year old son": none).
    Slots are adjectives, compounds, numbers and prepositional phrases ("replies in
    English" / "replies in Spanish"). Another value fills one slot; two differing slots
    are another thing ("40 seats on the Pro plan" / "5 seats on the Enterprise plan").
    None when the modifiers are not known (any difference then counts)."""
    if x.mods is None or y.mods is None:
        return None
    count = 0
    numbers = numbers_differ
    for dep in {d for d, _ in x.mods} & {d for d, _ in y.mods}:
        xs = {w for d, w in x.mods if d == dep}
        ys = {w for d, w in y.mods if d == dep}
        if xs and ys and not (xs <= ys or ys <= xs):
            if dep == "nummod":
                numbers = True
            else:
                count += 1
    return count + numbers


def _two_things_done_alike(c: Clause, d: Clause) -> bool:
    """Two clauses of one verb, no copula, whose subjects are two things, neither a
    person, an organization nor the holder ("Rent is split 50/50" / "Utilities are split
    60/40"): two facts, not two doers of one deed."""
    if c.predicate == "be" or not c.subject_head or not d.subject_head:
        return False
    return not any(SELF in x.subject or x.subject_name or is_kind_of(x.subject_head, "person")
                   or is_kind_of(x.subject_head, "organization") for x in (c, d))


def _interim_beside(c: Clause, d: Clause) -> bool:
    """One clause says its value holds for a while ("the interim CFO", "acting head of
    finance", "temporary lead"), the other does not: held beside a permanent one."""
    def interim(x: Clause) -> bool:
        return bool((x.subject | {w for a in x.args for w in a.words}) & INTERIM_WORDS)
    return interim(c) != interim(d)


def _times(c: Clause) -> frozenset[str]:
    """The days, times of day and seasons a clause's arguments say."""
    return frozenset(w for x in c.args for w in x.words if w in _SOME_TIMES)


def _at_other_times(c: Clause, d: Clause, role: str) -> bool:
    """The clauses say other days, times of day or seasons, each its own, and their values
    differ in more than those ("at 9:30 Monday to Thursday" / "at 11:00 on Fridays"): a
    scope each. A time on one side only may be a rate ("6 hours a night"). Where only the
    day differs ("a meeting on Wednesdays" / "... on Thursdays", "due on Friday the 12th" /
    "due on Monday") the day is the value."""
    mine, theirs = _times(c), _times(d)
    if mine == theirs or not (mine and theirs):  # "sleeps 6 hours a night" / "... 8 hours"
        return False
    x, y = c.arg(role), d.arg(role)
    if x is None or y is None:
        return False
    rest, others = x.words - mine, y.words - theirs
    if any(_ORDINAL_DAY.fullmatch(w) for w in rest | others):
        return False  # "due on Friday the 12th" / "... on Monday the 15th": two dates
    return bool(rest) and bool(others) and rest != others


_ORDINAL_DAY = re.compile(r"\d{1,2}(?:st|nd|rd|th)")


def _two_occasions(c: Clause, d: Clause, role: str) -> bool:
    """The clauses differ only in the month a thing is done ("visits Oslo in April" /
    "... in January"): done twice, or once; the words cannot tell, so not a contradiction
    of their own. A copula ("the deadline is in May") and a thing's start, end or renewal
    (:data:`EVENT_VERBS`, :func:`_other_event_date`) have one date; so has a birth."""
    if c.predicate in EVENT_VERBS or c.predicate in {"be", "bear"}:
        return False
    x, y = c.arg(role), d.arg(role)
    return x is not None and y is not None and _month_only(x) and _month_only(y)


def _month_only(x: Arg) -> bool:
    """The argument says a month and nothing else but a day or a year ("in April", "on 3
    May 2026")."""
    words = x.words | {x.head}
    return (x.head in MONTH_NUMBERS
            and all(w in MONTH_NUMBERS or w.isdigit() or _ORDINAL_DAY.fullmatch(w)
                    for w in words))


def _access_elsewhere(c: Clause, d: Clause, difference: _Difference) -> bool:
    """One level of access said of two things ("an admin on the billing account" / "an
    admin on the analytics account"): access is held per thing, so two grants."""
    x, y = c.arg(difference.role), d.arg(difference.role)
    return (difference.same_head and x is not None and y is not None
            and x.head in ACCESS_LEVELS and x.head == y.head)


def _persons(c: Clause, d: Clause) -> bool:
    """Both subjects are names ("Ana", "Ben"): two of them may share a value."""
    return c.subject_name and d.subject_name


def _value_named_by_other(pair: Pair, c: Clause, d: Clause, role: str) -> bool:
    """A word of the value of one clause's ``role`` that the other's lacks is named by the
    other statement, by a word of its stem ("Brazilian" / "a dual citizen of
    Italy and Brazil"): the other says it holds as well, not another value."""
    x, y = c.arg(role), d.arg(role)
    if x is None or y is None:
        return False
    for own, theirs, other in ((x, y, pair.b), (y, x, pair.a)):
        if any(_of_one_stem(w, v) for w in _content(own.words - theirs.words)
               for v in other.lemmas):
            return True
    return False


def _two_nationalities(c: Clause, d: Clause, role: str) -> bool:
    """Both values are nationalities ("German", "a Swiss citizen", "Japanese citizenship",
    "a naturalized American"), neither said to be the only one: one may hold two."""
    x, y = c.arg(role), d.arg(role)
    return (x is not None and y is not None and not (c.only or d.only)
            and _a_nationality(x) and _a_nationality(y))


def _a_nationality(z: Arg) -> bool:
    """The value says a nationality: a word of citizenship, or a people's name (WordNet's
    inhabitants: "Brazilian", "American"; not "a resident", "a local")."""
    return bool(z.words & CITIZEN_WORDS) or (
        bool(z.head) and is_kind_of(z.head, "inhabitant", any_sense=True)
        and z.head not in CITIZEN_WORDS | DWELLER_NOUNS)


def _of_one_stem(u: str, v: str) -> bool:
    """Two words of one stem, not one word: one starts with all of the other but its last
    letter, which has four at least ("Italy" / "Italian", "Brazil" / "Brazilian")."""
    short, long = sorted((u, v), key=len)
    return (len(short) >= 5 and long != short and long.startswith(short[:-1])
            and short[-1:].isalpha())


def _narrowed_subject(pair: Pair, c: Clause, d: Clause) -> bool:
    """Copulas whose subjects are one noun, one side with a word in front of it the other
    lacks that is not a qualifier of use ("Dana's manager" / "Dana's project manager",
    "skip-level manager"; not "default currency"), or a name in front of a noun of its
    owner both say ("the EU site's default language" / "the site's ..."): two attributes,
    not two values."""
    if c.predicate != "be" or c.subject_head != d.subject_head or not c.subject_head:
        return False
    for x, y, facts in ((c, d, pair.a), (d, c, pair.b)):
        owners = x.subject & y.subject - SELF_WORDS - {c.subject_head}
        for word in x.subject - y.subject - ATTRIBUTE_QUALIFIERS - SELF_WORDS:
            nouns = "|".join(map(re.escape, sorted(
                {c.subject_head} | (owners if word in facts.salient else set()))))
            if re.search(rf"\b{re.escape(word)}[\s-]+(?:{nouns})\b", facts.text, re.IGNORECASE):
                return True
    return False


# a preposition of scope in a copula's subject, before its verb ("the manager for the
# Atlas project is", "working hours in summer are", "time zone while travelling is")
_SCOPE_IN_SUBJECT = r"\b(?:for|in|on|at|during|while|when|outside|after|before|with)\b"
_COPULA = re.compile(r"\b(?:is|are|was|were)\b|:", re.I)


def _scope_in_subject(pair: Pair, c: Clause, d: Clause) -> bool:
    """Copulas one of whose subjects says, after a preposition before the verb, words the
    other subject does not ("Dana's manager for the Atlas project is Mia" / "Dana's manager
    is Leo"): the value of a scope of its own, beside the general one."""
    if c.predicate != "be":
        return False
    return (_subject_scoped(pair.a.text, c.subject - d.subject)
            or _subject_scoped(pair.b.text, d.subject - c.subject))


def _subject_scoped(text: str, words: frozenset[str]) -> bool:
    """Of ``words``, a copula's subject's, one follows a preposition of scope before the
    verb of ``text`` ("Raj's currency for UK invoices is"): a scope the subject says."""
    scoped = _scoped_before_verb(text)
    if not scoped:
        return False
    # a lemma's stem ("delivery": "deliveries")
    stems = [w[:max(3, len(w) - 1)] for w in words - ATTRIBUTE_QUALIFIERS - SELF_WORDS - {SELF}]
    return any(token.startswith(stem) for stem in stems for token in scoped)


_SCOPED = re.compile(_SCOPE_IN_SUBJECT + r"((?:\s+[\w'-]+){1,4})", re.IGNORECASE)


@lru_cache(maxsize=1 << 14)
def _scoped_before_verb(text: str) -> tuple[str, ...]:
    """The words, in lower case, of the up to four after each preposition of scope before
    the first copula of ``text`` (remembered per text)."""
    verb = _COPULA.search(text)
    if verb is None:
        return ()
    return tuple(w.lower() for m in _SCOPED.finditer(text, 0, verb.start())
                 for w in m.group(1).split())


def _two_attributes(c: Clause, d: Clause) -> bool:
    """Copulas whose subjects name two attributes ("the billing contact is Dana" / "the
    technical contact is Dana"), not one counted twice ("my 2 brothers are ..." / "my 4
    brothers are ...")."""
    return c.predicate == "be" and not all(w[:1].isdigit() for w in c.subject ^ d.subject)


def _one_who_does_several(c: Clause, d: Clause, role: str) -> bool:
    """Copulas whose nouns are one noun of one who does a thing that takes several values
    at once (:data:`SEVERAL_FRAMES`: a "speaker" speaks, and may speak several languages),
    each with its own: "a native Mandarin speaker" / "an English speaker"."""
    x, y = c.arg(role), d.arg(role)
    if c.predicate != "be" or role != "attr" or x is None or y is None or x.head != y.head:
        return False
    verb = agent_verb(x.head)
    return verb is not None and (verb, "obj") in SEVERAL_FRAMES


def _clause_conflict(c: Clause, d: Clause, names: frozenset[str] = frozenset()
                     ) -> tuple[str, str] | None:
    """Return the rule by which two clauses conflict and the role that differs, or None;
    ``names`` are the two statements' proper names."""
    if c.predicate != d.predicate or c.past != d.past:
        return None  # "Acme's carrier was UPS" / "Acme's carrier is FedEx": both true
    if _may_and_does(c, d):
        return None  # "takes 25 minutes" / "can take 50 minutes on bad days"
    if _two_things(c, d):
        return None  # "User likes hiking" / "User's husband does not like hiking"
    al = _align(c, d)
    if c.negated != d.negated:
        if _denied_kind(c, d, al):
            return "denied-kind", ""
        if (_bare_denial(c if c.negated else d) and _intransitive(d if c.negated else c)
                and not any(x.role == "subject" and x.shared for x in al.differ)):
            # "does not run" / "runs 5 km every morning"; not "the users table is not
            # partitioned" / "the events table is partitioned by month": two tables
            return "negated-frame", ""
        if not al.differ and _denied_among_all(c, d, al.agree):
            return "negated-frame", ""  # "never by phone or SMS" / "by SMS"
        if al.differ or not any(r != "subject" for r in al.agree) or _qualified(c, d):
            return None
        return "negated-frame", ""
    if c.negated or len(al.differ) != 1 or _inverted(c, d) or _one_inverted(c, d, names):
        return None
    real = al.real()
    if not real:
        return None
    if (c.additive or d.additive) and not (real[0].same_head and real[0].numbers):
        return None  # "also handles Texas": another value besides, unless a count
    if real[0].role in _SCOPES:
        return None  # "prefers Zoom for calls" / "likes Zoom for meetings": two scopes
    if (c.predicate, real[0].role) in SEVERAL_FRAMES and not (c.only or d.only or al.only):
        return None  # "accepts payment in USD" / "... in EUR": both; not "only speaks"
    if _one_who_does_several(c, d, real[0].role):
        return None  # "is a native Mandarin speaker" / "is an English speaker": both
    if _for_one_only(c, d, real[0].role) or _for_one_only(d, c, real[0].role):
        return None  # "prefers imperial units for cooking" / "prefers metric units"
    if _sent_by_a_channel(c, d, real[0].role) or _sent_by_a_channel(d, c, real[0].role):
        return None  # "wants contracts by post" / "prefers email": the contracts' way
    if real[0].numbers and (_counted_in_a_place(c, d, real[0].role, names)
                            or _counted_in_a_place(d, c, real[0].role, names)):
        return None  # "has 50 employees in Berlin" / "has 2,000 employees": a part
    # a wish, or a copula, said where or when it holds ("prefers WhatsApp at work" /
    # "prefers phone", "is a night owl on weekends" / "is an early riser")
    wishes = c.predicate != "be"
    if (_circumstance_of_one(c, d, real[0].role, wishes=wishes)
            or _circumstance_of_one(d, c, real[0].role, wishes=wishes)):
        return None
    if _restricted_apart(c, d, real[0].role) or _each_placed(c, d, real[0].role):
        return None  # "dark mode in the IDE" / "light mode in the terminal": two places
    if real[0].role == "subject" and (_persons(c, d) or _two_attributes(c, d)
                                      or _two_things_done_alike(c, d)):
        return None
    if _interim_beside(c, d):
        return None  # "is the interim CFO" / "'s permanent title is Finance Director"
    if _at_other_times(c, d, real[0].role):
        return None  # "at 9:30 Monday to Thursday" / "at 11:00 on Fridays": two scopes
    if _access_elsewhere(c, d, real[0]):
        return None  # "an admin on the billing account" / "... on the analytics account"
    if _compared(c.arg(real[0].role)) or _compared(d.arg(real[0].role)):
        return None  # "is small" / "is bigger than my last one": relative to another
    if _within(c.arg(real[0].role), d.arg(real[0].role)):
        return None  # "between 250 and 350 employees" / "300 employees"
    if _one_of_several(c, d, real[0].role):
        return None  # "has an office in Berlin" / "has an office in Lisbon": two offices
    if _two_occasions(c, d, real[0].role):
        return None  # "visits Oslo in April" / "visits Oslo in January": two trips
    if c.predicate in _HAVE and _told_apart_by_adjectives(c, d, real[0]) and not al.only:
        return None  # "has one older sister" / "has one younger sister": two sisters
    return "other-value", real[0].role


def _denied_among_all(c: Clause, d: Clause, roles: Iterable[str]) -> bool:
    """Of a denied clause and an affirmed one of the same roles, each role but the subject
    whose values differ lists, on the denied side, alternatives the affirmed value is one
    of (:func:`_denied_among`), and one role does."""
    neg, pos = (c, d) if c.negated else (d, c)
    if {x.role for x in neg.args} != {y.role for y in pos.args}:
        return False  # "does not drink tea in the evening": a scope said besides
    differing = [r for r in roles if r != "subject" and (x := neg.arg(r)) is not None
                 and (y := pos.arg(r)) is not None and x.words != y.words]
    return bool(differing) and all(_denied_among(neg, pos, r) for r in differing)


def _denied_among(denied: Clause, said: Clause, role: str) -> bool:
    """The denied clause's value of ``role`` lists alternatives of which the other's bare
    value is one ("never contact Dana by phone or SMS" / "by SMS", "does not use Windows
    or Linux" / "uses Linux"): the denial holds of each. Not a value that qualifies the
    denied one ("does not use Windows laptops" / "uses Windows")."""
    x, y = denied.arg(role), said.arg(role)
    if x is None or y is None or y.words - {y.head} or not y.words < x.words:
        return False
    modifiers = {w for _, v in x.mods or () for w in v.split()}
    return y.head not in modifiers and not (x.words - y.words) & modifiers


def _for_one_only(c: Clause, d: Clause, role: str,
                  whole: frozenset[str] = frozenset()) -> bool:
    """Besides its value (``role``), ``c`` says what it holds for with words ``d`` does not
    say ("imperial units for cooking", "for her US clients"; not "for two years", nor a
    value said with "for": "works for Globex", nor only the ``whole`` the value is held
    for: "uses USPS for all shipments"): a scope of its own, beside ``d``'s general
    one."""
    said = _said_by(d)
    if said & _EVERY:
        return False  # "Always give temperatures in Celsius": every scope, this one too
    scopes = [_arg_words(y) for y in c.args
              if y.role in _SCOPES and y.role != role and not _dated(y) and not y.numbers]
    scopes += [frozenset(v.split()) for y in c.args for slot, v in y.mods or ()
               if slot in _SCOPES]  # "imperial units | for cooking"
    return any(not words & (_SPANS | _REASONS | _EVERY) and _unsaid(_content(words), said)
               and not any(is_kind_of(w, "organization") for w in words)
               and not words <= whole for words in scopes)


# prepositions of where, when or with whom a wish holds ("at work", "on weekends", "after
# hours", "with family")
_CIRCUMSTANCES = frozenset({"prep:at", "prep:on", "prep:in", "prep:after", "prep:during",
                            "prep:before", "prep:outside", "prep:with", "prep:over",
                            "prep:from"})


def _circumstance_of_one(c: Clause, d: Clause, role: str, *, wishes: bool = True) -> bool:
    """``c`` is a wish (:data:`~reverie.judges.nlp.LIKE`: "prefers", "wants", "likes"; any
    frame without ``wishes``) said where, when or with whom it holds, besides its value
    (``role``), in words ``d`` does not say ("prefers WhatsApp at work", "On weekends,
    prefers Teams", "wants to be reached by email after hours"): a wish of its own there,
    beside ``d``'s general one. The circumstance is a time, a place, a group or people
    (:func:`_circumstance`), not a channel, product or option said with the preposition
    (the value itself)."""
    if wishes and (c.predicate != LIKE or d.predicate != LIKE):
        return False
    said = _said_by(d)
    if said & _EVERY:
        return False  # "always by email": every circumstance, this one too
    if any(_circumstance(y) and (y.role != role or sum(z.role == role for z in c.args) > 1)
           and _unsaid(_content(_arg_words(y)), said) for y in c.args):
        return True
    # a copula's noun placed in a circumstance ("is a night owl on weekends"; an adjective's
    # complement is its value: "is due on Friday"; a preposition both values have is the
    # value's: "a student at MIT" / "a student at Harvard")
    value = c.arg(role) if c.predicate == "be" and not wishes else None
    if value is None or value.adjective:
        return False
    theirs = {y.role for y in _hung(other)} if (other := d.arg(role)) is not None else set()
    return any(_circumstance(y) and y.role not in theirs
               and _unsaid(_content(_arg_words(y)), said) for y in _hung(value))


def _hung(x: Arg) -> tuple[Arg, ...]:
    """The prepositional phrases hung on an argument, each as an argument of its own ("a
    night owl on weekends": on weekends)."""
    return tuple(Arg(slot, v.split()[-1], frozenset(v.split()), frozenset(), frozenset())
                 for slot, v in x.mods or () if slot.startswith("prep:") and v)


def _wished_in_circumstances(pair: Pair, *, wishes: bool = True) -> bool:
    """A wish (any frame, without ``wishes``) of one statement is said in a circumstance
    the other's does not say (:func:`_circumstance_of_one`, whichever argument is the
    value)."""
    return any(_circumstance_of_one(c, d, "", wishes=wishes)
               or _circumstance_of_one(d, c, "", wishes=wishes)
               for c in pair.a.clauses for d in pair.b.clauses)


def _channels_in_some_circumstance(pair: Pair, *, wishes: bool = True) -> bool:
    """Two channels of one holder, one said of a circumstance the other does not say: a
    wish (any frame, without ``wishes``) where it holds (:func:`_wished_in_circumstances`),
    or a way of some condition, time, place or people
    (:func:`_way_of_some_circumstance`)."""
    return (_wished_in_circumstances(pair, wishes=wishes)
            or _way_of_some_circumstance(pair, channels_chosen=True))


def _circumstance(y: Arg, *, times: bool = True) -> bool:
    """``y`` says where, when or with whom ("at work", "on weekends", "after hours", "with
    family", "from vendors"): a preposition of circumstance before a time (unless not
    ``times``: when a change happened is none), a place, a group or people
    (:data:`~reverie.text.vocabulary.kinds.CIRCUMSTANCE_KINDS`); not a channel ("on
    Slack", "in person"), an option nor the present ("at the moment")."""
    if (y.role not in _CIRCUMSTANCES or y.numbers or not y.head or y.head in PRESENT_NOUNS
            or (y.words | {y.head}) & (_CHANNEL_NAMED | _OPTION_WORDS | {"person"})):
        return False  # "at the moment" is now
    if not times and any(is_kind_of(y.head, k, any_sense=True) for k in TIME_KINDS):
        return False
    return any(is_kind_of(y.head, k, any_sense=True) for k in CIRCUMSTANCE_KINDS)


def _said_by(d: Clause) -> frozenset[str]:
    """Every word clause ``d`` says: its subject's and its arguments' (:func:`_arg_words`)."""
    return d.subject | frozenset().union(*(_arg_words(y) for y in d.args))


def _unsaid(words: frozenset[str], said: frozenset[str]) -> frozenset[str]:
    """Of ``words``, those ``said`` does not hold nor a synonym of ("for every answer" /
    "replies": one thing, every one of them)."""
    return frozenset(w for w in words - said if not any(_synonymous(w, v) for v in said))


def _arg_words(y: Arg) -> frozenset[str]:
    """Every word of an argument: its head, its words and its modifiers' ("for her US
    clients": client, us)."""
    return (y.words | {y.head}
            | frozenset(w for _, v in y.mods or () for w in v.split())) - {SELF}


_SPANS = frozenset({"year", "years", "month", "months", "week", "weeks", "day", "days",
                    "hour", "hours", "minute", "minutes", "while", "now", "decade", "decades"})
# a "for" of why, not of what for ("suspended for non-payment")
_REASONS = frozenset({"payment", "nonpayment", "non-payment", "non", "fraud", "abuse", "violation",
                      "violations", "reason", "reasons", "misconduct", "inactivity", "breach",
                      "cause", "spam", "chargeback", "chargebacks", "living"})
# words of every scope: a value said with them holds in the other's scope too
_EVERY = frozenset({"always", "all", "every", "everything", "everywhere", "any"})
_EVERY_SAID = re.compile(r"\b(?:" + "|".join(sorted(_EVERY)) + r")\b", re.I)


def _people_and_place(c: Clause, d: Clause, role: str) -> bool:
    """Two copulas, one naming a people or its language ("is French"), the other a place
    ("moved to Spain", read "is Spain"): one's nationality and where one lives."""
    x, y = c.arg(role), d.arg(role)
    if c.predicate != "be" or role != "attr" or x is None or y is None:
        return False
    return any(a_people(u.head) and not a_people(v.head) and place_kind(v.head) is not None
               for u, v in ((x, y), (y, x)))


def _both_values_hold(pair: Pair, c: Clause, d: Clause, role: str) -> bool:
    """Clauses ``c`` and ``d`` give one frame another ``role``, and yet both may hold: too
    far apart to ask, one value said twice, two attributes, two scopes, two sorts."""
    return (
        pair.cosine < CONFLICT_SIMILARITY
        # "is finished" / "is complete": one status in two words
        or _one_status(c, d, role)
        # "Dana's manager" / "Dana's project manager": two attributes
        or _narrowed_subject(pair, c, d)
        # "Dana's manager for the Atlas project is Mia" / "Dana's manager is Leo": a scope
        or _scope_in_subject(pair, c, d)
        # "in Japanese yen" / "in JPY": one currency
        or _one_value_named_twice(pair, c, d)
        # "a dual citizen of Italy and Brazil" / "is Brazilian": both
        or _value_named_by_other(pair, c, d, role)
        # "is German" / "became a Swiss citizen": one may hold two
        or _two_nationalities(c, d, role)
        # "is French" / "moved to Spain": a people and where one lives
        or _people_and_place(c, d, role)
        # "Deadline: 30/06" / "The deadline is June 30": one day
        or _one_day_written_twice(pair)
        # "at 3pm" / "at 15:00": one time; "at 4pm on Fridays": a scope
        or _times_of_day_agree(pair, c, d, role)
        # "80% for the backend" / "the frontend ... is 60%": two scopes
        or _two_scopes(pair, c, d, role)
        # "is an only child" / "is a pediatric nurse": both may hold
        or _two_sorts_of_person(c, d, role)
        # "Mia is shy" / "Mia is a lawyer": a property and a kind
        or _property_and_kind(c, d, role)
        # "Cleaner comes every other Thursday" / "Gardener ... every Thursday"
        or _how_often_too(pair, c, d, role)
        # "an annual plan" / "the Pro plan": how often it is billed, and which tier
        or _cycle_and_tier(c, d, role)
        # "is fluent in French" / "is fluent in German": one relation to two things
        or _one_adjective_two_complements(c, d, role)
        # "works part-time at a cafe" / "... at a bakery": two part-time jobs
        or (role.startswith("prep:") and _part_time(c, d))
        # "prefers WhatsApp when she travels" / "prefers email": a way of some times
        or _way_of_some_circumstance(pair, c.arg(role), d.arg(role))
    )


def _way_of_some_circumstance(pair: Pair, x: Arg | None = None, y: Arg | None = None, *,
                              channels_chosen: bool = False) -> bool:
    """Two ways to reach one holder (values ``x`` of ``pair.a`` and ``y`` of ``pair.b``
    that name channels; with ``channels_chosen`` the caller knows them channels), one of
    them said under a condition or in a sphere the other does not say ("when she
    travels", "unless it's urgent", "internally"), or of a time, a place or the people it
    holds with, on the value or beside it ("a call in the evening", "email from vendors",
    "Contact Raj on Teams at work"): a way of some circumstance, beside the other."""
    if not channels_chosen and not (x is not None and y is not None
                                    and _a_channel(x) and _a_channel(y)):
        return False
    if _EVERY_SAID.search(pair.a.text) or _EVERY_SAID.search(pair.b.text):
        return False
    (conditions, mine), (theirs_said, theirs) = _circumstances(pair.a), _circumstances(pair.b)
    if conditions != theirs_said:
        return True  # "when she travels", "personally" / "professionally"
    return bool(_unsaid(mine, pair.b.content) or _unsaid(theirs, pair.a.content))


def _circumstances(facts: Analysis) -> tuple[frozenset[str], frozenset[str]]:
    """The words of condition and sphere the statement says (:data:`_CONDITION`, lower
    case), and the heads of its circumstances (:func:`_circumstance`): its clauses'
    arguments, and their values' own phrases ("a call | in the evening"); read once per
    statement (``Analysis.derived``)."""
    known: tuple[frozenset[str], frozenset[str]] | None = facts.derived.get("circumstances")
    if known is None:
        heads: set[str] = set()
        for c in facts.clauses:
            for y in c.args:
                if _circumstance(y):
                    heads.add(y.head)
                for slot, phrase in y.mods or ():
                    head = phrase.split()[-1] if phrase else ""
                    if _circumstance(Arg(slot, head, frozenset({head}), frozenset())):
                        heads.add(head)
        conditions = frozenset(m.group(0).lower() for m in _CONDITION.finditer(facts.text))
        known = facts.derived["circumstances"] = (conditions, frozenset(heads))
    return known


# channels' names and their lemmas ("Teams": team), which name no circumstance
_CHANNEL_NAMED = frozenset(CHANNEL_NAMES) | frozenset(
    w.removesuffix("s") for w in CHANNEL_NAMES)


def _counted_in_a_place(c: Clause, d: Clause, role: str, names: frozenset[str]) -> bool:
    """``c`` counts its value in a place, a place's kind or a name (``names``: "has 50
    employees in Berlin", "employs 50 people in Europe"), on the clause or hung on the
    value, that ``d`` does not say: the count of a part, beside ``d``'s of the whole."""
    x = c.arg(role)
    said = {w for y in d.args for w in _arg_words(y)}
    placed = [*(y for y in c.args if y is not x), *(_hung(x) if x is not None else ())]
    return any(y.role in {"prep:in", "prep:at"} and y.head not in said
               and (y.head in names or place_kind(y.head) is not None) for y in placed)


def _sent_by_a_channel(c: Clause, d: Clause, role: str) -> bool:
    """``c``'s object is a thing sent the way a channel of its says ("wants contracts by
    post", "gets invoices via email") and ``d``'s is a channel ("prefers email"): the thing
    is a scope of ``c``'s, not another value of ``d``'s."""
    x, y = c.arg(role), d.arg(role)
    if role != "obj" or x is None or y is None or not _a_channel(y) or _a_channel(x):
        return False
    hung = {w for slot, phrase in x.mods or () if slot in _WAYS for w in phrase.split()}
    return bool(hung & _CHANNEL_NAMED) or any(z.role in _WAYS and _a_channel(z)
                                               for z in c.args if z is not x)


def _a_channel(z: Arg) -> bool:
    """The value is a channel ("on Slack", "a call", "by email", "on Teams"; not "a meeting
    with the mobile team")."""
    return z.head in _CHANNEL_NAMED


# a condition, or an adverb of the sphere a wish or a way holds in
_CONDITION = re.compile(r"\b(?:" + "|".join(sorted(CONDITION_WORDS)) + r")\b", re.I)


_PART_TIME_JOB = frozenset({"part-time", "parttime"})


def _full_time(c: Clause, d: Clause) -> bool:
    """Both clauses say work done full-time ("is a full-time nurse" / "is a full-time
    teacher"): one holds one full-time job."""
    return _both_say(c, d, _FULL_TIME_JOB)


_FULL_TIME_JOB = frozenset({"full-time", "fulltime"})


def _part_time(c: Clause, d: Clause) -> bool:
    """Both clauses say work done part-time ("works part-time at a cafe" / "works
    part-time at a bakery"): one may hold two part-time jobs."""
    return _both_say(c, d, _PART_TIME_JOB)


def _both_say(c: Clause, d: Clause, words: frozenset[str]) -> bool:
    """An argument of each clause says one of ``words``."""
    return all(any(words & x.words for x in k.args) for k in (c, d))


def _one_adjective_two_complements(c: Clause, d: Clause, role: str) -> bool:
    """Both values are one adjective with a complement each, not the same ("fluent in
    French" / "fluent in German", "allergic to peanuts" / "allergic to shellfish"): a
    relation one holds to each, not two values of one property."""
    x, y = c.arg(role), d.arg(role)
    if (x is None or y is None or not (x.adjective and y.adjective) or x.head != y.head
            or x.head in EXCLUSIVE_RELATIONS):  # "married to Tom" / "married to Jim"
        return False
    mine = {slot: set(v.split()) for slot, v in x.mods or () if slot.startswith("prep:")}
    theirs = {slot: set(v.split()) for slot, v in y.mods or () if slot.startswith("prep:")}
    # two things, not one thing counted or dated otherwise ("due on the 1st" / "on the
    # 15th", "pregnant with her first child" / "... her second child")
    return any(not mine[k] & theirs[k] and not dated(frozenset(mine[k] | theirs[k]))
               and not any(ch.isdigit() for w in mine[k] | theirs[k] for ch in w)
               for k in mine.keys() & theirs.keys())


def _cycle_and_tier(c: Clause, d: Clause, role: str) -> bool:
    """One plan (a subscription, a contract) named by how often it is billed, the other by
    something else ("is on an annual plan" / "is on the Pro plan"): both may hold."""
    x, y = c.arg(role), d.arg(role)
    if x is None or y is None or x.head != y.head or x.head not in _BILLED_THINGS:
        return False
    mine, theirs = (_content(a.words) - {a.head} for a in (x, y))
    cycles = [bool(w) and w <= FREQUENCIES.keys() for w in (mine, theirs)]
    return cycles[0] != cycles[1]


_BILLED_THINGS = frozenset({"plan", "subscription", "contract", "licence", "license"})


_AND = re.compile(r"\band\b|,|&|\bplus\b|\bas well as\b|\bboth\b", re.IGNORECASE)


def _only_and_another(pair: Pair) -> Finding | None:
    """``only-and-another`` when one statement says a frame's value is the only one ("the bug
    only happens on Safari", "only speaks English") and the other gives the same frame
    that value and another beside it ("happens on Safari and Chrome", "speaks English and
    Spanish"): both now, the same holder, the same roles (a scope on one side, "only at
    work", is not the other's), the words added joined to the value, not modifying it
    ("on mobile Safari" narrows)."""
    for x, y in ((pair.a, pair.b), (pair.b, pair.a)):
        if _AND.search(y.text) is None:
            continue
        for c in x.clauses:
            if not c.only or c.negated or c.hypothetical:
                continue
            for d in y.clauses:
                found = _joined_beside(c, d, x, y)
                if found is not None:
                    return finding("only-and-another", (
                        f"'{_quote(x.text)}' gives {found[0]} as the only one; "
                        f"'{_quote(y.text)}' gives {found[1]} beside it"))
    return None


_THE_ONLY = re.compile(
    r"\b(?:the|my|our|their|his|her|its|\w+'s|\w+s')\s+(?:only|sole|single)\s+"
    r"(?P<phrase>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s+(?:of|on|at|in|for|with|to)\b"
    r"|\s*[.,;:!?)]|\s*$|\s+(?:is|are|was)\b)", re.IGNORECASE)
_SEVERAL = r"(?:two|three|four|five|six|seven|eight|nine|ten|several|many|\d+)"


def _only_one_of_several(pair: Pair) -> Finding | None:
    """``only-one-of-several`` when one statement says its holder is the only one of a
    kind ("Raj is the only admin on the billing account", "the sole owner of the bakery")
    and the other that the holder is one of several ("one of two admins on the billing
    account", "co-owns the bakery", "Sofia and Liam are the two frontend engineers"), the
    rest of the first said in the second, neither negated, both now."""
    for x, y in ((pair.a, pair.b), (pair.b, pair.a)):
        if x.negations or y.negations or any(c.past for c in (*x.clauses, *y.clauses)):
            continue
        for words in _the_only(x.text):
            head = words[-1]
            several = _said_several(y.text, head)
            if several is None:
                continue
            rest = x.content - SOLE - set(words) - {head.rstrip("s")}
            if rest <= y.content | y.lemmas:
                return finding("only-one-of-several", (
                    f"'{_quote(x.text)}': the only {' '.join(words)}; "
                    f"'{_quote(y.text)}': {several}"))
    return None


@lru_cache(maxsize=8192)  # asked once per pair: a statement meets many others
def _the_only(text: str) -> tuple[tuple[str, ...], ...]:
    """The words of each "the only ..." / "her sole ..." phrase of ``text``, lower case."""
    return tuple(tuple(m.group("phrase").lower().split()) for m in _THE_ONLY.finditer(text))


@lru_cache(maxsize=8192)
def _said_several(text: str, head: str) -> str | None:
    """The words of ``text`` that make its holder one of several of ``head`` ("one of two
    admins", "one of the maintainers", "the two frontend engineers", "co-owns", "a
    co-owner"), or None."""
    plural = rf"{re.escape(head)}(?:s|es)\b"
    verb = agent_verb(head)
    found = (re.search(rf"\bone of (?:[\w']+\s+){{0,3}}?{plural}", text, re.IGNORECASE)
             or re.search(rf"\b{_SEVERAL}\s+(?:[\w-]+\s+){{0,2}}?{plural}", text,
                          re.IGNORECASE)
             or re.search(rf"\bco-?{re.escape(head)}\b", text, re.IGNORECASE)
             or (re.search(rf"\bco-?{re.escape(verb)}\w*", text, re.IGNORECASE)
                 if verb else None))
    return found.group(0) if found else None


def _joined_beside(c: Clause, d: Clause, x: Analysis, y: Analysis) -> tuple[str, str] | None:
    """The value ``c`` says is the only one and the words ``d`` adds beside it, in one role
    of one frame of one holder, or None."""
    if (d.predicate != c.predicate or d.negated or d.hypothetical or d.only or d.additive
            or d.past != c.past):
        return None
    roles = {z.role for z in c.args if z.role != "adv"}
    if roles != {z.role for z in d.args if z.role != "adv"}:
        return None
    al = _align(c, d)
    if al.differ or not (c.subject == d.subject or "subject" in al.agree):
        return None
    for u in c.args:
        v = d.arg(u.role)
        if v is None or u.role == "adv" or not u.words < v.words:
            continue
        extra = v.words - u.words
        modifiers = {w for _, w in v.mods or ()}
        if (extra & modifiers or v.mods is None or extra & v.numbers
                or not all(is_noun(w) and not w[:1].isdigit() for w in extra)):
            continue  # "on mobile Safari", "on iOS 17": narrowed, not another value
        if u.head in x.salient and not extra & y.salient:
            continue  # a name beside a word that is none
        return ", ".join(sorted(u.words)), ", ".join(sorted(extra))
    return None


_PREFERRING = frozenset({"prefer", "rather", "like", "love", "enjoy", "more", "better", "much",
                         "would"})


def _reversed_preference(pair: Pair) -> Finding | None:
    """``reversed-preference`` when one holder's two statements give one pair of things in
    reverse order ("prefers texts to calls" / "prefers calls to texts", "would rather
    text than call"; :mod:`reverie.text.preferences`), neither negated nor past, and the
    rest of the two the same ("... for anything urgent" / "... for small talk": two
    scopes)."""
    if pair.a.negations or pair.b.negations:
        return None
    found = reversed_preferences(pair.a.text, pair.b.text)
    if found is None or any(c.past for c in (*pair.a.clauses, *pair.b.clauses)):
        return None
    things = found[0].better | found[0].worse
    rest = [{w for w in an.content if w.removesuffix("s") not in things} - _PREFERRING
            for an in (pair.a, pair.b)]
    if rest[0] != rest[1] or not _one_holder(pair.a, pair.b):
        return None
    return finding("reversed-preference", (
        f"'{_quote(pair.a.text)}': {found[0].said}; '{_quote(pair.b.text)}': "
        f"{found[1].said}"))


def _told_apart_by_adjectives(c: Clause, d: Clause, difference: _Difference) -> bool:
    """The two arguments are one noun, as many, told apart only by adjectives ("one older
    sister" / "one younger sister", "a red car" / "a blue car"); not by where or when ("the
    office in Berlin" / "... in Lisbon", "a meeting on Wednesdays" / "... on Thursdays")."""
    x, y = c.arg(difference.role), d.arg(difference.role)
    if (not difference.same_head or difference.numbers or x is None or y is None
            or x.mods is None or y.mods is None):
        return False
    apart = x.mods ^ y.mods
    return bool(apart) and all(slot == "amod" for slot, _ in apart)


_NO_SCOPE = FILLER | EXCLUSIVE | ADDITIVE | NO_SCOPE


def _two_scopes(pair: Pair, c: Clause, d: Clause, role: str) -> bool:
    """Besides the one value that differs, each clause says a word the other does not
    (WordNet synonyms count): "Coverage threshold is 80% for the backend" / "The frontend
    coverage threshold is 60%", "Toby's bedtime is 7:30 on school nights" / "... 9:00 on
    weekends": two things or two scopes, each with its value."""
    if _scoped_values(c.arg(role), d.arg(role)):
        return True
    x = _besides_value(c, d, role, pair.a.salient)
    y = _besides_value(d, c, role, pair.b.salient)
    return unmatched_both_ways(sorted(x), sorted(y), _one_word) is not None


def _one_word(u: str, v: str) -> bool:
    return u == v or _synonymous(u, v)


def _two_sorts_of_person(c: Clause, d: Clause, role: str) -> bool:
    """Two copulas call one holder two sorts of person, one of them a sort one is besides
    a job (:data:`PERSON_SORTS`: kin, a child, a user, an eater) and neither said to be the
    only one ("is an only child" / "is a pediatric nurse", "a father" / "a Mac user"), a job
    against a sort besides work (:data:`SORTS_BESIDES_WORK`, or a pastime,
    :data:`PASTIME_WORDS`: "a pilot" / "a Buddhist", "a keen photographer"), or a man or a
    woman against a sort that is neither ("a nurse" / "a guy"): one person is many sorts at
    once. Two jobs ("a teacher" / "a cook") are left to the occupation's
    rules, a man and a woman to the frames."""
    x, y = c.arg(role), d.arg(role)
    if (role != "attr" or c.predicate != "be" or d.predicate != "be" or c.only or d.only
            or x is None or y is None):
        return False
    return _sorts_of_person_apart(x, y)


def _sorts_of_person_apart(x: Arg, y: Arg) -> bool:
    """Two nouns of a person that one holder may both be (:func:`_two_sorts_of_person`),
    whether a copula or "works as" says them ("is employed as a chef" / "is a keen
    cyclist")."""
    if not x.head or not y.head or x.head == y.head:
        return False
    if not (is_kind_of(x.head, "person") and is_kind_of(y.head, "person")):
        return False
    if any(is_kind_of(h, k) for h in (x.head, y.head) for k in PERSON_SORTS):
        return True
    jobs, besides = ([any(is_kind_of(h, k) for k in kinds) for h in (x.head, y.head)]
                     for kinds in (OCCUPATION_KINDS, SORTS_BESIDES_WORK))
    for i, z in enumerate((x, y)):  # "a keen photographer": a pastime, no job
        # "a volunteer firefighter": the parse's compound too
        if any(slot in {"amod", "compound"} and word in PASTIME_WORDS
               for slot, word in z.mods or ()):
            jobs[i], besides[i] = False, True
    if any(jobs[i] and besides[1 - i] and not jobs[1 - i] for i in (0, 1)):
        return True  # "a pilot" / "a Buddhist": a job, and a sort one is besides it
    # "a nurse" / "a guy": a man or a woman is one besides a job, not besides the other
    sexed = [any(is_kind_of(h, k) for k in ("male", "female")) for h in (x.head, y.head)]
    return sexed[0] != sexed[1]


def _property_and_kind(c: Clause, d: Clause, role: str) -> bool:
    """One copula's value is an adjective, the other's "a" noun with no adjective of its
    own ("Mia is shy" / "Mia is a lawyer", "The account is active" / "... is a trial"): a
    property and a kind, which both hold. Not against a noun an adjective describes ("is
    tall" / "is a very short woman"), nor a bare noun or a name, which may be the value
    the adjective names ("the default branch is main" / "... is master")."""
    x, y = c.arg(role), d.arg(role)
    if role != "attr" or x is None or y is None or x.adjective == y.adjective:
        return False
    noun = y if x.adjective else x
    return (noun.indefinite and noun.mods is not None
            and not any(slot == "amod" for slot, _ in noun.mods))


def _how_often_too(pair: Pair, c: Clause, d: Clause, role: str) -> bool:
    """Besides the value that differs, the statements say two frequencies, neither said by
    that value ("The cleaner comes every other Thursday" / "The gardener comes every
    Thursday", "The puppy gets fed three times a day" / "The older dog ... twice a day"):
    two differences, not one value changed."""
    often = frequencies_apart(pair.a.text, pair.b.text)
    if often is None:
        return False
    said = {w for f in often for w in f.said.split()}
    x, y = c.arg(role), d.arg(role)
    values = (c.subject | d.subject if role == "subject"
              else (x.words if x else frozenset()) | (y.words if y else frozenset()))
    return not values & said


def _one_head(x: Arg, y: Arg) -> bool:
    """Two values with one head, or two figures ("80%" / "60%", "5" / "3"): what their
    modifiers add is a scope. Otherwise a modifier may be the value ("answers in
    Italian" against "Portuguese")."""
    return x.head == y.head or (bool(x.numbers) and x.head in x.numbers
                                and bool(y.numbers) and y.head in y.numbers)


def _says_when_or_how_many(said: str) -> bool:
    """A modifier with a figure or a date in it gives the value itself ("due by October
    10" against "April 1"), not a scope of it."""
    words = said.split()
    return any(ch.isdigit() for ch in said) or bool(set(words) & _WHEN)


def _scoped_values(x: Arg | None, y: Arg | None) -> bool:
    """Two values that differ in their heads and in a prepositional modifier both have
    ("7:30 on school nights" / "9:00 on weekends"): two values, each of its scope."""
    if x is None or y is None or x.mods is None or y.mods is None or x.head == y.head:
        return False
    ours = {s: w for s, w in x.mods if s.startswith("prep:")}
    return any(s in ours and ours[s] != w for s, w in y.mods if s.startswith("prep:"))


_SINCE = frozenset({"prep:since", "prep:until"})  # when a value began or ends: no scope


def _besides_value(c: Clause, d: Clause, role: str, names: frozenset[str]) -> frozenset[str]:
    """``c``'s words but its value in ``role``: its subject (but the names one of two
    agreeing subjects adds: "Dr. Farah Haddad" / "Farah") and its other arguments (but
    since when or until when), and of the value's own prepositional modifiers those in a
    slot ``d``'s value lacks ("for the backend"; not "Google" in "Google Meet", a part of
    the value; not "by October 10" against "April 1", the value itself)."""
    words: set[str] = set()
    if role != "subject":
        words |= c.subject
        if _agree(c.subject, d.subject):
            words -= (c.subject - d.subject) & names
    value, other = c.arg(role), d.arg(role)
    for arg in c.args:
        if arg is not value:
            if arg.role not in _SINCE:
                words |= arg.words | {arg.head}
        elif (arg.mods is not None and other is not None and other.mods is not None
              and _one_head(arg, other)):
            theirs = {slot for slot, _ in other.mods}
            words.update(w for slot, said in arg.mods
                         if slot.startswith("prep:") and slot not in theirs | _SINCE
                         and not _says_when_or_how_many(said)
                         for w in said.split())
    return frozenset(w for w in words - SELF_WORDS - _NO_SCOPE - {SELF}
                     if w.isalpha() or "-" in w)


def _one_of_several(c: Clause, d: Clause, role: str) -> bool:
    """Each side has one of a kind, said indefinitely, told apart only by a prepositional
    phrase: "has an office in Berlin" / "has an office in Lisbon", "has warehouses in
    Ohio" / "has a warehouse in Texas", "has an account with Chase" / "... with Wells
    Fargo", or had, told apart by an adjective or a noun before it ("has a younger brother"
    / "has an older brother", "a road bike" / "a mountain bike"). One may have any number
    of them. Not when they differ by when ("a standing meeting on Wednesdays" / "... on
    Thursdays": most likely one, moved). Copulas are left
    out: "is a resident of Ohio" / "is a resident of Texas" and "is a student at MIT" /
    "... at Harvard" hold one value at a time; but not one's memberships ("is a citizen
    of Canada" / "... of France", "a member of the chess club" / "... of the choir";
    :data:`SEVERAL_NOUNS`)."""
    x, y = c.arg(role), d.arg(role)
    if (x is not None and y is not None and c.predicate == d.predicate == "be"
            and x.indefinite and y.indefinite and {x.head, y.head} <= SEVERAL_NOUNS
            and x.head != y.head):
        return True  # "is a Korean national" / "is an American citizen": two memberships
    if (x is None or y is None or x.head != y.head or not (x.indefinite and y.indefinite)
            or x.mods is None or y.mods is None):
        return False
    slots = {s for s, _ in x.mods} | {s for s, _ in y.mods}
    differing = {s for s in slots
                 if {w for t, w in x.mods if t == s} != {w for t, w in y.mods if t == s}}
    if not differing:
        return False
    if all(s in {"amod", "compound"} for s in differing) and (
            c.predicate in HAVING_VERBS or (c.predicate == "be" and x.head in SEVERAL_NOUNS)):
        # "has a younger brother" / "has an older brother": two brothers; "has a peanut
        # allergy" / "has a shellfish allergy": two allergies; "is a Portuguese citizen" /
        # "is a Brazilian citizen": two citizenships
        return True
    if not all(s.startswith("prep:") for s in differing):
        return False
    said = {w for s in differing for t, v in (*x.mods, *y.mods) if t == s for w in v.split()}
    if said & _WHEN or any(w[:1].isdigit() for w in said):
        return False  # "a standing meeting on Wednesdays" / "... on Thursdays": one, moved
    return c.predicate in HAVING_VERBS or (c.predicate == "be" and x.head in SEVERAL_NOUNS)


def _one_value_named_twice(pair: Pair, c: Clause, d: Clause) -> bool:
    """The two clauses hold one attribute by two names that the attribute table knows for
    one value ("in Japanese yen" / "in JPY", "runs Postgres" / "runs PostgreSQL")."""
    theirs = held(d, pair.b.salient)
    return any(x.attribute == y.attribute and x.value != y.value and not other_values(x, y)
               and x.arg.numbers == y.arg.numbers  # "PostgreSQL 14" / "PostgreSQL 16"
               for x in held(c, pair.a.salient) for y in theirs)


def _one_day_written_twice(pair: Pair) -> bool:
    """Both statements name the same days of the year, written two ways ("30/06" / "June
    30"; :func:`~reverie.text.days.days_said`), and no other figure, time or name apart
    ("at 4 pm today" / "at 11 this morning" name one day, two times)."""
    mine = days_said(pair.a.text)
    if not mine or mine != days_said(pair.b.text):
        return False
    if salient_tokens(pair.a.text) != salient_tokens(pair.b.text):
        return False
    # besides the day, the same words: "approved on Friday" / "rejected on Friday" differ
    rest_a, rest_b = (sorted(w for w in x.content if not _day_word(w)) for x in (pair.a, pair.b))
    return unmatched_both_ways(rest_a, rest_b, _one_word) is None


def _day_word(word: str) -> bool:
    """A word of a written day: a month's name, a figure, "30/06", an ISO date."""
    return word in MONTH_NUMBERS or word in WEEKDAYS or any(ch.isdigit() for ch in word)


def _inverted(c: Clause, d: Clause) -> bool:
    """Two copulas that say one thing both ways round: the same words, each one's value in
    the other's subject ("Jonas is an admin on the workspace" / "Jonas is the workspace's
    admin", which the parse reads as "the workspace's admin is Jonas")."""
    x, y = c.arg("attr"), d.arg("attr")
    return (c.predicate == "be" and x is not None and y is not None and x.head != y.head
            and x.head in d.subject and y.head in c.subject
            and c.subject | x.words == d.subject | y.words)


def _one_inverted(c: Clause, d: Clause, names: frozenset[str]) -> bool:
    """One copula was read the other way round, its value a name that is the other's
    subject, and the other was not ("Dana is the tech lead on Atlas", read as "the tech lead
    on Atlas is Dana", whose value keeps its place in the subject; "Dana is a backend
    engineer"): their values are not of one slot. A value that is no name is compared as it
    is ("Payroll cutoff is the 25th": the cutoff), and so is one of another holder ("Maria is
    the account owner" / "The account owner is Ravi")."""
    x, y = c.arg("attr"), d.arg("attr")
    if c.predicate != "be" or x is None or y is None:
        return False
    mine, theirs = x.words <= c.subject, y.words <= d.subject
    if mine == theirs:
        return False
    value, other = (x, d) if mine else (y, c)
    # the name read as a value is the other's holder ("Maria is the account owner" / "The
    # account owner is Ravi" compare as they are)
    return value.head in names and value.head in other.subject


def conflict(pair: Pair, *, doubt: bool = True) -> Finding | None:
    """Return the finding by which the two statements contradict each other, or None;
    without ``doubt``, never the uncertain agent-memory model's (consolidation: a doubt
    does not keep a cluster from merging)."""
    if no_conflict(pair) is not None or _one_text(pair) or _asks(pair.a) or _asks(pair.b):
        return None
    found = _conflict(pair)
    if found is None and doubt:
        return _memory_conflict(pair)
    return found


# a question to the other party: a question word and an auxiliary, or an auxiliary and "you"
_QUESTION = re.compile(
    r"^(?:(?:what|who|where|when|why|how|which)\s+(?:is|are|was|were|do|does|did|can|could|"
    r"would|will|should|have|has)\b|(?:do|does|did|are|is|can|could|would|will|have|has)"
    r"\s+you\b)", re.I)


def _asks(an: Analysis) -> bool:
    """The statement is a question ("what is your favorite color", "do you like dogs"): it
    says nothing of anyone, so it contradicts nothing, whatever a model scores."""
    return _QUESTION.search(an.text) is not None


def _one_text(pair: Pair) -> bool:
    """The two statements are one text but for case: a statement never contradicts itself,
    whatever a model scores ("Theo is left-handed" twice: the agent-memory model, 0.98)."""
    return pair.a.text.casefold() == pair.b.text.casefold()


def no_conflict(pair: Pair) -> Finding | None:
    """Return the guard by which the two statements cannot contradict, or None: a figure
    inside the other's range ("needs Java 11 or later" / "needs Java 17",
    ``within-range``) or one amount in two units ("weighs 70 kg" / "weighs 154 lb",
    ``link-same-amount``); :func:`conflict` asks no rule then."""
    return _within_range(pair) or _one_amount(pair)


def _conflict(pair: Pair) -> Finding | None:
    if pair.cosine < NEGATION_SIMILARITY:
        # one attribute's two values say little else alike ("works graveyard in a hotel" /
        # "is employed at a college"): the frames align them, not the cosine
        return (_denied_possession(pair) or _denied_consumption(pair)
                or _one_value_attribute(pair) or _other_age(pair)
                or _changed_value(pair) or _other_time_zone(pair) or _other_format(pair)
                or _other_system(pair) or _other_currency(pair) or _other_title(pair)
                or _other_function(pair) or _other_rank(pair) or _other_role(pair)
                or _other_version(pair) or _other_language(pair) or _spoken_language(pair)
                or _other_channel(pair)
                or _other_option(pair) or _facts_of_one_holder(pair))
    if _negated_copy(pair.a, pair.b) and not _then_and_now(pair.a, pair.b):
        # "used to want emojis" / "wants replies without emojis": then, and now
        positive, negative = (pair.a, pair.b) if pair.b.negations % 2 else (pair.b, pair.a)
        if not _resumed(negative):
            return finding("negated-copy", _negation(positive, negative))
    found = (_denied_possession(pair) or _denied_consumption(pair) or _only_and_another(pair)
             or _only_one_of_several(pair) or _reversed_preference(pair)
             or _opposite_property(pair)
             or _other_state(pair) or _opposite_preference(pair) or _never_done(pair)
             or _denied_value(pair))
    if found is not None:
        return found
    for c in pair.a.clauses:
        for d in pair.b.clauses:
            why = _clause_conflict(c, d, pair.a.salient | pair.b.salient)
            if why is None:
                continue
            rule, role = why
            if rule == "other-value" and _both_values_hold(pair, c, d, role):
                continue
            if rule == "other-value" and _two_adjectives(c, d, role):
                # two values of a property the table knows ("active" / "suspended") first
                return _one_value_attribute(pair) or finding("other-property", (
                    f"{_versus(pair)}: '{c.arg(role).head}' / '{d.arg(role).head}' of one "  # type: ignore[union-attr]
                    "holder, which WordNet does not oppose: two values of one property, or "
                    "two properties: for a person to settle"))
            if rule != "other-value":
                positive, negative = (pair.a, pair.b) if d.negated else (pair.b, pair.a)
                if _resumed(negative):
                    continue  # "stopped using Slack in 2021 but started again in 2023"
                if _bounded_of_one(pair):
                    continue  # "go to Raj instead of Dana while she is on leave"
                return finding(rule, _negation(positive, negative))
            return finding(rule, (
                f"{_versus(pair)}: one '{c.predicate}' with a different "
                f"{role.replace('prep:', '')}"
            ))
    counts = _counted_copy(pair.a, pair.b)  # where the parse found no frame for the count
    if counts is not None:
        return finding("other-count", f"{_versus(pair)}: {' vs '.join(counts)}")
    target = _opposite_attitudes(pair)
    if (
        target
        and _one_holder(pair.a, pair.b)
        and not _then_and_now(pair.a, pair.b)
        and _agree(_topic(pair.a), _topic(pair.b))
        and not _narrower_denial(pair)
    ):
        return finding(
            "opposite-attitudes",
            f"{_versus(pair)}: opposite attitudes to {', '.join(sorted(target))}",
        )
    # the model first, where it speaks: its scores say more than the table's name
    return (_model_conflict(pair) or _one_value_attribute(pair) or _other_age(pair)
            or _changed_value(pair)
            or _other_time_zone(pair) or _other_unit(pair) or _other_amount(pair)
            or _other_format(pair) or _other_system(pair) or _other_currency(pair)
            or _other_title(pair) or _other_function(pair) or _other_rank(pair)
            or _other_role(pair) or _other_version(pair)
            or _other_language(pair) or _spoken_language(pair)
            or _other_channel(pair) or _one_thing_two_channels(pair) or _other_option(pair)
            or _one_habit_two_frequencies(pair)
            or _other_time_of_day(pair) or _facts_of_one_holder(pair)
            or _swapped_opposite(pair))


# not "came back": "the test came back negative" is a result
_RESUMED = re.compile(r"\b(?:again|resum(?:e|es|ed|ing)|re-?start(?:s|ed)?)\b", re.I)


def _resumed(an: Analysis) -> bool:
    """The statement says its holder took up again what it stopped ("stopped paying in
    EUR in 2021 but resumed in 2023", "... started using it again"): no denial of now;
    read once per statement (``Analysis.derived``)."""
    found: bool | None = an.derived.get("resumed")
    if found is None:
        found = an.derived["resumed"] = _RESUMED.search(an.text) is not None
    return found


def _facts_of_one_holder(pair: Pair) -> Finding | None:
    """The readers asked last at any cosine: an end or a death against what holds now, a
    count of kin (or kin counted against none), a degree above the schooling said, two
    places lived in."""
    return (_ended_then_held(pair) or _dead_then_alive(pair) or _other_kin_count(pair)
            or _denied_kin(pair) or _above_schooling(pair) or _other_residence(pair)
            or _other_default_branch(pair) or _moved_from_where_living(pair)
            or _former_still_held(pair) or _other_event_date(pair))


def _other_event_date(pair: Pair) -> Finding | None:
    """``other-event-date``: one thing's start, end or renewal (:data:`EVENT_VERBS`; "runs
    until" is an end) said in two months of one year ("the client's fiscal year ends in
    December" / "... ends in June", "the contract renews on March 3" / "... in September"):
    a thing has one. Not of a person ("Kofi starts in April": starts what?), two things
    ("car insurance" / "home insurance"), two years, nor before and now."""
    dated_a = [(c, x) for c in pair.a.clauses if (x := _event_date(c)) is not None]
    dated_b = [(d, y) for d in pair.b.clauses if (y := _event_date(d)) is not None]
    if not dated_a or not dated_b or not _one_holder(pair.a, pair.b):
        return None  # the dates first: most pairs say none, and the holders cost more
    for c, x in dated_a:
        for d, y in dated_b:
            if (x[0] != y[0] or c.subject_head != d.subject_head
                    or not _agree(c.subject, d.subject) or _two_holders(c, d)
                    or c.past != d.past):
                continue
            (_, months, years, days), (_, theirs, their_years, their_days) = x, y
            if years and their_years and years != their_years:
                continue
            if months == theirs and days and their_days and days != their_days:
                months, theirs = (frozenset({f"{next(iter(days))} {m}" for m in months}),
                                  frozenset({f"{next(iter(their_days))} {m}" for m in theirs}))
            elif months & theirs:
                continue
            return finding("other-event-date", (
                f"{_versus(pair)}: one {_EVENT_NAMES[x[0]]} of the {c.subject_head}, in "
                f"{', '.join(sorted(months))} / {', '.join(sorted(theirs))}"))
    return None


def _event_date(c: Clause) -> tuple[str, frozenset[str], frozenset[str], frozenset[str]] | None:
    """(event, months, years, days) of a clause that says when a thing starts, ends or
    renews, in one month ("the lease ends in June", "runs until December 2025", "ends on 5
    May"); None for a person, a denial, a supposition, or a clause that says anything
    else."""
    event = "end" if c.predicate == "run" and c.arg("prep:until") else EVENT_VERBS.get(
        c.predicate)
    head = c.subject_head
    if (event is None or c.negated or c.hypothetical or not head or head in SELF_WORDS
            or not is_noun(head) or is_kind_of(head, "person")):
        return None
    dated = [x for x in c.args if x.role in _EVENT_DATE_SLOTS]
    if len(dated) != 1 or len(c.args) != 1:
        return None
    words = dated[0].words | {dated[0].head}
    months = frozenset(_MONTH_NAMES[MONTH_NUMBERS[w] - 1] for w in words if w in MONTH_NUMBERS)
    if len(months) != 1:  # "jan" and "january" are one month
        return None
    days = frozenset(w for w in words if w.isdigit() and 1 <= int(w) <= 31)
    return (event, months, frozenset(w for w in words if _YEAR.match(w)),
            days if len(days) == 1 else frozenset())


_EVENT_DATE_SLOTS = frozenset({"prep:in", "prep:on", "prep:until"})
_EVENT_NAMES = {"start": "start", "end": "end", "renew": "renewal"}




def _key_words(c: Clause) -> frozenset[str]:
    """The words of a key's subject that name no holder: its qualifiers and its head
    ("former", "employer" of "Dana's former employer"; not "dana")."""
    return c.subject & (FORMER_KEY_QUALIFIERS | {c.subject_head})


def _former_key_held(pair: Pair) -> Finding | None:
    """``former-then-held`` where a former key's value is the one the other statement
    says holds now ("Former employer: Google" / "Works at Google", "Previous plan: Basic" /
    "On the Basic plan"): another value now is no contradiction ("Former employer: IBM" /
    "Works at Red Hat"). The key names no holder ("Former employer" is Dana's)."""
    for former, holding in ((pair.a, pair.b), (pair.b, pair.a)):
        for c in former.clauses:
            if (c.predicate != "be" or c.negated or c.hypothetical
                    or not c.subject & FORMER_KEY_QUALIFIERS):
                continue
            key = replace(c, past=False, subject=c.subject - FORMER_KEY_QUALIFIERS)
            holder = replace(c, subject=c.subject - _key_words(c))  # "dana" of "Dana's ..."
            for x in held(key, former.salient):
                if not x.value & _said(c):
                    continue  # what the key implies ("employment: in work"), not its value
                for d, y in _holding(holding):
                    named = d.subject - SELF_WORDS - {SELF}
                    if (y.attribute == x.attribute and x.value & y.value
                            and (not holder.subject or not named
                                 or _agree(holder.subject, named))
                            and not _two_holders(holder, d)):
                        return finding("former-then-held", (
                            f"'{_quote(former.text)}': a former {x.attribute}, "
                            f"{', '.join(sorted(x.value & y.value))}; "
                            f"'{_quote(holding.text)}' says it holds now"))
    return None


def _former_still_held(pair: Pair) -> Finding | None:
    """``former-then-held``: one statement says its holder is a former one ("is a former
    smoker", "is an ex-Google engineer", "a retired teacher"), the other, of one holder,
    that it is one now: the same noun without "former" ("is a Google engineer", "works as
    a teacher"), the noun's verb with no object
    the former one does not name ("smokes"), or work where the former one worked ("works
    at Google")."""
    found = _former_key_held(pair)
    if found is not None:
        return found
    for former, holding in ((pair.a, pair.b), (pair.b, pair.a)):
        for c in former.clauses:
            x = c.arg("attr")
            if (c.predicate != "be" or c.negated or c.hypothetical or x is None
                    or not x.words & FORMER_PERSON_QUALIFIERS):
                continue
            where = _content(x.words) - {x.head} - FORMER_PERSON_QUALIFIERS
            for d in holding.clauses:
                if (d.negated or d.past or d.hypothetical or not _agree(c.subject, d.subject)
                        or _two_holders(c, d) or (_said(d) | {d.predicate}) & _ENDED_WORDS):
                    continue
                y = d.arg("attr")
                obj = d.arg("obj")
                role = d.arg("prep:as")
                now = ((d.predicate == "be" and y is not None and y.head == x.head)
                       # "works as an accountant"
                       or (d.predicate == "work" and role is not None and role.head == x.head)
                       or (d.predicate == agent_verb(x.head)
                           and (obj is None or obj.words <= x.words))
                       or (d.predicate == "work" and bool(where)
                           and any(where & z.words for z in d.args
                                   if z.role.startswith("prep:"))))
                if now:
                    thing = ", ".join(sorted(where)) if x.head in FORMER_QUALIFIERS else x.head
                    return finding("former-then-held", (
                        f"'{_quote(former.text)}': a former {thing}; "
                        f"'{_quote(holding.text)}' says so now"))
    return None


def _moved_from_where_living(pair: Pair) -> Finding | None:
    """``ended-then-held``: one statement says its holder moved away from a place or left
    it ("Ana moved away from Lyon"), the other that one holder lives there now ("Ana lives
    in Lyon"): both cannot be true now, and the newer says which is."""
    for moving, staying in ((pair.a, pair.b), (pair.b, pair.a)):
        left = _places_left(moving)
        if not left or not _one_holder(moving, staying):
            continue
        for _, x in _holding(staying):
            if x.attribute.startswith("residence") and not x.permanent and x.value & left:
                return finding("ended-then-held", (
                    f"'{_quote(moving.text)}' left {', '.join(sorted(x.value & left))}; "
                    f"'{_quote(staying.text)}' lives there now"))
    return None


# the words of a default branch said, no holder ("Kestrel's repo's default branch")
_BRANCH_SAID = frozenset({"default", "branch", "git", "repo", "repository"})


def _other_default_branch(pair: Pair) -> Finding | None:
    """``other-branch``: one holder's two statements say its repository's default branch is
    two branches now ("The default branch is main" / "Kestrel switched its default branch
    to develop", "uses trunk as its default branch";
    :func:`~reverie.text.branches.default_branch`, which reads no branch of before). Not a
    contradiction: a denial or an addition, another holder, a scope only one says ("of the
    payments repo")."""
    found = default_branches_apart(pair.a.text, pair.b.text)
    if found is None or _plain_settings_apart(pair, _BRANCH_SAID, _never_before):
        return None
    return finding("other-branch", f"{_versus(pair)}: one default branch, {found[0]} / "
                                   f"{found[1]}")


def _never_before(a: Analysis, b: Analysis) -> bool:
    """No statement said of before: the reader read only what holds now."""
    return False


# the words of where one lives: no holder ("home city: Porto")
_RESIDENCE_SAID = frozenset({"live", "home", "city", "town", "base", "reside", "locate", "move",
                             "relocate", "hometown", "residence", "headquarter", "headquarters",
                             "hq", "apartment", "flat", "house"})
# a part of the time, or a reason, that one place of two may be lived in for
_PART_TIME = re.compile(
    r"\b(?:during|weekdays?|weekends?|summers?|winters?|half\s+the|part\s+of\s+the|"
    r"semesters?|term\s+time|for\s+(?:work|school|college|university|now|the\s+"
    r"(?:summer|winter|year|semester|week|month)))\b", re.I)


def _other_residence(pair: Pair) -> Finding | None:
    """``other-residence``: each statement says where its holder lives now, and no place
    of one can be one of the other's ("User lives in Lisbon." / "home city: Porto", "i live
    in chicago" / "i'm based in austin now"; :func:`~reverie.text.places.places_apart`:
    "Kyoto" / "Japan", "Brooklyn" / "New York" can be one). Not a contradiction: another
    holder, a denial or an addition, a part of the time or a reason ("during the week",
    "for work"). A move ("moved to Denver") says where the holder lives now, and the
    reader reads no place of before."""
    found = places_apart(pair.a.text, pair.b.text)
    if found is None or _PART_TIME.search(pair.a.text) or _PART_TIME.search(pair.b.text):
        return None
    a, b = pair.a, pair.b
    if (a.negations or b.negations or _additive(a) or _additive(b)
            or not _one_holder(a, b, _RESIDENCE_SAID)
            # one's family or roommates are whom one lives with, not another holder
            or _holders_differ(a, b, _RESIDENCE_SAID, exact=True, owned=False)):
        return None
    return finding("other-residence", f"{_versus(pair)}: one home, {found[0]} / {found[1]}")


def _other_age(pair: Pair) -> Finding | None:
    """``other-age``: each statement says how old its holder is, in words a parse reads
    poorly ("i'm 24 so still figuring stuff out" / "i turned 30 in march", "just turned
    45" / "i'm 19, second year of uni"; :func:`~reverie.text.ages.stated_age`), and no age
    fits both, a birthday between them allowed for."""
    found = ages_apart(pair.a.text, pair.b.text)
    if found is None:
        return None
    x, y = found
    return finding("other-age", (
        f"{_versus(pair)}: {x.said} ({_years(x.low, x.high)}) / {y.said} "
        f"({_years(y.low, y.high)}), one holder's age"))


def _other_kin_count(pair: Pair) -> Finding | None:
    """``other-kin-count``: one holder's two statements say how many of a kind of relative,
    child or animal the holder has, and no number fits both ("has two cats" / "my only
    cat", "Has two kids" / "a mother of three", "has two kids" / "my third kid";
    :func:`~reverie.text.kin_counts.kin_counts`). Things one may have any number of
    ("3 monitors") are not read."""
    found = kin_counts_apart(pair.a.text, pair.b.text, _counted_kind)
    if found is None:
        return None
    x, y = found
    # whose: the subjects but the holder and what is counted ("my only cat" is the
    # holder's); two names or nouns that disagree are two holders ("Sam" / "Ana")
    u, v = (_content(f.clauses[0].subject) - {SELF, k.kind} if f.clauses else frozenset()
            for f, k in ((pair.a, x), (pair.b, y)))
    if u and v and not _agree(u, v):
        return None
    return finding("other-kin-count", (
        f"{_versus(pair)}: {x.said} / {y.said}, one holder's {x.kind}s"))


def _above_schooling(pair: Pair) -> Finding | None:
    """``above-schooling``: one holder's statement says a degree was earned ("has a PhD",
    "holds an MBA"), the other puts the holder's schooling below it ("never went to
    college", "highest degree is a bachelor's"; :func:`~reverie.text.degrees.schooling`)."""
    if not _one_holder(pair.a, pair.b):
        return None
    found = degrees_apart(pair.a.text, pair.b.text)
    if found is None:
        return None
    return finding("above-schooling", f"{_versus(pair)}: {found[0]} / {found[1]}")


def _counted_kind(kind: str) -> bool:
    """A kind one has a number of at a time: a relative, a child, an animal."""
    return kind == "child" or is_kind_of(kind, "relative") or is_kind_of(kind, "animal")


def _years(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low}-{high}"


def _changed_value(pair: Pair) -> Finding | None:
    """One statement says its holder changed something to a value ("downgraded to Basic",
    "was upgraded to Go 1.22"), the other that one holder's thing holds another value of
    one sort now ("has been on Enterprise since 2020", "writes everything in Go 1.21"):
    after the change the old value no longer holds, so both cannot be true now. A key's
    owner is the thing's, no other holder ("Ticket 4410 owner: Keiko" / "Ticket 4410 was
    reassigned to Bram")."""
    if not _one_holder(pair.a, pair.b, OWNER_NOUNS):
        return None
    for changed, other in ((pair.a, pair.b), (pair.b, pair.a)):
        if _scope_of_one(changed, other):
            continue  # "moved the sales team to Enterprise for the pilot": a part's
        for c in changed.clauses:
            new = c.arg("attr")
            if not c.changed or c.negated or c.hypothetical or new is None or not new.head:
                continue
            if _content(new.words) & other.lemmas:
                continue  # the other statement names the new value: the change, or after it
            if any(_circumstance(y, times=False) and not _dated(y)
                   and _unsaid(_content(_arg_words(y)), other.lemmas) for y in c.args):
                continue  # "switched to English at work" / "speaks Spanish": there only
            if any(slot in _SCOPES and not _content(frozenset(words.split())) <= other.lemmas
                   for slot, words in new.mods or ()):
                continue  # "upgraded to Enterprise seats for its sales team": a part's
            for d in other.clauses:
                if (d.changed or d.negated or d.past or d.hypothetical or d.additive
                        or not _same_holder(c, d) or _two_things(c, d, OWNER_NOUNS)
                        or _one_day(c, d) or _thing_unsaid(c, d, changed, other)):
                    continue  # "my brother" / "my other brother"
                old = next((y for y in d.args if _one_sort(new, _paid_for(d, y), changed, other)
                            # what it was changed from, where the change says
                            and (not c.before or _content(y.words) & c.before)
                            # "became a Swiss citizen" / "is German": one may hold two
                            and not (_a_nationality(new) and _a_nationality(y))), None)
                if old is not None:
                    return finding("changed-value", (
                        f"'{_quote(changed.text)}' changed it to '{_words(new)}'; "
                        f"'{_quote(other.text)}' says '{_words(old)}'"))
    return None


def _other_time_zone(pair: Pair) -> Finding | None:
    """One holder's two statements, neither denying, place it in time zones that cannot be
    one ("Customer timezone: PST" / "is on Central European Time", "GST (UTC+4)" / "UTC+3";
    :func:`~reverie.text.zones.held_zone`), not said of before and now. One zone named
    twice ("CET" / "Central European Time", "ET" / "EST") and a clock time's zone ("call
    before 3pm ET") are not two."""
    x, y = held_zone(pair.a.text), held_zone(pair.b.text)
    if x is None or y is None:
        return _other_timed_zone(pair)
    if _one_zone(x, y):
        # one zone, denied by one statement ("not on Pacific time" / "timezone: PST")
        return _denied_setting(pair, "time zone", x.said, y.said, ZONE_WORDS)
    if (pair.a.negations or pair.b.negations or not _one_holder(pair.a, pair.b, ZONE_WORDS)
            or _then_and_now(pair.a, pair.b) or _holders_differ(pair.a, pair.b, ZONE_WORDS)
            or _scope_of_either(pair) or _somewhere_of_one(pair)):
        return None  # ... or "When in London, Raj is on GMT": a scope of one
    return finding("other-time-zone", (
        f"{_versus(pair)}: time zone {x.said} ({x.utc}) / {y.said} ({y.utc})"))


def _one_zone(x: Zone, y: Zone) -> bool:
    """The two may be one zone: an offset in common ("PST" / "Pacific time", "GMT" /
    "Europe/London"), but two zones each of a winter and a summer hour are one only when
    both hours are ("Mountain", UTC-7/-6, and "Pacific", UTC-8/-7, share an hour in two
    seasons: two zones)."""
    return one_zone(x.offsets, y.offsets)


def _other_timed_zone(pair: Pair) -> Finding | None:
    """``other-time-zone`` where each statement places one holder's timed things of one
    kind in a zone, and they cannot be one ("Times for Dana should be shown in CET" / "Show
    Dana times in Pacific time", "Dana works US Eastern hours" / "Dana's working hours are
    on IST"; :func:`~reverie.text.zones.timed_zone`). Not where the things differ
    ("meetings" / "calendar", "server times" / "times"), where one statement places the
    holder itself ("Dana's timezone is PST" / "Dana keeps CET hours": a remote worker's),
    nor denials, before and now, two holders or two names."""
    x, y = timed_zone(pair.a.text), timed_zone(pair.b.text)
    if x is None or y is None or x.things != y.things or _one_zone(x, y):
        return None
    said = (ZONE_WORDS | x.things | y.things | {f"{w}s" for w in x.things | y.things}
            | set(f"{x.said} {y.said}".lower().split()))
    if (pair.a.negations or pair.b.negations or not _one_holder(pair.a, pair.b, said)
            or _then_and_now(pair.a, pair.b) or _holders_differ(pair.a, pair.b, said)
            or _named_apart_both_ways(pair, said)):
        return None
    return finding("other-time-zone", (
        f"{_versus(pair)}: {', '.join(sorted(x.things))} in {x.said} ({x.utc}) / "
        f"{y.said} ({y.utc})"))


def _denied_setting(pair: Pair, what: str, mine: str, theirs: str,
                    said: frozenset[str]) -> Finding | None:
    """``denied-value`` where one statement's main clause denies the one setting ``what``
    (a zone, a date order) the other gives its holder, and nothing else is denied ("The
    user is not on Pacific time" / "User's timezone is PST", "Don't use DD/MM/YYYY for
    dates" / "Dates should be in DD/MM/YYYY"); not before and now, another holder or a
    scope only one says."""
    denials = [an for an in (pair.a, pair.b) if an.negations]
    if (len(denials) != 1 or denials[0].negations != 1 or not denials[0].negated
            or _settings_apart(pair, said)):
        return None
    denying, saying = (pair.a, pair.b) if denials[0] is pair.a else (pair.b, pair.a)
    value = mine if denying is pair.a else theirs
    # a denial in a scope the other does not say ("never in customer emails") holds beside
    scope = {w for c in denying.clauses for x in c.args if x.role.startswith("prep:")
             for w in _content(x.words)} - saying.lemmas - said - set(value.lower().split())
    if scope:
        return None
    return finding("denied-value", f"'{_quote(denying.text)}' denies {what} '{value}'; "
                                   f"'{_quote(saying.text)}' says it")


def _other_format(pair: Pair) -> Finding | None:
    """One holder's two statements, neither denying, name one date order or clock each, and
    not the same ("DD/MM/YYYY" / "MM/DD/YYYY", "24-hour time" / "AM/PM";
    :func:`~reverie.text.formats.formats`), not said of before and now. A statement that
    names two ("DD/MM/YYYY in Europe, MM/DD/YYYY in the US") names no one format, and one
    said for a scope the other does not name ("for exported reports") may hold there."""
    x, y = formats(pair.a.text), formats(pair.b.text)
    for kind, mine, theirs in (("date order", x.orders, y.orders), ("clock", x.clocks,
                                                                     y.clocks)):
        if len(mine) != 1 or len(theirs) != 1:
            continue
        if (kind == "date order" and mine != theirs
                and not orders_apart(next(iter(mine)), next(iter(theirs)))):
            continue  # "03/12/2026" may be day-first: "DD/MM/YYYY" shown by example
        if mine == theirs:  # one format, denied by one statement
            return _denied_setting(pair, kind, next(iter(mine)), next(iter(theirs)),
                                   FORMAT_WORDS)
        if pair.a.negations or pair.b.negations or _settings_apart(pair, FORMAT_WORDS):
            return None
        return finding("other-format", (
            f"{_versus(pair)}: one {kind}, {next(iter(mine))} / {next(iter(theirs))}"))
    return None


def _other_title(pair: Pair) -> Finding | None:
    """One holder's two statements give it two job titles that cannot be one ("Helen Park
    — CFO" / "Helen Park is the company's COO", "Director of Sales" / "became VP of
    Sales", "Title: Jr. Designer" / "is a Senior Designer";
    :func:`~reverie.text.titles.titles_apart`). Not a contradiction: a statement naming
    two titles, denying or adding ("also"), a rank before no person's job ("Staff
    meeting"), names of two employers ("CFO of Acme" / "COO of Globex"), before and now
    (one promoted or who became something says what holds now), another holder."""
    found = titles_apart(pair.a.text, pair.b.text)
    if found is None:
        return None
    x, y = found
    if not (_a_job(x) and _a_job(y)) or _two_employers(pair, x, y):
        return None
    if _plain_settings_apart(pair, TITLE_WORDS, _became_before):
        return None
    return finding("other-title", f"{_versus(pair)}: one title, {x.said} / {y.said}")


def _other_function(pair: Pair) -> Finding | None:
    """``other-function``: one holder's two statements give it two titles that each head a
    function, and not the same one ("Head of Sales" / "VP of Marketing", "heads the sales
    team" / "is VP of Marketing"; :func:`~reverie.text.titles.functions_apart`); a person
    may head two, so a person settles it. Not a contradiction: a function one names that
    the other says too ("Head of Sales and Marketing"), names of two employers, a title
    not the holder's own ("works with the head of sales", :func:`_titled`), denying or
    adding, before and now, another holder."""
    found = functions_apart(pair.a.text, pair.b.text)
    if found is None or _two_employers(pair, *found):
        return None
    x, y = found
    if not (_titled(pair.a, x) and _titled(pair.b, y)):
        return None  # "works closely with the head of sales": another's title
    if _titles_held_apart(pair, found):
        return None
    return finding("other-function", (
        f"{_versus(pair)}: two functions headed, {x.said} / {y.said}"))


def _other_rank(pair: Pair) -> Finding | None:
    """``other-rank``: one holder's two statements give it a title that heads a company or
    a function and a rank of a job far below it ("Head of Marketing" / "a junior marketing
    assistant", "VP of Engineering" / "a staff engineer", "CFO" / "a senior accountant";
    :func:`~reverie.text.titles.ranks_apart`), or one leads a team the other gives it a
    junior role in (:func:`_junior_in_led_group`). Not a contradiction: ranks close ("Head
    of Design" / "Lead Designer"), a title not the holder's own ("reports to the Head of
    Design", :func:`_titled`), names of two employers, denying or adding, before and now (a
    promotion says what holds now), another holder."""
    return _ranks_of_titles(pair) or _junior_in_led_group(pair)


def _ranks_of_titles(pair: Pair) -> Finding | None:
    """``other-rank`` of two titles (:func:`~reverie.text.titles.ranks_apart`), each of a
    person's job."""
    found = ranks_apart(pair.a.text, pair.b.text)
    if (found is None or not all(_a_job(t) and _an_occupation(t) for t in found)
            or _two_employers(pair, *found)):
        return None
    x, y = found
    if not (_titled(pair.a, x) and _titled(pair.b, y)):
        return None  # "reports to the Head of Design", "mentors a staff engineer"
    if _titles_held_apart(pair, found):
        return None
    return finding("other-rank", f"{_versus(pair)}: one person, {x.said} / {y.said}")


def _titles_held_apart(pair: Pair, found: tuple[Title, Title]) -> bool:
    """Two titles of one holder may both hold (:func:`_plain_settings_apart`, a rise
    saying what holds now), the titles' words being what is said: a copula read the
    other way round ("the head of marketing is Marco") puts them in the subject."""
    said = TITLE_WORDS | {w.lower() for t in found for w in t.said.split()}
    return _plain_settings_apart(pair, frozenset(said), _became_before)


def _other_role(pair: Pair) -> Finding | None:
    """``other-role``: one holder's two statements give it two roles, one said as its role,
    of one scope ("Priya's role on the Atlas project is tech lead" / "Priya is the project
    manager for Atlas") or none ("Role: Engineering Manager" / "Priya is a principal
    engineer"), or one denies the role the other gives ("Priya isn't the team lead
    anymore, she's a staff engineer"; :func:`~reverie.text.roles.roles_apart`). Not a
    contradiction: two roles said plainly ("the project's tech lead" / "a developer on the
    project": both may hold), roles in two scopes or a scope only one says, a role said in
    addition ("also"), before and now, another holder. Two functions, each said as the one
    of its kind in one named scope ("the product owner for Orion" / "the scrum master for
    Orion"; :class:`~reverie.text.roles.RolesApart` ``likely``), are ``likely-one-value``:
    for a person to settle."""
    found = roles_apart(pair.a.text, pair.b.text)
    if found is None or not (found.exclusive or found.likely):
        return None
    x, y = found.first, found.second
    denials = (int(x.denied), int(y.denied))
    # the roles' words and scopes are what is said: the parse puts them in the subjects
    # ("our" is the writer's: "self" to the parse)
    # ("customer" of "customer success manager" is "self" to the parse too)
    said = TITLE_WORDS | set(x.words) | set(y.words) | x.scope | y.scope | (
        {"self"} if ({"our"} | SELF_WORDS) & (x.scope | y.scope | {*x.words, *y.words})
        else set())
    if _plain_settings_apart(pair, said, _became_before, denials):
        return None
    if found.denied:
        return finding("other-role", (
            f"{_versus(pair)}: the role {x.said if x.denied else y.said} said and denied"))
    if not found.exclusive:
        return finding("likely-one-value", (
            f"{_versus(pair)}: most likely one role in {', '.join(sorted(x.scope))}, "
            f"{x.said} / {y.said}, but both may hold: for a person to settle"))
    return finding("other-role", f"{_versus(pair)}: two roles in one scope, {x.said} / "
                                 f"{y.said}")


def _other_language(pair: Pair) -> Finding | None:
    """One holder's two statements ask to be addressed in two languages ("Rafael's preferred
    language is Spanish" / "Rafael wants all replies in German"), or one asks for a
    language the other says its holder does not read ("Prefers documentation in Japanese"
    / "Send all docs in English; the user doesn't read Japanese";
    :func:`~reverie.text.languages.languages`). Not a contradiction: which languages one
    speaks, two uses ("docs in Japanese" / "calls in English"), a statement naming two
    ("replies in English or Spanish"), before and now, another holder."""
    x, y = languages(pair.a.text), languages(pair.b.text)
    mine, theirs = x.one(), y.one()
    if mine is None or theirs is None:
        return _asked_unknown(pair, x, y)
    denied = (mine & y.denied) or (theirs & x.denied)
    if mine & theirs and not denied:
        return None
    uses_x, uses_y = x.uses - {""}, y.uses - {""}
    if uses_x and uses_y and not uses_x & uses_y:
        return None  # "docs in Japanese" / "calls in English"
    if _plain_settings_apart(pair, frozenset(ADDRESS_USES), _became_before,
                             (1 if x.denied else 0, 1 if y.denied else 0)):
        return None
    if _wished_in_circumstances(pair):
        return None  # "prefers Spanish at home" / "prefers English at work"
    said = ", ".join(sorted(mine)), ", ".join(sorted(theirs))
    return finding("other-language", f"{_versus(pair)}: one language to address them in, "
                                     f"{said[0]} / {said[1]}")


def _asked_unknown(pair: Pair, x: Languages, y: Languages) -> Finding | None:
    """``other-language``: one statement (``x`` of ``pair.a``, ``y`` of ``pair.b``) asks to
    address its holder in a language the other says the holder does not read or speak
    ("Reply to Dana in Italian" / "Dana doesn't understand Italian") or is none of the only
    ones it reads or speaks ("Write to Dana in Spanish" / "Dana only reads English"). Not a
    contradiction: before and now, another holder, a circumstance of one
    (:func:`_plain_settings_apart`, :func:`_wished_in_circumstances`)."""
    unknown = _unknown_to(x, y) or _unknown_to(y, x)
    if not unknown:
        return None
    # the denial of the language is what is said, no other negation
    if (_plain_settings_apart(pair, frozenset(ADDRESS_USES) | _LANGUAGE_SAID, _became_before,
                              (1 if x.denied else 0, 1 if y.denied else 0))
            or _wished_in_circumstances(pair, wishes=False)):
        return None
    return finding("other-language", (
        f"{_versus(pair)}: addressed in {', '.join(sorted(unknown))}, which the holder does "
        f"not read"))


def _unknown_to(asking: Languages, other: Languages) -> frozenset[str]:
    """The language ``asking`` addresses its holder in that ``other`` says the holder does
    not read, or that is none of the only ones it reads; empty if none."""
    meant = asking.one()
    if meant is None:
        return frozenset()
    return (meant & other.unread
            or (meant if other.only_read and not meant & other.only_read else frozenset()))


_LANGUAGE_SAID = (frozenset(LANGUAGE_NAMES) | {"language", "languages", "speaker"}
                  # "first language", "native tongue", "mother tongue"
                  | {w for words in NATIVE_WORDS for w in words.split()})


def _spoken_language(pair: Pair) -> Finding | None:
    """``denied-language``: one statement says its holder does not speak a language at all
    ("doesn't speak German"), the other that the holder speaks it ("is fluent in German");
    ``other-native-language``: each names one native language, not the same ("Native
    language: Portuguese" / "speaks Spanish natively"; :func:`~reverie.text.languages.
    languages`). Not a contradiction: how well ("not very well", "not yet"), "bilingual",
    a statement naming two native languages, before and now, another holder, a scope of
    one ("at work")."""
    x, y = languages(pair.a.text), languages(pair.b.text)
    denied = sorted((x.unspoken & y.spoken) | (y.unspoken & x.spoken)
                    | _spoken_beyond_only(x, pair.a, y, pair.b)
                    | _spoken_beyond_only(y, pair.b, x, pair.a))
    native = (len(x.native) == 1 and len(y.native) == 1 and not x.native[0] & y.native[0]
              and not _BILINGUAL.search(pair.a.text) and not _BILINGUAL.search(pair.b.text))
    if not denied and not native:
        return None
    if _plain_settings_apart(pair, _LANGUAGE_SAID, _then_and_now,
                             (1 if x.denied else 0, 1 if y.denied else 0)):
        return None
    if denied and any(_denied_somewhere(denying, other)
                      for denying, other, said in ((pair.a, pair.b, x), (pair.b, pair.a, y))
                      if said.unspoken):
        return None  # "doesn't speak Hindi at work" / "speaks Hindi"
    if denied:
        return finding("denied-language", (
            f"{_versus(pair)}: {denied[0]} spoken by one holder and not spoken"))
    said = ", ".join(sorted(x.native[0])), ", ".join(sorted(y.native[0]))
    return finding("other-native-language", (
        f"{_versus(pair)}: one native language, {said[0]} / {said[1]}"))


_BILINGUAL = re.compile(r"\bbilingual\b", re.I)


def _spoken_beyond_only(only: Languages, said: Analysis, other: Languages,
                        other_said: Analysis) -> frozenset[str]:
    """The languages ``other`` says its holder speaks beyond the only ones ``only`` names
    ("speaks only Portuguese" / "is fluent in English": English), unless the two are apart
    (:func:`_only_apart`)."""
    beyond = other.spoken - only.only if only.only else frozenset()
    return beyond if beyond and not _only_apart(said, other_said) else frozenset()


def _only_apart(said: Analysis, other: Analysis) -> bool:
    """The statement naming the only languages spoken says them of another holder
    (:func:`_two_holders`: "Dana's mother speaks only Portuguese") or where, when or with
    whom, in words ``other`` does not say ("speaks only Portuguese at home")."""
    return any(_two_holders(c, d) for c in said.clauses for d in other.clauses) or any(
        x.role in _CIRCUMSTANCES and not x.words & _LANGUAGE_SAID
        and _unsaid(_content(x.words), other.lemmas)
        for c in said.clauses for x in c.args)


def _denied_somewhere(denying: Analysis, other: Analysis) -> bool:
    """A denial of ``denying`` is said of a circumstance ``other`` does not say ("doesn't
    speak Hindi at work", "never with clients"): denied there, not everywhere."""
    return any(_denied_there(c, d) for c in denying.clauses if c.negated for d in other.clauses)


def _other_channel(pair: Pair) -> Finding | None:
    """One holder's two statements choose two channels to reach them by ("Preferred
    contact: phone" / "Best way to reach her is WhatsApp"), or one chooses a channel the
    other turns down ("Only reach Calloway by email" / "Calloway's contact never reads
    email; phone them instead"; :func:`~reverie.text.channels.channels`). Not a
    contradiction: a statement choosing two, a scope of one ("Prefers email" / "Use Slack
    for urgent issues"), a denial besides the turned-down channels, adding ("also on
    Slack"), before and now, another holder."""
    x, y = channels(pair.a.text), channels(pair.b.text)
    # chosen, or named in use ("reports are sent by email" / "reports aren't emailed")
    turned = (turned_down(x.chosen | x.named, y.refused)
              | turned_down(y.chosen | y.named, x.refused))
    mine, theirs = x.one(), y.one()
    if not turned and (mine is None or theirs is None or channels_alike(mine, theirs)):
        return None
    # a refusal said of every use stands against a channel chosen for one ("Doesn't use
    # Slack" / "Prefers Slack for updates"): only the refusal's own scope keeps them apart
    refusing = (None if not turned or (x.refused and y.refused)
                else pair.a if x.refused else pair.b)
    if refusing is not None and not _refused_outright(refusing):
        refusing = None  # "doesn't post on LinkedIn", "doesn't use Slack at work": a part
    if (_chosen_for_apart(pair, refusing) or _named_apart_both_ways(pair, _CHANNEL_SAID)
            or (not turned and _channels_in_some_circumstance(pair))  # "at work"
            or _plain_settings_apart(pair, _CHANNEL_SAID, _became_before,
                                     (len(x.refused), len(y.refused)), scoped=refusing)):
        return None  # ... or "Send Omar's updates to his email" / "Send Kenji's ..."
    said = (f"{', '.join(sorted(turned))} chosen and turned down" if turned
            else f"{mine} / {theirs}")
    return finding("other-channel", f"{_versus(pair)}: one channel to reach them by, {said}")


_WAYS = frozenset({"prep:via", "prep:by", "prep:on", "prep:over", "prep:through", "prep:to"})


def _by_way(an: Analysis) -> bool:
    """A clause says by which channel its thing goes ("via Slack", "on Zoom", "to SMS", "in
    person"), not in which it is said ("dates in emails") nor what it is ("short emails")."""
    return any((x.role in _WAYS and (x.words & _CHANNEL_SAID or x.words & CHANNEL_NAMES.keys()))
               or (x.role == "prep:in" and "person" in x.words)
               for c in an.clauses for x in c.args)


def _one_thing_two_channels(pair: Pair) -> Finding | None:
    """``one-thing-two-channels``: the statements say one thing goes by two channels and
    nothing else apart: their words but the channels' are the same ("Thursday retro is held
    in person" / "... on Zoom", "Send updates via Slack" / "Send updates via email";
    :func:`~reverie.text.channels.channels_named_apart`). Both may be meant, so a person
    settles it. Not a contradiction: where one may be reached or has an account
    ("reachable on WhatsApp" / "... on Signal"), a denial, adding, before and now,
    another holder."""
    named = channels_named_apart(pair.a.text, pair.b.text)
    if named is None or not (_by_way(pair.a) and _by_way(pair.b)):
        return None
    if channels(pair.a.text).chosen or channels(pair.b.text).chosen:
        return None  # a choice: other-channel's
    rest = pair.a.content - _CHANNEL_SAID, pair.b.content - _CHANNEL_SAID
    if not rest[0] or rest[0] != rest[1] or (pair.a.lemmas | pair.b.lemmas) & REACHABLE_WORDS:
        return None
    if (_plain_settings_apart(pair, _CHANNEL_SAID, _then_and_now)
            or _channels_in_some_circumstance(pair, wishes=False)):  # "by email at work"
        return None
    return finding("one-thing-two-channels", (
        f"{_versus(pair)}: {', '.join(sorted(rest[0]))} by {named[0]} / by {named[1]}"))


def _other_option(pair: Pair) -> Finding | None:
    """One holder's two statements name two options of one closed set, or one names the
    option the other denies ("Prefers aisle seats" / "always picks the window", "Support
    tier: Gold" / "on Silver support", "Data must stay in the EU region" / "hosted in
    us-east-1"; :func:`~reverie.text.options.options`). Not a contradiction: a statement
    naming two, options that may be one ("hybrid" / "electric"), a denial besides the
    denied option, adding ("also"), before and now, another holder, two things ("an
    electric car" / "a diesel van"), a scope one says and the other does not ("on
    long-haul flights", "at home"), names on both sides that the other does not say ("a
    flat in Oslo" / "a house in the Alps"), the option itself as the subject ("The
    Enterprise plan includes SSO"), a wish where the set says a wish holds nothing ("wants
    the Pro plan"), what comes in and what goes out ("accepts XML" / "returns JSON"),
    which of several things ("Work phone: iPhone 14"), a part of a group ("Most of the
    team ...")."""
    x, y = options(pair.a.text), options(pair.b.text)
    for name in sorted(x.keys() & y.keys()):
        s, t, spec = x[name], y[name], OPTION_SETS[name]
        # a thing's word that says a way ("exports" of "exports reports as CSV") is none
        things = s.things - spec.ways.keys(), t.things - spec.ways.keys()
        of_set = (s.of_set(t) and t.of_set(s)) or _one_thing_done(pair, things[0] & things[1])
        if not of_set or (things[0] and things[1] and not things[0] & things[1]):
            continue  # of no set; or two things ("an electric car" / "a diesel van")
        if _about_option(pair.a, spec) or _about_option(pair.b, spec):
            continue  # "The Enterprise plan includes SSO": the option, held by no one
        if not spec.wished and (_wished(pair.a) or _wished(pair.b)):
            continue  # "wants the Pro plan": not held yet
        if s.ways and t.ways and not s.ways & t.ways:
            continue  # "The API accepts XML" / "The API returns JSON": in and out
        if s.qualified != t.qualified or _a_part(pair.a) or _a_part(pair.b):
            continue  # "Work phone: iPhone 14", "Most of the team has an iPhone": some of several
        if _objects_apart(pair, _OPTION_WORDS):
            continue  # "exports reports as CSV" / "exports invoices as PDF": two things
        mine, theirs = s.one(), t.one()
        denied = (s.named - s.denied) & t.denied or (t.named - t.denied) & s.denied
        if not denied and (mine is None or theirs is None
                           or options_alike(name, mine, theirs)):
            continue
        if (_named_apart_both_ways(pair, _OPTION_WORDS | MAIN_QUALIFIERS)  # "Primary DB"
                or _of_a_name(pair.a, pair.b, spec) or _of_a_name(pair.b, pair.a, spec)
                or _scope_besides(pair.a, pair.b, spec.words)
                or _scope_besides(pair.b, pair.a, spec.words)
                or _plain_settings_apart(pair, _option_said(name), _became_before,
                                         (len(s.denied), len(t.denied)),
                                         # "pays for Enterprise", "for her cell
                                         # service": the option or the set, no scope
                                         holders=frozenset(spec.options) | spec.words)):
            continue
        said = f"{', '.join(sorted(denied))} named and denied" if denied else (
            f"{mine} / {theirs}")
        return finding("other-option", f"{_versus(pair)}: one {name}, {said}")
    return None


def _one_thing_done(pair: Pair, things: frozenset[str]) -> bool:
    """Both main clauses speak of one thing of a set ("Always send images as PNG" /
    "Images should always be JPEG"): its word the head of a subject or an object in each,
    and one verb, or a copula on one side (not "Summaries are sent in HTML" / "Summaries
    are archived as plain text": two things done; not "The invoice template is a Word
    document": the template's)."""
    if not things or not pair.a.clauses or not pair.b.clauses:
        return False
    c, d = pair.a.clauses[0], pair.b.clauses[0]

    def heads(x: Clause) -> set[str]:
        obj = x.arg("obj")
        said = {x.subject_head} | ({obj.head} if obj is not None else set())
        return {w[:-1] if w.endswith("s") else w for w in said if w}

    return bool(heads(c) & heads(d) & things) and (
        c.predicate == d.predicate or "be" in (c.predicate, d.predicate))


# the words that only name things that have an option ("backup", "app"), of no set itself
_OPTION_THINGS = frozenset().union(*(spec.things for spec in OPTION_SETS.values())) - (
    _OPTION_VALUES.union(*(spec.strong | spec.weak for spec in OPTION_SETS.values())))


@cache
def _option_said(name: str) -> frozenset[str]:
    """The words that are no holder beside an option of set ``name``: the sets' words
    (:data:`_OPTION_SAID`), of the things that have one only that set's ("API responses
    are JSON": the API's format; "Backups are stored on AWS" / "The app is hosted on
    Azure": two holders of a cloud)."""
    return (_OPTION_SAID - _OPTION_THINGS) | OPTION_SETS[name].things


def _objects_apart(pair: Pair, said: frozenset[str]) -> bool:
    """Both main clauses have an object that is no value (no word of ``said``), and not
    one thing ("reports" / "invoices")."""
    if not pair.a.clauses or not pair.b.clauses:
        return False
    x, y = pair.a.clauses[0].arg("obj"), pair.b.clauses[0].arg("obj")
    return (x is not None and y is not None and not (x.words | y.words) & said
            and x.head != y.head and not one_noun(x.head, y.head))


def _wished(an: Analysis) -> bool:
    """The statement's main clause wishes for, weighs or asks about what it names ("wants
    the Pro plan", "is considering Enterprise"; :data:`NOT_HELD_VERBS`); not a noun phrase
    ("Team plan, 20 seats", whose parse made "plan" its predicate)."""
    return (bool(an.clauses) and an.clauses[0].predicate in NOT_HELD_VERBS
            and not an.noun_phrase)


def _a_part(an: Analysis) -> bool:
    """The statement's main subject is a part of a group ("Most of the team has an
    iPhone")."""
    return bool(an.clauses) and an.clauses[0].subject_head in PART_WORDS


def _about_option(an: Analysis, spec: OptionSet) -> bool:
    """The statement's main clause speaks of an option itself, not of a holder having one:
    its subject names one and its verb is no copula ("The Enterprise plan includes SSO";
    not "Plan: Team", "Pro is their plan")."""
    return (bool(an.clauses) and an.clauses[0].predicate != "be" and any(
        w in spec.options for w in an.clauses[0].subject)) or _option_scopes_a_thing(an, spec)


def _option_scopes_a_thing(an: Analysis, spec: OptionSet) -> bool:
    """The main clause says a thing's value with the set named as its scope ("The API rate
    limit is 100 requests per minute on the free tier", "Storage is 10 GB on the Pro
    plan"): the option and a word of its set only in a phrase on the clause, and a subject
    that is no holder (a noun, of no name, being, group or account). Not of a set whose
    options are things' (a report's format, a phone's system): the thing holds its own."""
    if not an.clauses or spec.things:
        return False
    c = an.clauses[0]

    def scoping(x: Arg) -> bool:  # on the clause, or hung on its value ("100 ... on the tier")
        if x.role.startswith("prep:"):
            return bool(x.words & spec.strong)
        return any(slot.startswith("prep:") and set(phrase.split()) & spec.options.keys()
                   and set(phrase.split()) & spec.strong for slot, phrase in x.mods or ())
    named_in = [x for x in c.args if x.words & spec.options.keys()]
    if not named_in or not all(scoping(x) for x in named_in):
        return False
    holders = an.salient | SELF_WORDS | {SELF}
    things = c.subject - holders - ACCOUNT_WORDS
    return bool(things) and things == c.subject - holders and all(
        is_kind_of(w, "entity") and not is_kind_of(w, "person") and not is_kind_of(w, "group")
        and w not in spec.options for w in things)


# words of a date besides its day, month and figures ("the week of", "last month")
_WHEN_WORDS = frozenset({*PERIODS, "day", "last", "next", "early", "late", "mid", "end",
                         "start", "beginning"})
_SCOPE_PHRASE = re.compile(
    r"\b(?:on|for|during|at|in|when|while)\s+((?:(?!\b(?:on|for|during|at|in|when|while)\b)"
    r"[^,.;:!?])+)", re.I)


def _scope_besides(a: Analysis, b: Analysis, own: frozenset[str] = frozenset()) -> bool:
    """``a`` says where or when its option holds (a phrase after "on", "for", "at", "in",
    "when" ... that names no option, nor only the set's ``own`` words: "on long-haul
    flights", "at home", "in jackets"; not "for her cell service") with a content word
    ``b`` does not say: each may hold in its own scope."""
    theirs = b.lemmas | {w.rstrip("s") for w in re.findall(r"[a-z]+", b.text.lower())}
    for m in _SCOPE_PHRASE.finditer(a.text):
        words = {w.lower() for w in re.findall(r"[A-Za-z][\w-]*", m.group(1))}
        if words & _OPTION_VALUES or any(w.rstrip("s") in _OPTION_VALUES for w in words):
            continue  # the option's own phrase ("in a detached house")
        if words - _NO_SCOPE_WORDS <= own:
            continue  # the set's own words ("for her cell service"): what, not where
        if all(_day_word(w) or w in _WHEN_WORDS for w in words - _NO_SCOPE_WORDS):
            continue  # when it came to hold ("on 2 Feb", "in the week of 2026-11-23")
        if any(w.rstrip("s") not in theirs and w not in theirs for w in words - _NO_SCOPE_WORDS):
            return True
    return False


def _of_a_name(a: Analysis, b: Analysis, spec: OptionSet) -> bool:
    """``a`` says whose the set's thing is by a name after it that ``b`` does not say ("the
    free version of Zoom" / "is on our Pro plan"): a product's of its own. ("Zoom's free
    plan" is not read: a name before may be the holder's.)"""
    strong = "|".join(re.escape(w) for w in sorted(spec.strong))
    said = b.text.lower()
    return any(m[1].lower() not in said for m in re.finditer(
        rf"\b(?:{strong})\s+(?:of|for)\s+(?:the\s+)?([A-Z][\w-]*)", a.text))


def _named_apart_both_ways(pair: Pair, besides: frozenset[str]) -> bool:
    """Each statement gives a name the other does not mention, ``besides`` and tokens
    without a letter ("she/her") aside: "a flat in Oslo" / "a house in the Alps"."""
    return all(any(any(ch.isalpha() for ch in n) for n in _unshared_names(x, y, besides))
               for x, y in ((pair.a, pair.b), (pair.b, pair.a)))


def _refused_outright(an: Analysis) -> bool:
    """Each denied clause of the statement turns a channel down whole: not using it, not
    being on it or having it, said of no place, time or purpose ("Doesn't use Slack",
    "isn't on WhatsApp anymore"; not "doesn't post on LinkedIn", "... at work")."""
    denied = [c for c in an.clauses if c.negated]
    return bool(denied) and all(
        c.predicate in OUTRIGHT_VERBS and not any(
            x.role.startswith("prep:") and not channels(" ".join(sorted(x.words))).named
            and not x.words & CHANNEL_NAMES.keys() for x in c.args)
        for c in denied)


def _chosen_for_apart(pair: Pair, only: Analysis | None = None) -> bool:
    """What a channel is chosen for differs: one statement says it ("for quick questions",
    "async updates on Slack") and the other says nothing of it or something else ("a
    weekly summary email"); with ``only``, what that statement says and the other does not
    ("Doesn't use Slack for work" / "Prefers Slack for family chats"). Besides the words of
    channels, of choosing and of using one and both statements' holders."""
    holders = frozenset().union(*(c.subject for an in (pair.a, pair.b) for c in an.clauses))
    mine, theirs = (an.content - _CHANNEL_SAID - holders - SELF_WORDS for an in (pair.a, pair.b))
    if only is not None:
        return bool(mine - theirs if only is pair.a else theirs - mine)
    return bool(mine | theirs) and not mine & theirs


def _other_version(pair: Pair) -> Finding | None:
    """One holder's two statements run two versions of one product ("Running Node 18 in
    production" / "prod is on node 20 now", "Ines runs Python 3.9" / "Ines's backend is on
    Python 3.12"; :func:`~reverie.text.versions.versions_apart`). Not a contradiction: a
    bound ("Java 17 or later"), a statement naming two versions, denying or adding, places
    apart ("in production" / "on her laptop"), before and now (an upgrade says what runs
    now), another holder."""
    found = versions_apart(pair.a.text, pair.b.text)
    if found is None or _scoped_versions(*found):
        return None
    mine, theirs = pair.a.lemmas & VERSION_PLACES, pair.b.lemmas & VERSION_PLACES
    if mine != theirs and not ({"prod", "production"} >= mine | theirs):
        return None  # "in production" / "on her laptop", or one says where and one not
    # what runs it is a holder, unless both say it ("uses Java 11 for the backend" /
    # "the backend runs on Java 21"; not "the backend service" / "the data pipeline")
    said = VERSION_WORDS | (pair.a.lemmas & pair.b.lemmas)
    if _plain_settings_apart(pair, said, _became_before):
        return None
    x, y = found
    return finding("other-version", f"{_versus(pair)}: one version of {x.product}, "
                                    f"{x.said} / {y.said}")


def _scoped_versions(x: Version, y: Version) -> bool:
    """Each version is said of its own scope ("Node 18 in the legacy app" / "Node 20 in the
    new app"): two things, each with its version; a scope clipped is one ("prod")."""
    mine, theirs = _unclipped(x.scope, y.scope)
    return bool(mine and theirs) and not _agree(mine, theirs)


def _a_job(title: Title) -> bool:
    """A chief officer, a rank of a function ("VP of Sales"), or a rank before a noun
    WordNet files as a person ("Senior Designer"; not "Staff meeting")."""
    return bool(title.chief) or title.function or is_kind_of(title.job.split()[-1], "person")


def _two_employers(pair: Pair, x: Title, y: Title) -> bool:
    """Each statement names something the other does not, besides the titles ("CFO of
    Acme" / "COO of Globex"): two employers may each give one title."""
    said = frozenset(w.lower() for t in (x, y) for w in t.said.split())
    return bool(_unshared_names(pair.a, pair.b, said) and _unshared_names(pair.b, pair.a, said))


def _became_before(a: Analysis, b: Analysis) -> bool:
    """As :func:`_then_and_now`, but a main clause that says its holder became something
    ("became VP", "was promoted to Director", "was upgraded to Pro") says what holds now."""
    return _held_before(a, BECOME_VERBS, changed=True) != _held_before(b, BECOME_VERBS,
                                                                       changed=True)


def _held_before(an: Analysis, now_verbs: frozenset[str], *, changed: bool = False) -> bool:
    """The statement's main clause says what held before: past, but not by one of
    ``now_verbs`` (a switch, a promotion, which say what holds now), nor, with
    ``changed``, a change to a value ("was upgraded to Pro")."""
    c = an.clauses[0] if an.clauses else None
    return c is not None and c.past and not (changed and c.changed) and (
        c.predicate.split()[0] not in now_verbs)


def _plain_settings_apart(pair: Pair, said: frozenset[str],
                          before: Callable[[Analysis, Analysis], bool],
                          denials: tuple[int, int] = (0, 0), *,
                          scoped: Analysis | None = None,
                          holders: frozenset[str] = frozenset()) -> bool:
    """Two statements of one value each may both hold: either denies more than the values
    it turns down (``denials``, by statement: none by default) or adds ("also"), or
    :func:`_settings_apart` (two holders, before and now, a scope of one but ``holders``;
    of ``scoped`` only, when given)."""
    return bool(_denials(pair.a) > denials[0] or _denials(pair.b) > denials[1]
                or _additive(pair.a) or _additive(pair.b)
                or _settings_apart(pair, said, before=before, scoped=scoped, holders=holders))


def _denials(an: Analysis) -> int:
    """The statement's negations but those of a change not made that names no value ("node
    v18, can't upgrade yet": the version still held, no denial of it; not "hasn't upgraded
    to Node 20")."""
    return an.negations - sum(1 for c in an.clauses
                              if c.negated and c.predicate.split()[0] in CHANGE_VERBS
                              and not any(x.words - {SELF} for x in c.args if x.role != "adv"))


def _additive(an: Analysis) -> bool:
    """A clause of the statement adds to what else holds ("also", "a second account")."""
    return any(c.additive for c in an.clauses)


def _two_uses_of_money(pair: Pair) -> bool:
    """Each statement says what money its currency is of, and not the same ("billing" /
    "reporting", "invoices" / "salary"), or which way its bills go, and not the same
    ("bills in euros" / "is invoiced in US dollars"): a company may bill in one currency
    and report, or pay its suppliers, in another."""
    x, y = _money(pair.a), _money(pair.b)
    if {x.direction, y.direction} == {"in", "out"}:
        return True  # "bills in euros" / "is invoiced in US dollars": two ways money goes
    return _uses_apart(x, y)


def _uses_apart(x: Currencies, y: Currencies) -> bool:
    """Each statement's currencies say what money they are of, and not the same ("salary"
    / "rent")."""
    return bool(x.uses and y.uses) and not x.uses & y.uses


def _other_currency(pair: Pair) -> Finding | None:
    """One holder's two statements keep its money in two currencies ("Billing currency:
    SEK" / "is billed in Norwegian kroner (NOK)", "Quotes should be in SEK" / "now wants all
    pricing in euros"; :func:`~reverie.text.currencies.currencies`), each saying what
    money it is of or calling it a currency ("pays in yen" may be one trip's). Not a
    contradiction: a statement naming two ("in USD and EUR") or denying or adding ("also
    billed in USD"), two uses of money ("reporting currency" / "invoices"), before and now
    (a switch says what holds now), another holder or a scope of one only. One currency
    that one statement denies is ``denied-value`` ("Acme is not billed in euros" / "Acme's
    invoices are in EUR")."""
    found = currencies_apart(pair.a.text, pair.b.text)
    x, y = _money(pair.a), _money(pair.b)
    if found is None:
        mine, theirs = x.one(), y.one()
        if (mine is None or theirs is None or not mine[0] & theirs[0]
                or _money_apart(pair) or _money_placed_apart(pair)):
            return None  # "doesn't pay suppliers in euros" / "invoices in EUR": two uses
        # one currency, denied by one statement ("isn't billed in euros" / "invoices in
        # EUR"): a denial holds of all money, a trip's too
        named = {w for an in (pair.a, pair.b) for c in an.clauses for z in c.args
                 for w in z.words if currencies(w).said}
        return _denied_setting(pair, "currency", mine[1], theirs[1],
                               CURRENCY_WORDS | frozenset(named))
    if not ((x.of_money and y.of_money) or x.keyed or y.keyed) or _money_apart(pair):
        return None  # a key says what money it is for both ("Currency: CAD" / "pays in AUD")
    if _plain_settings_apart(pair, CURRENCY_WORDS, _switched_before) or _money_placed_apart(pair):
        return None
    return finding("other-currency", f"{_versus(pair)}: one currency, {found[0]} / {found[1]}")


def _money(an: Analysis) -> Currencies:
    """The statement's currencies (:func:`~reverie.text.currencies.currencies`), their use
    its holder's pay where the holder is said to be paid and no use is named ("Dana gets
    paid in Canadian dollars", as "Dana's salary is paid in US dollars"; not "Dana's bonus
    is paid in euros", a thing of hers paid)."""
    found = currencies(an.text)
    # "Ola isn't paid in euros": her pay too, denied
    if found.uses or not any(c.predicate == "pay" and c.passive and all(
            w in an.salient | {SELF} or not is_noun(w) for w in c.subject)  # "Greta"
            for c in an.clauses):
        return found
    return replace(found, uses=frozenset({PAY_USE}))


def _money_placed_apart(pair: Pair) -> bool:
    """Both statements say where or for what with one preposition, of other things, besides
    the currency ("in EUR on the EU site" / "in GBP for the UK entity"): two scopes."""
    def places(an: Analysis) -> dict[str, frozenset[str]]:
        said = {w.lower().rstrip("s") for _, name in currencies(an.text).said
                for w in name.split()}
        found: dict[str, frozenset[str]] = {}
        for x in (x for c in an.clauses for x in c.args if not _dated(x)):
            if x.role.startswith("prep:") and not {w.rstrip("s") for w in x.words} & said:
                found[x.role] = _content(x.words)
            for slot, phrase in x.mods or ():  # "in pounds | on the UK store"
                if slot.startswith("prep:"):
                    found[slot] = frozenset(phrase.split())
        return found
    mine, theirs = places(pair.a), places(pair.b)
    return any(mine[r] and theirs[r] and not _agree(mine[r], theirs[r])
               for r in mine.keys() & theirs.keys())


def _other_system(pair: Pair) -> Finding | None:
    """One holder's two statements ask for two measurement systems or temperature scales
    ("wants temperatures in Fahrenheit" / "prefers Celsius", "Preferred units: imperial" /
    "shows distances in kilometers"; :func:`~reverie.text.systems.systems`), or one denies
    what the other asks for ("never metric" / "in metric units"). A statement that names
    two names no one; a negation other than of a system, before and now, another holder
    or a scope of one only may each let both hold."""
    x, y = systems(pair.a.text), systems(pair.b.text)
    clash = systems_apart(pair.a.text, pair.b.text)
    if clash is None:
        denied = sorted((x.denied & set().union(*y.said.values()))
                        | (y.denied & set().union(*x.said.values())))
        if not denied:
            return None
        clash = ("system", f"not {denied[0]}", denied[0])
    if (pair.a.negations > len(x.denied) or pair.b.negations > len(y.denied)
            or _settings_apart(pair, SYSTEM_WORDS)
            or _placed_apart(pair.a, pair.b) or _measured_apart(pair.a, pair.b)):
        return None
    kind, mine_said, theirs_said = clash
    return finding("other-system", f"{_versus(pair)}: one {kind}, {mine_said} / {theirs_said}")


def _other_state(pair: Pair) -> Finding | None:
    """One holder's setting said switched on in one statement and off in the other ("Dark
    mode is on" / "has dark mode turned off", "auto-renew is enabled" / "is turned off";
    :func:`~reverie.text.switches.switch`), neither negating anything but the state."""
    found = _switched(pair)
    if found is None or not found[1]:
        return None
    return finding("other-state", found[0])


def _switched_apart(pair: Pair) -> Finding | None:
    """``opposite-states`` where :func:`_switched` finds a setting on and off but a
    negation of something besides the state may change what a statement says ("dark mode
    is off in the app, i never use it"): never one note, no contradiction either."""
    found = _switched(pair)
    return finding("opposite-states", found[0]) if found is not None else None


def _switched(pair: Pair) -> tuple[str, bool] | None:
    """The detail of one setting said on and off by one holder's statements, and whether
    every negation they hold is the state's; None where they say no two states of one
    setting: the words of each besides the state's differ only by verbs ("email
    notifications" / "push notifications" are two settings, "dark mode is on in the
    mobile app" / "... off" two scopes), or :func:`_settings_apart`."""
    x, y = switch(pair.a.text), switch(pair.b.text)
    if x is None or y is None or x.on == y.on:
        return None
    if _days_apart(pair.a, pair.b):
        return None  # "open on weekdays" / "closed on weekends"; "closed on Sundays" alone
    mine, theirs = (an.content - SWITCH_WORDS - _DAY_WORDS for an in (pair.a, pair.b))
    verbs = {c.predicate for an in (pair.a, pair.b) for c in an.clauses}
    if not mine & theirs or not (mine ^ theirs) <= verbs | SELF_WORDS:
        return None
    # a setting switched in the past holds now; "enabled for the user" names whose it is
    if _settings_apart(pair, frozenset(mine | theirs), before=_switched_before,
                       holders=SELF_WORDS):
        return None
    setting = " ".join(sorted(mine & theirs))
    detail = (f"{_versus(pair)}: {setting} '{x.said}' ({'on' if x.on else 'off'}) / "
              f"'{y.said}' ({'on' if y.on else 'off'})")
    return detail, pair.a.negations == x.negations and pair.b.negations == y.negations


_WEEKEND = frozenset({"saturday", "sunday"})
_DAY_SETS: dict[str, frozenset[str]] = {
    **{day: frozenset({day}) for day in WEEKDAYS},
    "weekend": _WEEKEND, "weekday": frozenset(WEEKDAYS) - _WEEKEND,
    "daily": frozenset(WEEKDAYS), "everyday": frozenset(WEEKDAYS),
}
_DAY_WORDS = frozenset({*_DAY_SETS, "day", "week", "every"})


def _days_apart(a: Analysis, b: Analysis) -> bool:
    """The statements name days of the week that do not meet, or only one names any ("on
    weekdays" / "on weekends"; "on Fridays" / none: an exception, not the rule)."""
    days, their_days = _days_said(a), _days_said(b)
    return bool(days or their_days) and not days & their_days


def _days_said(an: Analysis) -> frozenset[str]:
    """The days of the week a statement says it holds on ("on weekends": Saturday and
    Sunday; "every day", "daily": all seven), or none."""
    said = {w.removesuffix("s") for w in an.lemmas} | an.lemmas  # "Mondays" kept as said
    days = frozenset().union(*(_DAY_SETS[w] for w in said & _DAY_SETS.keys()))
    if "day" in an.lemmas and "every" in an.text.lower().split():
        days |= frozenset(WEEKDAYS)
    return days


def _switched_before(a: Analysis, b: Analysis) -> bool:
    """As :func:`_then_and_now`, but a main clause that switched a setting says what holds
    now ("turned on dark mode": on now; "dark mode was on" does not)."""
    return _held_before(a, SWITCH_WORDS) != _held_before(b, SWITCH_WORDS)


def _settings_apart(pair: Pair, said: frozenset[str], *,
                    before: Callable[[Analysis, Analysis], bool] | None = None,
                    holders: frozenset[str] = frozenset(),
                    scoped: Analysis | None = None) -> bool:
    """Two statements of a setting (a format, a system, a state) may both hold: two
    holders (their subjects but ``said``, the words of what is set), before and now
    (``before``, :func:`_then_and_now` by default), a change meant or a value tried, or a
    scope one says (``scoped`` only, when given) and the other does not (a "for" one of
    ``holders`` names whose it is: :func:`_scope_of_one`)."""
    then = before or _then_and_now
    # "Primary DB" / "the app's main database": which use, not whose
    if (not _one_holder(pair.a, pair.b, said | MAIN_QUALIFIERS) or then(pair.a, pair.b)
            or _holders_differ(pair.a, pair.b, said, exact=True)
            or _only_meant(pair.a) or _only_meant(pair.b)
            or _only_tried(pair.a) or _only_tried(pair.b)):
        return True  # ... or a change meant, not made, or a value tried: the setting before
        # it holds
    if scoped is not None:
        return _scope_of_one(scoped, pair.b if scoped is pair.a else pair.a, holders)
    return _scope_of_either(pair, holders)


def _scope_of_either(pair: Pair, holders: frozenset[str] = frozenset()) -> bool:
    """Either statement says a scope the other does not name (:func:`_scope_of_one`)."""
    return _scope_of_one(pair.a, pair.b, holders) or _scope_of_one(pair.b, pair.a, holders)


def _measured_apart(a: Analysis, b: Analysis) -> bool:
    """Both statements name what is measured, and not the same ("height listed in cm" /
    "recipes in cups"): each thing may take its own system."""
    mine, theirs = a.lemmas & MEASURED_WORDS, b.lemmas & MEASURED_WORDS
    return bool(mine and theirs) and not mine & theirs


def _placed_apart(a: Analysis, b: Analysis) -> bool:
    """Both statements say where or for what with one preposition, of other things, besides
    a system ("metric units at work" / "imperial units at home"): two scopes."""
    def places(an: Analysis) -> dict[str, frozenset[str]]:
        return {x.role: _content(x.words) for c in an.clauses for x in c.args
                if x.role.startswith("prep:") and not x.words & SYSTEM_WORDS
                and not systems(" ".join(sorted(x.words))).said and not _a_unit(x.head)}
    mine, theirs = places(a), places(b)
    # "for everything" has no content word: it places neither apart
    return any(mine[r] and theirs[r] and not mine[r] & theirs[r]
               for r in mine.keys() & theirs.keys())


def _scope_of_one(a: Analysis, b: Analysis, holders: frozenset[str] = frozenset()) -> bool:
    """``a`` says what it holds for (:data:`_SCOPES`: "date format for exported reports")
    and ``b`` does not name it: each may hold in its own scope; "for" one of ``holders``
    ("enabled for the user") says whose it is, not a scope."""
    return any(not _content(words) - holders <= b.lemmas and not _every_one(a, head)
               for words, head in _scopes_said(a)) or any(
        c.predicate == "be" and _subject_scoped(a.text, c.subject - b.lemmas)
        for c in a.clauses)  # "Raj's currency for UK invoices is GBP"


def _scopes_said(an: Analysis) -> Iterator[tuple[frozenset[str], str]]:
    """The words and the head noun of each scope the statement says (:data:`_SCOPES`): an
    argument's, or one the parse hung on a prepositional phrase's ("is paid in euros for
    EU work"; not on an object's: "Python 3.12 code for the Kite service" names the
    holder)."""
    for c in an.clauses:
        for x in c.args:
            if x.role in _SCOPES:
                yield x.words, x.head
            if x.role.startswith("prep:"):
                for slot, v in x.mods or ():
                    if slot in _SCOPES and v:
                        yield frozenset(v.split()), v.split()[-1]


def _every_one(an: Analysis, head: str) -> bool:
    """A scope of noun ``head`` is of every one of its kind ("for all communication", "for
    any message"): no scope at all."""
    return any(w.startswith(head) for w in _said_of_every(an.text))


@lru_cache(maxsize=1 << 14)
def _said_of_every(text: str) -> tuple[str, ...]:
    """The one or two words after each "for all", "in every", "for any" of ``text``, in
    lower case ("for all internal communication": internal, communication)."""
    return tuple(w.lower() for m in _EVERY_ONE.finditer(text) for w in m.groups() if w)


_EVERY_ONE = re.compile(r"\b(?:for|in)\s+(?:all|every|any)\s+(?:([\w-]+)\s+)?([\w-]+)", re.I)


def _holders_differ(a: Analysis, b: Analysis, said: frozenset[str], *,
                    exact: bool = False, owned: bool = True) -> bool:
    """The statements speak of two holders: their main subjects, ``said`` (the words of
    what is said: a zone's, a format's) and qualifiers aside, differ ("Noor" / "Priya"; not
    "Tomasz" / "Tomasz Nowak"; with ``exact``, one may not name more: "their API"), or,
    with ``owned``, one names a being or a group of the holder's own that the other does
    not ("the user's team's time zone is PST", which the parse may leave without a
    subject)."""
    if a.clauses and b.clauses:
        x, y = _unclipped(*_pronoun_named(a.clauses[0].subject - said - ATTRIBUTE_QUALIFIERS,
                                          a, b.clauses[0].subject - said - ATTRIBUTE_QUALIFIERS,
                                          b))
        if _each_said_by_other(x, a, y, b):
            return owned and (_owns_another(a, b, said) or _owns_another(b, a, said))
        if x and y and (x != y if exact else not _agree(x, y) or _placed_part(x, y)) and not (
                _named_in_order(x, y, a) or _named_in_order(y, x, b)
                or _named_in_part(x, a.clauses[0], a, y, b.clauses[0], b)):
            return True
        if (x < y and _owned_being(b.text, x)) or (y < x and _owned_being(a.text, y)):
            return True  # "Brightline's CFO" / "Brightline"
    return owned and (_owns_another(a, b, said) or _owns_another(b, a, said))


def _each_said_by_other(x: frozenset[str], a: Analysis, y: frozenset[str], b: Analysis
                        ) -> bool:
    """The subjects share a word, and what each has that the other has not the other
    statement says besides ("Maya's gym membership is the basic tier" / "Maya pays for the
    premium gym membership"): one thing of one holder's, said in two places (not "Invoices
    go to Ravi's email" / "Ravi gets invoices by SMS": two subjects)."""
    return bool(x ^ y) and bool(x & y) and x - y <= b.lemmas and y - x <= a.lemmas


def _placed_part(x: frozenset[str], y: frozenset[str]) -> bool:
    """One subject is the other's with a place more ("the US support team" / "the support
    team"): the part of it that is there, another holder."""
    return (x < y or y < x) and any(place_kind(w) for w in x ^ y)


def _named_in_order(subject: frozenset[str], other: frozenset[str], an: Analysis) -> bool:
    """``an`` is an order (its subject the user, who reads the note) that names the other
    statement's holder ("Show weights in kg for Ines", "Show dates to Ines as ..."): it is
    of that holder's."""
    return subject == {SELF} and bool(other) and other <= an.lemmas | an.salient


def _owns_another(a: Analysis, b: Analysis, said: frozenset[str] = frozenset()) -> bool:
    """``a`` speaks of a being or a group its holder has ("my wife", "the user's team")
    that ``b`` does not name; not a word of what is ``said`` ("Dana's carrier": WordNet's
    carrier is a being too)."""
    return any(noun not in b.lemmas and noun not in said and _a_being_or_group(noun)
               for _, noun, _ in a.possessions)


def _a_being_or_group(word: str) -> bool:
    """``word`` names a being, a group or a chief officer ("wife", "team", "CFO": WordNet
    knows "CEO" but not every initialism)."""
    return (word in CHIEF_OFFICERS or is_kind_of(word, "organism")
            or is_kind_of(word, "group", any_sense=True))


def _other_unit(pair: Pair) -> Finding | None:
    """One holder's two statements, alike (cosine at least CONFLICT_SIMILARITY), give one
    figure in two units of one measure ("weighs 5 lb" / "5 kg", "£500" / "€500", "4 °C" /
    "4 °F"; :data:`MEASURE_KINDS`), neither naming the other's unit (a conversion, "12
    miles (19 km)", says both)."""
    if pair.cosine < CONFLICT_SIMILARITY or not _one_holder(pair.a, pair.b):
        return None
    mine, theirs = _measured(pair.a.text), _measured(pair.b.text)
    for value, unit, measure in mine:
        for other, their_unit, their_measure in theirs:
            if (value != other or measure != their_measure
                    or any(_one_unit(their_unit, u) for _, u, _ in mine)
                    or any(_one_unit(unit, u) for _, u, _ in theirs)):
                continue
            return finding("other-unit", (
                f"{_versus(pair)}: {value:g} {unit} / {value:g} {their_unit}, two values "
                f"of one {measure}"))
    return None


# the attributes of a unit in use ("measures in kilograms"), where a figure makes an amount
_UNITS = frozenset(v for v in VALUE_KINDS.values() if v.startswith("unit of"))


def _two_doings(c: Clause, d: Clause, x: Held) -> bool:
    """``x`` is an amount ("140 kg") and the clauses do two things with amounts, neither a
    copula ("squats 140 kg" / "deadlifts 400 lb"; not "weighs 70 kg" / "is 185 lb")."""
    return (x.attribute in _UNITS and bool(x.arg.numbers) and c.predicate != d.predicate
            and "be" not in {c.predicate, d.predicate})


def _converted(pair: Pair) -> list[tuple[Amount, Amount]]:
    """The amounts of one measure the statements give in two units, each of ``pair.a``
    with each of ``pair.b``; a measure one statement gives in two units itself (a
    conversion, "12 miles (19 km)") is left out."""
    xs, ys = amounts(pair.a.text), amounts(pair.b.text)
    return [(x, y) for x in xs for y in ys
            if x.measure == y.measure and not one_unit(x.unit, y.unit)
            and not _in_two_units(xs, x) and not _in_two_units(ys, y)]


def _in_two_units(found: tuple[Amount, ...], x: Amount) -> bool:
    return any(z.measure == x.measure and not one_unit(z.unit, x.unit) for z in found)


def _one_amount(pair: Pair) -> Finding | None:
    """``link-same-amount`` when the statements give amounts of one measure in two units and
    each is, converted, one the other statement gives ("weighs 70 kg" / "weighs about 154
    lb", "20 °C" / "68 °F"): one amount in two units, which no rule may read as two
    values."""
    converted = _converted(pair)
    if not converted:
        return None
    xs = {x for x, _ in converted}
    ys = {y for _, y in converted}
    if not all(any(same_amount(x, y) for y in ys) for x in xs) or not all(
            any(same_amount(x, y) for x in xs) for y in ys):
        return None
    shown = "; ".join(f"{x.said} = {y.said}" for x, y in converted if same_amount(x, y))
    return finding("link-same-amount", f"{_versus(pair)}: {shown}, one amount in two units")


def _other_amount(pair: Pair) -> Finding | None:
    """``other-amount`` when one holder's two alike statements (cosine at least
    CONFLICT_SIMILARITY) with a content word in common give one amount each of one measure,
    in two units, that no rounding makes one ("My squat max is 140 kg" / "Squat max: 265
    lb", "The commute is 5 km" / "The commute is about 12 miles")."""
    if pair.cosine < CONFLICT_SIMILARITY or not _one_holder(pair.a, pair.b):
        return None
    converted = _converted(pair)
    if len(converted) != 1 or not amounts_apart(*converted[0]):
        return None
    x, y = converted[0]
    if len([z for z in amounts(pair.a.text) if z.measure == x.measure]) != 1 or len(
            [z for z in amounts(pair.b.text) if z.measure == y.measure]) != 1:
        return None
    if not _amount_topic(pair) or _another_thing(pair.a, pair.b) or _another_thing(
            pair.b, pair.a):
        return None  # "runs 10 km a day" / "the office is 8 miles away": two things
    if _then_and_now(pair.a, pair.b) or _amounts_scoped_apart(pair):
        return None  # "weighed 90 kg in 2019" / "weighs 160 lb now"; "on Sundays"
    return finding("other-amount", (
        f"{_versus(pair)}: {x.said} / {y.said}, two amounts of one {x.measure} "
        "(converted, further apart than any rounding)"))


def _another_thing(a: Analysis, b: Analysis) -> bool:
    """``a``'s subject names a thing of its own (its holder aside) of which ``b`` says no
    word ("the user's suitcase weighs 20 lb" / "the user weighs 70 kg")."""
    if not a.clauses:
        return False
    holder = b.clauses[0].subject if b.clauses else frozenset()  # "Omar" of "Omar's suitcase"
    own = a.clauses[0].subject - holder - SELF_WORDS - {SELF} - ATTRIBUTE_QUALIFIERS
    return bool(own) and not own & b.lemmas


def _amounts_scoped_apart(pair: Pair) -> bool:
    """The statements say what their amounts are for, in or on, or on which days, and not
    the same ("runs 5 km on weekdays" / "12 miles on Sundays", "200 °C for bread" / "350 °F
    for cookies")."""
    mine, theirs = _amount_scope(pair.a), _amount_scope(pair.b)
    return (mine & _TIMES_OF_WEEK != theirs & _TIMES_OF_WEEK) or bool(
        mine and theirs and not mine & theirs)


def _amount_scope(facts: Analysis) -> frozenset[str]:
    """The words of a statement's "for", "in" and "on" arguments, figures and units aside,
    and the times of the week it names."""
    units = {z.unit for z in amounts(facts.text)}
    words = {w for c in facts.clauses for x in c.args if x.role in _SCOPE_SLOTS
             for w in x.words}
    words |= {w for c in facts.clauses for x in c.args for slot, said in x.mods or ()
              if slot in _SCOPE_SLOTS for w in said.split()}  # "200 °C for bread"
    return frozenset(w for w in words if w.isalpha() and w not in units
                     and w != SELF) | (facts.lemmas & _TIMES_OF_WEEK)


def _amount_topic(pair: Pair) -> frozenset[str]:
    """The content words both statements say besides names (that are no nouns), units
    and figures: what the two amounts are of."""
    units = {z.unit for z in (*amounts(pair.a.text), *amounts(pair.b.text))}
    # a name no noun ("Omar squats" / "Omar deadlifts"): whose, not what of
    names = {w for w in pair.a.salient | pair.b.salient if not is_noun(w)}
    return frozenset(w for w in pair.a.content & pair.b.content
                     if w.isalpha() and w not in units | names and w not in SELF_WORDS)


@lru_cache(maxsize=4096)
def _measured(text: str) -> tuple[tuple[float, str, str], ...]:
    """The figures of ``text`` with a unit of one measure: (figure, unit, measure);
    remembered per text."""
    found = []
    for q in quantities(text):
        measure = _measure(q.unit)
        if measure is not None:
            found.append((q.value, q.unit, measure))
    return tuple(found)


def _a_unit(word: str) -> bool:
    """``word`` (a lemma) names a unit of some measure (:data:`MEASURE_KINDS`): "kilogram",
    "pound" (of two), "mile"; the systems reader knows their plurals only."""
    return _measure(word) is not None or any(
        is_kind_of(word, kind, any_sense=True) for kind in MEASURE_KINDS)


@lru_cache(maxsize=1024)
def _measure(unit: str) -> str | None:
    """What a unit measures (:data:`MEASURE_KINDS`; a currency code or sign, a temperature
    scale), or None, also for a word of two measures ("pound")."""
    if unit == "$":
        return "currency"
    if unit in VALUE_WORDS:
        return VALUE_WORDS[unit]
    kinds = {m for kind, m in MEASURE_KINDS.items() if is_kind_of(unit, kind, any_sense=True)}
    return kinds.pop() if len(kinds) == 1 else None


def _one_unit(u: str, v: str) -> bool:
    """``u`` and ``v`` are one unit: one word, WordNet synonyms ("kg" / "kilogram"), a
    currency's code and its name ("eur" / "euro"), or a bare "$" and a dollar."""
    if u == v or synonyms(u, v):
        return True
    if v in CURRENCY_NAMES.get(u, ()) or u in CURRENCY_NAMES.get(v, ()):
        return True
    return (u == "$" and (v in DOLLAR_CODES or v == "dollar")) or (
        v == "$" and (u in DOLLAR_CODES or u == "dollar"))


def _words(x: Arg) -> str:
    """An argument's content words, sorted ("enterprise plan")."""
    return " ".join(sorted(_content(x.words)))


def _one_day(c: Clause, d: Clause) -> bool:
    """One subject is the other's on one day ("this Wednesday's standup", its date once
    made absolute, / "the standup"): an exception, not the rule changed."""
    return any(w in _DAYS or ISO_DATE.match(w) for w in c.subject ^ d.subject)


def _same_holder(c: Clause, d: Clause) -> bool:
    """The clauses' subjects are one holder: one's content words within the other's, or
    the note's holder on one side."""
    x, y = _content(c.subject), _content(d.subject)
    return not x or not y or _agree(x, y)


def _thing_unsaid(c: Clause, d: Clause, own: Analysis, other: Analysis) -> bool:
    """``c``'s subject (of the statement ``own``) names a thing of the holder the other
    statement never mentions ("Globex moved their maintenance window to Saturday" /
    "Globex rotates their API keys every 90 days"): one holder, two things. A clause of
    the holder alone ("downgraded to Basic", "Kai relocated to Glasgow") may be of any
    thing the other names."""
    thing = _content(c.subject) - _content(d.subject) - own.salient
    return bool(thing) and not thing & other.lemmas


def _paid_for(d: Clause, y: Arg) -> Arg:
    """What a clause pays or subscribes for is its value, no scope ("pays for the Business
    plan", "subscribes to Pro")."""
    if (d.predicate, y.role) in {("pay", "prep:for"), ("subscribe", "prep:to")}:
        return replace(y, role="obj")
    return y


def _one_sort(new: Arg, old: Arg, changed: Analysis, other: Analysis) -> bool:
    """``old`` is a value of the sort ``new`` is, and another: one product in another
    version ("Go 1.22" / "Go 1.21"), two figures of one unit ("11:00" / "9:30"), two names
    ("Basic" / "Enterprise"), or two things of one WordNet kind ("Denver" / "Portland")."""
    if (old.role in {"adv", "xcomp"} | _SCOPES or _dated(old) or not old.head
            or _content(old.words) & _content(new.words) - new.numbers - old.numbers):
        return new.head == old.head and _numbers_differ(new, old)
    if _synonymous(new.head, old.head):
        return False  # "Holland" / "the Netherlands"
    if old.head in _WHEN and new.head not in _WHEN:
        return False  # "upgraded to Premium" / "upgraded in July": when, not what
    if a_people(new.head) != a_people(old.head):
        return False  # "moved to Spain" / "is French": a place and a people
    places = place_kind(new.head), place_kind(old.head)
    if all(places):  # a city and its country are no two values
        return places[0] == places[1]
    if any(places) and any((x.words | {x.head}) & _CHANNEL_NAMED
                           for x, place in zip((new, old), places, strict=True) if not place):
        return False  # "moved to Berlin" / "prefers WhatsApp": a place and a channel
    if new.numbers and old.numbers:  # "moved to 11:00" / "is at 9:30": two figures, one unit
        units = _content(new.words) - new.numbers, _content(old.words) - old.numbers
        # "upgraded the SDK to 3.0" / "is on version 2.3 of the SDK": the change names its
        # thing beside the value
        return _numbers_differ(new, old) and (units[0] == units[1] or (
            not units[0] and bool(units[1] - VERSION_WORDS)
            and units[1] - VERSION_WORDS <= changed.lemmas))
    names, others = _content(new.words) & changed.salient, _content(old.words) & other.salient
    if names and others and not (new.numbers or old.numbers):
        return True
    return one_kind(new.head, old.head)


def _within(x: Arg | None, y: Arg | None) -> bool:
    """One argument gives a range of two numbers, the other one number inside it
    ("between 250 and 350 employees" / "300 employees")."""
    return x is not None and y is not None and (
        _in_range(x.numbers, y.numbers) or _in_range(y.numbers, x.numbers))


def _compared(x: Arg | None) -> bool:
    """``x`` is compared with something ("bigger than my last one")."""
    return x is not None and any(slot == "prep:than" for slot, _ in x.mods or ())


def _one_status(c: Clause, d: Clause, role: str) -> bool:
    """The clauses' values in ``role`` name one status ("finished" / "complete")."""
    x, y = c.arg(role), d.arg(role)
    return (x is not None and y is not None
            and bool(set(STATUS_WORDS.get(x.head, ())) & set(STATUS_WORDS.get(y.head, ()))))


def _two_adjectives(c: Clause, d: Clause, role: str) -> bool:
    """The clauses' values in ``role`` are two adjectives ("is fast" / "is reliable")."""
    x, y = c.arg(role), d.arg(role)
    return x is not None and y is not None and x.adjective and y.adjective


def _opposite_property(pair: Pair) -> Finding | None:
    """One holder is said to be two opposite things, both now and affirmed, in one scope:
    adjectives WordNet calls antonyms ("is tall" / "is very short", "is married" / "is
    divorced"); a comparison ("bigger than my last one"), another scope ("fast at
    reading" / "slow at typing") or a narrower subject ("the iOS app's default theme" /
    "the app's default theme": :func:`_narrowed_subject`) is not."""
    for c in pair.a.clauses:
        x = c.arg("attr")
        if x is None or c.predicate != "be" or c.negated or c.hypothetical:
            continue
        for d in pair.b.clauses:
            y = d.arg("attr")
            if (y is None or d.predicate != "be" or d.negated
                    or d.hypothetical or d.past != c.past or not _one_subject(c, d)
                    or _narrowed_subject(pair, c, d)):  # "the iOS app's theme" / "the app's"
                continue
            mine, theirs = _properties(x), _properties(y)
            if _scoped(c, x, mine) != _scoped(d, y, theirs):
                continue
            both = next(((u, v) for u in mine for v in theirs if opposite(u, v)), None)
            if both is None:
                continue
            return finding("opposite-property", (
                f"{_versus(pair)}: '{both[0]}' and '{both[1]}' are opposites (WordNet), said "
                "of one holder"))
    return None


def _swapped_opposite(pair: Pair) -> Finding | None:
    """``swapped-opposite``: one holder's two statements read word for word alike but for
    a word or two, one of them the other's opposite (WordNet: "Ticket priority: high" /
    "... low", "The fundraiser will be held outdoors" / "... indoors", "i hate cilantro" /
    "i love cilantro"): all else said alike, the two cannot both hold. Not a
    contradiction: a denial in the swap ("is not open" / "is closed" say one thing), one
    of two things had ("has a younger brother" / "has an older brother"), which of several
    (:func:`_in_scope`: "deaf in the left ear" / "... the right ear", "the front door" /
    "the back door"), figures, what held before and what holds now."""
    if not _one_holder(pair.a, pair.b) or _then_and_now(pair.a, pair.b):
        return None
    found = _swapped_span(pair.a.text, pair.b.text)
    if found is None or any(w in _NEGATIONS or w.endswith("n't") for w in (*found[0], *found[1])):
        return None
    kin = next(((u, v) for u in found[0] for v in found[1]
                if not _numeric(u) and not _numeric(v)
                and any(opposite(p, q) for p in _forms(u) for q in _forms(v))), None)
    if kin is not None and set(found[0]) - {kin[0]} and set(found[1]) - {kin[1]}:
        return None  # "long walks" / "short haircuts": two things besides
    if (kin is None or _had(pair.a) or _had(pair.b)
            or _in_scope(pair.a, kin[0]) or _in_scope(pair.b, kin[1])):
        return None
    return finding("swapped-opposite", (
        f"{_versus(pair)}: '{kin[0]}' / '{kin[1]}', opposites (WordNet), in statements "
        "otherwise word for word alike"))


# verbs of having things, one of several ("has a younger brother" / "... an older
# brother"); not "keep" ("keep the tone formal" holds one state)
_HAVING_THINGS = HAVING_VERBS - {"keep"}


def _in_scope(an: Analysis, word: str) -> bool:
    """``word`` says which of several: in a phrase of where or what for, beside the value a
    clause gives ("is deaf in the left ear": deaf, in one ear of two), not as the value
    itself ("is on the left side"); in the holder ("the front door is locked" / "the back
    door ..."); in one thing of any number ("keeps a light jacket", "sells new cars")."""
    forms = _forms(word)
    for c in an.clauses:
        if c.subject_head and re.search(
                rf"\b{re.escape(word)}\s+(?:[\w-]+\s+)?{re.escape(c.subject_head)}",
                an.text, re.I):
            return True  # "the front door": the holder's own word
        for x in c.args:
            if x.words.isdisjoint(forms):
                continue
            if x.indefinite and x.role != "attr" and x.head not in forms:
                return True  # "a light jacket", not "indoors" (the value itself)
            if x.role.startswith("prep:") and any(
                    y.role in {"attr", "obj"} for y in c.args if y is not x):
                return True
    return False


def _had(an: Analysis) -> bool:
    """A clause of the statement says a thing had, owned or rented."""
    return any(c.predicate in _HAVING_THINGS for c in an.clauses)


def _properties(x: Arg) -> tuple[str, ...]:
    """The adjectives a copula's value ``x`` says its holder is: the value itself ("is
    tall", "is big, six feet tall"), or what describes the man, woman or person it calls
    the holder ("is a very short woman": short; not "a big fan", a sort of its own)."""
    if x.adjective:  # "is big, six feet tall": big and tall
        return (x.head, *sorted(w for slot, w in x.mods or () if slot == "and"))
    if x.head == "person" or is_kind_of(x.head, "male") or is_kind_of(x.head, "female"):
        return tuple(sorted(w for slot, w in x.mods or () if slot == "amod"))
    return ()


def _opposite_preference(pair: Pair) -> Finding | None:
    """One holder wants, now, messages of opposite kinds: one what the other is not,
    adjectives WordNet calls antonyms on two kinds of communication ("prefers long,
    detailed explanations" / "wants short replies", "likes a formal tone" / "prefers a
    casual tone"); another scope ("for quick questions" / "for reports") is not."""
    for c in filter(_wanted_now, pair.a.clauses):
        for d in filter(_wanted_now, pair.b.clauses):
            if not _one_subject(c, d) or _other_scope(c, d):
                continue
            for x in c.args:
                y = d.arg(x.role)
                if (y is None or not _messages(x, y) or _purpose(c, x) != _purpose(d, y)
                        or _restricted_apart(c, d, x.role)):
                    continue  # "dark mode in the IDE" / "light mode in the terminal"
                pair_ = next(((u, v) for u in _adjectives(x) for v in _adjectives(y)
                              if opposite(u, v)), None)
                if pair_ is not None:
                    return finding("opposite-preference", (
                        f"{_versus(pair)}: {pair_[0]} {x.head} / {pair_[1]} {y.head}, "
                        "opposites (WordNet), wanted by one holder"))
    return None


def _wanted_now(c: Clause) -> bool:
    """The clause says what its holder wants now, without "also"."""
    return (c.predicate == LIKE and not (c.negated or c.past or c.hypothetical
                                         or c.additive))


def _messages(x: Arg, y: Arg) -> bool:
    """Both arguments are one thing, or both messages ("explanations" / "replies"; not
    "novels" / "replies")."""
    return x.head == y.head or (is_kind_of(x.head, "message", any_sense=True)
                                and is_kind_of(y.head, "message", any_sense=True))


def _purpose(c: Clause, x: Arg) -> frozenset[str]:
    """What a wanted thing is for, on the clause or on the thing ("short answers for quick
    questions")."""
    words = {w for slot, phrase in x.mods or () if slot in _SCOPES for w in phrase.split()}
    for role in _SCOPES:
        arg = c.arg(role)
        if arg is not None:
            words |= _content(arg.words)
    return frozenset(words)


def _adjectives(x: Arg) -> list[str]:
    """The words of an argument's adjective modifiers ("long", "detailed")."""
    return sorted({w for dep, phrase in x.mods or () if dep == "amod" for w in phrase.split()})


def _one_subject(c: Clause, d: Clause) -> bool:
    """The clauses' subjects name one thing, one of them in more words ("the user's home
    internet" / "... home internet connection"), and neither is another holder of the
    other's ("the user" / "the user's husband")."""
    return (c.subject == d.subject or (
        bool(_content(c.subject) and _content(d.subject)) and _agree(c.subject, d.subject)
        and not _two_things(c, d)))


def _two_things(c: Clause, d: Clause, said: frozenset[str] = frozenset()) -> bool:
    """The subjects name two things: another holder (:func:`_two_holders`, a subject headed
    by a word of ``said`` none) or another one of a kind (:func:`_another_one`)."""
    return _two_holders(c, d, said) or _another_one(c, d)


def _another_one(c: Clause, d: Clause) -> bool:
    """One subject picks out another one of the other's kind ("Dana's old account" /
    "Dana's account", "Sam's next project")."""
    return bool((c.subject ^ d.subject) & OTHER_ONE)


def _scoped(c: Clause, value: Arg, said: Iterable[str] = ()
            ) -> frozenset[tuple[str, frozenset[str]]]:
    """What restricts a copula's value: its other content words (but the properties
    ``said`` of it, and a measure of an adjective: "six feet tall") and the clause's
    other arguments but adverbs and how long it has held ("fast at reading", "slow at peak
    hours"; not "very short", nor "divorced for 2 years")."""
    words = _content(value.words) - {value.head} - set(said)
    if value.adjective:  # "six feet tall": how tall, no scope
        words = frozenset(w for w in words - value.numbers
                          if not is_kind_of(w, "unit_of_measurement", any_sense=True))
    rest = frozenset({("value", words)} - {("value", frozenset())})
    return rest | frozenset((x.role, _content(x.words)) for x in c.args
                            if x is not value and x.role != "adv" and not _dated(x)
                            and not how_long(x))


def _denied_possession(pair: Pair) -> Finding | None:
    """One statement denies that its holder has a thing of a kind, now ("has no pets",
    "does not own a car"), and the other speaks of the holder's own one, now ("my dog is
    smaller than my cat", "Priya's car is red"): an owner's possessive says there is one.
    A denial of something owned ("does not have my phone with me") denies no kind."""
    return _denied_owned(pair, _possessed, "denied-possession", "speaks of the holder's own")


def _denied_kin(pair: Pair) -> Finding | None:
    """``denied-kin``: one statement denies that its holder has kin or animals of a kind,
    the other counts one or more of that kind for one holder ("has no kids" / "a father to
    four sons", "has no siblings" / "the youngest of three brothers";
    :func:`_counted_kin`)."""
    return _denied_owned(pair, _counted_kin, "denied-kin", "counts the holder's")


def _possessed(facts: Analysis) -> set[tuple[str, str]]:
    """Each (owner, noun) a statement's possessives say is had now ("my dog", "Priya's
    car")."""
    return {(owner, noun) for owner, noun, now in facts.possessions if now}


def _denied_owned(pair: Pair, owned: Callable[[Analysis], set[tuple[str, str]]], rule: str,
                  says: str) -> Finding | None:
    """The finding of ``rule`` where one statement denies its holder has a kind now and
    ``owned`` of the other names an (owner, noun) of that kind, the owner the denial's
    holder."""
    for denying, owning in ((pair.a, pair.b), (pair.b, pair.a)):
        mine = owned(owning)
        if not mine:
            continue
        for c in denying.clauses:
            kind = _without(c)
            for owner, noun in sorted(mine) if kind else ():
                if _whose(c) == {owner} and is_kind_of(noun, kind):
                    return finding(rule, (
                        f"'{_quote(denying.text)}' says the holder has no {kind}; "
                        f"'{_quote(owning.text)}' {says} {noun}"))
            x = c.arg("obj")
            # the kind, its head and words the other says too ("a credit card" / "her
            # credit card"): "no cats indoors" denies less
            if (not c.negated or c.past or c.hypothetical or c.predicate not in _HAVE
                    or x is None or not _content(x.words) - {x.head} <= owning.lemmas):
                continue
            if any(noun == x.head for _, noun, _ in denying.possessions):
                continue
            if not c.subject and _content(x.words) - {x.head}:
                continue  # a note's bare denial with more words: "no siblings living nearby"
            for owner, noun in sorted(mine):
                if _whose(c) == {owner} and (noun == x.head or is_kind_of(noun, x.head)):
                    return finding(rule, (
                        f"'{_quote(denying.text)}' denies having any {x.head}; "
                        f"'{_quote(owning.text)}' {says} {noun}"))
    return None


def _counted_kin(facts: Analysis) -> set[tuple[str, str]]:
    """The kinds of relative or animal a statement counts one or more of for its holder
    ("a father to four sons", "the youngest of three brothers";
    :func:`~reverie.text.kin_counts.kin_counts`), each with the holder as its owner."""
    holder = _whose(facts.clauses[0]) if facts.clauses else frozenset({SELF})
    if len(holder) != 1:
        return set()
    return {(next(iter(holder)), k.kind) for k in kin_counts(facts.text)
            if k.low >= 1 and _counted_kind(k.kind)}


def _whose(c: Clause) -> frozenset[str]:
    """The clause's subject; a note's clause without one ("Has no children") is the
    user's, as "my son" is."""
    return c.subject or frozenset({SELF})


def _without(c: Clause) -> str | None:
    """The kind of relative an affirmed present copula says its holder has none of ("is
    single": a spouse, "is an only child": a sibling; :data:`WITHOUT`), or None."""
    x = c.arg("attr")
    if c.predicate != "be" or c.negated or c.past or c.hypothetical or x is None:
        return None
    said = [x.head, *(f"{w} {x.head}" for dep, w in x.mods or () if dep == "amod")]
    return next((WITHOUT[w] for w in said if w in WITHOUT), None)


def _one_value_attribute(pair: Pair) -> Finding | None:
    """Two clauses of one holder, both affirmed, present and without "also", whose other
    shared arguments agree, give two values of one attribute held one at a time
    (:mod:`reverie.judges.attributes`), neither statement naming the other's value."""
    if _somewhere_of_one(pair):
        return None  # "uses a T-Mobile SIM when travelling in Europe": a scope of one
    theirs = _holding(pair.b)  # each clause's attributes read once, not once per pairing
    likely: tuple[Held, Held] | None = None
    for c, x in _holding(pair.a):
        for d, y in theirs:
            if not _held_by_one(c, x, pair.a, d, y, pair.b):
                continue  # "the user's partner works at Amazon" / "the user ..."
            if not _two_values(x, y, pair) or _said_besides(c, d, x.arg.role, y.arg.role):
                continue
            if _two_doings(c, d, x):
                continue  # "squats 140 kg" / "deadlifts 400 lb": two lifts
            if (_circumstance_of_one(c, d, x.arg.role) or _circumstance_of_one(d, c, y.arg.role)
                    or _way_of_some_circumstance(pair, x.arg, y.arg)):
                continue  # "wants email at work" / "wants Slack": a wish where it holds
            if _scoped_apart(c, x, d, y) or _engaged_apart(c, x, d, y) or _two_sides(c, d) or (
                    _sometimes(c, x.arg) != _sometimes(d, y.arg)) or _part_time(c, d):
                continue  # "works as a bartender on weekends": beside the main job
            whole = whole_of(x.attribute)
            if ((_for_one_only(c, d, x.arg.role, whole) and not _EVERY_SAID.search(pair.b.text))
                    or (_for_one_only(d, c, y.arg.role, whole)
                        and not _EVERY_SAID.search(pair.a.text))):
                continue  # "For her US clients, Ana uses imperial units": a scope of one
            if x.attribute == "currency" and _money_apart(pair):
                continue  # "is billed in EUR" / "reports its results in USD"
            if x.weak and y.weak and not _full_time(c, d):
                # two copulas: one job most likely; a surer pair first (two full-time
                # jobs are not held at once)
                likely = likely or (x, y)
                continue
            detail = f"{_versus(pair)}: one {x.attribute}, {_phrase(x.arg)} / {_phrase(y.arg)}"
            if _named_apart(x, y, pair, aliases=True):  # "Linux" / "Windows", "a Mac": no
                # paraphrase of each other
                return finding("one-value-attribute", detail)
            return _unless_paraphrase(pair, "one-value-attribute", detail)
    if likely is None:
        return None
    x, y = likely
    detail = (f"{_versus(pair)}: most likely one {x.attribute}, {_phrase(x.arg)} / "
              f"{_phrase(y.arg)}, but both may hold: for a person to settle")
    if _named_apart(x, y, pair):  # "runs Windows 11" / "runs macOS Sonoma"
        return finding("likely-one-value", detail)
    return _unless_paraphrase(pair, "likely-one-value", detail)


_WHILE_SOMEWHERE = re.compile(r"\b(?:when|whenever|while)\s+(?:in|at|on|abroad|travel\w*|"
                              r"visiting)\b"
                              # "there" of a place said in another statement ("isn't on
                              # macOS at work; he uses Ubuntu there"), no place before it
                              # in its own ("moved to Porto and lives there")
                              r"|^(?:(?!\b(?:in|at|to|from|on)\b)[^.;])*\bthere\b"
                              r"(?!\s+(?:is|are|was|were|has|have|will|isn't|aren't)\b)",
                              re.I)


# not "when": "loves it when summer ends" says what is loved; nor "whenever": "put it on
# whenever you can" is every time
_WHILE = re.compile(r"\b(?:while|until|till|during|unless)\b", re.I)


def _said_by_one(pair: Pair, pattern: re.Pattern[str]) -> bool:
    """One statement of the two, and only one, says ``pattern``."""
    return (pattern.search(pair.a.text) is None) != (pattern.search(pair.b.text) is None)


def _bounded_of_one(pair: Pair) -> bool:
    """One statement only says while or until when it holds ("Emails go to Raj instead of
    Dana while she is on leave" / "Emails go to Dana"): a time of its own."""
    return _said_by_one(pair, _WHILE)


def _somewhere_of_one(pair: Pair) -> bool:
    """One statement only says a place or a time away where it holds ("pays in yen when in
    Tokyo", "When in London, Raj is on GMT"): a scope of one."""
    return _said_by_one(pair, _WHILE_SOMEWHERE)


def _money_apart(pair: Pair) -> bool:
    """Two currencies of one holder may both hold: two uses of money
    (:func:`_two_uses_of_money`), whom each pays or bills, if not the same ("pays
    contractors in dollars" / "bills customers in euros"), whom one pays, which the other
    does not say ("is billed in EUR" / "pays its suppliers in USD"), or a place only one
    pays in ("pays in yen when in Tokyo")."""
    if _two_uses_of_money(pair):
        return True
    if _somewhere_of_one(pair):
        return True
    c, d = (pair.a.clauses[0] if pair.a.clauses else None,
            pair.b.clauses[0] if pair.b.clauses else None)
    if c is None or d is None:
        return False
    x, y = c.arg("obj"), d.arg("obj")
    if x is not None and y is not None and x.head != y.head:
        return True  # "pays contractors in dollars" / "bills customers in euros"
    return _payee_of_one(c, d) or _payee_of_one(d, c)


def _payee_of_one(c: Clause, d: Clause) -> bool:
    """``c`` pays someone it names ("pays its suppliers in USD") and ``d`` names nobody
    paid."""
    payee = c.arg("obj")
    return (c.predicate == "pay" and payee is not None and d.arg("obj") is None
            and (is_kind_of(payee.head, "person") or is_kind_of(payee.head, "group",
                                                                 any_sense=True)))


def _held_by_one(c: Clause, x: Held, a: Analysis, d: Clause, y: Held, b: Analysis) -> bool:
    """Value ``x`` of clause ``c`` in statement ``a`` and ``y`` of ``d`` in ``b`` are one
    holder's: the same holder, or holders that differ only in words both statements say
    ("the user's desktop OS is Windows" / "the user's desktop runs macOS", where the
    first's subject names the attribute with the device and the second's holds it), or
    one named once with its owner ("my sister Ana" / "Ana": :func:`_one_named_thing`), or
    a key and its value that name no holder against one holder named ("Employer:
    Halvorsen" / "Noor works at Kestrel Air": the note's holder, whom the other names)."""
    # one named in full and clipped is one ("the production database" / "Prod runs on")
    # words both say, but a value ("Tom's title is Product Manager" / "Tom's manager's
    # title is Staff Engineer": the manager is a value, no scope the first leaves unsaid)
    mine, theirs = _unclipped(*_pronoun_named(x.holder(c, b.lemmas - y.value), a,
                                              y.holder(d, a.lemmas - x.value), b))
    said = (a.lemmas & b.lemmas) - x.value - y.value
    return bool(mine) and (mine == theirs or mine ^ theirs <= said
                           or _owned_or_not(mine, theirs, said)
                           or _one_named_holder(mine, c, theirs, d)
                           or _named_in_part(mine, c, a, theirs, d, b)
                           or _unnamed_and_named(c, x, mine, theirs, d, b)
                           or _unnamed_and_named(d, y, theirs, mine, c, a)
                           or _owner_said_in(mine, c, theirs) or _owner_said_in(theirs, d, mine))


def _owned_or_not(mine: frozenset[str], theirs: frozenset[str], said: frozenset[str]) -> bool:
    """One thing said as the note's holder's and with no owner ("our build agents" / "the
    build agents", "the user's laptop" / "the laptop"): each holder names a thing, and they
    differ by the note's holder and words both statements say (``said``). A holder that is
    the note's alone (a parse with no subject) is not such a thing."""
    return ((mine ^ theirs) - {SELF} <= said and bool(mine - {SELF})
            and bool(theirs - {SELF}))


def _owner_said_in(holder: frozenset[str], c: Clause, other: frozenset[str]) -> bool:
    """Clause ``c``'s subject names the ``other`` holder as the attribute's owner, so that
    its own holder came out as the note's ("the kiosk's operating system is Android" /
    "the kiosk runs ChromeOS": the kiosk's both)."""
    return (holder == {SELF} and SELF not in c.subject and SELF not in other and bool(other)
            and other <= c.subject)


def _unnamed_and_named(c: Clause, x: Held, holder: frozenset[str], other: frozenset[str],
                       d: Clause, b: Analysis) -> bool:
    """Clause ``c`` names no holder at all (``holder`` the note's by default: a key and its
    value, "Plan: Pro", "Employer: Halvorsen"; not "the user", nor an order about someone)
    and ``other``, the holder of ``d`` in ``b``, is a name and nothing more ("Acme", "Noor
    Haddad"; not "Noor's husband"). A subject with words besides the attribute's noun names
    a holder, though the other statement says them too ("The office's manager is Mia" /
    "The Berlin office's manager is Leo")."""
    return (holder == {SELF} and SELF not in c.subject and not x.whose and bool(other)
            and x.holder(c, frozenset()) == {SELF}
            and SELF not in other and (d.subject_name or other <= b.salient)
            and not any(_a_being_or_group(w) for w in other))


def _named_in_part(x: frozenset[str], c: Clause, a: Analysis, y: frozenset[str], d: Clause,
                   b: Analysis) -> bool:
    """Holders ``x`` (of clause ``c`` in ``a``) and ``y`` (of ``d`` in ``b``) are one named
    in full and in part ("Priya Nair" / "Priya", "Ms. Nair" / "Priya Nair", "Acme
    Logistics" / "Acme"): honorifics aside, one's words among the other's, the fuller a
    name (the parse's subject, or names its statement gives) that does not say the
    shorter's possessive before a being or one of its own words (:func:`_owned_being`:
    "Acme's CEO", "Acme's UK invoices"), nor a place besides ("Acme Germany")."""
    x, y = x - _HONORIFIC_WORDS, y - _HONORIFIC_WORDS
    if not x or not y or SELF in x | y or not (x <= y or y <= x):
        return False
    (fuller, clause, an), short = ((x, c, a), y) if y <= x else ((y, d, b), x)
    if any(place_kind(w) for w in fuller - short):
        return False  # "Acme Germany" / "Acme": a part placed somewhere, another holder
    return ((clause.subject_name or fuller <= an.salient)
            and not _owned_being(an.text, short, fuller - short))


_POSSESSIVE = re.compile(r"\b([\w.-]+)['’]s\s+(?:[\w-]+\s+)?([\w-]+)")


def _owned_being(text: str, owners: frozenset[str],
                 owned: frozenset[str] = frozenset()) -> bool:
    """``text`` names a being or a group one of ``owners`` has ("Priya's husband", "Acme's
    new CFO", "Nair's parents"), or one of the words ``owned`` after an owner's possessive
    ("Acme's UK invoices": "UK" is no part of Acme's name): another holder than the
    owner, or a scope of its."""
    for m in _POSSESSIVE.finditer(text):
        if m.group(1).lower() in owners:
            nouns = [w.lower() for w in m.group(0).split()[1:]]
            # a plural as WordNet's lemma ("parents")
            if any(_a_being_or_group(w) or (w.endswith("s") and _a_being_or_group(w[:-1]))
                   or w in owned for w in nouns):
                return True
    return False


_HONORIFIC_WORDS = HONORIFICS | {f"{w}." for w in HONORIFICS}


def _one_named_holder(mine: frozenset[str], c: Clause, theirs: frozenset[str],
                      d: Clause) -> bool:
    """Holders ``mine`` of clause ``c`` and ``theirs`` of ``d`` are one named once with
    the note's holder as its owner and once by its name alone ("my sister Ana" / "Ana",
    "our client Brightline" / "Brightline"; a name the parse tags or no noun WordNet
    knows): the words besides the name and the owner are beings or organizations, what
    the named is to the owner."""
    (named, x), y = ((c, mine), theirs) if SELF not in mine else ((d, theirs), mine)
    if SELF in x or SELF not in y or not x < y:
        return False
    if not named.subject_name and any(is_noun(w) for w in x):
        return False  # "the dog" / "our dog": no name
    return all(is_kind_of(w, "organism") or is_kind_of(w, "organization")
               or w in PERSON_ROLE_NOUNS for w in y - x - {SELF})


def _denied_value(pair: Pair) -> Finding | None:
    """One statement denies that its holder has a value of a one-value attribute now ("does
    not work at Google", "isn't on PostgreSQL", "doesn't use the Pro plan"), the other says
    one holder has that very value, whatever the verbs ("is a Google employee", "the
    database is PostgreSQL", "is on the Pro plan"); no other argument says otherwise."""
    for denying, saying in ((pair.a, pair.b), (pair.b, pair.a)):
        if _resumed(denying):
            continue  # "stopped paying in EUR in 2021 but resumed in 2023"
        denied = [(c, x) for c in denying.clauses
                  if c.negated and not (c.past or c.hypothetical)
                  for x in held(c, denying.salient)]
        holding = _holding(saying) if denied else ()
        for c, x in denied:
            for d, y in holding:
                if (x.attribute != y.attribute or not x.value or not y.value
                        or not _one_value_said(x, denying, y, saying)
                        or not (_held_by_one(c, x, denying, d, y, saying)
                                or _denied_of_every_device(c, x, denying, d, y, saying))
                        or _said_besides(c, d, x.arg.role, y.arg.role)
                        or _denied_in_part(c, d, x.arg)
                        # "isn't paid in euros" / "her rent is paid in EUR"
                        or (x.attribute == "currency"
                            and _uses_apart(_money(denying), _money(saying)))):
                    continue
                return finding("denied-value", (
                    f"'{_quote(denying.text)}' denies {x.attribute} "
                    f"'{' '.join(sorted(x.value))}'; '{_quote(saying.text)}' says it"))
    return None


def _one_value_said(x: Held, a: Analysis, y: Held, b: Analysis) -> bool:
    """Value ``x`` said in ``a`` and ``y`` in ``b`` are one: the words of one among the
    other's, or one currency by the codes each statement's one currency may be ("pounds"
    / "GBP", "Canadian dollars" / "CAD"; :func:`~reverie.text.currencies.currencies`)."""
    if x.value <= y.value or y.value <= x.value:
        return True
    if x.attribute != "currency":
        return False
    mine, theirs = currencies(a.text).one(), currencies(b.text).one()
    return mine is not None and theirs is not None and bool(mine[0] & theirs[0])


def _denied_of_every_device(c: Clause, x: Held, a: Analysis, d: Clause, y: Held,
                            b: Analysis) -> bool:
    """A value denied of a holder (``x`` of clause ``c`` in ``a``) is denied of each of its
    devices that ``y`` of ``d`` in ``b`` holds it ("the user doesn't use Windows" / "the
    user's work laptop runs Windows 11"): the other holder is the denier's and a device
    (WordNet, any sense), no person's nor a group's ("the user's wife works at Google",
    "Acme's design team uses Slack")."""
    mine, theirs = x.holder(c, b.lemmas), y.holder(d, a.lemmas)
    more = theirs - mine
    return (mine <= theirs and mine <= d.subject
            and any(is_kind_of(w, "device", any_sense=True) for w in d.subject - mine)
            and not any(is_kind_of(w, "person") or is_kind_of(w, "group") for w in more))


def _denied_in_part(c: Clause, d: Clause, value: Arg) -> bool:
    """The denial says more than the value, which the other clause does not say ("does not
    work at Google on Fridays") or says otherwise ("doesn't work at Halvorsen" / "works at
    Kestrel", where the value denied is being in work): a part is denied, not the value."""
    def unsaid(z: Arg) -> bool:
        other = d.arg(z.role)
        return other is None or not _agree(z.words, other.words)

    return any(z is not value and z.role != "adv" and not _dated(z) and unsaid(z)
               for z in c.args)


def _holding(facts: Analysis) -> tuple[tuple[Clause, Held], ...]:
    """The values a statement holds now: of affirmed clauses without "also", "maybe" or a
    modal ("maybe i can be a pilot" is a wish), in the present unless the attribute is
    permanent ("worked at Google" / "works at Microsoft": both true); read once per
    statement (``Analysis.derived``)."""
    found: tuple[tuple[Clause, Held], ...] | None = facts.derived.get("holding")
    if found is None:
        found = facts.derived["holding"] = tuple(
            (c, x)
            for c in facts.clauses
            if not (c.negated or c.additive or c.hypothetical)
            for x in held(c, facts.salient)
            if x.permanent or not c.past
        ) + tuple(
            (replace(c, negated=False), x)  # "hasn't started yet": not started, held now
            for c in facts.clauses
            if (x := not_started(c, facts.text)) is not None
        )
    return found


def _two_values(x: Held, y: Held, pair: Pair) -> bool:
    """``x`` of ``pair.a`` and ``y`` of ``pair.b`` are two values of one attribute: not
    one said in full and short ("CET" / "Central European Time"), and neither statement
    naming both ("moved from Pro to Basic"). Units with a figure are amounts ("weighs 70
    kg" / "185 lb"), two only if they are two converted."""
    if x.attribute in _UNITS and x.arg.numbers and y.arg.numbers:
        converted = _converted(pair)
        return bool(converted) and all(amounts_apart(*two) for two in converted)
    # a name in both occupations is where they are held, not what ("Acme's CFO" / "an
    # intern at Acme"); a name in both managers is who ("Leo Varga" / "Leo V.")
    both = (x.value & y.value & pair.a.salient & pair.b.salient
            if x.attribute == "occupation" else frozenset()) | _kind_of_two_names(x, y, pair)
    if _one_day_written_twice(pair):
        return False  # "Deadline: 30/06" / "The deadline is June 30"
    if _one_person_named(x, pair.a, y, pair.b):
        return False  # "Lisa Park (Head of Ops)" / "Lisa Park, who runs operations"
    return (other_values(x, y) and not _abbreviates(x.value, y.value)
            and not (_names_value(x, y, pair.b, both) or _names_value(y, x, pair.a, both))
            and not _name_and_description(x, y, pair))


def _kind_of_two_names(x: Held, y: Held, pair: Pair) -> frozenset[str]:
    """The words both values share, the head each says last among them, where each also
    gives a name the other does not ("St. Mary's Hospital" / "Mercy General Hospital": two
    hospitals) or a word of one kind before that head ("a truck driver" / "a bus driver"),
    else nothing: the kind of two things, no value either statement names of the other's
    ("Acme Corp" / "Acme Inc." share a name, not a kind)."""
    shared = x.value & y.value
    if not shared:
        return frozenset()  # asked of every two values: no text is read for most
    head = _said_last(x.value, pair.a.text)
    if head not in shared or head != _said_last(y.value, pair.b.text):
        return frozenset()
    mine, theirs = ({w.strip(".") for w in (v - shared) & facts.salient}
                    for v, facts in ((x.value, pair.a), (y.value, pair.b)))
    if mine - theirs and theirs - mine:  # not "St." / "St"
        return shared
    # or by a word each before one head, two of one kind ("a truck driver" / "a bus
    # driver"; not "a teacher at the school" / "a cook at the school": one place)
    (u, *more), (v, *others) = sorted(x.value - shared) or [""], sorted(y.value - shared) or [""]
    return shared if (x.arg.head == y.arg.head == head and not more and not others and u and v
                      and one_kind(u, v)) else frozenset()


def _said_last(words: frozenset[str], text: str) -> str | None:
    """The one of ``words`` the text says last before an "of" between them (the head of an
    English noun phrase: "hospital" of "St. Mary's Hospital", "university" of "the
    University of Leeds"), or None where the text says none of them as a word."""
    said = text.lower()
    found = sorted((m.start(), m.end(), w) for w in words
                   for m in re.finditer(rf"(?<!\w){re.escape(w)}(?!\w)", said))
    if not found:
        return None
    head = found[0]
    for word in found[1:]:
        if _OF.search(said, head[1], word[0]):
            break  # "of Leeds": what the head is of, not the head
        head = word
    return head[2]


_OF = re.compile(r"\bof\b")


def _one_person_named(x: Held, a: Analysis, y: Held, b: Analysis) -> bool:
    """Both values of a person held one at a time (an owner, a manager) name one person:
    the names each gives, one's among the other's, whatever else each says of them."""
    if not (x.attribute.startswith("owner") or x.attribute == "manager"):
        return False
    mine, theirs = x.value & a.salient, y.value & b.salient
    return bool(mine and theirs) and (mine <= theirs or theirs <= mine)


def _name_and_description(x: Held, y: Held, pair: Pair) -> bool:
    """One employer is a name, the other an indefinite description that names nothing
    ("at Stripe" / "at a payments company"): the name may be such a one, and no table
    says it is not. A currency or a unit is no description ("EUR" / "US dollars")."""
    if x.attribute != "employer":
        return False
    mine, theirs = x.value & pair.a.salient, y.value & pair.b.salient
    if bool(mine) == bool(theirs):
        return False
    described = y if mine else x
    return described.arg.indefinite


def _named_apart(x: Held, y: Held, pair: Pair, *, aliases: bool = False) -> bool:
    """Both values are names, and not the same ("Linux" / "Windows", "Postgres" /
    "MySQL"; with ``aliases``, a name as the product it is another name of: "a Mac" is
    macOS): two things however alike the sentences read. (Two weak values keep their
    names as said: "Uses an iPhone" / "Uses Android" is a phone's platform, for
    ``other-option`` to settle.)"""
    names = _as_products if aliases else (lambda found: found)
    mine, theirs = x.value & names(pair.a.salient), y.value & names(pair.b.salient)
    return bool(mine and theirs) and not mine & theirs


def _as_products(names: frozenset[str]) -> frozenset[str]:
    """``names``, and each as the product it is another name of ("mac": macos)."""
    return names | {PRODUCT_ALIASES[w] for w in names if w in PRODUCT_ALIASES}


def _unless_paraphrase(pair: Pair, rule: str, detail: str) -> Finding | None:
    """The finding of ``rule``, unless the NLI model reads the two as saying one thing
    (p(entailment) both ways at least NLI_PARAPHRASE: "works as a software engineer" /
    "is a developer" are one occupation in two words WordNet does not link)."""
    if pair.nli is None:
        return finding(rule, detail)
    scores = pair.nli()
    if scores.entailment >= NLI_PARAPHRASE:
        return None
    return finding(rule, f"{detail}; p(entailment) {scores.entailment:.2f} < {NLI_PARAPHRASE}",
                   scores.as_dict())


def _names_value(x: Held, y: Held, other: Analysis,
                 both: frozenset[str] = frozenset()) -> bool:
    """The statement of ``y`` names ``x``'s value too, beyond the words of the attribute
    ("time" of "the GMT time zone" is the attribute's, not a value) and the names ``both``
    statements give."""
    own = frozenset(x.attribute.split()) | y.owned
    # a family both values are kinds of ("Debian" / "Amazon Linux": Linux), or a word no
    # noun both say of other heads ("a full-time nurse" / "a full-time teacher"), is no
    # value ("a teacher at the school" / "a cook at the school" name one place)
    shared = x.value & y.value
    besides = shared & _FAMILIES | {w for w in shared - {x.arg.head, y.arg.head}
                                    if not is_noun(w)}
    return bool((x.value - own - both - besides) & other.lemmas)


_FAMILIES = frozenset(PRODUCT_FAMILIES.values())


def _said_besides(c: Clause, d: Clause, role_c: str, role_d: str) -> bool:
    """Besides the two values, the clauses share an argument role with other words
    ("bills customers in euros" / "pays suppliers in dollars": two things paid)."""
    for x in c.args:
        if x.role in {role_c, role_d} or _dated(x):
            continue
        y = d.arg(x.role)
        if y is not None and not _dated(y) and not _agree(x.words, y.words):
            return True
    return False


def _scoped_apart(c: Clause, x: Held, d: Clause, y: Held) -> bool:
    """Both values are said for a thing, not the same ("a dark theme in the editor" / "a
    light theme for the terminal", "on the EU store" / "on the UK store"): where or what
    for, as an argument of the clause or hung on the value itself; one within the other
    ("in the editor" / "in the code editor") is one thing."""
    mine, theirs = _scope_words(c, x), _scope_words(d, y)
    return bool(mine and theirs and not _agree(mine, theirs))


def _engaged_apart(c: Clause, x: Held, d: Clause, y: Held) -> bool:
    """One value is said for an engagement of the holder's the other does not say ("reports
    to Mia on the Atlas project" / "Raj's manager is Leo", "is the tech lead for the client
    team"): whom or what one is for there, beside the general one."""
    if x.attribute not in ENGAGED_ATTRIBUTES:
        return False
    mine, theirs = _scope_words(c, x), _scope_words(d, y)
    return bool((mine ^ theirs) & ENGAGEMENT_WORDS) and not (mine and theirs)


def _scope_words(c: Clause, x: Held) -> frozenset[str]:
    """The words of what ``c`` says its value ``x`` is for or in: a "for", "in" or "on"
    argument besides the value, or one hung on the value ("in the editor"; not the value
    itself: "replies in English")."""
    said = [y.words for y in c.args if y is not x.arg and y.role in _SCOPE_SLOTS]
    said += [frozenset(v.split()) for slot, v in x.arg.mods or () if slot in _SCOPE_SLOTS]
    return frozenset().union(*said) - {SELF} - x.value


def _two_sides(c: Clause, d: Clause) -> bool:
    """One subject pays and the other is paid ("The customer bills in euros" / "The
    customer is invoiced in US dollars": what it charges, and what it is charged)."""
    sides = {_paying(c), _paying(d)}
    return sides == {"seller", "buyer"}


def _paying(c: Clause) -> str | None:
    """Which side of a payment the clause's subject is: the seller ("bills its
    customers", "is paid"), the buyer ("pays", "is billed"), or None."""
    verb = c.predicate.split()[0]
    if verb in SELLING_VERBS:
        return "buyer" if c.passive else "seller"
    if verb in BUYING_VERBS:
        return "seller" if c.passive else "buyer"
    return None


def _model_conflict(pair: Pair) -> Finding | None:
    """The NLI model's contradiction of one frame with other values (:func:`one_frame`)."""
    return _model_says(pair, "nli-contradiction", NLI_CONTRADICTION)


def _model_veto(pair: Pair) -> Finding | None:
    """The NLI model doubts that one frame's other values (:func:`one_frame`), which the
    rules would join, can both hold: not one note, and no contradiction either."""
    return _model_says(pair, "nli-merge-veto", NLI_VETO)


def _model_says(pair: Pair, rule: str, threshold: float) -> Finding | None:
    """``rule`` when the statements are one frame with other values and the model's
    p(contradiction), both ways, is at least ``threshold``."""
    if pair.nli is None:
        return None
    frame = one_frame(pair)
    if frame is None or _channels_for_two_things(pair):
        return None
    scores = pair.nli()
    if scores.contradiction < threshold:
        return None
    return finding(rule, (
        f"{_versus(pair)}: {frame}; p(contradiction) {scores.contradiction:.2f} >= {threshold}"),
        scores.as_dict())


def _channels_for_two_things(pair: Pair) -> bool:
    """Each statement chooses a channel, each for what the other does not say ("prefers
    async updates on Slack" / "prefers a weekly summary email"): two choices that may both
    hold, as ``other-channel`` reads them (:func:`_chosen_for_apart`), whatever a model
    scores."""
    x, y = channels(pair.a.text), channels(pair.b.text)
    return bool(x.chosen and y.chosen) and _chosen_for_apart(pair)


def _one_habit_two_frequencies(pair: Pair) -> Finding | None:
    """``other-frequency-value``: one holder's two statements say the same but how often,
    each a frequency the other does not give ("Lina waters the ferns twice a week" / "...
    every day", "The cleaner comes every Thursday" / "... every other Thursday"): one
    habit, done at one frequency at a time. Both affirmed or both denied, both now or both
    then; what is left of each, its frequencies' words taken out, says the same words
    (WordNet synonyms count), so another scope ("in winter" / "in summer") is two habits."""
    often = frequencies_apart(pair.a.text, pair.b.text)
    if often is None or pair.a.negations % 2 != pair.b.negations % 2:
        return None
    if _then_and_now(pair.a, pair.b) or not _one_holder(pair.a, pair.b):
        return None
    x, y = _besides_frequencies(pair.a), _besides_frequencies(pair.b)
    if not x or not y or not _same_words(x, y):
        return None
    return finding("other-frequency-value", (
        f"{_versus(pair)}: one habit, {often[0].said} / {often[1].said}"))


_WHEN_VERBS = frozenset({"be", "start", "begin", "hold", "schedule", "set", "happen", "occur",
                         "run", "take", "place", "kick"})
"""Verbs that say when a thing is, however said ("is at 9" / "starts at 9" / "is held at
9"); "end" and "close" say another time."""


def _other_time_of_day(pair: Pair) -> Finding | None:
    """``other-time-of-day``: one holder's two statements say the same but the time of day
    a thing is at, starts or ends, one time each, of one kind, and not one time ("the daily
    standup is at 9 a.m." / "... starts at 11 a.m.", "the shop is open until 6pm" / "...
    until 8pm"; :func:`~reverie.text.clock.clock_times`). A bound ("before 3pm"), two zones,
    days that do not meet, or days said on one side only ("on Fridays": an exception), two
    frequencies ("weekly" / "monthly"), another polarity or before and now let both hold."""
    x, y = clock_times(pair.a.text), clock_times(pair.b.text)
    if len(x) != 1 or len(y) != 1:
        return None
    s, t = x[0], y[0]
    if s.kind != t.kind or s.kind == "bound" or s.zone != t.zone or same_time(s, t):
        return None
    if (pair.a.negations % 2 != pair.b.negations % 2 or _then_and_now(pair.a, pair.b)
            or not _one_holder(pair.a, pair.b)
            or frequencies_apart(pair.a.text, pair.b.text) is not None):
        return None
    if _days_apart(pair.a, pair.b):
        return None
    u, v = _besides_time(pair.a, s), _besides_time(pair.b, t)
    if (u or v) and not (u and v and _same_words(u, v)):
        return None  # nothing but the holder and the time on both sides is one thing's time
    return finding("other-time-of-day", f"{_versus(pair)}: one time, {s.said} / {t.said}")


def _times_of_day_agree(pair: Pair, c: Clause, d: Clause, role: str, *,
                        scopes: bool = True) -> bool:
    """The values that differ are one time of day each, and both may hold: one time written
    two ways ("at 3pm" / "at 15:00") or, with ``scopes``, on days that do not meet ("at
    2pm" / "at 4pm on Fridays": an exception); :func:`_other_time_of_day` says the rest."""
    u, v = c.arg(role), d.arg(role)
    if u is None or v is None or not all(
            any(w[:1].isdigit() or w in _CLOCK_WORDS for w in z.words) for z in (u, v)):
        return False  # the time is not the value that differs
    if _one_time_written_twice(pair):
        return True
    x, y = clock_times(pair.a.text), clock_times(pair.b.text)
    if len(x) != 1 or len(y) != 1 or same_time(x[0], y[0]):
        return False  # one time on other days or in other zones is two values
    return scopes and _days_apart(pair.a, pair.b)


_CLOCK_WORDS = frozenset({"noon", "midday", "midnight"})


def _one_time_written_twice(pair: Pair) -> bool:
    """Each statement gives one time of day, and they may be one ("3pm" / "15:00"), in one
    zone on the same days."""
    x, y = clock_times(pair.a.text), clock_times(pair.b.text)
    return (len(x) == 1 and len(y) == 1 and same_time(x[0], y[0]) and x[0].zone == y[0].zone
            and _days_said(pair.a) == _days_said(pair.b))


def _besides_time(facts: Analysis, time: ClockTime) -> frozenset[str]:
    """The statement's content words but its holder, its days, the verbs of when, and the
    words of its time of day."""
    said = {w.strip(".").lower() for w in re.split(r"\s+|(?<=\d)(?=[ap])", time.said)}
    said |= {"a.m.", "p.m.", "am", "pm"}  # "8pm" is the tokens "8" and "pm"
    said |= {w for f in frequencies(facts.text) for w in f.said.split()}  # "weekly"
    return frozenset(w for w in facts.content - SELF_WORDS - _WHEN_VERBS - said
                     if w.removesuffix("s") not in _DAY_WORDS)  # "Mondays", "day"


def _besides_frequencies(facts: Analysis) -> frozenset[str]:
    """The statement's content words but its holder and the words of its frequencies."""
    said = {w.removesuffix("s") for f in frequencies(facts.text) for w in f.said.split()}
    return frozenset(w for w in facts.content - SELF_WORDS if w.removesuffix("s") not in said)


def _same_words(x: frozenset[str], y: frozenset[str]) -> bool:
    """Every word of each side is on the other, or a WordNet synonym of one there."""
    return (all(u in y or any(_synonymous(u, v) for v in y) for u in x)
            and all(v in x or any(_synonymous(v, u) for u in x) for v in y))


def _memory_conflict(pair: Pair) -> Finding | None:
    """The agent-memory model's doubt that one holder's two present statements can both hold:
    p(contradiction) both ways at least MEMORY_CONTRADICTION, where no rule spoke. Asked
    only by the contradiction phase (:func:`conflict` with ``doubt``), never where
    statements merge: it reads some complementary notes as contradictions."""
    if pair.memory is None or pair.cosine < MEMORY_SIMILARITY:
        return None
    if (not _one_holder(pair.a, pair.b) or _former_value(pair.a, pair.b)
            or _moved_away(pair.a, pair.b) or _moved_away(pair.b, pair.a)):
        return None  # another holder, or a former value beside the present one
    if any((_only_meant(x) and not y.lemmas & INTENT_VERBS) or _only_ahead(x)
           or _only_tried(x) for x, y in ((pair.a, pair.b), (pair.b, pair.a))):
        return None  # "plans to upgrade the SDK to 3.0": nothing said to hold now (against
        # "has no plans to leave York", an intent against an intent)
    if (_one_value_said_twice(pair.a, pair.b) or _one_day_written_twice(pair)
            or _one_time_written_twice(pair) or _one_value_held_twice(pair)):
        return None  # "runs every 15 minutes" / "runs four times an hour": one value
    if any(_two_sorts_of_person(c, d, "attr") or _people_and_place(c, d, "attr")
           for c in pair.a.clauses for d in pair.b.clauses):
        return None  # "is a nurse" / "is a mother of two": what she does, who she is to kin;
        # "is French" / "moved to Spain": a people and a place
    if _within_range(pair) is not None:
        return None  # "supports versions 3.2 through 4.0" / "uses version 3.2": one of them
    if one_home(pair.a.text, pair.b.text):
        return None  # "lives in Austin" / "lives in Texas": one home, said finer
    scores = pair.memory(MEMORY_CONTRADICTION)
    if scores is None or scores.contradiction < MEMORY_CONTRADICTION:
        return None
    return finding("memory-doubt", (
        f"{_versus(pair)}: one holder; the agent-memory model's p(contradiction) "
        f"{scores.contradiction:.2f} >= {MEMORY_CONTRADICTION}"), scores.as_dict())


def _only_ahead(an: Analysis) -> bool:
    """Every clause of the statement says what may or will hold, a change to a value (the
    parse's "be" of "is being moved to the Silver plan next month", "is migrating to SQL
    Server"; an intent keeps its verb: :func:`_only_meant`): a change not made, beside
    which the value before it holds."""
    return bool(an.clauses and an.lemmas & CHANGE_VERBS) and all(
        c.hypothetical and c.predicate == "be" for c in an.clauses)


def _only_tried(an: Analysis) -> bool:
    """Every clause of the statement tries or weighs a value ("is testing SDK 4.0", "is
    evaluating the Pro plan"; :data:`TRIAL_VERBS`), affirmed: not in use yet."""
    return bool(an.clauses) and all(
        c.predicate.split()[0] in TRIAL_VERBS and not c.negated for c in an.clauses)


def _only_meant(an: Analysis) -> bool:
    """Every clause of the statement says a change meant, not made ("plans to upgrade the
    SDK to 3.0", "intends to move to Lisbon"; not "can't stand country music", a modal of
    what holds now)."""
    return bool(an.clauses) and all(
        c.hypothetical and verb_of(c.predicate) in INTENT_VERBS for c in an.clauses)


_MOVED_AWAY = re.compile(r"\b(?:moved|relocated)\s+(?:away\s+from|out\s+of|from)\s+"
                         r"(?:the\s+)?([A-Z][\w-]*)|\bleft\s+([A-Z][\w-]*)")


_CAME_BACK = re.compile(r"\b(?:came|moved|went|is|are)\s+back\b|\breturned\b"
                        r"|\bre-?join(?:ed|s)?\b", re.I)


def _places_left(an: Analysis) -> frozenset[str]:
    """The places ``an`` says its holder moved away from or left ("moved away from Lyon",
    "left Porto"), none where it says they came back ("... but came back in 2022": there
    again); read once per statement (``Analysis.derived``)."""
    found: frozenset[str] | None = an.derived.get("places_left")
    if found is None:
        found = an.derived["places_left"] = frozenset() if _CAME_BACK.search(an.text) else (
            frozenset(w.lower() for m in _MOVED_AWAY.finditer(an.text) for w in m.groups()
                      if w))
    return found


def _moved_away(a: Analysis, b: Analysis) -> bool:
    """``a`` says its holder moved away from a place, or left it, that ``b`` does not name
    ("Ana moved away from Lyon" / "Ana lives in Berlin"): where one no longer is, beside
    where one is; no doubt for a person."""
    left = _places_left(a)
    return bool(left) and not left & (b.lemmas | b.salient)


def _one_value_held_twice(pair: Pair) -> bool:
    """Both statements hold values of the same attributes (:func:`_holding`), each one
    value on both sides, not two, and besides them neither says a word the other lacks
    both ways ("is employed full-time at Oracle" / "works at Oracle": one employer; not
    "has lived in Chicago their whole life" / "moved to Chicago from Detroit"): the
    agent-memory model's doubt is then about wording."""
    mine = {x.attribute: x for _, x in _holding(pair.a)}
    theirs = {y.attribute: y for _, y in _holding(pair.b)}
    if not mine or mine.keys() != theirs.keys() or not all(
            mine[k].value & theirs[k].value and not _two_values(mine[k], theirs[k], pair)
            and _one_within(mine[k].arg.words, theirs[k].arg.words) for k in mine):
        return False  # "runs macOS 14" / "is on macOS Sonoma": one system, two versions
    # the values' words and the verbs that say them ("employ" / "work")
    said = frozenset(w for x in (*mine.values(), *theirs.values()) for w in x.arg.words) | {
        c.predicate.split()[0] for an in (pair.a, pair.b) for c, _ in _holding(an)}
    rest_a, rest_b = _besides(pair.a.content, said), _besides(pair.b.content, said)
    return unmatched_both_ways(sorted(rest_a), sorted(rest_b), _one_word) is None


def _one_within(x: frozenset[str], y: frozenset[str]) -> bool:
    """One side's words are all among the other's."""
    return x <= y or y <= x


def _one_value_said_twice(a: Analysis, b: Analysis) -> bool:
    """The value readers find one value said on both sides in other words, and besides it
    neither side says a word the other lacks both ways: frequencies, lengths of time, sums
    or roles each matched on the other side ("The cache refreshes every 20 minutes." /
    "... three times an hour.", "moved into the PM role" / "is a product manager"), or one
    time zone ("EST" / "Eastern Standard Time"), neither denying it. The model's doubt is
    then about wording. Not when something else differs too ("billed on the 1st of each
    month" / "charged on the 15th every month": one frequency, two days)."""
    if a.negations % 2 != b.negations % 2:
        return False  # one of them denies it
    said: list[tuple[frozenset[str], frozenset[str]]] = []
    for alike, read in _READERS:
        if alike(a.text, b.text):
            said.append((_words_of(read(a.text)), _words_of(read(b.text))))
    x, y = held_zone(a.text), held_zone(b.text)
    if x is not None and y is not None and _one_zone(x, y):
        said.append((_words_of((x,)), _words_of((y,))))
    for mine, theirs in said:
        if mine == theirs:
            continue  # "weekly" / "weekly": not what differs
        rest_a, rest_b = _besides(a.content, mine), _besides(b.content, theirs)
        if unmatched_both_ways(sorted(rest_a), sorted(rest_b), _one_word) is None:
            return True
    return False


def _words_of(values: Iterable[_Said]) -> frozenset[str]:
    """The words that say the values, but days and months ("every Monday" / "every
    Wednesday": one frequency on two days)."""
    return frozenset(w for v in values for w in v.said.lower().split()
                     if w.removesuffix("s") not in _WHEN)


def _besides(content: frozenset[str], said: frozenset[str]) -> frozenset[str]:
    """Content words but those of a value (plurals and singulars alike)."""
    stems = {w.removesuffix("s") for w in said}
    return frozenset(w for w in content - {SELF} if w.removesuffix("s") not in stems)


def _negation(positive: Analysis, negative: Analysis) -> str:
    return f"'{_quote(positive.text)}' vs its negation '{_quote(negative.text)}'"


def _versus(pair: Pair) -> str:
    return f"'{_quote(pair.a.text)}' vs '{_quote(pair.b.text)}'"


def _topic(facts: Analysis) -> frozenset[str]:
    """What a statement is about besides its holder: content words outside its subjects
    that rate nothing themselves, light verbs and nouns aside ("things that are blue":
    blue), a gerund as its verb ("to go skiing" / "enjoys skiing": the parse gives the noun
    "skiing" or the verb "ski")."""
    words = facts.targets - _subjects(facts) - _LIGHT_VERBS - LIGHT_NOUNS - SELF_WORDS - {SELF}
    return frozenset(verb_of(w) for w in words)


def _narrower_denial(pair: Pair) -> bool:
    """The statement against rates something narrower than the one for ("loves Python" /
    "hates Python's packaging tools"): disliking a part is no contradiction. Words that make
    one WordNet noun with a word of the other ("rock" / "rock music") name it whole."""
    against, for_ = (pair.a, pair.b) if pair.a.valence < 0 else (pair.b, pair.a)
    mine, theirs = _topic(for_), _topic(against)
    if not mine < theirs:
        return False
    # "country" / "the country music": one thing, named whole by a WordNet compound
    return not all(any(is_noun(f"{w}_{extra}") for w in mine) for extra in theirs - mine)


def _opposite_attitudes(pair: Pair, at_least: float = VALENCE) -> frozenset[str]:
    """The things both statements rate, one for and one against (each at least
    ``at_least`` from neutral): "loves seafood" / "seafood is gross to them"; not what the
    one for denies."""
    a, b = pair.a, pair.b
    if a.valence * b.valence >= 0 or min(abs(a.valence), abs(b.valence)) < at_least:
        return frozenset()
    # what the one for denies it is not for ("wants Google Doc links instead of PDF
    # attachments" / "No PDFs": both against PDFs)
    denied = frozenset(verb_of(w) for c in (a if a.valence > 0 else b).clauses if c.negated
                       for x in c.args for w in x.words)
    return ((_topic(a) & _rated(b)) | (_rated(a) & _topic(b))) - denied


def _rated(facts: Analysis) -> frozenset[str]:
    """What a statement rates: its topic, and the subject of a copula that rates it
    ("seafood is gross to me": seafood)."""
    copulas = frozenset().union(*(c.subject for c in facts.clauses if c.predicate == "be"))
    # each word as its verb, as the topic has it ("meetings are exhausting" / "enjoys
    # meetings", whose topic is "meet")
    rated = frozenset(verb_of(w) for w in facts.targets & copulas)
    return _topic(facts) | rated - _LIGHT_VERBS - {SELF}


def _one_holder(a: Analysis, b: Analysis, said: frozenset[str] = frozenset()) -> bool:
    """The two attitudes can be one holder's: the main subjects agree, or one statement's
    subject is what the other is about ("seafood is gross to me" / "i enjoy seafood").
    The words of what is said (``said``: a zone's) are no holder: "Time zone: PST" names
    none, so it can be the user's."""
    if not a.clauses or not b.clauses:
        return True
    c, d = a.clauses[0], b.clauses[0]
    if _two_holders(c, d, said):
        return False  # "User enjoys hiking" / "User's husband hates hiking"
    x, y = _unclipped(*_pronoun_named(c.subject - said, a, d.subject - said, b))
    return not x or not y or _agree(x, y) or x <= b.content or y <= a.content


_THIRD_PERSON = re.compile(r"^\s*(?:he|she|they|his|her|their)\b", re.I)
_THEY = frozenset({"they", "their"})


def _pronoun_named(x: frozenset[str], a: Analysis, y: frozenset[str],
                   b: Analysis) -> tuple[frozenset[str], frozenset[str]]:
    """The two subjects, a statement's "he", "she" or "they" (the parse's "self") read as the
    name the other statement's subject is ("Ahmed's time zone is CET" / "He is on Pacific
    time": Ahmed's); a note's pronoun stands for whom the notes are about."""
    def named(z: frozenset[str], an: Analysis, plural: bool) -> frozenset[str]:
        if SELF in z:
            return frozenset()
        # "they" may stand for a group or a thing one noun names ("The team is on Python
        # 3.9" / "They run Python 3.12"; not "the intern", who may be another than they);
        # "he" and "she" for a name only
        return z & an.salient or (z if plural and len(z) == 1 and not is_kind_of(
            next(iter(z)), "person") else frozenset())
    for mine, theirs, text, other in ((x, y, a.text, b), (y, x, b.text, a)):
        pronoun = _THIRD_PERSON.match(text) if SELF in mine else None
        if pronoun and (name := named(theirs, other, pronoun[0].strip().lower() in _THEY)):
            read = (mine - {SELF}) | name
            return (read, theirs) if mine is x else (theirs, read)
    return x, y


@lru_cache(maxsize=1 << 14)  # asked of the same two subjects many times per pair
def _unclipped(x: frozenset[str], y: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Two word sets with each word one of them clips in the other written as the clipped
    word ("repo" / "repository", "admin" / "administrator", "prod" / "production"): one
    thing, named in full and short."""
    full = {v: w for w in x | y for v in x | y if _clips(w, v)}
    return (frozenset(full.get(w, w) for w in x), frozenset(full.get(w, w) for w in y))


def _clips(short: str, long: str) -> bool:
    """``short`` is ``long`` clipped: its first four letters or more, three or more cut, of
    a noun WordNet has ("production"; not a name: "Dana" / "Danaher")."""
    return (len(short) >= 4 and len(long) >= len(short) + 3 and long.startswith(short)
            and is_noun(long))


def _then_and_now(a: Analysis, b: Analysis) -> bool:
    """One statement's main clause says what held before, the other's what holds now ("used
    to dislike running" / "enjoys running now"): an attitude that changed."""
    return bool(a.clauses and b.clauses) and a.clauses[0].past != b.clauses[0].past


def _former_value(a: Analysis, b: Analysis) -> bool:
    """The main clauses are one predicate, one said of before and one of now ("the plan
    was Basic" / "the plan is Pro"): a value that changed. Another predicate in the past
    ("retired in 2019" / "teaches full-time") may still end what the other says holds."""
    return (_then_and_now(a, b)
            and a.clauses[0].predicate == b.clauses[0].predicate)


def _two_holders(c: Clause, d: Clause, said: frozenset[str] = frozenset()) -> bool:
    """One clause's subject is the other's holder's own, another holder (:func:`_owned_by`
    either way: "the user" / "the user's husband"); a subject headed by a word of what is
    said (``said``: "Kofi's keyboard layout") is none."""
    return _owned_by(c, d, said) or _owned_by(d, c, said)


def _owned_by(c: Clause, d: Clause, said: frozenset[str] = frozenset()) -> bool:
    """``c``'s subject is another holder, one of ``d``'s holder's own: its subject holds
    ``d``'s and more, headed by a being or an organization ``d``'s subject does not name
    ("the user's husband", "her dog", "the user's team" / "the user"; not "the user in
    Berlin", nor an attribute: "the user's time zone", nor a gathering: "the team's
    weekly meeting"); against a note without a subject, a person named by how they stand
    to someone (:data:`RELATED_PERSONS`: "Sam's wife", "her boss"). A person the other's
    subject does not name makes the thing theirs ("Ruth's husband's parking spot" /
    "Ruth's parking spot")."""
    head = SELF if c.subject_head in SELF_WORDS else c.subject_head
    if head == SELF or head in said:
        return False
    if not d.subject:  # a note without a subject is of its holder: "Loves spicy food" /
        # "Sam's wife can't stand ...", not "Sophie Martin", "the Berlin team" nor
        # "Lifelong Spurs supporter": a person named by how they stand to someone
        return (not c.subject_name and len(_content(c.subject)) > 1
                and any(is_kind_of(head, k) for k in RELATED_PERSONS))
    if not d.subject < c.subject:
        return False
    if _one_named_thing(c, d):
        return False  # "our dog Biscuit" / "Biscuit": the name is what the holder's dog is
    if head not in d.subject and (is_kind_of(head, "organism")
                                  or is_kind_of(head, "organization")):
        return True
    # "Ruth's husband's parking spot" / "Ruth's parking spot": a thing of a person besides;
    # not a name with its title ("Dr. Farah Haddad"), nor persons together ("my son and
    # his brother")
    if c.subject_name or not is_noun(head) or is_kind_of(head, "organism"):
        return False  # "Both of the user's grandmothers": a part, no thing
    return any(is_kind_of(w, "person") for w in c.subject - d.subject - said - SELF_WORDS)


def _negated_copy(a: Analysis, b: Analysis) -> bool:
    """The same content words, one statement negated an odd number of times more: a
    contradiction whatever the parse ("Acme ships every order with UPS" / "Acme does not
    ship orders with UPS", where the first is parsed with "ships" as a noun)."""
    return (bool(a.content) and _copied(a) == _copied(b)
            and (a.negations - b.negations) % 2 == 1 and not _being_and_having(a, b))


def _copied(an: Analysis) -> frozenset[str]:
    """The content words a negated copy compares: a title's noun said or not ("Priya's
    title is team lead" / "Priya is no longer team lead"), the "longer" of "no longer" and
    the "true" of "it is not true that" left out; read once per statement
    (``Analysis.derived``)."""
    found: frozenset[str] | None = an.derived.get("copied")
    if found is None:
        words = an.content - TITLE_WORDS
        if _NO_LONGER.search(an.text):
            words -= {"longer"}
        if _NOT_TRUE_THAT.match(an.text):
            words -= _TRUTH_WORDS  # "It is not true that Kestrel pays in EUR": denied
        found = an.derived["copied"] = words
    return found


_NO_LONGER = re.compile(r"\bno\s+longer\b", re.I)
_TRUTH_WORDS = frozenset({"true", "case", "correct", "accurate", "right"})
_NOT_TRUE_THAT = re.compile(r"\s*it(?:\s+is|'s)\s+not\s+(?:true|the\s+case|correct|accurate|"
                            r"right)\s+that\b", re.I)


def _being_and_having(a: Analysis, b: Analysis) -> bool:
    """One statement says what its holder is, the other what it has, of one word ("is an
    only child" / "has no children"): two frames, whatever their words."""
    if not a.clauses or not b.clauses:
        return False
    verbs = {a.clauses[0].predicate, b.clauses[0].predicate}
    return "be" in verbs and bool(verbs & _HAVE)


def _counted_copy(a: Analysis, b: Analysis) -> tuple[str, str] | None:
    """The same words, tense and polarity, one count of one unit another: "my 2 cats" /
    "my 8 cats", whatever the parse made of the rest."""
    if a.negations % 2 != b.negations % 2 or _tenses(a) != _tenses(b):
        return None
    numbers = {v for v, _ in a.numbers | b.numbers if not ISO_DATE.match(v)}  # dates: same
    said = numbers | NUMBER_WORDS.keys() | TENS.keys()  # "thirteen" counted as 13
    if not a.content or a.content - said != b.content - said:
        return None
    return _numbers_clash(a, b)


def _tenses(facts: Analysis) -> tuple[tuple[bool, bool], ...]:
    return tuple((c.past, c.hypothetical) for c in facts.clauses)


def _may_and_does(c: Clause, d: Clause) -> bool:
    """One clause says what holds, the other what may or will ("has 40 seats" / "can have
    55 seats"): no two values of one frame. "Cannot have a cat" denies it, and "can't
    stand" is an attitude, not a modal."""
    if c.hypothetical == d.hypothetical or LIKE in {c.predicate, d.predicate}:
        return False
    return not (c if c.hypothetical else d).negated


def _quote(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _numbers_clash(a: Analysis, b: Analysis) -> tuple[str, str] | None:
    """Return the two counts of one unit that differ ("40 seat", "55 seat"), or None."""
    units_a: dict[str, set[str]] = {}
    units_b: dict[str, set[str]] = {}
    for value, unit in a.numbers:
        if not ISO_DATE.match(value):
            units_a.setdefault(_unit(unit), set()).add(value)
    for value, unit in b.numbers:
        if not ISO_DATE.match(value):
            units_b.setdefault(_unit(unit), set()).add(value)
    for u, v in _one_units(units_a.keys(), units_b.keys()):
        # a range's first number may be parsed without its unit ("between 250 and 350")
        wide_a, wide_b = units_a[u] | units_a.get("", set()), units_b[v] | units_b.get("", set())
        if not _agree(frozenset(units_a[u]), frozenset(units_b[v])) and not (
                _in_range(wide_a, units_b[v]) or _in_range(wide_b, units_a[u])):
            return f"{'/'.join(sorted(units_a[u]))} {u}", f"{'/'.join(sorted(units_b[v]))} {v}"
    return None


def _one_units(mine: Iterable[str], theirs: Iterable[str]) -> list[tuple[str, str]]:
    """The units of one side and of the other that count one thing: the same word, or two
    WordNet synonyms ("kid" / "child")."""
    return sorted((u, v) for u in mine for v in theirs if u and v and (
        u == v or (u not in _MONTHS and v not in _MONTHS and synonyms(u, v))))


def _in_range(bounds: set[str] | frozenset[str], values: set[str] | frozenset[str]) -> bool:
    """Two numbers and one between them ("between 250 and 350" / "300")."""
    if len(bounds) != 2 or len(values) != 1:
        return False
    try:
        low, high = sorted(float(n) for n in bounds)
        one = float(next(iter(values)))
    except ValueError:
        return False
    return low <= one <= high


def _unit(lemma: str) -> str:
    """A unit's lemma without a final "s", whatever the parse made of a name in it
    ("Kubernetes 1.29" gave "kubernetes" in one parse, "kubernete" in another)."""
    return lemma[:-1] if lemma.endswith("s") else lemma


def _denies(a: Analysis, b: Analysis) -> frozenset[str]:
    """Return the words ``a`` denies that ``b`` says without denying ("coffee") or turning
    down (:func:`_contrasted`), or none."""
    # what b denies too: a negated clause's arguments, and its verb ("doesn't bite her
    # nails anymore" denies biting, as "stopped biting her nails" does)
    denied_in_b = frozenset().union(
        *(x.words for d in b.clauses if d.negated for x in d.args),
        # "SSO has not been set up", "the workspace has no SSO": said of a denial, not
        # without denying
        *(d.subject for d in b.clauses if d.negated),
        {verb_of(d.predicate) for d in b.clauses if d.negated})
    for c in a.clauses:
        if not c.negated:
            continue
        for arg in c.args:
            words = _content(arg.words)
            said = words & b.content or _one_stem(words, b.content) or _done_by(c, arg, b)
            if said and not words <= denied_in_b and not _contrasted(said, b.text):
                return said
    return frozenset()


# "from" of a switch only ("works from the Singapore office" is where); not "without" ("can't
# drive without his glasses" needs them)
_CONTRAST = (r"\b(?:over|off|than|instead\s+of|no|not|never|(?:switched|moved|migrated|"
             r"changed|went)\s+(?:[\w'-]+\s+)?from)\s+(?:[\w'-]+\s+){0,3}")


def _contrasted(words: frozenset[str], text: str) -> bool:
    """Each of ``words`` is said in ``text`` after a word that turns it down or leaves it
    ("prefers Teams over Zoom", "switched from Jira to Linear", "moved off unittest", "no
    dark mode"): denied there too, in other words."""
    return all(re.search(_CONTRAST + re.escape(w), text, re.I) for w in words)


def _done_by(c: Clause, x: Arg, b: Analysis) -> frozenset[str]:
    """The noun of one who does a thing that ``c`` denies its subject is, where ``b`` says a
    holder does it ("is not a teacher" / "teaches math at a high school", "isn't a
    manager" / "manages the support team"; :func:`~reverie.judges.lexicon.agent_verb`)."""
    if c.predicate != "be" or x.role != "attr":
        return frozenset()
    verb = agent_verb(x.head)
    done = verb is not None and any(
        d.predicate == verb and not d.negated and not d.hypothetical for d in b.clauses)
    return frozenset({x.head}) if done else frozenset()


def _one_stem(words: frozenset[str], content: frozenset[str]) -> frozenset[str]:
    """The words of ``words`` that share a stem with a word of ``content``: the first six
    letters at least, each word ending at most three letters past it ("allergy" /
    "allergic", "asthma" / "asthmatic"; not "screen" / "screenshot")."""
    found = set()
    for w in words:
        for v in content:
            stem = next((i for i, (x, y) in enumerate(zip(w, v, strict=False)) if x != y),
                        min(len(w), len(v)))
            if w != v and stem >= _STEM and max(len(w), len(v)) - stem <= _SUFFIX:
                found.add(w)
    return frozenset(found)


def _dates_month(facts: Analysis, token: str) -> bool:
    """``token`` is a month name and ``facts`` holds a date in that month ("early April" is
    said by "around 2026-04-02")."""
    if token not in _MONTH_NAMES:
        return False
    month = f"-{_MONTH_NAMES.index(token) + 1:02d}-"
    return any(ISO_DATE.match(s) and month in s for s in facts.salient)


def _unshared_names(a: Analysis, b: Analysis, besides: frozenset[str] = frozenset()
                    ) -> list[str]:
    """The names ``a`` gives that ``b`` does not mention, ``besides`` aside."""
    return [n for n in _names(a) if n not in besides and not _mentions(b.text, n)]


def _other_names_of_one(mine: list[str], theirs: list[str]) -> bool:
    """Each name one statement gives and the other does not is another name of one the
    other gives (:func:`_one_name`), both ways: one thing named twice, no other names."""
    return all(any(_one_name(n, m) for m in others) for names, others in
               ((mine, theirs), (theirs, mine)) for n in names)


@lru_cache(maxsize=1 << 14)
def _one_name(n: str, m: str) -> bool:
    """Two names of one thing: one product's ("Postgres" / "PostgreSQL", "macOS" / "a
    MacBook"), a name and its plural ("PDFs" / "PDF"), or one time zone's ("Pacific" /
    "PST")."""
    if n == m:
        return False  # one name said in two cases ("Hyun-woo" / "hyun-woo") is unshared
    if PRODUCT_ALIASES.get(n, n) == PRODUCT_ALIASES.get(m, m) or f"{n}s" == m or f"{m}s" == n:
        return True
    mine, theirs = (standard(value_offsets(frozenset({w, "time"}))) for w in (n, m))
    return bool(mine & theirs)


def _names(facts: Analysis) -> frozenset[str]:
    return frozenset(
        s
        for s in facts.salient
        if not ISO_DATE.match(s) and s not in _MONTHS and not s[0].isdigit()
    )


def _mentions(text: str, token: str) -> bool:
    """``token`` occurs in ``text`` as a word of its own (not inside a longer id)."""
    return (
        re.search(r"(?<![\w.@/-])" + re.escape(token) + r"(?![\w@/-]|\.\w)", text.lower())
        is not None
    )


def clash(pair: Pair) -> Finding | None:
    """Return why the statements cannot be one fact (inconsistent, unshared names), or None."""
    a, b = pair.a, pair.b
    found = _within_range(pair) or inconsistent(pair)
    if found is not None:
        return found
    only_a, only_b = _unshared_names(a, b), _unshared_names(b, a)
    if _other_names_of_one(only_a, only_b):
        only_a, only_b = [], []  # "Postgres" / "PostgreSQL", "Pacific" / "PST"
    if only_a and only_b:
        return finding("other-names", f"{_versus(pair)}: {', '.join(sorted(only_a))} / "
                                      f"{', '.join(sorted(only_b))}")
    figures = _other_figures(a, b)
    if figures is not None:
        return finding("other-figures", f"{_versus(pair)}: {figures[0]} / {figures[1]}")
    for rule, apart in _VALUES_APART:
        if rule == "other-frequency" and (a.negations or b.negations):
            continue  # "doesn't offer monthly billing" / "sells annual subscriptions": one
        values = apart(a.text, b.text)
        if values is not None:
            return finding(rule, f"{_versus(pair)}: {values[0].said} / {values[1].said}")
    months = _other_months(a.text, b.text)
    if months is not None:
        return finding("other-months", f"{_versus(pair)}: {months[0]} / {months[1]}")
    return None


class _Said(Protocol):
    @property
    def said(self) -> str:
        """The words that give the value."""


# blockers of two values of one kind, each side with one the other lacks (reverie.text)
@dataclass(frozen=True)
class _Named:
    said: str


def _settings_apart_named(a: str, b: str) -> tuple[_Named, _Named] | None:
    """One value each of a setting a reader knows, and not the same: a measurement system
    or temperature scale ("weights in kg" / "weights in pounds"), a currency, a job
    title or a function headed, a version of one product, a channel or a file format
    named. Whose it is does not matter here: as one note the two would say both."""
    system = systems_apart(a, b)
    if system is not None:
        return _Named(system[1]), _Named(system[2])
    currency = currencies_apart(a, b)
    if currency is not None:
        return _Named(currency[0]), _Named(currency[1])
    title = titles_apart(a, b) or functions_apart(a, b)  # "head of marketing" / "of sales"
    if title is not None:
        return _Named(title[0].said), _Named(title[1].said)
    version = versions_apart(a, b)  # "uses SDK 3.2" / "is testing SDK 4.0"
    if version is not None:
        return _Named(version[0].said), _Named(version[1].said)
    role = roles_apart(a, b)
    if role is not None:
        return _Named(role.first.said), _Named(role.second.said)
    # "goes to her email" / "gets it by SMS", "minutes go out as PDF" / "... as Word files"
    named = channels_named_apart(a, b) or file_formats_apart(a, b)
    return (_Named(named[0]), _Named(named[1])) if named else None


_VALUES_APART: tuple[tuple[str, Callable[[str, str], tuple[_Said, _Said] | None]], ...] = (
    ("other-sums", sums_apart),
    ("other-frequency", frequencies_apart),
    ("other-duration", durations_apart),
    ("other-setting", _settings_apart_named),
)


# the value readers that tell one value said twice (_one_value_said_twice)
_READERS: tuple[tuple[Callable[[str, str], bool], Callable[[str], Iterable[_Said]]], ...] = (
    (frequencies_alike, frequencies),
    (durations_alike, durations),
    (sums_alike, sums),
    (roles_alike, roles),
)


def _other_months(a: str, b: str) -> tuple[str, str] | None:
    """Months each statement names that the other does not ("wraps up on Feb 28" / "runs
    until March 7", "renews on March 31, 2025" / "moved up to 1 Jan 2025"; an ISO date
    names its month): the month names of each, or None. A date written relative to the
    note is absolute by then (the dream normalizes it first)."""
    x, y = _months_named(a), _months_named(b)
    if x - y and y - x:
        return ", ".join(_MONTH_NAMES[m - 1] for m in sorted(x - y)), ", ".join(
            _MONTH_NAMES[m - 1] for m in sorted(y - x))
    return None


def _months_named(text: str) -> frozenset[int]:
    return frozenset(int(t.removeprefix("month:")) for t in salient_tokens(text)
                     if t.startswith("month:"))


def _within_range(pair: Pair) -> Finding | None:
    """``within-range`` when one statement gives a range of figures and every figure the
    other adds lies inside it ("supports versions 3.2 through 3.8" / "runs 3.5", "needs
    Java 11 or later" / "needs Java 17", "is on 4.x" / "is on 4.2"), or the one figure it
    gives is an end of a span with two ("... 3.2 through 3.8" / "runs 3.2"): both hold,
    and the narrower is not the wider said again. Neither may be negated ("does not
    support 3.2 through 3.8" / "supports 3.5" still conflict)."""
    if pair.a.negations or pair.b.negations:
        return None
    for x, y in ((pair.a, pair.b), (pair.b, pair.a)):
        spans = ranges(x.text)
        if not spans or ranges(y.text):
            continue  # two ranges ("under 200 words" / "below 200 words"): not this rule's
        said = set(figures(x.text))
        # a figure the other does not say, or, alone, one end said again of a span with
        # two ("versions 3.2 through 4.0" / "uses version 3.2": one value of the range)
        given = list(figures(y.text))
        added = [f for f in given if f not in said] or [
            f for f in given if len(given) == 1 and any(
                s.low is not None and s.high is not None and s.low < s.high
                and f in (s.low, s.high) for s in spans)]
        inside = [next((s for s in spans if s.holds(f)), None) for f in added]
        if added and all(inside):
            shown = ", ".join(".".join(map(str, f)) for f in added)
            held_by = "; ".join(dict.fromkeys(s.said for s in inside if s is not None))
            return finding("within-range", (
                f"'{_quote(y.text)}' gives {shown}, inside the range '{held_by}' of "
                f"'{_quote(x.text)}': both hold"))
    return None


def _other_figures(a: Analysis, b: Analysis) -> tuple[str, str] | None:
    """Clock times, or numbers of no unit or of a unit both count, on both sides that the
    other statement does not say ("at 9:30" / "at 11", "for ten years" / "two years
    ago"; "3 pm" is 15:00, "twenty thousand" 20000, and "one son" / "an 18 year old son"
    count two things): the two, or None."""
    x, y = _clock_times(a), _clock_times(b)
    if not (x - y and y - x):
        same_times = bool(x) and x == y  # "at 8pm" / "at 20:00": not 8 and 20:00 besides
        x, y = _compared_numbers(a, b), _compared_numbers(b, a)
        if same_times:
            x, y = x - _clock_figures(a), y - _clock_figures(b)
    if not (x - y and y - x):
        # one figure a side, whatever the parse took it to count: "Payment terms: net 30"
        # / "... net 60" (the parse counts "net" on one side and "terms" on the other)
        x, y = _one_figure(a) - _clock_figures(a), _one_figure(b) - _clock_figures(b)
        written = ({v for v, _ in a.numbers}, {v for v, _ in b.numbers})
        if len(x) != 1 or len(y) != 1 or x <= written[1] or y <= written[0]:
            return None  # "on Python 3.11 now, upgraded from 3.8" / "Runtime: Python 3.11"
    if x - y and y - x:
        return ", ".join(sorted(x - y)), ", ".join(sorted(y - x))
    return None


def _one_figure(facts: Analysis) -> frozenset[str]:
    """The figures that end a phrase of the statement, the value of a key ("30" of "Payment
    terms: net 30", "120" of "max line length: 120"); not a figure with a unit, sign or
    month beside it ("30 kg", "10%", "1 May", "May 1", "$30", "'22"); read once per
    statement (``Analysis.derived``)."""
    known: frozenset[str] | None = facts.derived.get("one_figure")
    if known is None:
        known = facts.derived["one_figure"] = _figures_ending_phrases(facts)
    return known


def _figures_ending_phrases(facts: Analysis) -> frozenset[str]:
    found = set()
    for v, _ in facts.numbers:
        if ISO_DATE.match(v):
            continue
        for m in re.finditer(rf"(?<![\w.,'’$€£/]){re.escape(v)}(?=\s*(?:$|[.,;:!?)\]]))",
                             facts.text):
            before = facts.text[:m.start()].split()
            if not before or before[-1].lower().strip(".,") not in MONTH_NUMBERS:
                found.add(v)
    return frozenset(found)


def _clock_times(facts: Analysis) -> frozenset[str]:
    """The clock times a statement says, as ``HH:MM`` (:mod:`reverie.text.salient`)."""
    return frozenset(t.removeprefix("time:") for t in salient_tokens(facts.text)
                     if t.startswith("time:"))


def _clock_figures(facts: Analysis) -> frozenset[str]:
    """The figures the statement's clock times are written with ("8" of "8pm", "20:00")."""
    return frozenset(f for t in clock_times(facts.text)
                     for f in re.findall(r"\d{1,2}(?::\d{2})?", t.said))


def _compared_numbers(facts: Analysis, other: Analysis) -> frozenset[str]:
    """The numbers ``facts`` says, dates aside, where ``other`` says a number of no unit
    or of the same unit ("for ten years" / "in 2024"; not "one son" / "18 years old")."""
    units = {_unit(u) for _, u in other.numbers}
    return frozenset(_clock(v, u) for v, u in facts.numbers
                     if (not u or "" in units or _unit(u) in units or _clock(v, u) != v)
                     and not ISO_DATE.match(v))


def _clock(value: str, unit: str) -> str:
    """A clock time as ``HH:MM`` ("9:30", "3" of "3 pm" is 15:00), any other number as it
    is."""
    hour, _, minute = value.partition(":")
    if not hour.isdigit() or (minute and not minute.isdigit()):
        return value
    if unit.replace(".", "") in {"am", "pm"}:
        h = int(hour) % 12 + (12 if unit.startswith("p") else 0)
        return f"{h:02d}:{minute or '00'}"
    return f"{int(hour):02d}:{minute}" if minute else value


def _aside_denied(an: Analysis, c: Clause) -> bool:
    """``c`` is a denial beside its statement's affirmation of one predicate ("pays in
    euros, not dollars", "Linux rather than Windows"): what was chosen against."""
    return c.negated and any(o is not c and not o.negated and o.predicate == c.predicate
                             for o in an.clauses)


def inconsistent(pair: Pair) -> Finding | None:
    """Return why the statements disagree, contradicting or not (a blocker rule), or None."""
    a, b = pair.a, pair.b
    for c in a.clauses:
        for d in b.clauses:
            if c.predicate != d.predicate or (c.negated == d.negated and _inverted(c, d)):
                continue
            al = _align(c, d)
            real = al.real(same_subject_enough=True)
            if real and (_aside_denied(a, c) or _aside_denied(b, d)) and c.negated != d.negated:
                continue  # "pays in euros, not dollars" / "pays in euros": "not dollars" agrees
            if real and not _times_of_day_agree(pair, c, d, real[0].role, scopes=False):
                role = real[0].role
                return finding("differing-argument", (
                    f"{_versus(pair)}: one '{c.predicate}' with another "
                    f"{role.replace('prep:', '')} ({_values(c, d, role)})"))
            titles = _one_value_two_titles(c, d)
            if titles is not None:
                found = _unless_paraphrase(pair, "differing-argument", (
                    f"{_versus(pair)}: one value, two titles ({titles})"))
                if found is not None:
                    return found
            if c.negated != d.negated and al.agree:
                return finding("opposite-polarity", (
                    f"{_versus(pair)}: one '{c.predicate}' affirmed and denied "
                    f"(both say {', '.join(al.agree)})"))
            places = _other_place(c, d) if c.negated == d.negated else None
            if places is not None:
                return finding("other-place", (
                    f"{_versus(pair)}: one '{c.predicate}' "
                    f"{' / '.join(_phrase(x) for x in places)}"))
    leading = _another_role(pair) or _access_apart(pair)
    if leading is not None:
        return leading
    numbers = _numbers_clash(a, b)
    if numbers is not None:
        return finding("other-number", f"{_versus(pair)}: {' vs '.join(numbers)}")
    for x, y in ((a, b), (b, a)):
        denied = _denies(x, y)
        if denied:
            return finding("denied-mention", (
                f"'{_quote(x.text)}' denies {', '.join(sorted(denied))}, which "
                f"'{_quote(y.text)}' says"))
    rated = _opposite_attitudes(pair, RATED_APART)
    if rated:
        return finding("opposite-ratings",
                       f"{_versus(pair)}: for and against {', '.join(sorted(rated))}")
    return (conflict(pair, doubt=False) or _ended_state(pair) or _switched_apart(pair)
            or _other_holder(pair))


def _other_holder(pair: Pair) -> Finding | None:
    """``other-holder``: the statements say one thing, word for word but for the holder,
    and one holder is the other's own, a kin, a pet or a team (:func:`_two_holders`:
    "Dana's brother lives in Oslo" / "Dana lives in Oslo"): two holders, never one note
    (linked, the cosine let one absorb the other). One fact said of the holder by another
    frame ("Dana's husband is a firefighter" / "Dana is married to a firefighter") is
    not this."""
    if not pair.a.clauses or not pair.b.clauses:
        return None
    c, d = pair.a.clauses[0], pair.b.clauses[0]
    if (c.predicate != d.predicate or {x.words for x in c.args} != {y.words for y in d.args}
            or not _two_holders(c, d)):
        return None
    return finding("other-holder", _holders_said(pair))


def _holders_said(pair: Pair) -> str:
    """The detail of a finding that the main clauses' holders are two, one the other's own
    (``other-holder``, ``holder-apart``): each side's subject words."""
    c, d = pair.a.clauses[0], pair.b.clauses[0]
    return (f"{_versus(pair)}: {' '.join(sorted(c.subject))} / "
            f"{' '.join(sorted(d.subject))}, one holder the other's own")


def _access_apart(pair: Pair) -> Finding | None:
    """``differing-argument`` where each statement gives one holder a level of access and
    the two are not one grant: another level, or a level on another thing ("is an admin on
    the billing workspace" / "is a viewer on the analytics workspace"): two facts, never
    one note."""
    mine, theirs = _grants(pair.a), _grants(pair.b)
    if not mine or not theirs or mine & theirs or not _one_holder(pair.a, pair.b):
        return None
    said = " / ".join(f"{a}: {' '.join(sorted(v))}" for a, v in (min(mine), min(theirs)))
    return finding("differing-argument", f"{_versus(pair)}: two grants of access, {said}")


def _grants(an: Analysis) -> frozenset[tuple[str, frozenset[str]]]:
    """The levels of access a statement gives, each with what it is of; read once per
    statement (``Analysis.derived``)."""
    found: frozenset[tuple[str, frozenset[str]]] | None = an.derived.get("grants")
    if found is None:
        found = an.derived["grants"] = frozenset(
            (x.attribute, x.value) for c in an.clauses for x in held(c, an.salient)
            if x.attribute.startswith("access"))
    return found


def _another_role(pair: Pair) -> Finding | None:
    """``another-role`` when one statement has its holder lead a group ("leads the data
    team", "runs the support team"; :data:`LEADING_VERBS`) and the other gives one holder
    a role in that group that is no title of one who leads it ("is an intern on the data
    team", "is a data engineer on the data team"; not "is the data team's lead", "is a
    member of the data team"): two facts, never one note that keeps one of them."""
    found = _role_in_led_group(pair)
    if found is None:
        return None
    group, words = found
    return finding("another-role", (
        f"{_versus(pair)}: leads the {group} and is {' '.join(sorted(words))} in it"))


def _role_in_led_group(pair: Pair) -> tuple[str, frozenset[str]] | None:
    """The group one statement has its holder lead and the words of the role the other
    gives one holder in it that is no title of one who leads it (:func:`_another_role`),
    or None."""
    for x, y in ((pair.a, pair.b), (pair.b, pair.a)):
        for c in x.clauses:
            group = c.arg("obj")
            if (c.predicate not in LEADING_VERBS or c.negated or group is None
                    or not (is_kind_of(group.head, "organization")
                            or is_kind_of(group.head, "undertaking"))):
                continue
            for d in y.clauses:
                role = d.arg("attr")
                if d.predicate != "be" or d.negated or role is None:
                    continue
                title, words = ((d.subject_head, d.subject - role.words)
                                if role.words < d.subject  # "is the data team's lead"
                                else (role.head, role.words))
                if (title == group.head or title in LEADING_TITLES | {"member"}
                        or not is_kind_of(title, "person", any_sense=True)
                        or not _content(c.subject) & d.subject or _two_holders(c, d)):
                    continue
                said = words | {w for z in d.args for w in z.words} | d.subject
                # "is a support agent" of "the support team": a role of its kind of work
                kind = _content(group.words) - {group.head} - c.subject
                if group.head in said or kind & words:
                    return group.head, words - group.words - c.subject
    return None


def _an_occupation(title: Title) -> bool:
    """A title of work: a chief officer, a function headed, or a rank of a job that is a
    role noun or a kind of worker WordNet knows ("a junior marketing assistant", "a
    staff engineer"; not "a junior member of the golf club")."""
    head = title.job.split()[-1] if title.job else ""
    return bool(title.chief or title.function or head in ROLE_NOUNS or any(
        is_kind_of(head, kind) for kind in OCCUPATION_KINDS))


def _titled(an: Analysis, title: Title) -> bool:
    """The statement gives its holder ``title``: a phrase that begins with the title
    ("Senior Product Manager"), a copula either way round ("is VP of Sales", "the VP of Sales is
    Jo"), work as it ("works as a junior assistant"), a rise to it ("was promoted to
    Director") or a function led ("heads the sales team"); not a title of another
    ("reports to the Head of Design", "is hiring a Head of Marketing")."""
    said = {singular(w.lower()) for w in re.findall(r"[A-Za-z]+", title.said)} - {"of", "the"}
    if an.noun_phrase and re.match(rf"(?:an?\s+|the\s+)?{re.escape(title.said)}\b", an.text,
                                   re.I):
        return True  # "Senior Product Manager", "Director of Product since the spring"
    for c in an.clauses:
        if c.negated or c.hypothetical:
            continue
        words = {w for r in _title_roles(c.predicate) if (z := c.arg(r)) is not None
                 for w in z.words}
        if c.predicate == "be":
            words |= c.subject  # "the VP of Sales is Jo"
        if said & words:
            return True
    return False


def _title_roles(predicate: str) -> tuple[str, ...]:
    """The roles of a clause of ``predicate`` that give its subject a title: a copula's
    complement, "as" of work ("works as"), "to" or "as" of a rise ("promoted to", "hired
    as"), the object of a verb of leading ("heads the sales team")."""
    if predicate == "be":
        return ("attr",)
    if predicate in TITLE_WORK_VERBS:
        return ("prep:as",)
    if predicate in BECOME_VERBS:
        return ("prep:to", "prep:as", "attr")
    return ("obj",) if predicate in LEADING_VERBS else ()


def _junior_in_led_group(pair: Pair) -> Finding | None:
    """``other-rank`` where one statement has its holder lead a group and the other gives
    it a role in that group of a rank far below one who leads ("leads the platform team"
    / "is an intern on the platform team", "... a junior developer on it";
    :data:`~reverie.text.vocabulary.titles.RANK_BEFORE` up to "associate"): a senior one
    may lead a team ("a senior engineer on the data team"), a junior one does not."""
    found = _role_in_led_group(pair)
    if found is None:
        return None
    group, words = found
    junior = RANK_BEFORE["associate"]
    low = [w for w in words if RANK_BEFORE.get(w, junior + 1) <= junior]
    if not low or _plain_settings_apart(pair, TITLE_WORDS | words, _became_before):
        return None
    return finding("other-rank", (
        f"{_versus(pair)}: leads the {group} and is {' '.join(sorted(words))} in it"))


def _one_value_two_titles(c: Clause, d: Clause) -> str | None:
    """Two copulas read the other way round (:func:`reverie.judges.nlp._invert_copula`:
    "Kofi is the project's tech lead" as "the project's tech lead is Kofi") giving one
    value two titles of other heads that are neither one noun, synonyms nor one clipped
    ("admin" / "administrator", "lead" / "leader"): the two titles ("tech lead" / "product
    manager"), or None. Two facts, whatever else they share."""
    x, y = c.arg("attr"), d.arg("attr")
    if (c.predicate != "be" or d.predicate != "be" or x is None or y is None
            or x.words != y.words or not x.words <= c.subject or not y.words <= d.subject):
        return None
    first, second = c.subject - x.words, d.subject - y.words
    heads = c.subject_head, d.subject_head
    short, long = sorted(heads, key=len)
    if (_agree(first, second) or (len(short) > 2 and long.startswith(short))
            or one_noun(*heads) or synonyms(*heads)):
        return None
    return f"{' '.join(sorted(first - second))} / {' '.join(sorted(second - first))}"


def _ended_state(pair: Pair, *, done: bool = False) -> Finding | None:
    """``ended-state`` when one statement says its holder ended something ("left Tessel",
    "cancelled Spotify Premium", "after leaving Deloitte"; :data:`ENDING_VERBS`) and the
    other, of one holder, says in an affirmed present clause that it holds ("is the CTO of
    Tessel", "still pays for Spotify Premium"): linked, the note would say both. With
    ``done``, only an end said in the past tense ("sells insurance" is a trade, "when
    summer ends" no end yet)."""
    if not _one_holder(pair.a, pair.b):
        return None
    for ending, holding in ((pair.a, pair.b), (pair.b, pair.a)):
        if _CAME_BACK.search(ending.text):
            continue  # "left Kestrel Air in 2019 but came back in 2022": there again
        for thing in _ended(ending, done=done):
            for d in holding.clauses:
                said = _said(d)
                if (d.negated or d.past or d.hypothetical or thing not in said
                        or (said | {d.predicate}) & _ENDED_WORDS):
                    continue  # "subscription status: cancelled" says the end too
                if done and not _held_as_such(d, thing):
                    continue  # "still holds Google stock", "rents a car", "watches Netflix"
                return finding("ended-state", (
                    f"'{_quote(ending.text)}' ends the {thing} that '{_quote(holding.text)}' "
                    "says holds"))
    return None


def _ended(facts: Analysis, *, done: bool = False) -> list[str]:
    """The heads of what an affirmed clause of ``facts`` says its holder ended: the
    argument of an ending verb (:data:`ENDING_VERBS`), or the words under a preposition
    whose head is one ("after leaving Deloitte"); or what ends of itself, the subject of
    an expiring verb with no argument ("when summer ends"; :data:`EXPIRING_VERBS`). With
    ``done``, only what was ended: by a clause in the past tense, or after or since
    ending it ("now works at Stripe after leaving Deloitte")."""
    ended: list[str] = []
    for c in facts.clauses:
        if c.negated and c.predicate == "continue" and c.past and not c.hypothetical:
            ended += _quit(c)  # "quit Kestrel Air": "continue" denied, in the past
            continue
        if c.negated or c.hypothetical:
            continue
        if c.predicate in EXPIRING_VERBS and c.subject_head and not c.args and not done:
            ended.append(c.subject_head)  # "i love it when summer ends": summer ends
        for x in c.args:
            if (c.predicate in ENDING_VERBS and x.role in ENDING_VERBS[c.predicate]
                    and (c.past or not done)):
                ended.append(x.head)
            # "now works at Stripe after leaving Deloitte": done, whatever the clause's tense
            elif x.role in {"prep:after", "prep:since"} and x.head in ENDING_VERBS:
                ended.extend(sorted(_content(x.words) - {x.head, SELF}))
    return [w for w in ended if w and w != SELF]


def _quit(c: Clause) -> list[str]:
    """What a clause that quit something ended: its object ("quit Kestrel Air"), or where
    a job quit was ("quit her job at Kestrel Air": Kestrel Air)."""
    x = c.arg("obj")
    if x is None:
        return []
    if x.head not in TITLE_WORDS:
        return [x.head]
    return [y.head for y in c.args if y.role in {"prep:at", "prep:with", "prep:for"}]


_HOLDING_PREDICATES = frozenset({"be", "have", "own", "pay", "work", "use", "subscribe",
                                 "study", "attend", "live", "lead", "manage", "run", "employ"})
"""Verbs by which a clause says its holder has, is a member of, or is on a thing ("pays for
Spotify Premium", "works at Tessel", "is a freshman at MIT"); not "rents a car" or "watches
Netflix", which a holder may do after an end."""


def _held_as_such(d: Clause, thing: str) -> bool:
    """``d`` holds ``thing`` itself: a verb of having or membership whose subject says it
    or an argument is headed by it, or a phrase hung on the argument ("the CTO of Tessel"); not
    a thing named after it ("Google stock")."""
    if d.predicate not in _HOLDING_PREDICATES:
        return False
    return thing in d.subject or any(
        x.head == thing or any(slot.startswith("prep:") and thing in v.split()
                               for slot, v in x.mods or ())
        for x in d.args)


def _ended_then_held(pair: Pair) -> Finding | None:
    """``ended-then-held``: one statement says its holder ended something, in the past
    tense ("cancelled Spotify Premium", "graduated from MIT in 2012", "left Tessel"), the
    other that it holds now ("still pays for Spotify Premium", "is a freshman at MIT", "is
    the CTO of Tessel"): both cannot be true now, and the newer says which is."""
    found = _ended_state(pair, done=True)
    return None if found is None else finding("ended-then-held", found.detail)


_DYING_VERBS = frozenset({"die", "pass", "pass away"})
# what one does to someone who died (the object): no sign that they are alive
_OF_THE_DEAD = frozenset({"miss", "remember", "mourn", "honor", "honour", "grieve", "love",
                          "think", "inherit", "bury", "name", "like", "adore", "dream",
                          "cherish", "lose"})
_ONE_OF = ("parent", "grandparent")
"""Kin one has one or two of ("my father", "my grandma"): another of them is no new one."""
_OTHER_PARENTS = ("step", "foster", "adoptive", "godfather", "godmother", "godparent")
"""Words of another parent than the one who died ("my stepdad", "my foster mom")."""


def _dead_then_alive(pair: Pair) -> Finding | None:
    """``dead-then-alive``: one statement says that a parent or grandparent of the holder,
    or someone named, died ("User's father passed away in 2019", "Mateo's parents both
    passed away"), the other that one of them does or undergoes something now or next
    ("my dad is coming to visit next week", "Mateo is driving his dad to the doctor");
    missing, remembering or loving the dead says nothing of the kind. A pet or a brother
    may be another one ("my dog died" / "my dog is a beagle"), so only kin one has one
    of and names are read."""
    for dying, living in ((pair.a, pair.b), (pair.b, pair.a)):
        if any(w.startswith(_OTHER_PARENTS) for w in living.lemmas):
            continue  # "my dad is coming to my graduation!! well my stepdad"
        for c in dying.clauses:
            if c.predicate not in _DYING_VERBS or not c.past or c.negated or c.hypothetical:
                continue
            dead = {w for w in c.subject if w in dying.salient}
            head = c.subject_head
            kin = head if head and any(is_kind_of(head, k) for k in _ONE_OF) else None
            owners = {o for o, noun, _ in dying.possessions if noun == head} or {SELF}
            for d in living.clauses:
                if d.past or d.negated or d.hypothetical or d.predicate in _DYING_VERBS:
                    continue
                objects = () if d.predicate in _OF_THE_DEAD else tuple(
                    x.head for x in d.args if x.role == "obj")
                for who in filter(None, (d.subject_head, *objects)):
                    alive = who in dead or (kin is not None and (
                        who == kin or is_kind_of(who, kin) or is_kind_of(kin, who))
                        and any(is_kind_of(who, k) for k in _ONE_OF)
                        and owners & ({o for o, noun, _ in living.possessions if noun == who}
                                      or {SELF}))
                    if alive:
                        return finding("dead-then-alive", (
                            f"'{_quote(dying.text)}' says {kin or who} died; "
                            f"'{_quote(living.text)}' says {who} {d.predicate}s now"))
    return None


def _said(c: Clause) -> frozenset[str]:
    """Every word of a clause's subject and arguments."""
    return c.subject.union(*(x.words for x in c.args))


def _values(c: Clause, d: Clause, role: str) -> str:
    """Return the words of ``role`` on each side ("monthly / annually")."""

    def words(clause: Clause) -> frozenset[str]:
        if role == "subject":
            return clause.subject
        arg = clause.arg(role)
        return arg.words if arg is not None else frozenset()

    return f"{' '.join(sorted(_content(words(c))))} / {' '.join(sorted(_content(words(d))))}"


def _phrase(arg: Arg) -> str:
    """Return an argument as its preposition and words ("from home")."""
    return f"{arg.role.replace('prep:', '')} {_words(arg)}".strip()


def _other_place(c: Clause, d: Clause) -> tuple[Arg, Arg] | None:
    """One frame said of one place and of another, through other prepositions ("works from
    home" / "works in the office", "works at a bakery" / "works in a restaurant"): not one
    fact, whether or not both can be true. The two places, or None."""
    x = [a for a in c.args if a.role in _PLACES and not _dated(a)]
    y = [a for a in d.args if a.role in _PLACES and not _dated(a)]
    if len(x) != 1 or len(y) != 1 or x[0].role == y[0].role:
        return None
    if c.subject and d.subject and not _agree(c.subject, d.subject):
        return None
    return None if _agree(_content(x[0].words), _content(y[0].words)) else (x[0], y[0])


def _subjects(facts: Analysis) -> frozenset[str]:
    return frozenset().union(*(c.subject for c in facts.clauses)) if facts.clauses else frozenset()


def one_frame(pair: Pair) -> str | None:
    """Say which frame the statements hold with other values, or None: clauses of one
    holder and subject, one polarity and tense, no "also" and no other scope, whose
    predicates are one (or WordNet synonyms) with a real difference of an argument (one
    value at a time, or something beside the subject agreeing), or one of which holds one
    value at a time with values of one kind (:func:`~reverie.judges.lexicon.one_kind`;
    "is a teacher" / "works as a cook"). Only such a pair may be a contradiction by the
    NLI model: SNLI calls two unrelated scenes a contradiction; two facts of one person
    are not one."""
    if pair.cosine < NLI_SIMILARITY:
        return None
    for c in pair.a.clauses:
        for d in pair.b.clauses:
            if (c.negated != d.negated or c.past != d.past or c.additive or d.additive
                    or _may_and_does(c, d)):
                continue
            if not (c.subject and d.subject and _agree(c.subject, d.subject)):
                continue
            if _two_things(c, d):
                continue  # "i'm a nurse" / "my husband is a firefighter"
            if _other_scope(c, d):
                continue
            same = c.predicate == d.predicate or synonyms(c.predicate, d.predicate, "v")
            if same and not (_thing_unsaid(c, d, pair.a, pair.b)
                             or _thing_unsaid(d, c, pair.b, pair.a)):
                # "Marco is in the Berlin office" / "Marco's main codebase is billing-svc":
                # one holder, and a thing of his the other never mentions
                # "only" makes a frame one value at a time for the rules, which check
                # the values' kinds: not for the model ("has only one admin" / "has
                # twelve seats")
                real = replace(_align(c, d), only=False).real()
                if real and real[0].role not in _SCOPES \
                        and (c.predicate, real[0].role) not in SEVERAL_FRAMES \
                        and not _restricted_apart(
                        c, d, real[0].role) and not _one_of_several(c, d, real[0].role) \
                        and not _for_one_only(c, d, real[0].role) \
                        and not _for_one_only(d, c, real[0].role) \
                        and not _two_sorts_of_person(c, d, real[0].role) \
                        and not _people_and_place(c, d, real[0].role) \
                        and not _property_and_kind(c, d, real[0].role):
                    role = real[0].role
                    return f"one '{c.predicate}' with another {role.replace('prep:', '')}"
            if (_one_value(c) or _one_value(d)) and _sometimes(c) == _sometimes(d):
                # "is an accountant" / "volunteers as a coach on Saturdays": a role for
                # some days only stands beside the main one
                if _one_of_several(c, d, "attr"):
                    continue  # "a member of the chess club" / "a citizen of Norway"
                kind = _values_of_one_kind(c, d)
                if kind is not None:
                    return f"'{c.predicate}' / '{d.predicate}' with {kind}"
    return None


def _sometimes(c: Clause, *values: Arg) -> bool:
    """The clause says on which days of the week, at which times of day or in which
    seasons it holds ("on Saturdays", "at weekends", "in the evenings", "during summer"):
    an argument besides its ``values``, or a phrase hung on one of them ("as a bartender
    on weekends")."""
    return any(((x.role.startswith("prep:") and x.words & _SOME_TIMES)
                or (x.role == "obj" and x.words and x.words <= _PARTS_OF_THE_YEAR
                    and c.predicate != "like"))  # "spends winters", not "hates winter"
               and x not in values for x in c.args) or any(
        slot.startswith("prep:") and set(words.split()) & _SOME_TIMES
        for x in values for slot, words in x.mods or ())


def _one_value(c: Clause) -> bool:
    """The clause's frame holds one value at a time: a copula ("is a teacher"), a
    preference or a favorite."""
    return c.predicate == "be" or c.exclusive


def _other_scope(c: Clause, d: Clause) -> bool:
    """Both clauses say what they are for, and not the same ("for calls" / "for meetings")."""
    for role in _SCOPES:
        x, y = c.arg(role), d.arg(role)
        if x is not None and y is not None and not _agree(x.words, y.words):
            return True
    return False


def _values_of_one_kind(c: Clause, d: Clause) -> str | None:
    """Two argument heads, not dates or scopes, that differ, are no synonyms and name one
    kind of thing, but two sorts of person (:func:`_two_sorts_of_person`)."""
    for x in c.args:
        for y in d.args:
            if x.head == y.head or x.role in _SCOPES or y.role in _SCOPES:
                continue
            if x.role == y.role and _two_sorts_of_person(c, d, x.role):
                continue
            if {x.role, y.role} == {"attr", "prep:as"} and _sorts_of_person_apart(x, y):
                continue  # "is employed as a chef" / "is a keen cyclist"
            if _dated(x) or _dated(y) or not x.head or not y.head:
                continue
            if one_kind(x.head, y.head) and not _synonymous(x.head, y.head):
                return f"{x.head} / {y.head}"
    return None


def shared_topic(a: Analysis, b: Analysis) -> frozenset[str]:
    """Content words both statements use outside their subjects ("Pied Piper's Business
    plan costs ..." and "Reps at Pied Piper quote annual plans" share only who they are
    about)."""
    # the holder ("the customer") is who they are about even where the parse missed the
    # subject ("The customer bills in euros" read as a compound noun)
    return (a.content & b.content) - _subjects(a) - _subjects(b) - SELF_WORDS


def same_fact(pair: Pair) -> Finding | None:
    """Return the link finding when the statements state one fact, else None (see _link)."""
    found = _link(pair)
    return found if found.rule.startswith("link-") else None


def apart(pair: Pair) -> Finding | None:
    """Return why the statements are not one fact (too far apart, a clash), or None."""
    found = _link(pair)
    return None if found.rule.startswith("link-") else found


def _link(pair: Pair) -> Finding:
    """Return the finding deciding :func:`same_fact`: a ``link-*`` rule, or why not."""
    # one fact: no clash, and a cosine at least LINK_SIMILARITY with a content word in common
    # besides subjects, or at least ALONE_SIMILARITY (a paraphrase in other words)
    cosine = f"cosine {pair.cosine:.2f}"
    if pair.cosine < LINK_SIMILARITY:
        return finding("below-link-similarity", f"{_versus(pair)}: {cosine} < {LINK_SIMILARITY}")
    shared = shared_topic(pair.a, pair.b)
    if pair.cosine < ALONE_SIMILARITY and not shared:
        return finding("no-shared-word", (
            f"{_versus(pair)}: {cosine} < {ALONE_SIMILARITY} and no word in common "
            "besides their subjects"))
    found = (clash(pair) or _model_veto(pair) or _swap_veto(pair) or _attribute_veto(pair)
             or _opposite_words(pair))
    if found is not None:
        return found
    if shared:
        return finding("link-shared-word", (
            f"{_versus(pair)}: {cosine} >= {LINK_SIMILARITY}, both say "
            f"{', '.join(sorted(shared))}"))
    return finding("link-paraphrase", f"{_versus(pair)}: {cosine} >= {ALONE_SIMILARITY}")


def _swap_veto(pair: Pair) -> Finding | None:
    """``swapped-values`` when one holder's two statements differ by a word or two, one
    of them another kind of the same thing ("miles" / "kilometers") or its opposite
    ("open" / "closed"): linked, the two values would stand side by side in one note."""
    if not _one_holder(pair.a, pair.b):
        return None
    x, y = _differing_lemmas(pair.a, pair.b)
    kin = next(((u, v) for u in sorted(x) for v in sorted(y)
                if (siblings(u, v) or one_kind(u, v)
                    or (opposite(u, v) and _denied(pair.a, u) == _denied(pair.b, v)))
                and not _one_frame(u, v) and not (_clips(u, v) or _clips(v, u))),
               None) if _swap(x, y) else None
    if kin is None:
        kin = swapped_words(pair.a.text, pair.b.text)
    if kin is None:
        return None
    return finding("swapped-values", (
        f"{_versus(pair)}: {kin[0]} / {kin[1]}, another value in place of a word"))


_FRAME_VERBS = tuple(frozenset(verb for verb, _ in frames)
                     for frames in (RESIDENCE_FRAMES, ORIGIN_FRAMES, EMPLOYER_FRAMES))


def _one_frame(u: str, v: str) -> bool:
    """Two verbs that say one attribute ("is based in" / "lives in": where one lives), no
    two values of it."""
    return any(u in verbs and v in verbs for verbs in _FRAME_VERBS)


def _swapped_span(a: str, b: str) -> tuple[list[str], list[str]] | None:
    """The words each text has in place of the other's where the two read word for word
    alike, but for a word or two on each side (auxiliaries aside): a shared beginning (the
    holder, the setting) and, with what follows, two words or more in common. None
    otherwise: a key said once as "Manager:" and once as "reports to" shares no
    beginning."""
    x, y = _WORD.findall(a.lower()), _WORD.findall(b.lower())
    start = 0
    while start < min(len(x), len(y)) and x[start] == y[start]:
        start += 1
    end = 0
    while end < min(len(x), len(y)) - start and x[-1 - end] == y[-1 - end]:
        end += 1
    mine = [w for w in x[start:len(x) - end] if w not in _AUXILIARIES]
    theirs = [w for w in y[start:len(y) - end] if w not in _AUXILIARIES]
    if not (1 <= len(mine) <= _SWAP and 1 <= len(theirs) <= _SWAP) or start < 1 or (
            start + end < 2):
        return None
    return mine, theirs


def swapped_words(a: str, b: str) -> tuple[str, str] | None:
    """The words put in place of others where two statements read word for word alike
    but for a word or two on each side ("auto-renew is on" / "... is off", "seat
    preference: window" / "... aisle"), neither a synonym, a kind of the other, a number
    or a negation: another value said in the same sentence. None otherwise."""
    found = _swapped_span(a, b)
    if found is None:
        return None
    mine, theirs = found
    if (set(mine) <= FILLER or set(theirs) <= FILLER) and not any(
            opposite(u, v) for u in mine for v in theirs):
        return None  # "works for the navy" / "works in the navy"; not "is on" / "is off"
    often = _how_often(mine)
    if often is not None and often == _how_often(theirs):
        return None  # "monthly" / "every month", "per month"
    for u in mine:
        for v in theirs:
            if _numeric(u) and _numeric(v):
                return None  # two figures: the rules of numbers and counts judge them
            if _not_a_value(u) or _not_a_value(v) or _short_form(u, v):
                return None
            if any(_synonymous(p, q) or is_kind_of(p, q) or is_kind_of(q, p)
                   or _one_frame(p, q) for p in _forms(u) for q in _forms(v)):
                return None
    return " ".join(mine), " ".join(theirs)


def _how_often(words: list[str]) -> str | None:
    """The frequency a few words say: "monthly", "every month", "per month", "once a
    month" are all monthly; None for other words."""
    rest = [w for w in words if w not in RECURRENCE_WORDS | {"once", "a"}]
    if len(rest) != 1:
        return None
    word = rest[0]
    if len(rest) < len(words) and word.removesuffix("s") in RECURRING:
        word = RECURRING[word.removesuffix("s")]
    return FREQUENCIES.get(word)


def _not_a_value(word: str) -> bool:
    """A negation or an attitude verb: swapped, the rules of polarity and attitudes judge
    it ("hates" / "can't stand", "adores" / "likes"). A number put in place of a word is
    another value ("on the third floor" / "on the ground floor")."""
    return (word in _NEGATIONS or word.endswith("n't")
            or any(f in _ATTITUDES for f in _forms(word)))


def _short_form(u: str, v: str) -> bool:
    """One word is a short form of the other: its letters in order, the first letter the
    same ("sr" / "senior", "mgr" / "manager"), or clipped ("admin" / "administrator")."""
    short, long = sorted((u, v), key=len)
    if _clips(short, long):
        return True
    if len(short) > 4 or len(long) <= len(short) or short[0] != long[0]:
        return False
    rest = iter(long)
    return all(ch in rest for ch in short)


def _forms(word: str) -> tuple[str, ...]:
    """The word and the stems an inflection may hide ("answers" -> "answer", "boxes" ->
    "box", "replies" -> "reply", "approved" -> "approve", "stopped" -> "stop", "living" ->
    "live"): the forms WordNet may file it under."""
    forms = [word]
    if (verb := verb_of(word)) != word:
        forms.append(verb)  # "lives" / "is living": one verb, not another value
    if word.endswith(("ies", "ied")) and len(word) > 4:
        forms.append(word[:-3] + "y")  # "replies" -> "reply", "applied" -> "apply"
    if word.endswith("es") and len(word) > 4:
        forms.append(word[:-2])
    if word.endswith("s") and len(word) > 3:
        forms.append(word[:-1])
    if word.endswith("ed") and len(word) > 4:
        forms += [word[:-1], word[:-2]]
        if word[-3] == word[-4]:
            forms.append(word[:-3])
    return tuple(forms)


def _opposite_words(pair: Pair) -> Finding | None:
    """``opposite-words`` when one holder's statements of one polarity each say a word the
    other lacks and WordNet opposes ("public" / "private", "junior" / "senior"): linked,
    the two would stand side by side in one note. A denial of the opposite ("not long" /
    "short") is one fact, so the polarity must agree."""
    if not _one_holder(pair.a, pair.b):
        return None
    x, y = _differing_lemmas(pair.a, pair.b)
    kin = next(((u, v) for u in sorted(x) for v in sorted(y)
                if not _numeric(u) and not _numeric(v) and opposite(u, v)
                and _denied(pair.a, u) == _denied(pair.b, v)), None)
    if kin is None:
        return None
    return finding("opposite-words", f"{_versus(pair)}: {kin[0]} / {kin[1]}")


def _denied(facts: Analysis, word: str) -> bool:
    """``word`` is said in a negated clause (the first clause that says it; the
    statement's negations where no clause does): "private and not visible" affirms
    "private"."""
    for c in facts.clauses:
        if word in _said(c):
            return c.negated
    return facts.negations % 2 == 1


def _numeric(word: str) -> bool:
    """A number in figures ("1st", "20") or a number word: "one" / "first" are
    antonyms in WordNet (cardinal / ordinal), not two values."""
    return any(ch.isdigit() for ch in word) or word in _NUMERIC


def _attribute_veto(pair: Pair) -> Finding | None:
    """``other-attribute-values`` when the statements give two values of one attribute
    held one at a time, whoever holds them ("Sam's project is finished" / "the project
    redesign is still in progress"): linked, they would stand side by side in one note,
    whether they contradict or speak of two holders the parse could not tell apart."""
    theirs = _holding(pair.b)
    for _, x in _holding(pair.a):
        for _, y in theirs:
            if _two_values(x, y, pair):
                return finding("other-attribute-values", (
                    f"{_versus(pair)}: {x.attribute} {_phrase(x.arg)} / {_phrase(y.arg)}"))
    return None


def _differing_lemmas(a: Analysis, b: Analysis) -> tuple[frozenset[str], frozenset[str]]:
    """The words each statement has and the other lacks, light verbs aside."""
    return a.lemmas - b.lemmas - _LIGHT_VERBS, b.lemmas - a.lemmas - _LIGHT_VERBS


def _swap(x: frozenset[str], y: frozenset[str]) -> bool:
    """``x`` and ``y`` (:func:`_differing_lemmas`) are a word or two on each side, none a
    synonym of one on the other side."""
    return (bool(x and y) and len(x) <= _SWAP and len(y) <= _SWAP
            and not any(_synonymous(u, v) for u in x for v in y))


def _swapped(a: Analysis, b: Analysis) -> bool:
    """The statements differ by a word or two put in place of others, one of them another
    kind of the same thing (WordNet siblings, :func:`~reverie.judges.lexicon.siblings`)
    or its opposite (:func:`~reverie.judges.lexicon.opposite`) and none a synonym:
    "every morning" / "every evening", "the first of the month" / "the last day of the
    month", "left-handed" / "right-handed" -- another value, however close the sentences
    are; one word for one other that is no synonym ("upstairs" /
    "downstairs"); or only a preposition of one frame ("before noon" / "after noon"). A
    rephrasing changes words for others of no such kind ("requires Conventional Commits
    style" / "must follow the Conventional Commits format")."""
    x, y = _differing_lemmas(a, b)
    if _swap(x, y):
        return len(x) == len(y) == 1 or any(
            siblings(u, v) or opposite(u, v) for u in x for v in y)
    if x or y:
        return False
    for c in a.clauses:
        for d in b.clauses:
            if c.predicate == d.predicate:
                xs = {r.role: r.words for r in c.args if r.role.startswith("prep:")}
                ys = {r.role: r.words for r in d.args if r.role.startswith("prep:")}
                if xs.keys() != ys.keys() and sorted(xs.values()) == sorted(ys.values()):
                    return True
    return False


def _said_otherwise(word: str, a: Analysis, b: Analysis) -> bool:
    """``a`` says ``b``'s ``word`` with a WordNet synonym ("answers" for "responses");
    never a name, number or id of ``b`` (those must be there as they are)."""
    if word in b.salient:
        return False
    return any(_synonymous(word, w) for w in a.content - a.salient)


def _synonymous(u: str, v: str) -> bool:
    """WordNet synonyms as nouns or as verbs (the analysis keeps no part of speech)."""
    return synonyms(u, v, "n") or synonyms(u, v, "v")


def absorbs(pair: Pair) -> Finding | None:
    """Return the absorption finding when ``pair.a`` says all ``pair.b`` says, else None."""
    found = absorption(pair)
    return found if kind_of(found) == "absorption" else None


def not_absorbed(pair: Pair) -> Finding | None:
    """Return why ``pair.a`` does not say everything ``pair.b`` says, or None when it does."""
    found = absorption(pair)
    return None if kind_of(found) == "absorption" else found


_OWNING = frozenset({"have", "own"})  # a thing had: a fact of its own ("Lena has a cat")


def _had_too(an: Analysis, c: Clause) -> bool:
    """A clause of ``an`` says had what ``c`` says is had (its object's head): "has a
    cat named Miso" says "has a cat"; "is allergic to cats" (had: an allergy) does not."""
    had = {x.head for x in c.args if x.role == "obj"}
    return any(d.predicate in _HAVING_THINGS and any(x.head in had for x in d.args)
               for d in an.clauses)


def absorption(pair: Pair) -> Finding:
    """Return the finding deciding :func:`absorbs` (an ``absorption`` rule, or why not).

    ``pair.a`` says everything ``pair.b`` says
    when it is the same text, or: the same fact at cosine at least ``ABSORB_SIMILARITY``;
    every salient token of ``b`` (numbers, names, ids, dates) in ``a``, by this module's
    reading and by the dream's merge guard
    (:func:`~reverie.text.salient.dropped_tokens`); a negation of ``b`` matched
    by one in ``a``; and at least ``COVERAGE`` of ``b``'s content words (light verbs
    aside) in ``a`` (or a WordNet synonym of them: "answers" says "responses") with at
    most one missing, or a cosine of at least
    ``PARAPHRASE_SIMILARITY``. (Half the words at a lower cosine was tried: "Jo works from
    home" was then absorbed by "Jo works in the office", the missing word being the value.)"""
    a, b = pair.a, pair.b
    says = f"'{_quote(a.text)}' says '{_quote(b.text)}'"
    cosine = f"cosine {pair.cosine:.2f}"
    if a.text == b.text:
        return finding("identical", f"'{_quote(a.text)}' twice")
    if pair.cosine < ABSORB_SIMILARITY:
        return finding("below-absorb-similarity",
                       f"{_versus(pair)}: {cosine} < {ABSORB_SIMILARITY}")
    found = clash(pair) or _model_veto(pair)
    if found is not None:
        return found
    unsaid = sorted(
        s for s in b.salient if not (s in a.salient or _mentions(a.text, s) or _dates_month(a, s)))
    if unsaid:
        return finding("salient-missing",
                       f"'{_quote(a.text)}' lacks {', '.join(unsaid)} of '{_quote(b.text)}'")
    if a.clauses and b.clauses and _two_holders(a.clauses[0], b.clauses[0]):
        return finding("holder-apart", _holders_said(pair))
    dropped = dropped_tokens([b.text], a.text)  # what the dream's merge guard checks
    if dropped:
        return finding("dropped-token",
                       f"'{_quote(a.text)}' drops {', '.join(dropped)} of '{_quote(b.text)}'")
    if _swapped(a, b):
        return finding("swapped-value", f"{_versus(pair)}: another value in place of a word")
    if _then_and_now(a, b):
        return finding("then-and-now", (
            f"{_versus(pair)}: one says what held before, the other what holds now"))
    if b.negations and not a.negations:
        return finding("negation-missing",
                       f"'{_quote(b.text)}' is negated, '{_quote(a.text)}' is not")
    if pair.cosine >= PARAPHRASE_SIMILARITY:
        return finding("absorbs-paraphrase", f"{says}: {cosine} >= {PARAPHRASE_SIMILARITY}")
    if b.clauses and b.clauses[0].predicate in _OWNING and not _had_too(a, b.clauses[0]):
        return finding("words-missing", (
            f"'{_quote(a.text)}' does not say what '{_quote(b.text)}' says is had"))
    said = b.content - _LIGHT_VERBS
    if not said:
        return finding("absorbs-no-content", f"{says}: it says nothing beyond light verbs")
    missing = {w for w in said - a.content if not _said_otherwise(w, a, b)}
    share = 1 - len(missing) / len(said)
    if len(missing) <= 1 and share >= COVERAGE:
        return finding("absorbs-words", f"{says}: {share:.0%} of its words" + (
            f", all but {', '.join(sorted(missing))}" if missing else ""))
    return finding("words-missing", (
        f"'{_quote(a.text)}' lacks {', '.join(sorted(missing))} of '{_quote(b.text)}' "
        f"({share:.0%} said)"))
