"""One answer to one question, whatever the door (issue #22, item 4).

The digest and search of a binding (agent; agent and company; agent, company and user;
agent and user) show the same notes: both ask :func:`reverie.handlers.readscope.read_scopes`.
Over the in-memory fakes, with every note the same text (one vector): a search with a
large ``k`` returns every note its scopes see, which must be the digest's notes.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from reverie.domain.events import parse_event
from reverie.handlers.digest import build_digest
from reverie.handlers.ports import SearchScope
from reverie.handlers.readscope import read_scopes, search_scopes
from reverie.mcpserver import LocalBackend
from tests.fakes import envelope, memory_app, note_data

AGENT = "a-1"
TEXT = "Customer prefers invoices in euros, sent on the first of the month."
NOTES = {  # note id -> (agent, company, user)
    "wide": (AGENT, None, None),
    "acme": (AGENT, "acme", None),
    "globex": (AGENT, "globex", None),
    "ann": (AGENT, "acme", "u-ann"),
    "ann-wide": (AGENT, None, "u-ann"),
    "gus": (AGENT, "globex", "u-gus"),
    "other-agent": ("a-2", "acme", None),
}
BINDINGS = {  # (company, user) -> what the digest and search of that binding show
    (None, None): {"wide", "acme", "globex"},
    ("acme", None): {"acme"},
    ("globex", None): {"globex"},
    ("acme", "u-ann"): {"acme", "ann"},
    (None, "u-ann"): {"wide", "acme", "ann", "ann-wide"},
    (None, "u-gus"): {"globex", "gus"},
}


async def noted() -> Any:
    app = memory_app()
    assert app.bus is not None
    for note_id, (agent, company, user) in NOTES.items():
        extra = {k: v for k, v in (("company_id", company), ("user_id", user)) if v}
        assert not await app.bus.handle([parse_event(json.dumps(envelope(
            "note.created", note_data(note_id, TEXT, agent_id=agent, **extra))))])
    return app


@pytest.fixture
async def app() -> AsyncIterator[Any]:
    reverie = await noted()
    yield reverie
    await reverie.close()


def digest_ids(digest: str) -> set[str]:
    return set(re.findall(r"\(note: \[([^\]]+)\]", digest))


@pytest.mark.parametrize("binding", list(BINDINGS), ids=lambda b: f"{b[0]}-{b[1]}")
async def test_digest_and_search_of_a_binding_show_the_same_notes(
    app: Any, binding: tuple[str | None, str | None]
) -> None:
    company, user = binding
    digest = await build_digest(AGENT, notes=app.notes, company_id=company, user_id=user)
    backend = LocalBackend(app, publish=None)  # type: ignore[arg-type]
    found = await backend.search(AGENT, company, user, TEXT, 50)
    assert digest_ids(digest) == BINDINGS[binding], digest
    assert {note_id for note_id, _ in found} == BINDINGS[binding]


async def test_an_agent_wide_binding_finds_the_shared_notes_of_every_company(app: Any) -> None:
    """The issue's case: without a company, search sees what the digest lists."""
    scopes = await read_scopes(app.notes, AGENT, None, None)
    [vector] = await app.embedder.embed([TEXT])
    hits = await search_scopes(app.index, vector, scopes, 10)
    assert {h.note_id for h in hits} == {"wide", "acme", "globex"}
    # the old scope, exactly (no company, no user), saw only the agent-wide note
    old = await app.index.search(vector, SearchScope(AGENT, None, None), 10)
    assert [h.note_id for h in old] == ["wide"]


@pytest.mark.parametrize("company", ["acme", "globex"])
async def test_a_company_binding_never_sees_another_companys_notes(app: Any, company: str) -> None:
    other = {"acme": "globex", "globex": "acme"}[company]
    for user in (None, "u-ann", "u-gus"):
        scopes = await read_scopes(app.notes, AGENT, company, user)
        assert all(s.company_id == company and not s.any_company and s.exact_scope
                   for s in scopes)
        digest = await build_digest(AGENT, notes=app.notes, company_id=company, user_id=user)
        [vector] = await app.embedder.embed([TEXT])
        hits = {h.note_id for h in await search_scopes(app.index, vector, scopes, 50)}
        seen = digest_ids(digest) | hits
        assert not seen & {other, "gus" if company == "acme" else "ann", "wide", "ann-wide"}
        assert digest_ids(digest) == hits


async def test_a_users_binding_never_sees_another_users_notes(app: Any) -> None:
    for company in (None, "acme", "globex"):
        scopes = await read_scopes(app.notes, AGENT, company, "u-ann")
        [vector] = await app.embedder.embed([TEXT])
        hits = {h.note_id for h in await search_scopes(app.index, vector, scopes, 50)}
        assert "gus" not in hits and "other-agent" not in hits
