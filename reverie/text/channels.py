"""The channels a statement chooses to reach its holder by and the ones it turns down:
"Preferred contact: phone", "Best way to reach her is WhatsApp", "Only reach Calloway by
email", "Don't email him", "never reads email", "Prefers email over calls".

Channels are read by name (:data:`~reverie.text.vocabulary.channels.CHANNEL_NAMES`, each
as the channel it is: "mobile" is a phone). A channel is chosen when its clause says so
(a word of :data:`~reverie.text.vocabulary.channels.CHOICE_WORDS`: "prefers", "only",
"best"; a verb of reaching with its channel: "reach her on WhatsApp"; a key: "Contact:
phone"), and turned down when a denial comes shortly before it in its clause, with only
words of reaching someone between ("never email", "no calls", "blocks Teams", "doesn't
check her Slack", "doesn't want calls or chat"; not "don't share her email", nor "never
call her cell", one address of it), or when it follows a chosen one after "over",
"rather than", "instead of" or a preference's "to" ("prefers a call to a text"). A
channel both turned down and chosen or named otherwise in one statement ("never texts,
answers WhatsApp") is neither.
A word that names a channel and something else too ("call", "text", "post") counts only
beside a word of reaching someone ("by phone", "text him";
:data:`~reverie.text.vocabulary.channels.COMMON_CHANNELS`); a name that is a common word
too counts only capitalised, and "Teams", "Meet" and "Signal" not first in a sentence
("Teams meet on Mondays"). A channel said of some times or cases only ("don't call after
6pm", "a call before any deploy", "call if urgent") or of before ("used to prefer phone
calls", "switched from email to Slack") is neither; one said as a second value
("Secondary contact channel: email", "by post as well"), after "in" (a scope: "dates as
DD/MM/YYYY in emails") or after a quality of messages ("short emails": how to write, not
where) is not chosen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reverie.text.clauses import clause_around
from reverie.text.former import named_after_from, said_before
from reverie.text.seconds import a_second
from reverie.text.vocabulary.channels import (
    CAPITALISED_CHANNELS,
    CHANNEL_AFTER,
    CHANNEL_ALIKE,
    CHANNEL_BEFORE,
    CHANNEL_KEYS,
    CHANNEL_NAMES,
    CHOICE_WORDS,
    COMMON_CHANNELS,
    MESSAGE_QUALITIES,
    REACH_VERBS,
    REACHING_WORDS,
    REFUSAL_WORDS,
    TEXT_BEFORE,
    VERB_LIKE_CHANNELS,
)

__all__ = ["CHANNEL_WORDS", "Channels", "channels", "channels_alike", "channels_named_apart",
           "turned_down"]

CHANNEL_WORDS = frozenset(w for name in CHANNEL_NAMES for w in re.findall(r"[a-z]+", name))
"""Every word of a channel's name ("slack", "desk", "line")."""

_NAME = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(CHANNEL_NAMES, key=len,
                                                                  reverse=True))
                   + r")\b", re.I)
_WORD = re.compile(r"[\w'-]+")
_DENIED_BEFORE = re.compile(
    r"(?:\bnot|n't|\bnever|\bno|\b(?:" + "|".join(sorted(REFUSAL_WORDS)) + r"))"
    r"\s+(?:(?:" + "|".join(sorted(REACHING_WORDS | CHANNEL_WORDS | {"or", "and", "nor"}))
    # the holder's name between ("Do not message Priya on WhatsApp")
    + r"|(?-i:[A-Z][a-z]+))[\s,]+){0,5}$", re.I)
# "hates phone calls and wants texts": a verb of choice after "and" is a new predicate,
# not denied ("doesn't call or text" is)
_AND_CHOOSES = re.compile(r"\band\s+(?:only\s+|really\s+)?(?:wants?|likes?|prefers?|uses?|"
                          r"loves?|asks?\s+for|answers?|reads?|checks?)\b", re.I)
_THAN_BEFORE = re.compile(r"\b(?:over|rather\s+than|instead\s+of|than)\s+(?:[\w-]+\s+){0,2}$",
                          re.I)
_WHEN_AFTER = re.compile(r"\b(?:after|before|during|until|unless|while|when|outside|if|"
                         r"on\s+weekends?|at\s+night|in\s+the\s+(?:morning|evening)s?|"
                         r"today|tonight|this\s+week)\b", re.I)
_PREFERRED_TO = re.compile(r"\bprefer\w*\b.*\bto\s+(?:an?\s+|the\s+)?$", re.I)
_ADDRESS_AFTER = re.compile(r"\s+(?:[\w-]+'s|his|her|their|my|your|the)\s+(?:[\w-]+\s+)?"
                            r"(?:cell|mobile|phone|line|number|address|email|inbox|account)\b",
                            re.I)
_SCOPE_OR_QUALITY_BEFORE = re.compile(
    r"(?:\bin\s+(?:(?:the|a|an|all|any|his|her|their|my|your|our|[\w-]+'s)\s+)?"
    r"|\b(?:" + "|".join(sorted(MESSAGE_QUALITIES)) + r")\s+)$", re.I)
_CHOICE = re.compile(
    r"\b(?:" + "|".join(sorted(CHOICE_WORDS)) + r")\b"
    r"|\b(?:" + "|".join(sorted(REACH_VERBS)) + r")\b(?:\s+[\w'.-]+){0,3}?\s+"
    r"(?:by|via|on|through|over|at)\b"
    r"|\b(?:" + "|".join(sorted(CHANNEL_KEYS)) + r")\w*\s*:"
    # "Send Omar's updates to his email": an order of where to deliver
    r"|\b(?:send|forward|deliver)\b(?:\s+[\w'.-]+){0,3}?\s+to\s+(?:his|her|their|[\w-]+'s)\b"
    # "Email is the way to reach Dana", "uses Telegram for all communication": the one way
    r"|\bthe\s+(?:way|channel|method)\s+to\s+(?:reach|contact)\s+"
    r"(?:him|her|them|me|us|(?-i:[A-Z])[\w-]*)\b(?!['’]s)"
    r"|\bfor\s+(?:all|every|any)\s+(?:communications?|contact|correspondence|messages?)\b",
    re.I)
# a sentence's start, where a verb-like name is the verb ("Signal the team", "Meet her");
# not after a key's colon ("Preferred channel: Signal")
_VERB_START = re.compile(r"(?:^|[.!?;]\s+|\n)\s*$")


@dataclass(frozen=True)
class Channels:
    """The channels a statement chooses and turns down (by the channel each is)."""

    chosen: frozenset[str]
    refused: frozenset[str]
    named: frozenset[str] = frozenset()
    """Channels named otherwise, neither chosen nor turned down, by a name that is no
    common word too ("alerts go to Slack"; not "describe it in text")."""

    def one(self) -> str | None:
        """The one channel chosen, or None (none, or two: "Slack or email")."""
        return next(iter(self.chosen)) if len(self.chosen) == 1 else None


def turned_down(chosen: frozenset[str], refused: frozenset[str]) -> frozenset[str]:
    """The ``chosen`` channels that ``refused`` turns down: the same channel, or a phone
    and a call ("best reached by phone" / "never call")."""
    return frozenset(c for c in chosen for r in refused
                     if c == r or {c, r} == {"phone", "call"})


def channels_alike(x: str, y: str) -> bool:
    """Whether channels ``x`` and ``y`` may be one ("a call" / "Zoom", "sms" / "WhatsApp")."""
    return x == y or y in CHANNEL_ALIKE.get(x, ()) or x in CHANNEL_ALIKE.get(y, ())


def _reaching(text: str, m: re.Match[str]) -> bool:
    """The common word at ``m`` names a channel: a word of reaching someone is beside it."""
    if text[:m.start()].rstrip().endswith(":"):
        return True  # "Preferred contact: phone"
    before = _WORD.findall(text[:m.start()])
    after = _WORD.findall(text[m.end():])
    # "prefers text answers" is of a format; "answers texts", plural, are messages
    words = TEXT_BEFORE if m.group(1).lower() == "text" else CHANNEL_BEFORE
    return bool((before and before[-1].lower() in words)
                or (after and after[0].lower() in CHANNEL_AFTER)
                or _told_to_reach(m.group(1), before, after))


def _told_to_reach(word: str, before: list[str], after: list[str]) -> bool:
    """A channel's verb told of a name ("Don't text Omar", "never call Dana", "Text Ines
    first"): an order to reach someone by it."""
    return (word.lower() in _REACHING_VERBS and bool(after) and after[0][:1].isupper()
            and (not before or before[-1].lower() in _ORDER_BEFORE
                 or before[-1].lower().endswith(("n't", "n’t"))))


_REACHING_VERBS = frozenset({"text", "call", "phone", "ring"})
_ORDER_BEFORE = frozenset({"not", "never", "please", "always", "only"})


@lru_cache(maxsize=1 << 14)
def channels(text: str) -> Channels:
    """Read the channels ``text`` chooses and turns down; remembered per text."""
    chosen: set[str] = set()
    refused: set[str] = set()
    named: set[str] = set()
    plain: set[str] = set()  # of named, by a name that is no common word too
    for m in _NAME.finditer(text):
        word = m.group(1)
        if word.lower() in CAPITALISED_CHANNELS and (
                not word[:1].isupper() or (word.lower() in VERB_LIKE_CHANNELS
                                           and _VERB_START.search(text, 0, m.start()))):
            continue  # "teams", "signal", "Meet her in person": not the app
        if word.lower() in COMMON_CHANNELS and not _reaching(text, m):
            continue  # "an API call", "plain text"
        start, end = clause_around(text, m.start(), m.end())
        before, clause = text[start:m.start()], text[start:end]
        channel = CHANNEL_NAMES[word.lower()]
        if (_WHEN_AFTER.search(text[m.end():end]) or said_before(before)
                or named_after_from(text, m.start())):
            continue  # "don't call after 6pm", "a call before any deploy": of some times
        denial = _DENIED_BEFORE.search(before)
        if denial and not _AND_CHOOSES.search(before, denial.start()):
            if not _ADDRESS_AFTER.match(text, m.end()):
                refused.add(channel)  # not "never call her cell": one address of it
        elif (_THAN_BEFORE.search(before) or _PREFERRED_TO.search(before)) and _NAME.search(
                before):
            refused.add(channel)  # "prefers email over calls"
        elif (_CHOICE.search(clause) and not a_second(before, clause)
              and not _SCOPE_OR_QUALITY_BEFORE.search(before)):
            chosen.add(channel)
        else:
            named.add(channel)
            if word.lower() not in COMMON_CHANNELS:  # "in text": maybe no channel at all
                plain.add(channel)
    # a channel both turned down and chosen or named otherwise, or one that may be it
    # ("never texts, answers WhatsApp"): neither said of the channel as a whole
    said = chosen | named
    return Channels(frozenset(chosen - refused), frozenset(
        r for r in refused if not any(channels_alike(r, c) for c in said)),
        frozenset(plain - refused - chosen))


def channels_named_apart(a: str, b: str) -> tuple[str, str] | None:
    """The one channel each text names, chosen or not, when the two cannot be one
    ("Notifications go to Priya's email" / "Priya gets notifications by SMS"), else None
    (none, two in one text, or one channel)."""
    x, y = channels(a), channels(b)
    mine, theirs = x.chosen | x.named, y.chosen | y.named
    if len(mine) != 1 or len(theirs) != 1 or x.refused or y.refused:
        return None
    one, other = next(iter(mine)), next(iter(theirs))
    return None if channels_alike(one, other) else (one, other)
