"""The built-in qualification set (``qualification.jsonl`` beside this module), loaded once."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from reverie.handlers.dream.qualifying import QualItem, parse_items

SET_FILE = "qualification.jsonl"


@lru_cache(maxsize=1)
def builtin_set() -> tuple[QualItem, ...]:
    """Return the items of the qualification set shipped in the package."""
    text = resources.files(__package__).joinpath(SET_FILE).read_text(encoding="utf-8")
    return parse_items(json.loads(line) for line in text.splitlines() if line.strip())
