"""The versions of software a statement says are in use: "runs Python 3.9", "is on Node
20", "PostgreSQL 15", "Java 21", "macOS 14".

A version is a product the vocabulary knows
(:data:`~reverie.text.vocabulary.products.VERSIONED_PRODUCTS`, each as one name:
"Postgres" is PostgreSQL, "Node.js" Node) followed by a number ("v5.0", "3.12", "20").
A version with a bound is none in use ("Java 17 or later", "Python 3.10+", "at least iOS
16", "minimum"), and neither is one after "from" ("upgraded from Node 16 to 20": 20).
A name that is an English word besides ("node", "go", "swift") is read in lower case only
after a word of use ("on node 20", "runs go 1.22").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.former import named_after_from
from reverie.text.vocabulary.products import RELEASE_NAMES, VERSIONED_PRODUCTS

__all__ = ["Version", "versions", "versions_apart"]


@dataclass(frozen=True)
class Version:
    """A product (its one name) at a version (as written, without a leading "v")."""

    product: str
    number: str
    said: str
    # where or for what, said right after it ("Node 18 in the legacy app": "legacy app")
    scope: frozenset[str] = frozenset()

    def one_with(self, other: Version) -> bool:
        """One version: the same number, or one a prefix of the other ("3" / "3.12")."""
        mine, theirs = self.number.split("."), other.number.split(".")
        n = min(len(mine), len(theirs))
        return mine[:n] == theirs[:n]


_NAMES = sorted(VERSIONED_PRODUCTS, key=len, reverse=True)
_NAME = r"(?P<name>" + "|".join(re.escape(n) for n in _NAMES) + r")"
# a part of the product that has versions of its own ("the iOS app 4.2" is not iOS 4.2)
_PART = r"(?:\s+(?P<part>app|client|sdk|cli|server|agent|driver|plugin|extension))?"
_NUMBER = r"v?(?P<number>\d+(?:\.\d+){0,2})(?P<plus>\+)?(?![\w.]*\d)"
_VERSION = re.compile(
    r"(?<![\w.])" + _NAME + _PART
    # "Node version pinned to 18", "iOS app version in use: 4.2"
    + r"(?:\s+version(?:\s+(?:is|pinned|set|locked|fixed|to|in|use|currently|now|at))*"
    r"\s*[:=]?)?\s*" + _NUMBER, re.I)
# "version 4.2 of the SDK", "running 4.6 of the iOS app": the number before the name
_VERSION_OF = re.compile(
    r"(?<![\w.])(?:(?:version\s+|v)(?P<number>\d+(?:\.\d+){0,2})|"
    r"(?P<dotted>\d+\.\d+(?:\.\d+)?))\s+of\s+(?:the\s+|their\s+|our\s+|its\s+)?"
    + _NAME + _PART + r"\b(?P<plus>)", re.I)
# "Kestrel's Node runtime is 18", "the Kubernetes cluster runs 1.27", "Terraform is pinned
# to 1.5": the number after a noun of what runs it or a verb that fixes it
_VERSION_IS = re.compile(
    r"(?<![\w.])" + _NAME + _PART + r"(?:\s+(?:runtime|cluster|install|installation|toolchain|"
    r"binary|engine)\s*(?:\bis\s+(?:on|at)\b|\bis\b|\bruns\b|:)|\s+(?:(?:is|are)\s+)?"
    r"(?:pinned|set|locked|fixed|held)\s+(?:to|at))\s*" + _NUMBER
    # a count after it is none ("the Kubernetes cluster is 3 nodes")
    + r"(?=\s*(?:$|[.,;:)!?]|(?:in|on|for|and|but|since|now|as|with|at|until|today|"
    r"currently)\b))", re.I)
# "the mobile app is at version 5.1", "the current mobile app version is 5.4", "the v1
# API": a thing the vocabulary does not know, named by its words
_THING_VERSION = re.compile(
    r"(?:^|\b)(?<!')(?:(?:the|our|their|its)\s+)?(?:current\s+|latest\s+)?(?P<thing>(?:[a-z][\w-]*\s+)"
    r"{0,2}(?:app|api|sdk|client|firmware|plugin|extension|schema|protocol|model|template|"
    r"library|package|driver))"
    # "... is at version 5.1", "... version is 5.4", "Client library: v1.4", "client
    # library version 2.0"
    r"(?:\s+(?:is|runs)\s+(?:at|on)\s+version|\s+version\s+(?:is|:)|\s*:\s*(?:version\s+)?|"
    r"\s+version)\s*" + _NUMBER
    + r"|\bv(?P<vnumber>\d+(?:\.\d+)?)\s+(?P<vthing>api|sdk|app|client|endpoints?|schema|"
    r"protocol)\b(?P<vplus>)"
    # "is on build 4410", "uses release 12": the holder's own release
    r"|\b(?:on|uses?|using|runs?|running|at)\s+(?:the\s+)?(?P<gthing>release|build)\s+"
    r"v?(?P<gnumber>\d+(?:\.\d+){0,2})\b"
    # "version 4.2 of our SDK", "v2 of our API", "uses SDK 5.0": a dotted number after the
    # thing's noun
    r"|\b(?:version\s+v?|v)(?P<onumber>\d+(?:\.\d+){0,2})\s+of\s+(?:(?:the|our|their|its)\s+)?"
    r"(?P<othing>(?:[a-z][\w-]*\s+){0,2}?(?:app|api|sdk|cli|client|firmware|plugin|"
    r"extension|schema|protocol))\b"
    # "SDK 5.0", "API v3": a dotted number, or one written with "v"
    r"|\b(?P<nthing>api|sdk|cli)\s+(?:v(?P<wnumber>\d+(?:\.\d+){0,2})|"
    r"(?P<nnumber>\d+\.\d+(?:\.\d+)?))(?![\w.]*\d)", re.I)
# "macOS Ventura", "Ubuntu Jammy (22.04)": a release named by a word, after the product
_RELEASE = re.compile(
    r"(?<![\w.])(?P<name>mac\s*os(?:\s+x)?|os\s+x|ubuntu|debian)\s+(?P<release>"
    + "|".join(sorted((re.escape(r) for names in RELEASE_NAMES.values() for r in names),
                      key=len, reverse=True)) + r")\b", re.I)
_SCOPE = re.compile(r"\s+(?:in|on|for)\s+(?:the|our|their|its|his|her|my|a|an)\s+"
                    r"((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)", re.I)
_BOUND_BEFORE = re.compile(r"\b(?:at\s+least|minimum|min\.?|above|below|before|after|"
                           r"up\s+to|newer\s+than|older\s+than|>=?|<=?)\s*$", re.I)
_BOUND_AFTER = re.compile(r"^\s*(?:or\s+(?:later|newer|higher|above|up|earlier|older|lower)|"
                          r"and\s+(?:up|above|later|newer)|\+)", re.I)
_WORDS_BESIDES = frozenset({"node", "go", "swift", "rust", "ruby", "java", "dart", "windows",
                            "maven", "spring boot", "docker", "jira"})
_USING = frozenset({"use", "uses", "using", "used", "run", "runs", "running", "call",
                    "calls", "on", "with", "is", "are", "has", "have"})
_USED_BEFORE = re.compile(r"\b(?:on|runs?|running|ran|uses?|using|used|calls?|to|with|in|is|are|"
                          r"upgraded|migrated|moved|switched)\s+$", re.I)


@lru_cache(maxsize=1 << 14)
def versions(text: str) -> tuple[Version, ...]:
    """Every version ``text`` says is in use, in order (bounded ones and former ones left
    out)."""
    found = []
    matches = _unoverlapped(sorted((*_VERSION.finditer(text), *_VERSION_OF.finditer(text),
                                    *_VERSION_IS.finditer(text)),
                                   key=lambda m: (m.start(), -m.end())))
    for m in matches:
        before, after = text[:m.start()], text[m.end():]
        if (m.group("plus") or _BOUND_BEFORE.search(before) or _BOUND_AFTER.match(after)
                or named_after_from(text, m.start())):
            continue
        name = m.group("name")
        if (name.lower() in _WORDS_BESIDES and name.islower()
                and not _USED_BEFORE.search(before) and m.re is _VERSION
                and text[m.start("number") - 1:m.start("number")].lower() != "v"):
            continue  # "node 3 is down": a cluster's node; "on node 20", "node v18" is Node
        product = VERSIONED_PRODUCTS[name.lower()]
        if m.group("part"):
            product = f"{product} {m.group('part').lower()}"
        number = m.group("number") or m.group("dotted")
        scope = _SCOPE.match(after)
        found.append(Version(product, number, m.group(0).strip(), frozenset(
            scope.group(1).lower().split()) if scope else frozenset()))
    if not found:
        found = [v for m in _RELEASE.finditer(text) if (v := _release(text, m))]
    if not found:
        found = [v for m in _THING_VERSION.finditer(text) if (v := _thing_version(text, m))]
    return tuple(found)


def _release(text: str, m: re.Match[str]) -> Version | None:
    """The version a release's word names ("macOS Ventura": macOS 13), or None where it is
    another product's word or a release of before."""
    name = re.sub(r"\s+", " ", m.group("name").lower())
    product = "macos" if name.startswith(("mac", "os x")) else name
    number = RELEASE_NAMES[product].get(m.group("release").lower())
    if number is None or named_after_from(text, m.start()):
        return None
    return Version(product, number, m.group(0).strip())


def _unoverlapped(matches: list[re.Match[str]]) -> list[re.Match[str]]:
    """The matches in order, each starting after the one kept before it ends."""
    kept: list[re.Match[str]] = []
    for m in matches:
        if not kept or m.start() >= kept[-1].end():
            kept.append(m)
    return kept


def _thing_version(text: str, m: re.Match[str]) -> Version | None:
    """The version of a thing named by its words ("the mobile app", "the v2 API"), or
    None where it is bounded or former."""
    after = text[m.end():]
    if (m.group("plus") or _BOUND_AFTER.match(after) or _BOUND_BEFORE.search(text[:m.start()])
            or named_after_from(text, m.start())):
        return None
    if m.group("wnumber") and not _USED_BEFORE.search(text[:m.start()]):
        return None  # "The API v3 is deprecated": that version, not the one in use
    thing = (m.group("thing") or m.group("vthing") or m.group("gthing") or m.group("othing")
             or m.group("nthing"))
    number = (m.group("number") or m.group("vnumber") or m.group("gnumber")
              or m.group("onumber") or m.group("nnumber") or m.group("wnumber"))
    # "our v3 endpoints" are the v3 API's
    words = re.sub(r"\bendpoints?\b", "api", thing.lower()).split()
    while len(words) > 1 and words[0] in _USING:
        words.pop(0)  # "They use client library version 2.0": the client library
    product = " ".join(words)
    return Version(product, number, m.group(0).strip())


def versions_apart(a: str, b: str) -> tuple[Version, Version] | None:
    """The one version of one product each text gives, when they cannot be one ("Node
    18" / "Node 20"), else None (none, another product, or several versions)."""
    x, y = versions(a), versions(b)
    if len(x) != 1 or len(y) != 1 or x[0].product != y[0].product:
        return None
    return None if x[0].one_with(y[0]) else (x[0], y[0])
