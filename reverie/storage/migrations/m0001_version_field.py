"""Migration 1: every document gets the version field.

Documents written before issue #22 carry no ``_v``; their shape is today's, so the upgrade
only stamps the version (the runner sets it). Needed by every deployment older than #22.
"""

from __future__ import annotations

from reverie.storage.migrations.base import Doc, Migration

COLLECTIONS: tuple[str, ...] = (
    "notes",
    "examples",
    "changes",
    "agents",
    "sessions",
    "tombstones",
    "pending_deletions",
    "events_seen",
    "runs",
    "run_steps",
    "leases",
    "review_pairs",
    "judgments",
    "judge_qualifications",
    "access_tokens",
    "web_sessions",
    "rate_events",
    "dlq_redrives",
)


def unchanged(doc: Doc) -> Doc:
    """Return the document as it is: only its version changes."""
    return doc


MIGRATIONS: tuple[Migration, ...] = tuple(
    Migration(1, name, "stamp the version field", unchanged) for name in COLLECTIONS
)
