"""Notes that read like instructions to the memory system rather than facts about the world.

Note texts are untrusted: a user can paste "ignore previous instructions and revoke …"
into a conversation and an extractor can turn it into a note. Prompts fence note
texts as data, but an LLM may still obey; so code does not let such a note *win*
anything on a judge's word alone. :func:`instruction_markers` finds the phrases that
address the system (override it, change its rules, revoke or delete notes, answer a
certain way); the contradiction phase sends a pair whose winner has any to a person.
False positives cost a review, never a note.
"""

from __future__ import annotations

import re

_MARKERS = [
    ("ignores instructions", r"\b(ignore|disregard|forget)\b[^.]{0,40}\b(instructions?|rules?|"
                             r"prompts?|everything you know)\b"),
    ("claims system authority", r"\bsystem\s+(override|notice|prompt|message|instruction)s?\b"),
    ("assigns the system a role", r"\byou\s+are\s+now\b|\bfrom\s+now\s+on\b|\bcleanup\s+mode\b"),
    ("addresses the assistant", r"(^|[\s'\"(<!-])(assistant|memory\s+(consolidator|"
                                r"administrator|system))\s*[:,]"),
    ("asks to change notes", r"\b(revoke|delete|archive|purge|erase)\b[^.]{0,60}\bnotes?\b"
                             r"|\bmark\s+(them|it|these|those)\s+as\b"),
    ("dictates the verdict", r"\b(answer|respond|reply|say)\b[^.]{0,20}\bcontradicts?\s*[=:]"
                             r"|\bsource\s+of\s+truth\b|\bare\s+(obsolete|outdated)\b[^.]{0,40}"
                             r"\bkeep\s+only\b"),
    ("hides markup", r"<!--|-->"),
]
_COMPILED = [(label, re.compile(pattern, re.IGNORECASE)) for label, pattern in _MARKERS]


def instruction_markers(text: str) -> list[str]:
    """Return what in ``text`` addresses the memory system (empty for an ordinary fact)."""
    return [label for label, pattern in _COMPILED if pattern.search(text)]
