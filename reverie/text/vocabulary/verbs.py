"""Verbs known by name: light verbs, attitudes and their opposites, changes, past-tense cues."""

from __future__ import annotations

import re

__all__ = [
    "ACTIVE_ONLY_VERBS",
    "ATTITUDE_ADJECTIVES",
    "ATTITUDE_VERBS",
    "BELIEF_VERBS",
    "BUYING_VERBS",
    "CHANGE_VERBS",
    "CONSUMING_VERBS",
    "ED_NOT_PAST",
    "ENDING_VERBS",
    "EVENT_VERBS",
    "EXPIRING_VERBS",
    "FORMERLY",
    "FORMER_KEY_QUALIFIERS",
    "FORMER_PERSON_QUALIFIERS",
    "FORMER_QUALIFIERS",
    "HEDGES",
    "INTENT_VERBS",
    "IRREGULAR_PAST",
    "LIGHT_VERBS",
    "LOSING_VERBS",
    "MODALS",
    "NOT_PAST_AFTER",
    "OPPOSITE_VERBS",
    "PARTITIVES",
    "REMOVING_VERBS",
    "SAME_IN_PAST",
    "SELLING_VERBS",
    "SEVERAL_FRAMES",
    "STIMULUS_VERBS",
    "STOPPING_VERBS",
    "TRIAL_VERBS",
]

LIGHT_VERBS = frozenset(
    {"be", "have", "use", "want", "need", "like", "prefer", "get", "make", "keep", "do"}
)
"""Verbs that say little on their own ("have", "use", "prefer")."""

ATTITUDE_VERBS = frozenset(
    ["like", "love", "enjoy", "prefer", "adore", "want", "favor", "favour", "appreciate"]
)
"""Lemmas of a positive attitude: all one predicate, "like"."""

OPPOSITE_VERBS: dict[str, str] = {
    "dislike": "like",
    "hate": "like",
    "detest": "like",
    "loathe": "like",
    "despise": "like",
    "avoid": "like",
    "disable": "enable",
    "forbid": "allow",
    "prohibit": "allow",
    "disallow": "allow",
    "reject": "accept",
    "decline": "accept",
    "exclude": "include",
    "stop": "continue",
    "quit": "continue",
    "lack": "have",
}
"""A lemma and the predicate it negates ("hate" is "like" negated)."""

ENDING_VERBS: dict[str, frozenset[str]] = {
    "leave": frozenset({"obj"}),
    "quit": frozenset({"obj"}),
    "resign": frozenset({"prep:from", "prep:as"}),
    "retire": frozenset({"prep:from", "prep:as"}),
    "cancel": frozenset({"obj"}),
    "divorce": frozenset({"obj"}),
    "ditch": frozenset({"obj"}),
    "drop": frozenset({"obj"}),
    "abandon": frozenset({"obj"}),
    "sell": frozenset({"obj"}),
    "uninstall": frozenset({"obj"}),
    "unsubscribe": frozenset({"prep:from"}),
    "lay off": frozenset({"prep:from"}),
    "fire": frozenset({"prep:from"}),
    "graduate": frozenset({"prep:from"}),
    "move off": frozenset({"obj"}),
    "migrate off": frozenset({"obj"}),
}
"""Verbs that end what their holder had, by the argument role that names it: "left
Tessel", "cancelled Spotify Premium", "was laid off from Meta", "retired from the
clinic", "moved off Postgres"."""

EXPIRING_VERBS = frozenset({"end", "expire", "finish", "lapse", "conclude", "close"})
"""Verbs by which a thing ends of itself, its subject what ends: "when summer ends", "the
trial expires on Friday"."""

EVENT_VERBS = {"start": "start", "begin": "start", "commence": "start", "end": "end",
               "finish": "end", "expire": "end", "conclude": "end", "lapse": "end",
               "renew": "renew"}
"""Verbs of a thing's one start, end or renewal in its cycle, each to the event it says
("the fiscal year begins in April": start): a thing has one date for each ("ends in June" /
"ends in December" cannot both hold)."""

LOSING_VERBS = frozenset({"die", "pass", "leave", "divorce", "lose", "kill", "disown"})
"""Verbs by which a holder no longer has a relative ("my grandfather passed away", "my
husband left"): said in the past, the relative is not had now."""

BELIEF_VERBS = frozenset({"assume", "think", "believe", "guess", "suppose", "imagine",
                          "expect", "presume"})
"""Verbs of holding something true that may not be ("everyone thinks i'm the intern",
"people assume i'm the doctor"): what they take is no fact about the holder."""

REMOVING_VERBS = frozenset({"remove", "extract", "amputate", "sell", "steal", "scrap",
                            "repossess"})
"""Verbs by which a holder no longer has a thing they had done to it ("had their appendix
removed", "got the old car scrapped"): said in the past, the thing is not had now."""

HAVING_VERBS = frozenset({"have", "own", "keep", "rent", "lease", "run", "open", "maintain"})
"""Verbs of having a thing: one may have any number of a kind ("has an office in Berlin" /
"has an office in Lisbon" are two offices)."""

CONSUMING_VERBS = frozenset(["drink", "eat", "take", "have", "consume", "smoke"])
"""Verbs of taking something in: "does not drink coffee" denies having an espresso."""

PARTITIVES = frozenset(
    re.findall(
        r"\S+",
        """glass cup mug bottle can pint shot sip bowl plate slice piece bite serving
        portion spoonful handful dose""",
    )
)
"""Nouns that measure out what follows "of": "a glass of red wine" is wine."""

ATTITUDE_ADJECTIVES: dict[str, tuple[str, bool]] = {
    "keen": ("on", True),
    "fond": ("of", True),
    "crazy": ("about", True),
    "passionate": ("about", True),
    "enthusiastic": ("about", True),
    "afraid": ("of", False),
    "scared": ("of", False),
    "terrified": ("of", False),
    "frightened": ("of", False),
    "tired": ("of", False),
    "sick": ("of", False),
}
"""An adjective of attitude, the preposition of its object, and whether it is for (True:
"keen on X" likes X) or against ("afraid of X" does not like X)."""

STIMULUS_VERBS: dict[str, bool] = {
    **dict.fromkeys(re.findall(r"\S+", """amuse calm captivate charm comfort delight energize
        energise entertain excite fascinate inspire interest intrigue please relax soothe
        thrill"""), True),
    **dict.fromkeys(re.findall(r"\S+", """aggravate anger annoy bore bother bug confuse
        depress disappoint disgust drain embarrass frighten frustrate horrify infuriate
        intimidate irk irritate nauseate overwhelm repel repulse sadden scare sicken terrify
        unnerve upset worry"""), False),
    **dict.fromkeys(["stress out", "freak out", "gross out", "creep out", "put off",
                     "turn off", "stress"], False),
}
"""Verbs whose object feels what the subject stirs (Levin's *amuse* verbs), and whether the
feeling is for it (True: "jazz relaxes Dana", Dana likes jazz) or against it ("spiders
scare the user", the user does not like spiders)."""

CHANGE_VERBS = frozenset(
    [
        "raise",
        "increase",
        "decrease",
        "reduce",
        "lower",
        "cut",
        "bump",
        "upgrade",
        "downgrade",
        "move",
        "change",
        "switch",
        "update",
        "extend",
        "shorten",
        "migrate",
        "relocate",
        "rebrand",
        "rename",
        "reassign",
        "promote",
        "set",
        "lift",
        "become",
    ]
)
"""Lemmas that change a value: "X was raised to V" / "upgraded X to V" make X be V, and
"became a nurse" makes its subject be one."""

IRREGULAR_PAST = frozenset(
    re.findall(
        r"\S+",
        """was were had did didn't wasn't weren't hadn't said told met went came sent made
    took gave got saw heard left paid bought sold wrote spoke ran began chose found forgot
    broke held brought thought felt lost won knew became flew drove fell grew hung kept led
    meant rang rose sat slept stood stuck swore taught threw understood woke wore""",
    )
)
"""Past-tense forms that do not end in "-ed"."""

SAME_IN_PAST = frozenset(
    re.findall(
        r"\S+",
        """bet broadcast burst cast cost cut fit hit hurt let put quit read rid set shed shut
    split spread thrust upset""",
    )
)
"""Verbs whose past tense is spelled as their base form: a tag of past tense on any other
verb's base form ("the servers run Debian") is the tagger's slip."""

ED_NOT_PAST = frozenset(
    re.findall(
        r"\S+",
        """interested detailed advanced automated based related limited unlimited preferred
    dedicated experienced sophisticated complicated skilled organized tired bored excited
    worried concerned supposed red bed shed need speed embed seed feed indeed""",
    )
)
"""Words ending in "-ed" that are no past tense: adjectives ("detailed") and others ("need")."""

NOT_PAST_AFTER = frozenset(
    re.findall(
        r"\S+",
        """is are am be been being get gets getting very more most so too the a an feel feels
    seem seems become becomes not remain remains stay stays""",
    )
)
"""Words after which an "-ed" word is an adjective or participle, not a past tense."""

MODALS = frozenset(
    ["can", "could", "may", "might", "would", "should", "will", "shall", "ca", "wo", "'ll"]
)
"""Auxiliaries of what may or will hold, not what holds ("can be a pilot", "will be
moving"; "ca" and "wo" are how the tokenizer splits "can't" and "won't")."""

INTENT_VERBS = frozenset({"plan", "intend", "aim", "mean", "hope", "expect", "schedule",
                          "prepare", "propose"})
"""Verbs of a change meant, not made ("plans to upgrade the SDK to 3.0", "intends to move
to Lisbon"): the value before it still holds."""

TRIAL_VERBS = frozenset({"test", "try", "trial", "pilot", "evaluate", "consider", "weigh",
                         "compare", "explore"})
"""Verbs of trying or weighing a value ("is testing SDK 4.0", "is evaluating the Pro plan",
"is trying out Linux"): not in use yet, so the value in use still holds beside it."""

HEDGES = frozenset(["maybe", "perhaps", "possibly", "hopefully", "probably"])
"""Adverbs that leave a statement open ("maybe i can be a pilot")."""

FORMERLY = frozenset(["previously", "formerly", "once", "originally", "earlier"])
"""Adverbs of what held before and may hold no more ("was previously billed in euros")."""

FORMER_QUALIFIERS = frozenset({"former", "previous", "prior", "ex"})
"""Adjectives of a value that held before ("Former employer: Deloitte", "the user's
previous address", "Ex-employer: Google")."""

FORMER_PERSON_QUALIFIERS = FORMER_QUALIFIERS | {"retired"}
"""The same of a person who was one before: "a retired teacher" is a former one."""

FORMER_KEY_QUALIFIERS = FORMER_QUALIFIERS | {"old"}
"""The same in a key, where "old" is a former one too ("Old address: ..."); before a noun
that names no key "old" may be its age ("my old car")."""

SELLING_VERBS = frozenset({"bill", "invoice", "charge"})
"""Verbs whose subject is paid: "bills its customers in euros" (the seller), "is invoiced
in dollars" (the buyer, said passively)."""

ACTIVE_ONLY_VERBS = frozenset({"work", "live", "reside", "stay", "study", "teach", "serve",
                               "volunteer", "intern"})
"""Verbs of where or as what one was whose participle opening a note is its past, never a
passive of now ("Worked at Google", "Lived in Berlin", "Studied at MIT"; not "Based in
Berlin", "Employed at Google", which say what holds)."""

BUYING_VERBS = frozenset({"pay"})
"""Verbs whose subject pays: "pays in euros" (the buyer), "is paid in dollars" (the
seller, said passively)."""

STOPPING_VERBS = frozenset({"stop", "quit"})
"""Lemmas by which a holder ended a doing ("stopped using Windows", "quit drinking coffee"):
with a thing it was done to, that doing denied now."""

SEVERAL_FRAMES = frozenset({
    ("accept", "obj"), ("accept", "prep:in"), ("work", "prep:with"), ("work", "prep:on"),
    ("collaborate", "prep:with"), ("partner", "prep:with"), ("integrate", "prep:with"),
    ("support", "obj"), ("ship", "prep:to"), ("sell", "obj"), ("sell", "prep:to"),
    ("serve", "obj"), ("offer", "obj"), ("report", "prep:on"), ("study", "obj"),
    ("learn", "obj"), ("teach", "obj"), ("speak", "obj"), ("know", "obj"), ("own", "obj"),
    ("maintain", "obj"),
    # things done from time to time: one does several ("cooks Italian food" / "... Indian
    # food", "travels to Berlin for work" / "... to Paris")
    ("cook", "obj"), ("travel", "prep:to"), ("visit", "obj"), ("watch", "obj"), ("read", "obj"),
    ("listen", "prep:to"), ("collect", "obj"), ("volunteer", "prep:at"), ("play", "obj"),
    # what one takes, eats or drinks: several ("takes vitamin D" / "takes magnesium")
    ("take", "obj"), ("eat", "obj"), ("drink", "obj"),
})
"""(predicate, role) that take several values at once ("accepts payment in USD" /
"... in EUR", "works on the billing service" / "... on the search service", "works with
the sales team" / "... with the support team", "studies Latin" / "studies Greek", "owns the
billing service" / "owns the checkout service"):
another value is one more, not another."""
