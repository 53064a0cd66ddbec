"""What each event does: plain async functions over storage ports, no Kafka imports.

:data:`HANDLERS` maps event types to handlers that take one event,
:data:`BATCH_HANDLERS` to handlers that take a run of consecutive events of that
type (redelivered ones included: they ask the ``ledger`` themselves, issue #12),
:data:`INDEX_HANDLERS` names the handlers that keep a worker's own vector index
in step with the partitions it owns (``reverie.changes``, rebalances). Dependencies
are keyword-only parameters named after the ports; the composition root
(:mod:`reverie.bootstrap`) binds them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from reverie.domain.events import (
    AgentConfigured,
    DreamRequested,
    DreamRollback,
    EntityDeleted,
    EntityDisabled,
    Envelope,
    ExampleAccessed,
    ExampleCreated,
    NoteAccessed,
    NoteCreated,
    SessionEnded,
)
from reverie.handlers.dream.rollback import rollback_requested
from reverie.handlers.dream.runner import run_requested_dream
from reverie.handlers.ingest import (
    configure_agent,
    count_session,
    record_example_access,
    record_note_access,
    store_example,
    store_notes,
)
from reverie.handlers.ownership import apply_changes, rebuild_partitions
from reverie.handlers.pruning import prune_entity

Handler = Callable[..., Awaitable[Any]]
"""What a handler is: an async function of the event (or a run of events) and its
ports, passed as keyword-only arguments."""

HANDLERS: dict[type[Envelope], Handler] = {
    NoteAccessed: record_note_access,
    ExampleCreated: store_example,
    ExampleAccessed: record_example_access,
    SessionEnded: count_session,
    EntityDeleted: prune_entity,
    EntityDisabled: prune_entity,
    AgentConfigured: configure_agent,
    DreamRequested: run_requested_dream,
    DreamRollback: rollback_requested,
}

BATCH_HANDLERS: dict[type[Envelope], Handler] = {
    NoteCreated: store_notes,
}

INDEX_HANDLERS: dict[str, Handler] = {
    "changes": apply_changes,
    "rebuild": rebuild_partitions,
}
