"""Which attribute a clause gives a value of, where a holder has one value at a time.

A clause names such an attribute in one of these ways (the word data is
:mod:`reverie.text.vocabulary.attributes`):

* an argument headed by an attribute noun, its value in a modifier: "is on the **Pro**
  plan" / "subscribes to the **Basic** plan" (attribute ``plan``), or a copula whose
  subject is that noun ("the user's role is **admin**");
* an argument whose WordNet kind is one attribute's values, whatever the verb: "bills in
  **euros**" / "is invoiced in US **dollars**" (``currency``); a word of two kinds gives
  both ("pounds");
* a frame that states the attribute: "**lives in** Paris" / "is **based in** Berlin" /
  "**moved to** Denver" (``residence (city)``), "**grew up in** Lyon" (``origin``, true
  in the past tense too), "**works at** Google" / "is **employed by** Microsoft" / "has
  a **job at** Nintendo" (``employer``, never a part of one: a team, an office), "**works
  as** a nurse" (``occupation``), "wants **answers in** Spanish" (``reply language``);
* a version: one product with another version number ("Python **3.9**" / "Python
  **3.12**").

:func:`held` lists them for a clause, :func:`other_values` says whether two of them are
two values of one attribute. Whether the two clauses speak of one holder, now, without
"also", is for :mod:`reverie.judges.frames` to say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from reverie.judges.lexicon import is_kind_of, is_noun, one_noun
from reverie.judges.nlp import LIKE, NAME_SLOT, SELF, Arg, Clause, dated
from reverie.text.vocabulary.attributes import (
    AGE_PARTS,
    AGE_WORDS,
    ANY_WORK_NOUNS,
    ATTRIBUTE_NAMES,
    ATTRIBUTE_QUALIFIERS,
    BILLING_WORDS,
    BRANCH_FRAMES,
    BRANCH_NAMES,
    CHANNEL_SLOTS,
    CHANNEL_VERBS,
    CHOSEN_ONE,
    COMPANY_NOUNS,
    CONTACT_NOUNS,
    CONTACT_VERBS,
    CURRENCY_NAMES,
    DELIVERY_VERBS,
    DOLLAR_COUNTRIES,
    DWELLING_NOUNS,
    EMPLOYEE_NOUNS,
    EMPLOYER_FRAMES,
    EMPLOYER_KINDS,
    EMPLOYER_PARTS,
    EMPLOYER_WORDS,
    FREQUENCIES,
    GOVERNED_PLACES,
    HOME_NOUNS,
    HOURS_WORKED,
    INDUSTRY_WORDS,
    JOB_NOUNS,
    JOBLESS_WORDS,
    JOINING_FRAMES,
    LASTING_STATES,
    MAIN_QUALIFIERS,
    MANAGER_FRAMES,
    MARRIED_WORDS,
    MESSAGE_NOUNS,
    NOT_HELD_VERBS,
    NOT_HOME_WORDS,
    OCCUPATION_FRAMES,
    OCCUPATION_KINDS,
    OCCUPATION_NOUNS,
    ONE_VALUE_NOUNS,
    ORIGIN_FRAMES,
    ORIGIN_NOUNS,
    OWNER_FRAMES,
    OWNER_NOUNS,
    OWNING_GROUPS,
    PASTIME_WORDS,
    PLACE_KINDS,
    QUALIFIER_VALUES,
    REPLY_WORDS,
    RESIDENCE_FRAMES,
    RESIDENT_NOUNS,
    SPOUSE_NOUNS,
    STARTING_VERBS,
    STATUS_PHRASES,
    STATUS_WORDS,
    TEACHING_KIND,
    TEACHING_VERBS,
    TENURE_VERBS,
    VALUE_KINDS,
    VALUE_WORDS,
    WORKING_ADVERBS,
    WORKPLACE_FRAMES,
)
from reverie.text.vocabulary.calendar_words import MONTHS
from reverie.text.vocabulary.channels import CHANNEL_NAMES
from reverie.text.vocabulary.function_words import (
    EXCLUSIVE,
    PART_WORDS,
    SELF_WORDS,
    SOLE,
    THIRD_PERSONS,
)
from reverie.text.vocabulary.languages import LANGUAGE_NAMES
from reverie.text.vocabulary.number_words import TENS
from reverie.text.vocabulary.products import (
    ACCESS_LEVELS,
    ACCESS_NOUNS,
    ACCOUNT_WORDS,
    CARRIER_NAMES,
    CARRIER_WORDS,
    COMPUTER_WORDS,
    CUSTOMER_NOUNS,
    DEVICE_NOUNS,
    FILE_FORMATS,
    FILE_FORMATS_BEFORE_FILE,
    FILE_NOUNS,
    PHONE_WORDS,
    PRODUCT_ALIASES,
    PRODUCT_FAMILIES,
    PRODUCT_KINDS,
    SHIPPED_WORDS,
    SHIPPING_FRAMES,
    SHIPPING_WORDS,
    SOFTWARE_WORDS,
    USE_FRAMES,
    VERSION_FRAMES,
    VERSIONED_PRODUCTS,
    VIRTUAL_WORDS,
)
from reverie.text.vocabulary.titles import (
    ACCOUNT_ROLE_VERBS,
    ACCOUNT_ROLES,
    ACCOUNT_THINGS,
    ONE_HOLDER_ROLES,
    ONE_HOLDER_VERBS,
    ROLE_INITIALISMS,
)
from reverie.text.vocabulary.verbs import CHANGE_VERBS, HAVING_VERBS
from reverie.text.zones import one_zone, value_offsets

__all__ = ["Held", "a_people", "age_span", "held", "not_started", "other_values", "place_kind",
           "whole_of"]

_EMPLOYER_SLOTS = frozenset({"prep:at", "prep:for", "prep:with"})
# what says a value is the only one, in a subject ("one" is read as the figure 1)
_ONE_WORDS = SOLE | EXCLUSIVE | {"1", "one", "just"}
# the device whose system an attribute is, or what else holds it for its holder: its words
# name no other holder ("Dana's plan renews annually", "Omar's clock is set to GMT")
_DEVICE_WORDS = {
    "system": COMPUTER_WORDS,
    "phone system": PHONE_WORDS,
    "plan": ACCOUNT_WORDS,
    "billing cycle": ACCOUNT_WORDS | {"bill", "billing", "plan", "subscription", "membership",
                                      "contract", "license", "licence"},
    "database": SOFTWARE_WORDS,
    "mobile carrier": PHONE_WORDS | CARRIER_WORDS,
    "shipping carrier": SHIPPED_WORDS | SHIPPING_WORDS,
    "time zone": frozenset({"clock", "calendar", "watch"}),
}

# "the shipping carrier is FedEx", "our courier is DHL", "the logistics partner is UPS"
_CARRIER_HEADS = frozenset({"carrier", "courier", "partner", "provider"})
_SHIPPING_CARRIERS = frozenset(n for n, kind in PRODUCT_KINDS.items()
                               if kind == "shipping carrier")

# a company's head office is where it is: "Acme's headquarters is in Austin" says where Acme
# is, as "Acme is headquartered in Austin" does; "Acme's office in Denver" is one of several
_HEAD_OFFICES = (frozenset({"headquarters"}), frozenset({"hq"}), frozenset({"head", "office"}),
                 frozenset({"main", "office"}))


@dataclass(frozen=True)
class Held:
    """One attribute's value in a clause: the attribute, the argument, the words that say
    which value, and whether only a copula says it (``weak``: "is a nurse" is an
    occupation for sure against a clause that names one, "works as a teacher"; against
    another copula, "is a cook", only likely: a person may have two)."""

    attribute: str
    arg: Arg
    value: frozenset[str]
    weak: bool = False
    # subject words that name the attribute, not its holder ("the user's time zone is EST")
    owned: frozenset[str] = frozenset()
    permanent: bool = False  # true in the past tense too: where one comes from
    # whose it is where the subject does not say it: "contact Dana by phone" (Dana's),
    # "Priya manages the Globex account" (Globex's)
    whose: frozenset[str] = frozenset()

    def holder(self, c: Clause, other: frozenset[str]) -> frozenset[str]:
        """Whose attribute it is: the clause's subject without the attribute's noun and
        those of its words the other statement (lemmas ``other``) says too ("the user's
        role in the billing project": the project stays, another scope); the note's
        holder when the subject was the attribute alone ("my hometown is Chicago"); whom
        an order is about ("contact Dana by phone"), else the note's holder, when the parse
        found no subject ("Billed monthly.")."""
        if self.whose or not c.subject:
            return self.whose or frozenset({SELF})
        # "the user's computer runs Windows", "the user's phone runs Android", "Acme's
        # workspace is on the Team plan": the holder's
        device = _DEVICE_WORDS.get(self.attribute)
        if device:
            c = replace(c, subject=c.subject - device)
        if self.attribute.startswith("residence"):
            head = next((words for words in _HEAD_OFFICES if words <= c.subject), None)
            if head is not None:
                c = replace(c, subject=(c.subject - head) or frozenset({SELF}))
        # "the user's subscription is the Basic plan": the subject names the attribute too
        naming = frozenset(w for w in c.subject
                           if _named(w) == self.attribute or w in self.attribute.split()
                           # "the account holder is Dana": the owner's noun
                           or (self.attribute.startswith("owner") and w in OWNER_NOUNS)
                           # "Priya's role on the docs": the access's noun
                           or (self.attribute.startswith("access") and w in ACCESS_NOUNS)
                           # "the team leader is Tom": the lead's noun
                           or ONE_HOLDER_ROLES.get(w) == self.attribute.split()[0]
                           or _compound_of(w, self.attribute)
                           # "Job: barista", "Dana's profession is nursing"
                           or (self.attribute == "occupation" and w in _OCCUPATION_NAMING))
        owned = self.owned & ({c.subject_head} | other | ATTRIBUTE_QUALIFIERS) | naming
        if naming or self.owned:  # "the user's default currency": the user's
            owned |= c.subject & ATTRIBUTE_QUALIFIERS
        if c.only:  # "Sofia's one and only employer", "her sole employer": of the value
            owned |= c.subject & _ONE_WORDS
        if self.arg.role == "attr":
            # a copula's value is no holder: "Priya is the account owner", read as "the
            # account owner is Priya", keeps Priya in its subject
            owned |= self.value
        return (c.subject - owned) or frozenset({SELF})


# nouns of a subject that name the occupation its copula gives
_OCCUPATION_NAMING = OCCUPATION_NOUNS | {"career"}


def held(c: Clause, names: frozenset[str] = frozenset()) -> tuple[Held, ...]:
    """The one-value attributes ``c`` gives a value of (none for a wish, a visit, a change);
    ``names`` are the statement's proper names (:attr:`Analysis.salient`)."""
    if c.subject_head in PART_WORDS:  # "most of the team": a part, not the group
        return ()
    origins = (*(_origin(c.predicate, x) for x in c.args), _reply_language(c), _file_format(c),
               _channel(c, names), _own_job(c))
    found: list[Held] = [h for h in origins if h is not None]
    wished = c.predicate in NOT_HELD_VERBS and not c.exclusive  # "prefers" is a choice
    if found or wished or c.predicate in CHANGE_VERBS:
        return tuple(found)
    found.extend(_status(c))
    working = _working(c)
    if working is not None:
        found.append(working)
    attr = c.arg("attr")
    if c.predicate == "be" and attr is not None:
        # "the user's role is administrator": the subject names the attribute
        named = _named_by_subject(c, attr, names)
        if named is not None:
            found.append(_as_access(named, c, names))
    # one attribute the clause as a whole says ("uses Windows as her operating system")
    said = (_named_as(c) or _named_on(c, names) or _looks_after(c, names)
            or _manager(c, names) or _home(c)
            or _age(c, names) or _tenure(c) or _job_at(c, names) or _company_named(c, names)
            or _at_since(c, names)
            or _on_payroll(c, names) or _the_only_one(c) or _owns(c, names)
            or _leads(c, names)
            or _joined(c, names) or _job_held(c, names) or _teaches_at(c, names)
            or _for_a_living(c)
            or _married_to(c, names)
            or _at_a_name(c, names))
    if said is not None:
        found.append(said)
    for x in c.args:
        branch = _branch(c, x)
        if branch is not None:
            found.append(branch)
            continue
        if not x.head or x.role in {"adv", "xcomp"} or (said and x.role == "prep:as"):
            continue
        if x.head in HOURS_WORKED:  # "is employed full-time at Oracle", "works full-time
            # as a pharmacist": the parse hung the employer or the job on the hours
            x = _hung_on(x, ("prep:at", "prep:by", "prep:for", "prep:as")) or x
        access = _access(c, x, names)
        if access is not None:
            found.append(access)
            continue
        version = _version(c, x, names)  # "runs Windows 11": a version, and a system
        product = _product(c, x)
        found.extend(h for h in (version, product) if h is not None)
        if version is None and product is None:
            found.extend(_held(c.predicate, x, names) or _held_in_object(c, x, names))
    cycle = _billing_cycle(c)  # beside the others: "pays on the monthly plan" names both
    if cycle is not None:
        found.append(cycle)
    return (*(_as_cycle(h) for h in found), *_employment(c, found))


def _as_cycle(h: Held) -> Held:
    """A plan named by how often it is billed ("is on an annual plan") is the billing cycle,
    not a tier."""
    if h.attribute != "plan" or not h.value or not h.value <= FREQUENCIES.keys():
        return h
    return replace(h, attribute="billing cycle",
                   value=frozenset(FREQUENCIES[w] for w in h.value))


def _as_access(h: Held, c: Clause, names: frozenset[str]) -> Held:
    """A role whose value is a level of access ("Role: admin") is the holder's access, as
    "has admin access" says (a ``weak`` value), to the resource the subject names besides
    ("Priya's role on the docs is read-only": access to the docs, as "has editor
    permissions on the docs" says); any other role stays one ("Role: Product Manager")."""
    if h.attribute != "role" or not h.value or not h.value <= ACCESS_LEVELS.keys():
        return h
    level = frozenset(ACCESS_LEVELS[w] for w in h.value)
    resource = _resource_in_subject(c, names, h.value)
    if resource:
        return replace(h, attribute=f"access to {' '.join(sorted(resource))}", value=level,
                       weak=True, owned=h.owned | resource)
    return replace(h, attribute="access", value=level, weak=True)


def _the_only_one(c: Clause) -> Held | None:
    """Which thing a holder's only one of a kind is, where the clause says it is the only
    one and names it by a kind of that noun (WordNet): "my only pet is a cat called Miso",
    "has just one pet, a parrot named Kiwi" (the noun's own attribute, one value), or
    None. A name is not enough ("my only car is a Tesla" / "... a Model 3" may be one)."""
    if not c.only or c.negated:
        return None
    attr = c.arg("attr")
    if c.predicate == "be" and attr is not None and c.subject_head:
        noun = c.subject_head
        if attr.head != noun and is_kind_of(attr.head, noun):
            return Held(f"only {noun}", attr, attr.words - {SELF}, owned=frozenset({noun}))
    obj = c.arg("obj")
    if c.predicate in HAVING_VERBS and obj is not None and ("nummod", "1") in (obj.mods or ()):
        kind = next((w for w in sorted(obj.words - {obj.head, "1"})
                     if is_kind_of(w, obj.head)), None)
        if kind is not None:  # "one pet, a parrot": the apposition names it
            value = obj.words - {obj.head, "1", SELF}
            return Held(f"only {obj.head}", replace(obj, head=kind, words=value), value)
    return None


def _branch(c: Clause, x: Arg) -> Held | None:
    """A branch named bare where a git verb takes it ("PRs target main", "merges feature
    work into develop", "pushes to master"; :data:`BRANCH_FRAMES`): a ``weak`` value of
    "branch", as "the develop branch" gives one. Names that are also environments
    ("production", "staging") count only with the noun "branch"."""
    if x.head in BRANCH_NAMES and ((c.predicate, x.role) in BRANCH_FRAMES or (
            x.role == "xcomp" and any(verb == c.predicate for verb, _ in BRANCH_FRAMES))):
        # "pushes to master", "should target develop": spaCy reads the name as a verb
        return Held("branch", x, frozenset({x.head}), weak=True)
    # "merges feature work into develop": the parse hung the branch on the object
    name = next((w for slot, w in sorted(x.mods or ())
                 if (c.predicate, slot) in BRANCH_FRAMES and w in BRANCH_NAMES), None)
    return Held("branch", x, frozenset({name}), weak=True) if name else None


def _product(c: Clause, x: Arg) -> Held | None:
    """A product a frame says its holder uses ("runs MySQL", "is on T-Mobile", "browses
    with Firefox", "stores its orders in MariaDB"; :data:`USE_FRAMES`), nothing else saying
    where or what for ("uses MySQL at work"): a ``weak`` value of the attribute its sort is
    (:data:`PRODUCT_KINDS`; "the user's database is PostgreSQL" names it for sure), the
    name as its family's ("Ubuntu": Linux), or None."""
    if c.predicate == "be" and x.role == "attr" and x.head in CUSTOMER_NOUNS:
        # "is a Verizon customer", "a Firefox user": the product the noun's name says
        name = _product_in_mods(x, _NAME_SLOTS)
    else:
        # "switched to T-Mobile" reads "is T-Mobile" (a change): in use now
        used = (c.predicate, x.role) in USE_FRAMES | SHIPPING_FRAMES or (
            c.changed and x.role == "attr") or (
            # "the user's laptop is a MacBook Pro": the device, and so its system; "the
            # build agents are Windows boxes": a device of the system
            c.predicate == "be" and x.role == "attr" and (
                c.subject_head in DEVICE_NOUNS or x.head in _MACHINES))
        # "macOS Sonoma": the head a release; "stores its orders in MariaDB": the object's
        slots = _NAME_SLOTS if used else frozenset()
        if x.role == "obj":
            slots |= {role for verb, role in USE_FRAMES if verb == c.predicate}
        name = (product_name(x.words, x.head) if used else None) or _product_in_mods(x, slots)
    if name is None:
        return None
    kind = PRODUCT_KINDS[name]
    value = product_value(name)
    shipping = (c.predicate, x.role) in SHIPPING_FRAMES
    if shipping and (kind != "shipping carrier" or not _ships_all(c)):
        return None  # "the phone ships with Android"; "ships returns via FedEx"
    if any(y is not x and y.role not in {"adv", "obj"} and not _on_device(y)
           and y.words - {SELF}  # "are all on RHEL": "all" says no scope
           and not dated(y.words)  # "switched to AT&T in 2025": in use since
           and not _of_the_holder(y, kind) and not _names_product(y, value) for y in c.args):
        return None
    return Held(kind, x, value, weak=True)


# what a product's name may come before to name a device of its system ("Windows boxes",
# "a Linux machine", "a Mac laptop")
_MACHINES = DEVICE_NOUNS | {"box"}


@lru_cache(maxsize=256)
def whole_of(attribute: str) -> frozenset[str]:
    """Words that name only what holds ``attribute`` for its holder as a whole ("uses USPS
    for all shipments", "is with T-Mobile for her cell service", "for the main DB"): whose
    it is, no scope."""
    return _DEVICE_WORDS.get(attribute, frozenset()) | MAIN_QUALIFIERS | _NAMING.get(
        attribute, frozenset())


# each attribute's nouns ("db", "database": the database)
_NAMING: dict[str, frozenset[str]] = {}
for _noun, _attribute in ATTRIBUTE_NAMES.items():
    _NAMING[_attribute] = _NAMING.get(_attribute, frozenset({_attribute})) | {_noun}


def _ships_all(c: Clause) -> bool:
    """What the clause ships is the holder's goods as a whole, or unsaid ("ships all orders
    via UPS", "ships via UPS"; :data:`SHIPPED_WORDS`), not one part ("ships returns")."""
    shipped = c.arg("obj")
    return shipped is None or shipped.words - {SELF} <= SHIPPED_WORDS


def _names_product(y: Arg, value: frozenset[str]) -> bool:
    """The argument names the product of ``value`` again ("uses a MacBook with macOS")."""
    name = product_name(y.words, y.head)
    return name is not None and product_value(name) == value


def _of_the_holder(y: Arg, kind: str) -> bool:
    """The argument names only what holds a product of ``kind`` for its holder ("uses
    SQLite for the app data", "is with T-Mobile for her cell service", "for everything"):
    whose it is, not a scope of one."""
    # "is on MySQL 8 for the main DB": the attribute's own noun, the main one
    return y.role.startswith("prep:") and y.words - {SELF, "everything", kind} <= whole_of(kind)


_NAME_SLOTS = frozenset({"name", "compound"})


def _on_device(x: Arg) -> bool:
    """The argument says which device a product runs on ("runs Ubuntu on her desktop"):
    whose system it is, not where or what for."""
    return (x.role in {"prep:on", "prep:in"} and x.head in DEVICE_NOUNS
            and not x.words & VIRTUAL_WORDS)  # "in a virtual machine": another system


def _product_in_mods(x: Arg, slots: frozenset[str]) -> str | None:
    """The product a modifier of ``x`` in one of ``slots`` names ("a MacBook Pro user": the
    modifier "macbook pro"), or None."""
    return next((n for slot, phrase in sorted(x.mods or ()) if slot in slots
                 for w in phrase.split() if (n := product_name(x.words, w))), None)


_RESOURCE_SLOTS = ("prep:on", "prep:to", "prep:in", "prep:of", "prep:for")


def _access(c: Clause, x: Arg, names: frozenset[str] = frozenset()) -> Held | None:
    """The level of access a holder has to one resource: "has viewer access to the
    workspace", "has admin rights on the repo", "has the Editor role in the project", "is
    an admin on the workspace" (:data:`ACCESS_LEVELS`). The attribute is the resource's,
    all its words ("access to sales workspace"), so two resources are two attributes, or
    the holder's access where no resource is said ("has viewer access"); a ``weak``
    value: two levels are likely one too many, for a person to settle (an owner can also
    view)."""
    if c.predicate == "have" and x.role == "obj" and x.head in ACCESS_NOUNS:
        level = next((ACCESS_LEVELS[w] for slot, w in sorted(x.mods or ())
                      if slot in {"amod", "compound", "name"} and w in ACCESS_LEVELS), None)
    elif c.predicate == "be" and x.role == "attr" and x.head in ACCESS_LEVELS:
        level = ACCESS_LEVELS[x.head]
    else:
        return None
    # all the resource's words: "the Sales workspace" is not "the Marketing workspace"
    resource = next((" ".join(sorted(w.split())) for slot, w in sorted(x.mods or ())
                     if slot in _RESOURCE_SLOTS), None)
    if level is None:
        return None
    if resource is None and c.predicate == "be" and c.subject_head in ACCESS_NOUNS:
        # "Priya's role on the docs is read-only": the resource said with the role
        found = _resource_in_subject(c, names, x.words)
        if found:
            return Held(f"access to {' '.join(sorted(found))}", x, frozenset({level}),
                        weak=True, owned=found)
    if resource is None:  # "has viewer access": the holder's level, as "Role: viewer" says
        return Held("access", x, frozenset({level}), weak=True)
    return Held(f"access to {resource}", x, frozenset({level}), weak=True)


def _resource_in_subject(c: Clause, names: frozenset[str], value: frozenset[str]
                         ) -> frozenset[str]:
    """The words of a copula's subject besides its head, the holder's names and the value
    ("Priya's role on the docs": the docs), a resource one has access to."""
    return c.subject - {c.subject_head, SELF} - names - ATTRIBUTE_QUALIFIERS - value


def product_name(words: frozenset[str], head: str) -> str | None:
    """The product (:data:`PRODUCT_KINDS`) an argument's lemmas name, its head among the
    name's words ("t-mobile": "t", "mobile"), or None."""
    for name in _PRODUCT_WORDS.get(head, ()):
        if _PRODUCT_SPLIT[name] <= words:
            return name
    return None


def product_value(name: str) -> frozenset[str]:
    """A product's value: its one name and the family it is a kind of ("postgres":
    {postgresql}; "ubuntu": {ubuntu, linux}), so that a family includes its kinds."""
    name = PRODUCT_ALIASES.get(name, name)
    family = PRODUCT_FAMILIES.get(name)
    return frozenset({name, family}) if family else frozenset({name})


def _as_product(value: frozenset[str]) -> frozenset[str]:
    """A value's products (:func:`product_value`: "ubuntu" and "linux" are {ubuntu,
    linux}), or the value as it is."""
    names = {n for w in value
             if (n := w if w in PRODUCT_KINDS else product_name(value, w))}  # "amazon linux"
    return frozenset().union(*map(product_value, names)) if names else value


def _name_words(name: str) -> frozenset[str]:
    return frozenset(name.replace("-", " ").split())


_PRODUCT_ATTRIBUTES = frozenset(PRODUCT_KINDS.values())
_PRODUCT_SPLIT = {name: _name_words(name) for name in PRODUCT_KINDS}
_PRODUCT_WORDS: dict[str, list[str]] = {}
for _name in sorted(PRODUCT_KINDS, key=lambda n: -len(_PRODUCT_SPLIT[n])):  # longest first
    for _word in _PRODUCT_SPLIT[_name]:
        _PRODUCT_WORDS.setdefault(_word, []).append(_name)


_FORMAT_SLOTS = frozenset({"prep:as", "prep:in"})


def _file_format(c: Clause) -> Held | None:
    """The file format a kind of thing is in, wanted or done alike ("wants reports as PDF",
    "invoices are sent in XLSX format", "gets reports as CSV files"; :data:`FILE_FORMATS`):
    a value of "format of <thing>", ``weak`` unless the attribute is named ("the export
    format is JSON"). The thing is what the object or the subject names, not whose it is
    ("the user wants invoices as CSV" and "invoices are sent as PDF" are one attribute);
    one format only ("as CSV and JSON" is two), or None."""
    obj = c.arg("obj")
    for x in c.args:
        named = c.subject_head == "format" and x.role == "attr"  # "the report format is PDF"
        if named:
            others = c.subject - {"format", SELF} - ATTRIBUTE_QUALIFIERS - CHOSEN_ONE
            words, thing = x.words, next(iter(others)) if len(others) == 1 else ""
        elif x.role in _FORMAT_SLOTS:
            words, thing = x.words, obj.head if obj is not None else c.subject_head
        elif x is obj:
            said = [w for slot, v in x.mods or () if slot in _FORMAT_SLOTS for w in v.split()]
            if (not said and x.head in FILE_NOUNS and x.indefinite
                    and (c.exclusive or c.predicate == "like")):
                # "prefers Word documents", "wants PDF files": the files' own format
                said = [w for slot, w in x.mods or () if slot in {"compound", "amod", "name"}]
            words, thing = frozenset(said), x.head
        else:
            continue
        formats = {FILE_FORMATS[w] for w in words if w in FILE_FORMATS}
        # "as Word documents", "in Word format", "documents in Word", "prefers Word files"
        if x.head in FILE_NOUNS or words & FILE_NOUNS or thing in FILE_NOUNS:
            formats |= {FILE_FORMATS_BEFORE_FILE[w] for w in words
                        if w in FILE_FORMATS_BEFORE_FILE}
        if len(formats) == 1 and thing and thing not in SELF_WORDS and thing != "format":
            return Held(f"format of {thing}", x, frozenset(formats), weak=not named,
                        owned=frozenset({thing}))
    return None


def _employment(c: Clause, found: list[Held]) -> list[Held]:
    """Whether the holder has work: "is unemployed" (:data:`JOBLESS_WORDS`), or employed
    where a frame names an employer or an occupation ("works at a logistics company"; a
    copula alone, "is a teacher", may name a trade not practised now). A denied employer
    denies that one only ("doesn't work at Halvorsen" says nothing of work elsewhere)."""
    attr = c.arg("attr")
    if c.predicate == "be" and attr is not None and attr.head in JOBLESS_WORDS:
        return [Held("employment", attr, frozenset({"without work"}))]
    if c.negated:
        return []
    work = next((h for h in found if h.attribute in {"employer", "occupation"} and not h.weak),
                None)
    return [Held("employment", work.arg, frozenset({"in work"}))] if work is not None else []


def _named_as(c: Clause) -> Held | None:
    """An object named an attribute's value by "as" ("uses Windows as her operating
    system", "runs MySQL as its main database"), or None."""
    role = c.arg("prep:as")
    obj = c.arg("obj")
    if obj is not None and role is None:
        # "uses main as its default branch": the parse hung the "as" on the object
        said = [set(w.split()) for slot, w in obj.mods or () if slot == "prep:as"]
        nouns = {n for words in said for n in words} & ONE_VALUE_NOUNS
        if len(said) == 1 and len(nouns) == 1:
            noun = next(iter(nouns))
            value = obj.words - said[0] - {SELF}
            return Held(_named(noun), obj, value) if value else None
    if role is None or obj is None or role.head not in ONE_VALUE_NOUNS:
        return None
    return Held(_named(role.head), obj, obj.words - {SELF})


def _home(c: Clause) -> Held | None:
    """Where a holder's home is: a copula of a home noun, or a holder's dwelling, and a
    place in "in" ("the user's home is in Madrid", "Tom's apartment is in Lisbon"), or
    where a company is, of its head office ("Acme's headquarters is in Oslo", "Acme's HQ
    is in Oslo"), or None."""
    if c.predicate in _LIVING:
        return _lives_in_a_phrase(c)
    if c.predicate == "call":
        return _called_home(c)
    if c.predicate != "be":
        return None
    resident = _resident_of(c)
    if resident is not None:
        return resident
    office = next((words for words in _HEAD_OFFICES if words <= c.subject), None)
    # a dwelling of a holder's ("Tom's apartment is in Lisbon"), not one of no one's
    home = c.subject_head in HOME_NOUNS or (c.subject_head in DWELLING_NOUNS
                                            and len(c.subject) > 1)
    if (not home or c.subject & NOT_HOME_WORDS) and office is None:
        return None
    for x in c.args:
        place = _kind(x.head, PLACE_KINDS, any_sense=True) if x.role == "prep:in" else None
        if place:
            return _place("residence", x, place, owned=office or frozenset({c.subject_head}))
    return None


def _resident_of(c: Clause) -> Held | None:
    """Where a resident lives: a place named before the noun ("Dana is a Chicago
    resident"), or None."""
    x = c.arg("attr")
    if x is None or x.head not in RESIDENT_NOUNS or c.negated:
        return None
    return _residence_in_mods(x, _NAME_OR_COMPOUND | {"amod"}, "attr")


_LIVING = frozenset({"live", "reside"})


def _lives_in_a_phrase(c: Clause) -> Held | None:
    """Where a holder lives, where the parse hung the place on another phrase of the verb
    ("lives with her parents in Nice", "lives by the sea in Nice"), and the verb has no
    "in" of its own."""
    if c.arg("prep:in") is not None:
        return None
    return next((found for x in c.args
                 if (found := _residence_in_mods(x, _IN_SLOTS, "prep:in")) is not None), None)


_IN_SLOTS = frozenset({"prep:in"})
_NAME_OR_COMPOUND = frozenset({NAME_SLOT, "compound"})


def _called_home(c: Clause) -> Held | None:
    """A place a holder calls home ("Ana calls Marseille home"): where it lives."""
    x = c.arg("obj")
    if x is None or x.head not in HOME_NOUNS:
        return None
    return _residence_in_mods(x, _NAME_OR_COMPOUND, "obj")


def _residence_in_mods(x: Arg, slots: frozenset[str], role: str) -> Held | None:
    """Where a holder lives, said by a place that a modifier of ``x`` in one of ``slots``
    ends with ("lives by the sea in Nice", "calls Marseille home", "a Chicago resident"),
    as an argument of ``role``; or None."""
    for slot, words in sorted(x.mods or ()):
        head = words.split()[-1] if words else ""
        place = _kind(head, PLACE_KINDS, any_sense=True) if slot in slots else None
        if place:
            return _place("residence", Arg(role, head, frozenset(words.split()),
                                           frozenset()), place)
    return None


def _channel(c: Clause, names: frozenset[str]) -> Held | None:
    """The channel a holder is to be contacted by ("prefers to be reached by email",
    "contact Maya via Slack", "wants to be reached on Slack", "prefers phone calls"), a
    wish or not: how one wants to be reached is the attribute. None otherwise."""
    obj = c.arg("obj")
    said = _channel_word(obj) if obj is not None else None
    if obj is not None and said and c.exclusive and not c.negated:
        # "prefers email", not "prefers email for invoices"
        scoped = any(a.role.startswith("prep:") for a in c.args) or any(
            slot.startswith("prep:") for slot, _ in obj.mods or ())
        if not scoped:
            return Held("contact channel", obj, _channel_named(said))
    # "never email Dana": an order about how to reach the object; not "email the report"
    if c.predicate in CHANNEL_VERBS and obj is not None and (
            obj.head in names or SELF in obj.words):
        return Held("contact channel", obj, _channel_named(c.predicate), whose=obj.words)
    verbs = {c.predicate} | {x.head for x in c.args if x.role == "xcomp"}
    # the message of the clause, its second object where it has two ("send Dana updates")
    message = next((x for x in c.args if x.role == "obj" and x.head in MESSAGE_NOUNS), obj)
    # "gets alerts via SMS", "notifications are sent by email": a message delivered
    delivered = c.predicate in DELIVERY_VERBS and (
        c.subject_head in MESSAGE_NOUNS or (message is not None and message.head in MESSAGE_NOUNS))
    # "wants all contact via Slack", "all communication with Leo goes through email"
    contact = c.subject_head in CONTACT_NOUNS or (obj is not None and obj.head in CONTACT_NOUNS)
    if not verbs & CONTACT_VERBS and not delivered and not contact:
        return None
    # "contact Dana by phone": Dana's, where the order has no subject
    whose = obj.words if obj is not None and not c.subject else frozenset()
    # "notifications are sent by email": the messages are the channel's, not its holder
    owned = c.subject if delivered and c.subject_head in MESSAGE_NOUNS else (
        frozenset({c.subject_head}) if c.subject_head in CONTACT_NOUNS else frozenset())
    # "ping the customer on WhatsApp for updates": the parse hung the channel on the object
    # ("send Dana updates on WhatsApp": on the message)
    hung = _hung_on(message, tuple(sorted(CHANNEL_SLOTS))) if message is not None else None
    for x in (*c.args, *([hung] if hung is not None else [])):
        channel = _channel_word(x) if x.role in CHANNEL_SLOTS else None
        if channel:
            return Held("contact channel", x, _channel_named(channel), owned=owned,
                        whose=whose)
    return None


def _channel_word(x: Arg) -> str | None:
    """The word of ``x`` that names a channel: its head ("email", "phone calls"), or the
    compound of a message noun ("text messages", "Slack notifications"), or None."""
    if _is_channel(x.head):
        return x.head
    if x.head in MESSAGE_NOUNS:
        return next((w for slot, w in sorted(x.mods or ())
                     if slot == "compound" and _is_channel(w)), None)
    return None


def _is_channel(word: str) -> bool:
    """``word`` names a channel (:data:`~reverie.text.vocabulary.channels.CHANNEL_NAMES`:
    "email", "call", "mobile")."""
    return word in CHANNEL_NAMES


def _channel_named(word: str) -> frozenset[str]:
    """The channel a word names, as a value ("e-mail": email; "call": phone, the attribute
    comparing values as they are, where ``reverie.text.channels`` lets an app call too)."""
    channel = CHANNEL_NAMES.get(word, word)
    return frozenset({"phone" if channel == "call" else channel})


def _status(c: Clause) -> list[Held]:
    """The statuses a copula gives its subject, one per kind ("the account is suspended",
    "has been archived", "the project is still in progress"; :data:`STATUS_WORDS`)."""
    if c.predicate != "be":
        return []
    found: list[Held] = []
    for x in c.args:
        states = STATUS_WORDS.get(x.head, ()) if x.role == "attr" else (
            STATUS_PHRASES.get((x.role, x.head), ()))
        found.extend(Held(f"status ({kind})", x, frozenset({state}),
                          permanent=state in LASTING_STATES) for kind, state in states)
    return found


_MACHINE_KINDS = ("device", "machine", "appliance", "equipment")


def _working(c: Clause) -> Held | None:
    """Whether a machine works, said with a verb or a phrase: "the printer is working
    (again)", "has been working fine since the repair" (working), "is out of order"
    (broken; :data:`STATUS_WORDS` has "broken", "faulty"); not a person's work, nor work
    on something ("is working on a fix")."""
    head = c.subject_head
    if c.predicate not in {"work", "break", "be"} or not head or not any(
            is_kind_of(head, k, any_sense=True) for k in _MACHINE_KINDS):
        return None
    if c.predicate == "work" and all(
            x.role == "prep:since" or (x.role == "adv" and x.head in WORKING_ADVERBS)
            for x in c.args):
        return _status_said("function", "working")
    if c.predicate == "break" and c.passive and not c.args:  # "the dishwasher is broken"
        return _status_said("function", "broken")
    order = next((x for x in c.args if x.role == "obj" and x.head == "order"), None)
    if c.predicate == "be" and order is not None and order.words == {"order"}:
        return _status_said("function", "broken")  # "out of order"
    return None


def _status_said(kind: str, state: str) -> Held:
    """A status of ``kind`` a clause says with a verb, not a copula's value ("is working":
    working; "hasn't started": not started), as if said by a copula."""
    return Held(f"status ({kind})", Arg("attr", state, frozenset({state}), frozenset()),
                frozenset({state}))


def not_started(c: Clause, text: str) -> Held | None:
    """The progress a denied start says of a thing ("the migration hasn't started yet",
    "has not begun", "didn't start yet"): not started, against done or under way; None for
    a start denied with more ("didn't start on time"), a past without "yet" or a person."""
    if (c.predicate not in STARTING_VERBS or not c.negated or c.args or c.hypothetical
            or not c.subject_head or is_kind_of(c.subject_head, "person")):
        return None
    if c.past and re.search(r"\byet\b", text, re.IGNORECASE) is None:
        return None
    return _status_said("progress", "not started")


def _tenure(c: Clause) -> Held | None:
    """Whether the holder rents or owns the home they live in ("rents their home" / "owns
    the house they live in", "is renting my apartment" / "owns my apartment"), or None; a
    dwelling said with more ("a house in Spain") may be another one (WordNet's *housing*)."""
    how = TENURE_VERBS.get(c.predicate)
    x = c.arg("obj")
    if how is None or x is None or x.numbers:
        return None
    if x.head in HOME_NOUNS or "live" in x.words:
        return Held("tenure of home", x, frozenset({how}))
    if x.words == {x.head} and is_kind_of(x.head, "housing"):
        return Held(f"tenure of {x.head}", x, frozenset({how}))
    return None


def _age(c: Clause, names: frozenset[str]) -> Held | None:
    """How old the holder is: "is 34 years old", "is a 29-year-old nurse", "(just) turned
    29" (a birthday in the past tense says the age now; "turns 40 this year", 39 or 40),
    a person's bare number ("the user is 31", "i'm 27") or decade ("is in her forties",
    "in my early 20s"), or None."""
    if c.predicate == "turn":
        x = c.arg("obj")
        if x is None or not x.numbers or not x.words <= x.numbers:
            return None
        if not c.past and len(x.numbers) == 1 and next(iter(x.numbers)).isdigit():
            # "turns 40 this year": 39 until the birthday, then 40
            n = int(next(iter(x.numbers)))
            return Held("age", x, frozenset({str(n - 1), str(n)}), permanent=True)
        return Held("age", x, x.numbers, permanent=True)
    if c.predicate != "be":
        return None
    for x in c.args:
        # "29-year-old" is one modifier: its number is among the words only
        numbers = x.numbers or frozenset(w for w in x.words if w.isdigit())
        if x.role == "attr" and len(numbers) == 1 and x.words >= AGE_WORDS:
            return Held("age", x, numbers)
        if (x.role == "attr" and len(numbers) == 1 and x.words == numbers
                and age_span(numbers) is not None and _a_person(c, names)):
            return Held("age", x, numbers)
        decade = _decade(x) if x.role == "prep:in" else None
        if decade is not None and _a_person(c, names):
            return Held("age", x, frozenset({f"{decade}s"}) | (x.words & AGE_PARTS.keys()))
    return None


def _a_person(c: Clause, names: frozenset[str]) -> bool:
    """The clause's subject is a person: the note's holder ("the user", "i"), a name, or a
    noun of a person ("my neighbour"); not "the team", "the order", nor a "he" or "she",
    who may be anyone the statement named before."""
    head = c.subject_head
    if head in THIRD_PERSONS:  # "my brother is younger than me, he's 29": whose age?
        return False
    return (c.subject == {SELF} or head in names or is_kind_of(head, "person")
            or (bool(head) and head.isalpha() and not is_noun(head)))


def _decade(x: Arg) -> int | None:
    """The decade of life "in" names ("in my 40s", "in his forties"), or None."""
    for w in x.words:
        if w.endswith("s") and w[:-1].isdigit() and int(w[:-1]) % 10 == 0:
            return int(w[:-1])
    return TENS.get(x.head) if x.head in TENS and x.head in x.words else None


def age_span(value: frozenset[str]) -> tuple[int, int] | None:
    """The ages an age's value allows: a number itself ("31"), a decade ten ("40s": 40-49),
    its "early", "mid" or "late" part (:data:`AGE_PARTS`); None for anything else."""
    digits = [int(w) for w in value if w.isdigit()]
    if len(digits) == 1 and 0 < digits[0] < 120:
        return digits[0], digits[0]
    decades = [int(w[:-1]) for w in value if w.endswith("s") and w[:-1].isdigit()]
    if len(decades) != 1:
        return None
    low, high = next((AGE_PARTS[w] for w in sorted(value) if w in AGE_PARTS), (0, 9))
    return decades[0] + low, decades[0] + high


def _manager(c: Clause, names: frozenset[str]) -> Held | None:
    """Whom the holder reports to, a name and nothing reported ("reports to Sarah"; not
    "reports bugs to Tom"), or whom it belongs to ("belongs to Lee"), or None."""
    if c.arg("obj") is not None:
        return None
    for x in c.args:
        if (c.predicate, x.role) in MANAGER_FRAMES and x.head in names:
            return Held("manager", x, x.words - {SELF})
        owner = _owner_named(x, names) if (c.predicate, x.role) in OWNER_FRAMES else None
        if owner and c.subject & ACCOUNT_THINGS:  # "the Globex account belongs to Lee"
            return Held("account owner", x, owner, owned=c.subject & ACCOUNT_THINGS)
        if owner:
            return Held(_owner_of(c.subject), x, owner)  # "the repository belongs to Lee"
        if x.role == "prep:in" and x.head == "name" and x.words and x.words <= names:
            return Held(_owner_of(c.subject), x, x.words)  # "is in Dana's name"
    return None


def _looks_after(c: Clause, names: frozenset[str]) -> Held | None:
    """The one on a seller's side a verb says looks after a customer's account (a name;
    :data:`ACCOUNT_ROLE_VERBS`): "Priya manages the Globex account" (Globex's account
    manager, ``weak``: a verb may say a share of it), "the Globex account is managed by
    Priya", "Stark Industries is assigned to Maya" (its account owner); not "manages the
    renewal project", nor a person managed ("Dana is managed by Tom": her manager)."""
    role = ACCOUNT_ROLE_VERBS.get(c.predicate)
    if role is None or c.negated:
        return None
    if c.passive:
        x = c.arg("prep:to" if c.predicate == "assign" else "prep:by")
        value = _owner_named(x, names) if x is not None else frozenset()
        looked_after = c.subject & ACCOUNT_THINGS or (
            c.predicate == "assign" and c.subject_head in names)
        if x is None or not value or not looked_after:
            return None
        return Held(role, x, value, owned=c.subject & ACCOUNT_THINGS)
    found = _done_by_a_name(c, names)
    if found is None or found[1].head not in ACCOUNT_THINGS:
        return None
    doer, thing = found
    return Held(role, doer, _owner_named(doer, names), weak=True, owned=c.subject,
                whose=thing.words & names)


def _account_role(subject: frozenset[str]) -> tuple[frozenset[str], str] | None:
    """The words of a subject that name who looks after a customer's account, and the role
    (:data:`ACCOUNT_ROLES`: "Globex's account manager"), or None."""
    return next(((words, role) for words, role in ACCOUNT_ROLES if words <= subject), None)


def _named_on(c: Clause, names: frozenset[str]) -> Held | None:
    """An attribute noun as the object with its value, a name, in "on" or "in" ("runs its
    main database on MySQL"), or None."""
    obj = c.arg("obj")
    if obj is None or obj.head not in ONE_VALUE_NOUNS:
        return None
    if obj.words - {obj.head, SELF} - ATTRIBUTE_QUALIFIERS:
        return None  # the value is the object's own ("the Pro plan")
    for x in c.args:
        if x.role in {"prep:on", "prep:in"} and x.head in names:
            return Held(_named(obj.head), x, x.words - {SELF})
    return None


def _billing_cycle(c: Clause) -> Held | None:
    """How often a holder is billed: a word of frequency on a billing verb or a billing
    noun ("is billed monthly", "pays annually", "the billing cycle is annual")."""
    words = {c.predicate} | c.subject | {w for x in c.args for w in x.words}
    part = c.arg("prep:for")
    if not words & BILLING_WORDS or (part is not None and part.head not in ACCOUNT_WORDS):
        return None  # "billed monthly for additional seats": the cycle of a part
    for x in c.args:
        cycle = {FREQUENCIES[w] for w in x.words if w in FREQUENCIES}
        if len(cycle) == 1:
            return Held("billing cycle", x, frozenset(cycle))
    return None


def _own_job(c: Clause) -> Held | None:
    """The occupation of a job of the holder's own that they like or not ("enjoys my job
    as a teacher", "hates her job as a nurse"): had, whatever the attitude; not a job
    wanted ("wants a job as a nurse")."""
    job = c.arg("obj")
    role = c.arg("prep:as")
    if (c.predicate != LIKE or job is None or role is None or job.head not in JOB_NOUNS
            or job.indefinite or c.hypothetical):
        return None
    return Held("occupation", role, role.words - {SELF})


def _reply_language(c: Clause) -> Held | None:
    """The language replies are wanted in: a reply word (the predicate, an object, an
    open complement) and a language in "in" ("wants answers in Spanish", "prefers to be
    answered in German"), asked for or preferred alike."""
    words = {c.predicate} | {w for x in c.args if x.role in {"obj", "xcomp"} for w in x.words}
    if not words & REPLY_WORDS or c.hypothetical:
        return None
    for x in c.args:
        phrases = [p for slot, p in x.mods or () if slot == "prep:in"]
        if x.role == "prep:in":
            phrases.append(" ".join(sorted(x.words - {SELF})))
        for phrase in phrases:
            language = [w for w in phrase.split() if is_kind_of(w, "language", any_sense=True)]
            if language:
                return Held("reply language", x, frozenset(language))
    return None


def _origin(predicate: str, x: Arg) -> Held | None:
    """Where the holder comes from: a place of one of PLACE_KINDS in an origin frame."""
    if (predicate, x.role) not in ORIGIN_FRAMES:
        return None
    place = _kind(x.head, PLACE_KINDS, any_sense=True)
    return _place("origin", x, place, permanent=True) if place else None


def _place(what: str, x: Arg, place: str, *, owned: frozenset[str] = frozenset(),
           permanent: bool = False) -> Held:
    return Held(f"{what} ({place.replace('_', ' ')})", x, x.words - {SELF}, owned=owned,
                permanent=permanent)


def _owner_of(thing: frozenset[str]) -> str:
    """The attribute of a thing's owner, named with the thing's words ("owner of account":
    "the account owner is Dana", "the account belongs to Lee", "Lee owns the account")."""
    owned = sorted(thing - OWNER_NOUNS - {SELF})
    return f"owner of {' '.join(owned)}" if owned else "owner"


def _owner_named(x: Arg, names: frozenset[str]) -> frozenset[str]:
    """The words that name who ``x`` is, as one who may own a thing: a name ("Lee"), or a
    team by its own words ("the payments team": payments; :data:`OWNING_GROUPS`), else
    nothing ("the team", "a friend")."""
    if x.head in names:
        return x.words - {SELF}
    return x.words - {x.head, SELF} if x.head in OWNING_GROUPS else frozenset()


def _done_by_a_name(c: Clause, names: frozenset[str]) -> tuple[Arg, Arg] | None:
    """The name or the team (:func:`_owner_named`) that does the clause's verb to a thing
    said with "the" or a possessive ("Sam owns the account", "the payments team owns the
    billing service", "Priya leads the payments team"), as a value, and the thing; None for
    a passive, a thing of a kind ("owns a car") or a subject that names no one."""
    thing = c.arg("obj")
    doer = Arg("attr", c.subject_head, c.subject - {SELF}, frozenset())
    if c.passive or thing is None or thing.indefinite or not _owner_named(doer, names):
        return None
    return doer, thing


def _owns(c: Clause, names: frozenset[str]) -> Held | None:
    """The owner a name is of a thing it is said to own ("Sam owns the account": the
    account's owner is Sam), the thing said with "the" or a possessive; not a thing of
    a kind ("Sam owns a car"), which one may own many of."""
    found = _done_by_a_name(c, names) if c.predicate == "own" else None
    if found is None:
        return None
    value, thing = found
    # "owns the Acme account": the account's owner ("the account owner is Dana")
    return Held(_owner_of(thing.words - names), value, _owner_named(value, names),
                owned=c.subject)


def _leads(c: Clause, names: frozenset[str]) -> Held | None:
    """The lead a name is of a thing it is said to lead ("Priya leads the payments team":
    the payments team's lead is Priya; :data:`ONE_HOLDER_VERBS`), the thing said with
    "the" or a possessive; ``weak``: a thing may have two leads, for a person to settle."""
    role = ONE_HOLDER_VERBS.get(c.predicate)
    found = _done_by_a_name(c, names) if role is not None and not c.negated else None
    if role is None or found is None or c.subject_head not in names:  # a team leads with
        # its people ("the data team leads the migration" / "Priya leads the migration")
        return None
    value, thing = found
    led = thing.words - names - {SELF}
    if not led:
        return None
    return _lead_of(role, led, value, value.words, c.subject)


def _led_by(c: Clause, attr: Arg, names: frozenset[str]) -> Held | None:
    """A copula naming a thing's lead ("the lead of the payments team is Tom", "Tom is the
    payments team's lead": :data:`ONE_HOLDER_ROLES`), as :func:`_leads` reads a verb."""
    role = ONE_HOLDER_ROLES.get(c.subject_head)
    if role is None or attr.head not in names:
        return None
    led = c.subject - attr.words - {c.subject_head, SELF} - names
    if not led:
        return None
    return _lead_of(role, led, attr, attr.words - {SELF}, attr.words)


def _lead_of(role: str, led: frozenset[str], value: Arg, words: frozenset[str],
             owned: frozenset[str]) -> Held:
    """The ``weak`` attribute of the one who leads a thing, named "<role> of <thing's
    words>" whether a verb or a noun says it, so that the two readings compare."""
    return Held(f"{role} of {' '.join(sorted(led))}", value, words, weak=True, owned=owned)


def _named_by_subject(c: Clause, attr: Arg, names: frozenset[str]) -> Held | None:
    """A copula whose subject is an attribute noun: "the plan is Pro", "my hometown is
    Chicago" (a place: where one comes from, as "grew up in")."""
    owned = c.subject - {SELF} - names
    if attr.head == "1" and attr.words - attr.numbers - {"1", SELF}:
        return None  # "the one we discussed", "the cheapest one": "one" stands for a value
    if c.subject_head in ORIGIN_NOUNS:
        place = _kind(attr.head, PLACE_KINDS, any_sense=True)
        return _place("origin", attr, place, owned=owned, permanent=True) if place else None
    product = c.subject & names
    if c.subject_head == "version" and len(product) == 1:  # "the team's Python version"
        return Held(f"version of {next(iter(product))}", attr, attr.words - {SELF},
                    owned=owned | product)
    if c.subject_head in names and attr.numbers and attr.words <= attr.numbers | {"version"}:
        # "the user's Python is 3.11", "the customer's Postgres is version 13"
        return Held(f"version of {c.subject_head}", attr, attr.numbers,
                    owned=owned | {c.subject_head})
    if c.subject_head == "language" and c.subject & REPLY_WORDS:  # "reply language is X"
        return Held("reply language", attr, attr.words - {SELF}, owned=owned)
    if c.subject_head in _CARRIER_HEADS and (c.subject & SHIPPING_WORDS or _as_product(
            attr.words - {SELF}) & _SHIPPING_CARRIERS):  # "Acme's shipping carrier is FedEx"
        return Held("shipping carrier", attr, _as_product(attr.words - {SELF}), owned=owned)
    if c.subject & CARRIER_NAMES.get(c.subject_head, frozenset()):  # "mobile provider"
        return Held("mobile carrier", attr, attr.words - {SELF},
                    owned=owned & (CARRIER_NAMES[c.subject_head] | {c.subject_head}))
    account = _account_role(c.subject)
    if account is not None and _owner_named(attr, names):  # "Globex's AE is Diego"
        words, role = account
        return Held(role, attr, _owner_named(attr, names), owned=words)
    led = _led_by(c, attr, names)
    if led is not None:
        return led
    owner = _owner_named(attr, names) if c.subject_head in OWNER_NOUNS else None
    if owner:  # "the account owner is Dana"
        # "Dana is the account owner", read so, keeps Dana in the subject: not the thing's
        return Held(_owner_of(c.subject - attr.words), attr, owner, owned=attr.words)
    if c.subject_head in SPOUSE_NOUNS and _a_name(attr, names):  # "Rosa's husband is Carlos"
        return Held("spouse", attr, attr.words & names, owned=owned)
    if c.subject_head in OCCUPATION_NOUNS:  # "my job is a gynecologist"
        return Held("occupation", attr, attr.words - {SELF}, owned=owned)
    if c.subject_head in ONE_VALUE_NOUNS:
        value = attr.words - {SELF}
        named = next((y for y in c.args if y.role == "adv" and y.head in names), None)
        if named is not None and value and value <= attr.numbers:
            value |= named.words  # "Database is PostgreSQL 15": the parse split the name off
        return Held(_named(c.subject_head), attr, value, owned=owned)
    if c.subject_head == "store" and c.subject & _DATA_WORDS:  # "the main data store"
        return Held("database", attr, attr.words - {SELF}, owned=owned - _DATA_WORDS)
    if c.subject & CHOSEN_ONE and is_noun(c.subject_head):  # "the primary language is Go"
        return Held(c.subject_head, attr, attr.words - {SELF}, owned=owned)
    return None


_DATA_WORDS = frozenset({"data", "datum"})  # "data store" is a datastore: a database


def _version(c: Clause, x: Arg, names: frozenset[str] = frozenset()) -> Held | None:
    """A version number ("3.12") of a product: the argument's head ("Python 3.12"), or the
    argument of the same role beside it, where the parse split them. A whole number is a
    version only of a name said in use ("is on Node 18", "uses Java 17"), and ``weak``:
    a holder may have two installed."""
    versions = frozenset(n for n in x.numbers if "." in n)
    # "was migrated to Java 21" reads "is Java 21": a change, in use since
    used = (c.predicate, x.role) in USE_FRAMES | VERSION_FRAMES or (
        c.changed and x.role == "attr")
    if not versions and len(x.numbers) == 1 and used:
        (number,) = x.numbers
        # "Node 18" as one argument, or as two where the parse split them ("uses Node 20")
        if ("nummod", number) in (x.mods or ()):
            name: str | None = x.head
        else:
            name = _named_beside(c, x) if x.head == number else None
        return Held(f"version of {name}", x, x.numbers, weak=True) if name in names else None
    if not versions or versions != x.numbers:
        return None
    product = x.head if x.head not in x.numbers else _named_beside(c, x)
    named = c.subject & names
    if product == "version" and c.predicate == "be" and len(named) == 1:
        # "the team's Slack client is version 4.33": the version of the subject's name
        return Held(f"version of {next(iter(named))}", x, versions, owned=named)
    return Held(f"version of {product}", x, versions) if product else None


def _named_beside(c: Clause, x: Arg) -> str | None:
    """The head of the argument of ``x``'s role that gives no number, where the parse split
    a name from its version ("Python" of "uses Python 3.12"), or None."""
    return next((y.head for y in c.args if y.role == x.role and y.head and not y.numbers), None)


def _held(predicate: str, x: Arg, names: frozenset[str]) -> tuple[Held, ...]:
    """The attributes argument ``x`` of ``predicate`` may give a value of: one, or one per
    kind of a word with several ("pounds": a currency or a unit of weight; the other
    statement's value decides which)."""
    role = _occupation_of(predicate, x)
    if role is not None:  # "works at a gas station as a cashier": the employer and the job
        x = replace(x, words=x.words - role.value)
    one = _held_by_frame(predicate, x, names)
    if one is None and predicate == "be" and x.role == "attr" and x.head in ANY_WORK_NOUNS:
        role = _employer_of_role(x, names)  # "a Spotify employee": who, no job
        return (role,) if role is not None else ()
    if one is not None:
        # "an engineer at Google": an occupation, and the employer its role names
        if role is None and one.attribute == "occupation":
            role = _employer_of_role(x, names)
        return (one, role) if role is not None else (one,)
    if x.head not in x.words:
        return ()  # "are kept in MongoDB", "in" read as the complement: no value, no inch
    if x.head in VALUE_WORDS:
        return (Held(VALUE_WORDS[x.head], x, frozenset({x.head})),)
    return tuple(
        Held(attribute, x, frozenset({x.head}))
        for kind, attribute in VALUE_KINDS.items()
        if _of_kind(x, kind)
    )


def _held_in_object(c: Clause, x: Arg, names: frozenset[str]) -> tuple[Held, ...]:
    """A value the parse hung on the object with "in" ("invoice the client in GBP", as
    "invoice the client ... in euros" gives it to the verb): a currency, a unit, a time
    zone, read as that "in" of the verb."""
    if x.role != "obj":
        return ()
    for slot, said in sorted(x.mods or ()):
        if slot != "prep:in" or not said:
            continue
        word = said.split()[-1]
        y = Arg("prep:in", word, frozenset({word}), frozenset())
        found = tuple(h for h in _held(c.predicate, y, names) if h.attribute in _IN_VALUES)
        if found:
            return found
    return ()


_IN_VALUES = frozenset({*VALUE_KINDS.values(), *VALUE_WORDS.values()})  # "in GBP", "in °C"


def _of_kind(x: Arg, kind: str) -> bool:
    """``x`` names a value of the WordNet ``kind``: by the word's first sense, or by any
    sense after "in" ("bills in yen", "measures in feet"; not "bites her nails")."""
    return is_kind_of(x.head, kind) or (
        x.role == "prep:in" and is_kind_of(x.head, kind, any_sense=True))


def _job_at(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a copula of a job noun places it at, a name ("Dana's job is at
    Pfizer", "her position is with Acme"), or None."""
    if c.predicate != "be" or c.subject_head not in JOB_NOUNS:
        return None
    return next((Held("employer", x, x.words - {SELF}, owned=frozenset({c.subject_head}))
                 for x in c.args
                 if x.role in _EMPLOYER_SLOTS and x.head in names), None)


def _company_named(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a copula names as its holder's company, a name and nothing more about
    the company ("Omar's company is Accenture"): a ``weak`` value, since one's company may
    be one's own; not "Acme's parent company is Globex"."""
    x = c.arg("attr")
    if (c.predicate != "be" or c.negated or x is None or c.subject_head not in COMPANY_NOUNS
            or not _a_firm_name(x, names)):
        return None
    holder = c.subject - {c.subject_head}
    if len(holder) != 1 or not holder <= names | {SELF}:
        return None
    return Held("employer", x, x.words - {SELF}, weak=True,
                owned=frozenset({c.subject_head}))



def _at_since(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a holder has been at since a year or a month ("has been at Google since
    2019"), a name that is no place nor product, or None: a stay somewhere is said since a
    day or an hour ("has been at the hospital since Monday")."""
    since = c.arg("prep:since")
    x = c.arg("prep:at")
    if c.predicate != "be" or x is None or x.head not in names or not (
            (since is not None and (since.words & _MONTH_WORDS
                                    or any(len(n) == 4 for n in since.numbers)))
            or _for_years(c)):
        return None
    if place_kind(x.head) or product_name(x.words, x.head) is not None:
        return None
    return Held("employer", x, x.words - {SELF})


def _for_years(c: Clause) -> bool:
    """``c`` says it has held for years or months ("for two years"; a stay is said for days
    or weeks)."""
    length = c.arg("prep:for")
    return length is not None and bool(length.words & _LONG_SPANS)


_LONG_SPANS = frozenset({"year", "years", "month", "months", "decade", "decades"})


def _on_payroll(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a copula names by its payroll or staff, a name ("is on Kestrel's
    payroll", "is on staff at Bosch"), or None. Not a chief officer of a name ("is
    Halvorsen's CFO"): one may be on two boards."""
    x = c.arg("prep:on")
    if c.predicate != "be" or c.negated or x is None or x.head not in _ROLLS:
        return None
    employer = x.words - {x.head, SELF}
    if not employer:  # "is on staff at Bosch", "on the payroll at Airbus"
        y = _employer_phrase(c, x)
        if y is not None and _a_name(y, names):
            return Held("employer", y, y.words - {SELF})
    return Held("employer", x, employer) if employer and employer <= names else None


_ROLLS = frozenset({"payroll", "staff"})


def _employer_of_role(x: Arg, names: frozenset[str]) -> Held | None:
    """The employer a role names: its "at" or "for" where that is a name or of an
    employer's kind ("an engineer at Google", "a nurse at the county hospital"), or a name
    before a noun of an employee ("a Shopify employee"; :data:`EMPLOYEE_NOUNS`), or None."""
    for slot, value in sorted(x.mods or ()):
        words = frozenset(value.split())
        employer = next((w for w in sorted(words) if w in names
                         or _kind(w, EMPLOYER_KINDS, any_sense=True)),
                        None) if slot in {"prep:at", "prep:for"} else None
        if employer is not None:
            # the phrase, headed by its employer's word ("a barista at a little cafe": cafe)
            return Held("employer", Arg(slot, employer, words, frozenset()), words)
        # "a Square employee": a name the parse read as an adjective
        if slot in {NAME_SLOT, "compound", "amod"} and x.head in EMPLOYEE_NOUNS and words & names:
            return Held("employer", x, words)
        if (slot in {NAME_SLOT, "compound"} and words <= names and not _a_trade(words)
                and not any(ch.isdigit() for ch in value)):
            # "a Google engineer": likely who employs the engineer ("a Python developer",
            # "a Spanish teacher", "a Boston lawyer" name a trade or a place)
            return Held("employer", x, words, weak=True)
    return None


def _a_name(x: Arg, names: frozenset[str]) -> bool:
    """``x`` is a proper name of the statement's, no figure nor time ("at 8pm")."""
    return x.head in names and not x.numbers and not any(ch.isdigit() for ch in x.head)


def _a_firm_name(x: Arg, names: frozenset[str]) -> bool:
    """``x`` is a proper name (:func:`_a_name`) that names no trade (:func:`_a_trade`):
    who may employ someone ("KPMG"; not "Python", "Slack", "Boston")."""
    return _a_name(x, names) and not _a_trade(x.words)


def _a_trade(words: frozenset[str]) -> bool:
    """A name that says what a job is about or where, not who employs it: a product, a
    runtime or language, a language spoken, a channel ("joined Slack"), a place."""
    return any(w in VERSIONED_PRODUCTS or w in LANGUAGE_NAMES or w in CHANNEL_NAMES
               or place_kind(w) or product_name(words, w) is not None for w in words)


def _joined(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a holder joined, started at, was hired by or took a job at, undated or
    lately ("recently joined Square", "was hired by Initech", "took a job at KPMG", not a
    part-time one; :data:`JOINING_FRAMES`): a ``weak`` value, held since. Dated ("joined
    Square in 2015") it may be a former employer; a product or a group is no employer
    ("joined Slack", "joined the team")."""
    x = next((a for a in c.args if (c.predicate, a.role) in JOINING_FRAMES), None)
    job = c.arg("obj")
    if (x is None and job is not None and job.head in _JOBS and c.predicate in _TAKING_VERBS
            and not _a_side_job(job)):
        # "took a job at KPMG", not a second one; "got a job with Halvorsen", the parse
        # hanging the name on the job
        x = c.arg("prep:at") or c.arg("prep:with") or _hung_on(job, ("prep:at", "prep:with"))
    if x is None or c.negated or not _a_firm_name(x, names):
        return None
    if any(_a_date(a) for a in c.args if a is not x and a.role in _WHEN_SLOTS):
        return None  # "in 2015", "in March", "on 2019-05-01"; not "shortly before" a day
    return Held("employer", x, x.words - {SELF}, weak=True, permanent=True)


def _married_to(c: Clause, names: frozenset[str]) -> Held | None:
    """Whom the holder is married to, a name ("Rosa is married to Diego"), or None: one
    spouse at a time, as "Rosa's husband is Carlos" names one."""
    x = c.arg("attr")
    if c.predicate != "be" or c.negated or x is None or x.head not in MARRIED_WORDS:
        return None
    spouse = frozenset(w for slot, v in x.mods or () if slot == "prep:to"
                       for w in v.split()) & names
    return Held("spouse", x, spouse) if spouse else None


def _job_held(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer of a job its holder has ("has a job at KPMG", "holds a position with
    Acme"), a name or of an employer's kind; not a second, part-time or weekend one, which
    may stand beside the main job."""
    job = c.arg("obj")
    if (c.predicate not in _HOLDING_VERBS or c.negated or job is None
            or job.head not in _JOBS):
        return None
    if _a_side_job(job):
        return None  # "a part-time job at Tesco", "a summer job": one beside the main one
    x = _employer_phrase(c, job)
    if x is None or not _an_employer(x, names):
        return None
    return Held("employer", x, x.words - {SELF})


def _employer_phrase(c: Clause, noun: Arg) -> Arg | None:
    """The clause's "at", "for" or "with" phrase, or the one the parse hung on ``noun``
    ("a job at KPMG", "on staff at Bosch"): where an employer is said, or None."""
    return next((a for a in c.args if a.role in _EMPLOYER_SLOTS), None) or _hung_on(
        noun, tuple(sorted(_EMPLOYER_SLOTS)))


def _a_side_job(job: Arg) -> bool:
    """A job noun says more of the job than that it is the main one ("a weekend job", "a
    part-time job"; not "a new job", "a full-time position"), besides where it is."""
    hung = frozenset(w for s, v in job.mods or () if s.startswith("prep:") for w in v.split())
    return bool(job.words - hung - {job.head} - _JOBS - _MAIN_JOB)


def _teaches_at(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a holder teaches at, with no subject taught named ("teaches at Lincoln
    High School", "teaches at the University of York"), a name or a school of some kind: a
    ``weak`` value, since one may teach a class somewhere beside one's job ("teaches yoga
    at the gym" names no employer)."""
    x = c.arg("prep:at")
    if (c.predicate not in TEACHING_VERBS or c.negated or x is None or c.arg("obj")
            or not (is_kind_of(x.head, TEACHING_KIND, any_sense=True)
                    or _a_firm_name(x, names))):
        return None  # "teaches at the gym": a class, perhaps beside a job
    return Held("employer", x, x.words - {SELF}, weak=True)


def _for_a_living(c: Clause) -> Held | None:
    """The occupation a holder's work for a living names: the doer of its verb ("codes
    for a living": a coder, "teaches for a living": a teacher), a ``weak`` value, or its
    "as" ("makes a living as a carpenter", "earns her living as a translator": as plainly
    as "works as"); None where no trade's noun does the verb."""
    if c.negated or c.hypothetical or c.past:
        return None
    earned = c.arg("obj")
    if c.predicate in _EARNING_VERBS and earned is not None and earned.head == "living":
        x = c.arg("prep:as") or _hung_on(earned, ("prep:as",))
        return Held("occupation", x, x.words - {SELF}) if x is not None else None
    living = any(x.head == "living" and x.role == "prep:for" for x in c.args)
    # not what is done ("writes code for a living", "makes coffee for a living"): its doer
    # is no trade's name ("code writer") for another to differ from
    if not living or c.arg("prep:as") or c.arg("obj"):
        return None
    doer = _doer(c.predicate)
    if doer is None:
        return None
    return Held("occupation", Arg("prep:as", doer, frozenset({doer}), frozenset()),
                frozenset({doer}), weak=True)


_EARNING_VERBS = frozenset({"make", "earn"})


def _doer(verb: str) -> str | None:
    """The noun of one whose work is to do ``verb`` ("teach": teacher, "code": coder,
    "program": programmer), a kind of worker WordNet has (:data:`OCCUPATION_KINDS`), or
    None ("fix": a fixer is no trade, so "fixes cars" names none a mechanic could differ
    from)."""
    for noun in (f"{verb}er", f"{verb}r", f"{verb}{verb[-1:]}er"):
        if is_noun(noun) and _kind(noun, OCCUPATION_KINDS):
            return noun
    return None


def _an_employer(x: Arg, names: frozenset[str]) -> bool:
    """``x`` is of an employer's kind ("Lincoln High School") or a name that is no
    trade, place nor product ("KPMG"; not "Python")."""
    return bool(_kind(x.head, EMPLOYER_KINDS, any_sense=True)) or _a_firm_name(x, names)


def _hung_on(x: Arg, slots: tuple[str, ...]) -> Arg | None:
    """The phrase of one of ``slots`` the parse hung on ``x``, as an argument of its own."""
    found = next(((s, w) for slot in slots for s, w in sorted(x.mods or ())
                  if s == slot and w), None)
    if found is None:
        return None
    slot, words = found
    return Arg(slot, words.split()[-1], frozenset(words.split()), frozenset())


_WHEN_SLOTS = frozenset({"prep:in", "prep:since", "prep:on"})
_JOBS = frozenset({"job", "position", "role", "post"})
_TAKING_VERBS = frozenset({"take", "accept", "land", "get", "start"})
_HOLDING_VERBS = frozenset({"have", "hold"})
_MAIN_JOB = frozenset({"new", "full", "time", "full-time", "permanent"})


def _a_date(x: Arg) -> bool:
    """``x`` gives a year, a month or a day of the calendar."""
    return bool(x.words & _MONTH_WORDS) or any(
        len(w) >= 4 and w[:4].isdigit() for w in x.words | x.numbers)


_MONTH_WORDS = frozenset(MONTHS)


_NOW_WORDS = frozenset({"now", "currently", "still", "today"})


def _at_a_name(c: Clause, names: frozenset[str]) -> Held | None:
    """The employer a holder is at, a name no place, product nor runtime ("Lena is at
    Shopify"): a ``weak`` value. Not "with" a name, which may be a person's."""
    x = c.arg("prep:at")
    # "is at Deloitte now": a word of now (no words to the parse) says nothing besides
    besides = [y for y in c.args if y is not x and y.words - _NOW_WORDS]
    if (c.predicate != "be" or c.negated or x is None or besides
            or not _a_firm_name(x, names)):
        return None
    return Held("employer", x, x.words - {SELF}, weak=True)


def _occupation_of(predicate: str, x: Arg) -> Held | None:
    """The occupation an "as" on the employer of a work frame names, where the parse put
    it on the employer's noun ("works at a gas station as a cashier"), or None."""
    if (predicate, x.role) not in EMPLOYER_FRAMES | WORKPLACE_FRAMES:
        return None
    work = frozenset(w for slot, v in x.mods or () if slot == "prep:as" for w in v.split())
    return Held("occupation", x, work) if work else None


def _held_by_frame(predicate: str, x: Arg, names: frozenset[str]) -> Held | None:
    frame = (predicate, x.role)
    words = x.words - {SELF}
    # "moved to Vancouver" reads "is Vancouver" (nlp's normal form of a change): where one
    # lives now
    lives = frame in RESIDENCE_FRAMES or (frame == ("be", "attr") and not a_people(x.head))
    place = _kind(x.head, PLACE_KINDS, any_sense=True) if lives else None
    if place and product_name(x.words, x.head) is None:  # "T-Mobile" is no city of Mobile
        return _place("residence", x, place)
    if frame in WORKPLACE_FRAMES and x.head in INDUSTRY_WORDS:
        return None  # "works in tech": a field, not who employs the holder
    if frame in EMPLOYER_FRAMES or frame in WORKPLACE_FRAMES:
        # a name is an employer after "at", "for", "by"; "works in Boston" is a city
        named = frame in EMPLOYER_FRAMES and x.head in names
        whole = _whole(x) if x.head in EMPLOYER_PARTS else None
        head = whole or x.head
        employer = named or head in EMPLOYER_WORDS or _kind(head, EMPLOYER_KINDS,
                                                            any_sense=True)
        # a unit of an organization, not a name that WordNet has as one ("Siemens") nor
        # the government of a place ("the city council")
        part = whole is None and (x.head in EMPLOYER_PARTS or (
            is_kind_of(x.head, "unit") and not named and not x.words & GOVERNED_PLACES))
        return Held("employer", x, words) if employer and not part else None
    if frame in OCCUPATION_FRAMES:
        # "works as a barista", "as a liaison": the frame says it is an occupation, WordNet
        # need not know it as a person; not "works as a team"
        role = (is_kind_of(x.head, "person", any_sense=True)  # "a driver": some sense
                or not is_kind_of(x.head, "physical_entity"))
        return Held("occupation", x, words) if role and not is_kind_of(x.head, "group") \
            else None
    if predicate == "be" and x.role == "attr":
        named = any(slot == "prep:by" and v in OCCUPATION_NOUNS for slot, v in x.mods or ())
        if named:  # "a lumberjack by trade": said as plainly as "works as"
            return Held("occupation", x, words - OCCUPATION_NOUNS)
        # "a PM at Stripe": a role's initialism, which WordNet lacks (a chief officer's is a
        # title, for the title rules: "CTO of Brightline" / "CFO of Halvorsen Group")
        if ((_kind(x.head, OCCUPATION_KINDS) or x.head in ROLE_INITIALISMS)
                and x.head not in ANY_WORK_NOUNS
                and not words & PASTIME_WORDS):  # "a keen photographer": a pastime
            return Held("occupation", x, words, weak=True)
    if x.head in JOB_NOUNS:
        # "has a job at Nintendo": the employer is the noun's "at" or "for"; "a job as a
        # salesman": the occupation is its "as"
        at = {w for slot, v in x.mods or () if slot in _EMPLOYER_SLOTS for w in v.split()}
        if at and _a_side_job(x):
            return None  # "a weekend job at Capgemini": one beside the main job
        if at:
            return Held("employer", x, frozenset(at))
        work = {w for slot, v in x.mods or () if slot == "prep:as" for w in v.split()}
        if work:
            return Held("occupation", x, frozenset(work))
    if x.head in ONE_VALUE_NOUNS:
        value = words - {x.head} - (ATTRIBUTE_QUALIFIERS - QUALIFIER_VALUES.get(x.head, set()))
        return Held(_named(x.head), x, value) if value else None
    return None


def _compound_of(word: str, attribute: str) -> bool:
    """``word`` and the attribute's noun are one WordNet noun ("time zone"; a verb's lemma
    as its gerund: "operate" of "operating system"): the attribute's name, not its
    holder."""
    if " " in attribute:
        return False
    gerunds = (f"{word}ing", f"{word[:-1]}ing") if word.endswith("e") else (f"{word}ing",)
    return any(is_noun(f"{w}_{attribute}") for w in (word, *gerunds))


def _named(noun: str) -> str:
    """The attribute a noun names ("tier" and "subscription": plan)."""
    return ATTRIBUTE_NAMES.get(noun, noun)


def _whole(x: Arg) -> str | None:
    """The lemma of a workplace WordNet names by a compound of a part's noun ("post
    office", "law office": a whole employer, where "the Berlin office" is a part), or
    None."""
    for slot, word in x.mods or ():
        if slot == "compound" and is_noun(f"{word}_{x.head}"):
            return f"{word}_{x.head}"
    return None


def a_people(head: str) -> bool:
    """``head`` names a people or its language, not a place ("is French", "Swiss"; WordNet
    files "the French" under nation): a copula with it says no residence."""
    return is_kind_of(head, "nation", any_sense=True) or is_kind_of(
        head, "natural_language", any_sense=True)  # not "BASIC", a programming language


def _kind(head: str, kinds: tuple[str, ...], *, any_sense: bool = False) -> str | None:
    """The first of ``kinds`` that ``head`` is a kind of (WordNet), or None."""
    return next((k for k in kinds if is_kind_of(head, k, any_sense=any_sense)), None)


def place_kind(head: str) -> str | None:
    """The kind of place ``head`` names (:data:`PLACE_KINDS`, finest first: "city",
    "country"), or None."""
    return _kind(head, PLACE_KINDS, any_sense=True) if head else None


def other_values(x: Held, y: Held) -> bool:
    """``x`` and ``y`` are two values of one attribute: neither's words include the
    other's, and their heads are no synonyms and neither a kind of the other ("a big
    city" / "Paris" is one value said twice). Two ``weak`` values ("is a nurse" / "is a
    cook") are two values too, of which the caller is less sure."""
    if x.attribute != y.attribute:
        return False
    if x.attribute == "age":  # "31" / "in his 40s": the ages each allows do not meet
        s, t = age_span(x.value), age_span(y.value)
        if s is not None and t is not None:
            return s[1] < t[0] or t[1] < s[0]
    u, v = x.value, y.value
    if x.attribute == "currency" and _currencies(u | x.arg.words) & _currencies(v | y.arg.words):
        return False  # "pays in euros" / "the currency is EUR": one currency, two names
    if x.attribute in _ZONE_ATTRIBUTES and _one_zone(x, y):
        return False  # "Time zone: CET" / "the timezone is UTC+1": one zone, two names
    if x.attribute in _PRODUCT_ATTRIBUTES:  # "Postgres" / "PostgreSQL": one product
        u, v = _as_product(u), _as_product(v)
    if x.attribute == "occupation" and (_spelled_out(u, v) or _spelled_out(v, u)):
        return False  # "a PM at Stripe" / "a product manager at Stripe": one role
    if not u or not v or u <= v or v <= u:
        return False
    h, k = _head(x), _head(y)
    if h is None or k is None:
        return True
    return h == k or not one_noun(h, k)


def _spelled_out(u: frozenset[str], v: frozenset[str]) -> bool:
    """``u`` names a role by its initialism that ``v`` spells out (:data:`ROLE_INITIALISMS`,
    "pm": "product manager"), the rest of ``u`` within ``v``."""
    for short in u & ROLE_INITIALISMS.keys():
        rest = u - {short}
        if rest <= v and any(frozenset(name.split()) <= v for name in ROLE_INITIALISMS[short]):
            return True
    return False


_ZONE_ATTRIBUTES = frozenset({"zone", "time zone"})


def _one_zone(x: Held, y: Held) -> bool:
    """Both values name a time zone and the zones may be one
    (:func:`~reverie.text.zones.one_zone`: "PST" / "Pacific"; not "Mountain" /
    "Pacific")."""
    s, t = value_offsets(x.value), value_offsets(y.value)
    return bool(s and t) and one_zone(s, t)


def _currencies(value: frozenset[str]) -> frozenset[str]:
    """The ISO 4217 codes a currency value may name: its code, or the codes whose
    currency its words name ("euro": eur; "dollar": every dollar's; "US dollar": usd)."""
    codes = frozenset(
        code for word in value for code, names in CURRENCY_NAMES.items()
        if word == code or word in names)
    whose = {DOLLAR_COUNTRIES[w] for w in value if w in DOLLAR_COUNTRIES}
    return codes & whose if whose else codes


def _head(h: Held) -> str | None:
    """The word that names the value: the argument's head where it is part of the value
    (with the compound WordNet names by it: "a construction worker" is no receptionist's
    kind), else the value's one word ("Spanish" of "answers in Spanish")."""
    if h.arg.head in h.value:
        return _whole(h.arg) or h.arg.head
    return next(iter(h.value)) if len(h.value) == 1 else None
