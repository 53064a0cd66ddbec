"""Closed sets of options a holder has one of at a time (a seat on the aisle or by the
window, a cabin class, a support tier, a clothing size, a keyboard layout, a data region,
a car's transmission and fuel, a kind of home, renting or owning it, a plan, a phone's
system, a main database, a mobile carrier, a file format): each option's words, the
options that may be one another, and the words that say which set a statement is of."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from reverie.text.vocabulary.products import (
    FILE_FORMATS,
    FILE_FORMATS_BEFORE_FILE,
    PRODUCT_ALIASES,
    PRODUCT_KINDS,
)

__all__ = ["OPTION_SETS", "OptionSet"]


@dataclass(frozen=True)
class OptionSet:
    """One closed set: ``options`` maps each word or phrase (lower case; ``upper``: said in
    capitals only) to the option it names; ``alike`` the options that may be one another;
    a statement is of the set when it says a ``strong`` word, or a ``weak`` one beside a
    statement with a strong word; ``things`` are the things that have an option (a car, a
    van; a shirt, a jacket): two statements naming two things are of two; ``proper``:
    said capitalised only ("Team", not "the team"); ``branded``: an option
    right after another name is that name's ("Spotify Premium", "MacBook Pro"), not of
    this set; ``wished``: a wish says which option is held ("wants an aisle seat"), or,
    False, that it is not yet ("wants the Pro plan")."""

    options: Mapping[str, str]
    strong: frozenset[str]
    weak: frozenset[str] = frozenset()
    alike: frozenset[frozenset[str]] = frozenset()
    upper: frozenset[str] = field(default_factory=frozenset)
    things: frozenset[str] = frozenset()
    proper: frozenset[str] = frozenset()
    branded: bool = False
    wished: bool = True
    thing_of: Mapping[str, str] = field(default_factory=dict)
    """Options that name the thing they are of ("iPhone": a phone): a statement saying one
    names that thing, as if it said its word."""
    ways: Mapping[str, str] = field(default_factory=dict)
    """Words that say which way a thing with an option goes ("imports": in, "exports":
    out): two statements of two ways are of two things (what comes in, what goes out)."""
    strong_phrases: frozenset[str] = frozenset()
    """Phrases of weak words that say the set as a strong word does ("cell provider")."""
    chosen_only: bool = False
    """An option is read only in a statement with a weak word too, one that says it is
    chosen or used ("prefers bullet points"; not "reads long paragraphs slowly")."""

    @property
    def words(self) -> frozenset[str]:
        """The words that say a statement is of the set, strong or weak."""
        return self.strong | self.weak


# the names of plans, said capitalised ("the Team plan", not "the team"); each also with
# "Plus" or "+" after it, another plan ("Pro" / "Pro Plus")
_PLANS: Mapping[str, str] = {
    "free": "free", "basic": "basic", "starter": "starter", "pro": "pro",
    "professional": "pro", "premium": "premium", "business": "business", "team": "team",
    "teams": "team", "enterprise": "enterprise", "growth": "growth", "standard": "standard",
    "essentials": "essentials", "ultimate": "ultimate", "lite": "lite", "hobby": "hobby",
    "advanced": "advanced", "unlimited": "unlimited", "scale": "scale", "elite": "elite",
    "family": "family", "individual": "individual", "student": "student"}
_PLAN_NAMES: Mapping[str, str] = {
    **_PLANS, **{f"{p} plus": f"{_PLANS[p]} plus" for p in _PLANS},
    **{f"{p}+": f"{_PLANS[p]} plus" for p in _PLANS}}


def _alike(*groups: tuple[str, ...]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(g) for g in groups)


# words of travel, which make "window" and "economy" a seat and a class ("always picks the
# window"; not "keeps the window open", "the economy is slowing")
_TRAVEL = frozenset({"book", "books", "booked", "booking", "flight", "flights", "fly", "flies",
                     "flying", "flew", "plane", "airline", "takeoff", "trip", "trips",
                     "ticket", "tickets", "boarding", "layover"})

_GARMENTS = frozenset({"shirt", "shirts", "t-shirt", "t-shirts", "tee", "tees", "hoodie",
                       "hoodies", "jacket", "jackets", "sweater", "sweaters", "polo",
                       "jersey", "coat", "coats", "dress", "dresses", "pants", "trousers",
                       "jeans"})
_VEHICLES = frozenset({"car", "cars", "suv", "van", "vans", "truck", "trucks", "vehicle",
                       "vehicles", "sedan", "hatchback", "pickup", "motorbike", "scooter"})


def _products(kind: str, *, leaving: frozenset[str] = frozenset()) -> dict[str, str]:
    """The products of one sort (:data:`~reverie.text.vocabulary.products.PRODUCT_KINDS`),
    each as the one it is another name of ("postgres": postgresql), those ``leaving`` out."""
    return {name: PRODUCT_ALIASES.get(name, name) for name, sort in PRODUCT_KINDS.items()
            if sort == kind and name not in leaving}


# mobile carriers named by a word of English besides
_WORD_CARRIERS = frozenset({"sprint", "cricket", "rogers", "bell", "three", "fido"})


# kinds of document or data a format is for: two statements naming two are of two
_DOCUMENTS = frozenset({
    "report", "reports", "invoice", "invoices", "export", "exports", "answer", "answers",
    "reply", "replies", "note", "notes", "contract", "contracts", "slide", "slides", "deck",
    "decks", "feed", "feeds", "statement", "statements", "receipt", "receipts",
    "documentation", "summary", "summaries", "table", "tables", "image", "images", "chart",
    "charts", "log", "logs", "backup", "backups", "api", "response", "responses", "dataset",
    "datasets", "minutes", "agenda", "agendas", "resume", "cv", "photo", "photos",
    "screenshot", "screenshots", "email", "emails", "newsletter", "newsletters", "letter",
    "letters", "quote", "quotes", "proposal", "proposals", "spec", "specs", "data",
})

# what a layout of text is for: two statements naming two are of two ("numbered steps for
# instructions" / "the summary in paragraphs")
_TEXTS = _DOCUMENTS | frozenset({
    "explanation", "explanations", "update", "updates", "message", "messages", "step",
    "steps", "instruction", "instructions", "feedback", "recap", "recaps", "review",
    "reviews", "item", "items", "point", "points", "writeup", "write-up", "comment",
    "comments", "post", "posts", "description", "descriptions"})
_BULLETS = ("bullet points", "bullet point", "bullets", "bulleted list", "bulleted lists",
            "bullet list", "bullet lists", "bullet form", "bulleted form")

OPTION_SETS: Mapping[str, OptionSet] = {
    "text layout": OptionSet(
        options={**dict.fromkeys(_BULLETS, "bullets"),
                 **dict.fromkeys(("numbered list", "numbered lists", "numbered steps"),
                                 "numbered"),
                 **dict.fromkeys(("paragraphs", "paragraph form", "prose", "full sentences",
                                  "full paragraphs", "continuous prose"), "prose")},
        strong=frozenset({"bullet", "bullets", "bulleted", "numbered", "paragraphs",
                          "paragraph", "prose", "layout", "formatting", "formatted"}),
        weak=frozenset({"prefers", "prefer", "preferred", "likes", "like", "wants", "want",
                        "write", "writes", "written", "use", "uses", "in", "as", "keep",
                        "format", "structure", "structured"}),
        alike=_alike(("bullets", "numbered")),  # a list either way
        things=_TEXTS,
        chosen_only=True,
    ),
    "seat": OptionSet(
        options={"aisle": "aisle", "window": "window", "middle seat": "middle",
                 "middle seats": "middle"},
        strong=frozenset({"seat", "seats", "seating"}),
        weak=_TRAVEL,
    ),
    "cabin class": OptionSet(
        options={"economy": "economy", "coach": "economy", "premium economy": "premium",
                 "business class": "business", "flies business": "business",
                 "fly business": "business", "first class": "first"},
        strong=frozenset({"class", "cabin"}),
        weak=_TRAVEL | {"seat", "seats"},
    ),
    "tier": OptionSet(
        options={"bronze": "bronze", "silver": "silver", "gold": "gold",
                 "platinum": "platinum", "diamond": "diamond"},
        strong=frozenset({"tier", "level", "status", "membership", "sla"}),
        # not "plan" nor "account": a plan's tier and a support tier may differ
        weak=frozenset({"support", "member", "partner", "customer"}),
        # what has the tier: a support tier and a partner tier are two
        things=frozenset({"support", "member", "partner", "customer"}),
    ),
    "clothing size": OptionSet(
        options={"xxs": "xxs", "xs": "xs", "s": "s", "m": "m", "l": "l", "xl": "xl",
                 "xxl": "xxl", "2xl": "xxl", "xxxl": "xxxl", "3xl": "xxxl",
                 "extra small": "xs", "small": "s", "medium": "m", "large": "l",
                 "extra large": "xl"},
        strong=frozenset({"size", "sizes"}),
        weak=_GARMENTS | {"wears", "wear", "fits"},
        upper=frozenset({"xxs", "xs", "s", "m", "l", "xl", "xxl", "2xl", "xxxl", "3xl"}),
        things=_GARMENTS,
    ),
    "pronouns": OptionSet(
        options={"she/her": "she", "she/hers": "she", "he/him": "he", "he/his": "he",
                 "they/them": "they", "ze/zir": "ze", "xe/xem": "xe", "she/they": "she/they",
                 "he/they": "he/they"},
        strong=frozenset({"pronoun", "pronouns"}),
        weak=frozenset({"uses", "use", "goes", "prefers"}),
        alike=_alike(("she", "she/they"), ("he", "he/they"), ("they", "she/they"),
                     ("they", "he/they")),
    ),
    "keyboard layout": OptionSet(
        options={"qwerty": "qwerty", "azerty": "azerty", "qwertz": "qwertz",
                 "dvorak": "dvorak", "colemak": "colemak"},
        strong=frozenset({"keyboard", "layout", "qwerty", "azerty", "qwertz", "dvorak",
                          "colemak"}),
        weak=frozenset({"types", "type", "typing", "uses"}),
    ),
    "data region": OptionSet(
        options={"eu": "eu", "europe": "eu", "us": "us", "uk": "uk", "apac": "apac",
                 **{f"{area}-{side}-{n}": area for area in ("us", "eu", "ap", "ca", "sa")
                    for side in ("east", "west", "north", "south", "central",
                                 "northeast", "southeast")
                    for n in ("1", "2", "3")}},
        strong=frozenset({"region", "residency", "datacenter", "datacentre"}),
        weak=frozenset({"hosted", "hosting", "stored", "data", "datum", "stay", "stays", "host",
                        "hosts", "deployed", "tenant"}),
        alike=_alike(("eu", "uk"), ("us", "ca")),
        upper=frozenset({"eu", "us", "uk", "apac"}),
    ),
    "transmission": OptionSet(
        options={"manual": "manual", "stick shift": "manual", "stick": "manual",
                 "automatic": "automatic"},
        strong=frozenset({"transmission", "gearbox", "stick", "shift"}),
        weak=frozenset({"drive", "drives", "driving", "drove", "car", "cars", "only",
                        "learned"}),
    ),
    "fuel": OptionSet(
        options={"electric": "electric", "ev": "electric", "diesel": "diesel",
                 "petrol": "petrol", "gasoline": "petrol", "gas-powered": "petrol",
                 "hybrid": "hybrid", "plug-in hybrid": "hybrid"},
        strong=_VEHICLES,
        weak=frozenset({"drive", "drives", "driving", "fills", "charges", "charging"}),
        things=_VEHICLES - {"vehicle", "vehicles"},
        alike=_alike(("hybrid", "electric"), ("hybrid", "petrol"), ("hybrid", "diesel")),
        upper=frozenset({"ev"}),
    ),
    "home": OptionSet(
        options={"apartment": "flat", "flat": "flat", "condo": "flat", "studio": "flat",
                 "loft": "flat", "high-rise": "flat", "house": "house",
                 "detached house": "house", "townhouse": "house", "bungalow": "house",
                 "farmhouse": "house", "cottage": "house", "ranch house": "house",
                 "one-story house": "house"},
        strong=frozenset({"lives", "live", "living", "lived"}),
        weak=frozenset({"home", "place", "our", "my"}),
    ),
    "plan": OptionSet(
        options=_PLAN_NAMES,
        # a tier, a licence, an edition or a membership names a plan as a plan does
        # ("Tier: Business", "on the Advanced licence", "a Premium member"); a support
        # tier's options are metals, not these
        # "a free account", "the account is Premium": an account's plan
        strong=frozenset({"plan", "subscription", "subscribed", "subscribes", "subscriber",
                          "tier", "license", "licence", "licensed", "edition", "member",
                          "membership", "account", "version"}),
        weak=frozenset({"upgraded", "downgraded", "pay", "pays", "paying", "paid",
                        "customer", "seats", "user", "moved", "switched", "on"}),
        proper=frozenset(_PLAN_NAMES),
        branded=True,
        wished=False,
    ),
    # a database is read where one statement names what it is ("Primary DB:"): a product
    # may be one of several in use ("uses Postgres" / "uses MongoDB"); a carrier, a
    # phone's system or a plan names its sort. Names that are English words besides count
    # capitalised only. (A computer's system is left to one-value-attribute: read this
    # way, two in use were called a contradiction too often.)
    "phone platform": OptionSet(
        options={"iphone": "ios", "iphones": "ios", "ios": "ios", "android": "android",
                 "pixel": "android", "galaxy": "android"},
        # the system of a phone the holder has: "iOS" or "Android" alone may be what one
        # builds for ("develops iOS apps")
        strong=frozenset({"iphone", "iphones", "phone", "phones", "smartphone"}),
        weak=frozenset({"uses", "use", "has", "have", "owns", "carries", "on", "switched"}),
        things=frozenset({"phone", "phones", "smartphone", "tablet", "tablets", "watch"}),
        thing_of={"iphone": "phone", "iphones": "phone", "pixel": "phone"},
        proper=frozenset({"pixel", "galaxy"}),
        wished=False,
    ),
    "database": OptionSet(
        # "Cassandra" is a name besides; "Oracle" alone a company
        options=_products("database", leaving=frozenset({"cassandra"})),
        strong=frozenset({"database", "databases", "db", "dbs", "datastore", "datastores"}),
        weak=frozenset({"stores", "store", "stored", "data", "runs", "run", "uses", "use",
                        "on", "persists", "migrated", "moved", "postgresql", "postgres",
                        "mysql", "mariadb", "sqlite", "mongodb", "cockroachdb", "dynamodb",
                        "firestore", "couchbase", "mssql"}),
        wished=False,
    ),
    "data warehouse": OptionSet(
        # "snowflake" is a word besides: capitalised only, or before "warehouse"
        options={"snowflake": "snowflake", "bigquery": "bigquery", "redshift": "redshift",
                 "databricks": "databricks", "synapse": "synapse", "clickhouse": "clickhouse"},
        strong=frozenset({"warehouse", "warehouses", "lakehouse"}),
        weak=frozenset({"data", "uses", "use", "runs", "on", "moved", "migrated",
                        "switched", "analytics"}),
        proper=frozenset({"snowflake", "synapse"}),
        wished=False,
    ),
    # the tools a team keeps its work in, one of each at a time: where its tickets are, its
    # customers, its servers ("uses Jira for tickets" / "tracks tickets in Linear")
    "issue tracker": OptionSet(
        # "linear" and "shortcut" are words besides: capitalised only
        options={"jira": "jira", "linear": "linear", "asana": "asana", "trello": "trello",
                 "youtrack": "youtrack", "clickup": "clickup", "shortcut": "shortcut",
                 "github issues": "github issues", "gitlab issues": "gitlab issues",
                 "monday.com": "monday", "azure boards": "azure boards"},
        strong=frozenset({"ticket", "tickets", "tracker", "issues", "backlog", "bugs"}),
        # no word that may be a holder ("team", "work"): a set's words are no one's
        weak=frozenset({"uses", "use", "track", "tracks", "tracked", "tracking", "in", "on",
                        "moved", "migrated", "switched", "filed", "logged"}),
        proper=frozenset({"linear", "shortcut"}),
        wished=False,
    ),
    "crm": OptionSet(
        options={"salesforce": "salesforce", "hubspot": "hubspot", "pipedrive": "pipedrive",
                 "zoho crm": "zoho", "zoho": "zoho", "dynamics 365": "dynamics",
                 "microsoft dynamics": "dynamics", "freshsales": "freshsales",
                 "copper": "copper", "attio": "attio"},
        strong=frozenset({"crm", "crms"}),
        weak=frozenset({"deals", "deal", "pipeline", "leads", "contacts", "uses", "use",
                        "tracks", "track", "in", "on", "moved", "migrated", "switched"}),
        proper=frozenset({"copper"}),
        wished=False,
    ),
    "cloud provider": OptionSet(
        # "google cloud" and its product names; "oracle" alone is a company
        options={"aws": "aws", "amazon web services": "aws", "azure": "azure",
                 "microsoft azure": "azure", "gcp": "gcp", "google cloud": "gcp",
                 "google cloud platform": "gcp", "digitalocean": "digitalocean",
                 "oracle cloud": "oracle cloud", "ibm cloud": "ibm cloud",
                 "hetzner": "hetzner", "linode": "linode", "alibaba cloud": "alibaba cloud"},
        strong=frozenset({"cloud", "hosted", "hosts", "host", "hosting", "provider"}),
        weak=frozenset({"on", "runs", "run", "uses", "use", "deployed", "deploys", "deploy",
                        "moved", "migrated", "switched"}),
        upper=frozenset({"aws", "gcp"}),
        wished=False,
    ),
    "file format": OptionSet(
        # "doc" and "md" are words besides ("a doc", "M.D."); "excel" a verb
        options={**{name: sort for name, sort in FILE_FORMATS.items() if name not in {"doc", "md"}},
                 # a file's extension ("as .docx files")
                 **{f".{name}": sort for name, sort in FILE_FORMATS.items() if name.isalpha()},
                 "pdfs": "pdf", "csvs": "csv", "plain text": "text", "powerpoint": "pptx",
                 "pptx": "pptx", "ppt": "pptx",
                 # a word that is a common word too, before a noun of a file ("in Word
                 # format", "as Word documents"; not "in a word")
                 **{f"{name} {noun}": sort for name, sort in FILE_FORMATS_BEFORE_FILE.items()
                    for noun in ("format", "document", "documents", "file", "files", "doc",
                                 "docs")}},
        strong=frozenset({"format", "formats", "file", "files", "pdf", "pdfs", "csv", "csvs",
                          "json", "xml", "xlsx", "docx", "markdown", "yaml", "pptx",
                          "parquet", "spreadsheet", "spreadsheets"}),
        weak=frozenset({"send", "sent", "sends", "export", "exports", "exported", "attach",
                        "attached", "deliver", "delivered", "share", "shared", "get", "gets",
                        "go", "goes", "come", "comes", "return", "returns", "want", "wants",
                        "prefer", "prefers", "as", "in"}),
        things=_DOCUMENTS,
        proper=frozenset({"excel", "powerpoint"}),
        ways={**dict.fromkeys(("import", "imports", "imported", "upload", "uploads",
                               "uploaded", "accept", "accepts", "accepted", "ingest",
                               "ingests", "receive", "receives", "received", "read", "reads",
                               "parse", "parses"), "in"),
              **dict.fromkeys(("export", "exports", "exported", "send", "sends", "sent",
                               "return", "returns", "returned", "deliver", "delivers",
                               "delivered", "output", "outputs", "generate", "generates",
                               "produce", "produces"), "out")},
    ),
    "mobile carrier": OptionSet(
        # carriers whose names are words besides ("a sprint", "a bell", "three"), read
        # capitalised only; "EE" in capitals only
        options={**_products("mobile carrier"), **{name: name for name in _WORD_CARRIERS},
                 "ee": "ee"},
        strong=frozenset({"carrier", "verizon", "t-mobile", "vodafone", "telstra", "optus",
                          "airtel", "telus", "o2", "giffgaff"}),
        weak=frozenset({"mobile", "cell", "cellular", "cellphone", "phone", "wireless",
                        "provider", "network", "service", "on", "with", "switched",
                        "subscriber", "operator"}),
        strong_phrases=frozenset(f"{what} {kind}" for what in ("cell", "cellular", "mobile",
                                                             "phone", "wireless")
                                 for kind in ("provider", "network", "service", "operator")),
        # "a work phone on Verizon" / "the personal phone is on T-Mobile": two lines
        things=frozenset({"phone", "phones", "line", "lines", "sim", "number", "numbers"}),
        proper=_WORD_CARRIERS,
        upper=frozenset({"ee"}),
        wished=False,
    ),
}
"""The closed sets, by name."""
