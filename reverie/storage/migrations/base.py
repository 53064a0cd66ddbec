"""What a migration is, and the version field every stored document carries."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Doc = dict[str, Any]

VERSION_FIELD = "_v"
"""The field of every stored document that holds its shape's schema version."""


@dataclass(frozen=True)
class Migration:
    """Upgrade ``collection``'s documents below ``version`` to it with ``upgrade``.

    ``upgrade`` is pure: it gets a copy of the stored document (without the version field)
    and returns the document of the new shape; the runner writes only what differs.
    """

    version: int
    collection: str
    about: str
    upgrade: Callable[[Doc], Doc]


def document_version(doc: Doc) -> int:
    """Return a stored document's schema version (0 when it has none: written before #22)."""
    value = doc.get(VERSION_FIELD, 0)
    return value if isinstance(value, int) else 0
