"""The MCP server with the SDK's own client, over stdio (``reverie mcp``) and over HTTP
(``/mcp`` on a worker), on the real Kafka, FerretDB and embedded Qdrant."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from reverie.domain.events import TOPIC_NOTES
from reverie.storage.tokens import MongoTokens, mint
from tests.fakes import envelope, note_data
from tests.integration.harness import ROOT, Worker, wait_for

pytestmark = pytest.mark.integration
AGENT, COMPANY, TOKEN = f"mcp-{uuid.uuid4().hex[:6]}", "acme", "mcp-test-token"


def text(result: Any) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def data(result: Any) -> Any:
    assert not result.is_error, text(result)
    found = result.structured_content
    return found.get("result", found) if found else json.loads(text(result))


@pytest.fixture(scope="module")
async def mcp_worker(services, kafka, mongo, tmp_path_factory) -> AsyncIterator[Worker]:
    """A worker serving /mcp bound to AGENT and COMPANY, with a dashboard token."""
    worker = Worker(services, tmp=tmp_path_factory.mktemp("mcp"), extra={
        "REVERIE_MCP_ENABLED": "true", "REVERIE_MCP_AGENT_ID": AGENT,
        "REVERIE_MCP_COMPANY_ID": COMPANY, "REVERIE_DASHBOARD_TOKEN": TOKEN})
    worker.start()
    try:
        await worker.ready()
        for note_id, text_, extra in [
            ("n-units", "Acme uses metric units in all shipping quotes.", {}),
            ("n-ann", "Ann prefers concise answers.", {"user_id": "u-ann"}),
        ]:
            await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
                f"{AGENT}-{note_id}", text_, agent_id=AGENT, company_id=COMPANY, **extra)),
                AGENT)
        db = mongo[worker.database]
        await wait_for(lambda: db.notes.count_documents({"agent_id": AGENT}), 240, 0.5,
                       "the MCP worker's first notes")
        yield worker
    finally:
        worker.stop()


def stdio(worker: Worker, *bind: str) -> Client:
    env = {**worker.process_env(), "REVERIE_LOG_FORMAT": "json"}  # the token: to search
    return Client(StdioServerParameters(
        command=sys.executable, args=["-m", "reverie.cli.main", "mcp", "--agent", AGENT, *bind],
        env=env, cwd=str(ROOT)))


def http(worker: Worker, token: str | None) -> Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return Client(streamable_http_client(f"http://127.0.0.1:{worker.port}/mcp",
                                         http_client=create_mcp_http_client(headers=headers)))


async def remember_then_find(client: Client, words: str) -> dict[str, Any]:
    stored = data(await client.call_tool("remember", {
        "agent_id": AGENT, "company_id": COMPANY, "note_type": "Preference",
        "text": f"The customer wants {words} on every invoice."}))

    async def found() -> Any:
        hits = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": f"{words} invoice", "limit": 5}))
        return [h for h in hits if h["note_id"] == stored["note_id"]]

    [hit] = await wait_for(found, 60, 0.5, "the remembered note in search_memory")
    assert hit["note_type"] == "Preference" and hit["company_id"] == COMPANY
    return stored


async def test_stdio_remember_search_digest_and_scope(mcp_worker):
    async with stdio(mcp_worker, "--company", COMPANY) as client:
        await remember_then_find(client, "purchase order numbers")
        digest = text(await client.call_tool("memory_digest", {"agent_id": AGENT}))
        other = await client.call_tool("memory_digest", {"agent_id": "another-agent"})
        tenant = await client.call_tool("search_memory", {
            "agent_id": AGENT, "company_id": "globex", "query": "units"})
    cli = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "reverie.cli.main", "digest", "--agent", AGENT, "--company",
         COMPANY], env=mcp_worker.process_env(), cwd=ROOT, capture_output=True, text=True,
        timeout=60, check=True)
    assert digest == cli.stdout and "purchase order numbers" in digest
    assert other.is_error and "bound to agent" in text(other)
    assert tenant.is_error and "company 'globex'" in text(tenant)


async def test_stdio_bound_to_a_user_refuses_another_user(mcp_worker):
    async with stdio(mcp_worker, "--company", COMPANY, "--user", "u-ann") as client:
        refused = await client.call_tool("memory_digest", {"agent_id": AGENT,
                                                           "user_id": "u-ben"})
        mine = text(await client.call_tool("memory_digest", {"agent_id": AGENT}))
    assert refused.is_error and "user 'u-ben'" in text(refused)
    assert "Ann prefers concise answers." in mine


def post_mcp(worker: Worker, token: str | None) -> tuple[int, str]:
    """POST to /mcp (a body the gate answers before MCP sees it); return status and body."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"http://127.0.0.1:{worker.port}/mcp", data=b"{}",
                                     headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


async def test_http_needs_a_token_covering_the_servers_scope(mcp_worker, mongo):
    store = MongoTokens(mongo[mcp_worker.database])
    made = {}
    for name, company, read_only in (("reader", COMPANY, True), ("globex", "globex", False)):
        plain, record = mint(agent_id=AGENT, company_id=company, read_only=read_only)
        await store.add(record)
        made[name] = plain
    status, body = await asyncio.to_thread(post_mcp, mcp_worker, None)
    assert status == 401 and "Ann" not in body
    status, body = await asyncio.to_thread(post_mcp, mcp_worker, made["globex"])
    assert status == 403 and "outside the scope" in body
    async with http(mcp_worker, made["reader"]) as client:
        refused = await client.call_tool("remember", {"agent_id": AGENT, "text": "x"})
        dream = await client.call_tool("request_dream", {"agent_id": AGENT})
        hits = data(await client.call_tool("search_memory", {
            "agent_id": AGENT, "query": "metric units shipping"}))
    assert refused.is_error and "read-write" in text(refused)
    assert dream.is_error
    assert hits and hits[0]["note_id"] == f"{AGENT}-n-units"
    async with http(mcp_worker, TOKEN) as client:
        stored = await remember_then_find(client, "VAT ids")
        history = data(await client.call_tool("note_history", {"note_id": stored["note_id"]}))
        wrong = await client.call_tool("review_queue", {"agent_id": "another-agent"})
    assert history["status"] == "Active" and history["text"].endswith("VAT ids on every invoice.")
    assert wrong.is_error and "bound to agent" in text(wrong)
