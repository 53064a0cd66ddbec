"""Statements of memory notes: splitting, normalizing and comparing them by rule.

A note is split into statements (sentences, and clauses joined by ";"). Each
statement is reduced to :class:`StatementFacts`: a *main claim* and its *asides*.
A claim has *content words* (lowercased, punctuation stripped, lightly stemmed,
mapped through a small synonym table typical of agent memories --
"likes"/"wants"/"prefers" -> ``prefer``, "short"/"brief"/"to the point" ->
``concise``, "replies"/"responses" -> ``answer``, "written in" -> ``use``,
"managed with"/"handled by" -> ``manage`` -- with stopwords, reporting verbs
("said", "mentioned") and the subject words "user"/"customer"/"client" dropped),
a *polarity* (an odd number of "not", "never", "no longer", "neither", "without",
or a negative verb such as "dislikes" = not prefer) and *values*: words from
small closed sets (units, themes, languages, databases, package managers, clouds,
currencies, channels, chat tools, video tools, shipping carriers, CRMs, issue
trackers, help desks, weekdays, time zones, ...), numbers keyed by the word after
them ("$5,000" -> 5000 usd, "12 engineers") or, right after a tool, as its
version ("Python 3.12" -> python version 3.12), ISO dates and clock times. The
date of a vague phrase anchored to its note ("years before 2026-03-15", "shortly
before ...", "a few days after ...": "years ago", "recently", "in a few days" made
absolute) says when the note was written, not when something happened: it is
neither a value nor a word, so two notes saying "recently" a month apart restate
each other (the merged note keeps one of the two anchors) instead of conflicting.

Negation scope (:func:`analyze`): a negation governs the main claim only when it
sits in the main clause ("does not use X", "never uses X", "no longer uses X",
"doesn't prefer X", "dislikes X"). A clause that negates another object is an
*aside* with its own polarity: one starting after a comma with "no"/"not"/
"never"/"without"/"nor" (", no long explanations", ", not MySQL"), "without" or
"nor" after some content ("concise replies without long explanations"),
"not"/"no"/"never" between two values of one kind ("Postgres not MySQL") or
"not" between a noun-like word and a non-verb ("answers not verbose"); "never"
and "no longer" after a noun negate the predicate ("the team never deploys on
Fridays anymore", "the team no longer deploys ..."). After a negated
main clause, ", only X" / ", X only" / ", but X" / ", always X" is a positive
aside ("doesn't use MySQL, only Postgres"). An aside inherits the main claim's
words before its first value ("prefers", "Cleo's backend uses"), so ", not MySQL"
after "Uses Postgres" reads "does not use MySQL". Capitalized possessors
("Cleo's", "Dan's") are the statement's *owners*: weak words, and two statements
whose owners are both given and disjoint ("Dana's budget", "Bob's budget") are
never similar nor about the same subject.

Similarity rule (:func:`similar_statements`, main claims only): same polarity,
compatible owners, no value conflict (:func:`value_conflicts`: both give a value
of the same kind and neither value set contains the other), and a weighted
Jaccard index of content words of at least ``SIMILARITY_THRESHOLD`` (0.6); the
light verbs ``prefer``/``use``/``need``/``manage`` and owners weigh 0.5, every
other word 1. Statements without content words are similar only when their plain
texts are equal. :func:`restates` is the asymmetric form used to drop a
duplicate: ``s`` is restated by ``t`` iff *every* claim of ``s`` (main and
asides) is restated by some claim of ``t``; a claim ``c`` is restated by ``d``
iff they are similar and ``c`` is not strictly more specific (its words are not a
strict superset of ``d``'s), or by *containment*: ``c`` names a value, ``d`` holds
all of ``c``'s words except owners and the verbs use/manage, adds a value of its
own, with the same polarity and no value conflict ("dependencies are handled by
Poetry" is restated by "Cleo's project uses Python 3.12 with Poetry for
dependencies"). So "prefers dark mode in the IDE" is never folded into "prefers
dark mode", and "prefers concise answers, no long explanations" is never folded
into "prefers concise answers". :func:`same_subject` compares the words left once
value words are removed: compatible owners, and weighted Jaccard at least
``SUBJECT_THRESHOLD`` (0.5), or both empty, or every full-weight word of the
smaller side (at least two) found in the larger ("Dan's budget for the pilot" and
"Dan said the pilot budget ... after the finance review").

Limits: this is word matching, not understanding. Paraphrases that share few
words ("Customer measures in kilograms" vs "uses the metric system") or rely on
synonyms outside the table are not recognized as duplicates; words the table
maps together can be wrongly merged ("like" as a preposition reads as
"prefer"). Negation scope comes from commas and a few cue words, not a parse:
"answers that are not verbose" negates the whole main claim, "prefers Python
over Java" and "email rather than calls" are not negations at all, and a
negation after a word that looks like a noun ("Slack not used") is taken as the
predicate's only when the next word looks like a verb. An aside inherits only
the main claim's words before its first value. Containment can fold a general
statement into a longer one that shares its words and adds a value ("uses
Postgres" into "production database is Postgres 16"), and the subject
containment rule can take a qualifier of the longer statement ("budget for
Berlin") as mere context. Owners are recognized only as capitalized "X's".
Values are recognized only from the closed sets listed below, so an unknown
product name is an ordinary word. Tools of different kinds are different kinds of
value, so tools that coexist do not conflict ("uses Slack" / "uses Zoom", "Jira" /
"Zendesk", "email" / "Slack"), but neither does a tool of two kinds with another
("Teams" is a chat tool only: "Teams" / "Zoom" for calls is missed); "UPS" and
"Linear" are values only as written so ("follow-ups", "linear pricing" are words,
and "Linear" opening a sentence is missed). A number is keyed only by the word right
after it or the tool right before it; light stemming conflates some unrelated
words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

SIMILARITY_THRESHOLD = 0.6
NUMBER = "number"
SUBJECT_THRESHOLD = 0.5
LIGHT_WEIGHT = 0.5

# ----------------------------------------------------------------------------- tables


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_STOPWORDS = frozenset(
    _words(
        """a an the and or but nor so if then than that which who whom whose what when where
        how why this these those it its they them their theirs he him his she her hers we us
        our ours you your yours i me my mine is are was were be been being am do does did
        doing has have had having will would shall should can could may might must in on at
        for to of with by from about as into onto over under via per up out off also just
        really very always usually generally typically often strongly definitely please all
        any some more most much many such there here now currently still only even too quite
        rather etc eg ie user users customer customers client clients buyer prospect
        someone everyone yes ok okay based located situated whether both either each anymore
        again anyway yet though although instead even one ones said says told mentioned noted
        confirmed reported stated according"""
    )
)
_NEGATIONS = frozenset(_words("not no never neither without none cannot nobody nothing nor"))
# a clause starting with one of these after a comma (or "without"/"instead of" anywhere after
# some content) negates only its own object: it is an aside, not the statement's predicate
_ASIDE_CUES = frozenset(_words("no not never without nor"))
_ANYWHERE_CUES = frozenset(_words("without nor"))
_CONNECTORS = frozenset(_words("and but or yet also though although so"))
# after a negated main clause, ", only X" / ", but X" / ", always X" is a positive aside
_CONTRAST = frozenset(_words("only just always instead rather but"))
_NOT_OWNERS = frozenset(_words("it that what here there he she let who where how everyone"))
_NEGATION_STEMS = frozenset({"stop", "quit"})

# canonical word -> surface words; every inflection is matched through the stemmer
_SYNONYMS: Mapping[str, str] = {
    "prefer": "prefer like love want wish favor favour enjoy keep",
    "use": "use used using utilize utilise rely run employ",
    "need": "need require requirement",
    "manage": "manage handle",
    "answer": "answer response respond reply",
    "meet": "meet meeting sync standup",
    "timezone": "timezone tz",
    "theme": "theme mode",
    "unit": "unit measurement",
    "example": "example sample",
    "price": "price pricing cost",
    "renew": "renew renewal",
    "contract": "contract agreement",
    "editor": "editor ide",
    "format": "format formatting",
    "notify": "notify notification alert",
}
# surface word -> canonical word that also flips polarity ("dislikes" = not prefer)
_NEGATIVE_VERBS: Mapping[str, str] = {
    "dislike": "prefer",
    "hate": "prefer",
    "detest": "prefer",
    "avoid": "prefer",
    "disable": "enable",
    "deactivate": "enable",
    "forbid": "allow",
    "forbidden": "allow",
    "prohibit": "allow",
    "disallow": "allow",
    "ban": "allow",
    "unsubscribe": "subscribe",
}
_POSITIVE_VERBS: Mapping[str, str] = {
    "enable": "enable",
    "activate": "enable",
    "allow": "allow",
    "permit": "allow",
    "subscribe": "subscribe",
}

_WEEKDAY_NAMES = "monday tuesday wednesday thursday friday saturday sunday"
_MONTHS = "january february march april maymonth june july august september october november"
_MONTHS += " december"
_SPOKEN = "english spanish german french italian portuguese dutch japanese chinese korean"
_SPOKEN += " arabic hindi russian polish swedish"
_COUNTRIES = "germany france spain italy canada mexico brazil japan india australia"
_COUNTRIES += " netherlands uk usa ireland sweden poland"

# kind -> canonical value -> surface words (exact, lowercase, after phrase rewriting)
_VALUE_SETS: Mapping[str, Mapping[str, str]] = {
    "units": {
        "metric": "metric kilometers kilometres km kg kilograms meters metres centimeters cm",
        "imperial": "imperial miles mile feet foot inches lbs lb yards ounces oz",
    },
    "temperature": {"celsius": "celsius centigrade", "fahrenheit": "fahrenheit"},
    "theme": {"light": "light", "dark": "dark"},
    "formality": {"formal": "formal", "informal": "informal casual"},
    "length": {
        "concise": "concise concisely short shorter brief briefly succinct terse brevity",
        "detailed": "detailed detail long longer lengthy verbose thorough comprehensive "
        "elaborate indepth extensive",
    },
    "time of day": {
        "morning": "morning mornings",
        "afternoon": "afternoon afternoons",
        "evening": "evening evenings",
        "night": "night nights",
    },
    "indentation": {"tabs": "tabs tab", "spaces": "spaces"},
    "programming language": {
        "python": "python",
        "java": "java",
        "javascript": "javascript js",
        "typescript": "typescript ts",
        "go": "golang",
        "rust": "rust",
        "ruby": "ruby",
        "php": "php",
        "kotlin": "kotlin",
        "swift": "swiftlang",
        "scala": "scala",
        "c++": "cpp",
        "c#": "csharp",
        "elixir": "elixir",
        "haskell": "haskell",
    },
    "database": {
        "postgres": "postgres postgresql psql",
        "mysql": "mysql",
        "mariadb": "mariadb",
        "mongodb": "mongodb mongo",
        "sqlite": "sqlite",
        "dynamodb": "dynamodb",
        "cassandra": "cassandra",
        "elasticsearch": "elasticsearch",
        "oracle": "oracle",
        "sql server": "mssql",
        "snowflake": "snowflake",
        "bigquery": "bigquery",
        "clickhouse": "clickhouse",
    },
    "cache": {"redis": "redis", "memcached": "memcached", "valkey": "valkey"},
    "package manager": {
        name: name for name in _words("poetry pip pipenv conda uv npm yarn pnpm maven gradle cargo")
    },
    "cloud": {"aws": "aws", "gcp": "gcp", "azure": "azure"},
    "currency": {
        "usd": "usd dollar dollars",
        "eur": "eur euro euros",
        "gbp": "gbp sterling",
        "jpy": "jpy yen",
        "chf": "chf",
        "cad": "cad",
        "aud": "aud",
        "inr": "inr rupees",
    },
    "channel": {
        "email": "email emails",
        "phone": "phone calls telephone phonecall",
        "sms": "sms texts",
        "whatsapp": "whatsapp",
    },
    # tools of different kinds coexist ("uses Slack" and "uses Zoom"): one kind each
    "chat tool": {
        "slack": "slack",
        "teams": "msteams",
        "discord": "discord",
        "mattermost": "mattermost",
        "google chat": "googlechat",
    },
    "video tool": {
        "zoom": "zoom",
        "google meet": "googlemeet",
        "webex": "webex",
        "gotomeeting": "gotomeeting",
    },
    "shipping carrier": {
        "dhl": "dhl",
        "ups": "upscarrier",
        "fedex": "fedex",
        "usps": "usps",
        "dpd": "dpd",
        "royal mail": "royalmail",
        "canada post": "canadapost",
    },
    "crm": {
        "salesforce": "salesforce",
        "hubspot": "hubspot",
        "pipedrive": "pipedrive",
        "zoho": "zoho",
    },
    "issue tracker": {"jira": "jira", "linear": "lineartracker", "youtrack": "youtrack"},
    "help desk": {"zendesk": "zendesk", "freshdesk": "freshdesk", "servicenow": "servicenow"},
    "operating system": {"windows": "windows", "macos": "macos mac osx", "linux": "linux"},
    "editor": {
        "vim": "vim neovim",
        "emacs": "emacs",
        "vscode": "vscode",
        "intellij": "intellij",
        "pycharm": "pycharm",
    },
    "weekday": {day: f"{day} {day}s" for day in _words(_WEEKDAY_NAMES)},
    "month": {month: month for month in _words(_MONTHS)},
    "spoken language": {lang: lang for lang in _words(_SPOKEN)},
    "country": {country: country for country in _words(_COUNTRIES)},
    "time zone": {
        "pacific": "pst pdt pacifictime",
        "eastern": "est edt easterntime",
        "central": "cst cdt centraltime",
        "mountain": "mst mdt mountaintime",
        "utc": "utc gmt zulu",
        "cet": "cet cest centraleuropeantime",
        "eet": "eet eest",
        "ist": "ist",
        "jst": "jst",
        "aest": "aest aedt",
        "sgt": "sgt",
    },
}

# multi-word phrases rewritten before tokenizing (lowercased text)
_PHRASES: tuple[tuple[str, str], ...] = (
    (r"\bno\s+longer\b", " never "),
    (r"\bwith\s+no\b", " without "),
    (r"\b(?:written|built|implemented|coded|developed)\s+(?:in|with)\b", " use "),
    (r"\b(?:straight\s+)?to[\s-]+the[\s-]+point\b", " concise "),
    (r"\b(?:without|no)\s+(?:fluff|filler|padding|rambling)\b", " concise "),
    (r"\bin[\s-]+depth\b", " indepth "),
    (r"\bwould\s+rather\b", " prefer "),
    (r"\bwould\s+like\b", " prefer "),
    (r"\bworks?\s+(?:with|in)\b", " use "),
    (r"\bworking\s+(?:with|in)\b", " use "),
    (r"\bopted\s+out\b|\bopts?\s+out\b", " not optin "),
    (r"\bopted\s+in\b|\bopts?\s+in\b", " optin "),
    (r"\bturned\s+off\b|\bturns?\s+off\b|\bswitched\s+off\b", " not enable "),
    (r"\bturned\s+on\b|\bturns?\s+on\b|\bswitched\s+on\b", " enable "),
    (r"\b(metric|imperial)\s+system\b", r" \1 unit "),
    (r"\btime\s+zone\b", " timezone "),
    (r"\bpacific\s+time\b", " pacifictime "),
    (r"\beastern\s+time\b", " easterntime "),
    (r"\bcentral\s+european\s+time\b", " centraleuropeantime "),
    (r"\bcentral\s+time\b", " centraltime "),
    (r"\bmountain\s+time\b", " mountaintime "),
    (r"\bamazon\s+web\s+services\b", " aws "),
    (r"\bgoogle\s+cloud(?:\s+platform)?\b", " gcp "),
    (r"\bsql\s+server\b", " mssql "),
    (r"\bms\s+teams\b|\bmicrosoft\s+teams\b", " msteams "),
    (r"\bgoogle\s+meet\b|\bgoogle\s+hangouts\s+meet\b", " googlemeet "),
    (r"\bgoogle\s+chat\b", " googlechat "),
    (r"\bgo\s*to\s*meeting\b", " gotomeeting "),
    (r"\bfed\s*ex\b", " fedex "),
    (r"\broyal\s+mail\b", " royalmail "),
    (r"\bcanada\s+post\b", " canadapost "),
    (r"\bhub\s*spot\b", " hubspot "),
    (r"\bservice\s*now\b", " servicenow "),
    (r"\bphone\s+calls?\b", " phonecall "),
    (r"\btext\s+messages?\b", " sms "),
    (r"\bvs\s*code\b|\bvisual\s+studio\s+code\b", " vscode "),
    (r"\bos\s+x\b|\bmac\s*os\b", " macos "),
    (r"\bnode\.?js\b", " nodejs "),
    (r"\be-mail", " email"),
    (r"\bc\+\+", " cpp "),
    (r"\bc#", " csharp "),
    (r"\.net\b", " dotnet "),
    (r"\bunited\s+states\b|\bu\.s\.a?\.?(?=\s|$)", " usa "),
    (r"\bunited\s+kingdom\b|\bu\.k\.(?=\s|$)", " uk "),
)
_PHRASE_PATTERNS = tuple((re.compile(p), r) for p, r in _PHRASES)

# case-sensitive names that are ordinary words in lower case ("go", "swift", "teams", "may")
_CASED_NAMES = (
    (re.compile(r"(?<=[\s(/,])Go\b|\bGolang\b"), "golang"),
    (re.compile(r"(?<=[\s(/,])Swift\b"), "swiftlang"),
    (re.compile(r"(?<=[\s(/,])Teams\b"), "msteams"),
    (re.compile(r"(?<=[\s(/,])May\b"), "maymonth"),
    (re.compile(r"\bUPS\b"), "upscarrier"),
    (re.compile(r"(?<=[\s(/,])Linear\b"), "lineartracker"),
)

_CURRENCY_SYMBOLS = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}
_MONEY = re.compile(
    r"([$€£¥])\s*(\d+(?:\.\d+)?)\s*(k|m|bn|thousand|million)?(?![a-z])", re.IGNORECASE
)
_MULTIPLIERS = {"k": 1_000, "thousand": 1_000, "m": 1_000_000, "million": 1_000_000}
_MULTIPLIERS["bn"] = 1_000_000_000
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_SUFFIXED = re.compile(r"\b(\d+(?:\.\d+)?)\s*(k|thousand|million)\b")
_CLOCK = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?=\W|$)")
_OFFSET = re.compile(r"\b(?:utc|gmt)\s*([+\-])\s*(\d{1,2})(?::?(\d{2}))?\b")
_PERCENT = re.compile(r"(\d)\s*%")
_SEPARATORS = frozenset({",", "(", ")", "\u2014", "\u2013", "-", "--"})
_TOKEN = re.compile(
    r"[,()\u2014\u2013]|(?<=\s)--?(?=\s)|\d{4}-\d{2}-\d{2}|utc[+-]\d{1,2}(?::\d{2})?|\d{1,2}:\d{2}|\d+(?:\.\d+)*|[a-z][a-z0-9]*"
)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIME = re.compile(r"\d{1,2}:\d{2}")
_NUMBER = re.compile(r"\d+(?:\.\d+)*")

# the words before "before"/"after"/"of" <date> that make it a vague anchor to the note
_VAGUE_AMOUNTS = frozenset(_words("shortly time years decade decades ages century centuries"))
_VAGUE_UNITS = frozenset(_words("minutes hours days weeks months years"))
_VAGUE_COUNTS = frozenset(_words("few couple of several many some"))

# sentence splitting
_ABBREVIATIONS = frozenset(
    _words("e.g i.e etc vs mr mrs ms dr prof approx inc ltd co corp jr sr st no fig u.s u.k")
)
_BREAK = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|;|\n+")
_BULLET = re.compile(r"^\s*(?:[-*•]+|\d+[.)])\s+")


def _stem(word: str) -> str:
    """Strip plural and verb endings so inflections compare equal (a light stemmer)."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = _undouble(word[:-3])
    elif word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ed") and len(word) > 4 and not word.endswith("eed"):
        word = _undouble(word[:-2])
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def _stem_map(groups: Mapping[str, str]) -> dict[str, str]:
    return {_stem(w): canonical for canonical, words in groups.items() for w in _words(words)}


_SYNONYM_STEMS = _stem_map(_SYNONYMS)
_NEGATIVE_STEMS = {_stem(w): c for w, c in _NEGATIVE_VERBS.items()}
_POSITIVE_STEMS = {_stem(w): c for w, c in _POSITIVE_VERBS.items()}
_VALUE_OF: dict[str, tuple[str, str]] = {
    surface: (kind, canonical)
    for kind, values in _VALUE_SETS.items()
    for canonical, surfaces in values.items()
    for surface in _words(surfaces)
}
_LIGHT_WORDS = frozenset({"prefer", "use", "need", "manage"})
_CONTAINED_VERBS = frozenset({"use", "manage"})
_VERB_WORDS = _LIGHT_WORDS | frozenset(_POSITIVE_VERBS.values())
# a number right after one of these values is its version ("Python 3.12", "Postgres 16")
_VERSIONED = frozenset(
    {"programming language", "database", "cache", "package manager", "operating system", "editor"}
)


# ----------------------------------------------------------------------------- splitting


def split_statements(text: str) -> list[str]:
    """Split a note into statements (sentences and ";"-clauses), trimmed, without end marks."""
    pieces: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        if m.group(0).startswith(".") and _is_abbreviation(text, m.start()):
            continue
        pieces.append(text[start : m.start()])
        start = m.end()
    pieces.append(text[start:])
    out: list[str] = []
    for piece in pieces:
        cleaned = _BULLET.sub("", piece).strip().strip(" ,:-")
        if any(ch.isalnum() for ch in cleaned):
            out.append(cleaned)
    return out


def _is_abbreviation(text: str, dot: int) -> bool:
    word = re.search(r"([A-Za-z][A-Za-z.]*)$", text[:dot])
    if word is None:
        return False
    token = word.group(1).lower()
    if token == "etc":  # "etc." ends a sentence when a capital follows
        return not re.match(r"\s+[A-Z]", text[dot + 1 :])
    return token in _ABBREVIATIONS


# ----------------------------------------------------------------------------- analysis


@dataclass(frozen=True)
class StatementFacts:
    """What the rules see of one statement: its main claim, plus its asides.

    ``words``, ``negated`` and ``values`` describe the main claim. ``asides`` are the
    claims of clauses such as ", no long explanations", ", not MySQL" or "without small
    talk": each has its own polarity and values, and inherits the
    main claim's words before its first value ("prefers", "Cleo's backend uses").
    ``owners`` are the capitalized possessors ("Cleo's", "Dan's"), weak words.
    """

    text: str
    words: tuple[str, ...]
    negated: bool
    values: Mapping[str, frozenset[str]]
    value_words: frozenset[str]
    asides: tuple[StatementFacts, ...] = ()
    owners: frozenset[str] = frozenset()

    @property
    def word_set(self) -> frozenset[str]:
        """The distinct content words."""
        return frozenset(self.words)

    @property
    def subject_words(self) -> frozenset[str]:
        """Content words once value words are removed: what the statement is about."""
        return self.word_set - self.value_words

    @property
    def claims(self) -> tuple[StatementFacts, ...]:
        """The main claim (this object) followed by the asides."""
        return (self, *self.asides)


def _prepare(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2212", "-")
    for pattern, name in _CASED_NAMES:
        text = pattern.sub(f" {name}", text)
    text = text.lower()
    text = _THOUSANDS.sub("", text)
    text = _MONEY.sub(_money, text)
    text = _SUFFIXED.sub(lambda m: _scaled(m.group(1), m.group(2)), text)
    text = _PERCENT.sub(r"\1 percent", text)
    text = _CLOCK.sub(_clock, text)
    text = _OFFSET.sub(_offset, text)
    text = re.sub(r"\bwon't\b", "will not", text)
    text = re.sub(r"\bcan't\b", "can not", text)
    text = re.sub(r"n't\b", " not", text)
    text = re.sub(r"'s\b", "", text)
    for pattern, replacement in _PHRASE_PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _scaled(number: str, suffix: str | None) -> str:
    value = float(number) * _MULTIPLIERS.get((suffix or "").lower(), 1)
    return _number_text(value)


def _number_text(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _money(m: re.Match[str]) -> str:
    return f" {_scaled(m.group(2), m.group(3))} {_CURRENCY_SYMBOLS[m.group(1)]} "


def _clock(m: re.Match[str]) -> str:
    hour = int(m.group(1)) % 12
    if m.group(3).startswith("p"):
        hour += 12
    return f" {hour:02d}:{m.group(2) or '00'} "


def _offset(m: re.Match[str]) -> str:
    sign = "-" if m.group(1) == "-" else "+"
    hours = int(m.group(2))
    minutes = m.group(3)
    if hours == 0 and not (minutes and int(minutes)):
        return " utc "
    suffix = f":{minutes}" if minutes and int(minutes) else ""
    return f" utc{sign}{hours}{suffix} "


@dataclass
class _Clause:
    """The tokens of one clause and the negations it starts with (a cue counts one)."""

    tokens: list[str]
    negations: int = 0


@dataclass
class _Parts:
    """A clause reduced to words, polarity and values."""

    words: list[str]
    negated: bool
    values: dict[str, set[str]]
    value_words: set[str]
    before_value: int  # how many words come before the first value word


def _tokens(statement: str) -> list[str]:
    found = _TOKEN.findall(_prepare(statement))
    return ["," if t in _SEPARATORS else t for t in found]


def _is_content(token: str) -> bool:
    if token in _NEGATIONS or token in _STOPWORDS or token == ",":
        return False
    return not (len(token) == 1 and token.isalpha())


def _negations(tokens: Iterable[str]) -> int:
    count = 0
    for token in tokens:
        if token in _NEGATIONS:
            count += 1
        elif token[0].isalpha() and token not in _STOPWORDS and token not in _VALUE_OF:
            stem = _stem(token)
            count += stem in _NEGATION_STEMS or stem in _NEGATIVE_STEMS
    return count


def _same_kind_values(left: str, right: str) -> bool:
    return left in _VALUE_OF and right in _VALUE_OF and _VALUE_OF[left][0] == _VALUE_OF[right][0]


def _contrastive(prev: str, nxt: str) -> bool:
    """Tell a contrastive negation ("answers not verbose", "tea not coffee"): between a
    noun-like content word and a word that does not look like a verb ("Slack not used"
    negates the predicate instead)."""
    if not (prev and nxt and _is_content(prev) and _is_content(nxt)):
        return False
    if not (prev[0].isalpha() and nxt[0].isalpha()):
        return False
    verbs = _VERB_WORDS | _NEGATIVE_STEMS.keys() | _POSITIVE_STEMS.keys() | _NEGATION_STEMS
    if _SYNONYM_STEMS.get(_stem(prev), _stem(prev)) in verbs or _stem(prev) in verbs:
        return False
    if nxt.endswith(("ed", "ing", "en")) or _stem(nxt) in verbs:
        return False
    return _SYNONYM_STEMS.get(_stem(nxt), _stem(nxt)) not in verbs


def _segment(tokens: list[str], start: int) -> list[str]:
    """The tokens from ``start`` up to the next comma."""
    end = tokens.index(",", start) if "," in tokens[start:] else len(tokens)
    return tokens[start:end]


def _clauses(tokens: list[str]) -> tuple[_Clause, list[_Clause]]:
    """Split a statement's tokens into its main clause and its asides.

    An aside starts at a comma (or "and"/"but"/"or") followed by a negation cue
    ("no", "not", "never", "without", "nor"); at "without"/"nor" after some content; at
    "not"/"never"/"no" between two values of one kind ("Postgres not MySQL"); at
    "not" between a noun-like word and a non-verb ("tea not coffee"); and,
    after a negated main clause, at a comma whose segment has a contrast word or
    starts with "but" (", only Postgres", ", email only", ", but email" are positive
    asides). A comma followed by anything else returns to the main clause.
    """
    main = _Clause([])
    asides: list[_Clause] = []
    current = main
    i, n = 0, len(tokens)
    while i < n:
        token = tokens[i]
        if token == ",":
            j = i + 1
            while j < n and (tokens[j] in _CONNECTORS or tokens[j] == ","):
                j += 1
            but = "but" in tokens[i + 1 : j]
            nxt = tokens[j] if j < n else ""
            if nxt in _ASIDE_CUES:
                current = _Clause([], 1)
                asides.append(current)
                i = j + 1
            elif (but or _CONTRAST & set(_segment(tokens, j))) and _negations(main.tokens) % 2:
                current = _Clause([])
                asides.append(current)
                i = j
            else:
                current = main
                i = j
            continue
        has_content = any(_is_content(t) for t in current.tokens)
        nxt = tokens[i + 1] if i + 1 < n else ""
        prev = tokens[i - 1] if i > 0 else ""
        if (
            (token in _ANYWHERE_CUES and has_content)
            or (token in _CONNECTORS and nxt in _ASIDE_CUES and has_content)
            or (token in {"not", "never", "no"} and _same_kind_values(prev, nxt))
            or (token == "not" and _contrastive(prev, nxt))
        ):
            skip = 2 if token in _CONNECTORS else 1
            current = _Clause([], 1)
            asides.append(current)
            i += skip
            continue
        current.tokens.append(token)
        i += 1
    return main, asides


def _parts(clause: _Clause) -> _Parts:
    tokens = clause.tokens
    words: list[str] = []
    negations = clause.negations
    values: dict[str, set[str]] = {}
    value_words: set[str] = set()
    before_value: int | None = None
    numbers: list[tuple[int, str]] = []  # (index into tokens, number)
    for i, token in enumerate(tokens):
        if token in _NEGATIONS:
            negations += 1
            continue
        if len(token) == 1 and token.isalpha():
            continue
        if token in _VALUE_OF:
            kind, canonical = _VALUE_OF[token]
            values.setdefault(kind, set()).add(canonical)
            if before_value is None:
                before_value = len(words)
            words.append(canonical)
            value_words.add(canonical)
            continue
        if token in _STOPWORDS or token == ",":
            continue
        is_value = True
        if _ISO_DATE.fullmatch(token) and _vague_anchor(tokens, i):
            continue
        if _ISO_DATE.fullmatch(token):
            values.setdefault("date", set()).add(token)
        elif _TIME.fullmatch(token):
            values.setdefault("time", set()).add(token)
        elif token.startswith("utc") and len(token) > 3:
            values.setdefault("time zone", set()).add(token)
        elif _NUMBER.fullmatch(token):
            token = _canonical_number(token)
            numbers.append((i, token))
        else:
            is_value = False
            stem = _stem(token)
            if stem in _NEGATION_STEMS:
                negations += 1
                continue
            if stem in _NEGATIVE_STEMS:
                negations += 1
                token = _NEGATIVE_STEMS[stem]
            elif stem in _POSITIVE_STEMS:
                token = _POSITIVE_STEMS[stem]
            else:
                token = _SYNONYM_STEMS.get(stem, stem)
        if is_value:
            value_words.add(token)
            if before_value is None:
                before_value = len(words)
        words.append(token)
    for i, number in numbers:
        values.setdefault(_number_kind(tokens, i), set()).add(number)
    return _Parts(
        words=words,
        negated=negations % 2 == 1,
        values=values,
        value_words=value_words,
        before_value=len(words) if before_value is None else before_value,
    )


def _vague_anchor(tokens: list[str], i: int) -> bool:
    """Tell the date of a vague phrase anchored to its note ("years before 2026-03-15",
    "shortly before ...", "a few days after ...", "within a couple of weeks of ...", as
    :mod:`~reverie.handlers.dream.temporal` writes "years ago", "recently", "in a few
    days"): it says when the note was written, not when something happened, so it is no
    value (two notes saying "recently" a month apart do not conflict) and no word."""
    if i < 2 or tokens[i - 1] not in {"before", "after", "of"}:
        return False
    amount = tokens[i - 2]
    earlier = tokens[i - 3] if i >= 3 else ""
    if amount in _VAGUE_AMOUNTS:
        return not (earlier and earlier[0].isdigit())
    return amount in _VAGUE_UNITS and earlier in _VAGUE_COUNTS


def _facts(
    text: str,
    parts: _Parts,
    owners: frozenset[str],
    asides: tuple[StatementFacts, ...] = (),
    inherited: Iterable[str] = (),
) -> StatementFacts:
    return StatementFacts(
        text=text,
        words=(*inherited, *parts.words),
        negated=parts.negated,
        values={kind: frozenset(v) for kind, v in sorted(parts.values.items())},
        value_words=frozenset(parts.value_words),
        asides=asides,
        owners=owners,
    )


def _owners(statement: str) -> frozenset[str]:
    """Capitalized possessors ("Cleo's", "Acme's"), as normalized words."""
    out: set[str] = set()
    for name in re.findall(r"\b([A-Z][A-Za-z0-9]*)['\u2019]s\b", statement):
        low = name.lower()
        if low in _STOPWORDS or low in _NOT_OWNERS or low in _VALUE_OF:
            continue
        stem = _stem(low)
        out.add(_SYNONYM_STEMS.get(stem, stem))
    return frozenset(out)


@lru_cache(maxsize=4096)
def analyze(statement: str) -> StatementFacts:
    """Reduce a statement to its main claim (content words, polarity, values) and asides."""
    owners = _owners(statement)
    main_clause, aside_clauses = _clauses(_tokens(statement))
    main = _parts(main_clause)
    if main.before_value < len(main.words):
        inherited = tuple(main.words[: main.before_value])
    else:  # no value in the main clause: an aside inherits only its verbs
        inherited = tuple(w for w in main.words if w in _VERB_WORDS)
    asides = tuple(
        _facts(statement, parts, owners, inherited=inherited)
        for parts in map(_parts, aside_clauses)
        if parts.words
    )
    return _facts(statement, main, owners, asides)


def _canonical_number(token: str) -> str:
    if token.count(".") == 1:
        return _number_text(float(token))
    return token.lstrip("0") or "0"


def _number_kind(tokens: list[str], i: int) -> str:
    """The kind of a number: "<value> version" right after a tool, or what it counts."""
    if i > 0 and tokens[i - 1] in _VALUE_OF:
        kind, canonical = _VALUE_OF[tokens[i - 1]]
        if kind in _VERSIONED:
            return f"{canonical} version"
    unit = _unit_after(tokens, i)
    return f"number of {unit}" if unit else NUMBER


def _unit_after(tokens: list[str], i: int) -> str:
    """The word naming what a number counts: the next token, if it is a content word."""
    if i + 1 >= len(tokens):
        return ""
    nxt = tokens[i + 1]
    if not nxt[0].isalpha() or nxt in _STOPWORDS or nxt in _NEGATIONS:
        return ""
    if nxt in _VALUE_OF:
        return _VALUE_OF[nxt][1]
    stem = _stem(nxt)
    return _SYNONYM_STEMS.get(stem, stem)


def content_words(statement: str) -> frozenset[str]:
    """Return the distinct normalized content words of a statement's main claim."""
    return analyze(statement).word_set


def normalize_statement(statement: str) -> str:
    """Return the normalized main claim: distinct content words in order, "not " first if
    negated; each aside follows after " | " in the same form."""
    return " | ".join(_normalized(c) for c in analyze(statement).claims)


def _normalized(facts: StatementFacts) -> str:
    words = tuple(dict.fromkeys(facts.words))
    return " ".join((("not",) if facts.negated else ()) + words)


# ----------------------------------------------------------------------------- comparing


def _weight(word: str, weak: frozenset[str] = frozenset()) -> float:
    return LIGHT_WEIGHT if word in _LIGHT_WORDS or word in weak else 1.0


def weighted_jaccard(
    a: Iterable[str], b: Iterable[str], weak: frozenset[str] = frozenset()
) -> float:
    """Jaccard index of two word sets where light verbs (prefer/use/need/manage) and the
    ``weak`` words (possessors) weigh 0.5, every other word 1."""
    sa, sb = frozenset(a), frozenset(b)
    union = sa | sb
    if not union:
        return 1.0
    inter = sum(_weight(w, weak) for w in sa & sb)
    return inter / sum(_weight(w, weak) for w in union)


def _as_facts(statement: str | StatementFacts) -> StatementFacts:
    return statement if isinstance(statement, StatementFacts) else analyze(statement)


def _weak(a: StatementFacts, b: StatementFacts) -> frozenset[str]:
    return a.owners | b.owners


def owners_compatible(a: str | StatementFacts, b: str | StatementFacts) -> bool:
    """False iff both statements name possessors and they share none ("Dana's budget" vs
    "Bob's budget"): such statements are about different things."""
    oa, ob = _as_facts(a).owners, _as_facts(b).owners
    return not (oa and ob and oa.isdisjoint(ob))


def value_conflicts(
    a: str | StatementFacts, b: str | StatementFacts
) -> list[tuple[str, frozenset[str], frozenset[str]]]:
    """List (kind, values of a, values of b) where both give a kind and neither set contains
    the other; numbers are compared per counted word, or all together if one is unkeyed."""
    fa, fb = _as_facts(a), _as_facts(b)
    fold = NUMBER in fa.values or NUMBER in fb.values
    va, vb = _fold_numbers(fa.values, fold), _fold_numbers(fb.values, fold)
    out: list[tuple[str, frozenset[str], frozenset[str]]] = []
    for kind in sorted(va.keys() & vb.keys()):
        x, y = va[kind], vb[kind]
        if not (x <= y or y <= x):
            out.append((kind, x, y))
    return out


def _fold_numbers(values: Mapping[str, frozenset[str]], fold: bool) -> dict[str, frozenset[str]]:
    """Put every number under one kind when ``fold`` (one side has a number of nothing)."""
    if not fold:
        return dict(values)
    folded = {k: v for k, v in values.items() if not k.startswith(NUMBER)}
    numbers = frozenset().union(*(v for k, v in values.items() if k.startswith(NUMBER)))
    if numbers:
        folded[NUMBER] = numbers
    return folded


def similarity(a: str | StatementFacts, b: str | StatementFacts) -> float:
    """Weighted Jaccard of the two main claims' content words (0..1)."""
    fa, fb = _as_facts(a), _as_facts(b)
    return weighted_jaccard(fa.words, fb.words, _weak(fa, fb))


def _compatible(a: StatementFacts, b: StatementFacts) -> bool:
    return a.negated == b.negated and owners_compatible(a, b) and not value_conflicts(a, b)


def similar_statements(a: str | StatementFacts, b: str | StatementFacts) -> bool:
    """True iff the main claims are near-duplicates: same polarity, compatible owners, no
    value conflict, similarity at least 0.6 (asides are not compared)."""
    fa, fb = _as_facts(a), _as_facts(b)
    if not _compatible(fa, fb):
        return False
    if not fa.words or not fb.words:
        return fa.words == fb.words and _plain(fa.text) == _plain(fb.text)
    return similarity(fa, fb) >= SIMILARITY_THRESHOLD


def _claim_restates(claim: StatementFacts, other: StatementFacts) -> bool:
    """``other`` says ``claim``: similar and not less specific; or -- containment --
    ``claim`` names a value, ``other`` holds every word of ``claim`` but possessors and the
    verbs use/manage, and adds a value of its own, with the same polarity and no value
    conflict. So "Cleo uses Python 3.12" and "dependencies are handled by Poetry" are said
    by "Cleo's project uses Python 3.12 with Poetry for dependencies" (a conjunction of
    facts), while "Prefers Python" is not said by "Prefers Python for backend services"
    (a narrower scope, no new value) and "prefers" is never assumed."""
    if claim.word_set > other.word_set:
        return False
    if similar_statements(claim, other):
        return True
    if not claim.value_words or not _compatible(claim, other):
        return False
    missing = claim.word_set - other.word_set - claim.owners - other.owners
    adds_a_value = bool(other.value_words - claim.value_words)
    return adds_a_value and claim.value_words <= other.word_set and missing <= _CONTAINED_VERBS


def restates(statement: str | StatementFacts, other: str | StatementFacts) -> bool:
    """True iff ``other`` says ``statement`` already: each claim of ``statement`` (its main
    claim and its asides) is restated by some claim of ``other``."""
    fs, fo = _as_facts(statement), _as_facts(other)
    return all(any(_claim_restates(c, d) for d in fo.claims) for c in fs.claims)


def same_subject(a: str | StatementFacts, b: str | StatementFacts) -> bool:
    """True iff the claims talk about the same thing once their value words are removed:
    compatible owners, and a weighted Jaccard of at least 0.5 or the smaller subject's
    full-weight words (two at least) all found in the larger one."""
    fa, fb = _as_facts(a), _as_facts(b)
    if not owners_compatible(fa, fb):
        return False
    sa, sb = fa.subject_words, fb.subject_words
    if not sa and not sb:
        return True
    weak = _weak(fa, fb)
    if weighted_jaccard(sa, sb, weak) >= SUBJECT_THRESHOLD:
        return True
    small, large = sorted((sa, sb), key=lambda s: (sum(_weight(w, weak) for w in s), sorted(s)))
    full = {w for w in small if _weight(w, weak) == 1.0}
    return len(full) >= 2 and full <= large


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


__all__ = [
    "SIMILARITY_THRESHOLD",
    "SUBJECT_THRESHOLD",
    "StatementFacts",
    "analyze",
    "content_words",
    "normalize_statement",
    "owners_compatible",
    "restates",
    "same_subject",
    "similar_statements",
    "similarity",
    "split_statements",
    "value_conflicts",
    "weighted_jaccard",
]
