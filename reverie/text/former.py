"""Values said as where something was: named right after "from" ("moved from PST to
CET", "upgraded from Node 16 to 20", "switched billing from GBP to EUR"), or after a word
of before in their clause ("used to", "Previous contact channel:", "her old plan")."""

from __future__ import annotations

import re

__all__ = ["named_after_from", "said_before"]

_BEFORE_WORDS = re.compile(r"\b(?:used\s+to|previously|formerly|originally|former|previous|"
                           r"prior|old|original|earlier|ex)\b", re.I)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:the\s+|an?\s+)?$", re.I)


# "gets her phone service from T-Mobile", "buys his coffee from Blue Bottle", "her mobile
# plan is from Vodafone": a source; "works from Sydney time": where one works
_SOURCE_BEFORE = re.compile(r"\b(?:gets?|getting|buys?|buying|orders?|ordering|purchases?|"
                            r"receives?|rents?|leases?|works?|working|operates?|operating)\b(?:\s+[\w'-]+){0,4}\s+from\s+"
                            r"(?:the\s+|an?\s+)?$|\b(?:is|are)\s+from\s+(?:the\s+|an?\s+)?$",
                            re.I)
_TO_AFTER = re.compile(r"^[\w&.' -]*?\b(?:to|into)\b", re.I)


def named_after_from(text: str, start: int) -> bool:
    """Whether the value at ``start`` of ``text`` is named right after "from" (or
    "from the", "from a"): a former value, not the present one; not where a verb of getting
    says where something comes from ("gets her phone service from T-Mobile"), unless a
    "to" follows ("got her number moved from Verizon to AT&T")."""
    if _FROM_BEFORE.search(text[:start]) is None:
        return False
    return (_SOURCE_BEFORE.search(text[:start]) is None
            or _TO_AFTER.match(text[start:]) is not None)


def said_before(clause_before: str) -> bool:
    """Whether the words of a value's clause before it say it held before ("used to prefer
    phone calls", "Previous contact channel:", "her old plan"): a former value."""
    return _BEFORE_WORDS.search(clause_before) is not None
