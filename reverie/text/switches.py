"""Whether a statement says a setting is switched on or off.

"is on", "enabled", "turned on", "switched on", "activated", "opted in", "set to on",
"Notifications: on" and "is open" say on; "is off", "disabled", "turned off",
"deactivated", "opted out", "is closed" and a key answered "no" ("Opted in: no") say off.
"on" and "off" are states only after a copula, a colon or a verb of switching, and where
no noun follows ("is on the Pro plan" says no state). A negation just before a
state ("is not enabled", "never turned on") turns it over, and is counted so that the
caller can tell it from a negation of anything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["SWITCH_WORDS", "Switch", "switch"]

SWITCH_WORDS = frozenset({
    "on", "off", "enable", "disable", "enabled", "disabled", "activate", "deactivate",
    "activated", "deactivated", "turn", "switch", "flip", "set", "opt", "stay", "remain",
    "keep", "toggle", "open", "close", "closed", "shut",
})
"""Lemmas that say a state or switch it, not which setting: left out of its words."""

# what may follow "on" / "off" as a state: the end, a punctuation mark, or a word that
# starts no noun phrase of its own ("dark mode is on in the app", "turned it off for now")
_AFTER = (r"(?=\s*$|\s*[.,;:!?)\]]|\s+(?:in|for|at|by|again|now|when|while|and|but|so|"
          r"because|as|since|from|on|everywhere|permanently|manually|automatically|"
          r"already|too|today|by default|during|until|unless|if|please|every|daily|all|"
          r"except|between|till|through)\b)")
_VERB = r"(?:turn|switch|flip|toggle)(?:s|ed|ing)?"
_COPULA = (r"(?:is|are|was|were|be|been|'s|’s|stays?|stayed|remains?|remained|set to|"
           r"kept|keep)")
_STATES = (
    # a verb of switching and its particle, next to it or after its object
    rf"\b{_VERB}\s+(?P<v1>on|off)\b",
    rf"\b{_VERB}\s+(?:[\w-]+\s+){{1,3}}?(?P<v2>on|off){_AFTER}",
    # a copula or a colon, and the state
    rf"(?:\b{_COPULA}|:)(?:n't|n’t|\s+not|\s+never)?\s*"
    rf"(?:(?:always|now|still|currently|usually)\s+)?(?P<c>on|off){_AFTER}",
    # a place or a thing open or closed ("the store is closed on Sundays", "the ticket is
    # open"), where no noun follows ("is open source" says no state)
    rf"\b{_COPULA}(?:n't|n’t|\s+not|\s+never)?\s*"
    rf"(?:(?:always|now|still|currently|usually)\s+)?(?P<o>open|closed|shut){_AFTER}",
    # verbs and participles that say it in one word
    r"\b(?P<w>(?:re-?)?enabl(?:e|es|ed|ing)|disabl(?:e|es|ed|ing)|activat(?:e|es|ed|ing)|"
    r"deactivat(?:e|es|ed|ing)|opt(?:s|ed)?\s+(?:in|out))\b",
)
_STATE = re.compile("|".join(_STATES), re.IGNORECASE)
# a key-value note that answers its key no ("Opted in to marketing emails: no")
_ANSWER_NO = re.compile(r":\s*(?:no|false)\W*$", re.IGNORECASE)
_NEGATION = re.compile(r"(?:\bnot|\bnever|n't|n’t)\s+(?:(?:be|been|being|yet|ever|really|"
                       r"always|got|get|gotten|have|has|had)\s+)*$", re.IGNORECASE)


@dataclass(frozen=True)
class Switch:
    """The one state a text gives a setting (True: on), and how many of its negations turn
    a state over."""

    on: bool
    negations: int
    said: str = field(default="", compare=False)
    """The words that say the state, as written ("turned off", "is closed")."""


def _on(word: str) -> bool:
    word = word.lower()
    return word in {"on", "open"} or word.startswith(
        ("enabl", "re-enabl", "reenabl", "activat")) or (
        word.startswith("opt") and word.endswith("in"))


@lru_cache(maxsize=8192)  # asked once per pair: a statement meets many others
def switch(text: str) -> Switch | None:
    """Return the state ``text`` says a setting is in ("Dark mode is on": on; "has 2FA
    turned off": off; "is not enabled": off), or None where it says none, or both."""
    states: set[bool] = set()
    negations, said = 0, ""
    for m in _STATE.finditer(text):
        group = m.lastgroup or ""
        on = _on(m.group(group))
        # a negation before the verb of switching ("never turned on"), before the state
        # after a copula ("isn't on") or before the one word ("is not enabled")
        end = m.start() if group in {"v1", "v2"} else m.start(group)
        if _ANSWER_NO.search(text, m.end()):
            on = not on  # "Opted in to marketing emails: no"
        if _NEGATION.search(text, max(0, end - 30), end):
            on, negations = not on, negations + 1
        states.add(on)
        said = m.group(0).strip()
    if len(states) != 1:
        return None
    return Switch(states.pop(), negations, said)
