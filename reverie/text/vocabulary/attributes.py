"""Attributes a holder has one value of at a time: the nouns that name them, the WordNet
kinds of their values, and the frames that state them.

Word data for :mod:`reverie.judges.attributes`. Each entry is knowledge of the world
that neither SNLI nor the frames hold ("an account is on one plan", "a person lives in
one city"); the look-alikes beside them (two languages spoken, two integrations, two
offices) are absent on purpose. Keys are lemmas; WordNet kinds are noun lemmas of
``reverie/judges/data/wordnet.txt.gz`` with ``_`` for a space.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "AGE_PARTS",
    "AGE_WORDS",
    "ANY_WORK_NOUNS",
    "ATTRIBUTE_KEYS",
    "ATTRIBUTE_NAMES",
    "ATTRIBUTE_QUALIFIERS",
    "BILLING_WORDS",
    "BRANCH_FRAMES",
    "BRANCH_NAMES",
    "CHANNEL_SLOTS",
    "CHANNEL_VERBS",
    "CHOSEN_ONE",
    "CITIZEN_WORDS",
    "COMPANY_NOUNS",
    "CONTACT_NOUNS",
    "CONTACT_VERBS",
    "CURRENCY_ADJECTIVES",
    "CURRENCY_NAMES",
    "DELIVERY_VERBS",
    "DOLLAR_CODES",
    "DOLLAR_COUNTRIES",
    "DWELLER_NOUNS",
    "DWELLING_NOUNS",
    "EMPLOYEE_NOUNS",
    "EMPLOYER_FRAMES",
    "EMPLOYER_KINDS",
    "EMPLOYER_PARTS",
    "EMPLOYER_WORDS",
    "ENGAGED_ATTRIBUTES",
    "ENGAGEMENT_WORDS",
    "EXCLUSIVE_RELATIONS",
    "FREQUENCIES",
    "GOVERNED_PLACES",
    "HOME_NOUNS",
    "HOURS_WORKED",
    "INDUSTRY_WORDS",
    "JOBLESS_WORDS",
    "JOB_NOUNS",
    "JOINING_FRAMES",
    "LASTING_STATES",
    "MAIN_QUALIFIERS",
    "MANAGER_FRAMES",
    "MARRIED_WORDS",
    "MEASURE_KINDS",
    "MESSAGE_NOUNS",
    "MONEY_USES",
    "NOT_HELD_VERBS",
    "NOT_HOME_WORDS",
    "OCCUPATION_FRAMES",
    "OCCUPATION_KINDS",
    "OCCUPATION_NOUNS",
    "ONE_VALUE_NOUNS",
    "ORIGIN_FRAMES",
    "ORIGIN_NOUNS",
    "OWNER_FRAMES",
    "OWNER_NOUNS",
    "OWNING_GROUPS",
    "PASTIME_WORDS",
    "PAY_USE",
    "PERSON_ROLE_NOUNS",
    "PERSON_SORTS",
    "PLACE_KINDS",
    "QUALIFIER_VALUES",
    "RELATED_PERSONS",
    "REPLY_WORDS",
    "RESIDENCE_FRAMES",
    "RESIDENT_NOUNS",
    "SEVERAL_NOUNS",
    "SORTS_BESIDES_WORK",
    "SPOUSE_NOUNS",
    "STAFF_NOUNS",
    "STARTING_VERBS",
    "STATUS_PHRASES",
    "STATUS_WORDS",
    "TEACHING_KIND",
    "TEACHING_VERBS",
    "TENURE_VERBS",
    "VALUE_KINDS",
    "VALUE_WORDS",
    "WORKING_ADVERBS",
    "WORKPLACE_FRAMES",
]

ONE_VALUE_NOUNS = frozenset(
    {
        "plan",
        "tier",
        "subscription",
        "edition",
        "version",
        "zone",
        "timezone",
        "currency",
        "format",
        "role",
        "title",
        "position",
        "employer",
        "workplace",
        "manager",
        "boss",
        "supervisor",
        "database",
        "db",
        "datastore",
        "branch",
        "cycle",
        "channel",
        "package",
        "address",
        "nationality",
        "unit",
        "system",
        "scale",
        "birthday",
        "deadline",
        "theme",
        "carrier",
        "browser",
        "os",
    }
)
"""Head nouns of an argument naming an attribute one holder has one value of, the value
in a modifier ("the Pro plan" / "the Basic plan", "the ISO date format")."""

ATTRIBUTE_NAMES: Mapping[str, str] = {
    "tier": "plan",
    "subscription": "plan",
    "package": "plan",
    "timezone": "zone",
    "os": "system",
    "db": "database",
    "datastore": "database",
    "carrier": "mobile carrier",
    "workplace": "employer",
    "channel": "contact channel",
    "boss": "manager",
    "supervisor": "manager",
}
"""Nouns of :data:`ONE_VALUE_NOUNS` that name one attribute with another noun ("is on
the free tier" / "pays for the Business plan": one plan); the others name their own."""

SPOUSE_NOUNS = frozenset({"husband", "wife", "spouse"})
"""Nouns of the one a holder is married to: "Rosa's husband is Carlos" names the spouse,
as "Rosa is married to Diego" does."""

MARRIED_WORDS = frozenset({"married", "wed"})
"""Adjectives whose "to" names the holder's spouse ("is married to Diego"); not "engaged",
a fiancé."""

EXCLUSIVE_RELATIONS = frozenset({"married", "engaged", "wed"})
"""Adjectives of a relation held to one at a time ("married to Tom" / "married to Jim");
other adjectives with a complement hold to several ("fluent in French" / "in German")."""

CITIZEN_WORDS = frozenset({"citizen", "citizenship", "passport", "national", "nationality"})
"""Words that say a value is a nationality ("a Swiss citizen", "Japanese citizenship"):
one may hold two."""

DWELLER_NOUNS = frozenset({
    "resident", "local", "native", "inhabitant", "dweller", "denizen", "settler", "immigrant",
    "emigrant", "expat", "expatriate", "refugee", "foreigner", "alien", "villager", "townsman",
    "neighbor", "neighbour", "commuter", "tenant", "homeowner", "occupant",
})
"""Inhabitants WordNet names by where or how they live ("a resident", "a local"), no
people's name ("Brazilian"): no nationality."""

MAIN_QUALIFIERS = frozenset({"default", "preferred", "prefer", "primary", "main", "current",
                             "usual"})
"""Words beside an attribute noun that say the one value in use ("Primary DB", "the app's
main database"), not one use of several ("billing", "display")."""

ATTRIBUTE_QUALIFIERS = MAIN_QUALIFIERS | frozenset(
    {"billing", "display", "account", "direct", "line", "reporting", "new", "official"}
)
"""Words beside an attribute noun that say which use of it, not whose ("the user's
default currency" is the user's currency; "the account time zone" is the holder's; "her
new manager" is her manager);
"prefer" is how the parse gives "preferred" in a subject."""

BRANCH_NAMES = frozenset({"main", "master", "develop", "trunk"})
"""Names of a repository's branches that name nothing else where a git verb takes them
("PRs target main"); "production", "staging" and "release" are environments and
versions too, branches only beside the noun ("the release branch")."""

BRANCH_FRAMES = frozenset({
    ("target", "obj"), ("target", "attr"), ("merge", "prep:into"), ("merge", "prep:to"),
    ("push", "prep:to"), ("deploy", "prep:from"), ("cut", "prep:from"), ("build", "prep:from"),
    ("branch", "prep:from"), ("branch", "prep:off"), ("rebase", "prep:onto"),
    ("rebase", "prep:on"), ("commit", "prep:to"), ("release", "prep:from"), ("go", "prep:to"),
    ("open", "prep:against"),
})
"""(predicate, role) where a git verb takes a branch ("merges into develop", "deploys from
main"); "target" takes "main" as an attribute where spaCy parses it so."""

QUALIFIER_VALUES: Mapping[str, frozenset[str]] = {"branch": frozenset({"main"})}
"""Qualifiers that are a value beside one attribute noun: "the main branch" is the branch
named main, where "the main currency" is the currency in use."""

CHOSEN_ONE = frozenset({"primary", "main", "default", "preferred", "prefer", "usual", "current"})
"""Qualifiers that make any noun one value at a time ("the user's primary language",
"Dana's default editor"), where the bare noun may have several (languages spoken)."""

REPLY_WORDS = frozenset({"reply", "answer", "response", "respond"})
"""Words of a reply: their "in" names the one language replies are wanted in ("wants
answers in Spanish", "prefers to be answered in German"); a language spoken is another
attribute, of several values."""

VALUE_KINDS: Mapping[str, str] = {
    "monetary_unit": "currency",
    "linear_unit": "unit of length",
    "mass_unit": "unit of weight",
    "volume_unit": "unit of volume",
    "temperature_unit": "unit of temperature",
    "standard_time": "time zone",
}
"""WordNet kinds whose members are values of one attribute, whatever the verb ("bills in
euros" / "is invoiced in US dollars": one currency)."""

MEASURE_KINDS: Mapping[str, str] = {
    "monetary_unit": "currency",
    "linear_unit": "length",
    "mass_unit": "weight",
    "volume_unit": "volume",
    "temperature_unit": "temperature",
    "computer_memory_unit": "size of data",
    "area_unit": "area",
}
"""WordNet kinds of units whose figures measure one thing: one figure in two of them
("5 lb" / "5 kg", "£500" / "€500") is two values. Time is not among them ("3 days a
week" / "3 hours" measure two things)."""

DOLLAR_CODES = frozenset({"usd", "aud", "cad", "nzd", "hkd", "sgd", "twd"})
"""The currencies a bare "$" may be."""

CURRENCY_NAMES: Mapping[str, frozenset[str]] = {
    **dict.fromkeys(DOLLAR_CODES, frozenset({"dollar", "buck"})),
    "eur": frozenset({"euro"}),
    "gbp": frozenset({"pound", "sterling", "quid"}),
    "jpy": frozenset({"yen"}),
    "cny": frozenset({"yuan", "renminbi", "rmb"}),
    "inr": frozenset({"rupee"}),
    "chf": frozenset({"franc"}),
    "sek": frozenset({"krona", "kronor"}),
    "nok": frozenset({"krone", "kroner"}),
    "dkk": frozenset({"krone", "kroner"}),
    "pln": frozenset({"zloty"}),
    "czk": frozenset({"koruna"}),
    "huf": frozenset({"forint"}),
    "brl": frozenset({"real", "reais"}),
    "mxn": frozenset({"peso"}),
    "zar": frozenset({"rand"}),
    "krw": frozenset({"won"}),
    "ils": frozenset({"shekel"}),
    "aed": frozenset({"dirham"}),
    **dict.fromkeys(("sar", "qar"), frozenset({"riyal"})),
    **dict.fromkeys(("php", "ars", "clp", "cop"), frozenset({"peso"})),
    **dict.fromkeys(("pkr", "lkr", "npr"), frozenset({"rupee"})),
    **dict.fromkeys(("kwd", "bhd", "jod"), frozenset({"dinar"})),
    **dict.fromkeys(("kes", "ugx", "tzs"), frozenset({"shilling"})),
    "thb": frozenset({"baht"}),
    "idr": frozenset({"rupiah"}),
    "myr": frozenset({"ringgit"}),
    "ngn": frozenset({"naira"}),
    "uah": frozenset({"hryvnia"}),
    "rub": frozenset({"ruble", "rouble"}),
    "try": frozenset({"lira"}),
}
"""The words of each ISO 4217 code's currency ("eur": "euro"): "€400" and "400 euros" are
one currency. A name of several currencies ("peso", "rupee") is each of them until a word
before it says whose (:data:`CURRENCY_ADJECTIVES`). Codes that are English words ("try",
"rub", "cop") are keys here only, never read as codes in text."""

CURRENCY_ADJECTIVES: Mapping[str, str] = {
    "danish": "dkk", "norwegian": "nok", "swedish": "sek", "icelandic": "isk",
    "swiss": "chf", "japanese": "jpy", "chinese": "cny", "indian": "inr", "british": "gbp",
    "mexican": "mxn", "brazilian": "brl", "polish": "pln", "czech": "czk",
    "hungarian": "huf", "korean": "krw", "israeli": "ils", "emirati": "aed",
    "saudi": "sar", "qatari": "qar", "philippine": "php", "filipino": "php",
    "argentine": "ars", "argentinian": "ars", "chilean": "clp", "colombian": "cop",
    "pakistani": "pkr", "lankan": "lkr", "nepali": "npr", "nepalese": "npr",
    "kuwaiti": "kwd", "bahraini": "bhd", "jordanian": "jod", "kenyan": "kes",
    "ugandan": "ugx", "tanzanian": "tzs", "thai": "thb", "indonesian": "idr",
    "malaysian": "myr", "nigerian": "ngn", "ukrainian": "uah", "russian": "rub",
    "turkish": "try",
}
"""Words before a currency's name that say whose it is ("Danish kroner": dkk, "Swiss
francs": chf); a dollar's are :data:`DOLLAR_COUNTRIES`."""

PAY_USE = "payroll"
"""The use of money that is one's pay: a salary, or what one "is paid" ("gets paid in
Canadian dollars")."""

MONEY_USES: Mapping[str, str] = {
    **dict.fromkeys(("bill", "billing", "billed", "invoice", "invoicing", "invoiced",
                     "charge", "charged", "price", "pricing", "priced", "quote", "quoted",
                     "subscription"),
                    "billing"),
    **dict.fromkeys(("report", "reporting", "reported", "books", "accounting", "ledger",
                     "consolidated"), "reporting"),
    **dict.fromkeys(("salary", "wage", "wages", "payroll", "paycheck"), PAY_USE),
    **dict.fromkeys(("budget", "expense", "expenses", "spending"), "spending"),
    **dict.fromkeys(("saving", "savings", "deposit", "deposits"), "savings"),
    **dict.fromkeys(("rent", "mortgage"), "housing"),
}
"""Words that say what money a currency is of (billing, reporting, a salary): a company
may bill in euros and report in dollars, so two currencies of two uses are no clash."""

DOLLAR_COUNTRIES: Mapping[str, str] = {
    "us": "usd", "american": "usd", "canadian": "cad", "australian": "aud", "zealand": "nzd",
    "kong": "hkd", "singapore": "sgd", "singaporean": "sgd", "taiwan": "twd",
    "taiwanese": "twd",
}
"""Words that say whose dollar it is ("US dollars": usd, "Canadian dollars": cad)."""

# ISO 4217 codes and time-zone abbreviations that are no English word ("try", "pt", "et"
# are left out: "give it a try" names no currency)
_CURRENCY_CODES = re.findall(r"\S+", """usd eur gbp jpy chf cad aud nzd inr cny rmb sek nok dkk
    pln czk huf brl mxn zar sgd hkd krw ils aed""")
_TIME_ZONES = re.findall(r"\S+", """pst pdt mst mdt cst cdt est edt akst hst gmt utc bst wet cet
    cest eet eest msk pkt sgt hkt jst kst aest aedt acst awst nzst nzdt""")
_TEMPERATURE_SCALES = ("celsius", "centigrade", "fahrenheit", "kelvin")

VALUE_WORDS: Mapping[str, str] = {
    **dict.fromkeys(_CURRENCY_CODES, "currency"),
    **dict.fromkeys(_TIME_ZONES, "time zone"),
    **dict.fromkeys(_TEMPERATURE_SCALES, "temperature scale"),
}
"""Values WordNet does not file under their kind: ISO 4217 currency codes, time-zone
abbreviations, temperature scales (lower case)."""

PLACE_KINDS: tuple[str, ...] = ("city", "town", "american_state", "province", "country")
"""WordNet kinds of a place one lives in or comes from, finest first: two places compare
only when of one kind (a city and the country it lies in are no two values)."""

RESIDENCE_FRAMES = frozenset(
    {("live", "prep:in"), ("reside", "prep:in"), ("base", "prep:in"), ("locate", "prep:in"),
     ("headquarter", "prep:in"), ("base", "obj")}
)
"""(predicate, role) that say where a holder lives ("lives in Paris", "is based in Berlin",
"is based out of Toronto", the parse's object; a company "is headquartered in Toronto")."""

ORIGIN_FRAMES = frozenset(
    {
        ("be", "prep:from"),
        ("come", "prep:from"),
        ("hail", "prep:from"),
        ("bear", "prep:in"),
        ("raise", "prep:in"),
        ("grow up", "prep:in"),
    }
)
"""(predicate, role) that say where a holder comes from ("is from Georgia", "grew up in
Lyon"): said in the past tense, still true."""

ORIGIN_NOUNS = frozenset({"hometown", "birthplace"})
"""Attribute nouns whose value is where a holder comes from ("my hometown is Chicago")."""

EMPLOYER_FRAMES = frozenset(
    {
        ("work", "prep:at"),
        ("work", "prep:for"),
        ("employ", "prep:by"),
        ("employ", "prep:at"),
    }
)
"""(predicate, role) that name who employs a holder ("works at Google", "is employed by
Microsoft")."""

TEACHING_KIND = "educational_institution"
"""WordNet's kind of the places whose teachers they employ (a school, a college, a
university; not a gym): "teaches at" one names an employer."""

TEACHING_VERBS = frozenset({"teach", "lecture"})
"""Verbs of teaching whose "at" names where one is employed when nothing taught is named
("teaches at Lincoln High School"; not "teaches yoga at the gym")."""

JOINING_FRAMES = frozenset({("join", "obj"), ("start", "prep:at"), ("hire", "prep:by"),
                            ("hire", "prep:at")})
"""(predicate, role) by which a holder came to work for someone ("joined Square", "started at
Initech", "was hired by Globex"): who employs the holder since."""

INDUSTRY_WORDS = frozenset({
    "tech", "technology", "it", "software", "finance", "banking", "insurance", "sales",
    "marketing", "retail", "healthcare", "health", "education", "hospitality", "construction",
    "media", "publishing", "government", "academia", "consulting", "logistics", "manufacturing",
    "real estate", "law", "medicine", "entertainment", "fashion", "advertising", "nonprofit",
})
"""Fields of work: "works in tech" names an industry, not an employer (WordNet files "tech"
as a technical school, "construction" as a building)."""

WORKPLACE_FRAMES = frozenset({("work", "prep:in")})
"""(predicate, role) that name where a holder works when the place is of an employer's
kind ("works in a restaurant"; not "works in Boston")."""

EMPLOYEE_NOUNS = frozenset({"employee", "staffer", "contractor", "intern", "consultant"})
"""Nouns of one who works for someone, whose name before them is the employer ("a Shopify
employee", "a Deloitte consultant"); before any other role a name is a trade's ("a Python
developer")."""

ANY_WORK_NOUNS = frozenset({"employee", "staffer", "staff"})
"""Nouns of one who works, whatever the work: who employs them, no occupation ("a Google
employee" is no other job than "a Google engineer")."""

COMPANY_NOUNS = frozenset({"company", "firm"})
"""Nouns of a holder's company whose copula names its employer ("Omar's company is
Accenture"), one's own perhaps."""

JOB_NOUNS = frozenset({"job", "position", "internship", "role"})
"""Nouns of a post whose "at" / "for" names the employer ("has a job at Nintendo")."""

EMPLOYER_KINDS: tuple[str, ...] = (
    "organization",
    "establishment",
    "institution",
    "building",
    "facility",
    "place_of_business",
    "building_complex",
    "workplace",
)
"""WordNet kinds of an employer or workplace a common noun names, in any frequent sense
("a bank", "a hotel"); a name ("Google", "Initech") is an employer too."""

EMPLOYER_WORDS = frozenset({"startup", "nonprofit", "ngo"})
"""Employers WordNet does not file under :data:`EMPLOYER_KINDS` ("a small startup")."""

GOVERNED_PLACES = frozenset({"city", "county", "town", "state", "borough", "parish",
                             "district", "municipal", "federal", "regional", "provincial"})
"""Words of a place whose unit is its government, a whole employer ("works for the city
council", "the county board"), where "the sales department" is a part of one."""

EMPLOYER_PARTS = frozenset(
    {
        "office",
        "branch",
        "site",
        "campus",
        "headquarters",
        "hq",
        "location",
        "floor",
        "team",
        "department",
        "division",
        "unit",
        "group",
        "squad",
    }
)
"""Parts of an employer, and anything WordNet files first under *unit* ("works in the data
team", "at the Berlin office" / "works at Acme": one employer, no two)."""

OCCUPATION_FRAMES = frozenset({("work", "prep:as"), ("employ", "prep:as"), ("earn", "prep:as")})
"""(predicate, role) that name a holder's occupation ("works as a nurse", "earns a living as
a cook")."""

RELATED_PERSONS: tuple[str, ...] = ("relative", "friend", "associate", "superior", "peer")
"""WordNet kinds of a person named by how they stand to someone ("Sam's wife", "her boss",
"a colleague of hers"): another holder than the one a note is about."""

ENGAGEMENT_WORDS = frozenset({"project", "team", "squad", "client", "engagement",
                              "initiative", "program", "programme", "workstream", "site",
                              "contract", "assignment", "rotation"})
"""Nouns of a piece of work a holder is on for a while ("on the Atlas project", "for the
client team"): a manager or a role said for one is that engagement's."""

ENGAGED_ATTRIBUTES = frozenset({"manager", "occupation", "role", "title"})
"""Attributes that one engagement of the holder's may have apart from the general one."""

PERSON_ROLE_NOUNS = frozenset({"contact", "poc", "lead", "stakeholder", "approver",
                               "signatory", "liaison", "admin", "owner"})
"""Nouns of a person by the part they play for someone that the lexicon's kept senses do
not file under person ("our contact Raj", "their admin Li")."""

PERSON_SORTS: tuple[str, ...] = ("relative", "juvenile", "user", "eater")
"""WordNet kinds of person one is besides a job or another sort ("an only child", "a single
father", "a Mac user", "a vegan"): "is an only child" / "is a nurse" may both hold."""

PASTIME_WORDS = frozenset({"keen", "avid", "amateur", "passionate", "enthusiastic", "hobby",
                           "weekend", "casual", "recreational", "aspiring", "volunteer"})
"""Words before a person's noun that make a job's noun a pastime ("a keen photographer",
"an amateur astronomer"): a sort one is besides a job."""

SORTS_BESIDES_WORK: tuple[str, ...] = ("religious_person", "contestant", "enthusiast", "fan",
                                       "inhabitant", "traveler")
"""WordNet kinds of person one is besides a job ("a Buddhist", "a golfer", "a Londoner", "a
hiker"): "is a pilot" / "is a Buddhist" may both hold, where two of one kind may not ("a
Buddhist" / "a Christian")."""

OCCUPATION_KINDS: tuple[str, ...] = (
    "worker",
    "professional",
    "employee",
    "expert",
    "creator",
    "entertainer",
    "serviceman",
    "businessperson",
    "leader",
    "engineer",
    "scientist",
    "technician",
    "educator",
    "caretaker",
    # trades WordNet files under a person who does something, not under a worker: a
    # reporter and a writer under "communicator", a cashier under "financier", a sheriff
    # under "lawman", a firefighter under "defender"
    "writer",
    "reporter",
    "translator",
    "interpreter",
    "banker",
    "lawman",
    "firefighter",
    "auditor",
    "archivist",
    "curator",
    "dispatcher",
    "solicitor",
)
"""WordNet kinds of a person named by their work ("nurse", "cook", "accountant"; not
"mother", "student", "fan"): "is a nurse" names an occupation against "works as a
teacher"."""

OCCUPATION_NOUNS = frozenset({"job", "profession", "occupation", "trade"})
"""Nouns that say a person's work is named: "my job is a gynecologist", "a lumberjack by
trade" (an occupation as plainly as "works as")."""

NOT_HELD_VERBS = frozenset(
    {
        "want",
        "wish",
        "hope",
        "like",
        "need",
        "consider",
        "evaluate",
        "compare",
        "try",
        "test",
        "plan",
        "ask",
        "request",
        "mention",
        "discuss",
        "recommend",
        "suggest",
        "offer",
        "sell",
        "support",
        "accept",
        "convert",
        "visit",
        "travel",
        "fly",
        "study",
        "become",
        "aspire",
        "dream",
    }
)
"""Predicates whose argument is no value the holder has ("wants the Pro plan", "visited
Berlin", "accepts euros"): never one attribute's value."""

ATTRIBUTE_KEYS = (ONE_VALUE_NOUNS | OCCUPATION_NOUNS | ORIGIN_NOUNS
                  | {"language", "timezone", "tz", "status", "owner", "holder", "method",
                     "preference"})
"""Nouns that end the key of a key-value note ("Plan: Enterprise", "Occupation:
accountant"): the note reads as a copula, "Plan is Enterprise"."""

MANAGER_FRAMES = frozenset({("report", "prep:to"), ("manage", "prep:by")})
"""(predicate, role) that name whom a holder reports to or is managed by, a name ("reports
to Sarah", "the account is managed by Priya", as "the account manager is Priya" says)."""

OWNER_FRAMES = frozenset({("belong", "prep:to"), ("own", "prep:by"), ("register", "prep:to")})
"""(predicate, role) that name a thing's one owner, a name ("the account belongs to
Lee", "the account is owned by Lee", "is registered to Lee", as "the account owner is Lee"
says; "is in Lee's name" says it too)."""

OWNER_NOUNS = frozenset({"owner", "holder"})
"""Subject nouns of a copula that name a thing's one owner ("the account owner is Dana",
"Primary account holder: Dana");
as the value ("Dana is an owner of the org") the noun is an access level instead."""

OWNING_GROUPS = frozenset({"team", "squad", "department", "group"})
"""Nouns of a group that owns or leads a thing as one, named by its own words ("the
payments team owns the billing service"): its owner as a name is."""

BILLING_WORDS = frozenset({"bill", "billing", "billed", "invoice", "charge", "pay", "renew",
                           "subscription", "subscribe"})
"""Words of billing: a frequency beside them says the billing cycle ("is billed monthly")."""

FREQUENCIES: Mapping[str, str] = {
    "daily": "daily",
    "weekly": "weekly",
    "biweekly": "biweekly",
    "monthly": "monthly",
    "quarterly": "quarterly",
    "yearly": "annual",
    "annually": "annual",
    "annual": "annual",
}
"""Words of how often, by the cycle they name ("annually" and "yearly" are "annual")."""

HOME_NOUNS = frozenset({"home", "residence", "address"})
"""Nouns whose "in" says where a holder lives ("the user's home is in Madrid", "Dana's
address is in Leeds"); not beside a word of :data:`NOT_HOME_WORDS`."""

DWELLING_NOUNS = frozenset({"apartment", "flat", "house", "condo", "townhouse"})
"""Nouns of a dwelling whose "in", said of a holder's, says where it lives as a home
noun's does ("Tom's apartment is in Lisbon"); not beside a word of
:data:`NOT_HOME_WORDS` ("his holiday flat")."""

NOT_HOME_WORDS = frozenset({"work", "office", "billing", "shipping", "business", "mailing",
                            "email", "delivery", "ip", "web", "postal", "holiday", "vacation",
                            "summer", "weekend", "beach", "ski", "second", "rental",
                            "investment"})
"""Words that make an address or a dwelling no home ("work address", "billing address",
"his holiday flat")."""

RESIDENT_NOUNS = frozenset({"resident"})
"""Nouns whose place before them says where a holder lives ("a Chicago resident")."""

CONTACT_VERBS = frozenset({"contact", "reach", "notify", "call", "message", "ping", "update",
                           "alert"})
"""Verbs whose :data:`CHANNEL_SLOTS` name a contact channel ("prefers to be reached by
email", "reach Dana on Slack")."""

SEVERAL_NOUNS = frozenset({"citizen", "national", "member", "speaker", "fan", "supporter",
                           "volunteer", "customer", "subscriber", "shareholder"})
"""Nouns of what one may be of several things at once, said with a copula ("is a citizen
of Canada" / "is a citizen of France", "a member of the choir" / "... of the chess
club"): no other value, unlike "a resident of Ohio" / "of Texas"."""

CONTACT_NOUNS = frozenset({"contact", "communication", "correspondence", "outreach"})
"""Nouns of contact as a whole, whose :data:`CHANNEL_SLOTS` name the contact channel as a
contact verb's do ("wants all contact via Slack", "all communication with Leo goes through
email")."""

STAFF_NOUNS = frozenset({"people", "person", "staff", "worker", "employee", "personnel"})
"""Nouns of an employer's staff as a whole: "employs 2,000 people" says how many employees
it has, as "has 2,000 employees" does."""

HOURS_WORKED = frozenset({"full-time", "part-time", "freelance"})
"""How much or on what terms one works, words the parse may hang a job or an employer on
("works full-time as a pharmacist", "is employed part-time at Oracle"): said of the
predicate."""

MESSAGE_NOUNS = frozenset({"message", "notification", "alert", "update", "reminder"})
"""Nouns of a message whose compound names the channel ("text messages": sms, "Slack
notifications": slack)."""

DELIVERY_VERBS = frozenset({"send", "get", "receive", "deliver", "push", "forward"})
"""Verbs of a message delivered (:data:`MESSAGE_NOUNS`), whose :data:`CHANNEL_SLOTS` name
how the holder is reached ("gets alerts via SMS", "notifications are sent by email")."""

CHANNEL_VERBS = frozenset({"email", "e-mail", "text", "phone", "call", "sms"})
"""Verbs that are a channel ("never email Dana", "text the user"), the channel their word
names (:data:`~reverie.text.vocabulary.channels.CHANNEL_NAMES`)."""

CHANNEL_SLOTS = frozenset({"prep:by", "prep:via", "prep:over", "prep:on", "prep:through"})
"""Roles in which a contact verb names its channel ("reached on Slack", "through Teams")."""

STATUS_WORDS: Mapping[str, tuple[tuple[str, str], ...]] = {
    # the life of an account, a subscription, a service
    "active": (("lifecycle", "active"),),
    "live": (("lifecycle", "active"),),
    "inactive": (("lifecycle", "inactive"),),
    "deactivate": (("lifecycle", "inactive"),),
    "deactivated": (("lifecycle", "inactive"),),
    "suspend": (("lifecycle", "suspended"),),
    "suspended": (("lifecycle", "suspended"),),
    "pause": (("lifecycle", "paused"),),
    "paused": (("lifecycle", "paused"),),
    "archive": (("lifecycle", "archived"),),
    "archived": (("lifecycle", "archived"),),
    "delete": (("lifecycle", "deleted"),),
    "deleted": (("lifecycle", "deleted"),),
    "cancel": (("lifecycle", "cancelled"),),
    "cancelled": (("lifecycle", "cancelled"),),
    "canceled": (("lifecycle", "cancelled"),),
    "terminate": (("lifecycle", "cancelled"),),
    "terminated": (("lifecycle", "cancelled"),),
    "expire": (("lifecycle", "expired"),),
    "expired": (("lifecycle", "expired"),),
    "revoke": (("lifecycle", "revoked"),),
    "revoked": (("lifecycle", "revoked"),),
    # the progress of a piece of work
    "finished": (("progress", "done"),),
    "finish": (("progress", "done"),),
    "complete": (("progress", "done"),),
    "completed": (("progress", "done"),),
    "done": (("progress", "done"),),
    "unfinished": (("progress", "under way"),),
    "incomplete": (("progress", "under way"),),
    "ongoing": (("progress", "under way"),),
    "underway": (("progress", "under way"),),
    # whether a machine works
    "broken": (("function", "broken"),),
    "faulty": (("function", "broken"),),
    "defective": (("function", "broken"),),
    "functional": (("function", "working"),),
    "operational": (("function", "working"),),
    # a ticket, an issue, a bug
    "resolved": (("resolution", "resolved"),),
    "resolve": (("resolution", "resolved"),),
    "fixed": (("resolution", "resolved"),),
    "unresolved": (("resolution", "open"),),
    "reopen": (("resolution", "open"),),
    "reopened": (("resolution", "open"),),
    "open": (("resolution", "open"),),
    # an invoice, a bill
    "paid": (("payment", "paid"),),
    "unpaid": (("payment", "unpaid"),),
    "overdue": (("payment", "unpaid"),),
    "outstanding": (("payment", "unpaid"),),
    # a request, an application, a change waiting for a decision
    "pending": (("decision", "pending"),),
    "approved": (("decision", "approved"),),
    "approve": (("decision", "approved"),),
    "granted": (("decision", "approved"),),
    "grant": (("decision", "approved"),),
    "rejected": (("decision", "rejected"),),
    "reject": (("decision", "rejected"),),
    "denied": (("decision", "rejected"),),
    "deny": (("decision", "rejected"),),
    "declined": (("decision", "rejected"),),
    "decline": (("decision", "rejected"),),
}
"""A thing's status, one at a time in each kind (a word may say several): "the account is
active" / "... has been suspended", "the project is finished" / "... is in progress", "the
ticket is resolved" / "... is still open". Verbs are lemmas of their passive participle
("has been archived"); WordNet's antonyms (open / closed, on / off, public / private) are
the frames' own (``opposite-property``). States of two kinds are no two values (an active
account may be paid)."""

LASTING_STATES = frozenset({"cancelled", "deleted", "expired", "revoked", "done", "resolved",
                            "paid", "approved", "rejected"})
"""States of :data:`STATUS_WORDS` that last once reached: "the invoice was paid on 9 Jan"
says it is paid now, as "the account was suspended in May" does not say it still is."""

WORKING_ADVERBS = frozenset({"fine", "well", "again", "properly", "normally", "now"})
"""What may stand beside "works" of a machine that is working ("has been working fine
since the repair", "is working again")."""

STARTING_VERBS = frozenset({"start", "begin", "commence"})
"""Verbs whose denial with nothing after it says a piece of work is not started ("the
migration hasn't started yet"): a progress of :data:`STATUS_WORDS` beside done and under
way."""

STATUS_PHRASES: Mapping[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("prep:in", "progress"): (("progress", "under way"),),
    ("prep:under", "way"): (("progress", "under way"),),
    ("prep:under", "construction"): (("progress", "under way"),),
    ("prep:on", "hold"): (("lifecycle", "paused"),),
}
"""A status said with a preposition: "is (still) in progress", "is on hold"."""

AGE_PARTS: Mapping[str, tuple[int, int]] = {"early": (0, 3), "mid": (3, 6), "late": (6, 9)}
"""The years of a decade of life each part covers ("in her early 30s": 30-33)."""

AGE_WORDS = frozenset({"year", "old"})
"""The words beside a number that make it an age ("34 years old", "a 29-year-old nurse")."""

JOBLESS_WORDS = frozenset({"unemployed", "jobless"})
"""Copula values that say a holder has no work now ("is currently unemployed"), against
a frame that names an employer or an occupation ("works at Acme")."""

TENURE_VERBS: Mapping[str, str] = {"rent": "rent", "lease": "rent", "own": "own"}
"""Verbs that say how a holder holds the home they live in: one way at a time."""
