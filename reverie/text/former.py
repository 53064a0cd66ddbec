"""Values said as where something was: named right after "from" ("moved from PST to
CET", "upgraded from Node 16 to 20", "switched billing from GBP to EUR")."""

from __future__ import annotations

import re

__all__ = ["named_after_from"]

_FROM_BEFORE = re.compile(r"\bfrom\s+(?:the\s+)?$", re.I)


def named_after_from(text: str, start: int) -> bool:
    """Whether the value at ``start`` of ``text`` is named right after "from" (or "from
    the"): a former value, not the present one."""
    return _FROM_BEFORE.search(text[:start]) is not None
