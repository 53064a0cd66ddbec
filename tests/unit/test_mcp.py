"""The MCP tools in-process (the SDK's own client): scope binding, token, tool behaviour."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client

from reverie.domain.events import parse_event
from reverie.handlers.digest import build_digest
from reverie.mcpserver import LocalBackend, McpScope, build_server
from tests.fakes import envelope, memory_app, note_data

AGENT = "support-bot"


class Published:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, event_type: str, data: dict[str, Any]) -> dict[str, Any]:
        self.events.append((event_type, data))
        return {"event_id": f"e-{len(self.events)}", "occurred_at": "2026-03-01T09:00:00Z"}


@pytest.fixture
async def app() -> Any:
    reverie = memory_app()
    assert reverie.bus is not None
    for note_id, text, extra in [
        ("n-units", "Acme uses metric units in all shipping quotes.", {"company_id": "acme"}),
        ("n-short", "The user prefers concise answers.", {"company_id": "acme",
                                                         "user_id": "u-ann"}),
        ("n-ben", "Ben wants invoices by email.", {"company_id": "acme", "user_id": "u-ben"}),
        ("n-other", "Globex ships from Rotterdam.", {"company_id": "globex"}),
    ]:
        assert not await reverie.bus.handle([parse_event(json.dumps(envelope(
            "note.created", note_data(note_id, text, agent_id=AGENT, **extra))))])
    yield reverie
    await reverie.close()


def server(app: Any, scope: McpScope, published: Published | None = None) -> Any:
    return build_server(LocalBackend(app, published or Published()), scope, token="t0k3n")


def text(result: Any) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def data(result: Any) -> Any:
    assert not result.is_error, text(result)
    return result.structured_content.get("result", result.structured_content) \
        if result.structured_content else json.loads(text(result))


async def test_the_seven_tools_are_listed_with_descriptions(app: Any) -> None:
    async with Client(server(app, McpScope(AGENT))) as client:
        tools = (await client.list_tools()).tools
    assert {t.name for t in tools} == {"memory_digest", "search_memory", "remember",
                                      "note_history", "review_queue", "resolve_review",
                                      "request_dream"}
    assert all(t.description and len(t.description) > 60 for t in tools)


async def test_digest_matches_the_cli_digest_and_search_finds_by_meaning(app: Any) -> None:
    async with Client(server(app, McpScope(AGENT, "acme", "u-ann"))) as client:
        digest = text(await client.call_tool("memory_digest", {"agent_id": AGENT}))
        hits = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "metric units shipping quotes", "limit": 5}))
    assert digest == await build_digest(AGENT, notes=app.notes, user_id="u-ann",
                                        company_id="acme")
    ids = [h["note_id"] for h in hits]
    assert ids[0] == "n-units" and "n-ben" not in ids and "n-other" not in ids


@pytest.mark.parametrize("tool,args", [
    ("memory_digest", {"agent_id": "other-bot"}),
    ("memory_digest", {"agent_id": AGENT, "company_id": "globex"}),
    ("search_memory", {"agent_id": AGENT, "query": "q", "user_id": "u-ben"}),
    ("remember", {"agent_id": AGENT, "text": "t", "company_id": "globex"}),
    ("review_queue", {"agent_id": "other-bot"}),
    ("request_dream", {"agent_id": "other-bot"}),
    ("note_history", {"note_id": "n-ben"}),
    ("note_history", {"note_id": "n-other"}),
])
async def test_a_call_outside_the_bound_scope_is_refused(app: Any, tool: str,
                                                         args: dict[str, Any]) -> None:
    published = Published()
    async with Client(server(app, McpScope(AGENT, "acme", "u-ann"), published)) as client:
        result = await client.call_tool(tool, args)
    assert result.is_error
    assert "refused" in text(result) or "no note" in text(result)
    assert "Ben" not in text(result) and "Globex" not in text(result)
    assert published.events == []


async def test_remember_publishes_note_created_in_the_bound_scope(app: Any) -> None:
    published = Published()
    async with Client(server(app, McpScope(AGENT, "acme", "u-ann"), published)) as client:
        answer = data(await client.call_tool("remember", {
            "agent_id": AGENT, "text": "Ann is on holiday until May.", "note_type": "Context"}))
        dream = data(await client.call_tool("request_dream", {"agent_id": AGENT,
                                                              "dry_run": True}))
    [(kind, body), (dream_kind, dream_body)] = published.events
    assert kind == "note.created" and body["note_id"] == answer["note_id"]
    assert (body["agent_id"], body["company_id"], body["user_id"]) == (AGENT, "acme", "u-ann")
    assert dream_kind == "dream.requested" and dream_body["dry_run"] is True
    assert dream["event_id"] == "e-2"


async def test_note_history_and_review_queue_inside_the_scope(app: Any) -> None:
    async with Client(server(app, McpScope(AGENT, "acme"))) as client:
        note = data(await client.call_tool("note_history", {"note_id": "n-ben"}))
        queue = data(await client.call_tool("review_queue", {"agent_id": AGENT}))
    assert note["text"] == "Ben wants invoices by email." and note["status"] == "Active"
    assert queue == []


async def test_an_agent_wide_server_searches_what_its_digest_lists(app: Any) -> None:
    """Issue #22 item 4: ``reverie mcp --agent support-bot``, no company given: the digest
    lists every company's shared notes, and search_memory finds them (it answered [])."""
    async with Client(server(app, McpScope(AGENT))) as client:
        digest = text(await client.call_tool("memory_digest", {"agent_id": AGENT}))
        units = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "metric units shipping quotes", "limit": 5}))
        rotterdam = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "Globex ships from Rotterdam", "limit": 5}))
        everything = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "metric units shipping quotes", "limit": 50}))
    assert "n-units" in digest and "n-other" in digest
    assert units[0]["note_id"] == "n-units" and rotterdam[0]["note_id"] == "n-other"
    # the same notes as the digest: shared ones only, no user's
    assert {h["note_id"] for h in everything} == {"n-units", "n-other"}


async def test_a_company_server_never_finds_another_companys_notes(app: Any) -> None:
    async with Client(server(app, McpScope(AGENT, "acme"))) as client:
        digest = text(await client.call_tool("memory_digest", {"agent_id": AGENT}))
        hits = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "Globex ships from Rotterdam", "limit": 50}))
        refused = await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "Globex ships from Rotterdam", "company_id": "globex"})
    assert {h["note_id"] for h in hits} == {"n-units"} and "n-units" in digest
    assert "Globex" not in digest and refused.is_error and "Globex" not in text(refused)
