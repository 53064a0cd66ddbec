"""The dashboard's dead letters (issue #22), in process: ``/dlq`` groups what ``reverie dlq list``
groups, one entry at ``/dlq/{partition}/{offset}``, behind the credential of every content
page and only for a token of every scope."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from reverie.deadletters import MemoryDeadLetters
from reverie.errors import InvalidEvent
from reverie.metrics import metrics_for
from reverie.storage.tokens import mint
from reverie.streams.app import create_app
from reverie.streams.deadletter import RawMessage, dead_letter
from tests.fakes import T0, memory_app

DASH = "dash-token-0123456789"


def dead(value: bytes, reason: str, offset: int) -> dict[str, Any]:
    raw = RawMessage("reverie.notes", 0, offset, b"bot-a", value)
    return {**dead_letter(raw, reason, InvalidEvent(reason), T0), "consumer_group": "reverie"}


@pytest.fixture
async def served(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[dict[str, Any]]:
    """A worker app on memory storage with three dead letters (one carrying markup)."""
    reverie = memory_app(dashboard_token=DASH)
    queue = reverie.dead_letters
    assert isinstance(queue, MemoryDeadLetters) and reverie.tokens is not None
    queue.add(dead(b"<script>alert(1)</script>", "message is not JSON: Expecting value: "
                   "line 1 column 1 (char 0)", 1))
    queue.add(dead(b"{nope", "message is not JSON: Expecting property name", 2))
    queue.add(dead(b'{"schema_version": 2}', "schema_version 2 is newer than this consumer "
                   "supports (1); upgrade Reverie or publish version 1", 3))
    plain, record = mint(agent_id="bot-a", at=T0)
    await reverie.tokens.add(record)
    app = create_app(reverie.settings, reverie)
    monkeypatch.setattr(type(app.consumer), "assignment", lambda self: set())
    client = TestClient(TestServer(app.web.web_app))
    await client.start_server()
    try:
        yield {"client": client, "agent_token": plain, "reverie": reverie}
    finally:
        await client.close()
        await reverie.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", "Accept": "text/html"}


async def test_the_page_groups_dead_letters_by_reason_and_escapes_what_they_carry(served):
    answer = await served["client"].get("/dlq", headers=bearer(DASH))
    body = await answer.text()
    assert answer.status == 200
    assert "3 dead letters of consumer group reverie in 2 groups" in body
    rows = re.findall(r"<tr><td><span class=\"badge warn\">(\w+)</span></td><td>(\d+)</td>", body)
    assert rows == [("invalid_json", "2"), ("unsupported_version", "1")]  # one time: most first
    assert "<script>alert" not in body
    assert 'href="/dlq/0/2"' in body  # the latest of the group
    one = await served["client"].get("/dlq/0/0", headers=bearer(DASH))
    text = await one.text()
    assert one.status == 200 and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "reverie dlq redrive --entry 0:0" in text
    assert (await served["client"].get("/dlq/0/9", headers=bearer(DASH))).status == 404


async def test_the_page_filters_like_the_command(served):
    client = served["client"]
    body = await (await client.get("/dlq?reason=unsupported_version",
                                   headers=bearer(DASH))).text()
    assert "1 dead letters" in body and "invalid_json" not in body.split("<table")[1]
    body = await (await client.get("/dlq?consumer_group=other", headers=bearer(DASH))).text()
    assert "No dead letters of consumer group other match." in body
    wrong = await client.get("/dlq?since=yesterday", headers=bearer(DASH))
    assert wrong.status == 400 and "not a time" in await wrong.text()


async def test_only_a_token_of_every_scope_reads_dead_letters(served):
    client = served["client"]
    for path in ("/dlq", "/dlq/0/0"):
        assert (await client.get(path, headers={"Accept": "text/html"})).status == 401
        refused = await client.get(path, headers=bearer(served["agent_token"]))
        assert refused.status == 403 and "alert" not in await refused.text()
    runs = await (await client.get("/", headers=bearer(DASH))).text()
    assert 'href="/dlq"' in runs
    scoped = await (await client.get("/", headers=bearer(served["agent_token"]))).text()
    assert 'href="/dlq"' not in scoped


async def test_metrics_count_dead_letters_by_class_only(served):
    metrics = metrics_for(served["reverie"])
    metrics.observe_dead(dead(b"x", "note 'n-secret' is not known", 4) | {
        "error": "UnknownEntity", "reason_kind": "unknown_note"})
    body = await (await served["client"].get("/metrics")).text()
    labels = set(re.findall(r'reverie_dlq_total\{reason_kind="([^"]+)"\} (\S+)', body))
    assert ("unknown_note", "1.0") in labels and ("invalid_json", "0.0") in labels
    assert "n-secret" not in body
