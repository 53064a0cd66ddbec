"""Function words the judges read: the note's holder, negators, additives, exceptions, filler."""

from __future__ import annotations

__all__ = [
    "ADDITIONAL",
    "ADDITIVE",
    "CONDITION_WORDS",
    "EXCEPT",
    "FILLER",
    "INCLUDING_VERBS",
    "LIGHT_NOUNS",
    "NEGATION_CUES",
    "NEGATORS",
    "OPENING_ADVERBS",
    "OTHER_ONE",
    "PART_WORDS",
    "SCOPE_DETERMINERS",
    "SECOND_VALUE_WORDS",
    "SELF_POSSESSIVES",
    "SELF_WORDS",
    "THIRD_PERSONS",
]

SELF_WORDS = frozenset(
    ["i", "me", "myself", "we", "us", "user", "customer", "client", "buyer", "they", "he", "she"]
)
"""Words for the speaker or the user a memory is about."""

THIRD_PERSONS = frozenset(["he", "she", "they"])
"""The words of :data:`SELF_WORDS` that may stand for anyone named before them ("my brother
is younger than me, he's 29")."""

LIGHT_NOUNS = frozenset(["thing", "stuff", "anything", "everything", "something"])
"""Nouns that name nothing of their own: "dislikes things that are blue" rates blue."""

PART_WORDS = frozenset(["most", "some", "half", "many", "few", "several", "part", "majority",
                        "minority", "rest", "none", "each", "one"])
"""Heads of a subject that is a part of a group ("Most of the team uses macOS", "Half of
the staff"): what it holds is not the group's."""

SELF_POSSESSIVES = frozenset(["my", "our", "their", "his", "her"])
"""Possessive determiners of the speaker or the user ("my car", "her dog")."""

SCOPE_DETERMINERS = frozenset(["the", "this", "that", "these", "those", "its", "your",
                               *SELF_POSSESSIVES])
"""Determiners before a noun that names one thing: after a key's preposition, a scope ("role
in the Umbrella workspace: Admin"), where a bare noun is a state ("version in use: 3.3")."""

NEGATORS = ("never", "no", "none", "nothing", "nobody", "neither", "nor")
"""Words that negate what they go with, "not" aside."""

NEGATION_CUES = ("not", *NEGATORS, "cannot", "without")
"""Whole words that make a text negated (with "n't")."""

ADDITIVE = frozenset({"also", "too", "additionally"})
"""Words that add a value to one already held ("also speaks French")."""

INCLUDING_VERBS = frozenset({"include", "comprise"})
"""Lemmas by which a statement names some of several ("her languages include Spanish"):
one more value, as :data:`ADDITIVE` says."""

ADDITIONAL = frozenset({"another", "second", "third", "additional", "extra", "other"})
"""Determiners and adjectives of an argument that add one more of a thing ("a second
office", "another account")."""

SECOND_VALUE_WORDS = ADDITIONAL | frozenset({
    "secondary", "backup", "fallback", "alternate", "alternative", "spare", "failover",
    "standby", "emergency", "also", "too"})
"""Words of a value held beside the main one ("Secondary contact channel: email", "Backup
region: US"): a second value, not another first."""

OTHER_ONE = ADDITIONAL | frozenset(
    {"old", "new", "former", "previous", "prior", "next", "upcoming", "future", "last"}
)
"""Modifiers that pick out another one of a kind than the bare noun ("Dana's old account",
"Sam's next project"): a subject with one is not the subject without it."""

EXCLUSIVE = frozenset({"only", "exclusively", "solely"})
"""Adverbs that make the value they go with the only one ("only uses macOS", "uses Windows
exclusively", "notify me only by email")."""

NO_SCOPE = frozenset({
    "now", "currently", "still", "today", "actually", "really", "definitely", "always",
    "usually", "be", "have", "do", "new", "current", "latest", "recent", "recently"})
"""Words of time or emphasis beside a value that name no scope of it ("is now 3",
"the new limit is 5"): left out when two statements' other words are compared
(``frames._two_scopes``)."""

OPENING_ADVERBS = frozenset({
    "also", "still", "now", "just", "only", "often", "never", "always", "usually",
    "sometimes", "rarely", "mostly", "then", "later", "soon", "already", "recently", "once",
    "again", "hardly", "seldom"})
"""Adverbs a note may open with before its verb ("Always replies in French", "Still lives
in Oslo"): no name the parse misread (``nlp._misread_name``)."""

SOLE = frozenset({"only", "sole", "single"})
"""Adjectives that make their noun the only one of its kind ("my only pet", "her sole
employer", "a single bike")."""

EXCEPT = frozenset({"except", "minus", "excluding"})
"""Words after which what follows is denied ("all genres except country music")."""

FILLER = frozenset(
    {
        "a",
        "an",
        "the",
        "is",
        "are",
        "was",
        "were",
        "be",
        "to",
        "of",
        "and",
        "or",
        "for",
        "in",
        "on",
        "at",
        "by",
        "with",
    }
)
"""Words a statement can gain or lose and still say the same."""

CONDITION_WORDS = frozenset({
    "when", "whenever", "while", "unless", "if", "except", "during", "outside", "abroad",
    "internally", "externally", "personally", "professionally", "privately", "socially",
})
"""Words of a condition or of the sphere a wish or a way to reach someone holds in ("when
traveling", "unless it's urgent", "internally"): said on one side only, a scope of it."""
