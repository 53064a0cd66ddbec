"""The role a statement gives a named holder: "Priya is the team lead", "Priya is the
project manager for Atlas", "Priya's role on the Atlas project is tech lead", "Priya works
as a QA engineer", "Priya was promoted to team lead", "Role: Engineering Manager", and a
role denied ("Priya isn't the team lead anymore").

The small parser reads "lead" of "team lead" as a verb and "Priya is our account manager"
as the account manager's name; this reader takes the role by its words alone. A role is a
phrase of up to four words ending in a role noun (:data:`ROLE_NOUNS`) or one of their
initialisms ("PM", "CSM"; :data:`ROLE_INITIALISMS`), with what it is a role in (its scope:
"on Atlas", "the team's", "our"). Roles said before ("used to be", "was the") or in
addition ("is also") are not read as held now. Whether two holders are one is for the
caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from reverie.text.titles import singular
from reverie.text.vocabulary.titles import (
    INTERIM_WORDS,
    LEADING_TITLES,
    ONE_HOLDER_ROLES,
    ROLE_CLIPPED,
    ROLE_INITIALISMS,
    ROLE_NOUNS,
)

__all__ = ["Role", "RolesApart", "one_role", "roles", "roles_alike", "roles_apart"]


@dataclass(frozen=True)
class Role:
    """A role ``said`` of ``holder`` (lower case; "" for a key such as "Role: ..."):
    ``words`` in lower case, the last singular; ``scope`` the words of what it is a role
    in; ``denied`` when the statement says the holder does not hold it; ``keyed`` when
    said as the holder's role, title or position; ``definite`` when said as the one role of
    its kind ("the scrum master for Orion", "the team's QA", "our PM"), not one of several
    ("a developer on Atlas")."""

    said: str
    words: tuple[str, ...]
    holder: str
    scope: frozenset[str] = frozenset()
    denied: bool = False
    keyed: bool = False
    definite: bool = False


@dataclass(frozen=True)
class RolesApart:
    """Two roles of one holder that are not one role, and whether they exclude each other
    (``exclusive``: one said as the holder's role, both of one scope or none) or a
    statement denies the role the other gives (``denied``); ``likely`` when neither is
    said as the holder's role but each is the one role of its kind in one scope both name
    ("the product owner for Orion" / "the scrum master for Orion"): most likely one, though
    a person may hold both."""

    first: Role
    second: Role
    exclusive: bool
    denied: bool
    likely: bool = False


_HOLDER = (r"(?P<holder>(?:[A-Z][a-z]+|[A-Z]{2,})(?:\s+[A-Z][a-z]+)?|[Ss]he|[Hh]e"
           r"|[Tt]he\s+user|User)")
_DET = (r"(?:(?:(?:the\s+)?(?P<owner>[A-Za-z][\w-]*)'s"
        r"|(?P<det>(?i:the|a|an|our|their|his|her|its)))\s+)")
_PHRASE = r"(?P<phrase>[A-Za-z][\w&/-]*(?:\s+[A-Za-z][\w&/-]*){0,4})"
_NOT = r"(?P<neg>\s+not|n't|\s+no\s+longer)?"
_NOW = r"(?:\s+(?:now|currently|still|officially))?"
_FORMS = (
    # "Priya is the team lead", "Priya's a staff engineer", "Priya has been our PM",
    # "Priya isn't the team lead anymore"
    r"\b" + _HOLDER + r"(?:\s+is|'s|\s+has\s+been)" + _NOT + _NOW + r"\s+" + _DET + _PHRASE,
    # "Priya's role on the Atlas project is tech lead", "Priya's title: Staff Engineer"
    r"\b" + _HOLDER + r"'s\s+(?:current\s+|job\s+|official\s+)?(?P<key>role|title|position)"
    r"(?P<keyscope>\s+(?:on|in|for|at|within)\s+[\w' -]+?)?\s*(?::|=|\s+is" + _NOT + _NOW
    + r")\s+" + _DET + r"?" + _PHRASE,
    # "Priya works as a QA engineer", "serves as the team's scrum master"
    r"\b" + _HOLDER + r"\s+(?:works|serves|acts|is\s+working|is\s+serving)" + _NOW
    + r"\s+as\s+" + _DET + r"?" + _PHRASE,
    # "Priya was promoted to team lead", "Priya was made the PM", "Priya became a manager"
    r"\b" + _HOLDER + r"\s+(?:was|has\s+been|got)\s+(?:promoted|moved|made|named|appointed)"
    r"(?:\s+(?:to|as|into))?\s+" + _DET + r"?" + _PHRASE,
    r"\b" + _HOLDER + r"\s+became\s+" + _DET + r"?" + _PHRASE,
    # "Priya joined as a data scientist", "was hired on as PM", "took over as team lead"
    r"\b" + _HOLDER + r"\s+(?:joined(?:\s+[A-Z][\w&-]*)?|was\s+hired|took\s+over|stepped\s+in"
    r"|came\s+on\s+board)(?:\s+on)?\s+as\s+" + _DET + r"?" + _PHRASE,
    # "Priya moved into the PM role", "Priya holds the scrum master role", "is in a team
    # lead position"
    r"\b" + _HOLDER + r"\s+(?:moved|stepped|transitioned|switched|holds|fills|is\s+in|took\s+on"
    r"|has\s+taken\s+on)(?:\s+into)?\s+" + _DET + _PHRASE + r"\s+(?:role|position)\b",
    # "The team lead is Priya", "Atlas's project manager is now Priya Nair"
    r"(?:^|[;,]\s*)" + _DET + _PHRASE + r"\s+is" + _NOT + _NOW + r"\s+" + _HOLDER
    + r"\s*(?:[.;,]|$)",
    # "Role: Engineering Manager", "Title - Staff Engineer"
    r"(?:^|[;,]\s*)(?P<key>(?i:role|title|position|job\s+title))\s*(?::|-|=)\s*" + _DET + r"?"
    + _PHRASE,
    # "Priya is a staff engineer, not the team lead": the holder of the role before
    r"(?:,|\bbut)\s+(?P<neg>not)\s+" + _DET + _PHRASE,
)
_PATTERNS = tuple(re.compile(p) for p in _FORMS)
_SCOPE = re.compile(r"^\s+(?:on|for|in|of|at|within)\s+(?:the\s+)?"
                    r"(?P<scope>[\w&'-]+(?:\s+[\w&'-]+){0,2})")
_STOP = frozenset({
    "on", "for", "in", "of", "at", "within", "with", "and", "or", "but", "since", "from",
    "to", "by", "who", "which", "that", "now", "until", "as", "anymore", "again", "too",
    "also", "the", "a", "an", "is", "was", "has", "there", "here", "when", "while",
})
_SCOPE_STOP = _STOP - {"the"} | {"team", "project", "squad", "account", "org",
                                 "organisation", "organization", "company", "group"}
_PRONOUNS = frozenset({"she", "he"})
_DEFINITE = frozenset({"the", "our", "their", "his", "her", "its"})
_WHOSE = frozenset({"our", "their"})  # the writer's or a customer's side: no thing named
_ALSO = re.compile(r"\b(?:also|too|as\s+well)\b", re.I)


def _phrase(raw: str) -> tuple[str, ...] | None:
    """The role's words (lower case, the last singular) of the words after the article:
    up to the last role noun before a word that names none, or None without one."""
    words: list[str] = []
    for word in raw.split():
        if word.lower() in _STOP:
            break
        words.append(word)
    lowered = [w.lower() for w in words]
    ends = [i for i, w in enumerate(lowered)
            if singular(w) in ROLE_NOUNS or w in ROLE_INITIALISMS]
    if not ends or (ends[-1] != len(lowered) - 1 and lowered[ends[-1] + 1].endswith("'s")):
        return None
    kept = lowered[: ends[-1] + 1]
    kept[-1] = singular(kept[-1]) if kept[-1] not in ROLE_INITIALISMS else kept[-1]
    return tuple(kept)


def _scope_after(text: str, end: int) -> frozenset[str]:
    m = _SCOPE.match(text[end:])
    if m is None:
        return frozenset()
    return _scope_words(m.group("scope"))


def _scope_words(said: str) -> frozenset[str]:
    kept = []
    for word in re.sub(r"^the\s+", "", said.lower().replace("'s", "")).split():
        if word in _STOP:
            break
        kept.append(word)
    return frozenset(w for w in kept if w not in _SCOPE_STOP) or frozenset(kept)


@lru_cache(maxsize=1 << 14)
def roles(text: str) -> tuple[Role, ...]:
    """Every role ``text`` gives a holder now, in order; a role said "also" is left out,
    and a pronoun's holder is the holder named before it in the text."""
    found: list[tuple[int, Role]] = []
    taken: list[tuple[int, int]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            words = _phrase(m.group("phrase"))
            if words is None or _ALSO.search(text[m.start():m.start("phrase")]):
                continue
            start = m.start("phrase")
            said_end = start + len(" ".join(m.group("phrase").split()[: len(words)]))
            groups = m.groupdict()
            scope = _scope_after(text, said_end)
            if groups.get("keyscope"):
                scope |= _scope_words(re.sub(r"^\s*\w+\s+", "", groups["keyscope"]))
            if groups.get("owner"):
                scope |= {groups["owner"].lower()}
            elif (groups.get("det") or "").lower() in {"our", "their"}:
                scope |= {groups["det"].lower()}
            holder = (groups.get("holder") or "").lower()
            holder = re.sub(r"^the\s+", "", holder)
            definite = bool(groups.get("owner")) or (groups.get("det") or "").lower() in _DEFINITE
            taken.append((m.start(), said_end))
            found.append((m.start(), Role(
                text[start:said_end], words, holder, frozenset(scope),
                denied=bool(groups.get("neg")), keyed=bool(groups.get("key")), definite=definite)))
    ordered: list[Role] = []
    for _, role in sorted(found, key=lambda f: f[0]):
        if role.holder in _PRONOUNS or not (role.holder or role.keyed):
            named = [r.holder for r in ordered if r.holder and r.holder not in _PRONOUNS]
            role = replace(role, holder=named[-1] if named else "")
        ordered.append(role)
    return tuple(ordered)


def one_role(x: Role, y: Role) -> bool:
    """The two roles can be one: the words of one end the other's ("lead" / "team lead"),
    one role's initialism spells the other ("PM" / "product manager"), or one is the
    other with a rank before it ("engineer" / "senior engineer")."""
    a, b = _spelled(x.words), _spelled(y.words)
    return any(_ends(p, q) or _ends(q, p) for p in a for q in b)


def _spelled(words: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The role's words as one may spell them: an initialism spelled out ("PM": "product
    manager", ...), a clipped noun whole ("lead": "leader" is "lead")."""
    *before, last = words
    spelled = ROLE_INITIALISMS.get(last)
    if spelled is None:
        return ((*before, ROLE_CLIPPED.get(last, last)),)
    return tuple((*before, *s.split()) for s in spelled)


def _ends(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    return len(short) <= len(long) and long[len(long) - len(short):] == short


def _one_holder(x: Role, y: Role) -> bool:
    if not x.holder or not y.holder:
        return True
    a, b = set(x.holder.split()), set(y.holder.split())
    return a <= b or b <= a


def roles_apart(a: str, b: str) -> RolesApart | None:
    """The role each text gives one holder now, when they are not one role, or one text
    denies the role the other gives; None when either gives no role or two."""
    x = [r for r in roles(a) if not r.denied]
    y = [r for r in roles(b) if not r.denied]
    for held, denying in ((x, roles(b)), (y, roles(a))):
        for r in held:
            for d in denying:
                if d.denied and _one_holder(r, d) and one_role(r, d) and (
                        not d.scope or d.scope == r.scope):
                    first, second = (r, d) if held is x else (d, r)
                    return RolesApart(first, second, exclusive=True, denied=True)
    if len(x) != 1 or len(y) != 1:
        return None
    r, s = x[0], y[0]
    if not _one_holder(r, s) or one_role(r, s):
        return None
    # one said as the holder's role, of one scope or none: one role (two roles said
    # plainly may both hold: a project's tech lead is a developer on it too)
    exclusive = (r.keyed or s.keyed) and r.scope == s.scope
    likely = (bool(r.scope - _WHOSE) and r.scope == s.scope and r.definite and s.definite
              and _functions_apart(r, s))
    return RolesApart(r, s, exclusive=exclusive, denied=False, likely=likely)


def _functions_apart(r: Role, s: Role) -> bool:
    """Two roles that are two functions, not a lead and one led ("the team's tech lead" /
    "the team's most senior engineer", "the owner of the repo" / "its main maintainer"),
    two leads sharing a word ("tech lead" / "lead developer") or one held for a time
    ("the interim product manager")."""
    if INTERIM_WORDS & {*r.words, *s.words}:
        return False
    if _leading(r) != _leading(s):
        return False
    return not (_leading(r) and set(r.words) & set(s.words))


def _leading(r: Role) -> bool:
    """The role leads what it is a role in: a lead, head, chair or captain ("tech lead",
    "lead developer"), or a leading title alone ("the owner", "the manager")."""
    return (bool(ONE_HOLDER_ROLES.keys() & {ROLE_CLIPPED.get(w, w) for w in r.words})
            or (len(r.words) == 1 and r.words[0] in LEADING_TITLES))


def roles_alike(a: str, b: str) -> bool:
    """Each text gives one holder one role now, none denied, and the two are one role
    ("moved into the PM role" / "is a product manager")."""
    x, y = roles(a), roles(b)
    return (len(x) == 1 and len(y) == 1 and not x[0].denied and not y[0].denied
            and _one_holder(x[0], y[0]) and one_role(x[0], y[0]))
