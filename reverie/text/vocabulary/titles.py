"""Job-title words: the chief officers' initialisms and names, and the ranks of a ladder
("Junior", "Senior", "Director of", "VP of")."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "ACCOUNT_ROLES",
    "ACCOUNT_ROLE_VERBS",
    "ACCOUNT_THINGS",
    "BECOME_VERBS",
    "BUSINESS_FUNCTIONS",
    "CHIEF_OFFICERS",
    "CHIEF_RANK",
    "INTERIM_WORDS",
    "LEADER_NOUNS",
    "LEADING_TITLES",
    "LEADING_VERBS",
    "ONE_HOLDER_ROLES",
    "ONE_HOLDER_VERBS",
    "RANK_AFTER",
    "RANK_BEFORE",
    "ROLE_CLIPPED",
    "ROLE_INITIALISMS",
    "ROLE_NOUNS",
    "TITLE_WORDS",
    "TITLE_WORK_VERBS",
]

CHIEF_OFFICERS: Mapping[str, frozenset[str]] = {
    "ceo": frozenset({"executive"}),
    "cfo": frozenset({"financial"}),
    "coo": frozenset({"operating"}),
    "cto": frozenset({"technology"}),
    "cmo": frozenset({"marketing"}),
    "cio": frozenset({"information", "investment"}),
    "cpo": frozenset({"product", "people"}),
    "cro": frozenset({"revenue", "risk"}),
    "ciso": frozenset({"information security"}),
    "cso": frozenset({"security", "strategy"}),
    "cdo": frozenset({"data", "digital"}),
    "chro": frozenset({"human resources"}),
    "cco": frozenset({"commercial", "compliance"}),
}
"""A chief officer's initialism: what the C stands before ("CPO" is a Chief Product or
Chief People Officer); "Chief <word> Officer" names one of them."""

RANK_BEFORE: Mapping[str, int] = {
    "intern": 0, "trainee": 0, "junior": 1, "jr": 1, "associate": 2, "mid-level": 2,
    "senior": 3, "sr": 3, "staff": 4, "lead": 4, "principal": 5, "distinguished": 6,
}
"""Ranks written before a job ("Senior Designer"), lowest first: one holder's two of one
job are two titles. "Staff" and "Lead" share a rung (ladders differ)."""

RANK_AFTER: Mapping[str, int] = {
    "head": 7, "director": 7, "senior director": 8, "vp": 9, "vice president": 9,
    "svp": 10, "senior vice president": 10, "evp": 11, "executive vice president": 11,
}
"""Ranks written before "of" and a function ("Director of Sales", "VP of Sales")."""

CHIEF_RANK = 12
"""The rung of a chief officer ("CFO", "Chief People Officer"): above every rank of
:data:`RANK_AFTER`."""

BUSINESS_FUNCTIONS = frozenset({
    "sale", "sales", "marketing", "finance", "engineering", "product", "design", "hr",
    "people", "legal", "operation", "operations", "support", "security", "research",
    "procurement", "communications", "partnerships", "growth", "revenue", "talent",
})
"""A company's functions, each one a person heads ("Head of Sales", "VP of Marketing",
"runs the finance department"); a team inside one ("the platform team") is no function."""

TITLE_WORDS = frozenset({"title", "role", "position", "job", "rank", "level"})
"""Subjects of a title statement that say what is said, not whose ("Title: Jr.
Designer")."""

TITLE_WORK_VERBS = frozenset({"work", "serve", "act", "start", "join"})
"""Lemmas whose "as" gives their subject a title ("works as a junior assistant", "serves
as the team's tech lead")."""

BECOME_VERBS = frozenset({"become", "promote", "appoint", "name", "make", "hire", "elect"})
"""Lemmas by which a holder came to have a title: said in the past, the title holds now
("became VP of Sales", "was promoted to Director")."""

LEADING_VERBS = frozenset({"lead", "head", "manage", "run", "chair", "direct", "supervise",
                           "oversee", "captain"})
"""Lemmas by which a holder leads a group ("leads the data team", "runs support")."""

LEADING_TITLES = frozenset({"lead", "leader", "head", "manager", "director", "chief", "captain",
                            "chair", "chairman", "chairwoman", "chairperson", "supervisor",
                            "boss", "owner", "president", "principal", "founder", "coordinator"})
"""Titles of one who leads a group: what a verb of :data:`LEADING_VERBS` says again ("leads
the data team" / "is the data team's lead"), not another role in it."""

ONE_HOLDER_ROLES: Mapping[str, str] = {
    "lead": "lead", "leader": "lead", "head": "head", "chair": "chair", "chairperson": "chair",
    "captain": "captain", "dri": "dri"}
"""Nouns of the one who leads a thing, each as the role it names: "the lead of the payments
team is Tom", "Tom is the payments team's lead" (not "manager": one's manager is whom one
reports to, an attribute of its own)."""

INTERIM_WORDS = frozenset({"interim", "acting", "act", "temporary", "temp", "stand-in",
                           "caretaker"})
"""Words of a value or role held for a while, often beside the holder's own ("the interim
CFO", "acting head of finance", "temporary lead"); "act" is the parse's lemma of
"acting"."""

ACCOUNT_ROLES: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"account", "manager"}), "account manager"),
    (frozenset({"relationship", "manager"}), "account manager"),
    (frozenset({"account", "rep"}), "account manager"),
    (frozenset({"account", "representative"}), "account manager"),
    # the account owner a CRM names is the account executive who sells to it
    (frozenset({"account", "executive"}), "account owner"),
    (frozenset({"ae"}), "account owner"),
    (frozenset({"account", "owner"}), "account owner"),
    (frozenset({"account", "holder"}), "account owner"),
    (frozenset({"relationship", "owner"}), "account owner"),
    (frozenset({"account", "lead"}), "account owner"),
    (frozenset({"csm"}), "customer success manager"),
    (frozenset({"customer", "success", "manager"}), "customer success manager"),
)
"""Words of the one person on a seller's side who looks after a customer's account, each
with the role they name ("Globex's account manager is Tom", "the AE for Wayne Corp is
Diego"): one of each per account. The account owner a CRM names is the account executive;
an account manager, who looks after it once sold, may be another ("Kim is the AE on Wayne
Corp" / "Wayne Corp's account manager is Diego")."""

ACCOUNT_THINGS = frozenset({"account", "relationship"})
"""Nouns of a customer's account as a thing one looks after ("manages the Globex account",
"owns the Stark relationship")."""

ACCOUNT_ROLE_VERBS: Mapping[str, str] = {
    "manage": "account manager", "handle": "account manager", "run": "account manager",
    "cover": "account manager", "own": "account owner", "lead": "account owner",
    "assign": "account owner"}
"""Verbs by which one looks after a customer's account, each as the role it gives ("Priya
manages the Globex account": Globex's account manager is Priya; "Stark Industries is
assigned to Maya": its account owner is Maya)."""

ONE_HOLDER_VERBS: Mapping[str, str] = {"lead": "lead", "head": "head", "chair": "chair",
                                       "captain": "captain"}
"""Verbs by which one leads a thing, each as the role it gives: "Priya leads the payments
team" says the team's lead is Priya."""

LEADER_NOUNS = frozenset({"executive", "officer", "leader"})
"""Nouns of one who leads that a rank before describes, not a rung of a ladder: "a senior
finance executive" may be the CFO ("a senior product manager" is no director)."""

ROLE_NOUNS = frozenset({
    "lead", "leader", "manager", "engineer", "developer", "dev", "designer", "owner",
    "master", "analyst", "architect", "consultant", "intern", "contractor", "scientist",
    "coordinator", "specialist", "representative", "rep", "agent", "champion", "sponsor",
    "tester", "writer", "recruiter", "accountant", "director", "officer", "strategist",
    "marketer", "programmer", "researcher", "technician", "advocate", "steward",
    "maintainer", "executive", "administrator", "producer", "editor", "trainee", "contributor",
})
"""Nouns that end a role one holds in a team, a project or a company ("team lead", "QA
engineer", "scrum master", "account executive"); an access level ("admin", "viewer") is
another attribute, and a chief officer is a title (:data:`CHIEF_OFFICERS`)."""

ROLE_INITIALISMS: Mapping[str, tuple[str, ...]] = {
    "pm": ("product manager", "project manager", "program manager"),
    "tpm": ("technical program manager", "technical product manager"),
    "em": ("engineering manager",),
    "tam": ("technical account manager",),
    "csm": ("customer success manager",),
    "am": ("account manager",),
    "ae": ("account executive",),
    "sdr": ("sales development representative",),
    "sre": ("site reliability engineer",),
    "swe": ("software engineer",),
    "sde": ("software development engineer",),
    "po": ("product owner",),
    "ba": ("business analyst",),
    "qa": ("qa engineer", "qa tester", "quality assurance engineer"),
}
"""A role's initialism and the roles it may spell ("PM": a product, project or program
manager), for :func:`reverie.text.roles.one_role`."""

ROLE_CLIPPED: Mapping[str, str] = {
    "leader": "lead", "dev": "developer", "rep": "representative", "admin": "administrator",
    "programmer": "developer", "coder": "developer",
}
"""A role noun and the one it is said for, clipped or by another name ("lead" / "leader",
"dev" / "developer"): one role."""
